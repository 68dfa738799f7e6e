"""Games of other variants in the store: saves, unfinished games, exports, results, statistics
and pars carry their game; a database from before games were named holds classic FreeCell."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.variant import EIGHT_OFF, FREECELL, SEAHAVEN, Variant, parse_variant
from freecell_tui.store import DB_NAME, SCHEMA_VERSION, Par, Result, Store
from freecell_tui.store.records import read_variant, variant_text
from freecell_tui.store.schema import MIGRATIONS
from freecell_tui.store.stats import compute_statistics
from freecell_tui.ui.screens.stats import StatsScreen

from .helpers import played


def played_in(variant: Variant, deal_number: int = 1, turns: int = 6) -> Game:
    """Deal ``deal_number`` of ``variant``'s game after ``turns`` moves (the first legal move
    that does not undo the one before)."""
    game = played(deal_number, turns, variant)
    assert game.move_count > 0
    return game


def test_the_store_names_a_game_by_its_key_and_its_cells_when_they_differ() -> None:
    two_cells = parse_variant("freecell", 2)
    assert [variant_text(v) for v in (FREECELL, EIGHT_OFF, two_cells)] == [
        "freecell",
        "eight_off",
        "freecell:2",
    ]
    for variant in (FREECELL, EIGHT_OFF, SEAHAVEN, two_cells):
        assert read_variant(variant_text(variant)) == variant


def _version_6(path: Path) -> None:
    """A database as schema version 6 left it: a save, an unfinished game, a result, a par."""
    connection = sqlite3.connect(path, isolation_level=None)
    for step in MIGRATIONS[:6]:
        for statement in step:
            connection.execute(statement)
    connection.execute("PRAGMA user_version = 6")
    game = played(1, 5)
    turns = json.dumps([" ".join(m.notation for m in turn.moves) for turn in game.turns])
    values = (1, turns, game.move_count, game.state.cards_home)
    connection.execute(
        "INSERT INTO slots (name, name_key, deal_number, turns, redo, autoplay,"
        " elapsed_seconds, move_count, cards_home, created_at, saved_at)"
        " VALUES ('Old', 'old', ?, ?, '[]', 'safe', 42.0, ?, ?, '2025-01-01T00:00:00+00:00',"
        " '2025-01-01T00:00:00+00:00')",
        values,
    )
    connection.execute(
        "INSERT INTO autosaves (owner, deal_number, turns, redo, autoplay, elapsed_seconds,"
        " move_count, cards_home, saved_at)"
        " VALUES (NULL, ?, ?, '[]', 'safe', 42.0, ?, ?, '2025-01-02T00:00:00+00:00')",
        values,
    )
    connection.execute(
        "INSERT INTO games (deal_number, result, move_count, cards_home, elapsed_seconds,"
        " finished_at, autoplay) VALUES (7, 'won', 90, 52, 300, '2025-01-03T00:00:00+00:00',"
        " 'safe')"
    )
    connection.execute(
        "INSERT INTO pars (deal_number, autoplay, moves, solution, budget_seconds, found_at,"
        " complete) VALUES (7, 'safe', 80, '3a', 10.0, '2025-01-03T00:00:00+00:00', 1)"
    )
    connection.close()


def test_an_old_database_opens_and_its_games_are_classic_freecell(tmp_path: Path) -> None:
    _version_6(tmp_path / DB_NAME)
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    store = opened.store
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 8
    assert store.slots.load("old").game == played(1, 5)
    assert store.slots.load("old").game.start.variant == FREECELL
    found = store.autosaves.offer()
    assert found.saved is not None and found.saved.game.start.variant == FREECELL
    (old,) = store.results.all().items
    assert old.variant == FREECELL and old.result is Result.WON
    assert store.results.statistics(store.pars.all(), AutoplayMode.SAFE).statistics.won == 1
    assert store.results.variants() == (FREECELL,)
    # The par kept before is classic FreeCell's deal 7, and no other game's.
    assert store.pars.get(7, AutoplayMode.SAFE) == Par(7, AutoplayMode.SAFE, 80, "3a")
    assert store.pars.get(7, AutoplayMode.SAFE, SEAHAVEN) is None
    store.close()


def test_a_save_of_a_variant_game_reloads_as_that_game() -> None:
    store = Store.in_memory()
    for name, variant in (("eight", EIGHT_OFF), ("sea", SEAHAVEN), ("two", parse_variant(None, 2))):
        game = played_in(variant)
        store.slots.save(name, game, 10.0)
        loaded = store.slots.load(name).game
        assert loaded == game
        assert loaded.start.variant == variant
    # From a custom position too.
    start = played_in(SEAHAVEN, 5).state
    game = Game.from_position(start).play(next(iter(legal_moves(start))))
    store.slots.save("custom", game, 1.0)
    assert store.slots.load("custom").game.start.variant == SEAHAVEN
    # The list names the game of each save (classic FreeCell's need no name).
    store.slots.save("classic", played(1, 5), 1.0)
    labels = {info.name: info.deal_label for info in store.slots.all().items}
    assert labels == {
        "eight": "#1 Eight Off",
        "sea": "#1 Seahaven Towers",
        "two": "#1 FreeCell (2 cells)",
        "custom": "custom Seahaven Towers",
        "classic": "#1",
    }


def test_an_unfinished_variant_game_is_offered_as_that_game(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    game = played_in(EIGHT_OFF, 3)
    store.autosaves.save(game, 12.0)
    store.close()
    again = Store.open(tmp_path).store
    found = again.autosaves.offer()
    assert found.saved is not None and found.saved.game == game
    assert found.saved.game.start.variant == EIGHT_OFF
    (listed,) = again.autosaves.all().items  # no copy plays it: listed, with its game
    assert listed.deal_label == "#3 Eight Off"
    again.close()


def test_an_export_names_its_game_and_imports_as_that_game() -> None:
    store = Store.in_memory()
    store.slots.save("sea", played_in(SEAHAVEN), 10.0)
    store.slots.save("classic", played(1, 5), 10.0)
    text = store.slots.export_text("sea")
    data = json.loads(text)
    assert data["game"] == "seahaven" and data["version"] == 3
    classic = json.loads(store.slots.export_text("classic"))
    assert "game" not in classic and classic["version"] == 2  # as before variants
    info = store.slots.import_bytes(text.encode(), name="back")
    assert store.slots.load(info.name).game == played_in(SEAHAVEN)


def test_statistics_and_pars_are_per_game() -> None:
    store = Store.in_memory()
    store.autosaves.finish(played(1, 5), 30.0)  # classic: left
    store.autosaves.finish(played_in(SEAHAVEN, 1), 20.0)  # Seahaven: left
    store.autosaves.finish(played_in(SEAHAVEN, 2), 25.0)
    store.autosaves.finish(played_in(EIGHT_OFF, 1), 25.0)
    store.pars.keep(Par(1, AutoplayMode.SAFE, 90, "3a", SEAHAVEN), 5.0)
    store.pars.keep(Par(1, AutoplayMode.SAFE, 70, "3a"), 5.0)
    assert store.pars.get(1, AutoplayMode.SAFE, SEAHAVEN) == Par(
        1, AutoplayMode.SAFE, 90, "3a", SEAHAVEN
    )
    assert store.pars.get(1, AutoplayMode.SAFE) == Par(1, AutoplayMode.SAFE, 70, "3a")
    assert store.pars.all(SEAHAVEN) == {AutoplayMode.SAFE: {1: 90}}

    classic = store.results.statistics(store.pars.all(), AutoplayMode.SAFE).statistics
    assert (classic.played, [d.label for d in classic.deals]) == (1, ["#1"])
    assert classic.deals[0].par == 70
    sea = store.results.statistics(
        store.pars.all(SEAHAVEN), AutoplayMode.SAFE, variant=SEAHAVEN
    ).statistics
    assert sea.played == 2 and sea.lost == 2
    assert {d.label: d.par for d in sea.deals} == {"#1": 90, "#2": None}
    assert store.results.variants() == (FREECELL, EIGHT_OFF, SEAHAVEN)
    # The pure statistics count the same games.
    results = store.results.all().items
    assert compute_statistics(results, store.pars.all(SEAHAVEN), variant=SEAHAVEN).played == 2
    assert compute_statistics(results, store.pars.all()).played == 1


async def test_the_statistics_screen_shows_one_game_and_v_goes_to_the_next() -> None:
    store = Store.in_memory()
    store.autosaves.finish(played(1, 5), 30.0)
    store.autosaves.finish(played_in(SEAHAVEN, 1), 20.0)
    store.autosaves.finish(played_in(SEAHAVEN, 2), 25.0)
    app = Host(StatsScreen(store))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert _drawn(screen, "#title") == "Statistics"  # classic FreeCell first
        assert _drawn(screen, "#figures").startswith("Played                   1")
        assert _drawn(screen, "#message").endswith("v: another game's statistics.")
        await pilot.press("v")
        assert _drawn(screen, "#title") == "Statistics: Seahaven Towers"
        assert _drawn(screen, "#figures").startswith("Played                   2")
        assert screen.query_one("#deals", DataTable).row_count == 2
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _drawn(screen, "#message") == (
            "Statistics of Seahaven Towers reset: 2 finished games forgotten. Saves are kept."
        )
        # Classic FreeCell's game is kept.
        assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 1
        await pilot.press("v")  # back to classic FreeCell, now the only game with games
        # Once the player went from game to game, the title names each, FreeCell too.
        assert _drawn(screen, "#title") == "Statistics: FreeCell"
        assert "v:" not in _drawn(screen, "#message")
        await pilot.press("v")
        assert _drawn(screen, "#message") == "Only FreeCell has statistics so far."


class Host(App[None]):
    """Pushes one screen at mount."""

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self.screen_under_test = screen

    def on_mount(self) -> None:
        self.push_screen(self.screen_under_test)


def _drawn(screen: Screen[Any], selector: str) -> str:
    """A widget's text as drawn (its lines stripped, blank ones left out, joined by spaces)."""
    widget = screen.query_one(selector)
    drawn = [strip.text.strip() for strip in widget.render_lines(widget.region.reset_offset)]
    return " ".join(line for line in drawn if line)
