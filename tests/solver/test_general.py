"""The general search (every game but classic FreeCell) on its compact positions: deals the
old search on core positions gave up on are decided within a few tens of thousands of
positions, unsolvable deals are proved so by each search of the portfolio alone (the whole
position space, as before), every solution replays to a win through the core's rules, and a
line that does not is refused."""

from __future__ import annotations

import shutil
import subprocess
import threading

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.position import format_position
from freecell_tui.core.solver import solve
from freecell_tui.core.solver.general import (
    PORTFOLIO,
    SCOUT_AFTER,
    SCOUT_BUDGET,
    SHARE_AFTER,
    GeneralStop,
    ReplayError,
    _replay,
    search_general,
)
from freecell_tui.core.solver.general_moves import COL_TO_CELL, GeneralRules, compact, key_of
from freecell_tui.core.variant import VARIANTS, Variant, parse_variant

#: Deals the search on core positions gave up on at 10 s a deal (about 100,000 positions;
#: benchmarks/results/variants-2026-11-26.jsonl), each with the positions the compact search
#: may store to decide it: a bound on work, not on time.
HARD = [
    (parse_variant("freecell", 2), 37, 60_000),
    (parse_variant("freecell", 2), 94, 60_000),
    (parse_variant("freecell", 2), 123, 60_000),
    (parse_variant("freecell", 2), 132, 60_000),
    (VARIANTS["forecell"], 34, 60_000),
    (VARIANTS["forecell"], 37, 60_000),
    (parse_variant("freecell", 3), 6, 60_000),
    (parse_variant("freecell", 3), 69, 60_000),
]


def wins(variant: Variant, number: int, moves: tuple[object, ...]) -> bool:
    game = Game.new(number, autoplay=AutoplayMode.OFF, variant=variant)
    for move in moves:
        game = game.play(move)  # type: ignore[arg-type]
    return game.outcome is Outcome.WON


@pytest.mark.parametrize(
    ("variant", "number", "bound"), HARD, ids=lambda v: getattr(v, "key", str(v))
)
def test_deals_the_old_search_gave_up_on_are_solved_within_a_bound(
    variant: Variant, number: int, bound: int
) -> None:
    result = solve(deal(number, variant), timeout=120, max_positions=bound)
    assert result.status == "solved", (variant.name, number, result)
    assert wins(variant, number, result.moves)


