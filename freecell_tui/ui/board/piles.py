"""The piles of the board: the columns, the free cells and the foundations (see
:mod:`.pile` for what they share, :mod:`.cardart` for how a card is drawn)."""

from __future__ import annotations

from textual.content import Content

from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.notation import Pile
from freecell_tui.ui.board.cardart import DOUBLE, TARGET
from freecell_tui.ui.board.pile import PileWidget

__all__ = ["CellWidget", "ColumnWidget", "FoundationWidget", "PileWidget"]


class ColumnWidget(PileWidget):
    """A column: its key on the first line, then its cards, each covered card showing as many
    lines as the layout gives it."""

    DEFAULT_CSS = """
    ColumnWidget { height: 1fr; }
    """

    def art(self) -> list[Content]:
        cards = self.cards
        count = len(cards)
        lines = [self.header_line(self.header)]
        if not cards:
            lines.extend(self.empty_place(""))
            return lines
        look = self.look
        layout = self.geometry
        rows = layout.column_rows(count)
        for index, card in enumerate(cards):
            depth = count - index  # 1 for the top card
            selected = depth <= look.selected
            hovered = depth <= look.hovered
            hinted = depth <= look.hint
            if depth == 1:
                lines.extend(
                    self.whole_card(card, selected=selected, hovered=hovered, hinted=hinted)
                )
                continue
            face = self.face_names(selected, hovered, hinted)
            border, glyphs = self.border(top=False, selected=selected, hinted=hinted)
            step = rows[index + 1] - rows[index]
            if layout.compact:
                lines.extend(self.covered_line(card, step, face, border, glyphs))
            else:
                lines.extend(self.covered(card, step, face, border, glyphs))
        return lines


class CellWidget(PileWidget):
    """A free cell: its key (its letter: ``a``, ``b``, …) above, then its card or an empty
    outline (compact: its key then its card, on one line)."""

    def art(self) -> list[Content]:
        card = self.cards[-1] if self.cards else None
        look = self.look
        selected, hovered, hinted = look.selected > 0, look.hovered > 0, look.hint > 0
        if self.compact:
            return [self._compact(card, self.header, "·", selected, hovered, hinted)]
        lines = [self.header_line(self.header)]
        if card is None:
            lines.extend(self.empty_place(""))
        else:
            lines.extend(self.whole_card(card, selected=selected, hovered=hovered, hinted=hinted))
        return lines

    def _compact(
        self, card: Card | None, key: str, mark: str, selected: bool, hovered: bool, hinted: bool
    ) -> Content:
        """``a 2♥     ▕`` or ``a ·``: the key (reversed under the cursor), then the card."""
        key_style = self._style("pile--label-cursor") if self.look.cursor else None
        if card is None:
            style, glyphs = self.empty_outline()
            if self.app.no_color and glyphs in (TARGET, DOUBLE):  # the outline's shape, as a mark
                mark = "+" if glyphs is TARGET else DOUBLE.across
            width = self.art_width
            text = f"{key} {mark}".ljust(width)[:width]
            if key_style is None:
                return Content.styled(text, self._style(style))
            return Content.assemble((key, key_style), (text[len(key) :], self._style(style)))
        face = self.face_names(selected, hovered, hinted)
        border, glyphs = self.border(selected=selected, hinted=hinted)
        # The key, a blank, the card and its right edge always show: where a ten leaves no
        # room for them (Eight Off's twelve piles at 64 columns), it is written by its code,
        # T (b T♣▕).
        label = self.label(card)
        if len(key) + 1 + len(label) + 1 > self.art_width:
            label = card.code[0] + label[-1]
        return self.one_line(
            card, f"{key} ", face, border, glyphs, prefix_style=key_style, label=label
        )


class FoundationWidget(CellWidget):
    """One suit's foundation. All four answer to the key ``h``; each shows its top card, or its
    suit in an empty outline."""

    def __init__(self, suit: Suit, pile: Pile, *, id: str | None = None) -> None:
        super().__init__(pile, id=id)
        self.suit = suit

    def art(self) -> list[Content]:
        card = self.cards[-1] if self.cards else None
        symbol = self.symbol(self.suit)
        if self.compact:
            return [self._compact(card, self.header, symbol, False, False, False)]
        lines = [self.header_line(f"{self.header} {symbol}")]
        if card is None:
            lines.extend(self.empty_place(symbol))
        else:
            lines.extend(self.whole_card(card, selected=False, hovered=False, hinted=False))
        return lines
