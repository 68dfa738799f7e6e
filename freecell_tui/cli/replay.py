"""``freecell-tui replay``: check a list of moves against the rules from a deal or a position, or
read a game code."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from freecell_tui.cli import COMMAND_HELP, fail
from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.codes import BadCode, decode
from freecell_tui.core.deals import deal, parse_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move, solution_words
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL
from freecell_tui.core.words import deal_phrase, plural, printable, shorten
from freecell_tui.files import TEXT_LIMIT, InputError, read_input, read_text

if TYPE_CHECKING:
    from freecell_tui.store import Par


def add_parser(subparsers: Any) -> None:
    from freecell_tui.cli import add_data_dir_option, add_variant_options

    parser = subparsers.add_parser(
        "replay",
        help=COMMAND_HELP["replay"],
        description=(
            "Read whitespace-separated moves in standard notation (fc-solve's -snx output is fine) "
            "from MOVES_FILE or standard input, play them from the start, and print the final "
            "position and 'won' or 'not won'. Or, with neither --deal nor --board, check the game "
            "CODE (freecell-tui share prints one; it holds its start, moves and autoplay modes) "
            "and say what it is: its game and deal, the moves played, won or not, and the deal's "
            "par when the store knows it (--position: the final position and 'won' or 'not won' "
            "instead). Exit 0 when every move is legal, 1 at the first illegal or unreadable move, "
            "2 for bad arguments (a code that does not read, too)."
        ),
    )
    add_variant_options(parser)
    # Not ``required``: --deal may also come before the command (``run`` checks there is one).
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--deal", metavar="N", help="start from Microsoft deal N")
    start.add_argument("--board", metavar="FILE", help="start from the position in FILE")
    parser.add_argument(
        "--autoplay",
        default="safe",
        metavar="MODE",
        help="off, safe (default, as in the game and solve) or all: cards that go home by "
        "themselves after each move; fc-solve's solutions, every move home written out, replay "
        "with off",
    )
    parser.add_argument(
        "moves_file",
        nargs="?",
        metavar="MOVES_FILE|CODE",
        help="the moves (default: stdin) after --deal or --board; else a game code",
    )
    parser.add_argument(
        "--position",
        action="store_true",
        help="for a game code: print its final position and 'won' or 'not won', as for moves",
    )
    add_data_dir_option(parser)
    parser.set_defaults(handler=run)


def read_start(args: argparse.Namespace) -> GameState:
    """The starting position named by ``--deal`` or ``--board``, exactly one of them (raises
    FreeCellError or InputError, each one line for the player)."""
    if args.deal is None and args.board is None:
        raise FreeCellError("give --deal N or --board FILE: where the moves start")
    if args.deal is not None and args.board is not None:
        raise FreeCellError("--deal and --board both say where the moves start: give one")
    variant = getattr(args, "variant", None) or FREECELL
    if args.deal is not None:
        return deal(parse_deal_number(args.deal), variant)
    text = read_text(args.board, TEXT_LIMIT, "a position")
    try:
        return parse_position(text, variant)
    except FreeCellError as error:
        raise FreeCellError(f"{printable(args.board)}: {error}") from None


def read_moves(name: str | None) -> str:
    """The moves text of MOVES_FILE, or of standard input for none or ``-`` (raises
    InputError). At most :data:`TEXT_LIMIT` bytes are read, so ``/dev/zero`` is refused at once."""
    what = "a list of moves"
    if name is None or name == "-":
        return read_input(sys.stdin, TEXT_LIMIT, what)
    return read_text(name, TEXT_LIMIT, what)


def _autoplay_note(word: str, mode: AutoplayMode, sent_home: int) -> str:
    """What a refused move home may mean once autoplay has sent cards home: a list that writes
    every move home out (fc-solve's) is for autoplay off."""
    home = len(word) >= 2 and word[0].lower() in "12345678abcd" and word[1].lower() == "h"
    if not (home and sent_home):
        return ""
    return (
        f" (autoplay {mode.value} sent {plural(sent_home, 'card')} home by itself: moves that "
        "write every move home out, as fc-solve's, replay with --autoplay off)"
    )


def run(args: argparse.Namespace) -> int:
    prog = "freecell-tui replay"
    if args.deal is None and args.board is None:
        if getattr(args, "variant", None) is not None:
            return fail(prog, "a game code names its game: give --game with --deal or --board")
        return _replay_code(prog, args)
    try:
        mode = AutoplayMode.parse(args.autoplay)
        state = read_start(args)
        text = read_moves(args.moves_file)
    except (FreeCellError, InputError) as error:
        return fail(prog, str(error))

    sent_home = 0  # by autoplay
    for number, word in enumerate(solution_words(text), start=1):
        try:
            state = apply_move(state, Move.parse(word, state.variant))
        except FreeCellError as error:
            print(f"move {number}: {shorten(word)}: {error}{_autoplay_note(word, mode, sent_home)}")
            return 1
        state, autoplayed = run_autoplay(state, mode)
        sent_home += len(autoplayed)
    _print_end(state)
    return 0


def _replay_code(prog: str, args: argparse.Namespace) -> int:
    """Check the game code ``args.moves_file`` and say what game it is (``--position``: print
    where its game ends)."""
    code = args.moves_file
    if code is None:
        return fail(prog, "give a game code, or --deal N or --board FILE and the moves")
    game = decode(code)
    if isinstance(game, BadCode):
        return fail(prog, game.reason)
    if args.position:
        _print_end(game.state)
    else:
        print(code_summary(game, _stored_par(args, game)))
    return 0


def code_summary(game: Game, par: Par | None = None) -> str:
    """A game code's game in a sentence: ``Deal 617 (FreeCell), autoplay safe: 38 moves played,
    won. Par 27.`` — its deal, the moves played (and how many auto-solve played), won, not won
    (the cards home) or lost (no move left), and the deal's ``par`` when known."""
    start = deal_phrase(game.deal_number)
    said = f"{start[:1].upper()}{start[1:]} ({game.start.variant.name}), autoplay "
    said += f"{game.autoplay.value}: {plural(game.move_count, 'move')} played"
    if game.solver_moves:
        said += f" (auto-solve played {game.solver_moves} of them)"
    home = f"{game.state.cards_home} of 52 cards home"
    outcome = game.outcome
    if outcome is Outcome.WON:
        said += ", won."
    elif outcome is Outcome.STUCK:
        said += f", lost: no move is left ({home})."
    else:
        said += f", not won ({home})."
    return said if par is None else f"{said} Par {par.moves}."


def _stored_par(args: argparse.Namespace, game: Game) -> Par | None:
    """The par of ``game``'s deal the store knows; ``None`` without asking when there is no
    store yet (a check of a code creates no data folder)."""
    from freecell_tui.cli.watch import known_par
    from freecell_tui.paths import data_dir
    from freecell_tui.store import DB_NAME

    if game.deal_number is None or not (data_dir(args.data_dir) / DB_NAME).is_file():
        return None
    return known_par(args, game, "freecell-tui replay")


def _print_end(state: GameState) -> None:
    sys.stdout.write(format_position(state))
    print("won" if state.is_won else "not won")
