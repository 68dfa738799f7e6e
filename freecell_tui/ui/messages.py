"""Messages the board's widgets post upward. Widgets say *where* the player acted; the game
screen decides what that means (select, move, refuse)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from freecell_tui.core.game import Game
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
class GameChanged(Message):
    """Posted by the game screen after every change of its game (a move, undo, redo, restart, a
    new deal): ``said`` is the line the status shows. Autosave listens here.

    ``elapsed`` is the play time of ``game`` at the change. When a different game took the place
    of the one being played (a new deal), ``replaced`` is that game and ``replaced_elapsed`` its
    final play time, so it can be recorded as left. ``resumed`` marks a stored game taken up
    again (resumed or loaded): the game it replaced was set aside, not left, so ``replaced`` is
    ``None``."""

    game: Game
    said: str
    elapsed: float = 0.0
    replaced: Game | None = None
    replaced_elapsed: float = 0.0
    resumed: bool = False


@dataclass
class SettingChanged(Message):
    """The player changed a setting that outlives the session: ``name`` is a field of
    :class:`freecell_tui.store.settings.Settings`. The app writes the settings file."""

    name: str
    value: object
