"""The mouse on the board: clicks, double clicks, drags and hovering.

The board finds what the pointer is on from its layout (:meth:`BoardLayout.locate
<freecell_tui.ui.layout.BoardLayout.locate>`), the same numbers that draw the piles, so the mouse
works the same whether it is over a pile or over the stage where cards fly. A press on a card
that then moves is a drag: the cards are picked up and (with motion on) follow the pointer; the
release drops them on the pile under it. A press and release without moving is a click; a second
click at the same place is a double click.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual import events

from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import Pile
from freecell_tui.ui.board_motion import BoardMotion
from freecell_tui.ui.messages import PileClicked
from freecell_tui.ui.selection import select_card, shown_count

__all__ = ["BoardMouse", "Press"]


@dataclass(frozen=True, slots=True)
class Press:
    """The mouse button went down on card ``index`` of ``pile`` at board position ``x``, ``y``.
    ``through_stage``: it went down while cards were moving, on the stage over the piles (the
    app then makes no click of its release: the board does)."""

    pile: Pile
    index: int
    x: int
    y: int
    through_stage: bool


class BoardMouse(BoardMotion):
    """See the module's docstring."""

    def _mouse_init(self) -> None:
        self._press: Press | None = None
        self._dragging = False
        #: A drag just ended: the click Textual makes of its release is no click.
        self._drag_ended = False
        self._hover: tuple[Pile, int | None] | None = None
        #: Clicks since the board was last shown again (see :meth:`on_pile_clicked`).
        self._clicks = 0

    def _at(self, event: events.MouseEvent) -> tuple[int, int]:
        """The event's position in board coordinates."""
        region = self.region
        return int(event.screen_x) - region.x, int(event.screen_y) - region.y

    def _locate(self, x: int, y: int) -> tuple[Pile, int | None] | None:
        counts = [len(column) for column in self.scene().columns]
        return self.geometry.locate(x, y, counts)

    # ------------------------------------------------------------------ press, move, release
    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._drag_ended = False
        if event.button != 1:
            return
        through_stage = self.settle()
        x, y = self._at(event)
        found = self._locate(x, y)
        self._press = None
        if found is None:
            return
        pile, index = found
        if index is None or pile.is_foundation:
            return  # no card to drag there (a click still acts: see on_click)
        if pile.is_cell and self.state.top(pile) is None:
            return
        self._press = Press(pile, index, x, y, through_stage)
        self._dragging = False
        self.capture_mouse()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        x, y = self._at(event)
        press = self._press
        if press is None:
            self._hovered(self._locate(x, y))
            return
        if not self._dragging and (x, y) != (press.x, press.y):
            self._dragging = True
            if not self._drag_started(press):
                self._press = None
                self.release_mouse()
                return
        found = self._locate(x, y)
        self._hovered((found[0], None) if found is not None else None)
        self.drag_to(x, y)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        press, dragging = self._press, self._dragging
        self._press, self._dragging = None, False
        if press is None:
            return
        self.release_mouse()
        x, y = self._at(event)
        found = self._locate(x, y)
        if dragging:
            self._drag_ended = True  # the click Textual makes of this release is no click
            self._dropped_on(press, found[0] if found is not None else None)
            self._hovered((found[0], None) if found is not None else None)
        elif press.through_stage:
            # The app makes no click of it (it went down on the stage): the board does.
            self._clicks += 1
            self.clicked(press.pile, press.index)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self._drag_ended:
            self._drag_ended = False
            return  # the end of a drag (handled as a drop)
        found = self._locate(*self._at(event))
        if found is None:
            return
        self.post_message(PileClicked(found[0], found[1], event.chain))

    def on_leave(self, event: events.Leave) -> None:
        # A pile's Leave bubbles up here too: only a pointer off the whole board ends the hover.
        if self._press is None and not self.region.contains(*self.app.mouse_position):
            self._hovered(None)

    # ------------------------------------------------------------------ what they mean
    def _hovered(self, where: tuple[Pile, int | None] | None) -> None:
        if where != self._hover:
            self._hover = where
            self._show_looks()

    def _drag_started(self, press: Press) -> bool:
        """A drag begins: the dragged cards are picked up (and follow the pointer); the piles
        they may go to light up while it moves. False when they cannot be picked up."""
        picked = self.choose(press.pile, press.index)
        if picked is None:
            return False
        self.selection = picked
        state = self.state
        count = shown_count(state, picked)
        cards = (
            state.columns[press.pile.index][-count:]
            if press.pile.is_column
            else (state.top(press.pile),)
        )
        targets = " ".join(sorted(p.code for p in self._targets)) or "none"
        self._say(
            f"Dragging {self.picked_text(picked)}: drop it on a pile. It may go to: {targets}."
        )
        self.grab(press.pile, tuple(card for card in cards if card is not None), press.x, press.y)
        return True

    def _dropped_on(self, press: Press, dest: Pile | None) -> None:
        """The dragged cards were released over ``dest`` (``None``: off the piles)."""
        if dest is None or dest == press.pile:
            if self.selection is not None:
                self.selection = None
                self._say("Put down." if dest else "Dropped off the piles: put down.")
            return
        try:
            picked = select_card(self.state, press.pile, press.index)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.let_go()
        if self.selection != picked:
            self.selection = picked
        self.drop(dest)

    # ------------------------------------------------------------------ clicks
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
        self.clicked(message.pile, message.index, message.chain)
