"""Dialogs in a terminal too small for them hide their insides.

Laid out a few columns wide, Textual's compositor (``IndexError``) and Rich's wrapping
(``ValueError: range() arg 3 must not be zero``) crash on a dialog's grid of buttons or a
palette's list. So a dialog is never laid out below :data:`~freecell_tui.ui.board.layout.DIALOG_SIZE`
with its insides shown: they are hidden by their own ``display`` style (which holds at once, with
no restyling of the screen), as the board asks for a bigger terminal, and come back as they were
when the terminal grows.

Textual lays a screen out at three moments, and before each the dialog's own handler (it runs
before Textual's) sets what every dialog on the stack shows:

- a screen's ``Resize`` lays that screen out at the event's size, and every screen under the top
  one with it. A dialog just closed may still handle a resize that was waiting for it. Resizes
  wait in each screen's own queue, so one dialog may handle an older size after another handled
  a newer one: the rule is kept for each event as it is handled, not for the terminal's latest
  size. The top screen, when it is not the one handling the event, keeps its own size and shows
  what fits that.
- ``ScreenResume`` lays the resumed screen out at the terminal's size.
- anything changing inside a shown screen lays it out again at its own last size: what was set
  for that size holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from freecell_tui.ui.board.layout import DIALOG_SIZE

__all__ = ["TinyDialog", "is_tiny", "show_insides"]

if TYPE_CHECKING:
    _Screen = Screen[Any]
else:  # a mixin: at run time it adds no class of Textual's to a dialog's chain
    _Screen = object


def is_tiny(size: Size) -> bool:
    return size.width < DIALOG_SIZE.width or size.height < DIALOG_SIZE.height


def show_insides(screen: Screen[Any], size: Size) -> None:
    """Hide the insides of ``screen``, about to be laid out at ``size``, when they do not fit it;
    show them otherwise."""
    tiny = is_tiny(size)
    for child in screen.children:
        if tiny:
            child.styles.display = "none"
        elif child.styles.has_rule("display"):
            child.styles.clear_rule("display")


class TinyDialog(_Screen):
    """What every dialog does about tiny terminals (see the module's docstring): put it before
    the screen class, ``class Dialog(TinyDialog, ModalScreen[T])``."""

    def on_resize(self, event: Resize) -> None:
        show_insides(self, event.size)  # on the stack or closing, it is laid out at this size
        top = self.app.screen
        for screen in self.app.screen_stack:
            if screen.is_modal and screen is not self:  # the board says itself it is too small
                show_insides(screen, event.size if screen is not top else screen.outer_size)

    def on_screen_resume(self) -> None:
        show_insides(self, self.app.size)
