"""The board's gestures before a move is made: picking up, putting down, dropping, the cursor, the
run count — what a pile key, a click or the cursor means (the mouse's own gestures, and the
motion, are the layers above: :mod:`.board_motion`, :mod:`.board_mouse`, :mod:`.board`).

Attributes down: the game screen sets :attr:`BoardPlay.state` and :attr:`BoardPlay.hint`.
What a gesture comes to — a move (:class:`BoardPlay.Play`), words for the player
(:class:`BoardPlay.Said`), what is picked up (:class:`BoardPlay.Pending`) — goes into the board's
outbox, in order. The game screen empties it (:meth:`BoardPlay.drain`) right after every key it
hands the board, so a move is played before the next key is read; what it did not take (the
mouse's gestures, which run in the board's own turn) is posted after as ``Board.…`` messages
(:meth:`BoardPlay.post_outbox`): ``on_board_play``, ``on_board_said``, ``on_board_pending``.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move, Pile
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural
from freecell_tui.session.analysis import HintMark
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

__all__ = ["TOP_ROW", "BoardPlay"]

#: The keyboard cursor's rows: free cells and foundations, then the columns (8 places each).
TOP_ROW: tuple[Pile, ...] = (*CELLS, FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION)


class BoardPlay(Widget):
    """What keys and clicks do on the board (see the module's docstring)."""

    state: reactive[GameState] = reactive(lambda: deal(1), init=False, repaint=False)
    hint: reactive[HintMark | None] = reactive(None, init=False, repaint=False)
    selection: reactive[Selection | None] = reactive(None, init=False, repaint=False)
    cursor: reactive[tuple[int, int] | None] = reactive(None, init=False, repaint=False)

    @dataclass
    class Play(Message, namespace="board"):
        """The player made ``move`` (two keys, a click and a drop, a drag, a double click)."""

        move: Move

    @dataclass
    class Said(Message, namespace="board"):
        """What the board tells the player: ``tone`` is ``info`` or ``error``."""

        text: str
        tone: str = "info"

    @dataclass
    class Pending(Message, namespace="board"):
        """What is picked up, for the status line (``3 (2♥) → ?``; empty: nothing)."""

        text: str

    _targets: frozenset[Pile] = frozenset()
    _outbox: list[Message]

    # ------------------------------------------------------------------ the outbox
    def _emit(self, message: Message) -> None:
        """What a gesture came to, kept in order until the screen takes it; what the screen did
        not take in its turn (the mouse's gestures, in the board's turn) is posted after."""
        if not self._outbox and self.is_attached:
            self.call_later(self.post_outbox)
        self._outbox.append(message)

    def drain(self) -> list[Message]:
        """What the gestures came to since the last call, in order (the screen acts on each)."""
        out, self._outbox = self._outbox, []
        return out

    def post_outbox(self) -> None:
        """Post what the gestures came to as messages (the mouse, in the board's own turn)."""
        for message in self.drain():
            self.post_message(message)

    # ------------------------------------------------------------------ hooks of the layers above
    def _show_looks(self) -> None:
        """Draw every pile's highlights (the board does)."""

    def _put_back(self) -> None:
        """What was picked up is put down: cards in the player's hand go back (the motion)."""

    # ------------------------------------------------------------------ watchers
    def watch_hint(self) -> None:
        self._show_looks()

    def watch_cursor(self) -> None:
        self._show_looks()

    def watch_selection(self, selection: Selection | None) -> None:
        self._targets = (
            legal_destinations(self.state, selection) if selection is not None else frozenset()
        )
        if selection is None:
            self._put_back()
        self._show_looks()
        self._emit(self.Pending(self.pending_text()))

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

    def picked_text(self, selection: Selection) -> str:
        """``2♥``, or ``8♥–7♣ (2 cards)``: the cards ``selection`` takes."""
        state = self.state
        count = shown_count(state, selection)
        top = state.top(selection.pile)
        if count > 1:
            return f"{state.columns[selection.pile.index][-count]}–{top} ({count} cards)"
        return str(top)

    # ------------------------------------------------------------------ gestures
    @property
    def cursor_pile(self) -> Pile | None:
        if self.cursor is None:
            return None
        row, place = self.cursor
        return TOP_ROW[place] if row == 0 else COLUMNS[place]

    def _say(self, text: str, tone: str = "info") -> None:
        self._emit(self.Said(text, tone))

    def refuse(self, reason: str) -> None:
        """Say why; what was picked up is put down."""
        self.selection = None
        self._say(reason, "error")

    def put_down(self) -> bool:
        """Put down what is picked up; False when nothing was."""
        if self.selection is None:
            self._put_back()
            return False
        self.selection = None
        return True

    def nowhere(self, selection: Selection) -> str:
        """Why the cards of ``selection`` can go nowhere now."""
        what = self.picked_text(selection)
        if shown_count(self.state, selection) > 1:
            return f"{what} can go nowhere now: no column takes them"
        return (
            f"{what} can go nowhere now: it cannot go home, no column takes it "
            "and every free cell is full"
        )

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
            self.refuse(self.nowhere(picked))
            return None
        return picked

    def pick(self, selection: Selection) -> None:
        self.selection = selection
        targets = " ".join(sorted(p.code for p in self._targets)) or "none"
        self._say(f"Picked up from {selection.pile.name}. It may go to: {targets}.")

    def act_on(self, pile: Pile, index: int | None = None) -> None:
        """A click or a pile key: pick up from ``pile``, or drop on it, or put down."""
        selection = self.selection
        if selection is None:
            picked = self.choose(pile, index)
            if picked is not None:
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
        self._emit(self.Play(move))

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
        self._emit(self.Play(move))

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

    def clicked(self, pile: Pile, index: int | None, chain: int = 1) -> None:
        """A click on card ``index`` of ``pile`` (``None``: its key or an empty spot);
        ``chain`` 2 is a double click: the card home or to a free cell."""
        if chain >= 2 and not pile.is_foundation:
            if pile.is_column and index is not None:
                column = self.state.columns[pile.index]
                if index != len(column) - 1:
                    self.refuse("only a column's top card can go home or to a free cell")
                    return
            self.selection = None
            self.send_home_or_cell(pile)
            return
        self.act_on(pile, index)
