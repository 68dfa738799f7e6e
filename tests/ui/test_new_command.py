"""The recipe of docs/architecture.md ("How to add a command") holds: a command whose body is one
session call, declared in the command table (with its ``call``, its key and its palette entry)
and nowhere else, works in both front ends — its key, its palette entry and its
word on the ``:`` line in the full-screen game, its word in line mode, and both helps and the
docs' table list it. The example, ``again``, is ``restart`` under another word and another key,
added here the way a developer adds one (the tables the game derives at import are derived
again from the table)."""

from __future__ import annotations

import io
from pathlib import Path
from types import MappingProxyType

import pytest

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.line.mode import HANDLERS, LineMode
from freecell_tui.session import ActionCommand, operands, table
from freecell_tui.session.table import Command, line_help
from freecell_tui.ui import commands
from freecell_tui.ui.commands import keys_markdown
from freecell_tui.ui.screens import help as help_screen
from freecell_tui.ui.screens.game import TYPED, GameScreen

from ..cli.line import line_mode
from .helpers import SIZE, game, make_app, message, type_command

#: The example command: the table's entry, with the full-screen game's presentation.
AGAIN = Command(
    "again",
    "Game",
    "back to the start of this deal, as restart does",
    words=("again",),
    keys=("ctrl+e",),
    palette="Again",
    palette_help="Back to the start of this deal",
    call=lambda session, _: session.restart(),
)


def _add(monkeypatch: pytest.MonkeyPatch, command: Command) -> None:
    """``command`` in the table, and the tables the game derives from it at import."""
    assert not set(command.keys) & set(commands.key_actions())
    everything = (*table.COMMANDS, command)
    monkeypatch.setattr(table, "COMMANDS", everything)
    monkeypatch.setattr(commands, "COMMANDS", everything)
    monkeypatch.setattr(help_screen, "COMMANDS", everything)
    monkeypatch.setitem(table._BY_NAME, command.name, command)
    for word in command.words:
        monkeypatch.setitem(table._BY_WORD, word, command)
    bindings = list(commands._bindings())
    monkeypatch.setattr(commands, "BOUND", MappingProxyType({b.id: b for b, _ in bindings}))
    monkeypatch.setattr(commands, "DEFAULT_KEYS", MappingProxyType({b.id: k for b, k in bindings}))


@pytest.fixture
def again(monkeypatch: pytest.MonkeyPatch) -> None:
    """``again`` in the one place a developer writes it, and the tables derived from it."""
    _add(monkeypatch, AGAIN)


def _played() -> Game:
    """Deal 1 with one move played."""
    return Game.new(1).play(Move.parse("3a"))


@pytest.mark.usefixtures("again")
def test_the_new_command_has_no_body_in_either_front_end() -> None:
    assert not hasattr(GameScreen, "action_again")
    assert commands.BOUND["again"].target == ("call", ("again",))
    assert any(line.lstrip().startswith("again ") for line in line_help())
    row = "| `again` | back to the start of this deal, as restart does; palette: *Again* |"
    assert row in keys_markdown()
    assert commands.keys_text(AGAIN, keys=commands.DEFAULT_KEYS) == "ctrl+e"
    game_help = dict(help_screen.help_sections(keys=commands.DEFAULT_KEYS))["Game"]
    assert ("ctrl+e", AGAIN.help) in game_help


@pytest.mark.usefixtures("again")
def test_line_mode_runs_the_new_command_as_its_session_call() -> None:
    """``again`` in line mode says and shows what ``restart`` does."""
    said = []
    for word in ("again", "restart"):
        out = io.StringIO()
        mode = line_mode(_played(), out)
        mode.handle(word)
        restarted = mode.session.game
        assert restarted.state == restarted.start and restarted.turns[-1].is_restart
        said.append(out.getvalue())
    assert said[0] == said[1] and said[0]


@pytest.mark.usefixtures("again")
async def test_the_full_screen_game_runs_the_new_command_by_key_palette_and_word(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, deal=None, start=_played())
    app.keys = commands.DEFAULT_KEYS  # as the app makes them from the defaults
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        restarted = message(app)
        await pilot.press("u")  # the restart undone: 3a is back
        assert game(app).move_count == 1
        await pilot.press("ctrl+e")
        assert game(app).turns[-1].is_restart and message(app) == restarted
        await pilot.press("u")
        palette = {entry.title: entry for entry in app.get_system_commands(app.screen)}
        await palette["Again"].callback()
        await pilot.pause()
        assert game(app).turns[-1].is_restart and message(app) == restarted
        await pilot.press("u")
        await type_command(pilot, "again")
        assert game(app).turns[-1].is_restart and message(app) == restarted
        await pilot.press("u")
        assert game(app).move_count == 1 and not game(app).turns[-1].is_restart


#: A command with a body of its own and an operand: ``echo [N]`` says the deal number typed (or
#: "Echo." alone, pressed or typed bare) — written in the table, the game screen and line mode.
ECHO = Command(
    "echo",
    "Game",
    "say N back",
    words=("echo",),
    operand="[N]",
    read=operands.deal_number,
    keys=("ctrl+e",),
    palette="Echo",
    palette_help="Say it back",
)


def _echo_on_the_board(screen: GameScreen, typed: ActionCommand | None = None) -> None:
    """The game screen's body: its action (key, palette, bare word), registered in ``TYPED``."""
    screen.say("Echo." if typed is None or typed.number is None else f"Echo {typed.number}.")


def _echo_in_line_mode(mode: LineMode, typed: ActionCommand) -> None:
    """Line mode's body, registered in ``HANDLERS``."""
    mode.say("Echo." if typed.number is None else f"Echo {typed.number}.")


@pytest.fixture
def echo(monkeypatch: pytest.MonkeyPatch) -> None:
    """``echo`` in the three places a developer writes it (a method defined in the game screen
    with ``@TYPED.of("echo")`` over it, one in line mode with ``@HANDLERS.of("echo")``)."""
    _add(monkeypatch, ECHO)
    monkeypatch.setattr(GameScreen, "action_echo", _echo_on_the_board, raising=False)
    monkeypatch.setitem(TYPED, ECHO.name, _echo_on_the_board)
    monkeypatch.setitem(HANDLERS, ECHO.name, _echo_in_line_mode)


@pytest.mark.usefixtures("echo")
def test_line_mode_runs_a_new_command_with_a_body_by_its_registration() -> None:
    out = io.StringIO()
    mode = line_mode(_played(), out)
    for typed in ("echo", "echo 617", "echo x"):
        mode.handle(typed)
    said = out.getvalue().splitlines()[-3:]
    assert said[:2] == ["Echo.", "Echo 617."]
    assert said[2].startswith("Not understood: ")  # its reader refused the operand
    assert any(line.lstrip().startswith("echo [N] ") for line in line_help())


@pytest.mark.usefixtures("echo")
async def test_the_full_screen_game_runs_a_new_command_with_a_body_by_key_palette_and_word(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, deal=None, start=_played())
    app.keys = commands.DEFAULT_KEYS
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+e")
        assert message(app) == "Echo."
        await type_command(pilot, "echo 617")
        assert message(app) == "Echo 617."
        palette = {entry.title: entry for entry in app.get_system_commands(app.screen)}
        await type_command(pilot, "echo 5")
        await palette["Echo"].callback()
        await pilot.pause()
        assert message(app) == "Echo."
        await type_command(pilot, "echo")
        assert message(app) == "Echo."
        assert game(app).move_count == 1
