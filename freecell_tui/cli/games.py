"""``--game NAME`` and ``--cells N``: which game of the FreeCell family a subcommand deals."""

from __future__ import annotations

import argparse

from freecell_tui.core.variant import MAX_CELLS, Variant, parse_variant, variant_names


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--game`` and ``--cells`` to ``parser``."""
    parser.add_argument(
        "--game",
        metavar="NAME",
        help=f"the game: {variant_names()} (default FreeCell; case, spaces and dashes ignored)",
    )
    parser.add_argument(
        "--cells",
        metavar="N",
        help=f"free cells, 0 to {MAX_CELLS}, for a game that deals none into them "
        "(FreeCell with 2 cells: --cells 2)",
    )


def game_of(args: argparse.Namespace) -> Variant:
    """The game ``--game`` and ``--cells`` name (raises FreeCellError with one line)."""
    return parse_variant(args.game, args.cells)
