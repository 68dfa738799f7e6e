"""Each front end does every command of the table it takes, and a command is written in at most
three places: its entry in the command table (what it is, how it is typed and shown, and its
session call when that is its whole body), its body in the full-screen game (a ``GameScreen``
method: the action its keys and palette entry run, registered in ``TYPED`` when it takes an
operand on the ``:`` line) and its body in line mode (a ``LineMode`` method registered in
``HANDLERS``). A session call has no body in either front end. The registries are built where
each body is defined (``session.table.Bodies``), never by a method's name."""

from __future__ import annotations

import inspect

from freecell_tui.line.mode import HANDLERS, LineMode
from freecell_tui.session.table import COMMANDS, Command
from freecell_tui.ui.commands import BOUND, Bound
from freecell_tui.ui.screens.game import TYPED, GameScreen

CALLS = frozenset(command.name for command in COMMANDS if command.call is not None)


def _screen_action(bound: Bound) -> object:
    """The game screen's method a key or palette entry runs (Textual's ``action_`` name)."""
    name, _ = bound.target
    return getattr(GameScreen, f"action_{name}", None)


def _members(cls: type, body: object) -> set[str]:
    """The names under which ``cls`` defines ``body``."""
    return {name for name, member in inspect.getmembers(cls) if member is body}


def test_line_mode_has_a_body_for_exactly_its_commands_that_are_no_session_call() -> None:
    lines = {command.name for command in COMMANDS if command.line and command.words}
    assert set(HANDLERS) == lines - CALLS
    assert lines >= CALLS  # so far every session call is typed in line mode too
    for name, body in HANDLERS.items():
        assert _members(LineMode, body), name  # a method of line mode, registered at it


def test_the_board_has_a_typed_body_for_exactly_its_commands_with_an_operand() -> None:
    typed = {command.name for command in COMMANDS if command.screen and command.operand}
    assert set(TYPED) == typed - CALLS
    for name, body in TYPED.items():
        assert _members(GameScreen, body), name  # a method of the game screen, registered at it


def test_every_command_typed_on_the_board_without_an_operand_runs_what_its_key_runs() -> None:
    for command in COMMANDS:
        if command.screen and command.words and not command.operand:
            assert callable(_screen_action(Bound(command.name, command.name))), command


def test_every_key_and_palette_entry_runs_an_action_the_game_screen_has() -> None:
    for bound in BOUND.values():
        assert callable(_screen_action(bound)), bound
    for command in COMMANDS:
        if command.palette:
            assert command.screen, command.name
            assert callable(_screen_action(Bound(command.name, command.name))), command.name


def test_a_session_call_has_no_body_in_either_front_end() -> None:
    """The recipe of docs/architecture.md: a command whose body is one session call is declared
    in the command table alone (with ``call``, and its keys and palette entry) — nowhere
    else."""
    assert {"undo", "redo", "restart", "daily", "save"} <= CALLS
    for name in CALLS:
        assert not hasattr(GameScreen, f"action_{name}"), name
        assert name not in TYPED and name not in HANDLERS, name
        assert Bound(name, name).target == ("call", (name,)), name
        if name in BOUND:
            assert BOUND[name].target == ("call", (name,)), name


def _places(command: Command) -> set[str]:
    """Where ``command`` is written: the table, and each front end that has a body for it."""
    places = {"the command table"}
    name = command.name
    bounds = [bound for bound in BOUND.values() if bound.command == name]
    actions = {_screen_action(bound) for bound in [*bounds, Bound(name, name)]}
    if GameScreen.action_call in actions:  # the session call, presented: no body of its own
        actions.remove(GameScreen.action_call)
    if (actions | {TYPED.get(name)}) - {None}:
        places.add("GameScreen")
    if name in HANDLERS:
        places.add("LineMode")
    return places


def test_a_command_is_written_in_at_most_three_places() -> None:
    """The figure of issue 36: a session call is written in the table only; any other command
    in the table and in each front end where it works, once there (its typed body is its
    action, or a method of the same screen registered beside it)."""
    for command in COMMANDS:
        places = _places(command)
        if command.call is not None:
            assert places == {"the command table"}, command.name
            continue
        expected = {"the command table"}
        expected |= {"GameScreen"} if command.screen else set()
        expected |= {"LineMode"} if command.line and command.words else set()
        assert places == expected, command.name
    assert {len(_places(command)) for command in COMMANDS} == {1, 2, 3}


def test_a_command_takes_an_operand_exactly_when_it_names_what_reads_it() -> None:
    for command in COMMANDS:
        assert bool(command.operand) == (command.read is not None), command.name
