"""Par in the session: counted as the game counts moves (turns in the game's autoplay mode), never
more than the fast solution played in that game, a cancelled search gives its best but is not
kept, the win says it, hints on its line say how short the way is, statistics show it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.variant import FREECELL
from freecell_tui.session import Event, PlaySession, Step, Tone
from freecell_tui.session.analysis import Analyst
from freecell_tui.session.par import ParSearch, find_par, par_line, par_phrase, shorter_way
from freecell_tui.store import GameResult, Par, Result, Store, compute_statistics
from freecell_tui.store.stats import format_statistics

SMALL = (16, 64)
MODES = [AutoplayMode.ALL, AutoplayMode.SAFE, AutoplayMode.OFF]


class CountingCancel:
    """A cancel flag that turns on at its ``after``-th look."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.polls = 0

    def is_set(self) -> bool:
        self.polls += 1
        return self.polls > self.after


def found(number: int, mode: AutoplayMode) -> Par:
    search = find_par(number, mode, budget=60, widths=SMALL)
    assert search.complete and search.par is not None
    return search.par


def played(par: Par) -> Game:
    """Par's solution played one turn a word in a game of its deal and autoplay mode."""
    game = Game.new(par.deal_number, autoplay=par.autoplay)
    for move in parse_moves(par.solution):
        game = game.play(move)
    return game


@pytest.mark.parametrize("mode", MODES)
def test_par_counts_turns_as_the_game_counts_moves_and_never_more_than_the_fast_solution(
    mode: AutoplayMode,
) -> None:
    par = found(7, mode)
    game = played(par)
    assert game.state.is_won
    assert par.moves == game.move_count == len(par.solution.split())
    fast = solve_for_autoplay(deal(7), mode)  # one turn a move, in that game
    assert par.moves <= len(fast.moves)


def test_with_autoplay_all_par_is_shorter_than_the_fast_solution() -> None:
    par = found(9, AutoplayMode.ALL)
    assert par.moves < len(solve_for_autoplay(deal(9), AutoplayMode.ALL).moves)


def test_a_cancelled_search_gives_its_best_so_far_and_says_it_is_not_complete() -> None:
    counter = CountingCancel(10**9)
    whole = find_par(9, AutoplayMode.ALL, budget=600, widths=(16,), cancel=counter)  # type: ignore[arg-type]
    assert whole.complete and whole.par is not None
    cancel = CountingCancel(counter.polls - 2)  # on near the end of the 16-wide beam
    cut = find_par(9, AutoplayMode.ALL, budget=600, widths=(16, 64), cancel=cancel)  # type: ignore[arg-type]
    assert not cut.complete
    assert cut.par is not None and played(cut.par).state.is_won


def test_a_cancel_before_any_solution_finds_nothing() -> None:
    assert find_par(9, AutoplayMode.ALL, cancel=CountingCancel(0)) == ParSearch(None, False)  # type: ignore[arg-type]


def test_par_line_replays_the_stored_solution_and_refuses_a_damaged_one() -> None:
    par = found(7, AutoplayMode.SAFE)
    line = par_line(par)
    assert line is not None
    moves, positions = line
    assert len(moves) == len(positions) == par.moves
    assert positions[0] == deal(7)
    first = parse_moves(par.solution)[0]
    assert (
        par_line(Par(7, AutoplayMode.SAFE, par.moves, par.solution.replace(str(first), "zz", 1)))
        is None
    )
    assert (
        par_line(Par(7, AutoplayMode.SAFE, par.moves, " ".join(par.solution.split()[:-1]))) is None
    )
    assert par_line(Par(7, AutoplayMode.SAFE, par.moves + 1, par.solution)) is None


def test_a_hint_on_par_s_line_follows_it_and_says_the_shortest_way() -> None:
    par = found(7, AutoplayMode.ALL)
    line = par_line(par)
    assert line is not None
    analyst = Analyst()
    analyst.keep_shortest(AutoplayMode.ALL, *line)
    game = Game.new(7, autoplay=AutoplayMode.ALL)
    hint = analyst.hint(game)
    assert hint is not None
    assert hint[1].endswith(f"(the shortest way from here is {par.moves} moves).")
    game = game.play(line[0][0])
    hint = analyst.hint(game)
    assert hint is not None
    assert hint[1].endswith(f"(the shortest way from here is {par.moves - 1} moves).")
    assert analyst.solution(game) == line[0][1:]
    # Off the line, or in another mode, nothing is known.
    assert analyst.hint(Game.new(7, autoplay=AutoplayMode.SAFE)) is None


