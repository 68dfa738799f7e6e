"""The deals' difficulty and fewest free cells (core/difficulty.py, the table
core/data/deal_facts.bin): the table against fresh searches, the bands against their formula."""

from __future__ import annotations

import importlib.util
import random
import zlib
from importlib.resources import files
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.difficulty import (
    BUSY,
    RATED_DEALS,
    VERY_BUSY,
    Band,
    Rating,
    band_of,
    deals_of,
    fewest_cells,
    parse_band,
    random_deal,
    rating,
)
from freecell_tui.core.errors import NotationError
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.solver import solve
from freecell_tui.core.solver.proof import ProofResult
from freecell_tui.core.variant import FREECELL

#: Deals whose searches are quick, with the fewest cells they need.
QUICK = {1081: 0, 11987: 0, 2: 1, 5: 1, 7: 1, 3: 2, 9: 2}


#: The min-freecells project's deals won with N free cells or fewer, over 1-32,000: solutions
#: fc-solve found (looking-glass, 200,000 iterations), so each is a least count of the deals
#: winnable with N if they were found under these rules. (fc-solve 5.0 run so wins 5,860 with
#: one cell, not 6,289: ``fc-solve-lg-one-cell-2026-11-29.txt``.)
PUBLISHED_WINNABLE = {0: 69, 1: 6_289, 2: 25_381, 3: 31_801, 4: 31_999}


def test_the_table_rates_every_deal_of_the_classic_range() -> None:
    for number in range(1, RATED_DEALS + 1):
        rated = rating(number)
        assert rated is not None
        assert rated.most is None or rated.cells <= rated.most, number
        assert rated.positions > 0 and (rated.moves > 0 or rated.cells > 4), number
    assert rating(0) is None and rating(RATED_DEALS + 1) is None


RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results"


def listed(name: str) -> set[int]:
    """The deals a list of benchmarks/results holds (its lines of ``#`` are its source)."""
    text = (RESULTS / name).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return {int(word) for line in lines for word in line.split()}


@pytest.mark.parametrize(
    ("name", "cells", "winnable"), [("fc-solve-0fc.txt", 0, True), ("fc-solve-imp3.txt", 3, False)]
)
def test_no_verdict_contradicts_fc_solve_s_complete_searches(
    name: str, cells: int, winnable: bool
) -> None:
    """fc-solve's complete searches: the 69 deals winnable with no free cell, the 199
    unwinnable with three. Ours agree on every deal they decide."""
    theirs = listed(name)
    for number in range(1, RATED_DEALS + 1):
        rated = rating(number)
        assert rated is not None
        won = rated.most is not None and rated.most <= cells
        lost = rated.cells > cells
        if (number in theirs) == winnable:
            assert not lost, number
        else:
            assert not won, number


def test_every_deal_fc_solve_won_with_one_cell_we_win_with_one() -> None:
    """fc-solve's looking-glass search (the published counts' search, 200,000 iterations) won
    5,860 deals with one free cell: none is one we prove needs more (a check of the proofs),
    and we win each with one or none."""
    theirs = listed("fc-solve-lg-one-cell-2026-11-29.txt")
    assert len(theirs) == 5_860
    for number in theirs:
        rated = rating(number)
        assert rated is not None and rated.cells <= 1, number
        assert rated.most is not None and rated.most <= 1, number


def test_the_proofs_never_contradict_the_published_wins() -> None:
    """A deal the solver proves unwinnable with N cells is not among those fc-solve won with
    N: the deals proved to need more than N are at most the others."""
    rated = [rating(n) for n in range(1, RATED_DEALS + 1)]
    for cells, winnable in PUBLISHED_WINNABLE.items():
        lost = sum(1 for r in rated if r is not None and r.cells > cells)
        won = sum(1 for r in rated if r is not None and r.most is not None and r.most <= cells)
        assert lost <= RATED_DEALS - winnable, cells
        assert won + lost <= RATED_DEALS
    assert fewest_cells(11982) in (5, None) and rating(11982).cells == 5  # type: ignore[union-attr]


#: The deals the searches leave undecided with no free cell and with one: the work left
#: (docs/rules.md, "Difficulty and the fewest free cells").
UNDECIDED = {0: set(), 1: {13599, 24966}}


@pytest.mark.parametrize("cells", [0, 1])
def test_with_no_cell_and_one_the_verdicts_agree_with_the_published_counts(cells: int) -> None:
    """With 0 and 1 free cells every deal of 1-32,000 but those named is decided, and the deals
    won are as many as the published counts say (69 and 6,289), or fewer by at most the
    undecided; every other is proved lost."""
    rated = [rating(n) for n in range(1, RATED_DEALS + 1)]
    won = {r.deal for r in rated if r is not None and r.most is not None and r.most <= cells}
    lost = {r.deal for r in rated if r is not None and r.cells > cells}
    undecided = set(range(1, RATED_DEALS + 1)) - won - lost
    assert undecided == UNDECIDED[cells]
    assert len(won) <= PUBLISHED_WINNABLE[cells] <= len(won) + len(undecided)


