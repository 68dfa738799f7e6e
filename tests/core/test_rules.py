"""The rules: legal moves, refusals with their reasons, run limits, move descriptions."""

from __future__ import annotations

import pytest

from freecell_tui.core.cards import RANK_CODES
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import IllegalMoveError, NotationError
from freecell_tui.core.notation import COLUMNS, Move
from freecell_tui.core.rules import (
    apply_move,
    describe_move,
    legal_moves,
    resolve_move,
    run_limit_text,
)
from freecell_tui.core.state import GameState

from .helpers import board

# One-card columns that fill columns 3-8, so a test controls how many columns are empty.
FILL6 = ("2D", "2H", "3D", "3H", "4D", "4H")


def refusal(state: GameState, text: str) -> str:
    """The reason ``state`` refuses move ``text`` (and check that the refusal changed nothing)."""
    copy = GameState(state.columns, state.cells, state.foundations)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse(text))
    assert state == copy
    return str(info.value)


# ---------------------------------------------------------------- each refusal, in a player's words
def test_empty_column_has_nothing_to_move() -> None:
    assert refusal(board("KS"), "3a") == "column 3 is empty: there is no card to move"


def test_empty_cell_has_nothing_to_move() -> None:
    assert refusal(board("KS"), "b1") == "free cell b is empty: there is no card to move"


def test_foundation_starts_with_the_ace() -> None:
    assert refusal(board("5H"), "1h") == "5♥ cannot go home yet: the ♥ foundation starts with A♥"


def test_foundation_needs_the_next_card() -> None:
    state = board("5H", foundations=(0, 0, 2, 0))
    assert refusal(state, "1h") == "5♥ cannot go home yet: the ♥ foundation needs 3♥ first"


def test_free_cell_holds_one_card() -> None:
    state = board("KS", cells="7C - - -")
    assert refusal(state, "1a") == "K♠ cannot go to free cell a: it already holds 7♣"
    assert refusal(board("KS", cells="7C 8D - -"), "ab") == (
        "7♣ cannot go to free cell b: it already holds 8♦"
    )


def test_rank_must_step_down_by_one() -> None:
    state = board("7C", "9H", cells="6S - - -")
    assert refusal(state, "12") == "7♣ cannot go on 9♥: ranks must step down by one"
    assert refusal(state, "a2") == "6♠ cannot go on 9♥: ranks must step down by one"


def test_colours_must_alternate() -> None:
    state = board("7C", "8S", cells="7S - - -")
    expected = "cannot go on 8♠: colours must alternate (red on black, black on red)"
    assert refusal(state, "12") == f"7♣ {expected}"
    assert refusal(state, "a2") == f"7♠ {expected}"


def test_nothing_goes_on_an_ace_in_a_column() -> None:
    state = board("KS 2D 9C 8H", "AC", *FILL6)
    assert refusal(state, "12") == "nothing can go on A♣ in a column: it goes home"


def test_no_card_of_the_run_fits() -> None:
    state = board("KS 9C 8H", "KH", *FILL6)
    assert refusal(state, "12") == (
        "no card of column 1's run (9♣ 8♥) fits on K♥: it takes a black Q"
    )


def test_the_fitting_card_of_a_run_has_the_wrong_colour() -> None:
    # 7♥ is the card that would go on 8♦: same colour.
    state = board("KS 7H 6C", "8D", *FILL6)
    assert refusal(state, "12") == (
        "7♥ cannot go on 8♦: colours must alternate (red on black, black on red)"
    )


def test_count_larger_than_the_run() -> None:
    state = board("KS 9H 8C", "10D", *FILL6[:5])
    reason = "only the top 2 cards of column 1 (9♥ 8♣) form a run: 3 cannot move together"
    assert refusal(state, "18v3") == reason  # to an empty column
    assert refusal(state, "12v3") == reason  # to a column with cards


def test_count_that_does_not_fit() -> None:
    state = board("KS 10H 9C 8H", "JC", *FILL6)
    assert refusal(state, "12v2") == (
        "2 cards from column 1 would put 9♣ on J♣; the run fits with 3 cards (10♥ on J♣)"
    )


def test_run_limit_onto_a_column_says_how_it_is_computed() -> None:
    # A run of 5 (Q♥ to 8♥) onto K♣, with 1 empty free cell and no empty column: limit 2.
    state = board("KS QH JC 10D 9C 8H", "KC", *FILL6, cells="2C 2S 3C -")
    assert refusal(state, "12") == (
        "5 cards (Q♥ to 8♥), but 1 free cell and 0 empty columns allow 2: (1 + 1) × 2^0 = 2"
    )


