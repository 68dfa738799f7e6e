"""FreeCell with fewer free cells is searched by the fast solver, told how many cells the game
has: its verdicts are the general search's (both exhaustive), its solutions win under that
game's rules, and a line that breaks them is never returned."""

from __future__ import annotations

import threading
import time

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import SolveResult, solve
from freecell_tui.core.solver.general import ReplayError, search_general
from freecell_tui.core.solver.portfolio import _checked, fast_cells
from freecell_tui.core.variant import FREECELL, VARIANTS, parse_variant

#: Deals of FreeCell with N cells whose answer both searches give in a fraction of a second.
DEALS = {0: (1, 2, 164), 1: (1, 2, 3, 5, 7), 2: (2, 3, 5, 7, 8, 10), 3: (1, 2, 169, 657)}


@pytest.mark.parametrize("cells", sorted(DEALS))
def test_the_fast_search_answers_as_the_general_one_and_its_wins_are_won(
    cells: int,
) -> None:
    variant = parse_variant("freecell", cells)
    statuses = set()
    for number in DEALS[cells]:
        start = deal(number, variant)
        result = solve(start, timeout=30)
        general = search_general(
            start, should_stop=lambda: False, max_positions=2_000_000, autoplay=AutoplayMode.SAFE
        )
        assert result.status == ("unsolvable" if general.moves is None else "solved"), number
        statuses.add(result.status)
        if result.solved:
            game = Game.new(number, autoplay=AutoplayMode.OFF, variant=variant)
            for move in result.moves:
                assert not (move.source.is_cell or move.dest.is_cell) or cells, move
                game = game.play(move)
            assert game.outcome is Outcome.WON, number
    assert statuses == ({"solved"} if cells == 2 else {"solved", "unsolvable"})


def test_a_deal_the_general_search_gave_up_on_is_decided() -> None:
    # FreeCell with 2 cells, deal 209: the general search gave up after 90 s and 6 M positions
    # (fc-solve solves it); the fast search solves it in 55,160 positions.
    variant = parse_variant("freecell", 2)
    won = solve(deal(209, variant), timeout=60)
    assert won.solved and won.positions == 55_160
    game = Game.new(209, autoplay=AutoplayMode.OFF, variant=variant)
    for move in won.moves:
        game = game.play(move)
    assert game.outcome is Outcome.WON


def test_only_freecell_with_four_cells_or_fewer_goes_to_the_fast_search() -> None:
    assert fast_cells(FREECELL) == 4
    assert [fast_cells(parse_variant("freecell", n)) for n in range(9)] == [
        0,
        1,
        2,
        3,
        4,
        *[None] * 4,
    ]
    for key in VARIANTS:
        if key != "freecell":
            assert fast_cells(VARIANTS[key]) is None, key


def test_a_line_that_breaks_the_games_rules_is_never_returned() -> None:
    variant = parse_variant("freecell", 1)
    start = deal(5, variant)
    two_cells = SolveResult("solved", (Move.parse("1a"), Move.parse("2b")), 0.0, 1)
    with pytest.raises(ReplayError, match="breaks the rules"):
        _checked(two_cells, start)
    with pytest.raises(ReplayError, match="does not win"):
        _checked(SolveResult("solved", (Move.parse("1a"),), 0.0, 1), start)
    unsolved = SolveResult("unsolvable", (), 0.0, 1)
    assert _checked(unsolved, start) is unsolved


def test_when_the_fast_search_gives_up_the_general_one_has_the_time_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from freecell_tui.core.solver import portfolio

    asked: list[float | None] = []
    spent = [0.0]  # seconds the fast search took, on a clock the test moves
    clock = time.monotonic
    monkeypatch.setattr(time, "monotonic", lambda: clock() + spent[0])

    def gives_up(*args: object) -> SolveResult:
        asked.append(args[2])  # type: ignore[arg-type]
        spent[0] += args[2]  # type: ignore[operator]  # all of its share
        return SolveResult("gave-up", (), args[2], 0)  # type: ignore[arg-type]

    monkeypatch.setattr(portfolio, "_solve_fast", gives_up)
    variant = parse_variant("freecell", 2)
    result = solve(deal(5, variant), timeout=30)
    assert asked == [pytest.approx(30 * portfolio.FAST_SHARE)]
    assert result.solved and result.expanded > 0  # the general search's, in the 10 s left
    assert result.seconds >= 20
    game = Game.new(5, autoplay=AutoplayMode.OFF, variant=variant)
    for move in result.moves:
        game = game.play(move)
    assert game.outcome is Outcome.WON
    cancel = threading.Event()
    cancel.set()
    assert solve(deal(5, variant), timeout=30, cancel=cancel).status == "gave-up"
    assert len(asked) == 2  # cancelled: no second search
    assert solve(deal(5), timeout=30).status == "gave-up"  # classic FreeCell: the fast one only
