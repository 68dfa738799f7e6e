"""A seeded storm of keys, clicks, drags, palette use and resizes thrown at the full-screen game
(headless, through Textual's Pilot), and the checks that it lived and lost nothing.

Used by ``tests/fuzz/test_storm.py`` (a short storm per seed, in CI) and by
``benchmarks/storm_bench.py`` (a long one, by hand).
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from textual import events as ev
from textual.events import Resize
from textual.geometry import Size
from textual.keys import key_to_character
from textual.pilot import Pilot, WaitForScreenTimeout

from freecell_tui.core.cards import Suit
from freecell_tui.core.game import Game
from freecell_tui.core.notation import cell_piles, column_piles
from freecell_tui.store import DB_NAME
from freecell_tui.store.rows import GAME_FIELDS, row_record
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.board.board import Board
from freecell_tui.ui.screens.game import GameScreen

from ..harness import driver as driver_of
from ..harness import key_of, screen_waits_cut, set_terminal_size

#: Keys a player (or a cat) may press: the game's, the dialogs', the palette's. Not ``q`` or
#: ``ctrl+q``: they quit, which ends the storm early.
KEYS = [
    *"12345678abcdhuifnpstyrloeg?+-=:",
    "escape",
    "enter",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "up",
    "down",
    "left",
    "right",
    "pagedown",
    "pageup",
    "home",
    "end",
    "ctrl+p",
    "ctrl+y",
    "ctrl+z",
    "ctrl+s",
    "f1",
    "f2",
    "f4",
    "delete",
]
#: How long Pilot may wait for a screen to settle after one event.
WAIT_SECONDS = 2.0
#: The share of a burst storm's events that resize the terminal: a burst is about fast input (the
#: waited storm resizes four times as often), and each resize restyles every screen.
BURST_RESIZES = 0.02
#: Terminal sizes, the tiny ones included (the board asks for a bigger terminal there).
SIZES = [(1, 1), (2, 2), (10, 5), (30, 10), (63, 23), (64, 24), (80, 24), (100, 32), (200, 60)]


@dataclass
class StormReport:
    """What a storm threw, and the terminal's size now."""

    width: int = 100
    height: int = 32
    events: int = 0
    resizes: int = 0
    clicks: int = 0
    drags: int = 0
    keys: int = 0
    quits: int = 0
    cut_waits: int = 0


async def storm(pilot: Pilot[None], seed: int, events: int) -> StormReport:
    """Throw ``events`` seeded random events at the app; each is checked to leave it alive."""
    rng = random.Random(seed)
    app = pilot.app
    report = StormReport(width=app.size.width, height=app.size.height)
    # Quitting (the palette's "Quit", the help's q…) is no crash: during the storm it is noted
    # and ignored, so the storm goes on.
    exit_app = app.exit
    app.exit = lambda *args, **kwargs: setattr(report, "quits", report.quits + 1)  # type: ignore[method-assign]
    # Pilot waits for the screen that was on top when an event was sent; when that event closes
    # the screen (a click on the palette's background), Pilot waits for it for 30 s (a Pilot
    # limit, not the game's: the game goes on). Such waits are cut short and counted.
    try:
        with screen_waits_cut(pilot, WAIT_SECONDS):
            await _events(pilot, rng, report, events, seed)
    finally:
        app.exit = exit_app  # type: ignore[method-assign]
    return report


async def _events(
    pilot: Pilot[None], rng: random.Random, report: StormReport, events: int, seed: int
) -> None:
    app = pilot.app
    for _ in range(events):
        report.events += 1
        try:
            await _event(pilot, rng, report)
        except WaitForScreenTimeout:
            report.cut_waits += 1
        assert app.is_running, f"the app stopped after {report.events} events (seed {seed})"


async def burst_storm(pilot: Pilot[None], seed: int, events: int, settle: int = 50) -> StormReport:
    """Throw ``events`` seeded random events the way a terminal does under a fast typist, a cat
    or a drag across the board: through the driver, one after another without waiting for the
    app to catch up, and let it settle only every ``settle`` events (each settling draws a
    frame; every 25 events cost a fifth more CPU than every 50). (``storm`` waits after every
    event; this one is about fast input, and costs about a fifth as much an event.)"""
    rng = random.Random(seed)
    app = pilot.app
    report = StormReport(width=app.size.width, height=app.size.height)
    exit_app = app.exit
    app.exit = lambda *args, **kwargs: setattr(report, "quits", report.quits + 1)  # type: ignore[method-assign]
    try:
        for number in range(1, events + 1):
            report.events += 1
            _burst_event(app, rng, report)
            if number % settle == 0:
                await pilot.pause()
                assert app.is_running, f"the app stopped after {number} events (seed {seed})"
                kinds = [type(screen).__name__ for screen in app.screen_stack]
                assert len(set(kinds)) == len(kinds), f"screens piled up: {kinds} (seed {seed})"
        await pilot.pause()
    finally:
        app.exit = exit_app  # type: ignore[method-assign]
    return report


