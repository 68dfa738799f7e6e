"""The board's motion: cards glide to their place, autoplay sends them home one after another, a
drag carries the cards under the pointer and a refused drop slides them back.

The game is never held up: the session has committed the move and the board's ``state`` is the
new position before any card moves. The motion is driven by a timer at about 60 frames a second,
while the piles draw the position *of the moment* (:meth:`BoardMotion.scene`: cards that have not
left yet are still at their source, cards in the air are not yet on their destination). A glide's
flying cards are drawn by the pile widgets they cross, which tile the board where cards fly
(:mod:`~freecell_tui.ui.widgets.overlay`): nothing is shown, hidden or laid out when it starts or
ends, so a key that lands it costs little more than a key. The player's hand and the win cascade
are drawn on the :class:`~freecell_tui.ui.widgets.stage.Stage`, a picture over the whole board.
Any key, click or new position first calls :meth:`BoardMotion.settle`, which puts every card where
it belongs at once.

Off when the player turns *Motion* off (the palette; :attr:`BoardMotion.motion`) or when Textual's
animations are (``TEXTUAL_ANIMATIONS=none``, ``App.animation_level``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.timer import Timer

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.game import Turn
from freecell_tui.core.notation import Pile
from freecell_tui.core.state import GameState
from freecell_tui.ui.board_play import BoardPlay
from freecell_tui.ui.cascade import Cascade, cascade_cards
from freecell_tui.ui.flights import Flight, Plan, plan_turn, slot, without
from freecell_tui.ui.layout import BoardLayout, board_layout
from freecell_tui.ui.widgets.overlay import Sprite
from freecell_tui.ui.widgets.pile import PileWidget
from freecell_tui.ui.widgets.piles import FoundationWidget
from freecell_tui.ui.widgets.stage import Stage

__all__ = ["FRAME", "BoardMotion", "Hand"]

#: Seconds between two frames.
FRAME = 1 / 60
#: How long cards slide back to their pile when a drop is refused.
SLIDE_BACK = 0.12


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


class BoardMotion(BoardPlay):
    """See the module's docstring."""

    motion: reactive[bool] = reactive(True, init=False)
    """The player's *Motion* setting (the game screen sets it)."""

    geometry: BoardLayout = board_layout(100, 32)
    clock: Callable[[], float] = staticmethod(time.monotonic)
    """The motion's clock (seconds; tests hold it still and move it on)."""
    _piles: dict[Pile, PileWidget]
    _homes: dict[Suit, FoundationWidget]

    def _motion_init(self) -> None:
        self._plan: Plan | None = None
        self._started = 0.0
        self._timer: Timer | None = None
        self._hand: Hand | None = None
        self._dropped: Hand | None = None
        #: Card pictures, kept while the look is the same (see ``_picture_key``).
        self._pictures: dict[tuple[tuple[Card, ...], bool, int], tuple[Strip, ...]] = {}
        self._pictures_for: object = None
        self._drawn: dict[PileWidget, object] = {}
        self._stage_key: object = None
        self._flying: tuple[Sprite, ...] = ()
        self._regions_for: tuple[BoardLayout, list[tuple[PileWidget, Region]]] | None = None
        self._phase: tuple[int, ...] | None = None
        self._cascade: Cascade | None = None
        self._cascade_then: Callable[[], None] | None = None

    # ------------------------------------------------------------------ hooks of the board
    def _show(self) -> None:
        """Draw the scene on the piles (the board does)."""

    def _cover_piles(self, covered: bool) -> None:
        """The stage covers the whole board for a while: the piles under it are not drawn
        (the board does)."""

    @property
    def stage(self) -> Stage:
        return self.query_one(Stage)

    # ------------------------------------------------------------------ state
    @property
    def motion_on(self) -> bool:
        return self.motion and self.app.animation_level != "none"

    @property
    def moving(self) -> bool:
        """Cards are moving or in the player's hand (the stage is shown)."""
        return self._plan is not None or self._hand is not None or self._cascade is not None

    def _now(self) -> float:
        return self.clock() - self._started

    def scene(self) -> GameState:
        """The position the piles draw now: :attr:`state`, or the motion's moment of it."""
        state = self.state
        if self._plan is not None:
            state = self._plan.scene(self._now())
        hand = self._hand or self._dropped
        if hand is not None:
            state = without(state, hand.source, hand.cards)
        return state

    # ------------------------------------------------------------------ starting and ending
    def glide(self, before: GameState | None, turn: Turn | None) -> None:
        """The cards of ``turn`` (just played from ``before``; :attr:`state` is already the
        position after it) travel to their places. Nothing moves with motion off, for a restart,
        or when ``before`` is unknown."""
        dropped, self._dropped = self._dropped, None
        if not self.motion_on or before is None or turn is None or not turn.moves:
            self._show()
            return
        hand = None
        first = turn.moves[0]
        if dropped is not None and dropped.source == first.source:
            hand = (float(dropped.x), float(dropped.y))
        plan = plan_turn(self.geometry, before, turn.moves, hand=hand)
        if not plan.flights:
            self._show()
            return
        self._start(plan)

    def _start(self, plan: Plan) -> None:
        self._plan = plan
        self._phase = None
        self._started = self.clock()
        self._stage_off()  # a hand's cards fly on from where they were dropped
        self._show()
        self._frame()
        self._start_timer()

    @property
    def _board_region(self) -> Region:
        return Region(0, 0, self.geometry.width, self.geometry.height)

    def settle(self) -> bool:
        """Every moving card lands at once (a key, a click, a new position); False when nothing
        was moving. A win cascade ends (see :meth:`stop_cascade`)."""
        if self.stop_cascade():
            return True
        if not self.moving and self._dropped is None:
            return False
        self._plan = None
        self._hand = None
        self._dropped = None
        self._finish()
        return True

    def _finish(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._fly(())
        self._stage_off()
        self._show()

    # ------------------------------------------------------------------ the win cascade
    def cascade(self, count: int, then: Callable[[], None], seed: int = 0) -> bool:
        """The win cascade: ``count`` cards bounce off the foundations (see :mod:`.cascade`)
        once the last move has landed; ``then`` runs when it is over or stopped (any key or
        click, :meth:`stop_cascade`). False, and ``then`` is not run, with motion off."""
        if not self.motion_on or count < 1:
            return False
        self._hand = self._dropped = None
        self._cascade = Cascade(self.geometry, cascade_cards(count), seed)
        self._cascade_then = then
        if self._plan is None:
            self._start_timer()
        return True

    def stop_cascade(self) -> bool:
        """End the win cascade (its ``then`` runs); False when there is none."""
        then = self._cascade_then
        if self._cascade is None or then is None:
            return False
        self._cascade = self._cascade_then = None
        self._stage_key = None  # the trail is on the picture: a new one next time
        self._plan = None
        self._cover_piles(False)
        self._finish()
        then()
        return True

    def _cascade_frame(self, cascade: Cascade) -> None:
        if not cascade.started:  # the board as the last move left it, then the cards fly
            self._show()
            self._stage_on()
            self.stage.set_sprites(())
            # Each frame repaints where the cards are: only the stage, not the piles under it.
            self._cover_piles(True)
        drawn, launched = cascade.step()
        stage = self.stage
        if launched is not None:
            home = self._homes[launched.suit]
            home.cards = (Card(launched.rank - 1, launched.suit),) if launched.rank > 1 else ()
            self.sync_stage()
        for card, x, y in drawn:  # (the stage covers the whole board)
            stage.stamp(Sprite(x, y, self._picture((card,), stage)))
        if cascade.done:
            self.stop_cascade()

    def _start_timer(self) -> None:
        if self._timer is None:
            self._timer = self.set_interval(FRAME, self._frame)

    # ------------------------------------------------------------------ the player's hand
    def grab(self, source: Pile, cards: tuple[Card, ...], x: int, y: int) -> None:
        """The player drags ``cards`` off ``source``, the pointer at ``x``, ``y`` (board
        coordinates): their picture follows it."""
        if not self.motion_on or not cards:
            return
        self.settle()
        left, top = slot(self.geometry, self.state, source, cards)
        self._hand = Hand(source, cards, left, top, x - left, y - top)
        self._show()
        self._stage_on()
        self._draw_sprites()

    def drag_to(self, x: int, y: int) -> None:
        """The pointer is at ``x``, ``y``: the cards in the hand follow."""
        hand = self._hand
        if hand is None:
            return
        self._hand = Hand(hand.source, hand.cards, x - hand.dx, y - hand.dy, hand.dx, hand.dy)
        self._draw_sprites()

    @property
    def hand(self) -> Hand | None:
        return self._hand

    def let_go(self) -> None:
        """The cards were released over a pile: they wait there until the move is played (they
        fly on from there) or refused (they slide back)."""
        if self._hand is not None:
            self._dropped, self._hand = self._hand, None

    def _put_back(self) -> None:
        """What the hand held goes back to its pile: slides back (motion on), or is there."""
        hand = self._hand or self._dropped
        self._hand = self._dropped = None
        if hand is None:
            return
        end = slot(self.geometry, self.state, hand.source, hand.cards)
        flight = Flight(
            hand.cards, hand.source, hand.source, (hand.x, hand.y), end, 0.0, SLIDE_BACK, 0
        )
        self._start(Plan((self.state,), (flight,)))

    # ------------------------------------------------------------------ frames
    def _frame(self) -> None:
        plan = self._plan
        if plan is not None and self._now() >= plan.end:
            self._plan = None
        if self._cascade is not None and self._plan is None:
            self._cascade_frame(self._cascade)
            return
        if not self.moving:
            self._finish()
            return
        # The piles change only when a card leaves or lands: between, only the sprites move.
        phase = self._plan.phase(self._now()) if self._plan is not None else None
        if phase != self._phase:
            self._phase = phase
            self._show()
        self._draw_sprites()

    def _draw_sprites(self) -> None:
        stage = self.stage
        flying: list[Sprite] = []
        plan = self._plan
        if plan is not None:
            now = self._now()
            for flight in plan.in_air(now):
                x, y = flight.at(now)
                flying.append(Sprite(round(x), round(y), self._picture(flight.cards, stage)))
        self._fly(flying)
        hand = self._hand or self._dropped
        if hand is not None and stage.visible:
            within = len(self.state.columns[hand.source.index]) if hand.source.is_column else 0
            lines = self._picture(hand.cards, stage, held=True, within=within)
            stage.set_sprites([Sprite(hand.x, hand.y, lines)])

    @property
    def flying(self) -> tuple[Sprite, ...]:
        """The cards of a glide in the air, where they are drawn (board coordinates)."""
        return self._flying

    def _fly(self, sprites: Sequence[Sprite]) -> None:
        """Hand every pile the flying cards over it, in its own coordinates. The piles' widgets
        tile the part of the board cards fly over (``BoardLayout.pile_area``): the board under
        them draws nothing, so a frame repaints no line as wide as the board."""
        self._flying = tuple(sprites)
        areas = [sprite.region for sprite in sprites]
        for widget, region in self._regions():
            if not widget.overlay and not any(region.overlaps(area) for area in areas):
                continue  # nothing over it, before or now
            widget.set_overlay(
                [
                    sprite.moved(-region.x, -region.y)
                    for sprite, area in zip(sprites, areas, strict=True)
                    if area.overlaps(region)
                ]
            )

    def _picture(
        self, cards: tuple[Card, ...], stage: Stage, held: bool = False, within: int = 0
    ) -> tuple[Strip, ...]:
        look = self._picture_key()
        if look != self._pictures_for:  # a new size, theme, suit letters or colours
            self._pictures, self._pictures_for = {}, look
        key = (cards, held, within)
        picture = self._pictures.get(key)
        if picture is None:
            picture = stage.picture(cards, self.geometry, held=held, within=within)
            self._pictures[key] = picture
        return picture

    # ------------------------------------------------------------------ the stage
    def _picture_key(self) -> tuple[object, ...]:
        """What the board's pictures of cards depend on besides the cards."""
        stage = self.stage
        return (self.geometry, self.app.theme, stage.ascii, stage.four_colour)

    def _stage_on(self) -> None:
        """Show the stage over the whole board, with a picture of the piles."""
        stage = self.stage
        if stage.visible:
            self.sync_stage()
            return
        # The picture of the piles is kept from one drag or cascade to the next: only the piles
        # drawn differently since are copied again.
        key = self._picture_key()
        if key != self._stage_key:
            area = self._board_region
            blank = Strip.blank(area.width, self.visual_style.rich_style)
            stage.set_background([blank] * area.height)
            stage.styles.width, stage.styles.height = area.width, area.height
            self._drawn = {}
            self._stage_key = key
        self.sync_stage()
        stage.visible = True

    def _stage_off(self) -> None:
        stage = self.stage
        if stage.visible:
            stage.visible = False
            stage.set_sprites(())

    def _regions(self) -> list[tuple[PileWidget, Region]]:
        """Each pile and where it is on the board (worked out once for each layout)."""
        layout = self.geometry
        if self._regions_for is not None and self._regions_for[0] is layout:
            return self._regions_for[1]
        regions = [(widget, layout.pile_area(pile)) for pile, widget in self._piles.items()]
        regions += [
            (widget, layout.pile_area(widget.pile, suit.index))
            for suit, widget in self._homes.items()
        ]
        self._regions_for = (layout, regions)
        return regions

    def sync_stage(self) -> None:
        """Copy onto the stage every pile drawn differently since it was last copied."""
        stage = self.stage
        for widget, region in self._regions():
            drawn = (widget.cards, widget.look, widget.ascii, widget.four_colour)
            if self._drawn.get(widget) == drawn:
                continue
            self._drawn[widget] = drawn
            lines = widget.render_lines(Region(0, 0, region.width, region.height))
            stage.patch(region.x, region.y, lines)
