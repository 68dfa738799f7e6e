"""``freecell-tui solve``: text and JSON output, --range with --jobs, --board, and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.position import format_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.state import GameState

# Seed 004's end: no legal move, every ace buried (see test_solver.py).
STUCK = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: KC KD KH 6S
: AC 2D 3D 4D 2C 3C
: AD 5D 6D 7D 4C 5C
: AH 8D 9D TD 6C 7C
: AS JD QD 2H 8C 9C
: 3H 4H 5H 6H TC JC
: 7H 8H 9H TH QC 2S
: JH QH 7S 8S 3S 4S
: 9S TS JS QS KS 5S
"""


def wins(start: GameState, words: list[str], mode: AutoplayMode = AutoplayMode.SAFE) -> bool:
    """Do ``words`` win from ``start`` played as a player does in a game with autoplay ``mode``
    (solve's default is safe)?"""
    state = start
    for move in parse_moves(" ".join(words)):
        state, _ = run_autoplay(apply_move(state, move), mode)
    return state.is_won


def test_text_names_the_deal_and_lists_moves_that_win(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "1", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    headers = [i for i, line in enumerate(out) if line.startswith("deal ")]
    assert len(headers) == 2
    assert out[headers[0]].startswith("deal 1: solved in ")
    assert out[headers[1]].startswith("deal 3: solved in ")
    first = " ".join(out[headers[0] + 1 : headers[1]]).split()
    second = " ".join(out[headers[1] + 1 :]).split()
    assert out[headers[0]].startswith(f"deal 1: solved in {len(first)} moves")
    assert wins(deal(1), first)
    assert wins(deal(3), second)
    # With autoplay off, every move home is written out.
    assert main(["solve", "1", "--autoplay", "off"]) == 0
    off = " ".join(capsys.readouterr().out.splitlines()[1:]).split()
    assert sum(1 for word in off if word.endswith("h")) == 52
    assert wins(deal(1), off, AutoplayMode.OFF)


def test_json_is_one_object_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "2", "5", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["deal"] for r in records] == [2, 5]
    for record in records:
        assert record["status"] == "solved"
        assert isinstance(record["seconds"], float)
        assert wins(deal(record["deal"]), record["moves"])


def test_range_with_jobs_keeps_deal_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--range", "1", "4", "--jobs", "2", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["deal"] for r in records] == [1, 2, 3, 4]
    assert all(wins(deal(r["deal"]), r["moves"]) for r in records)


def test_board_file_proved_unsolvable_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "stuck.txt"
    board.write_text(STUCK, encoding="utf-8")
    assert main(["solve", "--board", str(board)]) == 2
    assert "unsolvable" in capsys.readouterr().out
    assert main(["solve", "--board", str(board), "--json"]) == 2
    record = json.loads(capsys.readouterr().out)
    assert (record["deal"], record["status"], record["moves"]) == (None, "unsolvable", [])
    assert record["board"] == str(board)


def test_board_file_solved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "deal7.txt"
    board.write_text(format_position(deal(7)), encoding="utf-8")
    assert main(["solve", "--board", str(board), "--json"]) == 0
    assert wins(deal(7), json.loads(capsys.readouterr().out)["moves"])


def test_running_out_of_time_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "11982", "--timeout", "0.05"]) == 3
    assert "deal 11982: gave up after" in capsys.readouterr().out


def test_unsolvable_wins_over_gave_up_in_the_exit_code() -> None:
    # One deal unsolvable and one out of time: 2, the definite answer.
    from freecell_tui.cli.solve import _exit_code

    assert _exit_code(["solved", "gave-up", "unsolvable"]) == 2
    assert _exit_code(["solved", "gave-up"]) == 3
    assert _exit_code(["solved", "solved"]) == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["solve"],
        ["solve", "0"],
        ["solve", "one"],
        ["solve", "1", "--timeout", "0"],
        ["solve", "1", "--timeout", "nan"],
        ["solve", "1", "--timeout", "inf"],
        ["solve", "1", "--timeout", "soon"],
        ["solve", ""],
        ["solve", "1", "--jobs", "0"],
        ["solve", "--range", "5", "1"],
        ["solve", "--range", "5"],
        ["solve", "1", "--bogus"],
        ["solve", "1", "--board", "x.txt"],
        ["solve", "--board", "/no/such/file.txt"],
    ],
)
def test_bad_arguments_exit_64(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as exit:
        code = int(exit.code or 0)
    assert code == 64
    err = capsys.readouterr().err
    assert err.startswith("freecell-tui solve: error: ")
    assert err.count("\n") == 1


def test_a_board_that_is_not_a_position_exits_64(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "bad.txt"
    board.write_text(": AS 2S\n", encoding="utf-8")
    assert main(["solve", "--board", str(board)]) == 64
    assert str(board) in capsys.readouterr().err


def test_a_binary_board_file_exits_64(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.bin"
    board.write_bytes(b"\x00\xff\xfe\x80")
    assert main(["solve", "--board", str(board)]) == 64
    err = capsys.readouterr().err
    assert err == f"freecell-tui solve: error: cannot read {board}: it is not UTF-8 text\n"


def test_solution_replays_through_the_replay_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", "4", "--json"]) == 0
    moves = tmp_path / "moves.txt"
    moves.write_text(" ".join(json.loads(capsys.readouterr().out)["moves"]), encoding="utf-8")
    assert main(["replay", "--deal", "4", str(moves)]) == 0
    assert capsys.readouterr().out.endswith("\nwon\n")


def test_the_solve_command_does_not_import_textual() -> None:
    code = (
        "import sys, freecell_tui.cli.solve; print('textual' in sys.modules, 'rich' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
