"""The timing of a turn's flights, without a terminal: the player's move glides in at most
150 ms, autoplay sends its cards home one after another and the whole chain takes at most 1 s; the
win cascade sends every card off the board;
what the piles draw at each moment (a card leaves its pile when it departs and reaches the
foundation when it lands)."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.cards import Card
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.rules import apply_move, resolve_move
from freecell_tui.core.state import GameState
from freecell_tui.ui.board.cascade import Cascade, cascade_cards
from freecell_tui.ui.board.flights import CHAIN_TIME, MOVE_TIME, plan_turn, slot
from freecell_tui.ui.board.layout import board_layout

LAYOUT = board_layout(100, 32)


def _spades(count: int) -> GameState:
    """Column 1: the spades from ``count`` down to the ace on top; nothing home yet."""
    column = tuple(Card.parse(f"{'A23456789TJQK'[rank - 1]}S") for rank in range(count, 0, -1))
    return GameState((column, (), (), (), (), (), (), ()), (None, None, None, None))


def _turn(state: GameState) -> tuple[Move, ...]:
    move = resolve_move(state, Move.parse("1h"))
    _, autoplay = run_autoplay(apply_move(state, move), AutoplayMode.ALL)
    return (move, *autoplay)


def test_a_move_alone_glides_from_its_place_to_its_new_place_within_150_ms() -> None:
    state = _spades(1)
    plan = plan_turn(LAYOUT, state, _turn(state))
    (flight,) = plan.flights
    assert 0 < flight.duration <= MOVE_TIME and flight.depart == 0
    assert flight.start == slot(LAYOUT, state, Pile.parse("1"), flight.cards)
    assert flight.at(flight.land) == flight.end
    # Halfway there, the card is between its two places and neither pile draws it.
    x, y = flight.at(flight.duration / 2)
    assert min(flight.start[1], flight.end[1]) < y < max(flight.start[1], flight.end[1])
    middle = plan.scene(flight.duration / 2)
    assert middle.columns[0] == () and middle.foundation_top(Card.parse("AS").suit) is None


def test_autoplay_sends_cards_home_one_after_another_within_a_second() -> None:
    for count in (3, 13):
        state = _spades(count)
        moves = _turn(state)
        assert len(moves) == count
        plan = plan_turn(LAYOUT, state, moves)
        assert len(plan.flights) == count
        assert plan.end <= CHAIN_TIME
        departures = [flight.depart for flight in plan.flights]
        assert departures == sorted(departures) and len(set(departures)) == count
        # Each card leaves column 1 only after the one on it has left: the column shrinks one
        # card at a time, and the foundation grows as cards land.
        for index, flight in enumerate(plan.flights):
            scene = plan.scene(flight.depart)
            assert len(scene.columns[0]) == count - index - 1
        assert plan.scene(plan.end).foundations[Card.parse("AS").suit.index] == count
    # A long chain goes faster between cards than a short one.
    short, long = (
        plan_turn(LAYOUT, _spades(3), _turn(_spades(3))),
        plan_turn(LAYOUT, _spades(13), _turn(_spades(13))),
    )
    gap = lambda plan: plan.flights[2].depart - plan.flights[1].depart  # noqa: E731
    assert gap(long) < gap(short)


def test_the_win_cascade_bounces_every_card_off_the_board() -> None:
    cascade = Cascade(LAYOUT, cascade_cards(), seed=1)
    floor = LAYOUT.height - LAYOUT.card_height
    left: list[Card] = []
    lowest = 0
    for _ in range(5000):
        drawn, launched = cascade.step()
        if launched is not None:
            left.append(launched)
        for _card, x, y in drawn:
            assert -LAYOUT.pile_width < x < LAYOUT.width and y <= floor
            lowest = max(lowest, y)
        if cascade.done:
            break
    assert cascade.done  # every card left the board
    assert left[:4] == cascade_cards(4) and len(left) == 52  # kings first
    assert lowest == floor  # they reached the bottom (and bounced: still on the board after)
