"""How a card is drawn: the base of every widget that draws cards (the piles, the stage where
cards fly).

A whole card is a box of any height from two lines (``╭ J♦ ────╮`` / ``╰──── J♦ ╯``) up, its suit
in the middle; a covered card shows its top lines; in the compact layout a card is one line. The
outline's *shape* tells the keyboard cursor (heavy lines) and the hint (double lines) from the
rest, and its *colour* the piles a picked-up card may go to; the face's colour tells a picked-up
card, the cards a click would pick up and the hinted cards. So every highlight differs in every
theme, even where two theme colours are alike. Where no colour is drawn (``NO_COLOR``: Textual
draws greys, or no colour at all under an ANSI theme) the picked-up cards and the places they
may go to get outlines of their own too (:data:`PICKED`, :data:`TARGET`).

Colours come from component classes styled with theme variables (``$card-face``, ``$card-ink``…,
see :mod:`freecell_tui.ui.board.inks`), held by the screen's one :class:`CardInks`; the inks are then made readable on the face they are drawn on
(:func:`~freecell_tui.ui.board.inks.card_inks`).
"""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual.content import Content
from textual.style import Style
from textual.widget import Widget

from freecell_tui.core.cards import Card, Suit
from freecell_tui.ui.board.inks import card_inks, readable

__all__ = [
    "DASHED",
    "DOUBLE",
    "HEAVY",
    "HEAVY_DASHED",
    "PICKED",
    "ROUND",
    "TARGET",
    "CardArt",
    "CardInks",
    "Glyphs",
]


class Glyphs(NamedTuple):
    """The characters of an outline, and the edges of a one-line (compact) card."""

    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    across: str
    down: str
    left_edge: str
    right_edge: str


ROUND = Glyphs("╭", "╮", "╰", "╯", "─", "│", "▏", "▕")
HEAVY = Glyphs("┏", "┓", "┗", "┛", "━", "┃", "┃", "┃")
DOUBLE = Glyphs("╔", "╗", "╚", "╝", "═", "║", "║", "║")
DASHED = Glyphs("┌", "┐", "└", "┘", "╌", "╎", "▏", "▕")
HEAVY_DASHED = Glyphs("┏", "┓", "┗", "┛", "╍", "╏", "┃", "┃")
#: Where no colour is drawn (``NO_COLOR``): the picked-up cards' outline, and the places they may
#: go to (a card's or an empty place's), which colour alone tells apart elsewhere.
PICKED = Glyphs("┏", "┓", "┗", "┛", "┅", "┇", "▐", "▌")
TARGET = Glyphs("╭", "╮", "╰", "╯", "┄", "┆", "┆", "┆")