def _burst_event(app: FreeCellApp, rng: random.Random, report: StormReport) -> None:
    driver = driver_of(app)
    roll = rng.random()
    if roll < BURST_RESIZES:
        report.width, report.height = rng.choice(SIZES)
        report.resizes += 1
        size = Size(report.width, report.height)
        set_terminal_size(app, size)
        app.post_message(Resize(size, size))
    elif roll < 0.7:
        report.keys += 1
        key = rng.choice(KEYS)
        key = key_of(key) if len(key) == 1 and not key.isalnum() else key
        driver.send_message(ev.Key(key, key_to_character(key)))
    else:
        (x1, y1), (x2, y2) = _spot(rng, report), _spot(rng, report)
        report.clicks += roll < 0.85
        report.drags += roll >= 0.85
        driver.process_message(_mouse(ev.MouseDown, x1, y1, button=1))
        if roll >= 0.85:
            driver.process_message(_mouse(ev.MouseMove, (x1 + x2) // 2, (y1 + y2) // 2, button=1))
        else:
            x2, y2 = x1, y1
        driver.process_message(_mouse(ev.MouseMove, x2, y2, button=1))
        driver.process_message(_mouse(ev.MouseUp, x2, y2, button=1))


def _mouse(kind: type[ev.MouseEvent], x: int, y: int, button: int) -> ev.MouseEvent:
    return kind(None, x, y, 0, 0, button, False, False, False, screen_x=x, screen_y=y)


def _spot(rng: random.Random, report: StormReport) -> tuple[int, int]:
    return rng.randrange(report.width), rng.randrange(report.height)


async def _event(pilot: Pilot[None], rng: random.Random, report: StormReport) -> None:
    """One random event."""
    roll = rng.random()
    if roll < 0.08:
        if rng.random() < 0.7:
            report.width, report.height = rng.choice(SIZES)
        else:
            report.width, report.height = rng.randint(1, 220), rng.randint(1, 70)
        report.resizes += 1
        await pilot.resize_terminal(report.width, report.height)
    elif roll < 0.65:
        report.keys += 1
        await pilot.press(rng.choice(KEYS))
    elif roll < 0.85:
        report.clicks += 1
        await pilot.click(offset=_spot(rng, report), times=rng.choice((1, 1, 1, 2)))
    else:
        (x1, y1), (x2, y2) = _spot(rng, report), _spot(rng, report)
        report.drags += 1
        await pilot.mouse_down(offset=(x1, y1))
        await pilot.hover(offset=((x1 + x2) // 2, (y1 + y2) // 2))
        await pilot.hover(offset=(x2, y2))
        await pilot.mouse_up(offset=(x2, y2))


def drawn_cards(app: FreeCellApp) -> int:
    """The cards the board's piles hold for drawing: 52 when nothing is lost or doubled."""
    screen = app.screen_stack[0]
    assert isinstance(screen, GameScreen)
    board = screen.query_one("#board", Board)
    variant = app.session.variant  # the game's piles (another game's are hidden)
    columns = sum(
        len(board.query_one(f"#col-{pile.code}").cards)  # type: ignore[attr-defined]
        for pile in column_piles(variant)
    )
    cells = sum(
        len(board.query_one(f"#cell-{pile.code}").cards)  # type: ignore[attr-defined]
        for pile in cell_piles(variant)
    )
    homes = 0
    for suit in Suit:
        top = board.query_one(f"#home-{suit.letter}").cards  # type: ignore[attr-defined]
        homes += top[-1].rank if top else 0
    return columns + cells + homes


def stored_game(data_dir: Path, owner: str) -> Game | None:
    """The game in progress the copy named ``owner`` wrote, replayed (``None``: none)."""
    with sqlite3.connect(data_dir / DB_NAME) as connection:
        rows = connection.execute(
            f"SELECT {GAME_FIELDS} FROM autosaves WHERE owner=?", (owner,)
        ).fetchall()
    assert len(rows) <= 1
    return row_record(rows[0]).to_game() if rows else None


def stored_games_replay(data_dir: Path) -> int:
    """Every game in the store (in progress, set aside, named) replays legally; how many."""
    count = 0
    with sqlite3.connect(data_dir / DB_NAME) as connection:
        for table in ("autosaves", "slots"):
            for row in connection.execute(f"SELECT {GAME_FIELDS} FROM {table}"):
                game = row_record(row).to_game()
                assert len(json.loads(row[2])) == len(game.turns)
                count += 1
    return count
