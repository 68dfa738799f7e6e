"""Line mode's search for a deal's par: one at a time, in a background thread, from the moment
the deal is on the board. Nobody waits for it — not a win (which says "par not known yet" until
it ends) and not the end of the input (the thread ends with the program); what it finds is kept
as soon as line mode next looks (:meth:`ParHunt.pop_found`)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.variant import Variant
from freecell_tui.session.par import ParSearch

__all__ = ["ParHunt"]

#: The deal, autoplay mode and game whose par is wanted.
Wanted = tuple[int, AutoplayMode, Variant]
#: ``find_par(number, mode, variant, budget=…, cancel=…)``.
Finder = Callable[..., ParSearch]


class ParHunt:
    """The search for the par of one deal, game and mode, ``budget`` seconds at most (0: none)."""

    def __init__(self, budget: float, find: Finder) -> None:
        self.budget = budget
        self._find = find
        #: What the search running or last run is for (each is searched once).
        self.wanted: Wanted | None = None
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._found: list[ParSearch | None] = []

    def follow(self, wanted: Wanted | None) -> None:
        """Search for ``wanted`` (the session's :meth:`par_to_find`) unless it is being or has
        been searched; a search for anything else stops."""
        if wanted == self.wanted:
            return
        self.stop()
        self.wanted = wanted
        if wanted is None or self.budget <= 0:
            return
        cancel, found = threading.Event(), list[ParSearch | None]()

        def run() -> None:
            try:
                found.append(self._find(*wanted, budget=self.budget, cancel=cancel))
            except Exception:  # a solver bug ends the search, never the game: no par
                found.append(None)

        self._cancel, self._found = cancel, found
        self._thread = threading.Thread(target=run, name="par", daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def pop_found(self) -> ParSearch | None:
        """What the search found, once it has ended (once: ``None`` after, and while it runs)."""
        if self._thread is None or self._thread.is_alive():
            return None
        self._thread = None
        return self._found[0] if self._found else None

    def wait(self, seconds: float) -> bool:
        """Wait ``seconds`` at most for the search to end; whether none runs now."""
        thread = self._thread
        if thread is not None:
            thread.join(seconds)
        return not self.running

    def stop(self) -> None:
        """Stop the search (its thread ends soon after; what it found is dropped)."""
        self._cancel.set()
        self._thread = None
