"""The win cascade, as in the classic Windows solitaire: the cards leave the foundations one after
another (kings first), fly off sideways, fall and bounce on the bottom of the board, leaving a trail
of cards behind them, until they are off the board. Pure arithmetic (no Textual widget): the board
draws what :meth:`Cascade.step` says, one frame at a time.

Units are the terminal's: ``x`` in columns, ``y`` in lines (a line is about two columns tall, so
the sideways speed is about twice the fall's scale). The random launch speeds come from ``seed``,
so a deal's cascade is the same every time (and in tests).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.notation import FOUNDATION
from freecell_tui.ui.board.layout import BoardLayout

__all__ = ["Bouncer", "Cascade", "cascade_cards"]

#: Lines a card gains in downward speed each frame.
GRAVITY = 0.08
#: The share of its speed a card keeps when it bounces.
BOUNCE = 0.72
#: Frames between two cards leaving the foundations.
LAUNCH_EVERY = 9


@dataclass(slots=True)
class Bouncer:
    """A card in the air: its top-left corner at ``x``, ``y`` and its speed (per frame)."""

    card: Card
    x: float
    y: float
    vx: float
    vy: float


def cascade_cards(count: int = 52) -> list[Card]:
    """The cards in the order they leave: the four kings, then the queens… (``count`` of them)."""
    cards = [Card(rank, suit) for rank in range(13, 0, -1) for suit in Suit]
    return cards[:count]


class Cascade:
    """The cards of ``cards`` bouncing off the board of ``layout`` (see the module's docstring)."""

    def __init__(self, layout: BoardLayout, cards: list[Card], seed: int = 0) -> None:
        self.layout = layout
        self._waiting = list(cards)
        self._flying: list[Bouncer] = []
        self._random = random.Random(seed)
        self._frame = 0
        self._width = layout.pile_width
        self._floor = max(layout.height - layout.card_height, 0)

    @property
    def started(self) -> bool:
        """A frame has been played."""
        return self._frame > 0

    @property
    def done(self) -> bool:
        return not self._waiting and not self._flying

    def _launch(self, card: Card) -> Bouncer:
        rect = self.layout.card_rect(FOUNDATION, 0, 1, suit_place=card.suit.index)
        speed = self._random.uniform(0.7, 1.8)
        direction = self._random.choice((-1.0, 1.0))
        lift = -self._random.uniform(0, 0.9)
        return Bouncer(card, float(rect.x), float(rect.y), direction * speed, lift)

    def step(self) -> tuple[list[tuple[Card, int, int]], Card | None]:
        """One frame: cards move (a new one may leave); returns where each card in the air is
        now (to be drawn, and left on the board as the trail), and the card that left its
        foundation in this frame (``None``: none did)."""
        launched = None
        if self._waiting and self._frame % LAUNCH_EVERY == 0:
            launched = self._waiting.pop(0)
            self._flying.append(self._launch(launched))
        self._frame += 1
        drawn: list[tuple[Card, int, int]] = []
        still: list[Bouncer] = []
        for bouncer in self._flying:
            bouncer.vy += GRAVITY
            bouncer.x += bouncer.vx
            bouncer.y += bouncer.vy
            if bouncer.y >= self._floor:
                bouncer.y = float(self._floor)
                bouncer.vy = -bouncer.vy * BOUNCE
                if abs(bouncer.vy) < GRAVITY * 2:
                    bouncer.vy = -0.9  # a card never lies still: it hops on to the edge
            x, y = round(bouncer.x), round(bouncer.y)
            if x + self._width <= 0 or x >= self.layout.width:
                continue  # off the board: gone
            still.append(bouncer)
            drawn.append((bouncer.card, x, y))
        self._flying = still
        return drawn, launched
