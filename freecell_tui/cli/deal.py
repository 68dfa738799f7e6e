"""``freecell-tui deal N``: print a deal as ``make-microsoft-freecell-board -t N`` does (another
game's, ``--game``, as PySolFC's ``pysol_cards`` or fc-solve's board generator prints it)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from freecell_tui.cli import fail
from freecell_tui.cli.games import add_game_options, game_of
from freecell_tui.core.deals import deal_text, parse_deal_number
from freecell_tui.core.errors import FreeCellError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "deal",
        help="print Microsoft deal N",
        description="Print Microsoft deal N, byte for byte as make-microsoft-freecell-board -t N; "
        "with --game, that game's deal N (a game that deals cards into its free cells starts "
        "with their line, as fc-solve reads it).",
    )
    parser.add_argument("number", metavar="N", help="deal number, 1 to 8,589,934,591")
    add_game_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        number = parse_deal_number(args.number)
        variant = game_of(args)
    except FreeCellError as error:
        return fail("freecell-tui deal", str(error))
    sys.stdout.write(deal_text(number, variant))
    return 0
