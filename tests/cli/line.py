"""Line mode for tests: a :class:`LineMode` over a session on an in-memory (or given) store."""

from __future__ import annotations

import io
import time
from collections.abc import Callable

from freecell_tui.core.game import Game
from freecell_tui.line import LineMode
from freecell_tui.session import PlaySession
from freecell_tui.store import Store


def line_mode(
    game: Game,
    out: io.StringIO | None = None,
    *,
    store: Store | None = None,
    clock: Callable[[], float] = time.monotonic,
    new_deal: Callable[[], int] = lambda: 42,
    ascii: bool = False,
    par_seconds: float = 0.0,
) -> LineMode:
    """``par_seconds``: how long a win searches a par the store does not know (0: never)."""
    session = PlaySession(store or Store.in_memory(), game, clock=clock, deal_source=new_deal)
    out = out if out is not None else io.StringIO()
    return LineMode(session, out, ascii=ascii, par_seconds=par_seconds)
