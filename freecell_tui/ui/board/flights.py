"""Cards in flight: where the cards of a turn travel, when, and what the piles show meanwhile.
Pure arithmetic over positions and a board layout (no Textual widget), so the motion can be tested
without a terminal.

:func:`plan_turn` turns a turn (the player's move and the autoplay moves after it) into
:class:`Flight` s: the player's cards glide to their place in at most :data:`MOVE_TIME`; then
autoplay sends its cards home one after another, the whole chain within :data:`CHAIN_TIME`
(faster when it is long). :meth:`Plan.scene` is the position the piles draw at a moment of the
motion (cards that have not left yet are still at their source; cards in the air are drawn by the
stage, not by the pile they go to); :meth:`Plan.in_air` says where each card in the air is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from freecell_tui.core.cards import Card
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.rules import apply_move, moved_cards, resolve_move
from freecell_tui.core.state import GameState
from freecell_tui.ui.board.layout import BoardLayout

__all__ = [
    "CHAIN_TIME",
    "MOVE_TIME",
    "Flight",
    "Plan",
    "ease_out",
    "plan_turn",
    "slot",
    "without",
]

#: The longest a moved card travels (seconds).
MOVE_TIME = 0.15
#: The longest the whole of a turn takes: the move, then every card autoplay sends home.
CHAIN_TIME = 1.0
#: The longest between two cards autoplay sends home.
AUTOPLAY_GAP = 0.12


def ease_out(progress: float) -> float:
    """Fast, then slowing into place (cubic)."""
    progress = min(max(progress, 0.0), 1.0)
    return 1 - (1 - progress) ** 3


@dataclass(frozen=True, slots=True)
class Flight:
    """Cards travelling from one place to another: ``cards`` (deepest first) leave ``source``
    at ``depart`` seconds and land on ``dest`` ``duration`` seconds later; ``start`` and ``end``
    are the top-left corners of the moving picture, in board coordinates."""

    cards: tuple[Card, ...]
    source: Pile
    dest: Pile
    start: tuple[float, float]
    end: tuple[float, float]
    depart: float
    duration: float
    step: int
    """The move's place in the turn (0: the player's move)."""

    @property
    def land(self) -> float:
        return self.depart + self.duration

    def at(self, now: float) -> tuple[float, float]:
        """The picture's top-left corner ``now`` seconds after the plan began."""
        progress = ease_out((now - self.depart) / self.duration if self.duration else 1.0)
        (x0, y0), (x1, y1) = self.start, self.end
        return x0 + (x1 - x0) * progress, y0 + (y1 - y0) * progress


def slot(
    layout: BoardLayout, state: GameState, pile: Pile, cards: tuple[Card, ...]
) -> tuple[int, int]:
    """The top-left corner, in board coordinates, of ``cards`` (the top cards of ``pile``) where
    ``state`` draws them."""
    if pile.is_column:
        column = state.columns[pile.index]
        index = len(column) - len(cards)
        rect = layout.card_rect(pile, index, len(column), cards=len(cards))
    elif pile.is_cell:
        rect = layout.card_rect(pile, 0, 1)
    else:
        rect = layout.card_rect(pile, 0, 1, suit_place=cards[0].suit.index)
    return rect.x, rect.y


def without(state: GameState, pile: Pile, cards: tuple[Card, ...]) -> GameState:
    """``state`` with ``cards`` (on top of ``pile``) taken away: what the pile draws while they
    are in the air or in the player's hand."""
    if not cards:
        return state
    if pile.is_column:
        column = state.columns[pile.index]
        if column[-len(cards) :] != cards:
            return state
        columns = list(state.columns)
        columns[pile.index] = column[: -len(cards)]
        return replace(state, columns=tuple(columns))
    if pile.is_cell:
        cells = list(state.cells)
        if cells[pile.index] == cards[0]:
            cells[pile.index] = None
        return replace(state, cells=tuple(cells))
    suit = cards[0].suit
    homes = list(state.foundations)
    if homes[suit.index] == cards[0].rank:
        homes[suit.index] = cards[0].rank - 1
    return replace(state, foundations=tuple(homes))


def _travel_time(start: tuple[int, int], end: tuple[int, int], longest: float) -> float:
    """Short hops are quicker; nothing takes longer than ``longest``."""
    distance = abs(end[0] - start[0]) + 2 * abs(end[1] - start[1])  # a line is two columns tall
    return min(longest, 0.06 + distance * 0.0015)


@dataclass(frozen=True, slots=True)
class Plan:
    """The flights of one turn, and the positions between its moves (``states[k]`` is the
    position after ``k`` moves)."""

    states: tuple[GameState, ...]
    flights: tuple[Flight, ...]

    @property
    def end(self) -> float:
        """When the last card lands."""
        return max((flight.land for flight in self.flights), default=0.0)

    def phase(self, now: float) -> tuple[int, ...]:
        """Which flights have left and which have landed ``now``: the piles change only when
        this does."""
        return tuple((flight.depart <= now) + (flight.land <= now) for flight in self.flights)

    def in_air(self, now: float) -> list[Flight]:
        """The flights under way ``now``."""
        return [f for f in self.flights if f.depart <= now < f.land]

    def scene(self, now: float) -> GameState:
        """What the piles draw ``now``: the position after the moves whose cards have left,
        without the cards still in the air."""
        left = sum(1 for flight in self.flights if flight.depart <= now)
        state = self.states[min(left, len(self.states) - 1)]
        for flight in self.flights:
            if flight.depart <= now < flight.land:
                state = without(state, flight.dest, flight.cards)
        return state


def plan_turn(
    layout: BoardLayout,
    before: GameState,
    moves: tuple[Move, ...],
    *,
    hand: tuple[float, float] | None = None,
) -> Plan:
    """The flights of ``moves`` played from ``before``. ``hand``: the first move's cards are in
    the player's hand at that place (a drag): they fly from there, not from their pile."""
    states = [before]
    flights: list[Flight] = []
    state = before
    clock = 0.0
    autoplay = len(moves) - 1
    duration = gap = MOVE_TIME
    if autoplay > 0:
        duration = MOVE_TIME if autoplay <= 4 else MOVE_TIME * 2 / 3
        budget = CHAIN_TIME - MOVE_TIME - duration
        gap = min(AUTOPLAY_GAP, budget / max(autoplay - 1, 1))
    for step, move in enumerate(moves):
        try:
            resolved = resolve_move(state, move)
            cards = moved_cards(state, resolved)
            after = apply_move(state, resolved)
        except FreeCellError:  # not this position's turn: nothing to fly
            return Plan((before,), ())
        start: tuple[float, float]
        if step == 0 and hand is not None:
            start = hand
        else:
            start = slot(layout, state, resolved.source, cards)
        end = slot(layout, after, resolved.dest, cards)
        if step == 0:
            depart = 0.0
            time = _travel_time((int(start[0]), int(start[1])), end, MOVE_TIME)
        else:
            depart = clock
            time = duration
            clock += gap
        # A card never leaves a pile before the cards going there have landed.
        for earlier in flights:
            if earlier.dest == resolved.source:
                depart = max(depart, earlier.land)
        if step == 0:
            clock = depart + time
        flights.append(
            Flight(cards, resolved.source, resolved.dest, start, end, depart, time, step)
        )
        states.append(after)
        state = after
    return Plan(tuple(states), tuple(flights))
