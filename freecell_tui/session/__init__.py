"""The play session: the rules of playing, saving and recording a game, shared by the
full-screen game and line mode (pure: no Textual here), and the command table both are driven
by. See ``docs/architecture.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell_tui.lazy import lazy_names

if TYPE_CHECKING:
    from freecell_tui.session.parse import SPEED_RANGE, ActionCommand, Command, parse_command
    from freecell_tui.session.play import Ask, Decision, Event, PlaySession, Question, Step, Tone

#: Each name the package offers, with its module: a name is imported when first asked for, so
#: that a command imports only the modules it uses (``solve``, which searches for par, imports
#: no play session).
_HOMES: dict[str, str] = {
    "SPEED_RANGE": "parse",
    "ActionCommand": "parse",
    "Command": "parse",
    "parse_command": "parse",
    "Ask": "play",
    "Decision": "play",
    "Event": "play",
    "PlaySession": "play",
    "Question": "play",
    "Step": "play",
    "Tone": "play",
}


__getattr__ = lazy_names(__name__, _HOMES, globals())


__all__ = [
    "Ask",
    "Decision",
    "SPEED_RANGE",
    "ActionCommand",
    "Command",
    "Event",
    "PlaySession",
    "Question",
    "Step",
    "Tone",
    "parse_command",
]
