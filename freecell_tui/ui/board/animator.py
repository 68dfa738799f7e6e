"""What moves on the board, and where it is at a moment: a plain object (not a widget) that the
board's timer drives and whose answers the board draws.

Three kinds of motion: a turn's cards glide to their places and autoplay sends cards home one
after another (:mod:`.flights`); the cards in the player's hand follow the pointer, wait where
they were released until the move is played (they fly on from there) or slide back to their pile
when it is refused; the win cascade bounces the cards off the foundations (:mod:`.cascade`).

The game is never held up: the move is on disk and the board's position is the one after it
before a card moves. :meth:`Animator.scene` is the position the piles draw at the moment (cards
that have not left yet are still at their source, cards in the air or in the hand are on no
pile); :meth:`Animator.in_air` is where each card in the air is. :meth:`Animator.settle` puts
every card in its place at once (a key, a click or a new position does so first: motion never
eats a key).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from freecell_tui.core.cards import Card
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.state import GameState
from freecell_tui.ui.board.cascade import Cascade, cascade_cards
from freecell_tui.ui.board.flights import Flight, Plan, plan_turn, slot, without
from freecell_tui.ui.board.layout import BoardLayout

__all__ = ["FRAME", "SLIDE_BACK", "Animator", "Hand", "Tick"]

#: Seconds between two frames.
FRAME = 1 / 60
#: How long cards slide back to their pile when a drop is refused.
SLIDE_BACK = 0.12

#: What a frame draws: the cascade's next frame; nothing moves any more; the piles changed (a
#: card left or landed) and the cards in the air moved; only the cards in the air moved.
Tick = Literal["cascade", "over", "piles", "sprites"]


@dataclass(frozen=True, slots=True)
class Hand:
    """Cards the player is dragging: ``cards`` from ``source``; their picture's top-left corner
    is at ``x``, ``y`` on the board, the pointer ``dx``, ``dy`` inside it."""

    source: Pile
    cards: tuple[Card, ...]
    x: int
    y: int
    dx: int
    dy: int


class Animator:
    """See the module's docstring. ``clock`` tells the time in seconds (tests hold it still)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._plan: Plan | None = None
        self._started = 0.0
        self._phase: tuple[int, ...] | None = None
        #: The cards in the player's hand, following the pointer.
        self.hand: Hand | None = None
        #: The cards released over a pile, waiting there for the move to fly on from.
        self.dropped: Hand | None = None
        self.cascade: Cascade | None = None
        self._then: Callable[[], None] | None = None

    # ------------------------------------------------------------------ the moment
    @property
    def moving(self) -> bool:
        """Cards glide, are in the player's hand or bounce in the win cascade."""
        return self._plan is not None or self.hand is not None or self.cascade is not None

    @property
    def held(self) -> Hand | None:
        """The cards in the player's hand, or released and waiting."""
        return self.hand or self.dropped

    def _now(self) -> float:
        return self.clock() - self._started

    def scene(self, state: GameState) -> GameState:
        """The position the piles draw now, of ``state`` (the position after the motion)."""
        if self._plan is not None:
            state = self._plan.scene(self._now())
        hand = self.held
        if hand is not None:
            state = without(state, hand.source, hand.cards)
        return state

    def in_air(self) -> list[tuple[tuple[Card, ...], int, int]]:
        """The cards of a glide in the air now, and the top-left corner of each picture."""
        if self._plan is None:
            return []
        now = self._now()
        flying = []
        for flight in self._plan.in_air(now):
            x, y = flight.at(now)
            flying.append((flight.cards, round(x), round(y)))
        return flying

    def tick(self) -> Tick:
        """The next frame: what it draws (see :data:`Tick`)."""
        plan = self._plan
        if plan is not None and self._now() >= plan.end:
            self._plan = plan = None
        if self.cascade is not None and plan is None:
            return "cascade"
        if not self.moving:
            return "over"
        # The piles change only when a card leaves or lands: between, only the cards in the air.
        phase = plan.phase(self._now()) if plan is not None else None
        if phase != self._phase:
            self._phase = phase
            return "piles"
        return "sprites"

    # ------------------------------------------------------------------ starting and ending
    def _begin(self, plan: Plan) -> None:
        self._plan = plan
        self._phase = None
        self._started = self.clock()

    def glide(self, layout: BoardLayout, before: GameState | None, moves: tuple[Move, ...]) -> bool:
        """The cards of ``moves`` (just played from ``before``) travel to their places; cards
        released over a pile fly on from there. False when nothing flies."""
        dropped, self.dropped = self.dropped, None
        if before is None or not moves:
            return False
        start = None
        if dropped is not None and dropped.source == moves[0].source:
            start = (float(dropped.x), float(dropped.y))
        plan = plan_turn(layout, before, moves, hand=start)
        if not plan.flights:
            return False
        self._begin(plan)
        return True

    def settle(self) -> bool:
        """Every gliding or held card is in its place at once; False when none was (the win
        cascade goes on: see :meth:`end_cascade`)."""
        if not self.moving and self.dropped is None:
            return False
        self._plan = None
        self.hand = self.dropped = None
        return True

    # ------------------------------------------------------------------ the player's hand
    def grab(
        self,
        layout: BoardLayout,
        state: GameState,
        source: Pile,
        cards: tuple[Card, ...],
        x: int,
        y: int,
    ) -> None:
        """The player drags ``cards`` off ``source`` of ``state``, the pointer at ``x``, ``y``."""
        left, top = slot(layout, state, source, cards)
        self.hand = Hand(source, cards, left, top, x - left, y - top)

    def drag_to(self, x: int, y: int) -> bool:
        """The pointer is at ``x``, ``y``: the cards in the hand follow (False: no hand)."""
        hand = self.hand
        if hand is None:
            return False
        self.hand = Hand(hand.source, hand.cards, x - hand.dx, y - hand.dy, hand.dx, hand.dy)
        return True

    def let_go(self) -> None:
        """The cards were released over a pile: they wait there until the move is played (they
        fly on from there) or refused (they slide back)."""
        if self.hand is not None:
            self.dropped, self.hand = self.hand, None

    def put_back(self, layout: BoardLayout, state: GameState) -> bool:
        """What the hand held slides back to its pile in ``state``. False: it held nothing."""
        hand = self.held
        self.hand = self.dropped = None
        if hand is None:
            return False
        end = slot(layout, state, hand.source, hand.cards)
        flight = Flight(
            hand.cards, hand.source, hand.source, (hand.x, hand.y), end, 0.0, SLIDE_BACK, 0
        )
        self._begin(Plan((state,), (flight,)))
        return True

    # ------------------------------------------------------------------ the win cascade
    def start_cascade(
        self, layout: BoardLayout, count: int, then: Callable[[], None], seed: int = 0
    ) -> None:
        """``count`` cards bounce off the foundations once the last glide has landed; ``then``
        runs when it is over or stopped (see :meth:`end_cascade`)."""
        self.hand = self.dropped = None
        self.cascade = Cascade(layout, cascade_cards(count), seed)
        self._then = then

    def end_cascade(self) -> Callable[[], None] | None:
        """End the win cascade: what is to run after it (``None``: there was none)."""
        then = self._then
        if self.cascade is None or then is None:
            return None
        self.cascade = self._then = None
        self._plan = None
        return then
