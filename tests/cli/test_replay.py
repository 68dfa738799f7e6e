"""``freecell-tui replay``: check moves from a deal or a board; final position and won/not won."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.position import format_position

from ..program import run_main

WON = """\
Foundations: H-K C-K D-K S-K
Freecells: - - - -
:
:
:
:
:
:
:
:
won
"""

# Deal 1 after 3a 32: 2♥ in free cell a, 8♦ onto 9♣.
AFTER_3A_32 = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: 2H - - -
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C 8D
: 9H 9S 9D TS 4S
: JC 5S QD QH TH QS 6H
: 5D AD JS 4H 8H 6C
: 7H QC AS AC 2C 3D
: 7C KH AH 4D JH 8C
: 5H 3H 3C 7S 7D TC
not won
"""


def replay(args: list[str], stdin: str) -> tuple[int, str, str]:
    return run_main("replay", *args, stdin=stdin)


def test_solution_from_stdin_wins(deal_1_solution: str) -> None:
    # The solution writes every move home out: it replays with autoplay off.
    assert replay(["--deal", "1", "--autoplay", "off"], deal_1_solution) == (
        0,
        WON,
        "",
    )


def test_unfinished_game_is_not_won() -> None:
    assert replay(["--deal", "1"], "3a\n32\n") == (0, AFTER_3A_32, "")


def test_no_moves_prints_the_start() -> None:
    code, out, _ = replay(["--deal", "617"], "")
    assert code == 0 and out == format_position(deal(617)) + "not won\n"


@pytest.mark.parametrize(
    ("moves", "line"),
    [
        ("3a 12", "move 2: 12: 6♠ cannot go on 9♣: ranks must step down by one"),
        (
            "3a 32 zz",
            "move 3: zz: 'zz' is not a move: 'z' is not a pile (1–8 columns, a–d free cells, h home)",
        ),
        ("bh", "move 1: bh: free cell b is empty: there is no card to move"),
        ("3a 3a", "move 2: 3a: 8♦ cannot go to free cell a: it already holds 2♥"),
    ],
)
def test_first_bad_move_exits_1(moves: str, line: str) -> None:
    assert replay(["--deal", "1"], moves) == (1, line + "\n", "")


def test_moves_file_and_board_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text(format_position(deal(1)), encoding="utf-8")
    moves = tmp_path / "moves.txt"
    moves.write_text("3a\n32\n", encoding="utf-8")
    assert main(["replay", "--board", str(board), str(moves)]) == 0
    assert capsys.readouterr().out == AFTER_3A_32
    # A plain eight-line deal is a board too.
    board.write_text(deal_text(1), encoding="utf-8")
    assert main(["replay", "--board", str(board), str(moves)]) == 0
    assert capsys.readouterr().out == AFTER_3A_32


def test_autoplay_option() -> None:
    # 5a 5b 5c 5d uncovers A♦: with autoplay safe, the default as in the game, it goes home by
    # itself; with --autoplay off it stays.
    code, out, _ = replay(["--deal", "1"], "5a 5b 5c 5d")
    assert code == 0 and out.startswith("Foundations: H-0 C-0 D-A S-0\n")
    code, out, _ = replay(["--deal", "1", "--autoplay", "off"], "5a 5b 5c 5d")
    assert code == 0 and out.startswith("Foundations: H-0 C-0 D-0 S-0\n")
    # With autoplay off fc-solve's own 5h is legal; with autoplay it is not.
    code, out, _ = replay(["--deal", "1", "--autoplay", "off"], "5a 5b 5c 5d 5h")
    assert code == 0
    code, out, _ = replay(["--deal", "1"], "5a 5b 5c 5d 5h")
    assert (code, out) == (
        1,
        "move 5: 5h: 5♦ cannot go home yet: the ♦ foundation needs 2♦ first (autoplay safe sent "
        "1 card home by itself: moves that write every move home out, as fc-solve's, replay "
        "with --autoplay off)\n",
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--deal", "0"],
            "freecell-tui replay: error: deal 0 does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            ["--deal", "1", "--autoplay", "x"],
            "freecell-tui replay: error: 'x' is not an autoplay mode: use off, safe or all",
        ),
        (
            ["--board", "/nonexistent/board"],
            "freecell-tui replay: error: cannot read /nonexistent/board: no such file or directory",
        ),
        (
            ["--deal", "1", "/nonexistent/moves"],
            "freecell-tui replay: error: cannot read /nonexistent/moves: no such file or directory",
        ),
    ],
)
def test_bad_arguments_exit_2(
    args: list[str],
    message: str,
) -> None:
    code, out, err = replay(args, "")
    assert (code, out, err) == (2, "", message + "\n")


