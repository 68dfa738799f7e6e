"""The viewer's keys, declared once: its bindings (each key's footer label, and what it does as
the help says it: the binding's tooltip) and the footer's ranks. The viewer runs them, its footer
and its ``?`` show them, and the game's help lists them (:mod:`.help`)."""

from __future__ import annotations

from typing import Final

from textual.binding import Binding

__all__ = ["VIEWER_BINDINGS", "VIEWER_RANKS"]

_PICK = "pick a move in the list (Enter jumps there; a click on a move jumps at once)"

#: The viewer's keys, in the footer's order (``show``: in the footer when there is room).
VIEWER_BINDINGS: Final[list[Binding]] = [
    Binding("q,escape", "quit", "Leave", tooltip="leave the viewer"),
    Binding("question_mark", "help", "Keys", tooltip="the viewer's keys"),
    Binding("right,l", "next", "Next", tooltip="one move forward"),
    Binding("left,h", "back", "Back", tooltip="one move back"),
    Binding("space", "play", "Play", tooltip="play the moves at the pace, or pause"),
    Binding(
        "t",
        "play_on",
        "Play on",
        tooltip="play on from the move shown: a new game that keeps the moves before it",
    ),
    Binding(
        "r",
        "review",
        "Review",
        tooltip="review the game: where it was lost, or how it compares with par; again: "
        "its summary",
    ),
    Binding("m", "marked", "Marked", tooltip="the next move the review marked"),
    Binding(
        "W,shift+w",
        "offered",
        "Line",
        tooltip="the review's line in place of yours (the winning line, or par's), to step "
        "through and play on from; again: back to yours",
    ),
    Binding(
        "p",
        "solve",
        "Solver",
        tooltip="the solver's way from the move shown, in place of the moves after it",
    ),
    Binding("plus,equals_sign", "pace(1)", "Faster", show=False, tooltip="a faster pace"),
    Binding("minus", "pace(-1)", "Slower", show=False, tooltip="a slower pace"),
    Binding("home,g", "first", "First", show=False, tooltip="the first position"),
    Binding("end,G,shift+g", "last", "Last", show=False, tooltip="the last move"),
    Binding("up,k", "pick(-1)", "Pick", show=False, tooltip=_PICK),
    Binding("down,j", "pick(1)", "Pick", show=False, tooltip=_PICK),
    Binding(
        "enter",
        "enter",
        "Jump",
        show=False,
        tooltip="jump to the move picked; with none picked, play on from here",
    ),
]

#: The footer's ranks of the viewer's keys (1 is kept longest; the rest: 9).
VIEWER_RANKS: Final = {
    "quit": 1,
    "help": 1,
    "next": 2,
    "back": 2,
    "review": 3,
    "marked": 3,
    "offered": 3,
    "play": 4,
    "play_on": 4,
    "solve": 5,
}
