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


def test_a_second_release_ends_nothing_and_drops_no_key() -> None:
    app, hold = FakeApp(), KeyHold()
    first = hold.start(app)  # type: ignore[arg-type]
    hold.release(app, first, [])  # type: ignore[arg-type]
    assert app.run(hold) == []
    second = hold.start(app)  # type: ignore[arg-type]
    assert hold.take(key("y"))
    hold.release(app, first, [])  # type: ignore[arg-type]  # the first hold's timer
    assert app.posted == []
    hold.release(app, second, [])  # type: ignore[arg-type]  # its time ran out (under load)
    assert app.run(hold) == ["y"]
    assert not hold.holding


def test_a_dialog_answering_after_its_hold_ran_out_still_passes_its_keys_on() -> None:
    """Under load the hold's time ran out before the dialog's release came: ``1`` was in the
    app's hold and went on; ``b``, queued to the dialog, was dropped (a kill -9 test, once)."""
    app, hold = FakeApp(), KeyHold()
    token = hold.start(app)  # type: ignore[arg-type]
    assert hold.take(key("1"))
    [(_, limit)] = app.timers
    limit()
    assert app.run(hold) == ["1"] and not hold.holding
    hold.release(app, token, [key("b")])  # type: ignore[arg-type]  # the dialog, late
    assert app.run(hold) == ["b"]
    # Also while a later hold runs: they pass it (typed before its dialog's answer).
    later = hold.start(app)  # type: ignore[arg-type]
    hold.release(app, token, [key("c")])  # type: ignore[arg-type]
    hold.release(app, later, [])  # type: ignore[arg-type]
    assert app.run(hold) == ["c"]
