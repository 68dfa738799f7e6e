"""Settings survive a restart: theme, four-colour deck, winnability check, winnable deals only
and auto-solve speed are written to ``settings.json`` when changed and read at start. A damaged
file, a bad value or an unwritable folder never stops the game: each is said once and ignored."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from textual.notifications import Notify

from freecell_tui.store.settings import (
    SETTINGS_NAME,
    Settings,
    load_settings,
    save_settings,
)
from freecell_tui.ui.assistant import PACES

from .helpers import SIZE, board, make_app


def written(data: Path) -> dict[str, object]:
    return json.loads((data / SETTINGS_NAME).read_text(encoding="utf-8"))


# ---------------------------------------------------------------------- the file
def test_no_file_gives_the_defaults(tmp_path: Path) -> None:
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings() and loaded.problems == ()
    (tmp_path / "a-file").write_text("not a folder")
    # A data folder that cannot exist: the store says so; the settings add nothing to say.
    assert load_settings(tmp_path / "a-file" / "data") == loaded


def test_a_round_trip_keeps_every_setting(tmp_path: Path) -> None:
    chosen = Settings("nord", True, False, True, 4.0)
    assert save_settings(tmp_path / "new folder", chosen) is None
    assert load_settings(tmp_path / "new folder").settings == chosen
    assert [p.name for p in (tmp_path / "new folder").iterdir()] == [SETTINGS_NAME]  # no temp


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "\xff\xfe", ""])
def test_a_damaged_file_gives_the_defaults_and_says_so(tmp_path: Path, text: str) -> None:
    (tmp_path / SETTINGS_NAME).write_bytes(text.encode("latin-1"))
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert len(loaded.problems) == 1 and SETTINGS_NAME in loaded.problems[0]


def test_bad_values_are_ignored_one_by_one(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).write_text(
        json.dumps(
            {
                "theme": 7,
                "four_colour": True,
                "winnability_check": "yes",
                "solve_speed": 1e9,
                "from_a_newer_version": 1,
            }
        ),
        encoding="utf-8",
    )
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings(four_colour=True)
    (problem,) = loaded.problems
    assert "theme" in problem and "winnability_check" in problem and "solve_speed" in problem
    assert "four_colour" not in problem and "from_a_newer_version" not in problem


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder_is_an_error_not_an_exception(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        error = save_settings(tmp_path, Settings(four_colour=True))
    finally:
        tmp_path.chmod(0o700)
    assert error is not None and "settings" in error.message


def test_a_folder_in_the_way_is_an_error_not_an_exception(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).mkdir()  # the file's name is taken by a folder
    error = save_settings(tmp_path, Settings(four_colour=True))
    assert error is not None and "Could not save your settings" in error.message
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# ---------------------------------------------------------------------- the game
async def test_settings_chosen_in_the_game_are_there_after_a_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert not (tmp_path / SETTINGS_NAME).exists()  # nothing chosen, nothing written
        app.theme = "nord"
        board(app).four_colour = True
        for command in ("winnable off", "deals winnable", "speed 10"):
            board(app).run_command(command)
        await pilot.pause()
    assert written(tmp_path) == {
        "theme": "nord",
        "four_colour": True,
        "winnability_check": False,
        "winnable_deals_only": True,
        "solve_speed": 1 / PACES[-1],
    }

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
        assert board(app).four_colour
        assert board(app).query_one("#col-1").four_colour
        assistant = board(app).assistant
        assert not assistant.check and assistant.winnable_only
        assert assistant.pace == len(PACES) - 1
        assert board(app).status.extra == ""  # no winnability check was started


async def test_auto_solve_speed_keys_are_kept(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        board(app).assistant.change_pace(-2)
        await pilot.pause()
    assert written(tmp_path)["solve_speed"] == 1 / PACES[2]


async def test_bad_settings_are_said_once_and_the_game_plays(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).write_text(
        json.dumps({"theme": "no-such-theme", "four_colour": "maybe"}), encoding="utf-8"
    )
    notes: list[str] = []
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, message_hook=lambda m: _note(m, notes)) as pilot:
        await pilot.press("3", "a")
        await pilot.pause()
        assert board(app).game.move_count == 1
        assert not board(app).four_colour
        assert app.theme != "no-such-theme"
    assert any("no-such-theme" in note for note in notes)
    assert any("four_colour" in note for note in notes)


async def test_an_unwritable_settings_file_is_said_once(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).mkdir()  # writing the file can only fail
    notes: list[str] = []
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, message_hook=lambda m: _note(m, notes)) as pilot:
        board(app).four_colour = True
        await pilot.pause()
        board(app).four_colour = False
        board(app).run_command("winnable off")
        await pilot.pause()
        assert not board(app).assistant.check  # the setting applies for this session
    assert sum("Could not save your settings" in note for note in notes) == 1


def _note(message: object, notes: list[str]) -> None:
    if isinstance(message, Notify):
        notes.append(message.notification.message)
