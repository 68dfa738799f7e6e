"""A modal that answers at once, and never eats the keys typed after its answer.

A player who answers a question and goes on typing (``Enter`` at the resume prompt, then ``1``
``b``) expects the next keys on the board. Textual hands keys to the screen on top, so keys that
arrive while an answered dialog is still closing would be lost. :class:`AnswerScreen` answers in
its own key handler, as the key arrives (not through a binding, which runs only once the key has
bubbled up to the app), and passes every key it receives after its answer on to the app again, so
it reaches the screen below once this one is gone. It is dismissed once, whatever happens.

The app gives it its keys itself (:meth:`AnswerScreen.take_key`), not to its focused button as
Textual would: the button passes a key up in its own turn, so under load a key typed after Enter
was still on its way up when the dialog answered, and the dialog, closing by then, dropped it
(``b`` of ``1b``, 1 run in 3 to 9 of the kill -9 test).
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from textual import events
from textual.await_complete import AwaitComplete
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button

from freecell_tui.ui.tiny import TinyDialog
from freecell_tui.ui.typeahead import KeyHold

__all__ = ["AnswerScreen", "OnceScreen"]

T = TypeVar("T")


class OnceScreen(TinyDialog, ModalScreen[T], Generic[T]):
    """A modal screen that closes once: a second close (a double click, a key storm, Esc
    pressed twice) is ignored instead of popping the screen below it."""

    _answered = False

    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if self._answered:
            return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]
        self._answered = True
        return super().dismiss(result)


class AnswerScreen(OnceScreen[T], Generic[T]):
    """See the module's docstring. ``ANSWER_KEYS`` maps a key to a choice for :meth:`choose`;
    ``enter`` chooses the focused button's id."""

    ANSWER_KEYS: ClassVar[dict[str, str]] = {}

    class _Release(Message):
        """Posted to itself as it answers: comes after every key already queued to it."""

    _late: list[events.Key]
    _hold_token = 0

    def dismiss(self, result: T | None = None) -> AwaitComplete:
        if not self._answered:
            hold = getattr(self.app, "key_hold", None)
            if isinstance(hold, KeyHold):  # keys typed on keep their order: ui/typeahead.py
                self._late = []
                self._hold_token = hold.start(self.app)
                self.post_message(self._Release())
        return super().dismiss(result)

    def on_answer_screen__release(self, message: _Release) -> None:
        hold = getattr(self.app, "key_hold", None)
        if isinstance(hold, KeyHold):
            hold.release(self.app, self._hold_token, self._late)
        self._hold_token = 0  # a key that still comes goes on to the app: late, never lost

    def take_key(self, event: events.Key) -> None:
        """A key from the app, handled by this screen before its widgets see it (see the
        module's docstring): it waits in this screen's own queue, so it comes before the
        release this screen posts itself as it answers."""
        self._forward_event(event)

    def choose(self, choice: str) -> None:
        """Answer ``choice`` (a key's choice, or a button's id)."""
        raise NotImplementedError

    def on_key(self, event: events.Key) -> None:
        if self._answered:
            event.stop()
            event.prevent_default()
            if self._hold_token:
                self._late.append(event)  # released in order with the keys the app holds
            else:
                self.app.post_message(events.Key(event.key, event.character))
            return
        choice = self.ANSWER_KEYS.get(event.key)
        if event.key == "enter" and isinstance(self.focused, Button):
            choice = self.focused.id
        if choice is not None:
            event.stop()
            event.prevent_default()
            self.choose(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id is not None:
            self.choose(event.button.id)
