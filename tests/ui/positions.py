"""Hand-built positions for the UI tests: one move from a win, one move from a dead end."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game, Outcome
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
    K♠ down to 2♥."""
    run = [
        Card.parse(code)
        for code in ["KS", "QH", "JS", "TH", "9S", "8H", "7S", "6H", "5S", "4H", "3S", "2H"]
    ]
    rest = [card for card in map(Card.from_index, range(52)) if card not in run]
    columns = [tuple(rest[:7]) + tuple(run)]
    others = rest[7:]
    columns += [tuple(others[i::7]) for i in range(7)]
    state = GameState(tuple(columns), (None, None, None, None), (0, 0, 0, 0))
    state.validate()
    return Game.from_position(state, autoplay=AutoplayMode.OFF)
