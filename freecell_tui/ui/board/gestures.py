"""What the player's gestures on the board come to, before a move is made: a pure state machine
over the position (no Textual here), tested without a terminal (``tests/ui/test_gestures.py``).

:class:`Gestures` keeps what is picked up (a :class:`~freecell_tui.ui.board.selection.Selection`, with
its run count), the keyboard cursor, what the mouse is over and the mouse button's press. Each
gesture — a pile key, a click, a double click, a press, drag and release, the cursor keys, ``+``
and ``−``, ``f`` — leaves its outcomes, in order, for :meth:`Gestures.pop_outcomes`:

* :class:`Play`: a move for the session to play;
* :class:`Say`: words for the player, with a tone (:class:`~freecell_tui.session.Tone`);
* :class:`Pending`: what is picked up, for the status line (empty: nothing);
* :class:`Grab`, :class:`Follow`, :class:`LetGo`, :class:`PutBack`: the cards in the player's
  hand (a drag) follow the pointer, wait where they were released, or go back to their pile.

A refused gesture puts down what was picked up and says why, in one line; it changes nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from freecell_tui.core.cards import Card
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import (
    COLUMNS,
    FOUNDATION,
    Move,
    Pile,
    cell_piles,
    pile_keys_text,
)
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural
from freecell_tui.session.steps import Tone
from freecell_tui.ui.board.selection import (
    Selection,
    legal_destinations,
    movable_run,
    move_for,
    quick_key,
    quick_move,
    select_card,
    select_pile,
    shown_count,
)

__all__ = [
    "Follow",
    "Gestures",
    "Grab",
    "LetGo",
    "News",
    "Outcome",
    "Pending",
    "Play",
    "PutBack",
    "Say",
    "Where",
    "pending_text",
    "picked_text",
]


def _top_row(state: GameState) -> tuple[Pile, ...]:
    """The cursor's top row in ``state``'s game: its free cells, then the foundations (four
    places, one pile)."""
    return (*cell_piles(state.variant), FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION)


#: A place on the board: a pile and the card there (``None``: the pile's key or an empty spot).
Where = tuple[Pile, int | None]


@dataclass(frozen=True, slots=True)
class Play:
    """The player made ``move`` (two keys, a click and a drop, a drag, a double click)."""

    move: Move


@dataclass(frozen=True, slots=True)
class Say:
    """Say ``text`` to the player, in ``tone`` (information or a refusal)."""

    text: str
    tone: Tone = Tone.INFO


@dataclass(frozen=True, slots=True)
class Pending:
    """What is picked up, for the status line (``3 (2♥) → ?``; empty: nothing)."""

    text: str


@dataclass(frozen=True, slots=True)
class Grab:
    """A drag began: ``cards`` of ``source`` are in the player's hand, the pointer at ``x``,
    ``y`` (board coordinates)."""

    source: Pile
    cards: tuple[Card, ...]
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Follow:
    """The pointer is at ``x``, ``y``: the cards in the hand follow it."""

    x: int
    y: int


@dataclass(frozen=True, slots=True)
class LetGo:
    """The cards in the hand were released over a pile: they wait there for the move."""


@dataclass(frozen=True, slots=True)
class PutBack:
    """What was picked up is put down: cards in the hand go back to their pile."""


#: What a gesture comes to for the screen (the board moves the player's hand itself).
News = Play | Say | Pending
Outcome = News | Grab | Follow | LetGo | PutBack


@dataclass(frozen=True, slots=True)
class Press:
    """The mouse button went down on card ``index`` of ``pile`` at board position ``x``, ``y``.
    ``through_stage``: it went down while cards were moving, over the picture they move on (no
    click is made of its release: the release is the click)."""

    pile: Pile
    index: int
    x: int
    y: int
    through_stage: bool


def picked_text(state: GameState, selection: Selection) -> str:
    """``2♥``, or ``8♥–7♣ (2 cards)``: the cards ``selection`` takes."""
    count = shown_count(state, selection)
    top = state.top(selection.pile)
    if count > 1:
        return f"{state.columns[selection.pile.index][-count]}–{top} ({count} cards)"
    return str(top)


def pending_text(
    state: GameState, selection: Selection | None, names: Mapping[str, str] | None = None
) -> str:
    """``3 (2♥) → ?``: what is picked up and that a destination is expected; the pile named by
    the player's key for it (``names``: by pile code, else its code)."""
    if selection is None:
        return ""
    count = shown_count(state, selection)
    source = selection.pile
    name = (names or {}).get(source.code, source.code)
    if source.is_column and count > 1:
        column = state.columns[source.index]
        return f"{name} ({column[-count]}–{column[-1]}, {count} cards; +/− to change) → ?"
    return f"{name} ({state.top(source)}) → ?"


