"""Each front end does every command of the table it takes: a typed command is dispatched through
an explicit table (``ui.screens.typed.TYPED``, ``line.mode.HANDLERS``), checked here against the
command table, not found by building a method's name."""

from __future__ import annotations

from freecell_tui.line.mode import HANDLERS
from freecell_tui.session.table import COMMANDS
from freecell_tui.ui.commands import SCREEN, key_actions
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.typed import TYPED


def test_every_command_typed_on_the_board_has_its_handler() -> None:
    typed = {command.name for command in COMMANDS if command.screen and command.words}
    assert set(TYPED) == typed


def test_every_line_mode_command_has_its_handler() -> None:
    lines = {command.name for command in COMMANDS if command.line and command.words}
    assert set(HANDLERS) == lines


def test_every_key_runs_an_action_the_game_screen_has() -> None:
    for key, bound in key_actions().items():
        assert callable(getattr(GameScreen, f"action_{bound.command}", None)), (key, bound)


def test_every_presentation_is_of_a_command_the_full_screen_game_has() -> None:
    screen = {command.name for command in COMMANDS if command.screen}
    assert set(SCREEN) <= screen
