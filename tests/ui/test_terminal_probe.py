"""The probe for terminals that draw the suit symbols two cells wide: the question is asked once
the game is up, and the terminal's answer arrives among the keys, read in its turn (the real
program in a pseudo-terminal: tests/ui/test_typing.py); what the app does with it (letters only
when the player has not chosen)."""

from __future__ import annotations

from pathlib import Path

from textual import events

from freecell_tui.ui.terminal_probe import QUESTION, drawn_wide

from .helpers import make_app, the_board, wait_for


def test_the_question_is_a_spade_in_the_corner_then_where_is_the_cursor() -> None:
    assert QUESTION == "\x1b[1;1H♠\x1b[6n"
    assert drawn_wide(events.CursorPosition(2, 0))  # the cursor on the third column
    assert not drawn_wide(events.CursorPosition(1, 0))


async def test_letters_when_the_terminal_draws_the_suits_wide(tmp_path: Path) -> None:
    app = make_app(tmp_path, probe=True)
    async with app.run_test() as pilot:
        app._probing = True  # a headless app asks no terminal: as if it had asked
        app.post_message(events.CursorPosition(2, 0))
        await wait_for(pilot, lambda: the_board(app).ascii, "letters for wide suits")


async def test_symbols_when_narrow_or_when_the_player_chose(tmp_path: Path) -> None:
    app = make_app(tmp_path, probe=True)
    async with app.run_test() as pilot:
        app._probing = True
        app.post_message(events.CursorPosition(1, 0))
        await pilot.pause()
        assert not the_board(app).ascii
        app.post_message(events.CursorPosition(2, 0))  # no question out: no answer is read
        await pilot.pause()
        assert not the_board(app).ascii
    (tmp_path / "settings.json").write_text('{"ascii_suits": false}', encoding="utf-8")
    assert make_app(tmp_path, probe=True)._probe is False


def test_no_terminal_no_question(tmp_path: Path) -> None:
    app = make_app(tmp_path, probe=True)
    assert app._probe  # asked for, but a headless app has no terminal to ask:

    from freecell_tui.ui.terminal_probe import probe_terminal

    class Headless:
        is_headless, is_web, is_inline = True, False, False

    assert probe_terminal(Headless()) is False  # type: ignore[arg-type]