def nowhere_text(state: GameState, selection: Selection) -> str:
    """Why the cards of ``selection`` can go nowhere now."""
    what = picked_text(state, selection)
    if shown_count(state, selection) > 1:
        return f"{what} can go nowhere now: no column takes them"
    return (
        f"{what} can go nowhere now: it cannot go home, no column takes it "
        "and every free cell is full"
    )


class Gestures:
    """The board's gestures over ``state`` (see the module's docstring)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.selection: Selection | None = None
        #: The piles what is picked up may go to.
        self.targets: frozenset[Pile] = frozenset()
        #: The keyboard cursor: (row, place); row 0 is the cells and the foundations
        #: (:func:`_top_row`), row 1 the columns.
        self.cursor: tuple[int, int] | None = None
        #: What the mouse is over.
        self.hover: Where | None = None
        self.press: Press | None = None
        self._dragging = False
        #: A drag just ended: the click made of its release is no click.
        self._drag_ended = False
        #: Clicks since the board was last shown again (see :meth:`click`).
        self._clicks = 0
        #: The pile whose card was just refused for going nowhere: ``f`` (``x``) next says why
        #: it cannot go home or to a cell, as it would had the card been picked up.
        self._nowhere: Pile | None = None
        self._outcomes: list[Outcome] = []
        #: The player's key of each pile, by code, where it is not the code (a keyboard
        #: layout's own letters): what the status and message lines name piles by.
        self.names: Mapping[str, str] = {}
        #: The player's "home or cell" key and pile keys as messages name them (``None``: the
        #: game's own, ``f`` and ``1–8 or a–d``).
        self.quick_name: str | None = None
        self.pile_keys: str | None = None

    # ------------------------------------------------------------------ outcomes
    def pop_outcomes(self) -> list[Outcome]:
        """What the gestures came to since the last call, in order."""
        out, self._outcomes = self._outcomes, []
        return out

    def _say(self, text: str, tone: Tone = Tone.INFO) -> None:
        self._outcomes.append(Say(text, tone))

    def refuse(self, reason: str) -> None:
        """Say why; what was picked up is put down."""
        self.select(None)
        self._say(reason, Tone.ERROR)

    # ------------------------------------------------------------------ state
    @property
    def marks(self) -> tuple[object, ...]:
        """Everything of the gestures that the piles' looks show."""
        return (self.selection, self.targets, self.cursor, self.hover)

    @property
    def cursor_pile(self) -> Pile | None:
        if self.cursor is None:
            return None
        row, place = self.cursor
        return _top_row(self.state)[place] if row == 0 else Pile.column(place)

    def new_position(self, state: GameState) -> None:
        """The game moved on (or back): what was picked up is put down."""
        self.state = state
        self.select(None)

    def select(self, selection: Selection | None) -> None:
        """Pick up ``selection`` (``None``: put down)."""
        self._nowhere = None
        if selection == self.selection:
            return
        self.selection = selection
        self.targets = (
            legal_destinations(self.state, selection) if selection is not None else frozenset()
        )
        if selection is None:
            self._outcomes.append(PutBack())
        self._outcomes.append(Pending(pending_text(self.state, selection, self.names)))

    # ------------------------------------------------------------------ keys and clicks
    def put_down(self) -> bool:
        """Put down what is picked up; False when nothing was."""
        if self.selection is None:
            self._outcomes.append(PutBack())
            return False
        self.select(None)
        return True

    def choose(self, pile: Pile, index: int | None = None) -> Selection | None:
        """What picking up at ``pile`` (card ``index``; ``None``: as its key does) takes, or
        ``None`` after saying why nothing can be picked up there."""
        if pile.is_foundation:
            self.refuse("cards never leave the foundations: pick a column or a free cell")
            return None
        try:
            picked = (
                select_card(self.state, pile, index)
                if index is not None
                else select_pile(self.state, pile)
            )
        except FreeCellError as error:
            self.refuse(str(error))
            return None
        if not legal_destinations(self.state, picked):
            self.refuse(nowhere_text(self.state, picked))
            self._nowhere = pile
            return None
        return picked

    def _may_go(self) -> str:
        names = self.names
        return " ".join(sorted(names.get(p.code, p.code) for p in self.targets)) or "none"

    def _one_card_note(self) -> str:
        """When a run is picked up by its key and may go to an empty column: that only its top
        card goes there unless a count is chosen (the notation's ``18`` is one card)."""
        selection, state = self.selection, self.state
        if selection is None or selection.count is not None or shown_count(state, selection) < 2:
            return ""
        if not any(p.is_column and not state.columns[p.index] for p in self.targets):
            return ""
        return " Empty column: 1 card (+/− more)."  # fits the message line at 80 columns

    def act_on(self, pile: Pile, index: int | None = None) -> None:
        """A click or a pile key: pick up from ``pile``, or drop on it, or put down."""
        selection = self.selection
        if selection is None:
            picked = self.choose(pile, index)
            if picked is not None:
                self.select(picked)
                self._say(
                    f"Picked up from {picked.pile.name}. It may go to: {self._may_go()}."
                    + self._one_card_note()
                )
        elif pile == selection.pile:
            self.select(None)
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
        self._outcomes.append(Play(move))

    def quick(self) -> None:
        """``f`` (``x``): the picked-up card, or the card at the cursor, home or to a free
        cell."""
        pile = self.selection.pile if self.selection is not None else self.cursor_pile
        pile = pile or self._nowhere
        if pile is None:
            keys = self.pile_keys or pile_keys_text(self.state.variant)
            quick = self.quick_name or quick_key(self.state.variant)
            self.refuse(
                f"pick a card ({keys}, or the cursor) for {quick} to send home or to a cell"
            )
            return
        self.select(None)
        self._home_or_cell(pile)

    def _home_or_cell(self, pile: Pile) -> None:
        try:
            move = quick_move(self.state, pile)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self._outcomes.append(Play(move))

    def clicked(self, pile: Pile, index: int | None, chain: int = 1) -> None:
        """A click on card ``index`` of ``pile`` (``None``: its key or an empty spot);
        ``chain`` 2 is a double click: the card home or to a free cell."""
        if chain < 2 or pile.is_foundation:
            self.act_on(pile, index)
            return
        if pile.is_column and index is not None:
            column = self.state.columns[pile.index]
            if index != len(column) - 1:
                self.refuse("only a column's top card can go home or to a free cell")
                return
        self.select(None)
        self._home_or_cell(pile)

    def change_count(self, step: int) -> None:
        """``+`` / ``−``: how many cards of a picked-up column move."""
        selection = self.selection
        if selection is None or not selection.pile.is_column:
            self.refuse("+ and − change how many cards of a picked-up column move")
            return
        most = max(movable_run(self.state, selection.pile.index), 1)
        self._count(selection.pile, max(1, min(most, shown_count(self.state, selection) + step)))

    def choose_count(self, count: int) -> None:
        """``v`` and a count after a column's key: that many cards of it move (``1v38``)."""
        selection = self.selection
        if selection is None or not selection.pile.is_column:
            self.refuse("v and a count choose how many cards of a picked-up column move")
            return
        most = max(movable_run(self.state, selection.pile.index), 1)
        if count > most:
            self.refuse(
                f"{plural(count, 'card')} of {selection.pile.name} cannot move together now: "
                f"at most {most} may"
            )
            return
        self._count(selection.pile, count)

    def _count(self, pile: Pile, count: int) -> None:
        """``count`` cards of the column ``pile`` are picked up; said with how many may move."""
        most = max(movable_run(self.state, pile.index), 1)
        selection = Selection(pile, count)
        self.select(selection)
        self._say(
            f"{plural(count, 'card')} of {pile.name} picked up (at most {most} may move now)."
        )

    # ------------------------------------------------------------------ the cursor
    def move_cursor(self, rows: int, places: int) -> None:
        """An arrow key: the cursor moves (the first shows it, where the selection is)."""
        if self.cursor is None:
            start = self.selection.pile if self.selection is not None else COLUMNS[0]
            self.cursor = (1, start.index) if start.is_column else (0, start.index)
            return
        row, place = self.cursor
        row = max(0, min(1, row + rows))
        cells, columns = self.state.variant.cells, self.state.variant.columns
        if row == 0 and place >= cells and places:
            # the four foundations are one place (h)
            place = max(cells - 1, 0) if places < 0 and cells else cells
        else:
            place = max(0, min((cells + 3 if row == 0 else columns - 1), place + places))
        self.cursor = (row, place)

    def cursor_act(self) -> None:
        """Space or Enter: act on the pile at the cursor (the first shows the cursor)."""
        pile = self.cursor_pile
        if pile is None:
            self.move_cursor(0, 0)
            quick = self.quick_name or quick_key(self.state.variant)
            self._say(
                f"Arrows move the cursor; Space or Enter picks up and drops; {quick} sends home."
            )
            return
        self.act_on(pile)

    # ------------------------------------------------------------------ the mouse
    def hovered(self, where: Where | None) -> None:
        """The mouse is over ``where`` (``None``: off the board)."""
        self.hover = where

    def mouse_down(self, where: Where | None, x: int, y: int, through_stage: bool) -> bool:
        """The button went down at ``x``, ``y``, on ``where``. True: on a card that a drag may
        carry off (the board follows the pointer until the release)."""
        self._drag_ended = False
        self.press = None
        if where is None:
            return False
        pile, index = where
        if index is None or pile.is_foundation:
            return False  # no card to drag there (a click still acts)
        if pile.is_cell and self.state.top(pile) is None:
            return False
        self.press = Press(pile, index, x, y, through_stage)
        self._dragging = False
        return True

    def other_button(self) -> None:
        """Another button went down: the next click is a click."""
        self._drag_ended = False

    def mouse_move(self, x: int, y: int, where: Where | None) -> None:
        """The pointer moved to ``x``, ``y``, over ``where``: a hover, or a drag (that begins
        when a pressed pointer first moves)."""
        press = self.press
        if press is None:
            self.hovered(where)
            return
        if not self._dragging and (x, y) != (press.x, press.y):
            self._dragging = True
            if not self._drag_started(press):
                self.press = None
                return
        self.hovered((where[0], None) if where is not None else None)
        self._outcomes.append(Follow(x, y))

    def mouse_up(self, where: Where | None) -> bool:
        """The button came up over ``where``: a drop, or the click of a press made while cards
        moved. False when no press was followed."""
        press, dragging = self.press, self._dragging
        self.press, self._dragging = None, False
        if press is None:
            return False
        if dragging:
            self._drag_ended = True  # the click made of this release is no click
            self._dropped_on(press, where[0] if where is not None else None)
            self.hovered((where[0], None) if where is not None else None)
        elif press.through_stage:
            self._clicks += 1  # no click is made of it: this is the click
            self.clicked(press.pile, press.index)
        return True

    def is_click(self) -> bool:
        """A click is made of the release: False when it ends a drag (a drop, not a click)."""
        if self._drag_ended:
            self._drag_ended = False
            return False
        return True

    def click(self, pile: Pile, index: int | None, chain: int) -> None:
        """A click (``chain`` 2: a double click) on card ``index`` of ``pile``. A double click
        whose first click was not on the board (a dialog it closed) is not the board's."""
        self._clicks += 1
        if chain > self._clicks:
            return
        self.clicked(pile, index, chain)

    def shown_again(self) -> None:
        """The board is on top again: clicks count afresh."""
        self._clicks = 0

    def _drag_started(self, press: Press) -> bool:
        """A drag begins: the dragged cards are picked up and follow the pointer. False when
        they cannot be picked up."""
        picked = self.choose(press.pile, press.index)
        if picked is None:
            return False
        self.select(picked)
        state = self.state
        if press.pile.is_column:
            cards = state.columns[press.pile.index][-shown_count(state, picked) :]
        else:
            top = state.top(press.pile)
            cards = (top,) if top is not None else ()
        what = picked_text(state, picked)
        self._say(f"Dragging {what}: drop it on a pile. It may go to: {self._may_go()}.")
        self._outcomes.append(Grab(press.pile, cards, press.x, press.y))
        return True

    def _dropped_on(self, press: Press, dest: Pile | None) -> None:
        """The dragged cards were released over ``dest`` (``None``: off the piles)."""
        if dest is None or dest == press.pile:
            if self.selection is not None:
                self.select(None)
                self._say("Put down." if dest else "Dropped off the piles: put down.")
            return
        try:
            picked = select_card(self.state, press.pile, press.index)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self._outcomes.append(LetGo())
        self.select(picked)
        self.drop(dest)
