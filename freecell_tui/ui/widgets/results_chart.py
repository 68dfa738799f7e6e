"""The statistics drawn: the latest games' results as a row of marks (won, lost, solved by the
computer; told apart by shape as well as colour), and the moves over par of the latest wins as a
two-line sparkline with its scale, each row labelled in words. ``ascii`` draws letters and plain
bars instead of the marks and block characters. Colours come from the theme."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderResult
from rich.segment import Segment
from textual.app import ComposeResult
from textual.app import RenderResult as Drawn
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Sparkline, Static

from freecell_tui.core.words import plural
from freecell_tui.store import Result

__all__ = ["ASCII_BARS", "MARKS", "ResultsChart", "marks_content", "scale_text"]

#: Each result's mark (Unicode, ASCII), its name in the legend and its theme colour.
MARKS: Final[dict[Result, tuple[str, str, str, str]]] = {
    Result.WON: ("●", "W", "won", "$success"),
    Result.LEFT: ("✕", "L", "lost", "$error"),
    Result.SOLVED: ("◆", "S", "solved by the computer", "$warning"),
}

#: The sparkline's block characters as ASCII: a cell less than half filled is a dot, more is a hash.
ASCII_BARS: Final = str.maketrans("▁▂▃▄▅▆▇█", "....####")


def marks_content(results: Sequence[Result], *, ascii: bool = False) -> Content:
    """One mark a game, oldest first, each in its result's colour."""
    return Content.assemble(*((MARKS[r][ascii], MARKS[r][3]) for r in results))


def legend_content(*, ascii: bool = False) -> Content:
    parts: list[str | tuple[str, str]] = []
    for mark, letter, name, colour in MARKS.values():
        parts += [(letter if ascii else mark, colour), f" {name}   "]
    return Content.assemble(*parts).rstrip()


def scale_text(values: Sequence[int]) -> str:
    """The sparkline's scale, top line and bottom line: its highest and lowest value, signed
    (one line when they are the same)."""
    low, high = min(values), max(values)
    if low == high:
        return f"\n{low:+}"
    width = max(len(f"{low:+}"), len(f"{high:+}"))
    return f"{high:>+{width}}\n{low:>+{width}}"


class _Translated:
    """A renderable drawn as another one is, with its characters translated (``ASCII_BARS``)."""

    def __init__(self, inner: ConsoleRenderable, table: dict[int, int]) -> None:
        self.inner = inner
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for segment in console.render(self.inner, options):
            text, style, control = segment
            yield Segment(text.translate(self.table), style, control)


class _AsciiSparkline(Sparkline):
    """Textual's sparkline in ASCII bars."""

    def render(self) -> Drawn:
        drawn = super().render()  # Textual's sparkline renderable
        return _Translated(drawn, ASCII_BARS) if isinstance(drawn, ConsoleRenderable) else drawn


class ResultsChart(Vertical):
    """The latest results and moves over par of a :class:`~freecell_tui.store.Statistics`
    (``show``); hidden before the first game."""

    DEFAULT_CSS = """
    ResultsChart { height: auto; }
    ResultsChart Horizontal { height: auto; }
    ResultsChart .label { width: 16; }
    ResultsChart #legend { margin-left: 16; }
    ResultsChart #par-row, ResultsChart #no-par { margin-top: 1; }
    ResultsChart #par-scale { width: auto; margin-right: 1; }
    ResultsChart Sparkline { height: 2; }
    ResultsChart .end { width: auto; margin-left: 1; }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Horizontal(id="recent-row"):
            yield Static(id="recent-label", classes="label")
            yield Static(id="marks")
            yield Static("latest", classes="end")
        yield Static(legend_content(ascii=self.ascii), id="legend")
        with Horizontal(id="par-row"):
            yield Static(id="par-label", classes="label")
            yield Static(id="par-scale")
            yield (_AsciiSparkline if self.ascii else Sparkline)([], id="over-par")
            yield Static("\nlatest", classes="end")
        yield Static(id="no-par")

    def show(self, recent: Sequence[Result], over_par: Sequence[int]) -> None:
        """Draw ``recent`` results and ``over_par`` (oldest first)."""
        self.display = bool(recent)
        self.query_one("#recent-label", Static).update(
            Content(f"Last {plural(len(recent), 'game')}")
        )
        marks = self.query_one("#marks", Static)
        marks.update(marks_content(recent, ascii=self.ascii))
        marks.styles.width = len(recent)
        par_row = self.query_one("#par-row", Horizontal)
        no_par = self.query_one("#no-par", Static)
        par_row.display = bool(over_par)
        no_par.display = not over_par
        if not over_par:
            no_par.update(Content("Moves over par: drawn once you win a deal with a known par."))
            return
        self.query_one("#par-label", Static).update(
            Content(f"Moves over par\nlast {plural(len(over_par), 'win')}")
        )
        self.query_one("#par-scale", Static).update(Content(scale_text(over_par)))
        sparkline = self.query_one("#over-par", Sparkline)
        sparkline.data = list(over_par)
        sparkline.styles.width = len(over_par)
