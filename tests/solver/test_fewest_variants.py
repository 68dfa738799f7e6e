"""Par in the other games (``solve_fewest`` on a position of another variant): never more than
the variant solver's solution, a line that wins by that game's rules, an unsolvable deal proved,
the best so far when cancelled or out of time, the same answer every time. Small widths keep the
tests fast; the figures are in docs/solver.md."""

from __future__ import annotations

import pytest

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.rules import apply_move, apply_resolved
from freecell_tui.core.solver import count_player_moves, solve, solve_fewest
from freecell_tui.core.solver import fewest_general as fewest_general_module
from freecell_tui.core.solver.beam import Children
from freecell_tui.core.solver.fewest import WIDTHS
from freecell_tui.core.solver.fewest_general import GENERAL_WIDTHS, Node
from freecell_tui.core.solver.general import steps_of
from freecell_tui.core.solver.general_moves import GeneralStep, compact, key_of
from freecell_tui.core.solver.keys import Key
from freecell_tui.core.solver.turns import turns
from freecell_tui.core.state import GameState, run_length
from freecell_tui.core.variant import VARIANTS, Variant, parse_variant
from tests.solver.helpers import play_out

SMALL = (16, 64)
MODES = [AutoplayMode.ALL, AutoplayMode.SAFE, AutoplayMode.OFF]
EIGHT_OFF = VARIANTS["eight_off"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("variant", "number"),
    [
        (VARIANTS["bakers_game"], 3),
        (EIGHT_OFF, 2),
        (VARIANTS["seahaven"], 2),
        (parse_variant("freecell", 2), 3),
    ],
    ids=lambda value: value.key if isinstance(value, Variant) else str(value),
)
def test_par_of_a_variant_wins_by_its_rules_and_is_never_more_than_its_solution(
    variant: Variant, number: int, mode: AutoplayMode
) -> None:
    start = deal(number, variant)
    first = solve(start, autoplay=mode, timeout=60)
    par = solve_fewest(start, mode, budget=60, widths=SMALL)
    assert par.status == "solved"
    assert play_out(start, par.moves).is_won  # the game's rules alone, autoplay off
    assert par.player_moves <= first.player_moves
    assert par.player_moves == count_player_moves(start, par.moves, mode)
    game = Game.new(number, autoplay=mode, variant=variant)
    for move in turns(start, par.moves, mode):
        game = game.play(move)
    assert game.outcome is Outcome.WON


def test_the_beams_find_fewer_moves_than_the_variant_solver() -> None:
    start = deal(1, EIGHT_OFF)
    first = solve(start, autoplay=AutoplayMode.ALL, timeout=60)
    par = solve_fewest(start, AutoplayMode.ALL, budget=60, widths=SMALL)
    assert par.player_moves < first.player_moves
    assert play_out(start, par.moves).is_won


def test_an_unsolvable_variant_deal_has_no_par() -> None:
    # Kings-only Baker's Game, deal 1: the variant solver proves it (fc-solve agrees).
    result = solve_fewest(deal(1, VARIANTS["ko_bakers_game"]), AutoplayMode.SAFE, budget=60)
    assert (result.status, result.moves) == ("unsolvable", ())


def test_a_variant_search_out_of_time_gives_its_best_so_far() -> None:
    start = deal(1, EIGHT_OFF)
    result = solve_fewest(start, AutoplayMode.ALL, budget=2.0, widths=(16, 64, 256, 10**6))
    assert result.status == "solved"
    assert play_out(start, result.moves).is_won
    assert result.seconds < 20  # the budget, not the widths, ended it (generous: shared CI)


def test_par_of_a_variant_is_deterministic() -> None:
    start = deal(2, VARIANTS["seahaven"])
    one = solve_fewest(start, AutoplayMode.SAFE, budget=600, widths=SMALL)
    two = solve_fewest(start, AutoplayMode.SAFE, budget=600, widths=SMALL)
    assert one.moves == two.moves


def test_a_line_that_does_not_win_is_never_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    start = deal(1, EIGHT_OFF)
    first = solve(start, autoplay=AutoplayMode.ALL)
    # A beam that claims a short line which loses: the solver's solution less its last moves.
    monkeypatch.setattr(fewest_general_module.GeneralBeam, "run", lambda self: first.moves[:5])
    result = solve_fewest(start, AutoplayMode.ALL, budget=60, widths=SMALL)
    assert result.moves == first.moves


