"""``freecell-tui watch``: a game played back as text, one step a line — the text viewer of line
mode, on its own, reading its commands from standard input so that it works in pipes and
scripts. (The full-screen viewer is to come.)

Exit codes: 0 done (at ``quit`` or the end of input), 1 no such save or no game to watch, 2 bad
arguments (a code that does not read and names no save, too).
"""

from __future__ import annotations

import argparse
from typing import Any

from freecell_tui.cli import add_data_dir_option, fail
from freecell_tui.cli.saves import last_game, open_store
from freecell_tui.core.codes import BadCode, decode, looks_like_code
from freecell_tui.core.game import Game
from freecell_tui.store import ErrorKind, StoreError

PROG = "freecell-tui watch"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "watch",
        help="watch a game code, a save or the last game step by step, as text",
        description=(
            "Print the moves of the game CODE (a game code, as freecell-tui share prints), of the "
            "save SLOT, or with --last of the game played last, one per line: number, notation "
            "and words. Then read commands from standard input, one a line: next (or an empty "
            "line), back, to N, first, last, board (the position at that move), moves, help; "
            "quit or the end of input ends. The full-screen viewer is to come."
        ),
    )
    parser.add_argument(
        "operand", nargs="?", metavar="CODE|SLOT", help="a game code or a save's name"
    )
    parser.add_argument("--last", action="store_true", help="the game played last")
    parser.add_argument("--ascii", action="store_true", help="write suits as C D H S")
    add_data_dir_option(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.last == (args.operand is not None):
        return fail(
            PROG, "give a game code or a save's name (freecell-tui watch CODE|SLOT), or --last"
        )
    found = _game(args)
    if isinstance(found, int):
        return found
    from freecell_tui.line import run_watch

    run_watch(found, ascii=args.ascii)
    return 0


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
