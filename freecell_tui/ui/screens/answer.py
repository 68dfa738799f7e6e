"""A dialog that answers as its key is read, so no key typed around it is lost or reordered.

The app hands every key to the screen on top as it reads it from the terminal
(:meth:`~freecell_tui.ui.app.FreeCellApp.on_event`). An :class:`AnswerScreen` decides at once:
a key that answers closes the dialog (the screen stack changes there and then) and runs what
follows the answer (``then``) before the next key is read, so a key typed after the answer lands
on the screen below, in order, with the answer already acted on. It is dismissed once, whatever
happens (a double click, a key storm, Esc pressed twice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen
from textual.widgets import Button

from freecell_tui.ui.keys import DecidesKeys
from freecell_tui.ui.tiny import TinyDialog

__all__ = ["AnswerScreen", "OnceScreen"]

T = TypeVar("T")


class OnceScreen(DecidesKeys, TinyDialog, ModalScreen[T], Generic[T]):
    """A modal screen that decides its keys as they are read (its ``BINDINGS``, see
    :mod:`freecell_tui.ui.keys`) and closes once: a second close is ignored instead of popping
    the screen below it. ``then`` receives its result as it closes, before the next key is read (a
    callback given to ``push_screen`` instead runs later, in the caller's turn)."""

    _answered = False

    def __init__(self, *, then: Callable[[T | None], None] | None = None) -> None:
        super().__init__()
        self._then = then

    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if self._answered:
            return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]
        self._answered = True
        if self._then is None:
            return super().dismiss(result)
        done = self.app.pop_screen()
        self._then(result)
        return done


class AnswerScreen(OnceScreen[T], Generic[T]):
    """See the module's docstring. Its keys are its ``BINDINGS`` (``choose('new')``); ``enter``
    chooses the focused button's id (:attr:`ENTER` before any has the focus)."""

    #: What Enter chooses before a button has the focus (the button that gets it on mount).
    ENTER: ClassVar[str | None] = None

    async def decide_key(self, event: events.Key) -> bool:
        """Answer if ``event`` answers (True); other keys go to the dialog's widgets."""
        if self._answered:
            return True  # a key after the answer never reaches a closing dialog
        if event.key == "enter":
            focused = self.focused
            choice = focused.id if isinstance(focused, Button) else self.ENTER
            if choice is not None:
                self.choose(choice)
                return True
        return await super().decide_key(event)

    def choose(self, choice: str) -> None:
        """Answer ``choice`` (a key's choice, or a button's id)."""
        raise NotImplementedError

    def action_choose(self, choice: str) -> None:
        self.choose(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id is not None:
            self.choose(event.button.id)
