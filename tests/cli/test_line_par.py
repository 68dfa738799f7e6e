"""Line mode and par: a win prints par (searched for a short while when the store does not know
it, and kept), statistics print it, and a hint on par's line says how short the way is."""

from __future__ import annotations

import io
import sqlite3
import threading
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.variant import BAKERS_GAME, EIGHT_OFF
from freecell_tui.line import mode as line_mode_module
from freecell_tui.session import par as session_par
from freecell_tui.store import DB_NAME, Par, Store

from ..waiting import wait_for
from .line import line_mode

WIN_LINE = "You won deal 1 (hard) in {moves} moves — par {par} — and 0:00."


def near_win(mode: AutoplayMode) -> tuple[Game, str]:
    """Deal 1 one move from its win (a fast solution's moves), and that move."""
    moves = solve_for_autoplay(deal(1), mode).moves
    game = Game.new(1, autoplay=mode)
    for move in moves[:-1]:
        game = game.play(move)
    return game, str(moves[-1])


def test_a_win_searches_par_prints_it_and_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # One narrow beam (deal 1: 40 moves in ~0.04 s): the line's half-second budget never starves
    # it on a loaded machine (with the full beams a 2-core CI can find nothing in 0.5 s).
    def quick(*args: object, **options: object) -> session_par.ParSearch:
        return session_par.find_par(*args, **(options | {"widths": (16,)}))  # type: ignore[arg-type]

    monkeypatch.setattr(line_mode_module, "find_par", quick)
    game, last = near_win(AutoplayMode.ALL)
    store = Store.in_memory()
    out = io.StringIO()
    line = line_mode(game, out, store=store, clock=lambda: 0.0, par_seconds=30)
    line.start()  # the search starts with the deal on the board, in the background
    assert line.par_hunt.wait(30)
    line.handle(last)
    par = store.pars.get(1, AutoplayMode.ALL)
    assert par is not None  # searched, and kept
    moves = line.session.game.move_count
    assert par.moves < moves
    assert WIN_LINE.format(moves=moves, par=par.moves) + "\n" in out.getvalue()
    line.handle("stats")
    rows = [row.split() for row in out.getvalue().splitlines()]
    assert ["DEAL", "PLAYED", "WON", "BEST", "TIME", "FEWEST", "MOVES", "PAR"] in rows
    assert ["#1", "1", "1", "0:00", str(moves), str(par.moves)] in rows


