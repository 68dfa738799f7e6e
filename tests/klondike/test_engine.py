"""The rules, one hand-built deck for each rule and each tie, and the engine agreeing with the
readable reference of the rules (:mod:`.reference`) move by move."""

from __future__ import annotations

import pytest

from freecell_tui.core.cards import Card
from freecell_tui.klondike.deck import shuffled_decks
from freecell_tui.klondike.engine import play_fast
from freecell_tui.klondike.table import Rule, Table, Zone, cards_from_indexes, deal, play

from . import reference
from .helpers import first_moves, make_deck


def indexes(deck: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.index for card in deck)


def test_deal_gives_round_r_to_piles_r_to_7_with_the_first_card_of_each_round_face_up() -> None:
    deck = cards_from_indexes(next(shuffled_decks(3, 0, 1)))
    table = deal(deck)
    assert table.piles[0].down == () and table.piles[0].up == (deck[0],)
    assert table.piles[1].down == (deck[1],) and table.piles[1].up == (deck[7],)
    assert table.piles[2].down == (deck[2], deck[8]) and table.piles[2].up == (deck[13],)
    assert table.piles[6].down == (deck[6], deck[12], deck[17], deck[21], deck[24], deck[26])
    assert table.piles[6].up == (deck[27],)
    assert [len(pile) for pile in table.piles] == [1, 2, 3, 4, 5, 6, 7]
    assert table.stock == deck[28:]
    assert table.waste == () and table.output == (0, 0, 0, 0) and not table.started


def test_the_game_begins_by_turning_the_first_stock_card() -> None:
    deck = cards_from_indexes(next(shuffled_decks(3, 0, 1)))
    move, table = play(deck).steps[0]
    assert move.rule is Rule.START
    assert move.cards == (deck[28],)
    assert table.waste == (deck[28],) and table.stock == deck[29:]


def test_rule_1_leftmost_pile_first_then_the_waste_which_is_refilled() -> None:
    deck = make_deck(["9C", "9D", "JC QD AH", "8C", "QS AS", "7D", "6S"], stock="AD 3C")
    assert first_moves(deck, 4) == [
        "start: turn AD from the stock onto the waste (23 left in the stock)",
        "rule 1: AH from pile 3 to the H output pile; pile 3 turns up QD",
        "rule 1: AS from pile 5 to the S output pile; pile 5 turns up QS",
        "rule 1: AD from the waste to the D output pile; "
        "the waste is empty: turn 3C from the stock (22 left in the stock)",
    ]


def test_rule_2_goes_to_the_leftmost_pile_and_refills_an_emptied_waste() -> None:
    deck = make_deck(["5D", "10S", "KC", "3H", "4H", "TC", "7S"], stock="9H 8H")
    assert first_moves(deck, 2) == [
        "start: turn 9H from the stock onto the waste (23 left in the stock)",
        "rule 2: 9H from the waste onto 10S on pile 2; "
        "the waste is empty: turn 8H from the stock (22 left in the stock)",
    ]


def test_rule_2_leaves_the_card_beneath_on_the_waste_without_a_refill() -> None:
    deck = make_deck(["5D", "10S", "KC", "3H", "4H", "TC", "7S"], stock="8H 9H 2C")
    assert first_moves(deck, 3) == [
        "start: turn 8H from the stock onto the waste (23 left in the stock)",
        "rule 4: turn 9H from the stock onto the waste (22 left in the stock)",
        "rule 2: 9H from the waste onto 10S on pile 2",
    ]
    table = play(deck).steps[2][1]
    assert table.waste == (Card.parse("8H"),)


def test_rule_2_puts_a_waste_king_on_the_leftmost_empty_pile() -> None:
    deck = make_deck(["AS", "5D", "JC", "3H", "4H", "JS", "7S"], stock="KH 8H")
    assert first_moves(deck, 3) == [
        "start: turn KH from the stock onto the waste (23 left in the stock)",
        "rule 1: AS from pile 1 to the S output pile",
        "rule 2: KH from the waste to the empty pile 1; "
        "the waste is empty: turn 8H from the stock (22 left in the stock)",
    ]


def test_rule_3_moves_the_leftmost_unit_onto_the_leftmost_pile_that_takes_it() -> None:
    deck = make_deck(["5D", "QS 9H", "KC", "TS", "JC 9D", "TC", "3H"], stock="8H")
    assert first_moves(deck, 3) == [
        "start: turn 8H from the stock onto the waste (23 left in the stock)",
        "rule 3: pile 2 (card 9H) onto 10S on pile 4; pile 2 turns up QS",
        "rule 3: pile 5 (card 9D) onto 10C on pile 6; pile 5 turns up JC",
    ]


def test_rule_3_moves_all_the_face_up_cards_as_a_unit() -> None:
    deck = make_deck(["5D", "QS 9H", "KC", "QC TS", "4H", "JD", "3H"], stock="8H")
    assert first_moves(deck, 4)[1:] == [
        "rule 3: pile 2 (card 9H) onto 10S on pile 4; pile 2 turns up QS",
        "rule 3: pile 4 (unit 10S 9H) onto JD on pile 6; pile 4 turns up QC",
        "rule 3: pile 6 (unit JD 10S 9H) onto QS on pile 2; pile 6 turns up 9D",
    ]
    move, table = play(deck).steps[3]
    assert move.cards == tuple(Card.parse(code) for code in ("JD", "TS", "9H"))
    assert table.piles[1].up == tuple(Card.parse(code) for code in ("QS", "JD", "TS", "9H"))
    assert table.piles[5].up == (Card.parse("9D"),)  # uncovered, so turned up


