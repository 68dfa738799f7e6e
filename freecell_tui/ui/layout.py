"""Where the piles go for a terminal's size: pure arithmetic, tested without a terminal."""

from __future__ import annotations

from textual.geometry import Size

__all__ = ["COMPACT_SIZE", "FULL_HEIGHT", "PILE_GAP", "pile_layout"]

#: The smallest terminal the board fits (the compact layout, one line per card).
COMPACT_SIZE = Size(64, 24)
#: Below this the dialogs hide their insides (see ``freecell.tcss``); above it they scroll.
DIALOG_SIZE = Size(40, 10)
#: From this height on, top cards are drawn as small cards (19-card columns still fit).
FULL_HEIGHT = 29
#: Blank columns between two piles of a row.
PILE_GAP = 1


def pile_layout(width: int) -> tuple[int, int]:
    """For a terminal ``width`` columns wide: (every pile's width, the left margin of each row).

    Eight piles a row, all the same width, one blank column between two; what is left over goes
    to the outer margins (the larger half on the left), so the board is centred and even.
    """
    pile = max((width - 7 * PILE_GAP) // 8, 1)
    spare = max(width - 8 * pile - 7 * PILE_GAP, 0)
    return pile, (spare + 1) // 2