def winning_session(tmp_path: Path, mode: AutoplayMode) -> tuple[PlaySession, str]:
    """A session one move from winning deal 1 (a fast solution's moves), and that last move."""
    moves = solve_for_autoplay(deal(1), mode).moves
    game = Game.new(1, autoplay=mode)
    for move in moves[:-1]:
        game = game.play(move)
    return PlaySession(Store.open(tmp_path).store, game, clock=lambda: 0.0), str(moves[-1])


def test_the_win_says_par_when_the_store_knows_it(tmp_path: Path) -> None:
    session, last = winning_session(tmp_path, AutoplayMode.SAFE)
    assert session.par is None
    par = found(1, AutoplayMode.SAFE)
    assert session.keep_par(ParSearch(par, complete=True), 60) == Step("", Tone.SUCCESS)
    assert session.par == par
    assert session.store.pars.get(1, AutoplayMode.ALL) is None  # a par per autoplay mode
    step = session.play(parse_moves(last)[0])
    assert step.event is Event.WON
    moves = session.game.move_count
    assert moves > par.moves
    assert (
        session.win_text()
        == f"You won deal 1 (hard) in {moves} moves — par {par.moves} — and 0:00."
    )


def test_without_par_the_win_says_it_is_not_known_yet(tmp_path: Path) -> None:
    session, last = winning_session(tmp_path, AutoplayMode.ALL)
    session.play(parse_moves(last)[0])
    moves = session.game.move_count
    assert (
        session.win_text()
        == f"You won deal 1 (hard) in {moves} moves — par not known yet — and 0:00."
    )
    custom = PlaySession(
        Store.in_memory(), Game.from_position(session.game.states[-2], autoplay=AutoplayMode.ALL)
    )
    custom.play(parse_moves(last)[0])
    assert custom.win_text().startswith("You won a custom position in 1 move and ")  # no par


def test_par_is_searched_for_a_deal_until_a_finished_search_found_it(tmp_path: Path) -> None:
    session, last = winning_session(tmp_path, AutoplayMode.SAFE)
    assert session.par_to_find() == (1, AutoplayMode.SAFE, FREECELL)
    session.keep_par(ParSearch(Par(1, AutoplayMode.SAFE, 99, "best so far"), False), 3.0)
    assert session.par_to_find() == (
        1,
        AutoplayMode.SAFE,
        FREECELL,
    )  # still wanted: that was no par
    session.keep_par(ParSearch(found(1, AutoplayMode.SAFE), complete=True), 60)
    assert session.par_to_find() is None
    custom = PlaySession(Store.in_memory(), Game.from_position(deal(1)))
    assert custom.par_to_find() is None  # a custom position has no par
    solved = PlaySession(
        Store.in_memory(), Game.new(1).play(next(legal_moves(deal(1))), solver=True)
    )
    assert solved.par_to_find() is None  # auto-solve played it: not told par


def test_a_search_its_time_cut_short_is_not_complete_and_one_that_finished_is() -> None:
    # Deal 617 with autoplay safe: the first beam finds 63 turns, the wider ones 46 (the par
    # "63" and "46" kept when a win gave the search 3 s on a loaded machine).
    narrow = find_par(617, AutoplayMode.SAFE, budget=60, widths=(16,))
    assert narrow.complete and narrow.par is not None and narrow.par.moves == 63
    wider = find_par(617, AutoplayMode.SAFE, budget=60, widths=(16, 64, 256))
    assert wider.complete and wider.par is not None and wider.par.moves == 46
    cut = find_par(617, AutoplayMode.SAFE, budget=0.3, widths=(16, 64, 256, 1024, 4096))
    assert not cut.complete  # its best so far (63 or 46, as the machine allowed) is no par


def test_a_search_cut_short_keeps_nothing_and_a_win_against_it_beats_nothing(
    tmp_path: Path,
) -> None:
    session, last = winning_session(tmp_path, AutoplayMode.SAFE)
    session.play(parse_moves(last)[0])
    moves = session.game.move_count
    long_way = Par(1, AutoplayMode.SAFE, moves + 20, "a best so far")
    assert session.keep_par(ParSearch(long_way, complete=False), 3.0) == Step("")
    # Only the won game's own line is known: it is par, but the solver's search is still wanted.
    assert session.par is not None and session.par.won and not session.par.searched
    assert session.store.pars.all() == {AutoplayMode.SAFE: {1: moves}}
    assert session.par_to_find() == (1, AutoplayMode.SAFE, FREECELL)
    assert "shorter" not in session.win_text() and "par not known yet" in session.win_text()
    # A finished search: kept, and the won game is told its par.
    par = found(1, AutoplayMode.SAFE)
    step = session.keep_par(ParSearch(par, complete=True), 60)
    assert session.par == par
    assert (
        step.said
        == session.win_text()
        == (f"You won deal 1 (hard) in {moves} moves — par {par.moves} — and 0:00.")
    )
    # Another deal's par is kept, and says nothing to this game.
    other = found(2, AutoplayMode.SAFE)
    assert session.keep_par(ParSearch(other, complete=True), 60).said == ""
    assert session.store.pars.get(2, AutoplayMode.SAFE) == other


