"""rich's progress bar as the command line draws it (imported only by
:func:`freecell_tui.cli.progress.progress_bar`, and only at a terminal)."""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RateColumn(ProgressColumn):
    """Things done a second, in the work's own unit ("1,234 games/s")."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text(f"? {self.unit}/s", style="progress.data.speed")
        shown = f"{speed:,.0f}" if speed >= 10 else f"{speed:.2g}"
        return Text(f"{shown} {self.unit}/s", style="progress.data.speed")


def make_progress(stream: TextIO, unit: str, *, shared: bool) -> Progress:
    """A bar on ``stream`` (a terminal). ``shared``: standard output is that terminal too, so
    what is printed meanwhile goes above the bar (no line of it is wrapped or cut by rich) and
    the bar is gone at the end, the output in its place."""
    console = Console(file=stream, soft_wrap=True)
    return Progress(
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(unit),
        TimeRemainingColumn(),
        TextColumn("left"),
        console=console,
        transient=shared,
        redirect_stdout=shared,
        redirect_stderr=True,
    )
