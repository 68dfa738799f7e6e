"""The FreeCell app: :class:`FreeCellApp` and :func:`run_app` (what ``freecell-tui`` opens).

The app owns the store (saves, the game in progress, statistics; see ``docs/saves.md``). It
offers to resume an unfinished game at start, writes the game after every change (the board
posts :class:`~freecell_tui.ui.messages.GameChanged`), records each game once when it is won or
left for another, and lets go of the game in progress on quit so it waits for next time.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, SystemCommand
from textual.notifications import SeverityLevel
from textual.screen import Screen

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.words import plural
from freecell_tui.paths import data_dir as default_data_dir
from freecell_tui.store import ErrorKind, SavedGame, Store, StoreError, format_duration
from freecell_tui.store.settings import Settings, load_settings, save_settings
from freecell_tui.ui.assistant import pace_for
from freecell_tui.ui.messages import GameChanged, SettingChanged
from freecell_tui.ui.screens.game import GameScreen

__all__ = ["FreeCellApp", "run_app"]


class FreeCellApp(App[None]):
    """FreeCell in the terminal.

    ``deal`` picks the Microsoft deal (random when ``None``); ``start`` plays a given game instead
    (a position or a game in progress, for tests and resumed games) with ``elapsed`` seconds
    already played. ``data_dir`` is where saves and statistics live (``store`` gives an opened
    store instead, for tests). ``clock`` gives seconds for the game timer (tests freeze it).

    The player's settings (theme, four-colour deck, winnability check, winnable deals only,
    auto-solve speed) are read from ``settings.json`` in ``data_dir`` and written back whenever
    one changes (``four_colour`` given here wins over the file for this session).

    With neither ``deal`` nor ``start``, an unfinished game in the store is offered first (the
    resume prompt). With ``deal``, an unfinished game is left waiting: it stays in the store, is
    listed on the save screen and is offered at the next start without ``--deal``.
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
        four_colour: bool | None = None,
        start: Game | None = None,
        elapsed: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        store: Store | None = None,
    ) -> None:
        super().__init__()
        self.data_dir: Path = default_data_dir(data_dir)
        mode = AutoplayMode.parse(autoplay) if isinstance(autoplay, str) else autoplay
        warnings: tuple[str, ...] = ()
        if store is None:
            opened = Store.open(self.data_dir)
            store, warnings = opened.store, opened.warnings
        self.store: Store = store
        #: The unfinished game the resume prompt offers (no deal asked for), or left waiting.
        self._offer: SavedGame | None = None
        self._waiting: SavedGame | None = None
        if start is None:
            found = store.load_autosave()
            warnings += found.problems
            if deal is None and found.saved is not None:
                self._offer = found.saved
                start, elapsed = found.saved.game, found.saved.elapsed_seconds
            else:
                self._waiting = found.saved
                number = deal if deal is not None else random_deal_number()
                start = Game.new(number, autoplay=mode or AutoplayMode.SAFE)
        elif mode is not None:
            start = start.with_autoplay(mode)
        self._start = start
        self._elapsed = elapsed
        self._ascii = ascii
        loaded = load_settings(self.data_dir)
        warnings += loaded.problems
        #: The player's settings as last written (see ``docs/saves.md``).
        self.settings: Settings = loaded.settings
        self._settings_reported = False
        self._four_colour = four_colour if four_colour is not None else self.settings.four_colour
        theme = self.settings.theme
        if theme is not None and theme in self.available_themes:
            self.theme = theme
        elif theme is not None:
            warnings += (f"The theme “{theme}” of your settings is unknown here; ignored.",)
        self._clock = clock
        self._warnings = warnings
        #: Whether the board's game is this copy's to write (not while the prompt is up).
        self._keeping = self._offer is None
        #: The board's game is already recorded (won), or needs no record: no more writes for it.
        self._finished = False
        #: Kinds of write failure already shown (each is shown once, not after every move).
        self._reported: set[ErrorKind] = set()
        self._board: GameScreen | None = None

    def get_default_screen(self) -> Screen[None]:
        self._board = GameScreen(
            self._start,
            ascii=self._ascii,
            four_colour=self._four_colour,
            clock=self._clock,
            store=self.store,
            elapsed=self._elapsed,
        )
        assistant = self._board.assistant
        assistant.check = self.settings.winnability_check
        assistant.winnable_only = self.settings.winnable_deals_only
        if self.settings.solve_speed is not None:
            assistant.pace = pace_for(self.settings.solve_speed)
        if self._offer is not None:
            self._board.pause_clock("start")  # the time at the resume prompt is not play time
        return self._board

    @property
    def game_screen(self) -> GameScreen:
        """The board (always at the bottom of the screen stack)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    # ------------------------------------------------------------------ the store
    def on_mount(self) -> None:
        for warning in self._warnings:
            self.tell(warning, severity="warning", timeout=20)
        if self._offer is not None:
            from freecell_tui.ui.screens.resume import ResumeScreen

            self.push_screen(ResumeScreen(self._offer), self._resume_chosen)
        elif self._waiting is not None:
            game = self._waiting.game
            deal = f"deal {game.deal_number}" if game.deal_number is not None else "a position"
            moves = plural(game.move_count, "move")
            self.tell(
                f"Your unfinished game of {deal} ({moves}) is kept: s opens the saves, where it "
                "is listed."
            )

    def _resume_chosen(self, choice: object) -> None:
        """The answer to the resume prompt: resume, a new game, or quit (the game waits)."""
        from freecell_tui.ui.screens.resume import ResumeChoice

        saved, board = self._offer, self.game_screen
        assert saved is not None
        self._offer = None
        if choice is ResumeChoice.QUIT or choice is None:
            self.exit()
            return
        self._keeping = True
        board.resume_clock("start")
        if choice is ResumeChoice.RESUME:
            error = self.store.resume(saved)
            if error is None:
                count = saved.game.move_count
                board.say(
                    f"Welcome back: {plural(count, 'move')}, "
                    f"{format_duration(saved.elapsed_seconds)} played. u undoes, ctrl+y redoes."
                )
                return
            self.tell(error.message, severity="error")
        else:
            self._report(self.store.discard_autosave(saved))
        # The offered game is recorded (a new game was chosen) or not ours: nothing to record.
        self._finished = True
        board.start_deal()

    def on_game_changed(self, message: GameChanged) -> None:
        """Write the game after every change; record it once when won or left for another."""
        if not self._keeping:
            return
        if message.replaced is not None and not self._finished:
            self._report(self.store.finish(message.replaced, message.replaced_elapsed))
        if message.replaced is not None or message.resumed:
            self._finished = message.resumed and message.game.state.is_won
        self._keep(message.game, message.elapsed)

    def _keep(self, game: Game, elapsed: float) -> None:
        if self._finished:
            return
        if game.state.is_won:
            self._finished = True
            self._report(self.store.finish(game, elapsed))
        else:
            self._report(self.store.autosave(game, elapsed))

    # ------------------------------------------------------------------ settings
    def watch_theme(self, theme: str) -> None:
        self._remember("theme", theme)

    def on_setting_changed(self, message: SettingChanged) -> None:
        self._remember(message.name, message.value)

    def _remember(self, name: str, value: object) -> None:
        """Keep a changed setting for next time; a failed write is shown once, and the setting
        still applies for this session."""
        if getattr(self.settings, name) == value:
            return
        changes: dict[str, Any] = {name: value}  # a field named at run time: checked above
        self.settings = replace(self.settings, **changes)
        error = save_settings(self.data_dir, self.settings)
        if error is not None and not self._settings_reported:
            self._settings_reported = True
            self.tell(error.message + " This is shown once.", severity="warning")

    def _report(self, error: StoreError | None) -> None:
        """Show a failed write once per kind: play goes on, and the previous save is intact."""
        if error is None or error.kind in self._reported:
            return
        self._reported.add(error.kind)
        self.tell(f"{error.message} You can play on; this is shown once.", severity="error")

    def tell(
        self, text: str, *, severity: SeverityLevel = "information", timeout: float = 15
    ) -> None:
        """A notice about the saves (plain text: paths and names are never read as markup)."""
        self.notify(text, title="Saves", severity=severity, timeout=timeout, markup=False)

    def on_unmount(self) -> None:
        """Quitting: write the play time since the last move, then let go of the game in
        progress, which waits for next time."""
        board = self._board
        if self._keeping and board is not None:
            self._keep(board.game, board.elapsed)
        self.store.close()

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
        yield SystemCommand(
            "Saved games", "Save this game under a name, load, rename, export…", board.action_saves
        )
        yield SystemCommand(
            "Statistics", "Games played and won, streaks, best times", board.action_stats
        )
        yield SystemCommand(
            "Watch Klondike",
            "The automatic Klondike player, at a pace you can follow",
            board.action_klondike,
        )
        assistant = board.assistant
        yield SystemCommand("Hint", "Highlight the next move of a solution (i)", board.action_hint)
        yield SystemCommand(
            "Auto-solve",
            "Play a solution from here, step by step (p; Esc stops)",
            board.action_solve,
        )
        yield SystemCommand(
            "Winnability check",
            f"Say in the status line whether this game can still be won (toggle; now "
            f"{'on' if assistant.check else 'off'})",
            lambda: assistant.set_check(not assistant.check),
        )
        yield SystemCommand(
            "Winnable deals only",
            f"New random games skip deals the solver proves unsolvable (toggle; now "
            f"{'on' if assistant.winnable_only else 'off'})",
            lambda: assistant.set_winnable_only(not assistant.winnable_only),
        )
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
