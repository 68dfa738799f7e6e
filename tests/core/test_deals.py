"""Microsoft deal numbers: golden layouts from fc-solve's make-microsoft-freecell-board."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest

from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.deals import (
    MAX_DEAL,
    deal,
    deal_cards,
    deal_text,
    parse_deal_number,
    random_deal_number,
)
from freecell_tui.core.errors import NotationError, PositionError
from freecell_tui.core.state import GameState

# The exact output of ``make-microsoft-freecell-board -t N`` (freecell-solver 5.0.0), stored so
# these tests run without the tool.
GOLDEN = {
    1: """\
JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
""",
    617: """\
7D TD TH KD 4C 4S JD
AD 7S QC 5H QS TS KS
5C QD 3H 9S 9C 2H KC
3S AC 9D 3C 9H 5D 4H
5S 6D 6S 8S 7C JC
8C 8H 8D 7H 6H 6C
2D AS 3D 4D 2C JH
AH KH TC JS 2S QH
""",
    11982: """\
AH 3D KD JC 6C JD KC
AS 3H 6H 5D 2C 7D 8D
4H QS 5S 5C TH 8H 2S
AC QC 4D 8C QH 9C 3S
2D 8S 9H 9D 6D 2H
6S 7H JH TD TC QD
TS AD 9S KH 4S 4C
JS KS 3C 7C 7S 5H
""",
    2_147_483_647: """\
9S JH 7S 5S 5D 5C 7D
2H TC 6C AD QH JD 9C
7C TD 3H TH 8C AS 7H
5H QS 8S 3C 6H QC 8H
4C 3S KD 2C 6S AC
6D KH TS AH QD KC
3D 8D 9D 2D 4H 2S
4S JC 4D 9H JS KS
""",
    2_147_483_648: """\
QH 3H 7D 4D TS QD 6D
QC JD 3C 5D 7H 6H 4S
2H KC 8S TD JH AD 5S
6S 7C 7S TC 5H 9S AC
2S 8H TH 9C 3S 2D
3D 5C JC AH 6C KH
KS 8D AS 4H 2C 4C
8C 9H QS JS 9D KD
""",
    3_000_000_000: """\
8D TS JS TD JH JD JC
4D QS TH AD 4S TC 3C
9H KH QH 4C 5C KD AS
9D 5D 8S 4H KS 6S 9S
6H 2S 7H 3D KC 2C
9C 7C QC 7S QD 7D
6C 3H 8H AC 6D 3S
8C AH 2H 5H 2D 5S
""",
    4_294_967_295: """\
JS QH TC 7S KC 3H QS
9C TH 8C 8D 5D 3D TS
JH AS AH KD TD 8S JC
2D 6D KS AD 9H 4D 3C
QC 5S 7C KH 2C AC
8H 4H 4C 7H 9D 2H
7D JD 5H 4S 6H QD
6S 9S 3S 2S 6C 5C
""",
    4_294_967_296: """\
TS 3S KC 4H 9H 3H 4D
5S QD 3D 9S 2H 6H KH
2S 7C 9C 8D 6S AH JH
TD 7D 8C 5C 2D QC QH
3C 8S TH 7S TC 7H
AD 5D JD AS 6C 9D
JC 5H 2C 4S KS KD
6D 4C QS JS 8H AC
""",
    6_000_000_000: """\
2D 2C QS 8D KD 8C 4C
3D AH 2H 4H TS 6H QD
4D JS AD 6S JH JC JD
KH 3H KS AS TC 5D AC
TD 7C 9C 7H 3C 3S
QH 9H 9D 5S 7S 6C
5C 5H 2S KC 9S 4S
6D QC 8S TH 7D 8H
""",
    8_589_934_591: """\
