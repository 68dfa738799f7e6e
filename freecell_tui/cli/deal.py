"""``freecell-tui deal N``: print a deal as ``make-microsoft-freecell-board -t N`` does."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from freecell_tui.cli import fail
from freecell_tui.core.deals import deal_text, parse_deal_number
from freecell_tui.core.errors import FreeCellError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "deal",
        help="print Microsoft deal N",
        description="Print Microsoft deal N, byte for byte as make-microsoft-freecell-board -t N.",
    )
    parser.add_argument("number", metavar="N", help="deal number, 1 to 8,589,934,591")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        number = parse_deal_number(args.number)
    except FreeCellError as error:
        return fail("freecell-tui deal", str(error))
    sys.stdout.write(deal_text(number))
    return 0
