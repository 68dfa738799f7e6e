"""The play session: the rules of playing, saving and recording a game, shared by the
full-screen game and line mode (pure: no Textual here), and the command table both are driven
by. See ``docs/architecture.md``."""

from freecell_tui.session.parse import SPEED_RANGE, ActionCommand, Command, parse_command
from freecell_tui.session.play import Ask, Decision, Event, PlaySession, Question, Step, Tone

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
