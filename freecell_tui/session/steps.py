"""What a session action returns: a :class:`Step` (what happened, to show), or an :class:`Ask`:
a :class:`Question` to put first, with what follows a yes. Both front ends present them alike
(the full-screen game in a dialog, line mode on the next line); neither decides the flow."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from freecell_tui.core.game import Turn
from freecell_tui.core.state import GameState
from freecell_tui.store import ErrorKind

__all__ = ["Ask", "Decision", "Event", "Question", "Step", "Tone", "refuse"]


class Tone(enum.Enum):
    INFO = "info"
    ERROR = "error"
    SUCCESS = "success"


class Event(enum.Enum):
    """Something the front end shows a notice for."""

    WON = "won"
    STUCK = "stuck"  # no legal move left
    #: The unfinished game offered to resume was taken up by another copy of the game meanwhile:
    #: a new game is on the board instead (keys typed for the old one must not play it unseen).
    TAKEN = "taken"


@dataclass(frozen=True, slots=True)
class Step:
    """What a session action did. ``said`` is the one line to show (the message line);
    ``lines`` tells a turn move by move (line mode prints them). ``changed``: the game changed;
    ``new_game``: a different game is played now (a deal, a save). ``turn`` is the turn played
    from ``before``. ``notices`` are problems of the store, each shown once per session.
    ``error`` is the store's kind of refusal (``EXISTS`` lets a front end offer to overwrite).
    ``shorter``: shorter forms of ``said``, longest first, each a whole sentence, for a line too
    narrow for it (the full-screen message line shows the first that fits)."""

    said: str
    tone: Tone = Tone.INFO
    changed: bool = False
    new_game: bool = False
    lines: tuple[str, ...] = ()
    turn: Turn | None = None
    before: GameState | None = None
    event: Event | None = None
    notices: tuple[str, ...] = ()
    error: ErrorKind | None = None
    shorter: tuple[str, ...] = ()

    @property
    def refused(self) -> bool:
        return self.tone is Tone.ERROR


@dataclass(frozen=True, slots=True)
class Question:
    """A yes/no question to ask before leaving a game under way."""

    title: str
    detail: str
    yes: str = "Yes"
    no: str = "Carry on"


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask ``question`` first: on yes, ``yes()`` does what was asked for and returns what to show
    next (``None``: nothing yet, a search runs); on no, ``no`` is said and nothing changes."""

    question: Question
    yes: Callable[[], Decision | None]
    no: str = "Carry on: your game goes on."


#: What a session flow returns: a step to show, or a question to ask first.
Decision = Step | Ask


def refuse(reason: str, kind: ErrorKind | None = None) -> Step:
    """A refusal: said in the error tone, nothing changed."""
    return Step(reason, Tone.ERROR, error=kind)
