"""The board: the game's free cells, the four foundations and the game's columns, laid out for
the terminal's size, with what the keyboard and the mouse do on them before a move is made, and
the cards that move.

Attributes down: the game screen sets :attr:`Board.state` (the position to draw), then calls
:meth:`Board.glide` with the turn that led there (the cards travel), and sets :attr:`Board.hint`,
:attr:`Board.motion`, :attr:`Board.ascii`, :attr:`Board.four_colour`. It hands the board its keys'
gestures (:meth:`Board.act_on`, :meth:`Board.quick`, :meth:`Board.cursor_act`,
:meth:`Board.move_cursor`, :meth:`Board.change_count`, :meth:`Board.put_down`): each call returns
what its gesture came to, in order (:data:`~freecell_tui.ui.board.gestures.News`: a move to play, words
for the player, what is picked up), and the screen acts on it at once — a key's move is played
before the next key is read. The mouse's gestures run in the board's own turn: each posts what it
came to as one message (:class:`Board.Gestured`).

The board is one widget that owns two plain objects and draws what they say:

* :class:`~freecell_tui.ui.board.gestures.Gestures`: what is picked up, the cursor, the mouse's press
  and drag, and what each gesture comes to;
* :class:`~freecell_tui.ui.board.animator.Animator`: what moves and where, at the moment its frame
  timer (about 60 a second) asks. A glide's flying cards are drawn by the pile widgets they cross
  (they tile the board where cards fly: nothing is shown, hidden or laid out when a glide starts
  or ends); the player's hand and the win cascade on the
  :class:`~freecell_tui.ui.board.stage.Stage`, a picture over the whole board.

Any key, click or new position first lands every moving card (:meth:`Board.settle`). Motion is
off when the player turns *Motion* off or Textual's animations are (``TEXTUAL_ANIMATIONS=none``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from textual import events
from textual.app import ComposeResult
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Turn
from freecell_tui.core.notation import FOUNDATION, Pile, cell_piles, column_piles
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import MAX_CELLS, MAX_COLUMNS, Variant
from freecell_tui.session.analysis import HintMark
from freecell_tui.ui.board import gestures
from freecell_tui.ui.board.animator import FRAME, Animator, Hand
from freecell_tui.ui.board.cardart import CardInks
from freecell_tui.ui.board.cascade import Cascade
from freecell_tui.ui.board.gestures import Gestures, Grab, News, Where
from freecell_tui.ui.board.highlights import PileLook, compute_looks
from freecell_tui.ui.board.layout import COMPACT_SIZE, BoardLayout, board_layout, layout_for
from freecell_tui.ui.board.overlay import Sprite
from freecell_tui.ui.board.pile import PileWidget
from freecell_tui.ui.board.piles import CellWidget, ColumnWidget, FoundationWidget
from freecell_tui.ui.board.selection import Selection
from freecell_tui.ui.board.stage import Stage
from freecell_tui.ui.messages import PileClicked

__all__ = ["Board"]


class Board(Widget):
    """A pile widget for every place any game has (:data:`~freecell_tui.core.variant.MAX_CELLS`
    cells, the four foundations, :data:`~freecell_tui.core.variant.MAX_COLUMNS` columns), those
    the game on the board has not hidden. See the module's docstring."""

    DEFAULT_CSS = """
    Board { height: 1fr; layers: piles stage; }
    Board > PileWidget { layer: piles; position: absolute; }
    Board #too-small {
        display: none;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        color: $text-warning;
        text-style: bold;
        padding: 1 2;
    }
    Board.-too-small > PileWidget { display: none; }
    Board > PileWidget.-absent { display: none; }
    Board.-too-small #too-small { display: block; }
    """

    state: reactive[GameState] = reactive(lambda: deal(1), init=False, repaint=False)
    hint: reactive[HintMark | None] = reactive(None, init=False, repaint=False)
    motion: reactive[bool] = reactive(True, init=False)
    """The player's *Motion* setting."""
    ascii: reactive[bool] = reactive(False, init=False, repaint=False)
    four_colour: reactive[bool] = reactive(False, init=False, repaint=False)

    @dataclass
    class Gestured(Message, namespace="board"):
        """What a gesture of the mouse came to, in order (a click, a drop, a drag)."""

        news: tuple[News, ...]

    geometry: BoardLayout = board_layout(100, 32)
    """The layout for the terminal's size (see :meth:`fit`)."""
    hovers: bool = True
    """The piles under the mouse show what a click would do (off on a board that plays no
    move: the viewer's)."""

    def __init__(self, state: GameState, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Board.state, state)
        self._gestures = Gestures(state)
        self._animator = Animator()
        #: The game's cells and columns (:attr:`_every` holds as many as any game has; the
        #: others are hidden).
        self._piles: dict[Pile, PileWidget] = {}
        self._every: dict[Pile, PileWidget] = {}
        self._homes: dict[Suit, FoundationWidget] = {}
        #: The gestures' marks as the piles' looks show them.
        self._marks: tuple[object, ...] = self._gestures.marks
        self._timer: Timer | None = None
        self._flying: tuple[Sprite, ...] = ()
        #: Card pictures, kept while the look is the same (see ``_picture_key``).
        self._pictures: dict[tuple[tuple[Card, ...], bool, int], tuple[Strip, ...]] = {}
        self._pictures_for: object = None
        #: What each pile looked like when last copied onto the stage.
        self._drawn: dict[PileWidget, object] = {}
        self._stage_key: object = None
        self._regions_for: tuple[BoardLayout, list[tuple[PileWidget, Region]]] | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # The piles are the board's own children, each placed where the layout says: no rows
        # of containers between (every widget under a changed line is drawn again, and each
        # container's lines are cut at every pile's edges: most of a key's drawing cost).
        yield CardInks()  # the colours every pile and the stage draw with
        for cell in map(Pile.cell, range(MAX_CELLS)):
            self._every[cell] = CellWidget(cell, id=f"cell-{cell.code}")
            yield self._every[cell]
        for suit in Suit:
            home = FoundationWidget(suit, FOUNDATION, id=f"home-{suit.letter}")
            self._homes[suit] = home
            yield home
        for column in map(Pile.column, range(MAX_COLUMNS)):
            self._every[column] = ColumnWidget(column, id=f"col-{column.code}")
            yield self._every[column]
        self._use(self.state.variant)
        yield Static(id="too-small", markup=False)
        yield Stage(id="stage")

    def on_mount(self) -> None:
        self.fit(self.app.size)

    def fit(self, size: Size) -> BoardLayout:
        """Lay the piles out for a terminal of ``size`` (or ask for a bigger one); returns the
        layout (the screen sizes the message line from it)."""
        self.settle()
        layout = layout_for(size.width, size.height, self.state.variant)
        self.geometry = layout
        self.set_class(layout.too_small, "-too-small")
        if layout.too_small:
            self.query_one("#too-small", Static).update(
                f"The board needs a terminal at least {COMPACT_SIZE.width}×{COMPACT_SIZE.height}; "
                f"this one is {size.width}×{size.height}.\n\nMake the terminal bigger (or the "
                "font smaller): the game comes back as it was.\n\nq quits."
            )
        for suit, home in self._homes.items():
            self._place(home, layout, layout.pile_area(FOUNDATION, suit.index))
        for pile, widget in self._piles.items():
            self._place(widget, layout, layout.pile_area(pile))
        self._show()
        return layout

    def _use(self, variant: Variant) -> None:
        """Show the piles of ``variant``'s game, hide the others. (Piles not yet mounted are
        styled as they mount: their classes are only noted.)"""
        game = {*cell_piles(variant), *column_piles(variant)}
        self._piles = {pile: widget for pile, widget in self._every.items() if pile in game}
        for pile, widget in self._every.items():
            widget.set_class(pile not in game, "-absent", update=widget.is_mounted)
        self._regions_for = None

    @staticmethod
    def _place(widget: PileWidget, layout: BoardLayout, region: Region) -> None:
        widget.geometry = layout
        widget.styles.offset = region.offset
        widget.styles.width, widget.styles.height = region.width, region.height

    def _all(self) -> list[PileWidget]:
        return [*self._piles.values(), *self._homes.values()]

    @property
    def stage(self) -> Stage:
        return self.query_one(Stage)

    # ------------------------------------------------------------------ attributes down
    def watch_state(self, old: GameState, state: GameState) -> None:
        hand = self._animator.held
        self.settle()
        if old.variant != state.variant and self._every:  # another game: other piles
            self._use(state.variant)
            self.fit(self.app.size)
        # What was picked up is put down (the screen setting the state knows: no news for it).
        self._gestures.new_position(state)
        self._apply_outcomes(looks=False)  # ``_show`` below sets every pile's looks once
        # Cards released over a pile wait there for the move to fly on from (see ``glide``).
        self._animator.dropped = hand
        self._show()

    def watch_hint(self) -> None:
        self._show_looks()

    def watch_motion(self, motion: bool) -> None:
        if not motion:
            self.settle()

    def watch_ascii(self, ascii: bool) -> None:
        self.settle()
        for widget in (*self._all(), self.stage):
            widget.ascii = ascii

    def watch_four_colour(self, four_colour: bool) -> None:
        self.settle()
        for widget in (*self._all(), self.stage):
            widget.four_colour = four_colour

    # ------------------------------------------------------------------ what gestures come to
    def _apply_outcomes(self, *, looks: bool = True) -> tuple[News, ...]:
        """Act on what the gestures came to: the hand moves; the piles' looks follow what is
        picked up, the cursor and the mouse (unless ``looks`` is false: the caller shows them).
        Returns the news for the screen, in order."""
        news: list[News] = []
        for outcome in self._gestures.pop_outcomes():
            match outcome:
                case gestures.Play() | gestures.Say() | gestures.Pending():
                    news.append(outcome)
                case gestures.Grab():
                    self._grab(outcome)
                case gestures.Follow(x, y):
                    if self._animator.drag_to(x, y):
                        self._draw_sprites()
                case gestures.LetGo():
                    self._animator.let_go()
                case gestures.PutBack():
                    if self._animator.put_back(self.geometry, self.state):
                        self._start()
        if looks and self._gestures.marks != self._marks:
            self._show_looks()
        return tuple(news)

    def _post(self, news: tuple[News, ...]) -> None:
        """What a gesture of the mouse came to, posted to the screen (when it came to any)."""
        if news:
            self.post_message(self.Gestured(news))

    # ------------------------------------------------------------------ the keys' gestures
    @property
    def selection(self) -> Selection | None:
        """What is picked up."""
        return self._gestures.selection

    def name_keys(
        self, piles: Mapping[str, str], quick: str | None = None, pile_keys: str | None = None
    ) -> None:
        """The player's keys, as the status and message lines name them: each pile's by its
        code where it is not the code, the "home or cell" key and the pile keys of the game
        (``None``: the game's own)."""
        gestures = self._gestures
        gestures.names, gestures.quick_name, gestures.pile_keys = piles, quick, pile_keys
        for widget in (*self._every.values(), *self._homes.values()):
            name = piles.get(widget.pile.code, widget.pile.code)
            label = name if len(name) == 1 else widget.pile.code  # a header holds one character
            if widget.header != label:
                widget.header = label
                widget.refresh()

    @property
    def cursor(self) -> tuple[int, int] | None:
        """The keyboard cursor (row, place), or ``None`` when it is hidden."""
        return self._gestures.cursor

    @cursor.setter
    def cursor(self, cursor: tuple[int, int] | None) -> None:
        self._gestures.cursor = cursor
        self._apply_outcomes()

    def act_on(self, pile: Pile) -> tuple[News, ...]:
        """A pile key: pick up from ``pile``, drop on it, or put down."""
        self._gestures.act_on(pile)
        return self._apply_outcomes()

    def quick(self) -> tuple[News, ...]:
        """``f``: the picked-up card, or the card at the cursor, home or to a free cell."""
        self._gestures.quick()
        return self._apply_outcomes()

    def move_cursor(self, rows: int, places: int) -> tuple[News, ...]:
        self._gestures.move_cursor(rows, places)
        return self._apply_outcomes()

    def cursor_act(self) -> tuple[News, ...]:
        self._gestures.cursor_act()
        return self._apply_outcomes()

    def change_count(self, step: int) -> tuple[News, ...]:
        """``+`` / ``−``: how many cards of a picked-up column move."""
        self._gestures.change_count(step)
        return self._apply_outcomes()

    def choose_count(self, count: int) -> tuple[News, ...]:
        """``v`` and a count: how many cards of a picked-up column move."""
        self._gestures.choose_count(count)
        return self._apply_outcomes()

    def put_down(self) -> tuple[News, ...]:
        """Put down what is picked up (cards in the hand go back)."""
        self._gestures.put_down()
        return self._apply_outcomes()

    # ------------------------------------------------------------------ the mouse
    def _at(self, event: events.MouseEvent) -> tuple[int, int]:
        """The event's position in board coordinates."""
        region = self.region
        return int(event.screen_x) - region.x, int(event.screen_y) - region.y

    def _locate(self, x: int, y: int) -> Where | None:
        """What is at ``x``, ``y``, found from the layout (the same over the piles and over
        moving cards)."""
        counts = [len(column) for column in self.scene().columns]
        return self.geometry.locate(x, y, counts)

    def hover(self, where: Where | None) -> None:
        """The mouse is over ``where``: the piles show what a click there would do."""
        self._gestures.hovered(where)
        self._apply_outcomes()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if event.button != 1:
            self._gestures.other_button()
            return
        through_stage = self.settle()
        x, y = self._at(event)
        if self._gestures.mouse_down(self._locate(x, y), x, y, through_stage):
            self.capture_mouse()  # a drag may take the pointer anywhere
        self._post(self._apply_outcomes())

    def on_mouse_move(self, event: events.MouseMove) -> None:
        x, y = self._at(event)
        self._gestures.mouse_move(x, y, self._locate(x, y))
        if self._gestures.press is None:
            self.release_mouse()
        self._post(self._apply_outcomes())

    def on_mouse_up(self, event: events.MouseUp) -> None:
        x, y = self._at(event)
        if self._gestures.mouse_up(self._locate(x, y)):
            self.release_mouse()
        self._post(self._apply_outcomes())

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if not self._gestures.is_click():
            return
        where = self._locate(*self._at(event))
        if where is not None:
            self.post_message(PileClicked(where[0], where[1], event.chain))

    def on_pile_clicked(self, message: PileClicked) -> None:
        message.stop()
        self._gestures.click(message.pile, message.index, message.chain)
        self._post(self._apply_outcomes())

    def on_leave(self, event: events.Leave) -> None:
        # A pile's Leave bubbles up here too: only a pointer off the whole board ends the hover.
        if self._gestures.press is None and not self.region.contains(*self.app.mouse_position):
            self.hover(None)

    def shown_again(self) -> None:
        """The board is on top again: clicks count afresh."""
        self._gestures.shown_again()

    # ------------------------------------------------------------------ motion
    @property
    def motion_on(self) -> bool:
        return self.motion and self.app.animation_level != "none"

    @property
    def moving(self) -> bool:
        """Cards glide, are in the player's hand or bounce in the win cascade."""
        return self._animator.moving

    @property
    def clock(self) -> Callable[[], float]:
        """The motion's clock (seconds; tests hold it still and move it on)."""
        return self._animator.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._animator.clock = clock

    @property
    def hand(self) -> Hand | None:
        """The cards the player is dragging."""
        return self._animator.hand

    @property
    def flying(self) -> tuple[Sprite, ...]:
        """The cards of a glide in the air, where they are drawn (board coordinates)."""
        return self._flying

    def scene(self) -> GameState:
        """The position the piles draw now: :attr:`state`, or the motion's moment of it."""
        return self._animator.scene(self.state)

    def glide(self, before: GameState | None, turn: Turn | None) -> None:
        """The cards of ``turn`` (just played from ``before``; :attr:`state` is already the
        position after it) travel to their places. Nothing moves with motion off, for a restart,
        or when ``before`` is unknown."""
        moves = turn.moves if turn is not None and self.motion_on else ()
        held = self._animator.held
        if self._animator.glide(self.geometry, before, moves):
            self._start()
        elif self._animator.held is not held:  # the released cards are down: redraw
            self._show()

    def settle(self) -> bool:
        """Every moving card lands at once (a key, a click, a new position); False when nothing
        was moving. A win cascade ends (see :meth:`stop_cascade`)."""
        if self.stop_cascade():
            return True
        if not self._animator.settle():
            return False
        self._finish()
        return True

    def _start(self) -> None:
        self._stage_off()  # a hand's cards fly on from where they were dropped
        self._show()
        self._frame()
        if self._timer is None:
            self._timer = self.set_interval(FRAME, self._frame)

    def _finish(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._fly(())
        self._stage_off()
        self._show()

    def _frame(self) -> None:
        """One frame of the motion, as the animator has it now."""
        tick = self._animator.tick()
        if tick == "cascade":
            cascade = self._animator.cascade
            assert cascade is not None
            self._cascade_frame(cascade)
        elif tick == "over":
            self._finish()
        else:
            if tick == "piles":
                self._show()
            self._draw_sprites()

    def _grab(self, grab: Grab) -> None:
        """The player drags cards: their picture follows the pointer, on the stage."""
        if not self.motion_on or not grab.cards:
            return
        self.settle()
        self._animator.grab(self.geometry, self.state, grab.source, grab.cards, grab.x, grab.y)
        self._show()
        self._stage_on()
        self._draw_sprites()

    # ------------------------------------------------------------------ the win cascade
    def cascade(self, count: int, then: Callable[[], None], seed: int = 0) -> bool:
        """The win cascade: ``count`` cards bounce off the foundations (see :mod:`.cascade`)
        once the last move has landed; ``then`` runs when it is over or stopped (any key or
        click, :meth:`stop_cascade`). False, and ``then`` is not run, with motion off."""
        if not self.motion_on or count < 1:
            return False
        self._animator.start_cascade(self.geometry, count, then, seed)
        if self._timer is None:
            self._timer = self.set_interval(FRAME, self._frame)
        return True

    def stop_cascade(self) -> bool:
        """End the win cascade (its ``then`` runs); False when there is none."""
        then = self._animator.end_cascade()
        if then is None:
            return False
        self._stage_key = None  # the trail is on the picture: a new one next time
        self._cover_piles(False)
        self._finish()
        then()
        return True

    def _cascade_frame(self, cascade: Cascade) -> None:
        stage = self.stage
        if not cascade.started:  # the board as the last move left it, then the cards fly
            self._show()
            self._stage_on()
            stage.set_sprites(())
            # Each frame repaints where the cards are: only the stage, not the piles under it.
            self._cover_piles(True)
        drawn, launched = cascade.step()
        if launched is not None:
            home = self._homes[launched.suit]
            home.cards = (Card(launched.rank - 1, launched.suit),) if launched.rank > 1 else ()
            self.sync_stage()
        for card, x, y in drawn:  # (the stage covers the whole board)
            stage.stamp(Sprite(x, y, self._picture((card,))))
        if cascade.done:
            self.stop_cascade()

    def _cover_piles(self, covered: bool) -> None:
        for widget in self._all():
            widget.visible = not covered

    # ------------------------------------------------------------------ drawing
    def _show(self) -> None:
        """Hand every pile its cards as the scene has them, and its highlights: only the lines
        that change redraw."""
        if not self._piles:
            return
        scene = self.scene()
        cards: dict[PileWidget, tuple[Card, ...]] = {}
        for column in column_piles(scene.variant):
            cards[self._piles[column]] = scene.columns[column.index]
        for cell in cell_piles(scene.variant):
            card = scene.cells[cell.index]
            cards[self._piles[cell]] = (card,) if card is not None else ()
        for suit, widget in self._homes.items():
            top = scene.foundation_top(suit)
            cards[widget] = (top,) if top is not None else ()
        self._show_looks(cards)

    def _show_looks(self, cards: Mapping[PileWidget, tuple[Card, ...]] | None = None) -> None:
        """Set every pile's highlights, and its ``cards`` when given (unchanged lines do not
        redraw)."""
        marks = self._gestures
        self._marks = marks.marks
        if not self._piles:
            return
        looks = compute_looks(
            self.state,
            selection=marks.selection,
            targets=marks.targets,
            cursor=marks.cursor_pile,
            hover=marks.hover if self.hovers else None,
            hint=self.hint,
        )
        hand = self._animator.held
        wanted: list[tuple[PileWidget, PileLook]] = []
        for pile, widget in self._piles.items():
            look = looks.piles[pile]
            if hand is not None and pile == hand.source:
                look = replace(look, selected=0, hovered=0)  # those cards are in the hand
            wanted.append((widget, look))
        wanted.extend((widget, looks.homes[suit]) for suit, widget in self._homes.items())
        for widget, look in wanted:
            widget.show(widget.cards if cards is None else cards[widget], look)
        if self.stage.visible:
            self.sync_stage()

    def _draw_sprites(self) -> None:
        """Draw the cards in the air on the piles they cross, the hand on the stage."""
        flying = [Sprite(x, y, self._picture(cards)) for cards, x, y in self._animator.in_air()]
        self._fly(flying)
        hand = self._animator.held
        stage = self.stage
        if hand is not None and stage.visible:
            within = len(self.state.columns[hand.source.index]) if hand.source.is_column else 0
            lines = self._picture(hand.cards, held=True, within=within)
            stage.set_sprites([Sprite(hand.x, hand.y, lines)])

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
        self, cards: tuple[Card, ...], held: bool = False, within: int = 0
    ) -> tuple[Strip, ...]:
        """``cards`` as the board draws them on a column (see :meth:`Stage.picture`), kept."""
        look = self._picture_key()
        if look != self._pictures_for:  # a new size, theme, suit letters or colours
            self._pictures, self._pictures_for = {}, look
        key = (cards, held, within)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self.stage.picture(cards, self.geometry, held=held, within=within)
            self._pictures[key] = picture
        return picture

    def _picture_key(self) -> tuple[object, ...]:
        """What the board's pictures of cards depend on besides the cards."""
        stage = self.stage
        return (self.geometry, self.app.theme, stage.ascii, stage.four_colour)

    # ------------------------------------------------------------------ the stage
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
            width, height = self.geometry.width, self.geometry.height
            blank = Strip.blank(width, self.visual_style.rich_style)
            stage.set_background([blank] * height)
            stage.styles.width, stage.styles.height = width, height
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
