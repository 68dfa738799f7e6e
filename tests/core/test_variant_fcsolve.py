"""fc-solve as the oracle of each variant's rules: its solutions, found under its preset for the
game (``fc-solve -g KEY``, ``--freecells-num N``), replay to a win under our rules, move by move,
autoplay off (skipped without fc-solve)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import BadCode, decode, encode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import parse_moves, solution_words
from freecell_tui.core.position import format_position
from freecell_tui.core.variant import VARIANTS, Variant, parse_variant

#: Solutions wanted per game, and the deals looked through for them.
WANTED = 20
GAMES = [
    *(VARIANTS[key] for key in sorted(VARIANTS)),
    *(parse_variant("freecell", cells) for cells in (1, 2, 3)),
    parse_variant("bakers game", 3),
]
#: Per game, the first deals of 1–199 whose solution fc-solve finds (under its preset and
#: ``-mi 300000``): tried first, so that fc-solve runs on no deal it cannot solve (up to a
#: second each). Should one not be solved (another fc-solve), the others are looked through.
# fmt: off
SOLVED: dict[str, list[int]] = {
    "bakers_game-4": [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 24],
    "eight_off-8": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    "forecell-4": [2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 23, 24, 25],
    "freecell-4": [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21],
    "ko_bakers_game-4": [
        2, 3, 13, 15, 17, 18, 20, 24, 29, 31, 33, 38, 44, 46, 50, 51, 54, 56, 62, 64,
    ],
    "relaxed_freecell-4": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    "relaxed_seahaven-4": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    "seahaven-4": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22],
    "freecell-1": [2, 5, 7, 8, 11, 26, 30, 33, 37, 38, 51, 54, 56, 58, 59, 77, 79, 85, 87, 91],
    "freecell-2": [2, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 22, 23, 24],
    "freecell-3": [1, 2, 3, 4, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22],
    "bakers_game-3": [2, 3, 7, 11, 12, 15, 16, 17, 20, 24, 27, 29, 31, 32, 33, 35, 39, 44, 47, 50],
}
# fmt: on


def fcsolve(variant: Variant, number: int) -> str:
    """fc-solve's output for deal ``number`` of ``variant`` (our deal, as fc-solve reads it;
    tests/core/test_variant_deals.py checks the deal against the other programs')."""
    return subprocess.run(
        ["fc-solve", *variant.fcsolve_args, "-mi", "300000", "-m", "-snx", "-"],
        input=format_position(deal(number, variant)),
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def game_id(variant: Variant) -> str:
    return f"{variant.key}-{variant.cells}"


def replay(variant: Variant, number: int, output: str) -> Game:
    game = Game.new(number, autoplay=AutoplayMode.OFF, variant=variant)
    for move in parse_moves(" ".join(solution_words(output)), variant):
        game = game.play(move)
    return game


@pytest.fixture(scope="module")
def has_fcsolve() -> None:
    if shutil.which("fc-solve") is None:
        pytest.skip("fc-solve is not installed")


@pytest.mark.fcsolve
@pytest.mark.usefixtures("has_fcsolve")
@pytest.mark.parametrize("variant", GAMES, ids=game_id)
def test_fc_solves_solutions_win_under_our_rules(variant: Variant) -> None:
    won = 0
    named = SOLVED.get(game_id(variant), [])
    for number in [*named, *(number for number in range(1, 200) if number not in named)]:
        output = fcsolve(variant, number)
        if "This game is solveable." not in output:
            continue
        game = replay(variant, number, output)
        assert game.outcome is Outcome.WON, (variant.name, number)
        # Shared as a code and read back, it is the same won game of the same variant.
        decoded = decode(encode(game))
        assert not isinstance(decoded, BadCode) and decoded.state.is_won
        assert decoded.variant == variant
        won += 1
        if won == WANTED:
            break
    assert won == WANTED


@pytest.mark.fcsolve
@pytest.mark.usefixtures("has_fcsolve")
def test_freecell_without_cells_wins_where_fc_solve_does() -> None:
    # Few Microsoft deals can be won without a free cell; fc-solve finds deals 164 and 892.
    variant = parse_variant("freecell", 0)
    for number in (164, 892):
        output = fcsolve(variant, number)
        assert "This game is solveable." in output
        assert replay(variant, number, output).outcome is Outcome.WON