def test_run_limit_with_cells_and_columns() -> None:
    # 7 cards; 2 free cells and 1 empty column allow 6.
    state = board("KS QH JC 10D 9C 8H 7C 6H", "KC", *FILL6[:5], cells="2C 2S - -")
    assert refusal(state, "12") == (
        "7 cards (Q♥ to 6♥), but 2 free cells and 1 empty column allow 6: (2 + 1) × 2^1 = 6"
    )


def test_run_limit_to_an_empty_column_does_not_count_it() -> None:
    # Columns 7 and 8 empty: moving to 8 leaves one other empty column; no free cell.
    state = board("KS QH JC 10D 9C", "KC", *FILL6[:4], cells="2C 2S 3C 3S")
    assert refusal(state, "18v4") == (
        "4 cards (Q♥ to 9♣), but 0 free cells and 1 empty column besides column 8 allow 2: "
        "(0 + 1) × 2^1 = 2"
    )
    assert apply_move(state, Move.parse("18v2")).columns[7] == board("10D 9C").columns[0]


def test_refusals_are_illegal_move_errors_not_notation_errors() -> None:
    state = deal(1)
    with pytest.raises(IllegalMoveError) as info:
        apply_move(state, Move.parse("12"))
    assert not isinstance(info.value, NotationError)
    with pytest.raises(NotationError):
        apply_move(state, Move.parse("1z"))


# ---------------------------------------------------------------- what moves do
def test_single_card_moves() -> None:
    state = board("KS 7C", "8H", cells="- QD - -", foundations=(0, 0, 0, 0))
    after = apply_move(state, Move.parse("12"))
    assert after.columns[:2] == board("KS", "8H 7C").columns[:2]
    assert state.columns[1] == board("8H").columns[0]  # the input state is untouched
    to_cell = apply_move(state, Move.parse("1a"))
    assert (
        to_cell.cells[0] == board("7C").columns[0][0]
        and to_cell.columns[0] == board("KS").columns[0]
    )
    cell_to_cell = apply_move(state, Move.parse("bc"))
    assert cell_to_cell.cells[1] is None and cell_to_cell.cells[2] == state.cells[1]
    to_empty = apply_move(state, Move.parse("b5"))
    assert to_empty.columns[4] == (state.cells[1],) and to_empty.cells[1] is None


def test_to_the_foundation_from_column_and_cell() -> None:
    state = board("2C AC", cells="AH - - -")
    after = apply_move(
        apply_move(apply_move(state, Move.parse("1h")), Move.parse("1h")), Move.parse("ah")
    )
    assert after.foundations == (2, 0, 1, 0)
    assert after.columns[0] == () and after.cells[0] is None


def test_run_moves_resolve_their_count() -> None:
    state = board("KS QH JC 10D", "KC", *FILL6[:5])
    resolved = resolve_move(state, Move.parse("12"))
    assert resolved == Move.parse("12v3")
    after = apply_move(state, Move.parse("12"))
    assert [card.code for card in after.columns[1]] == ["KC", "QH", "JC", "TD"]
    # Onto an empty column, without v one card moves; with v that many.
    assert resolve_move(state, Move.parse("18")) == Move.parse("18v1")
    assert len(apply_move(state, Move.parse("18v3")).columns[7]) == 3


def test_run_limit_text() -> None:
    state = board("KS", "KC", *FILL6[:4], cells="2C - - -")
    assert run_limit_text(state, to_empty_column=False) == "(3 + 1) × 2^2 = 16"
    assert run_limit_text(state, to_empty_column=True) == "(3 + 1) × 2^1 = 8"


# ---------------------------------------------------------------- the run limit, every count
# Column 1 holds K♦ and the 12-card run Q♦ J♠ 10♦ … 2♦ A♠: from the top, the card of rank r is a
# spade when r is odd, a diamond when r is even. A target one rank above the n-th card, of the other
# colour, takes exactly the top n cards. Fillers and cells use cards no target needs.
RUN = "KD QD JS 10D 9S 8D 7S 6D 5S 4D 3S 2D AS"
FILLERS = ("KH", "JH", "9H", "7H", "5H", "3H")
CELL_CARDS = ("2C", "4C", "6C", "8C")


def _target(n: int) -> str:
    """The card that takes exactly the top ``n`` cards of RUN."""
    return RANK_CODES[n + 1] + ("H" if n % 2 == 1 else "C")


