"""Cards: ranks, suits, colours and their text forms."""

from __future__ import annotations

import pytest

from freecell_tui.core.cards import ALL_CARDS, Card, Colour, Suit
from freecell_tui.core.errors import NotationError


def test_fifty_two_cards_in_microsoft_order() -> None:
    assert len(set(ALL_CARDS)) == 52
    assert [card.code for card in ALL_CARDS[:5]] == ["AC", "AD", "AH", "AS", "2C"]
    assert ALL_CARDS[-1].code == "KS"
    for index, card in enumerate(ALL_CARDS):
        assert card.index == index == (card.rank - 1) * 4 + card.suit.index
        assert Card.from_index(index) is card


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("TC", "TC"),
        ("10♣", "TC"),
        ("10C", "TC"),
        ("tc", "TC"),
        ("T♣", "TC"),
        ("10c", "TC"),
        ("ah", "AH"),
        ("A♥", "AH"),
        ("K♠", "KS"),
        ("qd", "QD"),
        ("9♦", "9D"),
        (" 7s ", "7S"),
        ("2♡", "2H"),
    ],
)
def test_parse_every_text_form(text: str, code: str) -> None:
    assert Card.parse(text).code == code


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "'' is not a card: write rank then suit, as TC or 10♣"),
        ("A", "'A' is not a card: write rank then suit, as TC or 10♣"),
        ("1C", "'1C' is not a card: '1' is not a rank (A 2–9 T/10 J Q K)"),
        ("11H", "'11H' is not a card: '11' is not a rank (A 2–9 T/10 J Q K)"),
        ("AX", "'AX' is not a card: 'X' is not a suit (C D H S or ♣ ♦ ♥ ♠)"),
    ],
)
def test_parse_refuses_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert str(info.value) == message


def test_text_forms() -> None:
    ten = Card.parse("TC")
    assert (ten.code, ten.label, ten.ascii_label, ten.name) == ("TC", "10♣", "10C", "ten of clubs")
    assert ten.text() == "10♣" and ten.text(ascii=True) == "10C"
    assert str(ten) == "10♣"
    assert eval(repr(ten)) == ten  # repr round-trips
    assert Card.parse("AS").label == "A♠"


def test_colours() -> None:
    assert Card.parse("5H").colour is Colour.RED and Card.parse("5D").is_red
    assert Card.parse("5C").colour is Colour.BLACK and not Card.parse("5S").is_red
    assert [suit.symbol for suit in Suit] == ["♣", "♦", "♥", "♠"]
    assert Suit.parse("♥") is Suit.HEARTS and Suit.parse("s") is Suit.SPADES
    with pytest.raises(NotationError, match="is not a suit"):
        Suit.parse("X")


def test_cards_are_frozen_values() -> None:
    card = Card.parse("QH")
    assert card == Card(12, Suit.HEARTS) and hash(card) == hash(Card(12, Suit.HEARTS))
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    with pytest.raises(ValueError):
        Card(14, Suit.CLUBS)