def test_bad_board_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text("Foundations: H-0 C-0 D-0 S-0\n: AS AS\n", encoding="utf-8")
    assert main(["replay", "--board", str(board), "-"]) == 2
    err = capsys.readouterr().err
    assert (
        err
        == f"freecell-tui replay: error: {board}: line 2: AS appears twice: in column 1 (line 2) and in column 1 (line 2)\n"
    )


@pytest.mark.parametrize("option", ["--board", "moves"])
def test_a_binary_file_is_not_utf8_text(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\x00\xff\xfe\x80")
    args = ["--board", str(binary), "-"] if option == "--board" else ["--deal", "1", str(binary)]
    assert main(["replay", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        captured.err == f"freecell-tui replay: error: cannot read {binary}: it is not UTF-8 text\n"
    )


def test_unknown_arguments_are_named_under_the_subcommand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["replay", "--deal", "1", "moves.txt", "extra"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("freecell-tui replay: error: unrecognized arguments: extra")
    assert err.count("\n") == 1


def test_a_code_or_deal_or_board_is_required() -> None:
    result = run_main("replay")
    assert result.returncode == 2
    assert "give a game code, or --deal N or --board FILE and the moves" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_subprocess_with_piped_stdin() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "replay", "--deal", "1"],
        input="3a 12",
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (
        1,
        "move 2: 12: 6♠ cannot go on 9♣: ranks must step down by one\n",
    )
    assert "Traceback" not in result.stderr


@pytest.mark.fcsolve
def test_fcsolve_full_output_piped_in_wins(
    fcsolve_solution: Callable[[int], str],
) -> None:
    """fc-solve -l lg -m -snx, whole output (separators and summary lines) for deals 1–200."""
    for number in range(1, 201):
        code, out, err = replay(
            ["--deal", str(number), "--autoplay", "off"], fcsolve_solution(number)
        )
        assert (code, out.splitlines()[-1], err) == (0, "won", ""), f"deal {number}"


@pytest.mark.fcsolve
def test_fcsolve_pipe_through_a_real_subprocess(fcsolve_solution: Callable[[int], str]) -> None:
    for number in (1, 617, 2**31 + 5):
        result = subprocess.run(
            [
                *(sys.executable, "-m", "freecell_tui", "replay"),
                *("--deal", str(number), "--autoplay", "off"),
            ],
            input=fcsolve_solution(number),
            capture_output=True,
            text=True,
            check=False,
        )
        assert (result.returncode, result.stdout[-4:]) == (0, "won\n"), number


def test_our_solve_output_piped_in_wins() -> None:
    """A solution written out with autoplay off, with solve's header line (skipped)."""
    from freecell_tui.core.solver import solve

    result = solve(deal(5), autoplay=AutoplayMode.OFF)
    text = f"deal 5: solved in {len(result.moves)} moves (0.01 s)\n" + " ".join(
        str(move) for move in result.moves
    )
    code, out, err = replay(["--deal", "5", "--autoplay", "off"], text)
    assert (code, out.splitlines()[-1], err) == (0, "won", "")
