"""Dialogs in a terminal too small for them hide their insides.

Laid out a few columns wide, Textual's compositor (``IndexError``) and Rich's wrapping
(``ValueError: range() arg 3 must not be zero``) crash on a dialog's grid of buttons or a
palette's list. So below :data:`~freecell_tui.ui.layout.DIALOG_SIZE` every modal screen on the
stack gets the class ``-tiny`` and hides its insides (``freecell.tcss``), as the
board asks for a bigger terminal. The class must be set *before* Textual lays the screens out at
the new size, and Textual lays out the top screen and every screen under it in the top screen's
resize handler: so the top screen's own handler, which runs before Textual's, calls
:func:`mark_tiny` for the whole stack.

That is not enough under resizes faster than the app lays out: a screen under the top one may be
laid out again at its own last size (13x4) after the top screen's latest resize (64x24) took the
class away, and Textual applies a class to the children's styles later still. So each dialog
also calls :func:`fit_insides` as it is laid out, with the size it is laid out at: its insides'
own style hides them at once.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from freecell_tui.ui.compat import LaidOutHook
from freecell_tui.ui.layout import DIALOG_SIZE

__all__ = ["TinyDialog", "fit_insides", "is_tiny", "mark_tiny"]


def is_tiny(size: Size) -> bool:
    return size.width < DIALOG_SIZE.width or size.height < DIALOG_SIZE.height


def mark_tiny(app: App[Any], size: Size) -> None:
    """Set ``-tiny`` on every modal screen of ``app`` for a terminal of ``size`` (styles update at
    once). Only from the top screen's resize handler, the size they are laid out at next: the
    app's own resize comes earlier, with sizes the screens do not have yet, and a screen laid out
    again at its old size with the new size's class crashed the same way."""
    tiny = is_tiny(size)
    for screen in app.screen_stack:
        if screen.is_modal:  # only a modal screen's insides hide (a class restyles the screen)
            screen.set_class(tiny, "-tiny")


def fit_insides(screen: Screen[Any], size: Size | None) -> None:
    """Just before ``screen`` is laid out at ``size`` (its own size when ``None``): hide its
    insides by their own style when that size is too small for them, show them otherwise (the
    class may still hide them: it follows the terminal). Called from the dialogs' layout."""
    tiny = is_tiny(screen.outer_size if size is None else size)
    for child in screen.children:
        if tiny:
            child.styles.display = "none"
        elif child.styles.has_rule("display"):
            child.styles.clear_rule("display")


class TinyDialog(LaidOutHook):
    """What every dialog does about tiny terminals (see the module's docstring): put it before
    the screen class, ``class Dialog(TinyDialog, ModalScreen[T])``."""

    def on_resize(self, event: Resize) -> None:
        mark_tiny(self.app, event.size)  # before Textual lays the screens out

    def before_layout(self, size: Size | None) -> None:
        fit_insides(self, size)  # at the size it is laid out at

    def on_screen_resume(self) -> None:
        self.set_class(is_tiny(self.app.size), "-tiny")
