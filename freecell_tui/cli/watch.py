"""``freecell-tui watch``: a game played back step by step — in the full-screen viewer at a
terminal, or (``--plain``, or when standard input or output is not a terminal) as text, one step
a line: the text viewer of line mode, on its own, reading its commands from standard input so
that it works in pipes and scripts. With ``--review`` it prints the game's review instead: where
a lost game was lost and a line that still won, or a win beside par's line.

Exit codes: 0 done (at ``quit`` or the end of input), 1 no such save or no game to watch, 2 bad
arguments (a code that does not read and names no save, too).
"""

from __future__ import annotations

import argparse
from functools import partial
from typing import Any

from freecell_tui.cli import COMMAND_HELP, add_data_dir_option, fail
from freecell_tui.cli.play import UI_MODULES, terminal_missing
from freecell_tui.cli.saves import last_game, open_store, warn
from freecell_tui.cli.solve import MAX_BUDGET
from freecell_tui.core.codes import BadCode, decode, looks_like_code
from freecell_tui.core.game import Game
from freecell_tui.session.review import REVIEW_SECONDS, Review, review
from freecell_tui.store import ErrorKind, Par, StoreError

PROG = "freecell-tui watch"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "watch",
        help=COMMAND_HELP["watch"],
        description=(
            "Watch the game CODE (a game code, as freecell-tui share prints), the save SLOT, or "
            "with --last the game played last, step by step. At a terminal it opens the "
            "full-screen viewer: the board with a move list, → and ← step, Space plays, t plays "
            "on from the move shown, q leaves. With --plain (or when standard input or output "
            "is not a terminal) it prints the moves one per line: number, notation and words; "
            "then reads commands from standard input, one a line: next (or an empty line), "
            "back, to N, first, last, board (the position at that move), moves, review, help; "
            "quit or the end of input ends. With --review, print the moves with their marks and "
            "the review, and read nothing."
        ),
    )
    parser.add_argument(
        "operand", nargs="?", metavar="CODE|SLOT", help="a game code or a save's name"
    )
    parser.add_argument("--last", action="store_true", help="the game played last")
    parser.add_argument(
        "--review",
        action="store_true",
        help="print the review: the move that lost the game and a winning line, or a win "
        f"beside par's line (the solver looks for up to {REVIEW_SECONDS:g} s)",
    )
    parser.add_argument(
        "--budget",
        type=float,
        metavar="SECONDS",
        help=f"with --review: the most time its searches take (default {REVIEW_SECONDS:g}, at "
        f"most {MAX_BUDGET:,.0f}); a slow machine finds more with more",
    )
    parser.add_argument("--ascii", action="store_true", help="write suits as C D H S")
    parser.add_argument(
        "--plain", action="store_true", help="the text viewer, one step a line (for pipes)"
    )
    add_data_dir_option(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.last == (args.operand is not None):
        return fail(
            PROG, "give a game code or a save's name (freecell-tui watch CODE|SLOT), or --last"
        )
    if args.budget is not None and not 0 < args.budget <= MAX_BUDGET:
        return fail(
            PROG, f"--budget {args.budget:g}: give seconds above 0, at most {MAX_BUDGET:,.0f}"
        )
    if args.budget is not None and not args.review:
        return fail(PROG, "--budget is the review's: give it with --review")
    found = _game(args)
    if isinstance(found, int):
        return found
    if not args.plain and terminal_missing() is None:
        try:
            from freecell_tui.ui.app import run_app
        except ModuleNotFoundError as error:
            if (error.name or "").split(".")[0] not in UI_MODULES:
                raise
        else:
            from freecell_tui.config import read_config

            return run_app(
                data_dir=args.data_dir, ascii=args.ascii, watch=found, config=read_config()
            )
    from freecell_tui.line import run_watch  # the text viewer works anywhere

    seconds = REVIEW_SECONDS if args.budget is None else args.budget
    reviewer = partial(review_with_store, args)
    run_watch(found, ascii=args.ascii, reviewed=args.review, reviewer=reviewer, seconds=seconds)
    return 0


def review_with_store(args: argparse.Namespace, game: Game, seconds: float) -> Review:
    """``game`` reviewed within ``seconds`` with its deal's par from the store, when known; a
    par the review found is kept there, as the game's viewers keep it (a failed write is a
    warning on standard error: the review stands)."""
    found = review(game, par=known_par(args, game), seconds=seconds)
    par = found.search.deal_par if found.search is not None else None
    if par is None:
        return found
    store = open_store(args, PROG)
    if store is not None:
        try:
            failed = store.pars.keep(par, seconds)
        finally:
            store.close()
        if failed is not None:
            warn(PROG, failed.message)
    return found


def known_par(args: argparse.Namespace, game: Game, prog: str = PROG) -> Par | None:
    """The par of ``game``'s deal the store knows (``None``: a custom position, not known, or
    no store to ask: the review searches it); ``prog`` names the command in a warning."""
    if game.deal_number is None:
        return None
    store = open_store(args, prog)
    if store is None:
        return None
    try:
        return store.pars.get(game.deal_number, game.autoplay, game.start.variant)
    finally:
        store.close()


def _game(args: argparse.Namespace) -> Game | int:
    """The game to watch, or the exit code after its one line on standard error."""
    code = decode(args.operand) if args.operand is not None else None
    if isinstance(code, Game):
        return code
    store = open_store(args, PROG)
    if store is None:
        return 1
    try:
        slot = args.operand
        game = last_game(store, "watch") if slot is None else store.slots.load(slot).game
    except StoreError as error:
        if (
            isinstance(code, BadCode)
            and looks_like_code(args.operand)
            and error.kind is ErrorKind.NOT_FOUND
        ):
            return fail(PROG, code.reason)  # meant as a code: why it does not read
        return fail(PROG, error.message, 1)
    finally:
        store.close()
    if isinstance(game, str):
        return fail(PROG, game, 1)
    return game
