"""``--game`` and ``--cells`` on ``deal`` and ``solve``: another game's deals and solutions; a
bad name or cell count gets one line and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import parse_moves, solution_words
from freecell_tui.core.position import parse_position
from freecell_tui.core.variant import SEAHAVEN, VARIANTS, parse_variant


def test_deal_prints_another_games_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "5", "--game", "Seahaven Towers"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out == deal_text(5, SEAHAVEN)
    assert out.startswith("Freecells: - 7C TS -\n: AH 9C KD JC 2H\n")
    assert parse_position(out, SEAHAVEN) == deal(5, SEAHAVEN)


def test_deal_with_fewer_cells_is_the_microsoft_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "617", "--cells", "2"]) == 0
    assert capsys.readouterr().out == deal_text(617)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "spider"],
            "'spider' is not a game: the games are freecell, bakers, ko-bakers-game",
        ),
        (["--cells", "9"], "'9' is not a number of free cells: use a whole number from 0 to 8"),
        (["--game", "eight off", "--cells", "4"], "Eight Off deals cards into its 8 cells"),
    ],
)
def test_a_bad_game_gets_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", "5", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.count("\n") == 1


def test_solve_plays_another_game_to_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "5", "--game", "seahaven", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("deal 5: solved in ")
    game = Game.new(5, autoplay=AutoplayMode.SAFE, variant=SEAHAVEN)
    for move in parse_moves(" ".join(solution_words(out)), SEAHAVEN):
        game = game.play(move)
    assert game.outcome is Outcome.WON


def test_solve_fewest_finds_another_games_par(capsys: pytest.CaptureFixture[str]) -> None:
    common = ["solve", "3", "--game", "bakers", "--autoplay", "all", "--json", "--jobs", "1"]
    assert main(common) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*common, "--fewest", "--budget", "3"]) == 0
    par = json.loads(capsys.readouterr().out)
    assert par["status"] == "solved" and par["player_moves"] < first["player_moves"]
    bakers = VARIANTS["bakers_game"]
    moves = parse_moves(" ".join(par["moves"]), bakers)
    game = Game.new(3, autoplay=AutoplayMode.ALL, variant=bakers)
    for move in moves:
        game = game.play(move)
    assert game.outcome is Outcome.WON
    assert sum(1 for move in moves if not move.dest.is_foundation) == par["player_moves"]


def test_solve_fewest_says_another_games_deal_has_no_par(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["solve", "1", "--game", "kings only bakers game", "--fewest", "--jobs", "1"]
    assert main([*args, "--budget", "60"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("deal 1: unsolvable: no line of play wins (") and out.count("\n") == 1


def test_solve_says_a_variant_deal_is_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "1", "--game", "kings only bakers game", "--json", "--jobs", "1"]
    assert main(args) == 2
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "unsolvable" and record["moves"] == []


def test_solve_reads_a_board_of_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "eight_off.txt"
    board.write_text(deal_text(3, VARIANTS["eight_off"]))
    assert main(["solve", "--board", str(board), "--game", "eight off", "--autoplay", "off"]) == 0
    out = capsys.readouterr().out
    game = Game.new(3, autoplay=AutoplayMode.OFF, variant=VARIANTS["eight_off"])
    for move in parse_moves(" ".join(solution_words(out)), game.variant):
        game = game.play(move)
    assert game.outcome is Outcome.WON
    # Without --game the board is read as FreeCell's, which has four cells.
    assert main(["solve", "--board", str(board)]) == 64
    assert "only 4 free cells, not 8" in capsys.readouterr().err


def test_freecell_with_two_cells_solves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "3", "--cells", "2", "--autoplay", "off", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    variant = parse_variant("freecell", 2)
    game = Game.new(3, autoplay=AutoplayMode.OFF, variant=variant)
    for move in parse_moves(" ".join(solution_words(out)), variant):
        game = game.play(move)
    assert game.outcome is Outcome.WON
