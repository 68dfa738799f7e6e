"""The settings file (``settings.json`` in the data dir): theme, four-colour deck, winnability
check, winnable deals only and auto-solve speed, read at start and written when changed. A
damaged file, a bad value or an unwritable folder never stops the game: each is an error value
with the player's words, never an exception. (Moved from the UI tests: no terminal needed.)"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from freecell_tui.store.settings import SETTINGS_NAME, Settings, load_settings, save_settings


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
    path = tmp_path / SETTINGS_NAME
    path.write_bytes(text.encode("latin-1"))
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    # Not JSON, not an object, not UTF-8, empty: all the same to a player.
    assert loaded.problems == (
        f"Your settings file {path} is damaged; the defaults are used until you change one.",
    )


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
    assert loaded.problems == (
        f"Ignored settings that make no sense in {tmp_path / SETTINGS_NAME}: theme = 7, "
        'winnability_check = "yes", solve_speed = 1000000000.0.',
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder_is_an_error_not_an_exception(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        error = save_settings(tmp_path, Settings(four_colour=True))
    finally:
        tmp_path.chmod(0o700)
    assert error is not None
    assert error.message == (
        f"Could not save your settings in {tmp_path}: Permission denied. They apply for this "
        "session."
    )


def test_a_folder_in_the_way_is_an_error_not_an_exception(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).mkdir()  # the file's name is taken by a folder
    error = save_settings(tmp_path, Settings(four_colour=True))
    assert error is not None
    assert error.message == (
        f"Could not save your settings: {tmp_path / SETTINGS_NAME} is a folder, not a regular "
        "file, and is left alone. They apply for this session."
    )
    assert (tmp_path / SETTINGS_NAME).is_dir()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
