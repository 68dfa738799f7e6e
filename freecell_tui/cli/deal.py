"""``freecell-tui deal N``: print a deal as ``make-microsoft-freecell-board -t N`` does (with
``--game``, as fc-solve's generator deals that game: PySolFC's numbering for the games it
numbers its own way)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from freecell_tui.cli import COMMAND_HELP, fail
from freecell_tui.core.deals import deal_text, parse_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.variant import FREECELL


def add_parser(subparsers: Any) -> None:
    from freecell_tui.cli import add_variant_options

    parser = subparsers.add_parser(
        "deal",
        help=COMMAND_HELP["deal"],
        description=(
            "Print Microsoft deal N, byte for byte as make-microsoft-freecell-board -t N. With "
            "--game, deal N of that game (Eight Off, Seahaven Towers and Forecell use PySolFC's "
            "deal numbers; a game that deals cards into its free cells starts with a Freecells: "
            "line, as fc-solve reads it)."
        ),
    )
    parser.add_argument("number", metavar="N", help="deal number, 1 to 8,589,934,591")
    add_variant_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        number = parse_deal_number(args.number)
    except FreeCellError as error:
        return fail("freecell-tui deal", str(error))
    variant = getattr(args, "variant", None) or FREECELL
    sys.stdout.write(deal_text(number, variant))
    return 0
