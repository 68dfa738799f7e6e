"""The board: the four free cells, four foundations and eight columns, laid out for the terminal's
size, and everything the mouse and the keyboard do on them before a move is made.

Attributes down: the game screen sets :attr:`Board.state` (the position to draw) and
:attr:`Board.hint`. Messages up: a finished gesture posts :class:`Board.Play` (a move for the
screen to play through the session), and what the board has to say — what is picked up, why a
pick-up is refused — comes as :class:`Board.Said`. Selection, cursor and hover are the board's own
small state; their looks are :func:`~freecell_tui.ui.highlights.compute_looks`.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from freecell_tui.core.cards import Suit
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move, Pile
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural
from freecell_tui.session.analysis import HintMark
from freecell_tui.ui.highlights import compute_looks
from freecell_tui.ui.layout import COMPACT_SIZE, FULL_HEIGHT, pile_layout
from freecell_tui.ui.messages import PileClicked, PileDragStarted, PileDropped, PileHovered
from freecell_tui.ui.selection import (
    Selection,
    legal_destinations,
    movable_run,
    move_for,
    quick_move,
    select_card,
    select_pile,
    shown_count,
)
from freecell_tui.ui.widgets.piles import CellWidget, ColumnWidget, FoundationWidget, PileWidget

__all__ = ["Board"]

#: The keyboard cursor's rows: free cells and foundations, then the columns (8 places each).
_TOP_ROW: tuple[Pile, ...] = (*CELLS, FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION)


class Board(Widget):
    """The sixteen piles. See the module's docstring."""

    DEFAULT_CSS = """
    Board { height: 1fr; }
    Board #top { height: 4; margin-bottom: 1; }
    Board #tableau { height: 1fr; }
    Board.-compact #top { height: 1; margin-bottom: 0; }
    Board #too-small {
        display: none;
        height: 1fr;
        content-align: center middle;
        text-align: center;
        color: $text-warning;
        text-style: bold;
        padding: 1 2;
    }
    Board.-too-small #piles { display: none; }
    Board.-too-small #too-small { display: block; }
    """

    state: reactive[GameState] = reactive(lambda: deal(1), init=False, repaint=False)
    hint: reactive[HintMark | None] = reactive(None, init=False, repaint=False)
    ascii: reactive[bool] = reactive(False, init=False, repaint=False)
    four_colour: reactive[bool] = reactive(False, init=False, repaint=False)
    selection: reactive[Selection | None] = reactive(None, init=False, repaint=False)
    cursor: reactive[tuple[int, int] | None] = reactive(None, init=False, repaint=False)

    @dataclass
    class Play(Message):
        """The player made ``move`` (two keys, a click and a drop, a drag, a double click)."""

        move: Move

    @dataclass
    class Said(Message):
        """What the board tells the player: ``tone`` is ``info`` or ``error``."""

        text: str
        tone: str = "info"

    @dataclass
    class Pending(Message):
        """What is picked up, for the status line (``3 (2♥) → ?``; empty: nothing)."""

        text: str

    def __init__(self, state: GameState, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(Board.state, state)
        self._piles: dict[Pile, PileWidget] = {}
        self._homes: dict[Suit, FoundationWidget] = {}
        self._targets: frozenset[Pile] = frozenset()
        self._hover: tuple[Pile, int | None] | None = None
        #: Clicks since the board was last shown again (see :meth:`on_pile_clicked`).
        self._clicks = 0

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="piles"):
            with Horizontal(id="top"):
                for cell in CELLS:
                    self._piles[cell] = CellWidget(cell, id=f"cell-{cell.code}")
                    yield self._piles[cell]
                for suit in Suit:
                    home = FoundationWidget(suit, FOUNDATION, id=f"home-{suit.letter}")
                    self._homes[suit] = home
                    yield home
            with Horizontal(id="tableau"):
                for column in COLUMNS:
                    self._piles[column] = ColumnWidget(column, id=f"col-{column.code}")
                    yield self._piles[column]
        yield Static(id="too-small", markup=False)

    def on_mount(self) -> None:
        self.fit(self.app.size)
        self._show()

    def fit(self, size: Size) -> None:
        """Choose the full or compact layout for a terminal of ``size``, or ask for a bigger
        one."""
        too_small = size.width < COMPACT_SIZE.width or size.height < COMPACT_SIZE.height
        compact = size.height < FULL_HEIGHT
        self.set_class(too_small, "-too-small")
        self.set_class(compact, "-compact")
        if too_small:
            self.query_one("#too-small", Static).update(
                f"The board needs a terminal at least {COMPACT_SIZE.width}×{COMPACT_SIZE.height}; "
                f"this one is {size.width}×{size.height}.\n\nMake the terminal bigger (or the "
                "font smaller): the game comes back as it was.\n\nq quits."
            )
        pile_width, margin = pile_layout(size.width)
        for row in self.query("#top, #tableau"):
            row.styles.padding = (0, 0, 0, margin)
        for widget in self._all():
            widget.compact = compact
            widget.styles.width = pile_width

    def _all(self) -> list[PileWidget]:
        return [*self._piles.values(), *self._homes.values()]

    # ------------------------------------------------------------------ drawing
    def watch_state(self) -> None:
        self.selection = None
        self._show()

    def watch_hint(self) -> None:
        self._show_looks()

    def watch_cursor(self) -> None:
        self._show_looks()

    def watch_selection(self) -> None:
        selection = self.selection
        self._targets = (
            legal_destinations(self.state, selection) if selection is not None else frozenset()
        )
        self._show_looks()
        self.post_message(self.Pending(self.pending_text()))

    def watch_ascii(self, ascii: bool) -> None:
        for widget in self._all():
            widget.ascii = ascii

    def watch_four_colour(self, four_colour: bool) -> None:
        for widget in self._all():
            widget.four_colour = four_colour

    def _show(self) -> None:
        """Hand every pile its cards: only piles whose cards changed redraw."""
        if not self._piles:
            return
        state = self.state
        for column in COLUMNS:
            self._piles[column].cards = state.columns[column.index]
        for cell in CELLS:
            card = state.cells[cell.index]
            self._piles[cell].cards = (card,) if card is not None else ()
        for suit, widget in self._homes.items():
            top = state.foundation_top(suit)
            widget.cards = (top,) if top is not None else ()
        self._show_looks()

    def _show_looks(self) -> None:
        """Set every pile's highlights (unchanged ones do not redraw)."""
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
        for pile, widget in self._piles.items():
            widget.look = looks.piles[pile]
        for suit, widget in self._homes.items():
            widget.look = looks.homes[suit]

    def pending_text(self) -> str:
        """``3 (2♥) → ?``: what is picked up and that a destination is expected."""
        selection = self.selection
        if selection is None:
            return ""
        state = self.state
        count = shown_count(state, selection)
        source = selection.pile
        if source.is_column and count > 1:
            column = state.columns[source.index]
            return (
                f"{source.code} ({column[-count]}–{column[-1]}, {count} cards; +/− to change) → ?"
            )
        return f"{source.code} ({state.top(source)}) → ?"

    # ------------------------------------------------------------------ gestures
    @property
    def cursor_pile(self) -> Pile | None:
        if self.cursor is None:
            return None
        row, place = self.cursor
        return _TOP_ROW[place] if row == 0 else COLUMNS[place]

    def _say(self, text: str, tone: str = "info") -> None:
        self.post_message(self.Said(text, tone))

    def refuse(self, reason: str) -> None:
        """Say why; what was picked up is put down."""
        self.selection = None
        self._say(reason, "error")

    def put_down(self) -> bool:
        """Put down what is picked up; False when nothing was."""
        if self.selection is None:
            return False
        self.selection = None
        return True

    def pick(self, selection: Selection) -> None:
        self.selection = selection
        targets = " ".join(sorted(p.code for p in self._targets)) or "none"
        self._say(f"Picked up from {selection.pile.name}. It may go to: {targets}.")

    def act_on(self, pile: Pile, index: int | None = None) -> None:
        """A click or a pile key: pick up from ``pile``, or drop on it, or put down."""
        selection = self.selection
        if selection is None:
            if pile.is_foundation:
                self.refuse("cards never leave the foundations: pick a column or a free cell")
                return
            try:
                picked = (
                    select_card(self.state, pile, index)
                    if index is not None
                    else select_pile(self.state, pile)
                )
            except FreeCellError as error:
                self.refuse(str(error))
                return
            self.pick(picked)
        elif pile == selection.pile:
            self.selection = None
            self._say("Put down.")
        else:
            self.drop(pile)

    def drop(self, dest: Pile) -> None:
        """Drop what is picked up on ``dest``: the move goes up to be played."""
        selection = self.selection
        if selection is None:
            return
        try:
            move = move_for(self.state, selection, dest)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.post_message(self.Play(move))

    def quick(self) -> None:
        """``f``: the picked-up card, or the card at the cursor, home or to a free cell."""
        pile = self.selection.pile if self.selection is not None else self.cursor_pile
        if pile is None:
            self.refuse("pick a card first (1–8 or a–d, or the cursor), then f sends it home")
            return
        self.selection = None
        self.send_home_or_cell(pile)

    def send_home_or_cell(self, pile: Pile) -> None:
        try:
            move = quick_move(self.state, pile)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.post_message(self.Play(move))

    def move_cursor(self, rows: int, places: int) -> None:
        if self.cursor is None:
            start = self.selection.pile if self.selection is not None else COLUMNS[0]
            self.cursor = (1, start.index) if start.is_column else (0, start.index)
            return
        row, place = self.cursor
        row = max(0, min(1, row + rows))
        if row == 0 and place >= 4 and places:
            place = 3 if places < 0 else 4  # the four foundations are one place (h)
        else:
            place = max(0, min(7, place + places))
        self.cursor = (row, place)

    def cursor_act(self) -> None:
        pile = self.cursor_pile
        if pile is None:
            self.move_cursor(0, 0)
            self._say("Arrows move the cursor; Space or Enter picks up and drops; f sends home.")
            return
        self.act_on(pile)

    def change_count(self, step: int) -> None:
        """``+`` / ``−``: how many cards of a picked-up column move."""
        selection = self.selection
        if selection is None or not selection.pile.is_column:
            self.refuse("+ and − change how many cards of a picked-up column move")
            return
        state = self.state
        most = max(movable_run(state, selection.pile.index), 1)
        count = max(1, min(most, shown_count(state, selection) + step))
        self.selection = Selection(selection.pile, count)
        self._say(
            f"{plural(count, 'card')} of {selection.pile.name} picked up "
            f"(at most {most} may move now)."
        )

    # ------------------------------------------------------------------ the mouse
    def shown_again(self) -> None:
        """The board is on top again: clicks count afresh."""
        self._clicks = 0

    def on_pile_clicked(self, message: PileClicked) -> None:
        message.stop()
        self._clicks += 1
        if message.chain > self._clicks:
            # The double click began on a dialog that its first click closed (a save loaded by
            # clicking its row): the rest of it is not meant for the board.
            return
        if message.chain >= 2:
            if message.pile.is_column and message.index is not None:
                column = self.state.columns[message.pile.index]
                if message.index != len(column) - 1:
                    self.refuse("only a column's top card can go home or to a free cell")
                    return
            self.selection = None
            self.send_home_or_cell(message.pile)
            return
        self.act_on(message.pile, message.index)

    def on_pile_drag_started(self, message: PileDragStarted) -> None:
        """A drag begins: the dragged cards are picked up and the piles they may go to light
        up while the mouse moves."""
        message.stop()
        try:
            picked = select_card(self.state, message.source, message.index)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.selection = picked
        state = self.state
        count = shown_count(state, picked)
        top = state.top(message.source)
        if count > 1:
            deepest = state.columns[message.source.index][-count]
            what = f"{deepest}–{top} ({count} cards)"
        else:
            what = str(top)
        targets = " ".join(sorted(p.code for p in self._targets)) or "none"
        self._say(f"Dragging {what}: drop it on a pile. It may go to: {targets}.")

    def on_pile_dropped(self, message: PileDropped) -> None:
        message.stop()
        if message.dest is None or message.dest == message.source:
            if self.selection is not None:
                self.selection = None
                self._say("Put down." if message.dest else "Dropped off the piles: put down.")
            return
        try:
            picked = select_card(self.state, message.source, message.index)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.selection = picked
        self.drop(message.dest)

    def on_pile_hovered(self, message: PileHovered) -> None:
        message.stop()
        self._hover = (message.pile, message.index) if message.pile is not None else None
        self._show_looks()
