"""``freecell-tui solve``: hostile arguments and board files (one line on stderr, exit 64, never
a traceback), huge ranges streamed, ``--fewest``, ``--autoplay`` and ``"player_moves"``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.cli.solve import MAX_BOARD_BYTES
from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal
from freecell_tui.core.notation import parse_moves, solution_words
from freecell_tui.core.position import format_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import fewest
from freecell_tui.core.state import GameState
from freecell_tui.session.par import find_par


def exit_code(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exit:
        return int(exit.code or 0)


def one_error_line(err: str) -> str:
    assert err.startswith("freecell-tui solve: error: ")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "Traceback" not in err
    return err


def wins(start: GameState, words: list[str], mode: AutoplayMode = AutoplayMode.SAFE) -> bool:
    """Do ``words`` win from ``start`` played as a player does in a game with autoplay ``mode``
    (solve's default is safe)?"""
    state = start
    for move in parse_moves(" ".join(words)):
        state, _ = run_autoplay(apply_move(state, move), mode)
    return state.is_won


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "1", "--timeout", "-1"],
        ["solve", "1", "--timeout", "1e999"],
        ["solve", "1", "--timeout", "-inf"],
        ["solve", "1", "--timeout", "NaN"],
        ["solve", "1", "--fewest", "--budget", "nan"],
        ["solve", "1", "--fewest", "--budget", "inf"],
        ["solve", "1", "--fewest", "--budget", "1e308"],
        ["solve", "1", "--fewest", "--budget", "3600.5"],
        ["solve", "1", "--fewest", "--budget", "-3"],
        ["solve", "1", "--fewest", "--budget", "0"],
        ["solve", "1", "--fewest", "--budget", "soon"],
        ["solve", "1", "--budget", "5"],
        ["solve", "1", "--fewest", "--timeout", "5"],
        ["solve", "1", "--jobs", "99999999999999999999"],
        ["solve", "1", "--jobs", "-1"],
        ["solve", "1", "--jobs", "1.5"],
        ["solve", "1", "--autoplay", "sometimes"],
        ["solve", "99999999999999999999999"],
        ["solve", "1" * 5000],
        ["solve", "-5"],
        ["solve", "8589934592"],
        ["solve", "--range", "1", "8589934592"],
        ["solve", "--range", "0", "5"],
        ["solve", "--range", "x", "5"],
        ["solve", "--board", ""],
        ["solve", "--board", "bad\x00name"],
        ["solve", "--board", "/dev/null"],
    ],
)
def test_hostile_arguments_exit_64_with_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert exit_code(argv) == 64
    captured = capsys.readouterr()
    one_error_line(captured.err)
    assert captured.out == ""


def test_a_budget_over_the_cap_says_the_cap(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: --budget 1e308 ran a par search that never ended."""
    assert exit_code(["solve", "1", "--fewest", "--budget", "1e308"]) == 64
    assert capsys.readouterr().err == (
        "freecell-tui solve: error: --budget 1e+308: give at most 3,600 seconds\n"
    )


def test_every_range_given_is_solved_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23: a second --range silently replaced the first."""
    argv = ["solve", "3", "--range", "1", "2", "--range", "5", "6", "--json", "--jobs", "1"]
    assert exit_code(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["deal"] for line in lines] == [3, 1, 2, 5, 6]


def test_a_huge_deal_number_is_not_echoed_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["solve", "9" * 100_000]) == 64
    err = one_error_line(capsys.readouterr().err)
    assert len(err) < 200


def test_a_directory_is_not_a_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["solve", "--board", str(tmp_path)]) == 64
    assert one_error_line(capsys.readouterr().err).endswith(": it is a directory\n")


def test_a_board_over_the_size_cap_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "huge.txt"
    board.write_text(format_position(deal(1)) + " " * MAX_BOARD_BYTES, encoding="utf-8")
    assert exit_code(["solve", "--board", str(board)]) == 64
    assert "too large for a position" in one_error_line(capsys.readouterr().err)


def test_a_board_that_is_not_utf8_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "latin1.txt"
    board.write_bytes(format_position(deal(1)).encode() + "é".encode("latin-1"))
    assert exit_code(["solve", "--board", str(board)]) == 64
    assert one_error_line(capsys.readouterr().err).endswith("it is not UTF-8 text\n")


