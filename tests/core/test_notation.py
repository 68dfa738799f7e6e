"""Standard notation: piles and moves, one parser and printer."""

from __future__ import annotations

import pytest

from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move, Pile, parse_moves


def test_piles() -> None:
    assert [pile.code for pile in COLUMNS] == list("12345678")
    assert [pile.code for pile in CELLS] == list("abcd")
    assert FOUNDATION.code == "h"
    assert Pile.parse("3") is COLUMNS[2] and Pile.parse("C") is CELLS[2]
    assert (COLUMNS[2].name, CELLS[0].name, FOUNDATION.name) == (
        "column 3",
        "free cell a",
        "the foundations",
    )
    with pytest.raises(NotationError, match="'9' is not a pile"):
        Pile.parse("9")


@pytest.mark.parametrize(
    ("text", "source", "dest", "count"),
    [
        ("3a", COLUMNS[2], CELLS[0], None),
        ("a4", CELLS[0], COLUMNS[3], None),
        ("5h", COLUMNS[4], FOUNDATION, None),
        ("bh", CELLS[1], FOUNDATION, None),
        ("18", COLUMNS[0], COLUMNS[7], None),
        ("ab", CELLS[0], CELLS[1], None),
        ("18v3", COLUMNS[0], COLUMNS[7], 3),
        ("26va", COLUMNS[1], COLUMNS[5], 10),
        ("26VA", COLUMNS[1], COLUMNS[5], 10),
        (" 3A ", COLUMNS[2], CELLS[0], None),
    ],
)
def test_parse(text: str, source: Pile, dest: Pile, count: int | None) -> None:
    assert Move.parse(text) == Move(source, dest, count)


@pytest.mark.parametrize("text", ["3a", "a4", "5h", "bh", "18", "ab", "18v3", "26va", "71vd"])
def test_print_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == move.notation == text
    assert eval(repr(move)) == move


def test_count_is_written_in_hex_and_only_above_one() -> None:
    assert str(Move(COLUMNS[1], COLUMNS[5], 10)) == "26va"
    assert str(Move(COLUMNS[1], COLUMNS[5], 13)) == "26vd"
    assert str(Move(COLUMNS[0], COLUMNS[7], 1)) == "18"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "an empty move: write a source and a destination, as 3a or 18"),
        ("3", "'3' names only one pile: add a destination, as 3h or 3a"),
        ("9a", "'9a' is not a move: '9' is not a pile (1–8 columns, a–d free cells, h home)"),
        ("3x", "'3x' is not a move: 'x' is not a pile (1–8 columns, a–d free cells, h home)"),
        ("h3", "cards never leave the foundations"),
        ("33", "'33' moves column 3 onto itself"),
        ("aa", "'aa' moves free cell a onto itself"),
        ("18v", "'18v' is not a move: after v comes the card count in hexadecimal, as 18v3"),
        ("18vz", "'18vz' is not a move: after v comes the card count in hexadecimal, as 18v3"),
        ("18v0", "a move must move at least one card"),
        ("3av2", "a card count (v) is only for moves between two columns"),
        ("3ax", "'3ax' is not a move: write a source and a destination, as 3a, a4, 5h or 18v3"),
    ],
)
def test_parse_refuses_with_notation_error(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert str(info.value) == message


def test_parse_moves_reads_whitespace_separated_moves() -> None:
    assert parse_moves("3a 18v3\n\tbh  \n") == [
        Move.parse("3a"),
        Move.parse("18v3"),
        Move.parse("bh"),
    ]
    assert parse_moves("") == []


def test_parse_moves_names_the_first_bad_move() -> None:
    with pytest.raises(NotationError) as info:
        parse_moves("3a 18 zz 4h")
    assert str(info.value).startswith("move 3: zz: ")


def test_errors_are_value_errors() -> None:
    assert issubclass(NotationError, FreeCellError)
    assert issubclass(FreeCellError, ValueError)


def test_repr_keeps_a_resolved_count_of_one() -> None:
    resolved = Move(COLUMNS[0], COLUMNS[1], 1)
    assert str(resolved) == "12"
    assert repr(resolved) == "Move.parse('12v1')"
    assert eval(repr(resolved)) == resolved != Move.parse("12")


_RUN_COUNT = "a run has at most 13 cards, so the count after v is 1 to d in hexadecimal"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("18ve", f"'18ve' is not a move: {_RUN_COUNT}"),
        ("18v10", f"'18v10' is not a move: {_RUN_COUNT}"),
        ("18v" + "f" * 4000, f"'18v{'f' * 36}…' is not a move: {_RUN_COUNT}"),
        ("18v1" + "0" * 5000, f"'18v1{'0' * 35}…' is not a move: {_RUN_COUNT}"),
    ],
)
def test_absurd_counts_are_refused_before_they_are_read(text: str, message: str) -> None:
    """Issue 10: 18v + 4,000 hex digits raised ValueError (int's 4,300-digit limit) in replay,
    line mode, import and the : line; a count is 1 to 13 and its message stays short."""
    with pytest.raises(NotationError) as info:
        Move.parse(text)
    assert str(info.value) == message


def test_leading_zeros_in_a_count_are_harmless() -> None:
    assert Move.parse("18v" + "0" * 5000 + "d") == Move(COLUMNS[0], COLUMNS[7], 13)


def test_a_move_object_never_carries_more_than_a_run() -> None:
    with pytest.raises(NotationError) as info:
        Move(COLUMNS[1], COLUMNS[5], 14)
    assert str(info.value) == "a run has at most 13 cards: v1 to vd"


def test_a_huge_bad_word_is_echoed_short() -> None:
    with pytest.raises(NotationError) as info:
        parse_moves("3a " + "x" * 1_000_000)
    assert str(info.value) == (
        f"move 2: {'x' * 39}…: '{'x' * 39}…' is not a move: 'x' is not a pile "
        "(1–8 columns, a–d free cells, h home)"
    )
