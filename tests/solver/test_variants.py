"""The solver on the other games: the general search answers for every variant, its solutions win
under that game's rules, and fc-solve (the independent reference) never wins a deal it calls
unsolvable; classic FreeCell keeps its fast search and its keys."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.position import format_position
from freecell_tui.core.rules import apply_resolved, legal_moves
from freecell_tui.core.solver import (
    SolveResult,
    can_bring_card_home,
    canonical_key,
    solve,
    solve_for_autoplay,
)
from freecell_tui.core.solver.general import Keys, steps_of
from freecell_tui.core.solver.keys import compact
from freecell_tui.core.variant import VARIANTS, Variant, parse_variant

GAMES = [
    *(VARIANTS[key] for key in sorted(VARIANTS) if key != "freecell"),
    parse_variant("freecell", 2),
    parse_variant("freecell", 3),
]
#: Deals of each game with the solver's answer: a few it solves and, where the game has some
#: among its first 20 deals, deals it proves unsolvable — each a fraction of a second's search
#: (deal 1 of FreeCell with 2 cells, unsolvable, takes 7 s: that game proves none here).
EXPECTED: dict[str, dict[int, str]] = {
    "bakers_game-4": {2: "solved", 3: "solved", 4: "solved", 14: "unsolvable"},
    "eight_off-8": {3: "solved", 6: "solved", 11: "solved"},
    "forecell-4": {6: "solved", 14: "solved", 15: "solved", 1: "unsolvable", 9: "unsolvable"},
    "ko_bakers_game-4": {
        3: "solved",
        18: "solved",
        20: "solved",
        10: "unsolvable",
        14: "unsolvable",
    },
    "relaxed_freecell-4": {1: "solved", 3: "solved", 4: "solved"},
    "relaxed_seahaven-4": {2: "solved", 3: "solved", 10: "solved"},
    "seahaven-4": {2: "solved", 3: "solved", 19: "solved"},
    "freecell-2": {5: "solved", 7: "solved", 8: "solved"},
    "freecell-3": {3: "solved", 8: "solved", 13: "solved"},
}
_RESULTS: dict[tuple[Variant, int], SolveResult] = {}


def solved(variant: Variant, number: int) -> SolveResult:
    """The solver's answer for deal ``number`` of ``variant`` (5 s at most), once a run."""
    result = _RESULTS.get((variant, number))
    if result is None:
        result = _RESULTS[variant, number] = solve(deal(number, variant), timeout=5)
    return result


def game_id(variant: Variant) -> str:
    return f"{variant.key}-{variant.cells}"


def fcsolve_verdict(variant: Variant, number: int) -> str:
    return subprocess.run(
        ["fc-solve", *variant.fcsolve_args, "-m", "-snx", "-"],
        input=format_position(deal(number, variant)),
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.mark.parametrize("variant", GAMES, ids=game_id)
def test_solutions_win_under_the_games_rules(variant: Variant) -> None:
    for number, status in EXPECTED[game_id(variant)].items():
        result = solved(variant, number)
        assert result.status == status, (variant.name, number)
        if status != "solved":
            continue
        game = Game.new(number, autoplay=AutoplayMode.OFF, variant=variant)
        for move in result.moves:
            game = game.play(move)
        assert game.outcome is Outcome.WON, (variant.name, number)


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
@pytest.mark.parametrize("variant", GAMES, ids=game_id)
def test_fc_solve_never_wins_a_deal_we_call_unsolvable(variant: Variant) -> None:
    for number, status in EXPECTED[game_id(variant)].items():
        if status == "unsolvable":
            assert solved(variant, number).status == "unsolvable", number
            assert "This game is solveable." not in fcsolve_verdict(variant, number), number


def test_kings_only_bakers_game_deal_1_is_proved_unsolvable_as_fc_solve_finds() -> None:
    variant = VARIANTS["ko_bakers_game"]
    result = solve(deal(1, variant), timeout=60)
    assert result.status == "unsolvable" and result.expanded > 0
    if shutil.which("fc-solve"):
        assert "I could not solve this game." in fcsolve_verdict(variant, 1)


@pytest.mark.parametrize("mode", [AutoplayMode.SAFE, AutoplayMode.ALL, AutoplayMode.OFF])
def test_hints_and_auto_solve_play_a_variant_to_a_win(mode: AutoplayMode) -> None:
    variant = VARIANTS["eight_off"]
    result = solve_for_autoplay(deal(3, variant), mode, timeout=20, shorten=True)
    assert result.solved
    game = Game.new(3, autoplay=mode, variant=variant)
    for move in result.moves:
        game = game.play(move)
    assert game.outcome is Outcome.WON


def test_a_cut_short_search_gives_up() -> None:
    result = solve(deal(1, VARIANTS["ko_bakers_game"]), max_positions=50)
    assert result.status == "gave-up" and result.moves == ()


def test_a_variant_deal_can_be_stuck_from_the_start() -> None:
    # FreeCell without cells, deal 1: no card can ever go home (fc-solve: unsolvable).
    assert can_bring_card_home(deal(1, parse_variant("freecell", 0)), timeout=20) is False
    assert can_bring_card_home(deal(1, VARIANTS["eight_off"]), timeout=20) is True


def test_keys_tell_the_games_apart_and_keep_classic_keys() -> None:
    classic = deal(5)
    cols, cells, _ = compact(classic)
    assert canonical_key(classic) == b"".join(cols) + cells  # as before variants
    keys = {canonical_key(deal(5, v)) for v in (VARIANTS["freecell"], *GAMES[:3])}
    assert len(keys) == 4


@pytest.mark.parametrize(
    "variant", [*GAMES, *(parse_variant("freecell", n) for n in (0, 1))], ids=game_id
)
def test_the_general_steps_are_the_legal_moves_but_the_pruned(variant: Variant) -> None:
    """Sound: every step is a legal move. Complete: every legal move leads where some step
    leads (column and cell order not counting), but a card from cell to cell and a whole column
    to an empty one, which lead back to the same position."""
    rng = random.Random(game_id(variant))
    key_of = Keys()
    for number in rng.sample(range(1, 32_001), 10):
        state = deal(number, variant)
        for _ in range(80):
            legal = list(legal_moves(state))
            steps = steps_of(state)
            assert set(steps) <= set(legal) and len(steps) == len(set(steps))
            kept = [
                move
                for move in legal
                if not (move.source.is_cell and move.dest.is_cell)
                and not (
                    move.source.is_column
                    and move.dest.is_column
                    and not state.columns[move.dest.index]
                    and move.count == len(state.columns[move.source.index])
                )
            ]
            reached = {key_of(apply_resolved(state, move)) for move in kept}
            assert reached == {key_of(apply_resolved(state, move)) for move in steps}
            if not legal:
                break
            state = apply_resolved(state, rng.choice(legal))
