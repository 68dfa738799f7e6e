"""The FreeCell app: :class:`FreeCellApp` and :func:`run_app` (what ``freecell-tui`` opens).

The app opens the store, reads the player's settings and starts the
:class:`~freecell_tui.session.PlaySession` that the game screen drives; it asks the resume
question at start, keeps changed settings for next time, lists the command table's palette
entries, and closes the session on quit (the game waits for next time).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import SystemCommand
from textual.events import DeliveryFailed
from textual.filter import LineFilter, Monochrome, NoColor
from textual.screen import Screen

from freecell_tui.config import Config
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.daily import daily_deal
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.difficulty import Band, random_deal
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, VARIANTS, Variant
from freecell_tui.core.words import plural
from freecell_tui.paths import data_dir as default_data_dir
from freecell_tui.session import ActionCommand, PlaySession
from freecell_tui.session.par import PAR_SECONDS
from freecell_tui.session.words import rules_phrase, start_phrase
from freecell_tui.store import Store
from freecell_tui.store.settings import Settings, load_settings, save_settings
from freecell_tui.ui.ascii import AsciiText
from freecell_tui.ui.assist.assistant import Assistant
from freecell_tui.ui.assist.autosolve import AutoSolver, pace_for
from freecell_tui.ui.assist.par import ParFinder
from freecell_tui.ui.board.inks import board_variables
from freecell_tui.ui.commands import (
    DEFAULT_KEYS,
    Bound,
    KeyTable,
    key_name,
    palette_commands,
    with_keys,
)
from freecell_tui.ui.compat import ReportingApp, guard_input
from freecell_tui.ui.crash import crash_message, write_crash_report
from freecell_tui.ui.keymap import effective_keys
from freecell_tui.ui.keys import DecidesKeys, handled
from freecell_tui.ui.messages import SettingChanged
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.terminal_probe import drawn_wide, probe_terminal
from freecell_tui.ui.themes import CLASSIC, ConfigTheme, config_theme
from freecell_tui.ui.web.browser import DELIVERY_NAME

__all__ = ["FreeCellApp", "run_app"]

_NO_COLOUR = NoColor()
#: Input that Textual hands on to a widget's queue when no screen decided it as it was read.
HANDED_ON = (events.Key, events.Paste, events.MouseDown, events.MouseUp)


class FreeCellApp(ReportingApp[None]):
    """FreeCell in the terminal.

    ``deal`` picks the Microsoft deal (random when ``None``); ``start`` plays a given game instead
    (a position or a game in progress, for tests) with ``elapsed`` seconds already played.
    ``data_dir`` is where saves and statistics live (``store`` gives an opened store instead, for
    tests). ``clock`` gives seconds for the game timer (tests freeze it); ``deal_source`` gives
    random deal numbers; ``par_seconds`` bounds the background search for a deal's par (a search
    it cuts short finds no par; ``None``: only pars already in the store are shown). ``daily``
    plays the daily deal of that date (as ``deal`` does). ``watch`` opens the viewer on that
    game first, over its deal's start (``t`` there plays on; leaving the viewer quits).
    ``intro``: the first game's card (how to move) shows; ``None``: until the player has closed
    it once (the ``seen_intro`` setting). ``config``: the player's config file as read (its
    theme is the theme at start; its problems are shown at start). ``keys``: the player's keys,
    binding id to keys (``{"undo": ["z", "ctrl+z"]}``; default: the config file's ``[keys]``),
    made into the game's key table at start (:func:`~freecell_tui.ui.keymap.effective_keys`:
    what cannot apply is said in one line each, and keeps its default).

    With neither ``deal`` nor ``start``, an unfinished game in the store is offered first (the
    resume prompt). With ``deal``, an unfinished game is left waiting: it stays in the store, is
    listed on the save screen and is offered at the next start without ``--deal``.
    """

    CSS_PATH = "freecell.tcss"
    TITLE = "FreeCell"
    ALLOW_SELECT: ClassVar[bool] = False

    def __init__(  # noqa: PLR0913 (keyword-only injection points: tests give the clock, deals, a store)
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
        deal_source: Callable[[], int] = random_deal_number,
        par_seconds: float | None = PAR_SECONDS,
        probe: bool = False,
        daily: date | None = None,
        watch: Game | None = None,
        variant: Variant | None = None,
        intro: bool | None = None,
        config: Config | None = None,
        keys: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__()
        if keys is None and config is not None:
            keys = config.keys
        #: The player's keys (the defaults with the player's overrides), made once here.
        self.keys: KeyTable = DEFAULT_KEYS
        key_problems: tuple[str, ...] = ()
        if keys:
            self.keys, key_problems = effective_keys(keys)
        # Textual's bindings (the footer, the key panel) show the player's keys; the game
        # screen decides its keys from the same table.
        self.set_keymap(
            {
                name: ",".join(found)
                for name, found in self.keys.items()
                if found != DEFAULT_KEYS[name]
            }
        )
        self._key_problems = key_problems
        #: A game to open the viewer on at start (``freecell-tui watch``): leaving it quits.
        self._watch = watch
        #: How long the background search for a deal's par runs (``None``: it never runs).
        self.par_seconds = par_seconds
        self.data_dir: Path = default_data_dir(data_dir)
        mode = AutoplayMode.parse(autoplay) if isinstance(autoplay, str) else autoplay
        warnings: tuple[str, ...] = ()
        if store is None:
            opened = Store.open(self.data_dir)
            store, warnings = opened.store, opened.warnings
        #: An unfinished game left waiting because a deal was asked for.
        self._waiting: Game | None = None
        offer = None
        if daily is not None:
            deal = daily_deal(daily, variant or FREECELL)  # each game has its own daily
        if watch is not None and start is None:  # under the viewer: the watched deal, unplayed
            start = Game(watch.start, watch.deal_number, watch.autoplay)
        if start is None:
            found = store.autosaves.offer()
            warnings += found.problems
            if deal is None and variant is None and found.saved is not None:
                offer = found.saved
            elif found.saved is not None:
                self._waiting = found.saved.game
            number = deal if deal is not None else deal_source()
            start = Game.new(
                number, autoplay=mode or AutoplayMode.SAFE, variant=variant or FREECELL
            )
        elif mode is not None:
            start = start.with_autoplay(mode)
        #: The session the game screen drives (the store, the game, the clock).
        self.session = PlaySession(
            store,
            start,
            clock=clock,
            elapsed=elapsed,
            offer=offer,
            autoplay=mode,
            deal_source=deal_source,
            daily=daily,
            variant=variant,
        )
        loaded = load_settings(self.data_dir)
        warnings += loaded.problems
        #: The player's settings as last written (see ``docs/saves.md``).
        self.settings: Settings = loaded.settings
        self._settings_reported = False
        #: The first game's card shows (``None``: on a first start, until the player closes it).
        self._intro = not self.settings.seen_intro if intro is None else intro
        self._four_colour = four_colour if four_colour is not None else self.settings.four_colour
        chosen = self.settings.ascii_suits
        self._ascii = ascii or bool(chosen)
        #: Every text on screen with suit letters while the board draws them (see :mod:`.ascii`).
        self.ascii_text = AsciiText(enabled=self._ascii)
        #: Not chosen: the terminal is asked whether it draws the suits two cells wide.
        self._probe = probe and not ascii and chosen is None
        self._probing = False
        #: Input went Textual's way, into the widgets' queues, since the last key: a click, or a
        #: key the screen left (the palette's): it may still be on its way.
        self._handed_on = False
        self._warnings = warnings + self._start_theme(config)
        #: Where the report of an unexpected error was written (see :meth:`crashed`).
        self.crash_report: Path | None = None

    def _start_theme(self, config: Config | None) -> tuple[str, ...]:
        """The theme at start: the config file's, else the settings' (see ``docs/config.md``);
        the classic look and the player's own theme registered first. Returns what is wrong
        with the settings' theme (the config file's problems are kept for :meth:`on_mount`)."""
        self.register_theme(CLASSIC)
        asked = ConfigTheme() if config is None else config_theme(config, self.available_themes)
        #: What was wrong with the config file, shown at start.
        self._config_problems = () if config is None else config.problems + asked.problems
        if asked.own is not None:
            self.register_theme(asked.own)
        #: The config file's theme: the theme at every start, never remembered in the settings
        #: (they keep the palette's choice, for when the file names none).
        self._config_theme = asked.name
        theme = asked.name or self.settings.theme
        if theme is not None and theme in self.available_themes:
            self.theme = theme
        elif theme is not None:
            return (f"The theme “{theme}” of your settings is unknown here; ignored.",)
        return ()

    def get_default_screen(self) -> Screen[None]:
        assistant = Assistant(self.session.game, deal_source=self.session.deal_source)
        assistant.check = self.settings.winnability_check
        assistant.winnable_only = self.settings.winnable_deals_only
        speed = self.settings.solve_speed
        autosolver = AutoSolver() if speed is None else AutoSolver(pace_for(speed))
        return GameScreen(
            self.session,
            ascii=self._ascii,
            four_colour=self._four_colour,
            motion=self.settings.motion,
            assistant=assistant,
            autosolver=autosolver,
            par_finder=ParFinder(budget=self.par_seconds),
            intro=self._intro,
            keys=self.keys,
        )

    @property
    def game_screen(self) -> GameScreen:
        """The board (always at the bottom of the screen stack)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    # ------------------------------------------------------------------ colours and input
    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables and the board's own (``$card-face``…, see :mod:`.board.inks`)."""
        variables = super().get_css_variables()
        variables.update(board_variables(variables))
        self.theme_variables = variables
        return variables

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        if self.no_color and self.native_ansi_color:
            # NO_COLOR under an ANSI theme: no colour at all, as Textual does for a theme that
            # is ANSI from the start (its greys would turn the terminal's colours black: the
            # theme is chosen after Textual picks its filter, from the settings or the palette).
            filters = [_NO_COLOUR if isinstance(f, Monochrome) else f for f in filters]
        return [*filters, self.ascii_text] if self.ascii_text.enabled else filters

    def show_ascii(self, ascii: bool) -> None:
        """Every text on every screen drawn again with suit letters, or symbols."""
        if self.ascii_text.enabled != ascii:
            self.ascii_text.enabled = ascii
            for screen in self.screen_stack:
                for widget in screen.walk_children(with_self=True):
                    widget.refresh()

    async def on_event(self, event: events.Event) -> None:
        """Every key is decided as it is read from the terminal, in the order typed, by the
        screen on top: the game screen and its dialogs decide it at once
        (:class:`~freecell_tui.ui.keys.DecidesKeys`), so a screen a key opens or closes is
        already there for the next key. Keys they leave (and every key of Textual's own
        screens) go Textual's way: priority bindings, then the focused widget, through its
        queue, as clicks do. Input read before a key acts before it: the key first waits until
        the screen handled what went Textual's way (:func:`~freecell_tui.ui.keys.handled`). A
        paste is a key of many characters: decided the same way."""
        if isinstance(event, events.InputEvent) and (
            not self.screen_stack or self.return_code is not None
        ):
            return  # input once the app is leaving (q, then more keys) has nowhere to go
        if isinstance(event, (events.Key, events.Paste)) and self._handed_on:
            self._handed_on = False
            await handled(self.screen)  # what was read before it acts first
        if isinstance(event, events.Key) and not event.is_forwarded:
            if event.key == "ctrl+j":  # Enter typed before the game set the terminal up
                event = events.Key("enter", "\r")
            if await self._decide_key(event):
                return
        if isinstance(event, events.Paste) and not event.is_forwarded:
            screen = self.screen
            if isinstance(screen, DecidesKeys) and screen.decide_paste(event):
                return
        if isinstance(event, HANDED_ON) and not event.is_forwarded:
            self._handed_on = True
        await super().on_event(event)

    async def _decide_key(self, event: events.Key) -> bool:
        """The top screen decides ``event``, once it is mounted; a screen that leaves it after
        opening another (the resume prompt, the win's dialog) leaves it to that one, asked
        next."""
        screen = self.screen
        while isinstance(screen, DecidesKeys):
            if not screen.is_mounted:  # opened by the key or the click before: up first
                await handled(screen)
                if self.screen is not screen:
                    screen = self.screen
                    continue
            if await screen.decide_key(event):
                return True
            if self.screen is screen:
                return False
            screen = self.screen
        return False

    # ------------------------------------------------------------------ start and end
    def on_mount(self) -> None:
        if self._probe:
            self._probing = probe_terminal(self)
        if self._watch is not None:
            self._open_viewer(self._watch)
        for warning in self._warnings:
            self.tell(warning, warning=True)
        for problem in self._config_problems:
            self.tell(problem, warning=True, title="Config file")
        for problem in self._key_problems:
            self.notify(problem, title="Keys", severity="warning", timeout=20, markup=False)
        if self._waiting is not None:
            game = self._waiting
            self.tell(
                f"Your unfinished game of {start_phrase(game)} "
                f"({plural(game.move_count, 'move')}) is kept: {key_name(self.keys, 'saves')} opens "
                "the saves, where it is "
                "listed."
            )

    def _open_viewer(self, game: Game) -> None:
        """The viewer as the program opens (``freecell-tui watch``): leaving it quits; ``t``
        plays on in the game screen under it."""
        from freecell_tui.ui.screens.viewer import ViewerScreen

        def answered(taken: Game | None) -> None:
            if taken is None:
                self.exit()
            else:
                self.game_screen.play_on(taken)

        ascii, four_colour, motion = self._ascii, self._four_colour, self.settings.motion
        viewer = ViewerScreen(
            game,
            ascii=ascii,
            four_colour=four_colour,
            motion=motion,
            then=answered,
            pars=self.session,
        )
        self.push_screen(viewer)

    def on_cursor_position(self, event: events.CursorPosition) -> None:
        """The terminal's answer to the probe (:mod:`.terminal_probe`): suits drawn two cells
        wide are drawn as letters instead."""
        if self._probing:
            self._probing = False
            if drawn_wide(event):
                self.game_screen.board.ascii = True
                self.show_ascii(True)

    def on_unmount(self) -> None:
        """Quitting: write the play time, then let go of the game, which waits for next time.
        (After a crash this may fail too: the last committed move is on disk already.)"""
        try:
            self.session.close()
        except Exception as error:  # the store's own failures come back as values
            if self.crash_report is None:
                self.crash_report = write_crash_report(error, self.data_dir, self._crash_context())

    # ------------------------------------------------------------------ the last line of defence
    def crashed(self, error: Exception) -> None:
        """An unexpected error anywhere in the UI: write a crash report; Textual then stops the
        app, and :func:`run_app` prints one clear paragraph instead of a traceback
        (:class:`~freecell_tui.ui.compat.ReportingApp`). The game is on disk already."""
        if self.crash_report is None:
            self.crash_report = write_crash_report(error, self.data_dir, self._crash_context())

    def _crash_context(self) -> str:
        """The game and the screens at the time of a crash, for the report."""
        try:
            game = self.session.game
            turns = " ".join(str(move) for move in game.moves)
            screens = " > ".join(type(screen).__name__ for screen in self.screen_stack)
            return (
                f"Deal: {game.deal_number}; autoplay {game.autoplay}; moves: {turns}\n"
                f"Screens: {screens}; size: {self.size.width}x{self.size.height}"
            )
        except Exception as error:  # the report is written whatever the state
            return f"(the game could not be described: {error!r})"

    def on_delivery_failed(self, event: DeliveryFailed) -> None:
        """A download to the player's browser failed (``freecell-tui serve``)."""
        if event.name == DELIVERY_NAME:
            self.tell(f"The download failed: {event.exception}", warning=True)

    def tell(self, text: str, *, warning: bool = False, title: str = "Saves") -> None:
        """A notice about the saves, or what ``title`` says (plain text: paths and names are
        never read as markup)."""
        self.notify(
            text,
            title=title,
            severity="warning" if warning else "information",
            timeout=20,
            markup=False,
        )

    # ------------------------------------------------------------------ settings
    def watch_theme(self, theme: str) -> None:
        if theme != self._config_theme:
            self._remember("theme", theme)

    def on_setting_changed(self, message: SettingChanged) -> None:
        self._remember(message.name, message.value)
        if message.name == "ascii_suits":
            self.show_ascii(bool(message.value))

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
            self.tell(error.message + " This is shown once.", warning=True)

    # ------------------------------------------------------------------ the command palette
    def action_command_palette(self) -> None:
        """The command palette, guarded against Textual's own crashes (see :mod:`.palette`).
        It has no id: one just closed is still being removed when a key read right after the
        click that closed it opens the next."""
        from freecell_tui.ui.palette import GuardedPalette

        if self.use_command_palette:
            self._open_palette(GuardedPalette())

    def search_themes(self) -> None:
        """The palette's "Theme" list: Textual's, in the guarded palette too (every palette the
        game opens is guarded against Textual's own crashes)."""
        from textual.theme import ThemeProvider

        from freecell_tui.ui.palette import GuardedPalette

        self._open_palette(
            GuardedPalette(providers=[ThemeProvider], placeholder="Search for themes…")
        )

    def _open_palette(self, palette: Screen[Any]) -> None:
        """One palette at a time: never a second while one is anywhere in the screen stack
        (under a dialog a command opened, say, or opened by a key read before the Theme command
        chosen in the last one ran)."""
        from textual.command import CommandPalette

        if not any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.push_screen(palette)

    def action_show_help_panel(self) -> None:
        """Textual's key panel, only on a screen that is in the app (mounted on a screen not yet,
        or no longer, in the app, Textual raises ``MountError``): otherwise it waits for the next
        refresh."""
        if self.screen.is_attached:
            super().action_show_help_panel()
        else:
            self.call_after_refresh(self._show_help_panel_when_attached)

    def _show_help_panel_when_attached(self) -> None:
        if self.screen.is_attached:
            super().action_show_help_panel()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette: one entry per command, in the game's words — the command table's, and
        Textual's theme list (its other entries, a second "Keys" and a "Quit" that would not
        say the game waits, are left out). The game's commands act on the board, so they are
        offered only over the board itself; over a dialog or another screen the palette offers
        the theme alone (a command there would open its dialog over that one, out of sight of
        the board it acts on)."""
        for stock in super().get_system_commands(screen):
            if stock.title == "Theme":
                yield SystemCommand(
                    "Theme", "The colours of the table and the cards", stock.callback
                )
        board = self.game_screen
        if screen is not board:
            return
        for command in palette_commands():
            yield SystemCommand(
                command.palette,
                with_keys(command.palette_help, self.keys),
                partial(board.run_action, Bound(command.name, command.name).action),
            )
        for variant in VARIANTS.values():  # a new game of each game, asked first as n is
            yield SystemCommand(
                f"New game: {variant.title}",
                rules_phrase(variant),
                partial(board.action_new, ActionCommand("new", variant=variant)),
            )
        for band in Band:  # a random classic deal of each difficulty, asked first as n is
            yield SystemCommand(
                f"New game: {band} deal",
                f"A random FreeCell deal rated {band} by the solver (docs/rules.md)",
                partial(self._new_of_band, band),
            )

    def _new_of_band(self, band: Band) -> None:
        """A new classic game of a random deal of ``band``."""
        self.game_screen.action_new(
            ActionCommand("new", number=random_deal(band), variant=FREECELL)
        )


def run_app(
    deal: int | GameState | None = None,
    data_dir: str | os.PathLike[str] | None = None,
    ascii: bool = False,
    autoplay: str | None = None,
    daily: date | None = None,
    watch: Game | None = None,
    variant: Variant | None = None,
    config: Config | None = None,
) -> int:
    """Run the full-screen game until the player quits; returns the exit code. ``deal``: a deal
    number, or a custom position (a game code's start, which names its game) to play from;
    ``watch``: open the viewer on that game first (leaving it quits); ``variant``: the game
    (``--game``, ``--cells``); ``config``: the player's config file as read (its theme, its
    keys)."""
    from freecell_tui.core.errors import FreeCellError

    number, start = (
        (None, Game.from_position(deal)) if isinstance(deal, GameState) else (deal, None)
    )
    try:
        app = FreeCellApp(
            number,
            data_dir,
            ascii=ascii,
            autoplay=autoplay,
            start=start,
            probe=True,
            daily=daily,
            watch=watch,
            variant=variant,
            config=config,
        )
    except FreeCellError as error:
        import sys

        print(f"freecell-tui: error: {error}", file=sys.stderr)
        return 2
    guard_input()
    app.run()
    if app.crash_report is not None or app.return_code == 1:
        import sys

        print(crash_message(app.crash_report), file=sys.stderr)
        return 1
    return app.return_code or 0
