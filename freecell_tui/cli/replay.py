"""``freecell-tui replay``: check a list of moves against the rules from a deal or a position, or
read a game code."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from freecell_tui.cli import fail
from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.codes import BadCode, decode
from freecell_tui.core.deals import deal, parse_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import Move
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.state import GameState
from freecell_tui.core.words import printable, shorten
from freecell_tui.files import TEXT_LIMIT, InputError, read_input, read_text

#: Lines around a solution in fc-solve's output and in ``freecell-tui solve``'s text output
#: (``deal 5: solved in 100 moves (0.01 s)``), skipped so either can be piped in whole.
_FCSOLVE_CHATTER = re.compile(
    r"^\s*(-=-=|This game is solveable|I could not solve|Total number of states"
    r"|This scan generated|(deal|board) \S+: )"
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay moves from a deal or a position, or a game code, and print the result",
        description=(
            "Read whitespace-separated moves in standard notation (fc-solve's -snx output is fine) "
            "from MOVES_FILE or standard input, play them from the start, and print the final "
            "position and 'won' or 'not won'. Or, with neither --deal nor --board, check the game "
            "CODE (freecell-tui share prints one; it holds its start, moves and autoplay modes) "
            "and print the same. Exit 0 when every move is legal, 1 at the first illegal or "
            "unreadable move, 2 for bad arguments (a code that does not read, too)."
        ),
    )
    start = parser.add_mutually_exclusive_group()
    start.add_argument("--deal", metavar="N", help="start from Microsoft deal N")
    start.add_argument("--board", metavar="FILE", help="start from the position in FILE")
    parser.add_argument(
        "--autoplay",
        default="off",
        metavar="MODE",
        help="off (default), safe or all: cards that go home by themselves after each move",
    )
    parser.add_argument(
        "moves_file",
        nargs="?",
        metavar="MOVES_FILE|CODE",
        help="the moves (default: stdin) after --deal or --board; else a game code",
    )
    parser.set_defaults(handler=run)


def move_words(text: str) -> list[str]:
    """The move words of ``text``, skipping fc-solve's surrounding lines."""
    return [
        word
        for line in text.splitlines()
        if not _FCSOLVE_CHATTER.match(line)
        for word in line.split()
    ]


def read_start(args: argparse.Namespace) -> GameState:
    """The starting position named by ``--deal`` or ``--board`` (raises FreeCellError or
    InputError, each one line for the player)."""
    if args.deal is not None:
        return deal(parse_deal_number(args.deal))
    text = read_text(args.board, TEXT_LIMIT, "a position")
    try:
        return parse_position(text)
    except FreeCellError as error:
        raise FreeCellError(f"{printable(args.board)}: {error}") from None


def read_moves(name: str | None) -> str:
    """The moves text of MOVES_FILE, or of standard input for none or ``-`` (raises
    InputError). At most :data:`TEXT_LIMIT` bytes are read, so ``/dev/zero`` is refused at once."""
    what = "a list of moves"
    if name is None or name == "-":
        return read_input(sys.stdin, TEXT_LIMIT, what)
    return read_text(name, TEXT_LIMIT, what)


def run(args: argparse.Namespace) -> int:
    prog = "freecell-tui replay"
    if args.deal is None and args.board is None:
        return _replay_code(prog, args.moves_file)
    try:
        mode = AutoplayMode.parse(args.autoplay)
        state = read_start(args)
        text = read_moves(args.moves_file)
    except (FreeCellError, InputError) as error:
        return fail(prog, str(error))

    for number, word in enumerate(move_words(text), start=1):
        try:
            state = apply_move(state, Move.parse(word))
        except FreeCellError as error:
            print(f"move {number}: {shorten(word)}: {error}")
            return 1
        state, _ = run_autoplay(state, mode)
    _print_end(state)
    return 0


def _replay_code(prog: str, code: str | None) -> int:
    """Check the game code ``code`` and print where its game ends."""
    if code is None:
        return fail(prog, "give a game code, or --deal N or --board FILE and the moves")
    game = decode(code)
    if isinstance(game, BadCode):
        return fail(prog, game.reason)
    _print_end(game.state)
    return 0


def _print_end(state: GameState) -> None:
    sys.stdout.write(format_position(state))
    print("won" if state.is_won else "not won")
