"""The game screen's settings of the board's look and feel, run from the command palette: the
four-colour deck, ASCII suits, motion and the classic look; each is kept for next time (the app
writes the settings file when a :class:`~freecell_tui.ui.messages.SettingChanged` arrives)."""

from __future__ import annotations

from textual import getters
from textual.screen import Screen

from freecell_tui.ui.board import Board
from freecell_tui.ui.messages import SettingChanged
from freecell_tui.ui.themes import CLASSIC_NAME

__all__ = ["LookActions"]


class LookActions(Screen[None]):
    """The base of :class:`~freecell_tui.ui.screens.game_actions.GameActions`: see the module's
    docstring."""

    board = getters.query_one("#board", Board)
    _before_classic: str | None = None

    def say(self, text: str, tone: str = "info") -> None:
        """Write the message line (the game screen does)."""
        raise NotImplementedError

    def remember(self, name: str, value: object) -> None:
        """Tell the app a setting changed, so it is kept for next time."""
        self.post_message(SettingChanged(name, value))

    def action_four_colour(self) -> None:
        board = self.board
        board.four_colour = not board.four_colour
        self.remember("four_colour", board.four_colour)

    def action_ascii(self) -> None:
        self.board.ascii = not self.board.ascii
        self.remember("ascii_suits", self.board.ascii)

    def action_motion(self) -> None:
        board = self.board
        board.motion = not board.motion
        self.remember("motion", board.motion)
        self.say(
            "Motion on: cards glide to their place."
            if board.motion
            else "Motion off: cards jump to their place at once."
        )

    def action_classic(self) -> None:
        """The classic look, or back to the theme chosen before it."""
        app = self.app
        if app.theme != CLASSIC_NAME:
            self._before_classic = app.theme
            app.theme = CLASSIC_NAME
            self.say("The classic look: light cards on a green table (again for your theme).")
        else:
            app.theme = self._before_classic or "textual-dark"
            self.say(f"Theme {app.theme}.")
