"""The game's own theme: *classic*, the look of a card table — light card faces with red and black
ink on green baize. Chosen like any theme (the palette's *Change theme*, or *Classic look*) and
remembered with the other settings."""

from __future__ import annotations

from textual.theme import Theme

__all__ = ["CLASSIC", "CLASSIC_NAME"]

CLASSIC_NAME = "classic"

CLASSIC = Theme(
    name=CLASSIC_NAME,
    primary="#F2C14E",
    secondary="#7FD6FF",
    accent="#FFC83D",
    warning="#FFC83D",
    error="#FF8A80",
    success="#8CF0A8",
    foreground="#F3F1E7",
    background="#0F6B35",
    surface="#0C5A2C",
    panel="#094522",
    dark=True,
    variables={
        # The cards: paper faces, black and red ink (made readable by the board's inks).
        "card-face": "#FBF9F1",
        "card-ink": "#141414",
        "card-red": "#C41E3A",
        "card-edge": "#8C8C86",
        # Highlights that read on green baize and on white cards alike.
        "card-select": "#FFC83D",
        "card-target": "#2FC4FF",
        "card-hint": "#E86AF0",
        "card-cursor": "#141414",
        "footer-key-foreground": "#FFC83D",
    },
)