def test_another_games_beams_stop_short_of_the_widest_classic_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seahaven deal 2: every beam runs out of children in a second or two.
    start = deal(2, VARIANTS["seahaven"])
    widths: list[int] = []
    beam = fewest_general_module.GeneralBeam
    made = beam.__init__

    def counted(
        self: object, state: GameState, mode: AutoplayMode, width: int, *rest: object
    ) -> None:
        widths.append(width)
        made(self, state, mode, width, *rest)

    monkeypatch.setattr(beam, "__init__", counted)
    by_default = solve_fewest(start, AutoplayMode.ALL, budget=600)
    assert by_default.moves and by_default.expanded > 0
    # Every width of classic FreeCell's in turn but the widest (two thirds of the work there).
    assert WIDTHS[:-1] == GENERAL_WIDTHS
    assert tuple(widths) == GENERAL_WIDTHS


@pytest.mark.parametrize("cells", [1, 2, 3])
def test_freecell_with_fewer_cells_is_searched_by_the_classic_beams(
    cells: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FreeCell with fewer cells is FreeCell's game: its par is searched on the compact
    positions (several times quicker than the general beams), every line checked by the rules."""

    def general(*args: object) -> None:
        raise AssertionError("FreeCell's par was searched by the general beams")

    monkeypatch.setattr(fewest_general_module.GeneralBeam, "__init__", general)
    variant = parse_variant("freecell", cells)
    number = 5 if cells == 1 else 2  # deal 5 needs one free cell (issue 39's table)
    fast = solve(deal(number, variant), autoplay=AutoplayMode.ALL)
    par = solve_fewest(deal(number, variant), AutoplayMode.ALL, budget=600, widths=(16, 64, 256))
    assert par.status == "solved" and par.expanded > fast.expanded  # the beams ran
    assert par.player_moves <= fast.player_moves
    assert cells == 1 or par.player_moves < fast.player_moves
    assert play_out(deal(number, variant), par.moves).is_won
    assert par.player_moves == count_player_moves(
        deal(number, variant), par.moves, AutoplayMode.ALL
    )


def core_children(
    state: GameState, mode: AutoplayMode
) -> tuple[list[tuple[bytes, ...]], list[tuple[tuple[bytes, ...], int]]] | None:
    """Every child of ``state`` by the core's rules (:func:`.general.steps_of`, then the game's
    autoplay), in order, as a beam's level makes them: the keys of those a move home reaches
    (they join the level, and their children follow), and the others' keys and ranks (cards
    under their top runs and cards in free cells); a key seen before, the start's or a move
    home's, is not kept. None when a step wins."""
    seen = [key_of(*compact(state)[:2])]
    level = [state]
    others: list[tuple[tuple[bytes, ...], int]] = []
    for parent in level:
        for move in steps_of(parent):
            after, _ = run_autoplay(apply_resolved(parent, move), mode)
            if after.is_won:
                return None
            cols, cells, _ = compact(after)
            key = key_of(cols, cells)
            if key in seen:
                continue
            if move.dest.is_foundation:
                seen.append(key)
                level.append(after)
                continue
            build = after.variant.build
            rank = sum(len(column) - run_length(column, build) for column in after.columns)
            others.append((key, rank + len(cells)))
    return seen[1:], others


@pytest.mark.parametrize("mode", [AutoplayMode.ALL, AutoplayMode.SAFE])
@pytest.mark.parametrize("game", ["eight_off", "bakers_game", "seahaven", "forecell"])
def test_a_beam_scores_each_child_as_the_core_rules_make_it(game: str, mode: AutoplayMode) -> None:
    """The general beam scores a step from the columns it changes before making its child: with
    no bound and no width to keep it from any, it keeps every child the core's rules make, in
    their order, with the rank of the position they make (positions along a par line)."""
    state = deal(2, VARIANTS[game])
    result = solve_fewest(state, mode, budget=600, widths=SMALL)
    positions = [state]
    for move in result.moves:
        state = apply_move(state, move)
        positions.append(state)
    homes_seen = 0
    for position in positions:
        after, _ = run_autoplay(position, mode)
        expected = core_children(after, mode)
        beam = fewest_general_module.GeneralBeam(after, mode, 10**9, 999, lambda: False)
        children: Children[Key, GeneralStep, Node] = Children(beam.width, 64)
        level = [beam.root]
        won = beam.expand(level, children, 999)
        if expected is None or after.is_won:
            assert won is not None or after.is_won
            continue
        homes, others = expected
        homes_seen += len(homes)
        assert [node[3] for node in level[1:]] == homes
        scores = {seq: score for score, bucket in enumerate(children.buckets) for seq in bucket}
        kept = [(child[3], scores[seq]) for seq, child in sorted(children.built.items())]
        assert len(children.built) == len(children.steps)  # every child kept is built
        assert kept == others
    # Safe autoplay leaves cards a move sends home in a game built by alternate colours only.
    assert homes_seen > 0 or mode is AutoplayMode.ALL or game != "forecell"
