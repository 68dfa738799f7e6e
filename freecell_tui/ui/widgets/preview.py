"""A miniature of a position, for the save screen and the resume prompt."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

from freecell_tui.core.cards import Suit
from freecell_tui.core.state import GameState

__all__ = ["PositionPreview"]


class PositionPreview(Widget):
    """A miniature of a position: free cells and foundations on one line, then the columns
    side by side, one card a line. Set ``state`` (or ``note`` for a message instead)."""

    DEFAULT_CSS = """
    PositionPreview {
        width: 34;
        height: auto;
        min-height: 8;
        padding: 0 1;
    }
    PositionPreview > .preview--red { color: $text-error; }
    PositionPreview > .preview--black { color: $foreground; }
    PositionPreview > .preview--muted { color: $foreground-muted; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"preview--red", "preview--black", "preview--muted"}

    state: reactive[GameState | None] = reactive(None, layout=True)
    note: reactive[str] = reactive("", layout=True)

    def watch_state(self, state: GameState | None) -> None:
        """As wide as the position's widest row (four cells a pile; 34 for FreeCell's eight)."""
        if state is not None:
            self.styles.width = 4 * max(len(state.cells) + 4, len(state.columns)) + 2

    def render(self) -> Content:
        if self.state is None:
            return Content.styled(self.note, self.get_visual_style("preview--muted"))
        state = self.state
        muted = self.get_visual_style("preview--muted")

        def card(text: str, red: bool) -> tuple[str, Style]:
            return (
                text.ljust(4),
                self.get_visual_style("preview--red" if red else "preview--black"),
            )

        parts: list[tuple[str, Style] | str] = []
        for cell in state.cells:
            parts.append(card(cell.label, cell.is_red) if cell else ("·   ", muted))
        for suit in Suit:
            top = state.foundation_top(suit)
            parts.append(card(top.label, top.is_red) if top else (f"{suit.symbol}   ", muted))
        parts.append("\n")  # a blank line between the top row and the columns
        depth = max((len(column) for column in state.columns), default=0)
        for row in range(depth):
            parts.append("\n")
            for column in state.columns:
                if row < len(column):
                    parts.append(card(column[row].label, column[row].is_red))
                else:
                    parts.append("    ")
        return Content.assemble(*parts)
