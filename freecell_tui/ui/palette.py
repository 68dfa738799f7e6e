"""The command palette, guarded against Textual's own crashes.

Textual 8.2's palette dies of upstream bugs a fast player (or a key storm) meets: ``PageDown``
while the results are still loading, a click where no widget is, a click on an option that is
gone, and a search still running (or its "No matches found" due) as the palette closes. Those
guards touch Textual's insides, so they live in :class:`~freecell_tui.ui.compat.PaletteGuards`;
here closing it twice no longer pops the screen below. Its own keys (Escape, the arrows, the
pages) are decided as they are read, like every screen of the game's
(:class:`~freecell_tui.ui.keys.DecidesKeys`): Escape then ``ctrl+p`` in one read closes it, then
opens another; the search line takes what is typed, Enter chooses the command highlighted.
"""

from __future__ import annotations

from textual.await_complete import AwaitComplete

from freecell_tui.ui.compat import PaletteGuards
from freecell_tui.ui.keys import DecidesKeys
from freecell_tui.ui.tiny import TinyDialog

__all__ = ["GuardedPalette"]


class GuardedPalette(DecidesKeys, TinyDialog, PaletteGuards):
    """Textual's command palette without its known crash paths."""

    _dismissed_once = False

    def dismiss(self, result: object = None) -> AwaitComplete:
        if self._dismissed_once:
            return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]
        self._dismissed_once = True
        return super().dismiss(result)
