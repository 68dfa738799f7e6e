"""Hand-built positions for the UI tests: one move from a win, one move from a dead end, four
kings to send home, a run to move, the tallest column, a game with undo and redo history."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import can_bring_card_home
from freecell_tui.core.state import GameState


def near_won_game() -> Game:
    """Everything home but K♠, which lies alone in column 1: ``1h`` wins."""
    columns = ((Card.parse("KS"),), (), (), (), (), (), (), ())
    state = GameState(columns, (None, None, None, None), (13, 13, 13, 12))
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


def near_stuck_game() -> Game:
    """Three kings in the free cells, K♠ on top of column 1 over a tower of black cards:
    ``1d`` fills the last cell and leaves no legal move.

    Before ``1d`` a card can still be brought home (A♠ lies under one card of column 2 and a cell
    is free), so the board's "no card can go home" notice never races the test's keys."""
    black = [Card.parse(f"{rank}{suit}") for rank in "23456789TJQ" for suit in "CS"]
    tops = [Card.parse(code) for code in ("QD", "QH", "9D", "9H")]
    red = [
        card
        for card in (Card.parse(f"{rank}{suit}") for rank in "A23456789TJQ" for suit in "DH")
        if card not in tops
    ]
    aces = [Card.parse("AC"), Card.parse("AS")]
    # Black cards only on black and red on red, so no two cards of a column form a run; after
    # 1d the tops are 4♣ 6♠ 9♠ Q♠ and Q♦ Q♥ 9♦ 9♥: none fits on another.
    columns: list[tuple[Card, ...]] = [
        (*aces[:1], *black[0:5], Card.parse("KS")),
        (*black[5:9], *aces[1:], black[9]),
        tuple(black[10:16]),
        tuple(black[16:22]),
        *(tuple(red[i * 5 : i * 5 + 5]) + (top,) for i, top in enumerate(tops)),
    ]
    state = GameState(
        tuple(columns), (Card.parse("KC"), Card.parse("KD"), Card.parse("KH"), None), (0, 0, 0, 0)
    )
    state.validate()
    game = Game.from_position(state, autoplay=AutoplayMode.OFF)
    assert game.outcome is Outcome.PLAYING
    assert can_bring_card_home(state) is True
    return game


def tall_column_game() -> Game:
    """Column 1 holds 19 cards, the most a column can hold: seven dealt cards, then a run from
    K♠ down to 2♥; A♣ is on top of column 8."""
    run = [
        Card.parse(code)
        for code in ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"]
    ]
    ace = Card.parse("AC")
    rest = [card for card in map(Card.from_index, range(52)) if card not in run and card != ace]
    columns = [tuple(rest[:7]) + tuple(run)]
    others = rest[7:]
    columns += [tuple(others[i::7]) for i in range(7)]
    # A♣ on top of column 8: the board's "can a card still go home" search answers at once.
    columns[7] += (ace,)
    state = GameState(tuple(columns), (None, None, None, None), (0, 0, 0, 0))
    state.validate()
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


def kings_left_game() -> Game:
    """Everything home but the four kings, one on each of columns 1–4 (autoplay off): four
    moves home win."""
    columns = tuple((Card.parse(f"K{suit}"),) for suit in "CDHS") + ((),) * 4
    state = GameState(columns, (None, None, None, None), (12, 12, 12, 12))
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


def run_game() -> Game:
    """Column 1: 2♦ then the run 9♠ 8♥ 7♣; column 2 empty; K♣ K♦ in free cells a and b; A♠ on
    top of column 8 (autoplay is off: it stays there)."""
    run = [Card.parse(c) for c in ("2D", "9S", "8H", "7C")]
    rest = [c for c in ALL_CARDS if c not in run and c.code not in ("KC", "KD", "AS")]
    columns = [tuple(run), ()] + [tuple(rest[i::6]) for i in range(6)]
    # A♠ on top of column 8: the board's "can a card still go home" search answers at once
    # (without it the search runs for seconds, and Pilot waits for an idle process at each key).
    columns[7] += (Card.parse("AS"),)
    state = GameState(tuple(columns), (Card.parse("KC"), Card.parse("KD"), None, None))
    return Game.from_position(state, autoplay=AutoplayMode.OFF)


def game_with_history() -> Game:
    """Deal 1, autoplay off, three moves played and the last one undone (8c waits to be
    redone)."""
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in ("3a", "6b", "8c"):
        game = game.play(Move.parse(move))
    return game.undo()
