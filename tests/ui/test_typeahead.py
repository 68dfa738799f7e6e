"""The hold on keys typed after a dialog's answer (ui/typeahead.py), on its own: the order keys
come back in, the flush rounds, and the time limit."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.message import Message

from freecell_tui.ui.typeahead import HOLD_LIMIT, KeyHold


class FakeApp:
    """What the hold uses of the app: a queue of posted messages and its timers."""

    def __init__(self) -> None:
        self.posted: list[Message] = []
        self.timers: list[tuple[float, Callable[[], None]]] = []

    def post_message(self, message: Message) -> bool:
        self.posted.append(message)
        return True

    def set_timer(self, delay: float, callback: Callable[[], None]) -> None:
        self.timers.append((delay, callback))

    def run(self, hold: KeyHold) -> list[str]:
        """Process the queue as the app would: held keys are kept, flushes flush; the keys that
        reach the screens, in order."""
        reached = []
        while self.posted:
            message = self.posted.pop(0)
            if isinstance(message, KeyHold.Flush):
                hold.flush(self, message.token)  # type: ignore[arg-type]
            elif isinstance(message, events.Key) and not hold.take(message):
                reached.append(message.key)
        return reached


def key(name: str) -> events.Key:
    return events.Key(name, name)


def test_the_dialogs_late_keys_go_first_then_the_keys_the_app_took_in_order() -> None:
    app, hold = FakeApp(), KeyHold()
    token = hold.start(app)  # type: ignore[arg-type]
    assert hold.take(key("b")) and hold.take(key("c"))  # the app took these after the answer
    hold.release(app, token, [key("1")])  # type: ignore[arg-type]  # queued to the dialog
    app.posted.insert(1, key("d"))  # typed meanwhile: already in the app's queue
    assert app.run(hold) == ["1", "b", "c", "d"]
    assert not hold.holding
    assert not hold.take(key("e"))  # over: keys go straight on


def test_a_hold_whose_dialog_never_releases_it_ends_after_the_limit() -> None:
    app, hold = FakeApp(), KeyHold()
    hold.start(app)  # type: ignore[arg-type]
    assert hold.take(key("x"))
    [(delay, limit)] = app.timers
    assert delay == HOLD_LIMIT
    limit()  # the dialog was gone before its release came
    assert app.run(hold) == ["x"] and not hold.holding


def test_a_late_release_or_one_of_an_old_hold_changes_nothing() -> None:
    app, hold = FakeApp(), KeyHold()
    first = hold.start(app)  # type: ignore[arg-type]
    hold.release(app, first, [])  # type: ignore[arg-type]
    assert app.run(hold) == []
    second = hold.start(app)  # type: ignore[arg-type]
    assert hold.take(key("y"))
    hold.release(app, first, [key("old")])  # type: ignore[arg-type]  # the first hold's timer
    assert app.posted == []
    hold.release(app, second, [])  # type: ignore[arg-type]
    hold.release(app, second, [key("again")])  # type: ignore[arg-type]  # its timer, later
    assert app.run(hold) == ["y"]
