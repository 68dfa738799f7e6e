"""How far long work is, on standard error when it is a terminal: rich's progress bar with the
count done, the rate and the time left.

Nothing of it ever reaches a pipe or a file: when standard error is not a terminal (or is a
dumb one, or rich is not installed) the bar is not drawn and rich is not even imported. When
standard output is the same terminal, what the command prints goes above the bar (rich's own
redirection) and the bar is gone at the end; when standard output is elsewhere (a file, a pipe)
it is untouched and the bar's last state stays on the terminal.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterator
from typing import TextIO

__all__ = ["Advance", "progress_bar"]

#: Called with the number of things just done.
Advance = Callable[[int], None]


def _nothing(done: int) -> None:
    del done


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError, AttributeError):  # closed, or no file behind it
        return False


def _same_file(first: TextIO, second: TextIO) -> bool:
    try:
        return os.path.samestat(os.fstat(first.fileno()), os.fstat(second.fileno()))
    except (ValueError, OSError, AttributeError, io.UnsupportedOperation):
        return False


@contextlib.contextmanager
def progress_bar(total: int, what: str, unit: str) -> Iterator[Advance]:
    """A bar for ``total`` things (``unit``: "deals", "games") while the ``with`` block runs,
    labelled ``what``; the block calls the function it gets with each number done. Without a
    terminal on standard error, or for a single thing, the function does nothing."""
    stderr, stdout = sys.stderr, sys.stdout
    if total < 2 or not _is_terminal(stderr) or os.environ.get("TERM") == "dumb":
        yield _nothing
        return
    try:
        from freecell_tui.cli.rich_bar import make_progress
    except ModuleNotFoundError as error:  # rich is not installed: no bar, the work goes on
        if (error.name or "").split(".")[0] != "rich":
            raise
        yield _nothing
        return
    shared = _is_terminal(stdout) and _same_file(stdout, stderr)
    progress = make_progress(stderr, unit, shared=shared)
    task = progress.add_task(what, total=total)
    with progress:
        yield lambda done: progress.advance(task, done)
