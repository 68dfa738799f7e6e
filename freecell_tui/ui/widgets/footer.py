"""The game's footer: the keys of the command table that fit the terminal's width.

Textual's footer shows every key and lets the last ones fall off the right edge (at 80 columns,
``q Quit``). This one drops the least important keys first — the UI's command table ranks them
(``footer_rank``; 1 is kept longest) — so ``? Help`` and ``q Quit`` are always there.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.events import Resize
from textual.widgets import Footer

from freecell_tui.core.variant import FREECELL
from freecell_tui.ui.commands import footer_hidden, footer_ranks
from freecell_tui.ui.compat import FooterKey

__all__ = ["KeyFooter", "fitting"]

#: Each command's rank, by the action its keys run.
_RANKS = footer_ranks()
#: Cells the command palette's key takes on the right (``▏^p palette ``).
PALETTE_WIDTH = 12


def fitting(keys: Iterable[tuple[str, int, int]], width: int) -> set[str]:
    """Which keys to show: ``keys`` are (action, rank, cells); the lowest-ranked are dropped
    (the later one first among equals) until the rest fit in ``width`` cells."""
    shown = list(keys)
    while shown and sum(cells for _, _, cells in shown) > width:
        drop = max(range(len(shown)), key=lambda i: (shown[i][1], i))
        if shown[drop][1] <= 1:
            break  # Help and Quit stay, whatever the width
        del shown[drop]
    return {action for action, _, _ in shown}


class KeyFooter(Footer):
    """See the module's docstring."""

    #: What the keys were last built from (:meth:`_looks`); None before any key was built.
    _built: tuple[object, ...] | None = None
    #: The actions whose keys are left out (the game's other "home or cell" key).
    hidden: frozenset[str] = footer_hidden(FREECELL)

    def hide(self, actions: frozenset[str]) -> bool:
        """Leave out the keys of ``actions`` from now on; whether that changed anything."""
        changed = actions != self.hidden
        self.hidden = actions
        return changed

    def _looks(self) -> tuple[object, ...]:
        """Everything the keys are built from: the screen's bindings (each with whether it is
        enabled and its tooltip), the width, and the footer's options."""
        bindings = tuple(
            (binding, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
        )
        return (bindings, self.size.width, self.compact, self.show_command_palette, self.hidden)

    async def recompose(self) -> None:
        """Build the keys again, unless nothing they are built from changed (Textual's footer
        is rebuilt whenever the screen's bindings may have changed: a focus, a refresh of
        the bindings)."""
        if self._built is not None and self.is_attached and self._looks() == self._built:
            return
        await super().recompose()

    def compose(self) -> ComposeResult:
        widgets = list(super().compose())
        self._built = self._looks() if widgets else None
        if FooterKey is None:  # a Textual whose footer keys are not known: its own footer
            yield from widgets
            return
        widgets = [
            widget
            for widget in widgets
            if not (isinstance(widget, FooterKey) and widget.action in self.hidden)
        ]
        keys = [
            widget
            for widget in widgets
            if isinstance(widget, FooterKey) and "-command-palette" not in widget.classes
        ]
        room = self.size.width - (PALETTE_WIDTH if len(keys) < len(widgets) else 0)
        shown = fitting(
            ((key.action, _RANKS.get(key.action, 9), _cells(key)) for key in keys), room
        )
        self._width = self.size.width
        for widget in widgets:
            if widget in keys and widget.action in shown:
                # Built in the form the footer gives it: mounted, it is styled once (its
                # default, compact, then the footer's value would restyle it twice).
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            if widget not in keys or widget.action in shown:
                yield widget

    def on_resize(self, event: Resize) -> None:
        if getattr(self, "_width", None) not in (None, event.size.width):
            self.call_after_refresh(self.recompose)


def _cells(key: FooterKey) -> int:
    """The cells a key takes: `` k Label `` and its margin."""
    return cell_len(key.key_display) + cell_len(key.description) + 3
