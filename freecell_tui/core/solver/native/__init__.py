"""An optional compiled accelerator for the fast solver (``pip install freecell-tui[fast]``:
numba). :func:`accelerator` gives the compiled portfolio (:func:`.glue.solve_native`) when numba
imports and ``FREECELL_TUI_PURE`` is not ``1``, else None: the pure search answers. It expands the
same positions in the same order as the pure search and returns the same results.

The first call in a process imports numba and loads the compiled code from numba's cache (about
0.6 s), or compiles it when the cache has none (about 15 s, once: numba keeps it in
``__pycache__`` beside these modules, or in the user's cache directory when that is read-only).
Any failure there (numba missing or too old, no cache directory, a compile error) gives None.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["accelerator", "disable", "warm"]

_lock = threading.Lock()
_state: dict[str, Callable[..., Any] | None] = {}


def accelerator() -> Callable[..., Any] | None:
    """The compiled portfolio, loaded and ready, or None (numba missing or failing, or
    ``FREECELL_TUI_PURE=1``). The first call blocks while it loads or compiles."""
    if os.environ.get("FREECELL_TUI_PURE") == "1":
        return None
    with _lock:
        if "solver" not in _state:
            try:
                from freecell_tui.core.solver.native.glue import solve_native, warm_up

                warm_up()
            except Exception:  # numba missing, too old, or unable to compile: the pure search
                _state["solver"] = None
            else:
                _state["solver"] = solve_native
        return _state["solver"]


def warm() -> bool:
    """Load (or compile) the compiled search now rather than at the first solve; whether it is
    there to use."""
    return accelerator() is not None


def disable() -> None:
    """Use the pure search from now on (the compiled one failed)."""
    with _lock:
        _state["solver"] = None
