"""The printed record (golden text), the summary and the money arithmetic."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from freecell_tui.klondike.deck import parse_deck, shuffled_decks
from freecell_tui.klondike.money import PER_CARD, STAKE, Summary, dollars, net
from freecell_tui.klondike.table import cards_from_indexes, play
from freecell_tui.klondike.text import format_record, format_summary, format_table

GOLDEN = Path(__file__).parent / "golden"


def test_the_record_of_one_fixed_deck_is_exactly_the_golden_text() -> None:
    deck = next(shuffled_decks(7, 0, 1))
    # The deck is pinned too, so a change to the shuffle shows here and not as a record change.
    assert deck == parse_deck(
        "AD 4D 2H KH QH 7H AC 6C 7D 6S QS TH 9S 3C 7S 3H 8S AS 5D 5C 3D 4H 5H 8H 9H JC 2S TS "
        "KS 6H 8D 4S QC 8C KC 2D 7C 6D JD QD 4C 2C 3S 9D TD JH AH TC KD 5S 9C JS"
    )
    text = format_record(play(cards_from_indexes(deck)), "Game 1 of 1")
    assert text == (GOLDEN / "seed7_game1.txt").read_text(encoding="utf-8")


def test_the_record_shows_the_deal_every_move_the_end_and_the_money() -> None:
    record = play(cards_from_indexes(next(shuffled_decks(7, 0, 1))))
    text = format_record(record, "Game 1 of 1", ascii=True)
    lines = text.splitlines()
    assert lines[:2] == ["Game 1 of 1", "==========="]
    assert "  pile 7: ## ## ## ## ## ## 10S" in lines
    numbered = [line for line in lines if line[:5].strip().rstrip(".").isdigit()]
    assert len(numbered) == len(record.steps)
    assert lines[-1] == "Cards home: 5. Paid $52, won $25: net -$27 for this game."
    assert "  output piles (top card): C empty, D 3D, H 2H, S empty" in lines


def test_format_table_prints_face_down_cards_as_backs() -> None:
    table = play(cards_from_indexes(next(shuffled_decks(7, 0, 1)))).start
    lines = format_table(table, ascii=True)
    assert lines[0] == "pile 1: AD"
    assert lines[1] == "pile 2: ## 6C"
    assert lines[7].startswith("stock, 24 cards, next first: KS 6H 8D")
    assert lines[8] == "waste: empty"


@pytest.mark.parametrize(("home", "money"), [(0, -52), (10, -2), (11, 3), (52, 208)])
def test_a_game_costs_52_and_pays_5_a_card(home: int, money: int) -> None:
    assert net(home) == money == PER_CARD * home - STAKE


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (-1190, "-$1,190"),
        (1190, "+$1,190"),
        (0, "$0"),
        (208, "+$208"),
        (-52_000_000, "-$52,000,000"),
    ],
)
def test_dollars_carry_a_sign_and_thousands_separators(amount: int, text: str) -> None:
    assert dollars(amount) == text


def test_dollars_with_cents() -> None:
    assert dollars(-37.214, cents=True) == "-$37.21"
    assert dollars(1234.5, cents=True) == "+$1,234.50"
    assert dollars(-0.001, cents=True) == "$0.00"


def test_summary_adds_up_games_cards_and_money() -> None:
    summary = Summary.of([0, 10, 52, 10])
    assert summary.games == 4
    assert summary.cards_home == 72
    assert summary.won == 1
    assert summary.net == 5 * 72 - 52 * 4 == 152
    assert summary.mean == 38.0
    assert Summary.of([0, 10]) + Summary.of([52, 10]) == summary


def test_the_confidence_interval_is_mean_plus_or_minus_1_96_standard_errors() -> None:
    homes = [0, 10, 52, 10, 7]
    nets = [net(k) for k in homes]
    mean = sum(nets) / len(nets)
    sd = math.sqrt(sum((x - mean) ** 2 for x in nets) / (len(nets) - 1))
    low, high = Summary.of(homes).ci95 or (0.0, 0.0)
    assert low == pytest.approx(mean - 1.959964 * sd / math.sqrt(5))
    assert high == pytest.approx(mean + 1.959964 * sd / math.sqrt(5))


def test_no_interval_for_fewer_than_two_games() -> None:
    assert Summary.of([5]).ci95 is None
    assert Summary().mean is None


def test_format_summary() -> None:
    # nets -52, -2, 208, -2: mean 38, sd sqrt(40200/3), half-width 1.96 × sd / 2 = 113.44
    text = format_summary(Summary.of([0, 10, 52, 10]))
    assert text.splitlines() == [
        "Games played: 4",
        "Cards home: 72 in all, 18.00 a game; 1 game won (all 52 home)",
        "Net winnings: +$152",
        "Mean per game: +$38.00, 95% confidence interval -$75.44 to +$151.44",
    ]


def test_format_summary_of_no_games_and_one_game() -> None:
    assert format_summary(Summary()).splitlines() == [
        "Games played: 0",
        "Cards home: 0",
        "Net winnings: $0",
    ]
    assert format_summary(Summary.of([3])).splitlines()[-1] == (
        "Mean per game: -$37.00 (a confidence interval needs at least 2 games)"
    )
