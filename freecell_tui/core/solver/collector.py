"""The cyclic garbage collector paused while a search runs (:func:`paused`), and the solver's
memo tables emptied once the last search running ends.

A search builds hundreds of thousands of tuples (positions, their links, queued children) and no
reference cycles, so it frees everything by reference counting alone. The cyclic collector would
still walk every live tuple again and again as the search grows (valgrind: 1.4% of the
instructions of deals 1-60, 3% of deal 11982's proof; in CPU time over deals 1-8000 the gain was
within the machine's noise).

The memo tables (:data:`.keys.SORTED_CELLS`, the :class:`.moves.Homes` tables, the core moves of
:mod:`.moves`) are filled as a search runs, a few small objects at a time among the search's
millions. Kept after it, those few objects would hold on to most of the memory blocks the search
used (Python gives a block back to the system only when nothing in it is alive: a par search of
deal 7 left the process at 115 MB with them, 46 MB without); emptied, the process gives back
what the search took. The next search fills them again in a few milliseconds.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from freecell_tui.core.solver.keys import SORTED_CELLS
from freecell_tui.core.solver.moves import forget_moves

__all__ = ["paused"]

_lock = threading.Lock()
_running = 0  # searches in the block of paused(), in every thread


@contextmanager
def paused() -> Iterator[None]:
    """Around a search: the cyclic collector off for the block, back on after it if it was
    on before; when the last search running ends, the memo tables emptied. Searches in several
    threads at once are fine: the collector stays off while the first one runs and comes back on
    when it ends, at the latest; the tables are emptied only when none runs."""
    global _running
    with _lock:
        _running += 1
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0:
                SORTED_CELLS.clear()
                forget_moves()
        if was_on:
            gc.enable()