class CardInks(Widget):
    """The card art's colours, for every pile and the stage at once: the holder of their
    component classes (styled with the theme's variables), never drawn.

    Textual restyles a widget's component classes with it, each as a node of its own, whenever
    the widget is restyled (a resize, a class set, the screen shown); held by one widget they are
    restyled once, not once for each pile widget of the board and its stage."""

    DEFAULT_CSS = """
    CardInks { display: none; }
    CardInks > .card--face { background: $card-face; }
    CardInks > .card--border { color: $card-edge; }
    CardInks > .card--black { color: $card-ink; text-style: bold; }
    CardInks > .card--red { color: $card-red; text-style: bold; }
    CardInks > .card--clubs { color: $text-success; text-style: bold; }
    CardInks > .card--diamonds { color: $text-primary; text-style: bold; }
    CardInks > .card--edge { text-style: underline; }
    CardInks > .card--selected { background: $card-select 60%; }
    CardInks > .card--hover { background: $card-hover; }
    CardInks > .card--hint { background: $card-hint 30%; }
    CardInks > .card--selected-border { color: $card-ink 70%; text-style: bold; }
    CardInks > .card--target-border { color: $card-target; text-style: bold; }
    CardInks > .card--hover-target-border {
        color: $background; background: $card-target; text-style: bold;
    }
    CardInks > .card--hint-border { color: $card-hint; text-style: bold; }
    CardInks > .card--cursor-border { color: $card-cursor; text-style: bold; }
    CardInks > .pile--label { color: $foreground-muted; }
    CardInks > .pile--label-selected { color: $card-select; text-style: bold; }
    CardInks > .pile--label-target { color: $card-target; text-style: bold; }
    CardInks > .pile--label-hint { color: $card-hint; text-style: bold; }
    CardInks > .pile--label-cursor { background: $foreground; color: $background; text-style: bold; }
    CardInks > .pile--empty { color: $foreground 30%; }
    CardInks > .pile--cursor-outline { color: $foreground; text-style: bold; }
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
        "card--hover",
        "card--hint",
        "card--selected-border",
        "card--target-border",
        "card--hover-target-border",
        "card--hint-border",
        "card--cursor-border",
        "pile--label",
        "pile--label-selected",
        "pile--label-target",
        "pile--label-hint",
        "pile--label-cursor",
        "pile--empty",
        "pile--cursor-outline",
    }


class CardArt(Widget):
    """Draws cards (see the module's docstring). Subclasses say what to draw where."""

    DEFAULT_CSS = """
    CardArt {
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    ascii = False
    """Suits as the letters C D H S (set by subclasses' reactives)."""
    four_colour = False
    """Clubs green, diamonds blue, hearts red, spades black."""

    @property
    def art_width(self) -> int:
        """How wide a card is drawn: the widget's width (the stage draws piles' widths)."""
        return self.size.width

    # ------------------------------------------------------------------ styles
    #: Styles worked out for the current theme (a card draws the same few styles many times).
    _memo: dict[tuple[object, ...], Style] | None = None
    _memo_theme: str | None = None

    def _memory(self) -> dict[tuple[object, ...], Style]:
        theme = self.app.theme
        if self._memo is None or self._memo_theme != theme:
            self._memo, self._memo_theme = {}, theme
        return self._memo

    _inks: CardInks | None = None

    def _style(self, *names: str) -> Style:
        memo = self._memory()
        style = memo.get(names)
        if style is None:
            inks = self._inks
            if inks is None or not inks.is_attached:
                inks = self._inks = self.screen.query_one(CardInks)
            style = memo[names] = inks.get_visual_style(*names)
        return style

    def _ink(self, face: tuple[str, ...], suit: Suit, extra: tuple[str, ...] = ()) -> Style:
        """The style of a card's rank and suit on ``face``: its ink, readable there."""
        memo = self._memory()
        key = ("ink", suit, self.four_colour, *face, "/", *extra)
        style = memo.get(key)
        if style is None:
            style = memo[key] = self._work_out_ink(face, suit, extra)
        return style

    def _work_out_ink(self, face: tuple[str, ...], suit: Suit, extra: tuple[str, ...]) -> Style:
        base = self._style(*face, *extra)
        background = base.background
        if self.four_colour and suit in (Suit.CLUBS, Suit.DIAMONDS):
            name = "card--clubs" if suit is Suit.CLUBS else "card--diamonds"
            ink = readable(self._style(name).foreground, background)
        else:
            black, red = card_inks(
                background,
                self._style("card--black").foreground,
                self._style("card--red").foreground,
            )
            ink = red if suit.is_red else black
        return base + Style(foreground=ink, bold=True)

    @staticmethod
    def face_names(selected: bool, hovered: bool, hinted: bool) -> tuple[str, ...]:
        if selected:
            return ("card--face", "card--selected")
        if hovered:
            return ("card--face", "card--hover")
        if hinted:
            return ("card--face", "card--hint")
        return ("card--face",)

    def label(self, card: Card) -> str:
        return card.text(ascii=self.ascii)

    def symbol(self, suit: Suit) -> str:
        return suit.letter if self.ascii else suit.symbol

    # ------------------------------------------------------------------ one card
    def card_head(
        self, card: Card, face: tuple[str, ...], border: str, glyphs: Glyphs = ROUND
    ) -> Content:
        """``╭ 10♥ ────╮``: the first line of a card (``╭10♥╮`` where a card is that narrow:
        the corners always show)."""
        width = self.art_width
        edge = self._style(*face, border)
        label = self.label(card)
        pad = " " if width >= len(label) + 4 else ""
        fill = max(width - len(label) - 2 - 2 * len(pad), 0)
        return Content.assemble(
            (glyphs.top_left + pad, edge),
            (label, self._ink(face, card.suit)),
            (pad + glyphs.across * fill + glyphs.top_right, edge),
        )

    def card_body(
        self,
        card: Card,
        face: tuple[str, ...],
        border: str,
        glyphs: Glyphs = ROUND,
        *,
        mark: bool = False,
    ) -> Content:
        """``│    ♥    │``: a middle line of a card (``mark``: with its suit)."""
        width = self.art_width
        edge = self._style(*face, border)
        inner = max(width - 2, 0)
        middle = self.symbol(card.suit) if mark else ""
        return Content.assemble(
            (glyphs.down, edge),
            (middle.center(inner), self._ink(face, card.suit)),
            (glyphs.down, edge),
        )

    def card_foot(
        self, card: Card, face: tuple[str, ...], border: str, glyphs: Glyphs = ROUND
    ) -> Content:
        """``╰──── 10♥ ╯``: the last line of a card (``╰10♥╯`` where a card is that narrow)."""
        width = self.art_width
        edge = self._style(*face, border)
        label = self.label(card)
        pad = " " if width >= len(label) + 4 else ""
        fill = max(width - len(label) - 2 - 2 * len(pad), 0)
        return Content.assemble(
            (glyphs.bottom_left + glyphs.across * fill + pad, edge),
            (label, self._ink(face, card.suit)),
            (pad + glyphs.bottom_right, edge),
        )

    def card_box(
        self,
        card: Card,
        height: int,
        face: tuple[str, ...],
        border: str,
        glyphs: Glyphs = ROUND,
    ) -> list[Content]:
        """A whole card ``height`` lines high (at least two), its suit in the middle."""
        lines = [self.card_head(card, face, border, glyphs)]
        middle = max(height - 2, 0)
        for line in range(middle):
            lines.append(self.card_body(card, face, border, glyphs, mark=line == middle // 2))
        lines.append(self.card_foot(card, face, border, glyphs))
        return lines

    def covered(
        self, card: Card, step: int, face: tuple[str, ...], border: str, glyphs: Glyphs = ROUND
    ) -> list[Content]:
        """The ``step`` top lines of a card another card covers."""
        lines = [self.card_head(card, face, border, glyphs)]
        lines.extend(self.card_body(card, face, border, glyphs) for _ in range(step - 1))
        return lines

    def one_line(
        self,
        card: Card,
        prefix: str,
        face: tuple[str, ...],
        border: str,
        glyphs: Glyphs = ROUND,
        *,
        top: bool = True,
        prefix_style: Style | None = None,
        label: str = "",
    ) -> Content:
        """A card on one line (the compact layout): ``prefix`` (an edge, or a free cell's key)
        then its label (``label``, else :meth:`label`) on the face (the top card underlined, as
        the edge of the card)."""
        width = self.art_width
        if top:
            face = (*face, "card--edge")
        edge = self._style(*face, border)
        label = label or self.label(card)
        rest = max(width - len(prefix) - len(label) - 1, 0)
        return Content.assemble(
            (prefix, prefix_style or edge),
            (label, self._ink(face, card.suit)),
            (" " * rest, self._style(*face)),
            (glyphs.right_edge, edge),
        )

    def covered_line(
        self, card: Card, step: int, face: tuple[str, ...], border: str, glyphs: Glyphs = ROUND
    ) -> list[Content]:
        """A covered card in the compact layout, ``step`` lines: its label, then its face."""
        width = self.art_width
        lines = [self.one_line(card, glyphs.left_edge, face, border, glyphs, top=False)]
        edge = self._style(*face, border)
        blank = Content.assemble(
            (glyphs.left_edge, edge),
            (" " * max(width - 2, 0), self._style(*face)),
            (glyphs.right_edge, edge),
        )
        lines.extend(blank for _ in range(step - 1))
        return lines

    def outline(self, height: int, mark: str, style: str, glyphs: Glyphs = DASHED) -> list[Content]:
        """An empty place: a dashed outline ``height`` lines high, ``mark`` in it."""
        width = self.art_width
        inner = max(width - 2, 0)
        drawn = self._style(style)
        if height <= 1:
            return [Content.styled((glyphs.across * width)[:width], drawn)]
        top = glyphs.top_left + glyphs.across * inner + glyphs.top_right
        bottom = glyphs.bottom_left + glyphs.across * inner + glyphs.bottom_right
        if height == 2:
            top = glyphs.top_left + f" {mark} ".center(inner, glyphs.across) + glyphs.top_right
            return [Content.styled(top, drawn), Content.styled(bottom, drawn)]
        middle = max(height - 2, 0)
        lines = [Content.styled(top, drawn)]
        for line in range(middle):
            text = mark if line == middle // 2 else ""
            lines.append(Content.styled(glyphs.down + text.center(inner) + glyphs.down, drawn))
        lines.append(Content.styled(bottom, drawn))
        return lines
