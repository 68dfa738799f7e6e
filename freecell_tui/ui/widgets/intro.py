"""The first game's card: the three ways to move a card and the key that lists every key.

Shown on a first start only (until the ``seen_intro`` setting is set), over the lines under the
board — the message line, the status line and the footer — never over a pile: at 80x24 a fresh
deal's columns reach down to the status line. It takes no key and no click: the game screen
closes it at the player's first key or click (which then does what it always does) and keeps
``seen_intro`` for next time.
"""

from __future__ import annotations

from textual.widgets import Static

__all__ = ["INTRO", "INTRO_TITLE", "IntroCard"]

#: The card's title, in its top border.
INTRO_TITLE = "How to play (any key or click closes this)"

#: What the card says: two lines that fit the narrowest board (64 columns).
INTRO = (
    "To move a card, type its pile then its place (3a, 18, 5h),\n"
    "or click it then its place, or drag it. ? shows every key."
)


class IntroCard(Static):
    """The first game's card (see the module's docstring)."""

    DEFAULT_CSS = """
    IntroCard {
        layer: intro;
        dock: bottom;
        width: 1fr;
        height: auto;
        padding: 0 1;
        background: $panel;
        color: $foreground;
        border-top: round $accent;
        border-title-color: $accent;
        border-title-style: bold;
    }
    """

    def __init__(self, help_key: str = "?") -> None:
        """``help_key``: the player's key that lists every key."""
        text = INTRO.replace("? shows", f"{help_key} shows")
        super().__init__(text, id="intro", markup=False)
        self.border_title = INTRO_TITLE
