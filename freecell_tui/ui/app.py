"""The FreeCell app: :class:`FreeCellApp` and :func:`run_app` (what ``freecell-tui`` opens)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.screen import Screen

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.paths import data_dir as default_data_dir
from freecell_tui.ui.screens.game import GameScreen

__all__ = ["FreeCellApp", "run_app"]


class FreeCellApp(App[None]):
    """FreeCell in the terminal.

    ``deal`` picks the Microsoft deal (random when ``None``); ``start`` plays a given game instead
    (a position or a game in progress, for tests and resumed games). ``data_dir`` is where saves and
    statistics live. ``clock`` gives seconds for the game timer (tests freeze it).
    """

    CSS_PATH = "freecell.tcss"
    TITLE = "FreeCell"
    ALLOW_SELECT: ClassVar[bool] = False

    def __init__(
        self,
        deal: int | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        ascii: bool = False,
        autoplay: AutoplayMode | str | None = None,
        four_colour: bool = False,
        start: Game | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__()
        self.data_dir: Path = default_data_dir(data_dir)
        mode = AutoplayMode.parse(autoplay) if isinstance(autoplay, str) else autoplay
        if start is None:
            number = deal if deal is not None else random_deal_number()
            start = Game.new(number, autoplay=mode or AutoplayMode.SAFE)
        elif mode is not None:
            start = start.with_autoplay(mode)
        self._start = start
        self._ascii = ascii
        self._four_colour = four_colour
        self._clock = clock

    def get_default_screen(self) -> Screen[None]:
        return GameScreen(
            self._start, ascii=self._ascii, four_colour=self._four_colour, clock=self._clock
        )

    @property
    def game_screen(self) -> GameScreen:
        """The board (always at the bottom of the screen stack)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        board = self.game_screen
        yield SystemCommand(
            "Four-colour deck",
            "Clubs green, diamonds blue, hearts red, spades black (toggle)",
            lambda: setattr(board, "four_colour", not board.four_colour),
        )
        yield SystemCommand(
            "ASCII suits",
            "Draw suits as the letters C D H S (toggle)",
            lambda: setattr(board, "ascii", not board.ascii),
        )
        yield SystemCommand("New game", "Deal a new random game", board.action_new_game)
        yield SystemCommand("Restart", "Back to the start of this deal", board.action_restart)
        yield SystemCommand("Keys and mouse", "Every key and mouse action", board.action_help)


def run_app(
    deal: int | None = None,
    data_dir: str | os.PathLike[str] | None = None,
    ascii: bool = False,
    autoplay: str | None = None,
) -> int:
    """Run the full-screen game until the player quits; returns the exit code."""
    try:
        app = FreeCellApp(deal, data_dir, ascii=ascii, autoplay=autoplay)
    except FreeCellError as error:
        print(f"freecell-tui: error: {error}", file=sys.stderr)
        return 2
    app.run()
    return app.return_code or 0
