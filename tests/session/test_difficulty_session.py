"""Deals by difficulty and the fewest-cells challenge in the session, line mode and the command
line: ``new hard``, ``new fewest N``, ``difficulty [N]``, ``--difficulty BAND``,
``--cells fewest``; the start line and the win say the band."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.difficulty import Band, fewest_cells, rating
from freecell_tui.core.errors import NotationError
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, SEAHAVEN
from freecell_tui.session.parse import ActionCommand, parse_command

from ..cli.line import line_mode
from ..program import run_main


def band(number: int) -> Band:
    rated = rating(number)
    assert rated is not None
    return rated.band


@pytest.mark.parametrize("chosen", list(Band))
def test_new_band_deals_a_classic_deal_of_that_band(chosen: Band) -> None:
    for _ in range(10):
        command = parse_command(f"new {chosen.value.upper()}")
        assert isinstance(command, ActionCommand) and command.action == "deal"
        assert command.variant == FREECELL and command.number is not None
        assert band(command.number) is chosen


def test_new_fewest_deals_the_deal_with_its_fewest_cells() -> None:
    command = parse_command("new fewest 5")
    assert command == ActionCommand("deal", number=5, variant=FREECELL.with_cells(1))
    assert fewest_cells(5) == 1
    for text in ("new fewest", "new fewest 32001", "n fewest 1 2"):
        with pytest.raises(NotationError, match=r"fewest: give a Microsoft deal of 1-32,000"):
            parse_command(text)
    with pytest.raises(NotationError, match="'five' is not a deal number"):
        parse_command("new fewest five")


def test_difficulty_reads_a_deal_number_or_none() -> None:
    assert parse_command("difficulty") == ActionCommand("difficulty")
    assert parse_command("rating 617") == ActionCommand("difficulty", number=617)
    with pytest.raises(NotationError, match="difficulty: give one deal number"):
        parse_command("difficulty 1 2")


def test_line_mode_says_a_deal_s_difficulty_and_plays_its_fewest_cells() -> None:
    out = io.StringIO()
    mode = line_mode(Game.new(5), out)
    mode.handle("difficulty")
    rated = rating(5)
    assert rated is not None
    assert f"Deal 5: {rated.text}; winnable with 1 free cell (new fewest 5).\n" in out.getvalue()
    mode.handle("difficulty 11982")
    assert "Deal 11982: expert: needs " in out.getvalue()
    assert " free cells, the solver stored 75,715 positions to prove four lose" in out.getvalue()
    mode.handle("new fewest 5")
    assert mode.session.game.start.variant == FREECELL.with_cells(1)
    assert "FreeCell (1 cell), deal 5 (needs 1 free cell). Good luck!" in out.getvalue()


def test_another_game_s_deal_is_not_rated() -> None:
    out = io.StringIO()
    mode = line_mode(Game.new(5, variant=SEAHAVEN), out)
    mode.handle("difficulty")
    assert "Only Microsoft's FreeCell deals 1-32,000 are rated.\n" in out.getvalue()
    mode.handle("new 40000")
    mode.handle("y")
    assert "deal 40000. Good luck!" in out.getvalue()


def test_the_start_and_the_win_say_the_band(deal_1_solution: str) -> None:
    out = io.StringIO()
    mode = line_mode(Game.new(1, autoplay=AutoplayMode.OFF), out, clock=lambda: 0.0)
    for move in deal_1_solution.split():
        mode.handle(move)
    assert f"You won deal 1 ({band(1)}) in 115 moves" in out.getvalue()
    mode.handle("y")
    assert f"Deal 42 ({band(42)}). Good luck!" in out.getvalue()


def test_the_command_line_plays_a_deal_of_a_band(tmp_path: Path) -> None:
    result = run_main(
        *("--difficulty", "expert", "play", "--plain", "--data-dir", str(tmp_path)),
        stdin="difficulty\n",
    )
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stdout.splitlines() if line.startswith("Deal ")]
    assert ": expert: needs " in said[0], said  # before the first board
    assert said[1].startswith(said[0][: said[0].index(":")]), said  # that deal's board
    assert ": expert: needs " in said[-1], said  # typed: difficulty


def test_cells_fewest_plays_the_deal_with_its_fewest_cells(tmp_path: Path) -> None:
    result = run_main(
        *("play", "--plain", "--deal", "5", "--game", "FreeCell", "--cells", "fewest"),
        *("--data-dir", str(tmp_path)),
    )
    assert result.returncode == 0, result.stderr
    assert "FreeCell (1 cell) in line mode." in result.stdout
    assert "Deal 5: easy: needs 1 free cell, " in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--difficulty", "tough"], "--difficulty: 'tough' is not a difficulty: say easy"),
        (["--difficulty", "hard", "--deal", "5"], "--difficulty chooses the deal: give no --deal"),
        (["--difficulty", "hard", "--game", "seahaven"], "--difficulty rates Microsoft's deals"),
        (["--cells", "fewest"], "--cells fewest needs --deal N of Microsoft's FreeCell deals"),
        (["--cells", "fewest", "--deal", "40000"], "--cells fewest needs --deal N"),
        (["--cells", "fewest", "--deal", "5", "--game", "bakers"], "--cells fewest needs --deal"),
    ],
)
def test_bad_difficulty_options_get_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--plain", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"freecell-tui play: error: {message}")
    assert err.count("\n") == 1


def test_a_command_that_deals_nothing_refuses_difficulty(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["--difficulty", "hard", "deal", "5"])
    assert exit.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "freecell-tui deal: error: deal takes no --difficulty option (it was given before deal)"
        " (see freecell-tui deal --help)\n"
    )


def test_solve_with_no_free_cell_wins_a_deal_of_the_69_and_proves_deal_5_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--cells", "0", "solve", "1081", "--jobs", "1"]) == 0
    solution = capsys.readouterr().out.split("\n", 1)[1]
    (tmp_path / "moves.txt").write_text(solution, encoding="utf-8")
    assert main(["replay", "--deal", "1081", "--cells", "0", str(tmp_path / "moves.txt")]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "won"
    assert main(["--cells", "0", "solve", "5", "--jobs", "1"]) == 2
    assert capsys.readouterr().out.startswith("deal 5: unsolvable: no line of play wins")
    assert fewest_cells(5) == 1
