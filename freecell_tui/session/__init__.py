"""The play session: the rules of playing, saving and recording a game, shared by the
full-screen game and line mode (pure: no Textual here), and the command table both are driven
by. See ``docs/architecture.md``."""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell_tui.session.parse import SPEED_RANGE, ActionCommand, Command, parse_command
    from freecell_tui.session.play import Ask, Decision, Event, PlaySession, Question, Step, Tone

#: Where each name of the package lives. Importing the package imports none of its modules:
#: a name is imported from its module when first read, so that a command imports only the parts
#: it uses (``solve`` uses the par search, not the play session).
_MODULES = {
    "SPEED_RANGE": "freecell_tui.session.parse",
    "ActionCommand": "freecell_tui.session.parse",
    "Command": "freecell_tui.session.parse",
    "parse_command": "freecell_tui.session.parse",
    "Ask": "freecell_tui.session.play",
    "Decision": "freecell_tui.session.play",
    "Event": "freecell_tui.session.play",
    "PlaySession": "freecell_tui.session.play",
    "Question": "freecell_tui.session.play",
    "Step": "freecell_tui.session.play",
    "Tone": "freecell_tui.session.play",
}


def __getattr__(name: str) -> object:
    """A name of the package, imported from its module (:data:`_MODULES`) the first time."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


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