def test_par_phrase_says_when_the_player_matched_or_beat_it() -> None:
    par = Par(1, AutoplayMode.SAFE, 27, "")
    assert par_phrase(30, par) == "par 27"
    assert par_phrase(27, par) == "par 27, you matched it"
    assert par_phrase(25, par) == "par was 27"
    assert par_phrase(25, None) == "par not known yet"
    assert shorter_way(25, par, player=True) == (
        "You found a shorter way than the solver: 25 moves, par was 27."
    )
    earlier = Par(1, AutoplayMode.SAFE, 27, "", won=True)
    assert shorter_way(25, earlier, player=True) == (
        "You found a shorter way than any game before: 25 moves, par was 27."
    )
    assert shorter_way(25, par, player=False) == "This line is par now: 25 moves, par was 27."
    assert shorter_way(27, par, player=True) == shorter_way(25, None, player=True) == ""


def test_a_shorter_par_replaces_a_longer_one_and_pars_lists_them(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.pars.keep(Par(5, AutoplayMode.ALL, 30, "x"), 10)
    store.pars.keep(Par(5, AutoplayMode.ALL, 33, "y"), 10)
    store.pars.keep(Par(6, AutoplayMode.ALL, 25, "z"), 10)
    store.pars.keep(Par(6, AutoplayMode.SAFE, 40, "w"), 10)
    assert store.pars.get(5, AutoplayMode.ALL) == Par(5, AutoplayMode.ALL, 30, "x")
    assert store.pars.all() == {AutoplayMode.ALL: {5: 30, 6: 25}, AutoplayMode.SAFE: {6: 40}}


def test_statistics_show_each_deal_s_best_against_its_par_where_known() -> None:
    when = datetime(2026, 1, 1)
    results = [
        GameResult(5, None, Result.WON, 38, 100.0, when),
        GameResult(5, None, Result.WON, 31, 200.0, when.replace(day=2)),
        GameResult(6, None, Result.LEFT, 12, 50.0, when.replace(day=3)),
        GameResult(None, "custom", Result.WON, 3, 5.0, when.replace(day=4)),
    ]
    stats = compute_statistics(results, {AutoplayMode.SAFE: {5: 27}})
    by_label = {d.label: (d.fewest_moves, d.par) for d in stats.deals}
    assert by_label == {"#5": (31, 27), "#6": (None, None), "custom position": (3, None)}
    text = format_statistics(stats).splitlines()
    assert text[-4].split() == ["DEAL", "PLAYED", "WON", "BEST", "TIME", "FEWEST", "MOVES", "PAR"]
    assert text[-1].split() == ["#5", "2", "2", "1:40", "31", "27"]
    assert text[-2].split() == ["#6", "1", "0", "–", "–", "–"]
    # Without any par, no column for it.
    assert "PAR" not in format_statistics(compute_statistics(results)).split()


def test_each_deal_shows_the_par_of_the_mode_its_best_win_was_played_in() -> None:
    when = datetime(2026, 1, 1)
    pars = {AutoplayMode.ALL: {5: 25, 6: 20, 7: 30}, AutoplayMode.SAFE: {5: 27, 6: 22, 7: 33}}
    results = [
        GameResult(5, None, Result.WON, 38, 100.0, when, autoplay=AutoplayMode.SAFE),
        GameResult(5, None, Result.WON, 31, 200.0, when.replace(day=2), autoplay=AutoplayMode.ALL),
        # No win: the latest game's mode.
        GameResult(6, None, Result.LEFT, 12, 50.0, when.replace(day=3), autoplay=AutoplayMode.SAFE),
        GameResult(6, None, Result.LEFT, 9, 50.0, when.replace(day=4), autoplay=AutoplayMode.ALL),
        # Finished before games recorded their mode: the mode given stands for it.
        GameResult(7, None, Result.WON, 40, 60.0, when.replace(day=5)),
    ]
    by_label = {d.label: d.par for d in compute_statistics(results, pars, AutoplayMode.SAFE).deals}
    assert by_label == {"#5": 25, "#6": 20, "#7": 33}
    by_label = {d.label: d.par for d in compute_statistics(results, pars, AutoplayMode.ALL).deals}
    assert by_label["#7"] == 30


def test_a_finished_game_records_its_autoplay_mode(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    game = Game.new(5, autoplay=AutoplayMode.ALL)
    game = game.play(next(iter(legal_moves(game.state))))
    assert store.autosaves.finish(game, 12.0) is None
    assert [r.autoplay for r in store.results.all().items] == [AutoplayMode.ALL]


def fast_line(mode: AutoplayMode) -> Par:
    """The fast solver's line for deal 1 as a par (a real solution, longer than the beams')."""
    moves = solve_for_autoplay(deal(1), mode).moves
    return Par(1, mode, len(moves), " ".join(map(str, moves)))


def play_out(session: PlaySession, par: Par, *, solver: bool = False) -> Step:
    """``par``'s line played to its win in ``session``; the last step."""
    step = Step("")
    for move in parse_moves(par.solution):
        step = session.play(move, solver=solver)
    assert step.event is Event.WON
    return step


def test_a_win_shorter_than_par_becomes_par_and_the_player_is_told(tmp_path: Path) -> None:
    """Issue 37: deal 11523 showed par 41 after a win in 40. A won game shorter than par is the
    deal's par from then on, and the player is told, in words that say it was the player."""
    longer, short = fast_line(AutoplayMode.SAFE), found(1, AutoplayMode.SAFE)
    assert short.moves < longer.moves
    store = Store.open(tmp_path).store
    store.pars.keep(longer, 60)  # the solver's par, longer than the line the player finds
    session = PlaySession(store, Game.new(1, autoplay=AutoplayMode.SAFE), clock=lambda: 0.0)
    play_out(session, short)
    assert session.game.move_count == short.moves
    assert session.win_text() == (
        f"You won deal 1 (hard) in {short.moves} moves and 0:00. You found a shorter way than the "
        f"solver: {short.moves} moves, par was {longer.moves}."
    )
    par = store.pars.get(1, AutoplayMode.SAFE)
    assert par == Par(1, AutoplayMode.SAFE, short.moves, short.solution, won=True, searched=True)
    assert session.par_to_find() is None  # the solver's search is behind it: not searched again
    # A search that ends after the win, longer still, changes neither par nor the win's words.
    said = session.win_text()
    assert session.keep_par(ParSearch(longer, complete=True), 60).said == said
    assert store.pars.get(1, AutoplayMode.SAFE) == par
    # The next game of the deal is measured against it; statistics show it.
    session.new_game(1)
    assert session.par == par and session.par_shown == par
    reading = store.results.statistics(store.pars.all(), AutoplayMode.SAFE)
    assert [(d.fewest_moves, d.par) for d in reading.statistics.deals] == [(short.moves,) * 2]
    # Beating that par again says it beat an earlier game, not the solver.
    assert shorter_way(short.moves - 1, par, player=True).startswith(
        "You found a shorter way than any game before:"
    )


def test_auto_solve_s_win_shorter_than_par_becomes_par_too(tmp_path: Path) -> None:
    """Whoever played it, a line the game has seen win is never longer than par."""
    longer, short = fast_line(AutoplayMode.SAFE), found(1, AutoplayMode.SAFE)
    store = Store.open(tmp_path).store
    store.pars.keep(longer, 60)
    session = PlaySession(store, Game.new(1, autoplay=AutoplayMode.SAFE), clock=lambda: 0.0)
    play_out(session, short, solver=True)
    assert session.win_text() == (
        f"Auto-solve played all {short.moves} moves, so this game is not counted as your win. "
        f"This line is par now: {short.moves} moves, par was {longer.moves}."
    )
    par = store.pars.get(1, AutoplayMode.SAFE)
    assert par is not None and par.moves == short.moves and par.won


def test_a_win_before_any_search_is_par_until_the_solver_finds_shorter(tmp_path: Path) -> None:
    longer, short = fast_line(AutoplayMode.SAFE), found(1, AutoplayMode.SAFE)
    store = Store.open(tmp_path).store
    session = PlaySession(store, Game.new(1, autoplay=AutoplayMode.SAFE), clock=lambda: 0.0)
    play_out(session, longer)
    assert "par not known yet" in session.win_text()  # only its own line is known
    assert session.par == Par(
        1, AutoplayMode.SAFE, longer.moves, longer.solution, won=True, searched=False
    )
    assert session.par_to_find() == (1, AutoplayMode.SAFE, FREECELL)  # the solver's still runs
    step = session.keep_par(ParSearch(short, complete=True), 60)
    assert f"— par {short.moves} —" in step.said
    assert store.pars.get(1, AutoplayMode.SAFE) == short
