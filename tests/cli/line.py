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
) -> LineMode:
    session = PlaySession(store or Store.in_memory(), game, clock=clock, deal_source=new_deal)
    return LineMode(session, out if out is not None else io.StringIO(), ascii=ascii)
