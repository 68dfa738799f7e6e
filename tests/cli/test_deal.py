"""``freecell-tui deal N``: byte-exact deals; bad numbers get one stderr line and exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from freecell_tui.cli import main

from ..program import run_main

DEAL_617 = b"""\
7D TD TH KD 4C 4S JD
AD 7S QC 5H QS TS KS
5C QD 3H 9S 9C 2H KC
3S AC 9D 3C 9H 5D 4H
5S 6D 6S 8S 7C JC
8C 8H 8D 7H 6H 6C
2D AS 3D 4D 2C JH
AH KH TC JS 2S QH
"""


def test_deal_prints_byte_exact_layout() -> None:
    """Through a real pipe: the bytes the interpreter's own standard output writes."""
    result = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "deal", "617"], capture_output=True, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, DEAL_617, b"")


def test_deal_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "617"]) == 0
    out, err = capsys.readouterr()
    assert out.encode() == DEAL_617 and err == ""


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (
            "0",
            "freecell-tui deal: error: deal 0 does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            "-3",
            "freecell-tui deal: error: deal -3 does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            "8589934592",
            "freecell-tui deal: error: deal 8589934592 does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            "seven",
            "freecell-tui deal: error: 'seven' is not a deal number: use a whole number from 1 to 8,589,934,591",
        ),
        (
            "1.5",
            "freecell-tui deal: error: '1.5' is not a deal number: use a whole number from 1 to 8,589,934,591",
        ),
        (
            "",
            "freecell-tui deal: error: '' is not a deal number: use a whole number from 1 to 8,589,934,591",
        ),
    ],
)
def test_bad_numbers_exit_2_with_one_line(number: str, message: str) -> None:
    result = run_main("deal", number)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [message]
    assert "Traceback" not in result.stderr


def test_missing_number_is_a_usage_error() -> None:
    result = run_main("deal")
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert lines == [
        "freecell-tui deal: error: the following arguments are required: N "
        "(see freecell-tui deal --help)"
    ]
