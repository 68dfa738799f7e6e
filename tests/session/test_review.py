"""The review of a game: where a lost game was lost and the line that still won, how a win
compares with par, and a search that gives up saying so."""

from __future__ import annotations

import threading
from dataclasses import replace
from functools import cache, partial

import pytest

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.rules import apply_move, apply_resolved, legal_moves, resolve_move
from freecell_tui.core.solver import canonical_key, is_winnable, solve_for_autoplay
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import SEAHAVEN
from freecell_tui.session import review as review_module
from freecell_tui.session.par import find_par
from freecell_tui.session.review import (
    DIFFERS,
    DIFFERS_FOUND,
    LAST_WINNABLE,
    LOST_HERE,
    LineTurn,
    Review,
    review,
    review_text,
)
from freecell_tui.store import Par

DEAL = 617
#: Generous bounds: the searches end long before them, on a loaded machine too.
SECONDS = 120.0


@cache
def solution(number: int = DEAL) -> tuple[Move, ...]:
    found = solve_for_autoplay(Game.new(number).start, AutoplayMode.SAFE, timeout=SECONDS)
    assert found.solved
    return found.moves


def played(moves: tuple[Move, ...], number: int = DEAL) -> Game:
    game = Game.new(number)
    for move in moves:
        game = game.play(move)
    return game


def wins_from(state: GameState, line: tuple[LineTurn, ...]) -> bool:
    """Playing every move of ``line`` (autoplay's included) from ``state`` wins."""
    for turn in line:
        for move in parse_moves(turn.notation, state.variant):
            state = apply_move(state, move)
    return state.is_won


def losing_move(game: Game) -> Move:
    """A move after which ``game``'s position can no longer be won: the first of its legal moves
    that is (the one :data:`FIRST_LOSERS` names tried first), found once a process for each
    position and mode (a search for each move tried)."""
    return _losing_move(game.state, game.autoplay)


#: The first legal move that loses, where it is known: at the start of deal 617 (autoplay safe)
#: 3a, after five moves that a search each wins (58 and 83 the longest, 1.3 s of CPU together).
#: Tried first, then checked to lose as every move tried is.
FIRST_LOSERS = {(Game.new(DEAL).state, AutoplayMode.SAFE): Move.parse("3a")}


@cache
def _losing_move(state: GameState, autoplay: AutoplayMode) -> Move:
    known = FIRST_LOSERS.get((state, autoplay))
    for move in (*([known] if known else []), *legal_moves(state)):
        after, _ = run_autoplay(apply_resolved(state, resolve_move(state, move)), autoplay)
        if is_winnable(after, SECONDS, autoplay=autoplay) is False:
            return move
    raise AssertionError("no losing move from this position")


def one_line(found: Review) -> str:
    assert found.summary and "\n" not in found.summary
    return found.summary


def test_a_game_lost_at_move_k_says_k_minus_1_was_the_last_winnable_step() -> None:
    k = 11
    game = played(solution()[: k - 1])
    game = game.play(losing_move(game))
    for _ in range(3):  # more moves after the loss
        game = game.play(next(legal_moves(game.state)))
    found = review(game, seconds=SECONDS)
    assert found.kind == "lost"
    assert (found.last_winnable, found.lost_at) == (k - 1, k)
    assert found.marks == {k - 1: LAST_WINNABLE, k: LOST_HERE}
    assert one_line(found).startswith(f"Move {k} lost it: after move {k - 1} the deal could")
    # The winning line starts at the step after the last winnable one, and wins from there.
    assert found.line[0].number == k
    assert wins_from(found.replay.steps[k - 1].state, found.line)
    assert f"{len(found.line)} moves to win from there" in found.summary
    text = review_text(found)
    lost = found.replay.steps[k]
    assert f"Move {k} (lost here): {lost.summary}" in text
    assert f"A winning line from move {k - 1}:" in text
    assert f"{k}. {found.line[0].words}" in text


def test_a_first_move_that_loses_marks_the_start_as_last_winnable() -> None:
    game = Game.new(DEAL)
    game = game.play(losing_move(game))
    found = review(game, seconds=SECONDS)
    assert found.marks == {0: LAST_WINNABLE, 1: LOST_HERE}
    assert one_line(found).startswith("Move 1 lost it: from the start the deal could")
    assert "The start (last winnable)." in review_text(found)
    assert wins_from(Game.new(DEAL).start, found.line)


