"""Snapshots of the games with other shapes than classic FreeCell's: Eight Off (eight free cells,
four of them dealt into, eight columns) and Seahaven Towers (four cells, two dealt into, ten
columns), deal 1 of each at 80x24 (compact) and 100x32. A fixed deal, a frozen clock, no
animations and no winnability check, as the board's snapshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from freecell_tui.core.variant import EIGHT_OFF, SEAHAVEN, Variant

from ..ui.helpers import COMPACT, SIZE, make_app


@pytest.mark.parametrize("variant", [EIGHT_OFF, SEAHAVEN], ids=lambda v: v.key)
@pytest.mark.parametrize("size", [COMPACT, SIZE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_deal_1(snap_compare: Any, tmp_path: Path, variant: Variant, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(tmp_path, variant=variant), terminal_size=size)


def test_eight_off_run_picked_up_with_its_destinations(snap_compare: Any, tmp_path: Path) -> None:
    # Column 1's 6♦ picked up: the four empty free cells (b, d, f, k) light up.
    app = make_app(tmp_path, variant=EIGHT_OFF)
    assert snap_compare(app, terminal_size=SIZE, press=["1"])


def test_eight_off_at_the_smallest_size_with_a_ten_in_a_cell(
    snap_compare: Any, tmp_path: Path
) -> None:
    # 64x24: the twelve top-row piles 5 columns wide with no gap; column 8's 10♣ to cell b
    # keeps its edge (b10♣▕).
    app = make_app(tmp_path, variant=EIGHT_OFF)
    assert snap_compare(app, terminal_size=(64, 24), press=["8", "b"])