@pytest.mark.parametrize(
    ("game", "cells", "number", "positions"),
    [
        ("ko_bakers_game", None, 1, 4_113),
        ("freecell", 2, 1, 70_882),
        ("seahaven", None, 21, None),
        ("bakers_game", None, 22, None),
        ("freecell", 1, 86, None),
    ],
)
def test_each_search_alone_proves_a_deal_unsolvable(
    game: str, cells: int | None, number: int, positions: int | None
) -> None:
    """Each search of the portfolio alone expands every position reachable: the same number
    (the counts of the search on core positions where given)."""
    state = deal(number, parse_variant(game, cells))
    counts = set()
    for weights in PORTFOLIO:
        outcome = search_general(
            state,
            should_stop=lambda: False,
            max_positions=None,
            autoplay=AutoplayMode.SAFE,
            portfolio=(weights,),
            scouts=(),
        )
        assert outcome.moves is None
        assert outcome.positions == outcome.expanded
        counts.add(outcome.positions)
    assert len(counts) == 1
    if positions is not None:
        assert counts == {positions}


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
@pytest.mark.parametrize(
    ("game", "cells", "number"),
    [("seahaven", None, 21), ("bakers_game", None, 22), ("freecell", 1, 86)],
)
def test_fc_solve_agrees_those_deals_are_unsolvable(
    game: str, cells: int | None, number: int
) -> None:
    variant = parse_variant(game, cells)
    out = subprocess.run(
        ["fc-solve", *variant.fcsolve_args, "-to", "01ABCDE", "-m", "-snx", "-"],
        input=format_position(deal(number, variant)),
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "This game is solveable." not in out


@pytest.mark.parametrize(
    "variant",
    [
        *(VARIANTS[key] for key in sorted(VARIANTS) if key != "freecell"),
        *(parse_variant("freecell", n) for n in (1, 2, 3)),
    ],
    ids=lambda v: f"{v.key}-{v.cells}",
)
@pytest.mark.parametrize("mode", [AutoplayMode.SAFE, AutoplayMode.ALL])
def test_solutions_replay_to_a_win_in_every_game(variant: Variant, mode: AutoplayMode) -> None:
    solved = 0
    # Kings-only Baker's Game proves most of its first deals unsolvable: start at its wins.
    first = (3, 18, 20) if variant.key == "ko_bakers_game" else ()
    for number in (*first, *range(1, 40)):
        try:
            outcome = search_general(
                deal(number, variant),
                should_stop=lambda: False,
                max_positions=30_000,
                autoplay=mode,
            )
        except GeneralStop:
            continue
        if outcome.moves is not None:
            assert wins(variant, number, outcome.moves), (variant.name, number)
            solved += 1
        if solved == 3:
            break
    assert solved == 3


def test_a_line_that_breaks_the_rules_is_refused() -> None:
    state = deal(5, VARIANTS["bakers_game"])
    cols, cells, _ = compact(state)
    start = key_of(cols, cells)
    # Four cards to the cells, then a fifth: Baker's Game has four.
    line = [(start, (COL_TO_CELL, 0, 0, 1))] * 5
    with pytest.raises(ReplayError):
        _replay(state, line, AutoplayMode.SAFE)


def test_a_line_that_does_not_win_is_refused() -> None:
    state = deal(5, VARIANTS["bakers_game"])
    cols, cells, _ = compact(state)
    with pytest.raises(ReplayError, match="does not win"):
        _replay(state, [(key_of(cols, cells), (COL_TO_CELL, 0, 0, 1))], AutoplayMode.SAFE)


@pytest.mark.parametrize("variant", [VARIANTS["eight_off"], VARIANTS["forecell"]])
def test_the_rules_run_limit_is_the_games(variant: Variant) -> None:
    """Kings only: empty cells + 1, whatever the empty columns; FreeCell's formula otherwise."""
    rules = GeneralRules(variant)
    assert [rules.run_limit(free, 2, False) for free in range(3)] == [1, 2, 3]
    assert GeneralRules(VARIANTS["bakers_game"]).run_limit(1, 2, True) == 4
    assert GeneralRules(VARIANTS["relaxed_seahaven"]).run_limit(0, 0, False) == 13


def test_the_portfolio_shares_its_positions_for_a_long_proof() -> None:
    """Past SHARE_AFTER expansions the searches hold one set of positions: the proof covers
    every position reachable once (FreeCell with 2 cells, deal 1: 70,882), not once a search;
    with the scouts too, the proof stands."""
    state = deal(1, parse_variant("freecell", 2))
    outcome = search_general(
        state, should_stop=lambda: False, max_positions=None, autoplay=AutoplayMode.SAFE, scouts=()
    )
    assert outcome.moves is None
    assert outcome.positions == 70_882
    assert SHARE_AFTER <= outcome.expanded < 2 * 70_882
    scouted = search_general(
        state, should_stop=lambda: False, max_positions=None, autoplay=AutoplayMode.SAFE
    )
    assert scouted.moves is None and scouted.expanded > outcome.expanded


def test_a_scout_solves_a_deal_the_two_searches_are_slow_on() -> None:
    """Seahaven Towers deal 10: the two searches in turns need over 100,000 positions; the
    first scout, joining after 10,000, solves it within a few hundred more."""
    state = deal(10, VARIANTS["seahaven"])
    safe = AutoplayMode.SAFE
    with pytest.raises(GeneralStop):
        search_general(
            state, should_stop=lambda: False, max_positions=60_000, autoplay=safe, scouts=()
        )
    outcome = search_general(state, should_stop=lambda: False, max_positions=60_000, autoplay=safe)
    assert outcome.moves is not None and wins(VARIANTS["seahaven"], 10, outcome.moves)
    assert outcome.expanded < SCOUT_AFTER + SCOUT_BUDGET


def test_a_cancelled_search_stops() -> None:
    cancel = threading.Event()
    cancel.set()
    result = solve(deal(1, parse_variant("freecell", 2)), timeout=60, cancel=cancel)
    assert result.status == "gave-up"  # not "unsolvable": the proof was never finished


def test_a_search_of_another_game_is_bounded_in_memory_when_its_caller_gives_no_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint or auto-solve passes no bound: the search of another game still stops at the
    general bound (here lowered) and gives up, where unbounded it proves the deal unsolvable;
    so does the fast search of FreeCell with fewer cells."""
    from freecell_tui.core.solver import portfolio

    start = deal(1, VARIANTS["bakers_game"])
    monkeypatch.setattr(portfolio, "GENERAL_MAX_POSITIONS", 50)
    assert solve(start, timeout=60).status == "gave-up"
    monkeypatch.setattr(portfolio, "GENERAL_MAX_POSITIONS", 200_000)
    assert solve(start, timeout=60).status == "solved"
    start = deal(1, parse_variant("freecell", 2))
    monkeypatch.setattr(portfolio, "GENERAL_MAX_POSITIONS", 5_000)
    assert solve(start, timeout=60).status == "gave-up"
    assert solve(start, timeout=60, max_positions=3_000).status == "gave-up"
    monkeypatch.setattr(portfolio, "GENERAL_MAX_POSITIONS", 200_000)
    assert solve(start, timeout=60).status == "unsolvable"