def test_a_deal_never_winnable_is_said_to_be_so_with_no_move_blamed() -> None:
    game = Game.new(11982)
    for _ in range(3):
        game = game.play(next(legal_moves(game.state)))
    found = review(game, seconds=SECONDS)
    assert found.kind == "never"
    assert one_line(found) == "This deal could not be won, even from its start: no move lost it."
    assert found.marks == {}
    assert found.line == ()


def test_a_game_left_while_still_winnable_says_how_many_moves_win() -> None:
    game = played(solution()[:5])
    found = review(game, seconds=SECONDS)
    assert found.kind == "winnable"
    assert one_line(found) == f"Still winnable: {len(found.line)} moves to win."
    assert found.line[0].number == 6
    assert wins_from(game.state, found.line)
    assert found.marks == {}


def test_a_search_out_of_time_says_it_could_not_decide() -> None:
    game = played(solution()[:5])
    found = review(game, seconds=0.0)
    assert found.kind == "unknown"
    assert one_line(found) == "Where this game was lost: could not decide in 0 s."
    assert found.marks == {}


def test_a_stopped_search_says_it_was_stopped() -> None:
    stop = threading.Event()
    stop.set()
    found = review(played(solution()[:5]), seconds=SECONDS, cancel=stop)
    assert found.kind == "unknown"
    assert "stopped before it could decide" in one_line(found)


# ---------------------------------------------------------------------------- wins


def par_of(moves: tuple[Move, ...]) -> Par:
    """A par row for ``moves`` (a solution of :data:`DEAL` in autoplay safe)."""
    return Par(DEAL, AutoplayMode.SAFE, len(moves), " ".join(str(move) for move in moves))


def detour(state: GameState) -> tuple[Move, Move]:
    """Two moves from ``state`` that come back to the same position (columns and cells in any
    order): a card out and back, no card going home."""
    for out in legal_moves(state):
        if out.dest.is_foundation:
            continue
        after = apply_move(state, out)
        for back in legal_moves(after):
            if canonical_key(apply_move(after, back)) == canonical_key(state):
                return out, back
    raise AssertionError("no detour from this position")


def test_a_win_longer_than_par_shows_where_it_left_pars_line() -> None:
    best = solution()
    k = 7
    before = played(best[:k])
    out, back = detour(before.state)
    game = played((*best[:k], out, back, *best[k:]))
    assert game.state.is_won
    found = review(game, par=par_of(best), seconds=SECONDS)
    assert found.kind == "won"
    assert (found.par, found.par_known, found.differs_at) == (len(best), True, k + 1)
    assert found.marks == {k + 1: DIFFERS}
    assert one_line(found) == (
        f"Won in {len(best) + 2} moves, par {len(best)}: 2 moves more; your line left par's at "
        f"move {k + 1}."
    )
    text = review_text(found)
    assert f"From move {k + 1}, yours beside par's:" in text
    row = next(line for line in text if line.startswith(f"{k + 1:>3}. "))
    assert row.split()[1:] == [str(out), str(best[k])]  # the detour beside par's move


def test_a_win_along_pars_line_says_so_and_marks_nothing() -> None:
    best = solution()
    found = review(played(best), par=par_of(best), seconds=SECONDS)
    assert found.differs_at is None
    assert found.marks == {}
    assert (
        one_line(found) == f"Won in {len(best)} moves, par {len(best)}: you played par's very line."
    )


def test_a_win_that_became_par_is_not_compared_with_itself() -> None:
    """A won game shorter than the solver's line is the deal's par: reviewed, it says so."""
    best = solution()
    mine = replace(par_of(best), won=True, searched=False)
    found = review(played(best), par=mine, seconds=SECONDS)
    assert (found.par, found.par_known, found.differs_at, found.marks) == (
        len(best),
        True,
        None,
        {},
    )
    assert one_line(found) == f"Won in {len(best)} moves: this line is par, the fewest moves known."


