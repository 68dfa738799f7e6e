"""The piles of the board: the eight columns, the four free cells and the four foundations (see
:mod:`.pile` for what they share)."""

from __future__ import annotations

from textual.content import Content

from freecell_tui.core.cards import Suit
from freecell_tui.core.notation import Pile
from freecell_tui.ui.widgets.pile import TOP_CARD_LINES, PileWidget

__all__ = ["CellWidget", "ColumnWidget", "FoundationWidget", "PileWidget"]


class ColumnWidget(PileWidget):
    """One of the eight columns: its key on the first line, then its cards."""

    DEFAULT_CSS = """
    ColumnWidget { height: 1fr; }
    ColumnWidget.-compact { height: 1fr; }
    """

    def card_at(self, y: int) -> int | None:
        count = len(self.cards)
        if not count:
            return None
        if y < 1:
            return count - 1  # the key above the column acts on its top card
        index = y - 1
        if index < count - 1:
            return index
        last = count if self.compact else count - 1 + TOP_CARD_LINES
        return count - 1 if index < last else None

    def render(self) -> Content:
        cards = self.cards
        count = len(cards)
        lines = [self._header_line(self.pile.code)]
        if not cards:
            lines.extend(
                self._empty_box("")
                if not self.compact
                else [Content.styled("╌" * self.size.width, self._style("pile--empty"))]
            )
            return Content("\n").join(lines)
        for index, card in enumerate(cards):
            depth = count - index  # 1 for the top card
            selected = depth <= self.look.selected
            hovered = depth <= self.look.hovered
            hinted = depth <= self.look.hint
            if self.compact:
                lines.append(
                    self._compact_card(
                        card,
                        "▏",
                        selected=selected,
                        hovered=hovered,
                        top=depth == 1,
                        hinted=hinted,
                    )
                )
            elif depth > 1:
                lines.append(
                    self._card_top(
                        card, selected=selected, hovered=hovered, top=False, hinted=hinted
                    )
                )
            else:
                lines.extend(
                    self._card_box(card, selected=selected, hovered=hovered, hinted=hinted)
                )
        return Content("\n").join(lines)


class CellWidget(PileWidget):
    """A free cell: its key (``a``–``d``) above, then its card or an empty outline."""

    def render(self) -> Content:
        card = self.cards[-1] if self.cards else None
        selected, hovered, hinted = (
            self.look.selected > 0,
            self.look.hovered > 0,
            self.look.hint > 0,
        )
        if self.compact:
            if card is None:
                return self._compact_empty(self.pile.code)
            return self._compact_card(
                card, f"{self.pile.code} ", selected=selected, hovered=hovered, hinted=hinted
            )
        lines = [self._header_line(self.pile.code)]
        if card is None:
            lines.extend(self._empty_box(""))
        else:
            lines.extend(self._card_box(card, selected=selected, hovered=hovered, hinted=hinted))
        return Content("\n").join(lines)

    def _compact_empty(self, prefix: str, mark: str = "·") -> Content:
        width = self.size.width
        name = "pile--label-target" if self.look.target else "pile--empty"
        if self.look.hint_target and not self.look.target:
            name = "pile--label-hint"
        if self.look.cursor:
            name = "pile--label-cursor"
        return Content.styled(f"{prefix} {mark}".ljust(width)[:width], self._style(name))


class FoundationWidget(CellWidget):
    """One suit's foundation. All four answer to the key ``h``; each shows its top card, or its
    suit in an empty outline."""

    def __init__(self, suit: Suit, pile: Pile, *, id: str | None = None) -> None:
        super().__init__(pile, id=id)
        self.suit = suit

    def render(self) -> Content:
        card = self.cards[-1] if self.cards else None
        symbol = self._symbol(self.suit)
        if self.compact:
            if card is None:
                return self._compact_empty("h", symbol)
            return self._compact_card(card, "h ", selected=False, hovered=False)
        lines = [self._header_line(f"h {symbol}")]
        if card is None:
            lines.extend(self._empty_box(symbol))
        else:
            lines.extend(self._card_box(card, selected=False, hovered=False))
        return Content("\n").join(lines)
