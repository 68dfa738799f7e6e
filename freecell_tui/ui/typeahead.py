"""Keys typed after a dialog's answer reach the screen below in the order they were typed.

Textual hands a key to the screen on top when the app takes it from the terminal (for a dialog
that answers, to the dialog itself: see :meth:`.AnswerScreen.take_key`), and a screen handles its
keys later, in its own turn. So when a player answers a dialog and goes on typing
(Enter at the resume prompt, then ``1`` ``b`` in one read from the terminal), ``1`` may already be
in the dialog's queue when Enter closes it, while ``b`` goes to the board: passed on afterwards,
``1`` came after ``b``, and ``1 b`` became ``b 1``. So a dialog that answers starts a *hold*: the
app keeps every key it takes (:meth:`KeyHold.take`); the dialog keeps the keys still queued to it
and, once it has seen them all (a message it posts to itself as it answers comes after them),
releases both, its own first (:meth:`KeyHold.release`). Released keys are posted to the app again,
marked, so this hold lets them through, with a :class:`KeyHold.Flush` behind them: keys the app
took meanwhile (typed later, but already in the app's queue) go when it reaches the flush, and so
on until no key came meanwhile. A dialog they answer starts a hold of its own. If the dialog is
gone before its message comes, the app releases after :data:`HOLD_LIMIT` seconds anyway: a key is
never held for good. And never dropped: when the dialog's message comes after that (a machine
under load), its late keys still go, late rather than never.

The same hold replays the keys typed before the game could read them (while the terminal probe
waited for its answer, see :mod:`.terminal_probe`): :meth:`KeyHold.replay` posts them first and
holds the keys the app took meanwhile until they have gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from textual import events
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.message import Message

__all__ = ["HOLD_LIMIT", "KeyHold"]

#: The longest a key is held (a dialog closes in a few milliseconds; under load, much longer).
HOLD_LIMIT: Final = 1.0
_RELEASED_BY = "_freecell_released_by"


class KeyHold:
    """The app's hold on keys (see the module's docstring)."""

    @dataclass
    class Flush(Message):
        """Posted to the app behind released keys: the keys the app took meanwhile go next."""

        token: int

    def __init__(self) -> None:
        self._held: list[events.Key] = []
        self._token = 0
        self._holding = False
        self._released = False

    @property
    def holding(self) -> bool:
        return self._holding

    def start(self, app: App[Any]) -> int:
        """Hold the keys the app takes from now on; the token to release them with."""
        if self._holding:  # a hold already runs: its release lets these keys go too
            return self._token
        self._token += 1
        self._holding, self._released = True, False
        token = self._token
        app.set_timer(HOLD_LIMIT, lambda: self.release(app, token, ()))
        return token

    def take(self, event: events.Key) -> bool:
        """Keep ``event`` for later (True) while a hold runs, unless this hold released it."""
        if not self._holding or getattr(event, _RELEASED_BY, None) == self._token:
            return False
        self._held.append(event)
        return True

    def release(self, app: App[Any], token: int, first: Sequence[events.Key]) -> None:
        """Release hold ``token``: post ``first`` (the dialog's own late keys), then a
        :class:`Flush` behind them. A hold released already (its time ran out), ended or
        replaced by a later one is left alone, but ``first`` still goes: keys are never dropped."""
        if not self._holding or token != self._token or self._released:
            self._post(app, first, flush=False)
            return
        self._released = True
        self._post(app, first)

    def flush(self, app: App[Any], token: int) -> None:
        """The app reached a :class:`Flush`: the keys it held meanwhile go next, with another
        :class:`Flush` behind them, until none was held (then the hold ends)."""
        if not self._holding or token != self._token:
            return
        held, self._held = self._held, []
        if not held:
            self._holding = False
            return
        self._post(app, held)

    def replay(self, app: App[Any], typed: bytes) -> None:
        """Keys typed before the app could read them (``typed``, as the terminal sent them) go
        first; keys the app has taken since wait behind them."""
        keys = typed_keys(typed)
        if keys:
            self.release(app, self.start(app), keys)

    def _post(self, app: App[Any], keys: Sequence[events.Key], *, flush: bool = True) -> None:
        for key in keys:
            again = events.Key(key.key, key.character)
            setattr(again, _RELEASED_BY, self._token)
            app.post_message(again)
        if flush:
            app.post_message(self.Flush(self._token))


def typed_keys(typed: bytes) -> list[events.Key]:
    """The keys in ``typed`` as a terminal sends them (Textual's own reading of the terminal)."""
    if not typed:
        return []
    parser = XTermParser()
    text = typed.decode("utf-8", errors="replace")
    messages = [*parser.feed(text), *parser.feed("")]  # "" ends the input: a lone Esc is a key
    return [message for message in messages if isinstance(message, events.Key)]
