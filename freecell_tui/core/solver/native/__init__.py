"""An optional compiled accelerator for the fast solver (``pip install freecell-tui[fast]``:
numba). :func:`accelerator` gives the compiled portfolio (:func:`.glue.solve_native`) when numba
imports and ``FREECELL_TUI_PURE`` is not ``1``, else None: the pure search answers. It expands the
same positions in the same order as the pure search and returns the same results."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["accelerator", "disable", "warm"]

_lock = threading.Lock()
_state: dict[str, Callable[..., Any] | None] = {}


def accelerator() -> Callable[..., Any] | None:
    """The compiled portfolio, or None (numba missing or failing, or ``FREECELL_TUI_PURE=1``).
    The first call imports numba and loads (or compiles) the compiled code."""
    if os.environ.get("FREECELL_TUI_PURE") == "1":
        return None
    with _lock:
        if "solver" not in _state:
            try:
                from freecell_tui.core.solver.native.glue import solve_native
            except Exception:  # numba missing, too old, or unable to cache: the pure search
                _state["solver"] = None
            else:
                _state["solver"] = solve_native
        return _state["solver"]


def disable() -> None:
    """Use the pure search from now on (the compiled one failed)."""
    with _lock:
        _state["solver"] = None


def warm() -> bool:
    """Load (or compile, about 15 s the first time; numba caches it) the compiled search now
    rather than at the first solve; whether it is there to use."""
    solver = accelerator()
    if solver is None:
        return False
    try:
        from freecell_tui.core.solver.native.glue import warm_up

        warm_up()
    except Exception:  # as at a solve: the pure search answers
        disable()
        return False
    return True
