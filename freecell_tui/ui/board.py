"""The board: the four free cells, four foundations and eight columns, laid out for the terminal's
size, and everything the mouse and the keyboard do on them before a move is made.

Attributes down: the game screen sets :attr:`Board.state` (the position to draw), then calls
:meth:`Board.glide` with the turn that led there (the cards travel; see :mod:`.board_motion`),
and sets :attr:`Board.hint`, :attr:`Board.motion`, :attr:`Board.ascii`, :attr:`Board.four_colour`.
Messages up: a finished gesture posts :class:`Board.Play` (a move for the screen to play through
the session), and what the board has to say — what is picked up, why a pick-up is refused — comes
as :class:`Board.Said`. Selection, cursor and hover are the board's own small state; their looks
are :func:`~freecell_tui.ui.highlights.compute_looks`.

The layers: :mod:`.board_play` (what keys and clicks mean), :mod:`.board_motion` (cards that
move), :mod:`.board_mouse` (the mouse), and this module (the piles and their layout).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from textual.app import ComposeResult
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.widgets import Static

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Pile
from freecell_tui.core.state import GameState
from freecell_tui.ui.board_mouse import BoardMouse
from freecell_tui.ui.highlights import PileLook, compute_looks
from freecell_tui.ui.layout import COMPACT_SIZE, BoardLayout, board_layout
from freecell_tui.ui.widgets.pile import PileWidget
from freecell_tui.ui.widgets.piles import CellWidget, ColumnWidget, FoundationWidget
from freecell_tui.ui.widgets.stage import Stage

__all__ = ["Board"]


class Board(BoardMouse):
    """The sixteen piles. See the module's docstring."""

    DEFAULT_CSS = """
    Board { height: 1fr; layers: piles stage; }
    Board > PileWidget { layer: piles; position: absolute; margin: 0; }
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
    Board.-too-small #too-small { display: block; }
    """

    ascii: reactive[bool] = reactive(False, init=False, repaint=False)
    four_colour: reactive[bool] = reactive(False, init=False, repaint=False)

    def __init__(self, state: GameState, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Board.state, state)
        self._piles: dict[Pile, PileWidget] = {}
        self._homes: dict[Suit, FoundationWidget] = {}
        self._outbox = []
        self._motion_init()
        self._mouse_init()

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        # The piles are the board's own children, each placed where the layout says: no rows
        # of containers between (every widget under a changed line is drawn again, and each
        # container's lines are cut at every pile's edges: most of a key's drawing cost).
        for cell in CELLS:
            self._piles[cell] = CellWidget(cell, id=f"cell-{cell.code}")
            yield self._piles[cell]
        for suit in Suit:
            home = FoundationWidget(suit, FOUNDATION, id=f"home-{suit.letter}")
            self._homes[suit] = home
            yield home
        for column in COLUMNS:
            self._piles[column] = ColumnWidget(column, id=f"col-{column.code}")
            yield self._piles[column]
        yield Static(id="too-small", markup=False)
        yield Stage(id="stage")

    def on_mount(self) -> None:
        self.fit(self.app.size)

    def fit(self, size: Size) -> BoardLayout:
        """Lay the piles out for a terminal of ``size`` (or ask for a bigger one); returns the
        layout (the screen sizes the message line from it)."""
        self.settle()
        layout = board_layout(size.width, size.height)
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

    @staticmethod
    def _place(widget: PileWidget, layout: BoardLayout, region: Region) -> None:
        widget.geometry = layout
        widget.styles.offset = region.offset
        widget.styles.width, widget.styles.height = region.width, region.height

    def _cover_piles(self, covered: bool) -> None:
        for widget in self._all():
            widget.visible = not covered

    def _all(self) -> list[PileWidget]:
        return [*self._piles.values(), *self._homes.values()]

    # ------------------------------------------------------------------ drawing
    def watch_state(self) -> None:
        hand = self.hand or self._dropped
        self.settle()
        self.selection = None
        # Cards released over a pile wait there for the move to fly on from (see ``glide``).
        self._dropped = hand
        self._show()

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

    def _show(self) -> None:
        """Hand every pile its cards as the scene has them, and its highlights: only the lines
        that change redraw."""
        if not self._piles:
            return
        scene = self.scene()
        cards: dict[PileWidget, tuple[Card, ...]] = {}
        for column in COLUMNS:
            cards[self._piles[column]] = scene.columns[column.index]
        for cell in CELLS:
            card = scene.cells[cell.index]
            cards[self._piles[cell]] = (card,) if card is not None else ()
        for suit, widget in self._homes.items():
            top = scene.foundation_top(suit)
            cards[widget] = (top,) if top is not None else ()
        self._show_looks(cards)

    def _show_looks(self, cards: Mapping[PileWidget, tuple[Card, ...]] | None = None) -> None:
        """Set every pile's highlights, and its ``cards`` when given (unchanged lines do not
        redraw)."""
        if not self._piles:
            return
        looks = compute_looks(
            self.state,
            selection=self.selection,
            targets=self._targets,
            cursor=self.cursor_pile,
            hover=self._hover,
            hint=self.hint,
        )
        hand = self.hand or self._dropped
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
