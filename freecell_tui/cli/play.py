"""``freecell-tui play``: the game, full screen or (``--plain``) in line mode."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import date
from typing import Any

from freecell_tui.cli import COMMAND_HELP, fail
from freecell_tui.core.codes import game_start
from freecell_tui.core.daily import daily_day
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.state import GameState
from freecell_tui.lazy import frozen_imports


def add_parser(subparsers: Any) -> None:
    from freecell_tui.cli import add_game_options

    parser = subparsers.add_parser(
        "play",
        help=COMMAND_HELP["play"],
        description="Play FreeCell. --plain plays in line mode for screen readers, pipes and dumb terminals.",
    )
    add_game_options(parser)
    parser.add_argument("--plain", action="store_true", help="line mode: one command a line")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.plain:
        from freecell_tui.line import run_line_mode

        return run_line_mode(args)
    return run_full_screen(args)


#: Top-level modules the full-screen game needs (dependencies of the package): when one is
#: missing (run from a checkout without installing), say so in one line, and what still works.
UI_MODULES = frozenset({"textual", "rich"})
UI_HINT = (
    "the full-screen game needs {module}, which is not installed: pip install freecell-tui "
    "(or pip install -e . in a checkout); --plain plays in line mode without it"
)


def run_full_screen(args: argparse.Namespace) -> int:
    """Open the Textual game (the only path that imports Textual)."""
    deal: int | GameState | None = None
    try:
        daily = daily_day(getattr(args, "daily", False), date.today())
    except FreeCellError as error:
        return fail("freecell-tui", f"--daily: {error}")
    if daily is not None and getattr(args, "deal", None) is not None:
        return fail("freecell-tui", "--daily and --deal both choose the deal: give one of them")
    variant = getattr(args, "variant", None)
    if getattr(args, "deal", None) is not None:
        try:
            deal, variant = game_start(args.deal, variant)
        except FreeCellError as error:
            return fail("freecell-tui", str(error))
    try:
        with frozen_imports():
            from freecell_tui.ui.app import run_app
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in UI_MODULES:
            raise
        return fail("freecell-tui", UI_HINT.format(module=error.name))
    missing = terminal_missing()
    if missing is not None:
        return fail("freecell-tui", missing)

    from freecell_tui.config import read_config

    return run_app(
        deal=deal,
        data_dir=getattr(args, "data_dir", None),
        ascii=getattr(args, "ascii", False),
        autoplay=getattr(args, "autoplay", None),
        daily=daily,
        variant=variant,
        config=read_config(),
    )


def terminal_missing() -> str | None:
    """Why the full-screen game cannot run here, or ``None``: it reads keys from standard input
    and draws on standard output, so both must be a terminal, except under another Textual
    driver (``TEXTUAL_DRIVER``: ``serve`` runs each game with its own, over a pipe)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    streams = (("input", sys.stdin), ("output", sys.stdout))
    for name, stream in streams:
        if stream is None or not stream.isatty():
            state = "closed" if stream is None else "not a terminal"
            return (
                f"the full-screen game needs a terminal, and standard {name} is {state}: "
                "freecell-tui play --plain plays in line mode through pipes and files"
            )
    return None
