"""Game codes in the full-screen game: ``:share`` and the palette show the code and copy it;
``:deal CODE`` plays the code's deal; a bad code is one line and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList

from freecell_tui.core.codes import decode, encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.ui.screens.dialogs import CodeScreen

from ..store.helpers import one_from_won
from .helpers import SIZE, game, make_app, message, tone, type_command, wait_for


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
