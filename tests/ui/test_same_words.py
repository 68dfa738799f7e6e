"""The full-screen game and line mode answer a hint, auto-solve, a win's par and every command
that is a session call in the same words: the session decides them (``session/assist.py``,
``PlaySession.win_text``, the command table's ``call``), each front end only presents them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.session.table import COMMANDS
from freecell_tui.store import Par, Store
from freecell_tui.ui.screens.dialogs import WinScreen

from ..cli.line import line_mode
from .helpers import SIZE, make_app, message, type_command, wait_for

#: How long a solver answer may take on a loaded machine before the test fails.
SOLVER = 60.0
#: Deal 5 with autoplay off after these moves can no longer be won (undo 1 move).
LOST_5 = "7a 5d 4b 7c 43"


def played(number: int, mode: AutoplayMode, moves: str = "") -> Game:
    game = Game.new(number, autoplay=mode)
    for move in parse_moves(moves):
        game = game.play(move)
    return game


def fast_par(number: int, mode: AutoplayMode) -> Par:
    """A par that is a real solution (the fast solver's), found at once."""
    moves = solve_for_autoplay(deal(number), mode).moves
    return Par(number, mode, len(moves), " ".join(map(str, moves)))


def line_says(tmp_path: Path, game: Game, command: str, par: Par | None = None) -> list[str]:
    """What line mode prints for ``command`` in ``game`` (with ``par`` in its store)."""
    store = Store.open(tmp_path / "line").store
    if par is not None:
        store.pars.keep(par, 60)
    out = io.StringIO()
    line = line_mode(game, out, store=store, clock=lambda: 0.0)
    line.handle(command)
    store.close()
    return out.getvalue().splitlines()


async def screen_says(tmp_path: Path, game: Game, keys: str, par: Par | None = None) -> str:
    """What the full-screen game's message line says once ``keys`` are answered."""
    if par is not None:
        store = Store.open(tmp_path / "screen").store
        store.pars.keep(par, 60)
        store.close()
    app = make_app(tmp_path / "screen", start=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await wait_for(pilot, lambda: "looking for" not in message(app), "the answer", SOLVER)
        return message(app)


@pytest.mark.parametrize(
    ("game", "par"),
    [
        (played(1, AutoplayMode.SAFE), None),  # searched
        (played(1, AutoplayMode.ALL), fast_par(1, AutoplayMode.ALL)),  # on par's line
        (played(5, AutoplayMode.OFF, LOST_5), None),  # lost
    ],
    ids=["searched", "par-line", "lost"],
)
async def test_a_hint_is_said_alike(tmp_path: Path, game: Game, par: Par | None) -> None:
    line = line_says(tmp_path, game, "hint", par)
    screen = await screen_says(tmp_path, game, "i", par)
    assert screen == line[-1]
    assert screen.startswith(("Hint: ", "No hint — "))


async def test_auto_solve_is_said_alike(tmp_path: Path) -> None:
    game = played(1, AutoplayMode.SAFE)
    line = line_says(tmp_path, game, "solve")
    screen = await screen_says(tmp_path, game, "p")
    # The same answer; each front end then says how it plays the moves.
    said = line[1].partition(";")[0]
    assert said.startswith("Auto-solve: ") and said.endswith(" moves to a win")
    assert screen.partition(",")[0] == said
    lost = played(5, AutoplayMode.OFF, LOST_5)
    assert await screen_says(tmp_path, lost, "p") == line_says(tmp_path, lost, "solve")[-1]


@pytest.mark.parametrize("known", [True, False], ids=["par", "no-par"])
async def test_a_win_and_its_par_are_said_alike(tmp_path: Path, known: bool) -> None:
    moves = solve_for_autoplay(deal(1), AutoplayMode.OFF).moves
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in moves[:-1]:
        game = game.play(move)
    last = str(moves[-1])
    par = Par(1, AutoplayMode.OFF, 40, "kept before") if known else None
    line = line_says(tmp_path, game, last, par)
    if par is not None:
        store = Store.open(tmp_path / "screen").store
        store.pars.keep(par, 60)
        store.close()
    app = make_app(tmp_path / "screen", start=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*last)
        win = app.screen
        assert isinstance(win, WinScreen)
        assert win.body_text in line
        assert ("par 40" if known else "par not known yet") in win.body_text


#: Deal 1 after four moves, the last of which (5d) sent a card home by autoplay.
AUTOPLAYED = "5a 5b 5c 5d"
#: How each command that is a session call is tried: the game and the line typed (by default,
#: the game above and the command's word alone).
CALLED = {
    "redo": (played(1, AutoplayMode.SAFE, AUTOPLAYED).undo(), "redo"),
    "difficulty": (played(1, AutoplayMode.SAFE), "difficulty 5"),
    "daily": (played(1, AutoplayMode.SAFE), "daily 2026-11-26"),
    "autoplay": (played(1, AutoplayMode.SAFE, AUTOPLAYED), "autoplay off"),
    "save": (played(1, AutoplayMode.SAFE, AUTOPLAYED), "save mine"),
    "load": (played(1, AutoplayMode.SAFE, AUTOPLAYED), "load nowhere"),
}


#: The commands said alike: those above, undo and restart, and any session call.
SAID_ALIKE = sorted({*CALLED, "undo", "restart", *(c.name for c in COMMANDS if c.call)})


@pytest.mark.parametrize("name", SAID_ALIKE)
async def test_a_session_call_is_said_alike(tmp_path: Path, name: str) -> None:
    """What line mode prints first for a command that is a session call is what the message
    line says once it is typed on the board (``undo`` names the autoplay moves it takes back in
    both)."""
    default = (played(1, AutoplayMode.SAFE, AUTOPLAYED), name)
    game, typed = CALLED.get(name, default)
    line = line_says(tmp_path, game, typed)
    app = make_app(tmp_path / "screen", start=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_command(pilot, typed)
        assert message(app) == line[0]
    if name == "undo":
        assert line[0] == "Undid 5d with its 1 autoplay move (redo plays it again)."


async def test_a_line_of_moves_is_said_alike(tmp_path: Path) -> None:
    """A line of several moves whose second is refused: line mode says what the message line
    says (its refusals start "Not allowed: "), with the move's place in the list."""
    game = played(1, AutoplayMode.SAFE)
    line = line_says(tmp_path, game, "3a 12 6b")
    app = make_app(tmp_path / "screen", start=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_command(pilot, "3a 12 6b")
        await wait_for(pilot, lambda: "of 3" in message(app), "the list's answer")
        assert line[-1] == f"Not allowed: {message(app)}"
    assert line[-1].startswith("Not allowed: move 2 of 3: 12: ")
