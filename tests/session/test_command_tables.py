"""Each front end does every command of the table it takes, dispatched through explicit tables
checked here against the command table: a command that is a session call (the table's ``call``)
has no body in either front end; any other command typed on the board with an operand has its
entry in ``ui.screens.typed.TYPED``, one without runs what its key runs; every other command line mode
takes has its entry in ``line.mode.HANDLERS``."""

from __future__ import annotations

from freecell_tui.line.mode import HANDLERS, LineMode
from freecell_tui.session.table import COMMANDS
from freecell_tui.ui.commands import BOUND, SCREEN, Bound
from freecell_tui.ui.screens.game import GameScreen
from freecell_tui.ui.screens.typed import TYPED


def _runs_on_the_screen(bound: Bound) -> bool:
    name, _ = bound.target
    return callable(getattr(GameScreen, f"action_{name}", None))


def test_each_command_typed_on_the_board_with_an_operand_is_a_call_or_has_its_entry() -> None:
    typed = {command.name for command in COMMANDS if command.screen and command.operand}
    calls = {command.name for command in COMMANDS if command.call is not None}
    assert set(TYPED) == typed - calls


def test_every_command_typed_on_the_board_without_an_operand_runs_what_its_key_runs() -> None:
    for command in COMMANDS:
        if command.screen and command.words and not command.operand:
            assert _runs_on_the_screen(Bound(command.name, command.name)), command


def test_every_line_mode_command_is_a_session_call_or_has_its_handler() -> None:
    lines = {command.name for command in COMMANDS if command.line and command.words}
    calls = {command.name for command in COMMANDS if command.call is not None}
    assert set(HANDLERS) == lines - calls
    assert calls <= lines  # so far every session call is typed in line mode too


def test_every_key_and_palette_entry_runs_an_action_the_game_screen_has() -> None:
    for bound in BOUND.values():
        assert _runs_on_the_screen(bound), bound
    for name, look in SCREEN.items():
        if look.palette:
            assert _runs_on_the_screen(Bound(name, name)), name


def test_a_session_call_has_no_body_in_either_front_end() -> None:
    """The recipe of docs/architecture.md: a command whose body is one session call is declared
    in the command table (with ``call``) and, for its keys and palette entry, ``SCREEN`` — and
    nowhere else."""
    calls = [command for command in COMMANDS if command.call is not None]
    assert {command.name for command in calls} >= {"undo", "redo", "restart", "daily", "save"}
    for command in calls:
        name = command.name
        assert not hasattr(GameScreen, f"action_{name}"), name
        assert not hasattr(LineMode, f"do_{name}"), name
        assert name not in TYPED and name not in HANDLERS, name
        assert Bound(name, name).target == ("call", (name,)), name
        if name in BOUND:
            assert BOUND[name].target == ("call", (name,)), name


def test_every_presentation_is_of_a_command_the_full_screen_game_has() -> None:
    screen = {command.name for command in COMMANDS if command.screen}
    assert set(SCREEN) <= screen