def test_a_par_of_another_deal_is_not_used_and_an_unfinished_search_is_not_par() -> None:
    best = solution()
    other = Par(DEAL + 1, AutoplayMode.SAFE, 3, "3a 4b 5c")
    found = review(played(best), par=other, seconds=0.0)
    assert found.par_known is False
    assert found.par is None
    assert one_line(found) == f"Won in {len(best)} moves; par not known: could not decide in 0 s."


def test_a_custom_positions_win_is_compared_with_the_shortest_line_found_never_par() -> None:
    best = solution()
    start = played(best[:20]).state
    game = Game.from_position(start)
    out, back = detour(start)
    for move in (out, back, *best[20:]):
        game = game.play(move)
    assert game.state.is_won
    found = review(game, seconds=SECONDS)
    assert found.kind == "won" and found.par_known is False
    assert found.par == len(found.line) and wins_from(start, found.line)
    assert found.differs_at is not None
    assert found.marks == {found.differs_at: DIFFERS_FOUND}
    more = game.move_count - len(found.line)
    assert one_line(found) == (
        f"Won in {game.move_count} moves, the shortest line found has {len(found.line)} moves: "
        f"{more} moves more; your line left it at move {found.differs_at}."
    )
    assert f"From move {found.differs_at}, yours beside shortest's:" in review_text(found)


def test_the_steps_reviewed_are_those_since_the_last_restart() -> None:
    game = played(solution()[:3]).restart()  # three moves, then back to the start
    game = game.play(losing_move(game))
    found = review(game, seconds=SECONDS)
    assert found.moves == 1
    assert found.marks == {0: LAST_WINNABLE, 1: LOST_HERE}


def _seahaven_win() -> tuple[Game, tuple[Move, ...]]:
    """Deal 3 of Seahaven Towers won along the variant solver's line."""
    start = Game.new(3, variant=SEAHAVEN)
    moves = solve_for_autoplay(start.state, start.autoplay, timeout=SECONDS).moves
    assert moves
    won = start
    for move in moves:
        won = won.play(move)
    assert won.state.is_won
    return won, moves


def test_a_win_of_seahaven_towers_is_compared_with_its_par() -> None:
    won, moves = _seahaven_win()
    par = find_par(3, AutoplayMode.SAFE, SEAHAVEN, budget=SECONDS, widths=(16, 64)).par
    assert par is not None and par.variant == SEAHAVEN and par.moves < len(moves)
    found = review(won, par=par, seconds=SECONDS)
    assert found.kind == "won"
    assert (found.par, found.par_known) == (par.moves, True)
    assert found.differs_at is not None and found.marks == {found.differs_at: DIFFERS}
    more = len(moves) - par.moves
    assert one_line(found) == (
        f"Won in {len(moves)} moves, par {par.moves}: {more} moves more; your line left par's "
        f"at move {found.differs_at}."
    )
    # Par's line, as the review shows it, wins deal 3 by Seahaven's rules.
    assert wins_from(won.start, found.line)


def test_a_review_of_a_seahaven_win_searches_its_par(monkeypatch: pytest.MonkeyPatch) -> None:
    won, moves = _seahaven_win()
    monkeypatch.setattr(review_module, "find_par", partial(find_par, widths=(16, 64)))
    found = review(won, seconds=SECONDS)
    assert found.search is not None and found.search.complete
    par = found.search.par
    assert par is not None and (par.deal_number, par.variant) == (3, SEAHAVEN)
    assert (found.par, found.par_known) == (par.moves, True)
    assert one_line(found).startswith(f"Won in {len(moves)} moves, par {par.moves}: ")
    lost = Game.new(3, variant=SEAHAVEN).play(moves[0])
    assert review(lost, seconds=SECONDS).kind == "winnable"


def test_a_review_gives_its_par_search_less_than_five_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A won game whose par is not stored is answered within 5 s: the par search is handed what
    is left of the review's bound (4.5 s, the rest for the replays), and a search cut short is
    the shortest found."""
    budgets: list[float] = []

    def cut_short(*args: object, budget: float, **kwargs: object) -> object:
        budgets.append(budget)
        return find_par(*args, budget=budget, widths=(16,), **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(review_module, "find_par", cut_short)
    found = review(played(solution()))
    assert found.kind == "won"
    assert budgets and budgets[0] < 5.0
