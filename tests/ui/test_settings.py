"""Settings chosen in the game are kept for next time and used at the next start (drawn: the
theme, the four-colour deck, no winnability check in the status line); problems with the
settings file are said once and never stop the game. The file itself is tested in
``tests/store/test_settings.py``."""

from __future__ import annotations

import json
from pathlib import Path

from textual.message import Message
from textual.notifications import Notify

from freecell_tui.store.settings import SETTINGS_NAME

from .helpers import SIZE, colour_on, game, make_app, message, pile_widget, status_text


def notices(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


async def test_settings_chosen_in_the_game_are_there_after_a_restart(tmp_path: Path) -> None:
    app = make_app(tmp_path, check=True)  # the player's own settings: none yet
    async with app.run_test(size=SIZE) as pilot:
        assert not (tmp_path / SETTINGS_NAME).exists()  # nothing chosen, nothing written
        app.theme = "nord"
        await app.game_screen.run_action("four_colour")
        for command in ("winnable off", "deals winnable", "speed 10"):
            app.game_screen.run_command(command)
        assert message(app) == "Auto-solve plays 10 moves a second."
        await pilot.pause()
    assert json.loads((tmp_path / SETTINGS_NAME).read_text(encoding="utf-8")) == {
        "theme": "nord",
        "four_colour": True,
        "winnability_check": False,
        "winnable_deals_only": True,
        "solve_speed": 10.0,
        "motion": True,
        "ascii_suits": None,
        "seen_intro": False,
    }

    app = make_app(tmp_path, check=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)  # longer than the check's delay: it would have said "checking…"
        assert app.theme == "nord"
        column_1 = pile_widget(app, "col-1")
        assert colour_on(column_1, "4♣") != colour_on(column_1, "2♠")  # four colours drawn
        assert status_text(app).endswith("Run ≤5")  # no winnability check in the status line
        screen = app.game_screen
        assert screen.assistant.winnable_only and screen.autosolver.speed == 10


async def test_problems_with_the_settings_file_are_said_once_and_the_game_plays(
    tmp_path: Path,
) -> None:
    path = tmp_path / SETTINGS_NAME
    path.write_text(json.dumps({"theme": "no-such-theme", "four_colour": "maybe"}), "utf-8")
    seen: list[Message] = []
    app = make_app(tmp_path, check=True)
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        assert notices(seen) == [
            f'Ignored settings that make no sense in {path}: four_colour = "maybe".',
            "The theme “no-such-theme” of your settings is unknown here; ignored.",
        ]
        assert app.theme != "no-such-theme"
        path.unlink()
        path.mkdir()  # from now on every write of the settings fails
        await app.game_screen.run_action("four_colour")
        app.game_screen.run_command("winnable off")
        await app.game_screen.run_action("four_colour")
        await pilot.press("3", "a")
        assert game(app).move_count == 1
        assert not app.game_screen.assistant.check  # the setting applies for this session
        assert notices(seen)[2:] == [
            f"Could not save your settings: {tmp_path / 'settings.json'} is a folder, not a "
            "regular file, and is left alone. They apply for this session. This is shown once."
        ]
