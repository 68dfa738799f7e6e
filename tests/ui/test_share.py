"""Game codes in the full-screen game: ``:share``, the palette and the save screen's Share show
the code and copy it; ``:deal CODE`` plays the code's deal; a code imported on the save screen
is a new save; a bad code is one line and changes nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandList
from textual.pilot import Pilot
from textual.widgets import DataTable, Input

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import decode, encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.store import Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.deal_games import DealGamesScreen, when
from freecell_tui.ui.screens.dialogs import CodeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen, latest_game

from ..session.test_review import played as played_moves
from ..session.test_review import solution
from ..store.helpers import Clock, one_from_won, played
from .helpers import (
    SIZE,
    game,
    leave_unfinished,
    make_app,
    message,
    tone,
    type_command,
    wait_for,
)


def copied_into(app: object, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    clipboard: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", clipboard.append)
    return clipboard


def shown_code(screen: object) -> str:
    assert isinstance(screen, CodeScreen)
    return str(screen.query_one(".code").render())


async def test_share_shows_the_games_code_and_copies_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, deal=617)
    clipboard = copied_into(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await pilot.pause()
        played = game(app)
        await type_command(pilot, "share")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the code's dialog")
        code = encode(played)
        assert shown_code(app.screen) == code
        assert clipboard == [code]
        back = decode(code)
        assert isinstance(back, Game) and back.turns == played.turns
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, CodeScreen), "the dialog closed")
        assert game(app) == played


async def test_the_palette_shares(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path, deal=5)
    clipboard = copied_into(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", *"game code")
        options = lambda: app.screen.query(CommandList)  # noqa: E731
        await wait_for(
            pilot,
            lambda: (
                bool(options())
                and options().first().option_count > 0
                and "Share" in str(options().first().get_option_at_index(0).prompt)
            ),
            "the palette's share entry",
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the code's dialog")
        assert clipboard == [encode(Game.new(5))] == [shown_code(app.screen)]


async def test_deal_code_plays_the_codes_deal(tmp_path: Path) -> None:
    code = encode(Game.new(1234).play(Move.parse("3a")))
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, f"deal {code}")
        await wait_for(pilot, lambda: game(app).deal_number == 1234, "deal 1234")
        assert not game(app).turns  # the deal, from its start


async def test_deal_code_of_a_custom_position_plays_that_position(tmp_path: Path) -> None:
    position = one_from_won()
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, f"deal {encode(position.play(Move.parse('1h')))}")
        await wait_for(pilot, lambda: game(app).deal_number is None, "the position")
        assert game(app).start == position.start and not game(app).turns


@pytest.mark.parametrize("text", ["F1abcdef", "F1ab%", "F2zzzzzz"])
async def test_a_bad_code_is_refused_with_one_line(tmp_path: Path, text: str) -> None:
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3", "a")
        await pilot.pause()
        before = game(app)
        await type_command(pilot, f"deal {text}")
        await wait_for(pilot, lambda: tone(app) == "error", "the refusal")
        assert "\n" not in message(app) and "game code" in message(app)
        assert game(app) == before


# ---------------------------------------------------------------------- the save screen
def saves_message(app: FreeCellApp) -> str:
    return str(app.screen.query_one("#message").render())


def save_names(data_dir: Path) -> list[str]:
    return [slot.name for slot in Store.open(data_dir).store.slots.all().items]


async def open_saves(pilot: Pilot[None], app: FreeCellApp) -> SaveSlotsScreen:
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(app.screen, SaveSlotsScreen), "the save screen")
    assert isinstance(app.screen, SaveSlotsScreen)
    return app.screen


async def test_the_save_screen_shares_the_highlighted_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, deal=5)
    kept = played(7, 9)
    app.session.store.slots.save("kept", kept, 30)
    clipboard = copied_into(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        saves = await open_saves(pilot, app)
        assert saves.selected is not None and saves.selected.name == "kept"
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the code's dialog")
        assert shown_code(app.screen) == encode(kept) and clipboard == [encode(kept)]
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is saves, "back on the save screen")
        await pilot.click("#share")  # the button does the same
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the dialog again")
        assert clipboard == [encode(kept)] * 2
    assert game(app) == Game.new(5)  # sharing loads nothing


async def test_the_save_screen_shares_an_unfinished_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    left = played(9, 4)
    leave_unfinished(tmp_path, left)
    app = make_app(tmp_path, deal=5)
    clipboard = copied_into(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await open_saves(pilot, app)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the code's dialog")
        assert clipboard == [encode(left)] == [shown_code(app.screen)]


async def test_with_no_save_there_is_nothing_to_share(tmp_path: Path) -> None:
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        saves = await open_saves(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is saves and saves_message(app) == "There is no save to share."


@pytest.mark.parametrize("how", ["pasted", "typed"])
async def test_a_code_imported_on_the_save_screen_is_a_new_save(tmp_path: Path, how: str) -> None:
    shared = played(4, 6)
    code = encode(shared)
    app = make_app(tmp_path, deal=5)
    app.session.store.slots.save("Shared deal 4", played(4, 2), 1)
    async with app.run_test(size=SIZE) as pilot:
        saves = await open_saves(pilot, app)
        await pilot.press("i")
        if how == "pasted":  # into the prompt as it opens: empty
            app.post_message(events.Paste(code))
            box = saves.query_one("#prompt-input", Input)
            await wait_for(pilot, lambda: bool(box.value), "the paste")
            assert box.value == code  # the code alone, no ~/ before it
        else:
            await pilot.press(*code)
        await pilot.press("enter")
        await wait_for(pilot, lambda: saves_message(app).startswith("Imported"), "the import")
        assert saves_message(app) == "Imported “Shared deal 4 (2)”: deal 4, 6 moves."
        assert not saves.query_one("#prompt").has_class("-open")
        assert saves.selected is not None and saves.selected.name == "Shared deal 4 (2)"
    store = Store.open(tmp_path).store
    assert store.slots.load("Shared deal 4 (2)").game.turns == shared.turns
    assert game(app) == Game.new(5)


async def test_a_custom_positions_code_is_imported_as_a_shared_position(tmp_path: Path) -> None:
    position = one_from_won()
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await open_saves(pilot, app)
        await pilot.press("i", *encode(position), "enter")
        await wait_for(pilot, lambda: saves_message(app).startswith("Imported"), "the import")
    assert save_names(tmp_path) == ["Shared position"]


@pytest.mark.parametrize("text", ["F1abcdef", "F1ab%", "F2zzzzzz"])
async def test_a_bad_code_on_the_save_screen_is_one_line_and_changes_nothing(
    tmp_path: Path, text: str
) -> None:
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        saves = await open_saves(pilot, app)
        await pilot.press("i", *text, "enter")
        await wait_for(pilot, lambda: saves.query_one("#message").has_class("-error"), "refusal")
        assert saves_message(app).startswith("Nothing imported: ")
        assert "game code" in saves_message(app) and "\n" not in saves_message(app)
        assert saves.query_one("#prompt").has_class("-open")  # to be corrected
    assert save_names(tmp_path) == []


@pytest.mark.parametrize("text", ["F" + "x" * 299, "x" * 300])
async def test_a_word_too_long_for_a_file_name_is_one_line_on_the_save_screen(
    tmp_path: Path, text: str
) -> None:
    """A word longer than a file name may be (255 bytes): a code that does not read, or a file
    that cannot be read; one line either way, and the game goes on."""
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        saves = await open_saves(pilot, app)
        await pilot.press("i")
        app.post_message(events.Paste(text))
        await pilot.press("enter")
        await wait_for(pilot, lambda: saves.query_one("#message").has_class("-error"), "refusal")
        said = saves_message(app)
        assert said.startswith("Nothing imported: ") and "\n" not in said
        assert ("game code" if text[0] == "F" else "file name too long") in said
        assert app.screen is saves and app.is_running
    assert save_names(tmp_path) == []


async def test_a_missing_file_named_like_a_code_is_refused_as_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        saves = await open_saves(pilot, app)
        await pilot.press("i", *"~/Freecell.json", "enter")
        await wait_for(pilot, lambda: saves.query_one("#message").has_class("-error"), "refusal")
        assert saves_message(app) == (
            f"Cannot read {tmp_path}/Freecell.json: no such file or directory."
        )


# ---------------------------------------------------------------------- the statistics screen
def finished(data_dir: Path, *games: Game) -> None:
    """Record ``games`` as finished (left), in order, as the game does."""
    store = Store.open(data_dir).store
    for one in games:
        assert store.autosaves.finish(one, 60) is None
    store.close()


async def open_stats(pilot: Pilot[None], app: FreeCellApp) -> StatsScreen:
    await pilot.press("t")
    await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")
    assert isinstance(app.screen, StatsScreen)
    return app.screen


async def test_the_statistics_share_the_latest_game_of_a_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    older, other, last = played(3, 5), played(4, 6), played(3, 7)
    finished(tmp_path, older, other, last)
    app = make_app(tmp_path, deal=5)
    clipboard = copied_into(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot, app)
        await pilot.press("s")  # the first row: the deal played last
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the code's dialog")
        assert shown_code(app.screen) == encode(last) and clipboard == [encode(last)]
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is stats, "back on the statistics")
        await pilot.click("#deals", offset=(2, 2))  # deal 4's row: highlighted…
        await pilot.pause()
        assert app.screen is stats
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "deal 4's code")
        assert clipboard == [encode(last), encode(other)]
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is stats, "back on the statistics")
        await pilot.click("#share")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "deal 4's code again")
        assert clipboard[-1] == encode(other)


def listed(screen: DealGamesScreen) -> list[list[str]]:
    """The rows of a deal's games, as their cells' text."""
    table = screen.query_one("#games", DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


async def test_any_finished_game_of_a_deal_can_be_chosen_and_shared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    won = played_moves(solution())  # deal 617, won by the player
    three = [played(617, 4), won, played(617, 9)]
    finished(tmp_path, played(3, 5), three[0], played(4, 6), *three[1:])
    app = make_app(tmp_path, deal=5)
    clipboard = copied_into(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot, app)
        assert str(stats.query_one("#deals", DataTable).get_row_at(0)[0]) == "#617"
        await pilot.press("g")  # the first row's games: deal 617's
        await wait_for(pilot, lambda: isinstance(app.screen, DealGamesScreen), "its games")
        games = app.screen
        assert isinstance(games, DealGamesScreen)
        rows = listed(games)
        assert [row[1:] for row in rows] == [
            ["lost", "9", "1:00"],
            ["won", str(won.move_count), "1:00"],
            ["lost", "4", "1:00"],
        ]
        assert [row[0] for row in rows] == [when(game) for game in games.games]
        await pilot.press("down")  # the older game: the win
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the win's code")
        assert shown_code(app.screen) == encode(won) and clipboard == [encode(won)]
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is games, "back on the deal's games")
        await pilot.press("down", "enter")  # the oldest, chosen with Enter
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the oldest's code")
        assert clipboard[-1] == encode(three[0])
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is games, "back on the deal's games")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is stats, "back on the statistics")
        await pilot.press("s")  # s on the statistics still shares the deal's latest game
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the latest's code")
        assert clipboard[-1] == encode(three[2])


async def test_a_chosen_deal_row_lists_its_games_and_a_game_without_code_says_so(
    tmp_path: Path,
) -> None:
    finished(tmp_path, played(3, 5), played(3, 6))
    store = Store.open(tmp_path).store
    store.database.write("forget", lambda c: c.execute("UPDATE games SET code = NULL"))
    store.close()
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot, app)
        await pilot.click("#deals", offset=(2, 1))  # the highlighted row, clicked: chosen
        await wait_for(pilot, lambda: isinstance(app.screen, DealGamesScreen), "its games")
        games = app.screen
        assert isinstance(games, DealGamesScreen)
        assert [row[2] for row in listed(games)] == ["6", "5"]
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is games
        said = str(games.query_one("#games-message").render())
        assert said == (
            f"The game of #3 of {when(games.games[0])} was finished before games kept their "
            "moves: it has no game code."
        )
        assert stats.is_attached


async def test_a_game_finished_before_codes_is_said_to_have_none(tmp_path: Path) -> None:
    finished(tmp_path, played(3, 5))
    store = Store.open(tmp_path).store
    store.database.write("forget", lambda c: c.execute("UPDATE games SET code = NULL"))
    store.close()
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is stats
        said = str(stats.query_one("#message").render())
        assert said.startswith("The latest game of #3 (") and said.endswith(
            ") was finished before games kept their moves: it has no game code."
        )


async def test_with_no_finished_game_the_statistics_share_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        stats = await open_stats(pilot, app)
        await pilot.press("s")
        await pilot.pause()
        assert app.screen is stats
        assert str(stats.query_one("#message").render()) == "There is no finished game to share."


def test_each_row_of_the_statistics_is_its_own_deals_or_positions_latest_game() -> None:
    store = Store.in_memory(clock=Clock())
    first = Game.from_position(one_from_won().start).play(Move.parse("1a"))
    second = one_from_won()  # the same cards, another custom position: K♠ in column 2
    second = Game.from_position(replace(second.start, columns=((), *second.start.columns[:7])))
    second = second.play(Move.parse("2a"))
    for one in (played(3, 5), first, played(3, 6), second):
        assert store.autosaves.finish(one, 60) is None
    reading = store.results.statistics({}, AutoplayMode.SAFE).statistics
    games = store.results.all().items
    shared = [latest_game(games, deal) for deal in reading.deals]
    assert [deal.label for deal in reading.deals] == ["custom position", "#3", "custom position"]
    assert shared == [second, played(3, 6), first]
