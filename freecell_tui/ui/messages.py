"""A click on the board, as the board posts it to itself (it decides what the click means), and
the setting message the app listens to."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from freecell_tui.core.notation import Pile


@dataclass
class PileClicked(Message):
    """A click on ``pile``: ``index`` is the card clicked (0 = deepest; ``None`` for an empty
    spot), ``chain`` is 2 for a double click."""

    pile: Pile
    index: int | None
    chain: int = 1


@dataclass
class SettingChanged(Message):
    """The player changed a setting that outlives the session: ``name`` is a field of
    :class:`freecell_tui.store.settings.Settings`. The app writes the settings file."""

    name: str
    value: object