@pytest.mark.parametrize("empty_cells", range(5))
@pytest.mark.parametrize("empty_columns", range(7))
def test_run_limit_for_every_count_of_empty_cells_and_columns(
    empty_cells: int, empty_columns: int
) -> None:
    """A run of n cards moves exactly when n ≤ (empty cells + 1) × 2^(empty columns), not counting
    the destination when it is an empty column; refusals give the limit and its computation."""
    cells = " ".join([*CELL_CARDS[: 4 - empty_cells], *["-"] * empty_cells])
    fillers = FILLERS[: 6 - empty_columns]
    limit = (empty_cells + 1) * 2**empty_columns
    for n in range(1, 13):
        state = board(RUN, _target(n), *fillers, cells=cells)
        assert (state.empty_cells, state.empty_columns) == (empty_cells, empty_columns)
        assert state.max_run() == limit
        if n <= limit:
            assert resolve_move(state, Move.parse("12")) == Move(COLUMNS[0], COLUMNS[1], n)
            assert len(apply_move(state, Move.parse("12")).columns[1]) == n + 1
        else:
            assert refusal(state, "12").endswith(
                f"allow {limit}: ({empty_cells} + 1) × 2^{empty_columns} = {limit}"
            )
    if empty_columns == 0:
        return
    # To an empty column: that column does not count.
    to_empty = (empty_cells + 1) * 2 ** (empty_columns - 1)
    state = board(RUN, "KC", *fillers, cells=cells)
    dest = len(fillers) + 3
    assert state.max_run(to_empty_column=True) == to_empty
    counts = {
        m.count
        for m in legal_moves(state)
        if m.source == COLUMNS[0] and m.dest == COLUMNS[dest - 1]
    }
    assert counts == set(range(1, min(to_empty, 12) + 1))
    for n in range(1, 13):
        move = f"1{dest}v{n:x}"
        if n <= to_empty:
            assert len(apply_move(state, Move.parse(move)).columns[dest - 1]) == n
        else:
            assert refusal(state, move).endswith(
                f"allow {to_empty}: ({empty_cells} + 1) × 2^{empty_columns - 1} = {to_empty}"
            )


@pytest.mark.parametrize(
    ("cells", "columns", "onto_cards", "onto_empty"),
    [(0, 0, 1, None), (4, 0, 5, None), (1, 1, 4, 2), (2, 1, 6, 3), (0, 2, 4, 2), (3, 2, 16, 8)],
)
def test_run_limit_examples(
    cells: int, columns: int, onto_cards: int, onto_empty: int | None
) -> None:
    """The examples of docs/rules.md."""
    fillers = FILLERS[: 6 - columns]
    state = board(RUN, "KC", *fillers, cells=" ".join([*CELL_CARDS[: 4 - cells], *["-"] * cells]))
    assert state.max_run() == onto_cards
    if onto_empty is not None:
        assert state.max_run(to_empty_column=True) == onto_empty


# ---------------------------------------------------------------- descriptions
def test_describe_move() -> None:
    state = board("KS 7C", "8H", "QD JS 10H", cells="- - 5D -", foundations=(0, 4, 0, 0))
    assert describe_move(state, Move.parse("2a")) == "2a: 8♥ to free cell a"
    assert describe_move(state, Move.parse("12")) == "12: 7♣ onto 8♥ in column 2"
    assert describe_move(state, Move.parse("ch")) == "ch: 5♦ home"
    assert describe_move(state, Move.parse("35")) == "35: 10♥ to empty column 5"
    assert describe_move(state, Move.parse("35v2")) == "35v2: J♠–10♥ (2 cards) to empty column 5"
    with pytest.raises(IllegalMoveError):
        describe_move(state, Move.parse("21"))


def test_legal_moves_of_the_first_deal() -> None:
    moves = [str(move) for move in legal_moves(deal(1))]
    # Deal 1 has no build and no card for home: each of the 8 top cards may go to each free cell.
    assert sorted(moves) == sorted(f"{column}{cell}" for column in range(1, 9) for cell in "abcd")


def test_legal_moves_put_home_moves_first_and_carry_counts() -> None:
    state = board("KS QH JC", "KD", "AC", cells="AH - - -")
    moves = list(legal_moves(state))
    assert [str(m) for m in moves[:2]] == ["ah", "3h"]
    assert Move(COLUMNS[0], COLUMNS[3], 2) in moves  # to an empty column, once per count
    for move in moves:
        apply_move(state, move)  # each one listed is legal: none raises