def test_a_move_restarts_at_rule_1() -> None:
    # Rule 3 uncovers AD: rule 1 sends it home before rule 3 moves 9D.
    deck = make_deck(["5D", "AD 9H", "QC", "TS", "JC 9D", "TC", "3H"], stock="8H")
    assert first_moves(deck, 4)[1:] == [
        "rule 3: pile 2 (card 9H) onto 10S on pile 4; pile 2 turns up AD",
        "rule 1: AD from pile 2 to the D output pile",
        "rule 3: pile 5 (card 9D) onto 10C on pile 6; pile 5 turns up JC",
    ]


def test_king_units_go_to_an_empty_pile_only_with_face_down_cards_beneath() -> None:
    # Pile 2's K♣ has nothing beneath: it stays. Pile 3's K♦ covers two cards: it moves.
    deck = make_deck(["AS", "KC AH", "JD JS KD", "5D", "9H", "3H", "7S"], stock="2D")
    assert first_moves(deck, 4) == [
        "start: turn 2D from the stock onto the waste (23 left in the stock)",
        "rule 1: AS from pile 1 to the S output pile",
        "rule 1: AH from pile 2 to the H output pile; pile 2 turns up KC",
        "rule 3: pile 3 (card KD) to the empty pile 1; pile 3 turns up JS",
    ]
    kc = Card.parse("KC")
    for move in play(deck).moves:
        assert kc not in move.cards or move.target.zone is Zone.OUTPUT


def test_a_lone_king_never_moves_between_empty_piles() -> None:
    # K♠ on its own in pile 1, an empty pile beside it: the game still ends.
    deck = make_deck(["KS", "AH"], stock="")
    record = play(deck)
    ks = Card.parse("KS")
    assert all(ks not in move.cards or move.target.zone is Zone.OUTPUT for move in record.moves)
    assert reference.next_move(record.end) is None


def test_the_game_ends_when_the_stock_is_used_up_and_nothing_moves() -> None:
    deck = cards_from_indexes(next(shuffled_decks(7, 0, 1)))
    record = play(deck)
    end = record.end
    assert end.stock == () and reference.next_move(end) is None
    assert sum(1 for move in record.moves if move.source.zone is Zone.STOCK) == 24 - sum(
        1 for move in record.moves if move.refill is not None
    )
    assert record.cards_home == end.cards_home == sum(end.output)
    cards = [*end.waste, *(c for pile in end.piles for c in (*pile.down, *pile.up))]
    assert len(cards) + end.cards_home == 52


def test_a_won_game_ends_with_every_card_home() -> None:
    won = next(deck for deck in shuffled_decks(1, 0, 1000) if play_fast(deck) == 52)
    record = play(cards_from_indexes(won))
    assert record.cards_home == 52
    assert record.end.output == (13, 13, 13, 13)
    assert record.end.stock == record.end.waste == ()


def test_each_face_down_card_turns_up_when_uncovered() -> None:
    for deck in shuffled_decks(11, 0, 50):
        for _, table in play(cards_from_indexes(deck)).steps:
            for pile in table.piles:
                assert pile.up or not pile.down


def test_the_reference_has_no_move_at_the_end_and_tables_are_frozen() -> None:
    table = play(cards_from_indexes(next(shuffled_decks(5, 0, 1)))).end
    assert reference.next_move(table) is None
    with pytest.raises(AttributeError):
        table.stock = ()  # type: ignore[misc]


def test_deal_refuses_a_deck_that_is_not_52_different_cards() -> None:
    deck = cards_from_indexes(next(shuffled_decks(5, 0, 1)))
    with pytest.raises(ValueError, match="52 different cards"):
        deal(deck[:51])
    with pytest.raises(ValueError, match="52 different cards"):
        deal((deck[0], *deck[:51]))


HAND_BUILT = [
    make_deck(["9C", "9D", "JC QD AH", "8C", "QS AS", "7D", "6S"], stock="AD 3C"),
    make_deck(["5D", "10S", "KC", "3H", "4H", "TC", "7S"], stock="9H 8H"),
    make_deck(["5D", "10S", "KC", "3H", "4H", "TC", "7S"], stock="8H 9H 2C"),
    make_deck(["AS", "5D", "JC", "3H", "4H", "JS", "7S"], stock="KH 8H"),
    make_deck(["5D", "QS 9H", "KC", "TS", "JC 9D", "TC", "3H"], stock="8H"),
    make_deck(["5D", "QS 9H", "KC", "QC TS", "4H", "JD", "3H"], stock="8H"),
    make_deck(["5D", "AD 9H", "QC", "TS", "JC 9D", "TC", "3H"], stock="8H"),
    make_deck(["AS", "KC AH", "JD JS KD", "5D", "9H", "3H", "7S"], stock="2D"),
    make_deck(["KS", "AH"]),
]


@pytest.mark.parametrize("deck", HAND_BUILT)
def test_the_engine_plays_as_the_reference_on_hand_built_decks(deck: tuple[Card, ...]) -> None:
    expected = reference.play(deck)
    assert play(deck) == expected  # every move, its rule and details, and every table after it
    assert play_fast(indexes(deck)) == expected.cards_home


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_engine_plays_as_the_reference_on_many_decks(seed: int) -> None:
    for deck in shuffled_decks(seed, 0, 700):
        cards = cards_from_indexes(deck)
        expected = reference.play(cards)
        assert play(cards) == expected, deck
        assert play_fast(deck) == expected.cards_home, deck


def test_the_engine_leaves_the_deck_alone() -> None:
    deck = next(shuffled_decks(9, 0, 1))
    copy = list(deck)
    play_fast(copy)
    assert copy == list(deck)


def test_table_cards_home_counts_the_output_piles() -> None:
    table = Table(piles=(), stock=(), output=(3, 0, 13, 1))
    assert table.cards_home == 17