def test_a_game_of_eight_off_searches_its_own_par(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[tuple[object, ...]] = []

    def quick(*args: object, **options: object) -> session_par.ParSearch:
        searched.append(args)
        return session_par.find_par(*args, **(options | {"widths": (16, 64)}))  # type: ignore[arg-type]

    monkeypatch.setattr(line_mode_module, "find_par", quick)
    moves = solve_for_autoplay(deal(2, EIGHT_OFF), AutoplayMode.ALL).moves
    game = Game.new(2, autoplay=AutoplayMode.ALL, variant=EIGHT_OFF)
    for move in moves[:-1]:
        game = game.play(move)
    store = Store.in_memory()
    out = io.StringIO()
    line = line_mode(game, out, store=store, clock=lambda: 0.0, par_seconds=30)
    line.start()
    assert line.par_hunt.wait(30)
    assert searched == [(2, AutoplayMode.ALL, EIGHT_OFF)]
    line.handle(str(moves[-1]))
    par = store.pars.get(2, AutoplayMode.ALL, EIGHT_OFF)
    assert par is not None and par.moves < len(moves)
    assert store.pars.get(2, AutoplayMode.ALL) is None  # classic FreeCell's deal 2: not searched
    won = f"You won deal 2 of Eight Off in {len(moves)} moves — par {par.moves} — and 0:00."
    # The search ended before the win: its par is said once, in the win's text.
    assert out.getvalue().count(won) == 1 and "Par found" not in out.getvalue()


def test_the_same_deal_of_another_game_is_searched_again(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[tuple[object, ...]] = []
    go = threading.Event()

    def held(*args: object, **options: object) -> session_par.ParSearch:
        searched.append(args)
        go.wait(20)  # the first search still runs when the game changes
        return session_par.ParSearch(None, complete=False)

    monkeypatch.setattr(line_mode_module, "find_par", held)
    game = Game.new(2, autoplay=AutoplayMode.ALL, variant=EIGHT_OFF)
    line = line_mode(game, io.StringIO(), store=Store.in_memory(), par_seconds=30)
    line.start()
    wait_for(lambda: searched, "Eight Off's search under way", 20, every=0.01)
    line.handle("deal bakers 2")
    go.set()
    assert line.session.game.start.variant == BAKERS_GAME
    assert line.par_hunt.wait(30)
    assert searched == [(2, AutoplayMode.ALL, EIGHT_OFF), (2, AutoplayMode.ALL, BAKERS_GAME)]


def test_a_search_cut_short_by_its_time_is_no_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal 617 piped to a win stored "par 63" (then "you beat it" for ever): the win's search
    had 3 s. A search its time stops before its beams finish finds no par."""
    ended: list[session_par.ParSearch] = []

    def recorded(*args: object, **options: object) -> session_par.ParSearch:
        ended.append(session_par.find_par(*args, **options))  # type: ignore[arg-type]
        return ended[-1]

    monkeypatch.setattr(line_mode_module, "find_par", recorded)
    game, last = near_win(AutoplayMode.SAFE)
    store = Store.in_memory()
    out = io.StringIO()
    # Deal 1's beams take seconds: 0.3 s stops them whatever the machine's load.
    line = line_mode(game, out, store=store, clock=lambda: 0.0, par_seconds=0.3)
    line.start()
    assert line.par_hunt.wait(30)
    line.handle(last)
    assert len(ended) == 1 and not ended[0].complete
    moves = line.session.game.move_count
    assert store.pars.all() == {AutoplayMode.SAFE: {1: moves}}  # the win's own line, no search's
    assert f"You won deal 1 (hard) in {moves} moves — par not known yet — and 0:00." in (
        out.getvalue().splitlines()
    )
    assert "Par found" not in out.getvalue()


def test_a_win_never_waits_for_par_and_par_found_after_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game piped to its win ends at once ("par not known yet"); a search that ends after the
    win adds its par to the win's text on the next line, and keeps it."""
    release = threading.Event()

    def held(*args: object, **options: object) -> session_par.ParSearch:
        release.wait(30)
        return session_par.find_par(*args, **(options | {"widths": (16,)}))  # type: ignore[arg-type]

    monkeypatch.setattr(line_mode_module, "find_par", held)
    game, last = near_win(AutoplayMode.ALL)
    store = Store.in_memory()
    out = io.StringIO()
    line = line_mode(game, out, store=store, clock=lambda: 0.0, par_seconds=30)
    line.start()
    line.handle(last)  # won while the search is held
    moves = line.session.game.move_count
    assert f"You won deal 1 (hard) in {moves} moves — par not known yet — and 0:00." in (
        out.getvalue().splitlines()
    )
    release.set()
    assert line.par_hunt.wait(30)
    line.handle("board")
    par = store.pars.get(1, AutoplayMode.ALL)
    assert par is not None
    assert "Par found: " + WIN_LINE.format(moves=moves, par=par.moves) in (
        out.getvalue().splitlines()
    )


def test_a_par_in_the_store_is_printed_without_a_search() -> None:
    game, last = near_win(AutoplayMode.OFF)
    store = Store.in_memory()
    store.pars.keep(Par(1, AutoplayMode.OFF, 7, "not searched"), 10)
    out = io.StringIO()
    # A search would take a minute: the stored par answers at once.
    line = line_mode(game, out, store=store, clock=lambda: 0.0, par_seconds=60)
    line.handle(last)
    moves = line.session.game.move_count
    assert WIN_LINE.format(moves=moves, par=7) + "\n" in out.getvalue()


def test_with_par_off_the_win_says_par_is_not_known_yet() -> None:
    game, last = near_win(AutoplayMode.ALL)
    out = io.StringIO()
    line = line_mode(game, out, clock=lambda: 0.0)
    line.handle(last)
    moves = line.session.game.move_count
    assert (
        f"You won deal 1 (hard) in {moves} moves — par not known yet — and 0:00.\n"
        in out.getvalue()
    )
    assert "Looking for" not in out.getvalue()


def test_a_hint_on_par_s_line_says_the_shortest_way() -> None:
    moves = solve_for_autoplay(deal(1), AutoplayMode.ALL).moves  # a real solution, found at once
    par = Par(1, AutoplayMode.ALL, len(moves), " ".join(map(str, moves)))
    store = Store.in_memory()
    store.pars.keep(par, 60)
    out = io.StringIO()
    line = line_mode(Game.new(1, autoplay=AutoplayMode.ALL), out, store=store)
    line.handle("hint")
    hint = out.getvalue().splitlines()[-1]
    assert hint.startswith(f"Hint: {moves[0]} — ")
    assert hint.endswith(f"(the shortest way from here is {par.moves} moves).")


def test_the_stats_command_shows_par_in_the_mode_each_game_was_played_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, last = near_win(AutoplayMode.OFF)
    store = Store.open(tmp_path).store
    store.pars.keep(Par(1, AutoplayMode.OFF, 7, "not searched"), 10)
    store.pars.keep(Par(1, AutoplayMode.SAFE, 9, "not searched"), 10)
    store.pars.keep(Par(2, AutoplayMode.SAFE, 11, "not searched"), 10)
    line = line_mode(game, io.StringIO(), store=store, clock=lambda: 0.0, par_seconds=60)
    line.handle(last)  # a win of deal 1 with autoplay off, recorded with its mode
    moves = line.session.game.move_count
    line.session.close()
    store.close()
    # A game finished before games recorded their mode: --autoplay stands for its mode.
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute(
            "INSERT INTO games (deal_number, result, move_count, cards_home, elapsed_seconds,"
            " finished_at) VALUES (2, 'won', 80, 52, 60, '2025-01-01T00:00:00+00:00')"
        )
    connection.close()
    header = ["DEAL", "PLAYED", "WON", "BEST", "TIME", "FEWEST", "MOVES", "PAR"]
    for mode, old_par in (("off", "–"), ("safe", "11"), ("all", "–")):
        assert main(["stats", "--autoplay", mode, "--data-dir", str(tmp_path)]) == 0
        rows = [row.split() for row in capsys.readouterr().out.splitlines()]
        assert header in rows
        assert ["#1", "1", "1", "0:00", str(moves), "7"] in rows  # its own mode's par, always
        assert ["#2", "1", "1", "1:00", "80", old_par] in rows
    assert main(["stats", "--autoplay", "sometimes", "--data-dir", str(tmp_path)]) == 2
    assert "not an autoplay mode" in capsys.readouterr().err
