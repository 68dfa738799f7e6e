"""Positions as text in fc-solve's layout: write, read, and say which line is wrong."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.errors import PositionError
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.state import GameState

# Deal 1 after 5a 5b 5c 5d 5h b2 8b a8 7a b7 58 a5 85 6b 6a 6h 6h ah (fc-solve's first moves).
MIDGAME = """\
Foundations: H-0 C-2 D-A S-A
Freecells: - 3D 4H JS
: JD KD 2S 4C 3S 6D 6S
: 2D KC KS 5C TD 8S 9C 8H
: 9H 9S 9D TS 4S 8D 2H
: JC 5S QD QH TH QS 6H
: 8C 7D 6C 5D
: 7H QC
: 7C KH AH 4D JH TC
: 5H 3H 3C 7S
"""


def midgame() -> GameState:
    state = deal(1)
    for move in parse_moves("5a 5b 5c 5d 5h b2 8b a8 7a b7 58 a5 85 6b 6a 6h 6h ah"):
        state = apply_move(state, move)
    return state


def test_write_matches_fcsolve_layout() -> None:
    assert format_position(midgame()) == MIDGAME
    assert format_position(midgame()) == MIDGAME
    start = format_position(deal(1)).splitlines()
    assert start[:3] == [
        "Foundations: H-0 C-0 D-0 S-0",
        "Freecells: - - - -",
        ": JD KD 2S 4C 3S 6D 6S",
    ]


def test_write_read_round_trip() -> None:
    for state in (deal(1), deal(617), midgame()):
        assert parse_position(format_position(state)) == state
        assert parse_position(format_position(state)) == state


def test_empty_columns_are_written_and_read() -> None:
    text = MIDGAME.replace(": 5H 3H 3C 7S\n", ":\n").replace(": 7H QC\n", ": 7H QC 5H 3H 3C\n")
    text = text.replace("Freecells: - 3D 4H JS", "Freecells: 7S 3D 4H JS")
    state = parse_position(text)
    assert state.columns[7] == () and state.empty_columns == 1
    assert format_position(state) == text
    # Trailing empty columns may also be left out.
    assert parse_position(text.replace(":\n", "")) == state


def test_plain_eight_line_deal_is_read() -> None:
    for number in (1, 617, 2**32):
        assert parse_position(deal_text(number)) == deal(number)


def test_card_forms_comments_and_blank_lines() -> None:
    text = "# deal 1 by hand\n\n" + deal_text(1).replace("TC", "10♣").replace("JD", "jd") + "\n\n"
    assert parse_position(text) == deal(1)


def test_fcsolve_printed_layout_is_read() -> None:
    """fc-solve prints free cells in fixed width, blanks for empty cells."""
    printed = MIDGAME.replace("Foundations: H-0 C-2 D-A S-A", "Foundations: H-0 C-2 D-A S-A ")
    printed = printed.replace("Freecells: - 3D 4H JS", "Freecells:      3D  4H  JS")
    assert parse_position(printed) == midgame()


@pytest.mark.fcsolve
@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="fc-solve is not installed")
def test_fcsolve_reads_what_we_write_and_we_read_what_it_prints() -> None:
    result = subprocess.run(
        ["fc-solve", "-p", "-t", "-sam", "-"],
        input=MIDGAME,
        capture_output=True,
        text=True,
        check=True,
    )
    first = next(block for block in result.stdout.split("\n\n") if "Freecells:" in block)
    assert parse_position(first) == midgame()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            MIDGAME.replace(": 5H 3H 3C 7S", ": 5H 3H 3C 7S 2D"),
            "line 10: 2D appears twice: in column 2 (line 4) and in column 8 (line 10)",
        ),
        (
            MIDGAME.replace("Freecells: - 3D 4H JS", "Freecells: AS 3D 4H JS"),
            "line 2: AS appears twice: in the foundations (line 1) and in free cell a (line 2)",
        ),
        (MIDGAME.replace(" 7S\n", "\n"), "1 card missing: 7S"),
        (
            MIDGAME.replace(": JC 5S", ": JC 5X"),
            "line 6: '5X' is not a card: 'X' is not a suit (C D H S or ♣ ♦ ♥ ♠)",
        ),
        (
            MIDGAME.replace("C-2", "C-Z"),
            "line 1: 'C-Z' is not a foundation: write suit-rank, as H-0 or C-A",
        ),
        (
            MIDGAME.replace("H-0", "X-0"),
            "line 1: 'X-0' is not a foundation: write suit-rank, as H-0 or C-A",
        ),
        (
            MIDGAME.replace("Freecells: - 3D 4H JS", "Freecells: - 3D 4H JS 5C"),
            "line 2: there are only 4 free cells, not 5",
        ),
        (
            MIDGAME.replace("Freecells:", "Reserve:"),
            "line 2: unknown line 'Reserve': expected 'Foundations:', 'Freecells:' or a column starting with ':'",
        ),
        (MIDGAME + ": \n: KS\n", "line 11: a position has only 8 columns"),
        (
            "\n".join(deal_text(1).splitlines()[:6]) + "\n",
            "a position has 8 columns, but this text has 6",
        ),
        ("", "a position has 8 columns, but this text has 0"),
    ],
)
def test_bad_positions_say_what_and_where(text: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        parse_position(text)
    assert str(info.value) == message
