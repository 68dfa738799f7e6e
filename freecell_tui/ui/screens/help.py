"""Help: every key and mouse action, and the rules in a few lines (``?`` or ``F1``)."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from freecell_tui.ui.screens.dialogs import dialog_frame_css

__all__ = ["HELP", "HelpScreen"]

#: (section, [(keys, what they do)]) — docs/keys.md says the same for readers outside the game.
HELP: Final[tuple[tuple[str, tuple[tuple[str, str], ...]], ...]] = (
    (
        "Moves in notation",
        (
            ("1–8  a–d", "pick up from a column (1–8) or a free cell (a–d)"),
            ("1–8  a–d  h", "then drop on a column, a free cell, or h (home, the foundations)"),
            ("+  −", "more or fewer cards of the picked-up run (for an empty column)"),
            ("Esc", "put down what is picked up"),
        ),
    ),
    (
        "The cursor",
        (
            ("← → ↑ ↓", "move the cursor over the piles"),
            ("Space  Enter", "pick up at the cursor, then drop at the cursor"),
            ("f", "send the picked-up card (or the card at the cursor) home, else to a free cell"),
        ),
    ),
    (
        "Mouse",
        (
            ("click", "pick up a card; a covered card picks up the run from it to the top"),
            ("click again", "drop on the pile clicked (the same pile puts it down)"),
            ("double-click", "send a top card home, else to a free cell"),
            ("drag", "drag a card or run and drop it on a pile"),
            ("hover", "shows what a click would pick up, or where it would drop"),
        ),
    ),
    (
        "Game",
        (
            ("u  ctrl+z", "undo a move (with the cards autoplay sent home after it)"),
            ("ctrl+y", "redo"),
            ("r", "restart this deal (redo replays the moves)"),
            ("n  F2", "new game (asks first when a game is under way)"),
            ("s  ctrl+s", "saved games: save under a name, load, rename, delete, export, import"),
            ("t  F4", "statistics: played, won, streaks, best time per deal"),
            (":", "command line: 3a, 18v3, t2c 5 1, deal 617, autoplay off|safe|all, undo…"),
            ("", "also save NAME, load NAME, saves, stats, klondike (watch Klondike play)"),
            ("", "and hint, solve, speed N, winnable on|off, deals winnable|any"),
            ("ctrl+p", "command palette: themes, four-colour deck, saves, winnable deals only…"),
            ("?  F1", "this help"),
            ("q  ctrl+q", "quit at once"),
        ),
    ),
    (
        "Solver",
        (
            ("i", "hint: highlights the next move of a solution and says it (Esc hides it)"),
            ("p", "auto-solve: plays a solution from here, one undoable move at a time"),
            ("+  −", "while auto-solve plays: faster, slower (Esc or any other key stops it)"),
            ("status line", "winnable, checking…, or no longer winnable — undo N moves"),
            ("", "winnable off hides it (no spoilers); deals winnable skips unsolvable deals"),
        ),
    ),
    (
        "Rules",
        (
            ("columns", "build down in alternating colours: a red 6 on a black 7"),
            ("home", "each suit from ace to king; the game is won when all 52 are home"),
            ("free cells", "hold any one card each; an empty column takes any card"),
            ("runs", "move together when no longer than (empty cells + 1) × 2^(empty columns)"),
        ),
    ),
)


class HelpScreen(ModalScreen[None]):
    """The list of keys and mouse actions; any of Esc, q, ? or F1 closes it."""

    DEFAULT_CSS = (
        dialog_frame_css("HelpScreen", box="VerticalScroll", width="96", padding="0 1")
        + """
    HelpScreen .section { color: $text-accent; text-style: bold; margin-top: 1; }
    HelpScreen Grid { grid-size: 2; grid-columns: 16 1fr; grid-rows: auto; height: auto; }
    HelpScreen .keys { text-style: bold; padding-left: 2; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = "FreeCell: keys and mouse"
            scroll.border_subtitle = "Esc closes"
            for section, entries in HELP:
                yield Static(section, classes="section", markup=False)
                with Grid():
                    for keys, text in entries:
                        yield Static(keys, classes="keys", markup=False)
                        yield Static(text, markup=False)
