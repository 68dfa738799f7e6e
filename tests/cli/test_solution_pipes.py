"""``solve --autoplay MODE`` prints the moves a player makes in MODE: piped into ``replay``, line
mode or played in the game, in the same mode, they win. Through the command's entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import parse_moves

from ..program import Ran, run_main

MODES = [mode.value for mode in AutoplayMode]


def run(args: list[str], stdin: str = "") -> Ran:
    return run_main(*args, stdin=stdin)


def solution_words(text: str) -> list[str]:
    """The moves of solve's output for one deal: the lines after its header."""
    return " ".join(text.splitlines()[1:]).split()


def solution(number: int, *mode: str) -> str:
    solved = run(["solve", str(number), *mode])
    assert solved.returncode == 0, solved.stderr
    return solved.stdout


@pytest.mark.parametrize("mode", MODES)
def test_a_solution_for_a_mode_wins_in_that_mode_everywhere(mode: str, tmp_path: Path) -> None:
    text = solution(1, "--autoplay", mode)
    words = solution_words(text)
    # The header counts the moves printed: the player's, autoplay's left out.
    assert text.startswith(f"deal 1: solved in {len(words)} moves (")

    replayed = run(["replay", "--deal", "1", "--autoplay", mode], text)
    assert (replayed.returncode, replayed.stdout[-4:], replayed.stderr) == (0, "won\n", "")

    plain = run(
        ["play", "--plain", "--deal", "1", "--autoplay", mode, "--data-dir", str(tmp_path)], text
    )
    assert "You won deal 1" in plain.stdout, plain.stdout[-2000:]
    assert "Not allowed" not in plain.stdout and "Not understood" not in plain.stdout
    assert plain.stderr == ""

    # The game (both front ends play through Game.play), one turn a move.
    game = Game.new(1, autoplay=AutoplayMode.parse(mode))
    for move in parse_moves(" ".join(words)):
        game = game.play(move)
    assert game.outcome is Outcome.WON and len(game.turns) == len(words)


def test_the_modes_print_different_moves() -> None:
    off, safe, all_ = (solution_words(solution(1, "--autoplay", mode)) for mode in MODES)
    # Off writes all 52 moves home; safe leaves out those autoplay makes; all leaves out every one.
    assert sum(word.endswith("h") for word in off) == 52
    assert 0 < sum(word.endswith("h") for word in safe) < 52
    assert not any(word.endswith("h") for word in all_)


def test_the_readme_pipes_work_as_written(tmp_path: Path) -> None:
    """``freecell-tui solve 1 | freecell-tui replay --deal 1`` and into line mode, every
    default as it is: autoplay safe in solve, replay and the game."""
    text = solution(1)
    replayed = run(["replay", "--deal", "1"], text)
    assert (replayed.returncode, replayed.stdout[-4:]) == (0, "won\n")
    plain = run(["play", "--plain", "--deal", "1", "--data-dir", str(tmp_path)], text)
    assert "You won deal 1" in plain.stdout
    assert "Not allowed" not in plain.stdout and "Not understood" not in plain.stdout


def test_a_line_of_moves_stops_at_the_first_refused_one(tmp_path: Path) -> None:
    plain = run(
        ["play", "--plain", "--deal", "1", "--data-dir", str(tmp_path)], "3a 12 6b\nmoves\nq\n"
    )
    assert (
        "Not allowed: move 2 of 3: 12: 6♠ cannot go on 9♣: ranks must step down by one "
        "(the 1 move after it not played)"
    ) in plain.stdout
    assert "Deal 1 (hard), 1 move," in plain.stdout
