"""The base of the board's piles: their state, how a card is drawn, and the mouse.

Each pile widget draws the cards it is given (attributes down) and reports clicks, hovers and drags
as messages (messages up); it never decides what an action means. Its highlights arrive as one
frozen :class:`~freecell_tui.ui.highlights.PileLook` set by the board.

Two layouts: the full one draws each column's top card as a small three-line card and every covered
card as one line holding its rank and suit; the compact one (``compact=True``, for 80×24) draws every
card as one line. Colours come from component classes styled with theme variables.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.content import Content
from textual.errors import NoWidget
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.notation import Pile
from freecell_tui.ui.highlights import PLAIN, PileLook
from freecell_tui.ui.messages import PileClicked, PileDragStarted, PileDropped, PileHovered

__all__ = ["TOP_CARD_LINES", "PileWidget"]

#: Lines a full-size top card takes (a covered card takes one).
TOP_CARD_LINES = 3


class PileWidget(Widget):
    """Base of the three pile widgets: state, styles, mouse handling."""

    DEFAULT_CSS = """
    PileWidget {
        width: 1fr;
        height: 4;
        margin: 0 1 0 0;
        &:last-child { margin: 0; }
        text-wrap: nowrap;
        text-overflow: clip;
    }
    PileWidget.-compact { height: 1; }
    PileWidget > .card--face { background: $panel; }
    PileWidget > .card--border { color: $foreground 45%; }
    PileWidget > .card--black { color: $foreground; text-style: bold; }
    PileWidget > .card--red { color: $text-error; text-style: bold; }
    PileWidget > .card--clubs { color: $text-success; text-style: bold; }
    PileWidget > .card--diamonds { color: $text-primary; text-style: bold; }
    PileWidget > .card--edge { text-style: underline; }
    PileWidget > .card--selected { background: $accent 45%; }
    PileWidget > .card--selected-border { color: $accent; text-style: bold; }
    PileWidget > .card--hover { background: $foreground 15%; }
    PileWidget > .card--target-border { color: $success; text-style: bold; }
    PileWidget > .card--hover-target-border { color: $background; background: $success; text-style: bold; }
    PileWidget > .card--hint { background: $warning 35%; }
    PileWidget > .card--hint-border { color: $warning; text-style: bold; }
    PileWidget > .pile--label { color: $foreground-muted; }
    PileWidget > .pile--label-selected { color: $accent; text-style: bold; }
    PileWidget > .pile--label-target { color: $success; text-style: bold; }
    PileWidget > .pile--label-hint { color: $warning; text-style: bold; }
    PileWidget > .pile--label-cursor { background: $accent; color: $text; text-style: bold; }
    PileWidget > .pile--empty { color: $foreground 30%; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--face",
        "card--border",
        "card--black",
        "card--red",
        "card--clubs",
        "card--diamonds",
        "card--edge",
        "card--selected",
        "card--selected-border",
        "card--hover",
        "card--target-border",
        "card--hover-target-border",
        "card--hint",
        "card--hint-border",
        "pile--label",
        "pile--label-selected",
        "pile--label-target",
        "pile--label-hint",
        "pile--label-cursor",
        "pile--empty",
    }

    cards: reactive[tuple[Card, ...]] = reactive(())
    """The pile's cards, deepest first (a free cell or foundation holds at most its top card)."""
    look: reactive[PileLook] = reactive(PLAIN)
    """The pile's highlights (see :class:`~freecell_tui.ui.highlights.PileLook`)."""
    compact: reactive[bool] = reactive(False)
    """One line per card (the 80×24 layout)."""
    ascii: reactive[bool] = reactive(False)
    """Suits as C D H S."""
    four_colour: reactive[bool] = reactive(False)
    """Clubs green, diamonds blue, hearts red, spades black."""

    def __init__(self, pile: Pile, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.pile = pile
        self._press: tuple[int, int, int] | None = None  # screen x, y, card index at mouse down
        self._dragging = False
        #: A drag just ended over this pile: the click that Textual makes of it is swallowed
        #: (cleared by the next press, so it never swallows a real click).
        self._drag_ended = False
        self._last_hover: tuple[Pile | None, int | None] | None = None

    def watch_compact(self, compact: bool) -> None:
        self.set_class(compact, "-compact")

    # ------------------------------------------------------------------ drawing helpers
    def _style(self, *names: str) -> Style:
        return self.get_visual_style(*names)

    def _suit_class(self, suit: Suit) -> str:
        if self.four_colour:
            if suit is Suit.CLUBS:
                return "card--clubs"
            if suit is Suit.DIAMONDS:
                return "card--diamonds"
        return "card--red" if suit.is_red else "card--black"

    def _face(self, selected: bool, hovered: bool, hinted: bool = False) -> tuple[str, ...]:
        if selected:
            return ("card--face", "card--selected")
        if hovered:
            return ("card--face", "card--hover")
        if hinted:
            return ("card--face", "card--hint")
        return ("card--face",)

    def _border_class(self, selected: bool, top: bool = True, hinted: bool = False) -> str:
        if selected:
            return "card--selected-border"
        if hinted:
            return "card--hint-border"
        if not top:
            return "card--border"
        if self.look.hover_target:
            return "card--hover-target-border"
        if self.look.target:
            return "card--target-border"
        if self.look.hint_target:
            return "card--hint-border"
        return "card--border"

    def _label(self, card: Card) -> str:
        return card.text(ascii=self.ascii)

    def _symbol(self, suit: Suit) -> str:
        return suit.letter if self.ascii else suit.symbol

    def _header_line(self, text: str) -> Content:
        """The pile's key (``3``, ``a``, ``h``) centred, styled by its state."""
        if self.look.cursor:
            name = "pile--label-cursor"
        elif self.look.selected:
            name = "pile--label-selected"
        elif self.look.target:
            name = "pile--label-target"
        elif self.look.hint or self.look.hint_target:
            name = "pile--label-hint"
        else:
            name = "pile--label"
        width = self.size.width
        label = f" {text} " if self.look.cursor else text
        return Content.styled(label.center(width)[:width], self._style(name))

    def _card_top(
        self, card: Card, *, selected: bool, hovered: bool, top: bool = True, hinted: bool = False
    ) -> Content:
        """``╭ 10♥ ────╮``: a covered card, or the first line of a top card."""
        width = self.size.width
        face = self._face(selected, hovered, hinted)
        border = self._style(*face, self._border_class(selected, top, hinted))
        label = self._label(card)
        fill = max(width - len(label) - 4, 0)
        return Content.assemble(
            ("╭ ", border),
            (label, self._style(*face, self._suit_class(card.suit))),
            (" " + "─" * fill + "╮", border),
        )

    def _card_middle(
        self, card: Card, *, selected: bool, hovered: bool, hinted: bool = False
    ) -> Content:
        width = self.size.width
        face = self._face(selected, hovered, hinted)
        border = self._style(*face, self._border_class(selected, hinted=hinted))
        inner = max(width - 2, 0)
        return Content.assemble(
            ("│", border),
            (
                self._symbol(card.suit).center(inner),
                self._style(*face, self._suit_class(card.suit)),
            ),
            ("│", border),
        )

    def _card_bottom(
        self, card: Card, *, selected: bool, hovered: bool, hinted: bool = False
    ) -> Content:
        width = self.size.width
        face = self._face(selected, hovered, hinted)
        border = self._style(*face, self._border_class(selected, hinted=hinted))
        label = self._label(card)
        fill = max(width - len(label) - 4, 0)
        return Content.assemble(
            ("╰" + "─" * fill + " ", border),
            (label, self._style(*face, self._suit_class(card.suit))),
            (" ╯", border),
        )

    def _card_box(
        self, card: Card, *, selected: bool, hovered: bool, hinted: bool = False
    ) -> list[Content]:
        return [
            self._card_top(card, selected=selected, hovered=hovered, hinted=hinted),
            self._card_middle(card, selected=selected, hovered=hovered, hinted=hinted),
            self._card_bottom(card, selected=selected, hovered=hovered, hinted=hinted),
        ]

    def _empty_box(self, mark: str) -> list[Content]:
        """A dashed outline where a card may go, with ``mark`` in the middle."""
        width = self.size.width
        inner = max(width - 2, 0)
        outlined = self.look.target or self.look.hint_target
        style = self._style(self._border_class(False) if outlined else "pile--empty")
        return [
            Content.styled("┌" + "╌" * inner + "┐", style),
            Content.styled("╎" + mark.center(inner) + "╎", style),
            Content.styled("└" + "╌" * inner + "┘", style),
        ]

    def _compact_card(
        self,
        card: Card,
        prefix: str,
        *,
        selected: bool,
        hovered: bool,
        top: bool = True,
        hinted: bool = False,
    ) -> Content:
        """One line: ``prefix`` then the card's label on the card face (the top card underlined,
        as the edge of the card)."""
        width = self.size.width
        face = self._face(selected, hovered, hinted)
        if top:
            face = (*face, "card--edge")
        border = self._style(*face, self._border_class(selected, top, hinted))
        label = self._label(card)
        rest = max(width - len(prefix) - len(label) - 1, 0)
        return Content.assemble(
            (prefix, border),
            (label, self._style(*face, self._suit_class(card.suit))),
            (" " * rest, self._style(*face)),
            ("▕", border),
        )

    # ------------------------------------------------------------------ mouse
    def card_at(self, y: int) -> int | None:
        """The index of the card drawn at line ``y`` (``None``: no card there)."""
        return 0 if self.cards else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._press is not None:
            x, y, index = self._press
            if not self._dragging and (event.screen_x, event.screen_y) != (x, y):
                self._dragging = True
                self.post_message(PileDragStarted(self.pile, index))
            dest = self._pile_under(event.screen_x, event.screen_y)
            self._post_hover(dest, None)
            return
        self._post_hover(self.pile, self.card_at(event.y))

    def on_leave(self, event: events.Leave) -> None:
        if self._press is None:
            self._post_hover(None, None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._drag_ended = False
        if event.button != 1:
            return
        index = self.card_at(event.y)
        if index is None:
            return
        self._press = (event.screen_x, event.screen_y, index)
        self._dragging = False
        self.capture_mouse()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        press, dragging = self._press, self._dragging
        self._press, self._dragging = None, False
        if press is None:
            return
        self.release_mouse()
        if not dragging:
            return
        dest = self._pile_under(event.screen_x, event.screen_y)
        self._drag_ended = True  # the click Textual makes of this release is no click
        self.post_message(PileDropped(self.pile, press[2], dest))
        self._post_hover(dest, None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        if self._drag_ended:
            self._drag_ended = False
            return  # the end of a drag back onto this pile (handled as a drop)
        self.post_message(PileClicked(self.pile, self.card_at(event.y), event.chain))

    def _pile_under(self, x: float, y: float) -> Pile | None:
        try:
            widget, _ = self.screen.get_widget_at(int(x), int(y))
        except NoWidget:  # off the screen: no pile there
            return None
        return widget.pile if isinstance(widget, PileWidget) else None

    def _post_hover(self, pile: Pile | None, index: int | None) -> None:
        if self._last_hover != (pile, index):
            self._last_hover = (pile, index)
            self.post_message(PileHovered(pile, index))