@pytest.mark.parametrize(("number", "cells"), sorted(QUICK.items()))
def test_a_deal_is_won_with_its_fewest_cells_and_proved_lost_with_one_fewer(
    number: int, cells: int
) -> None:
    assert fewest_cells(number) == cells
    won = solve(deal(number, FREECELL.with_cells(cells)))
    assert won.solved
    game = Game.new(number, autoplay=AutoplayMode.OFF, variant=FREECELL.with_cells(cells))
    for move in won.moves:
        game = game.play(move)
    assert game.outcome is Outcome.WON
    if cells:
        assert solve(deal(number, FREECELL.with_cells(cells - 1))).status == "unsolvable"


def test_the_table_s_effort_is_a_fresh_4_cell_search_s() -> None:
    for number in random.Random(39).sample(range(1, RATED_DEALS + 1), 12):
        rated = rating(number)
        assert rated is not None
        fresh = solve(deal(number))
        assert (rated.positions, rated.moves) == (fresh.positions, len(fresh.moves)), number


def test_a_deal_s_band_is_stable_and_follows_its_formula() -> None:
    for number in random.Random(7).sample(range(1, RATED_DEALS + 1), 200):
        rated = rating(number)
        assert rated is not None and rated == rating(number)
        assert rated.band is band_of(rated.most, rated.positions)


def test_the_formula_counts_a_win_with_two_cells_and_the_effort() -> None:
    assert band_of(0, 10) is band_of(2, BUSY) is Band.EASY
    assert band_of(1, BUSY + 1) is band_of(2, VERY_BUSY) is Band.MEDIUM
    assert band_of(2, VERY_BUSY + 1) is band_of(3, BUSY) is band_of(None, 0) is Band.HARD
    assert band_of(3, VERY_BUSY) is band_of(4, BUSY + 1) is Band.HARD
    assert band_of(3, VERY_BUSY + 1) is band_of(None, VERY_BUSY + 1) is Band.EXPERT


@pytest.mark.parametrize("band", list(Band))
def test_a_band_s_deal_is_of_that_band(band: Band) -> None:
    rng = random.Random(band.value)
    for _ in range(20):
        rated = rating(random_deal(band, rng))
        assert rated is not None and rated.band is band
    assert deals_of(band) and all(rating(n).band is band for n in deals_of(band)[:50])  # type: ignore[union-attr]


def test_every_deal_is_in_one_band() -> None:
    assert sum(len(deals_of(band)) for band in Band) == RATED_DEALS


def test_a_rating_says_its_facts() -> None:
    rated = rating(11982)
    assert rated is not None and rated.band is Band.EXPERT
    assert rated.text.startswith("expert: needs ")
    assert rated.text.endswith(" free cells, the solver stored 75,715 positions to prove four lose")
    easy = rating(1081)
    assert easy is not None
    assert easy.facts.startswith("needs no free cell, the solver stored ")
    assert easy.facts.endswith(f"for a {easy.moves}-move solution")
    assert Rating(1, Band.HARD, 3, 4, 120, 99).needs == "needs 3 or 4 free cells"
    assert Rating(1, Band.HARD, 1, None, 120, 99).needs == "needs at least 1 free cell"
    assert Rating(1, Band.EASY, 0, 2, 80, 99).needs == "needs 0 to 2 free cells"


def test_bands_are_read_by_name() -> None:
    assert parse_band(" Hard ") is Band.HARD
    with pytest.raises(NotationError, match="'tough' is not a difficulty: say easy, medium"):
        parse_band("tough")


def test_the_table_is_what_the_script_makes_of_the_stored_searches(tmp_path: Path) -> None:
    """benchmarks/fewest_cells.py's ``table`` of the searches kept in benchmarks/results is
    the shipped table, byte for byte."""
    made = tmp_path / "deal_facts.bin"
    _script().table(sorted(RESULTS.glob("fewest-cells-*.jsonl.gz")) + STORED_2_CELLS, made)
    shipped = files("freecell_tui.core").joinpath("data/deal_facts.bin").read_bytes()
    assert zlib.decompress(made.read_bytes()) == zlib.decompress(shipped)


#: The 2-cell searches of 2026-11-26 the table was made with (docs/rules.md).
STORED_2_CELLS = [
    RESULTS / "variants-2026-11-26-fc2-32000-10s.jsonl.gz",
    RESULTS / "variants-2026-11-26-fc2-gave-up-90s.jsonl",
    RESULTS / "variants-2026-11-26-fc2-gave-up-400s.jsonl",
]


def _script() -> ModuleType:
    """benchmarks/fewest_cells.py as a module (its functions read their names from it)."""
    spec = importlib.util.spec_from_file_location(
        "fewest_cells", RESULTS.parent / "fewest_cells.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_win_the_proof_search_reached_decides_the_deal_when_solve_finds_no_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The proof search's won position is certain: when ``solve`` then gives up, the line is
    ``winnable`` (not a give-up), and it bounds the deal as a solution does."""
    script = _script()
    monkeypatch.setattr(
        script, "prove", lambda state, **_: ProofResult("winnable", 0.1, 10, 5, 0.0)
    )
    gave_up = SimpleNamespace(solved=False, status="gave-up", moves=(), player_moves=0)
    monkeypatch.setattr(script, "solve", lambda state, **_: gave_up)
    record = script.proof((5, 1, 1.0, 1.0, None))
    assert (record["status"], record["proof"]) == ("winnable", True)
    known = {(5, 0): {"status": "unsolvable"}, (5, 1): record}
    assert script.bounds(known, 5) == (1, 1)
    assert script.fewest(known, 5) == 1
    assert script.next_search(known, 5, 900.0) is None  # decided: nothing more to search
