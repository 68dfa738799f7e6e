"""Messages the piles post upward (the board decides what a click, a drag or a hover means), and
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
class PileHovered(Message):
    """The mouse is over ``pile`` at card ``index`` (``pile`` is ``None`` when it left the board)."""

    pile: Pile | None
    index: int | None = None


@dataclass
class PileDragStarted(Message):
    """The mouse, pressed on the card at ``index`` of ``source``, began to move: a drag."""

    source: Pile
    index: int


@dataclass
class PileDropped(Message):
    """A card (and those on it) dragged from ``source`` at ``index`` and released over ``dest``
    (``None``, or ``source`` itself: released off the piles or back on its own, the drag is
    called off)."""

    source: Pile
    index: int
    dest: Pile | None


@dataclass
class SettingChanged(Message):
    """The player changed a setting that outlives the session: ``name`` is a field of
    :class:`freecell_tui.store.settings.Settings`. The app writes the settings file."""

    name: str
    value: object