def test_a_board_with_a_byte_order_mark_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "bom.txt"
    board.write_bytes(b"\xef\xbb\xbf" + format_position(deal(3)).encode())
    assert exit_code(["solve", "--board", str(board), "--json"]) == 0
    assert wins(deal(3), json.loads(capsys.readouterr().out)["moves"])


def test_a_board_name_with_a_newline_stays_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exit_code(["solve", "--board", str(tmp_path / "two\nlines")]) == 64
    one_error_line(capsys.readouterr().err)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_board_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "solve", "--board", str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,  # a blocked open would hang here, and fail
    )
    assert done.returncode == 64
    assert one_error_line(done.stderr).endswith("it is not a regular file\n")
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_whole_range_of_deals_streams(jobs: str) -> None:
    """``--range 1 8589934591`` starts solving at once (no list of 8.6 billion numbers): the first
    results arrive, in order, and the process is then stopped."""
    command = [sys.executable, "-m", "freecell_tui", "solve", "--range", "1", "8589934591"]
    process = subprocess.Popen(
        [*command, "--jobs", jobs, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: the workers are stopped with it
    )
    try:
        assert process.stdout is not None
        records = [json.loads(process.stdout.readline()) for _ in range(3)]
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate(timeout=60)
    assert [r["deal"] for r in records] == [1, 2, 3]
    assert all(r["status"] == "solved" for r in records)
    assert "MemoryError" not in err


def test_json_has_player_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["solve", "5", "--json", "--autoplay", "all"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert wins(deal(5), record["moves"], AutoplayMode.ALL)
    # The moves a player makes with autoplay all: autoplay's moves home are left out (an ace
    # showing at the deal's start is the player's to send home).
    assert record["player_moves"] == sum(1 for word in record["moves"] if not word.endswith("h"))
    assert sum(1 for word in record["moves"] if word.endswith("h")) < 4


def test_fewest_finds_no_more_player_moves_than_the_fast_solver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert exit_code(["solve", "6", "--json", "--autoplay", "all"]) == 0
    fast = json.loads(capsys.readouterr().out)
    assert (
        exit_code(["solve", "6", "--fewest", "--budget", "1", "--autoplay", "all", "--json"]) == 0
    )
    par = json.loads(capsys.readouterr().out)
    assert par["status"] == "solved"
    assert wins(deal(6), par["moves"], AutoplayMode.ALL)
    assert par["player_moves"] <= fast["player_moves"]


def test_fewest_text_output_says_par_first_or_that_the_search_was_cut_short(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: ``--fewest`` said "solved in 43 moves (31 player moves)", and the docs called the
    31 par, where the game said par 41. It says par first, as the game counts it, and a search
    its budget cut short says it found no par."""
    monkeypatch.setattr(fewest, "WIDTHS", (16, 64))  # the game's search, narrower: quick
    assert exit_code(["solve", "2", "--fewest"]) == 0
    out = capsys.readouterr().out
    par = find_par(2, AutoplayMode.SAFE, widths=(16, 64)).par
    assert par is not None
    assert out.splitlines()[0].startswith(f"deal 2: par {par.moves} (")
    assert " ".join(solution_words(out)) == par.solution
    assert "player" not in out
    monkeypatch.setattr(fewest, "WIDTHS", (16, 64, 256, 1024, 4096))
    assert exit_code(["solve", "2", "--fewest", "--budget", "0.3"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert " moves, not par: the search was cut short at 0.3 s " in header


def test_fewest_proves_an_unsolvable_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stuck = (
        "Foundations: H-0 C-0 D-0 S-0\nFreecells: KC KD KH 6S\n: AC 2D 3D 4D 2C 3C\n"
        ": AD 5D 6D 7D 4C 5C\n: AH 8D 9D TD 6C 7C\n: AS JD QD 2H 8C 9C\n: 3H 4H 5H 6H TC JC\n"
        ": 7H 8H 9H TH QC 2S\n: JH QH 7S 8S 3S 4S\n: 9S TS JS QS KS 5S\n"
    )
    board = tmp_path / "stuck.txt"
    board.write_text(stuck, encoding="utf-8")
    assert exit_code(["solve", "--board", str(board), "--fewest", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["player_moves"] is None
