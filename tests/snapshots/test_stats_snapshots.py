"""Snapshots of the statistics screen over a fixed history (rows written with fixed times): the
figures, the latest results as marks, moves over par as a sparkline, and the deals' table fitted
to the rows left, at the smallest size (64x24) and at 100x32."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..store.helpers import record_games
from ..ui.helpers import SIZE, make_app

#: Thirty-six games of twelve deals: mostly wins, some lost, a few auto-solve finished; the
#: wins from near par to twenty moves over it.
HISTORY = [
    (1 + index % 12, ("won", "won", "left", "won", "solved", "won")[index % 6], 40 + index * 7 % 23)
    for index in range(36)
]
PARS = {deal: 38 + deal % 4 for deal in range(1, 13)}


@pytest.mark.parametrize("size", [(64, 24), SIZE], ids=["64x24", "100x32"])
def test_statistics(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    record_games(tmp_path, HISTORY, PARS)
    assert snap_compare(make_app(tmp_path), terminal_size=size, press=["t"])