TC 8S 8C 6C 5H 5C 9C
2S TD 6D 8D 9H 9S 6S
JS TH 3S JD 4H QC 3D
5S QS KD AH AS JH 4S
4D 4C 7D JC 2D AD
6H KH TS 7H QD QH
3H 2C KC 2H 5D 9D
7C KS 8H 3C AC 7S
""",
}

HAVE_BOARD_TOOL = shutil.which("make-microsoft-freecell-board") is not None


@pytest.mark.parametrize("number", sorted(GOLDEN))
def test_golden_deal_text(number: int) -> None:
    assert deal_text(number) == GOLDEN[number]


@pytest.mark.parametrize("number", sorted(GOLDEN))
def test_deal_state_matches_its_text(number: int) -> None:
    state = deal(number)
    lines = GOLDEN[number].splitlines()
    assert [" ".join(card.code for card in column) for column in state.columns] == lines
    assert [len(column) for column in state.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert state.cells == (None, None, None, None)
    assert state.foundations == (0, 0, 0, 0)


def test_deal_cards_are_each_card_once() -> None:
    for number in (1, 617, MAX_DEAL):
        assert sorted(deal_cards(number), key=lambda card: card.index) == list(ALL_CARDS)


def _spread() -> list[int]:
    rng = random.Random(20240617)
    edges = [1, 2, 31_999, 32_000, 32_001, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32]
    edges += [2**32 + 1, MAX_DEAL - 1, MAX_DEAL]
    return edges + [rng.randint(1, MAX_DEAL) for _ in range(40)]


@pytest.mark.fcsolve
@pytest.mark.skipif(not HAVE_BOARD_TOOL, reason="make-microsoft-freecell-board is not installed")
@pytest.mark.parametrize("number", _spread())
def test_deal_matches_live_tool(number: int) -> None:
    expected = subprocess.run(
        ["make-microsoft-freecell-board", "-t", str(number)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert deal_text(number) == expected


@pytest.mark.parametrize(
    ("text", "number"),
    [("1", 1), (" 617 ", 617), ("#617", 617), ("8,589,934,591", MAX_DEAL), ("1_000", 1000)],
)
def test_parse_deal_number_accepts(text: str, number: int) -> None:
    assert parse_deal_number(text) == number


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "deal 0 does not exist: deals are numbered 1 to 8,589,934,591"),
        ("-5", "deal -5 does not exist: deals are numbered 1 to 8,589,934,591"),
        ("8589934592", "deal 8589934592 does not exist: deals are numbered 1 to 8,589,934,591"),
        ("x", "'x' is not a deal number: use a whole number from 1 to 8,589,934,591"),
        ("1.5", "'1.5' is not a deal number: use a whole number from 1 to 8,589,934,591"),
        ("", "'' is not a deal number: use a whole number from 1 to 8,589,934,591"),
        # Issue 10: full-width and other scripts' digits were read as deal numbers.
        ("１２", "'１２' is not a deal number: use a whole number from 1 to 8,589,934,591"),
        ("٣", "'٣' is not a deal number: use a whole number from 1 to 8,589,934,591"),
        ("1 2", "'1 2' is not a deal number: use a whole number from 1 to 8,589,934,591"),
        # 5,000 digits: refused without reading them (int's digit limit), echoed short.
        (
            "9" * 5000,
            f"deal {'9' * 39}… does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            "x" * 5000,
            f"'{'x' * 39}…' is not a deal number: use a whole number from 1 to 8,589,934,591",
        ),
    ],
)
def test_parse_deal_number_refuses(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_deal_number(text)
    assert str(info.value) == message


@pytest.mark.parametrize("number", [0, -1, MAX_DEAL + 1])
def test_deal_refuses_numbers_out_of_range(number: int) -> None:
    with pytest.raises(NotationError, match="does not exist"):
        deal(number)


def test_random_deal_numbers_are_shareable_deals() -> None:
    rng = random.Random(5)
    classic = {random_deal_number(rng) for _ in range(200)}
    assert all(1 <= n <= 32_000 for n in classic)
    assert len(classic) > 150  # really random, not one fixed deal
    # Without a generator it uses the system's randomness and still gives a valid deal.
    assert 1 <= random_deal_number() <= 32_000


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ((*deal_cards(1)[:51], deal_cards(1)[0]), "appears twice"),  # 52 cards, one twice
        (deal_cards(1)[:51], "1 card missing"),
        ((*deal_cards(1), deal_cards(1)[5]), "appears twice"),  # 53 cards
    ],
)
def test_a_deal_with_a_card_twice_or_missing_is_refused(
    cards: tuple[Card, ...], message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        GameState.from_cards(cards)
