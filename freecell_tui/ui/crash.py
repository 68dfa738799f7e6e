"""The last line of defence: a crash report instead of a traceback on the player's terminal.

The session writes every move to the store before the board shows it, so an unexpected error
anywhere in the UI loses nothing: the app stops, the terminal is restored, and the player reads
one paragraph saying the game is saved and where the report for a bug report was written
(``crash-reports/`` in the data folder, or the temporary folder when that cannot be written).
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import traceback
from datetime import datetime
from pathlib import Path

from freecell_tui import __version__

__all__ = ["crash_message", "write_crash_report"]


def write_crash_report(error: BaseException, data_dir: Path, context: str = "") -> Path | None:
    """Write what is known of ``error`` to a new file; its path (``None`` if no folder could
    take it)."""
    try:
        import textual

        textual_version = textual.__version__
    except Exception:  # pragma: no cover - textual is a dependency
        textual_version = "?"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    lines = [
        f"freecell-tui {__version__} crash report, {datetime.now().isoformat(timespec='seconds')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}; Textual {textual_version}",
        f"TERM={os.environ.get('TERM', '')}",
        "",
        context,
        "",
        "".join(traceback.format_exception(type(error), error, error.__traceback__)),
    ]
    text = "\n".join(lines)
    for folder in (data_dir / "crash-reports", Path(tempfile.gettempdir())):
        path = folder / f"freecell-tui-crash-{stamp}-{os.getpid()}.txt"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        except OSError:
            continue
        return path
    return None


def crash_message(report: Path | None) -> str:
    """What the player reads after a crash."""
    where = f"The crash report is in {report}." if report else "No crash report could be written."
    return (
        "freecell-tui stopped on an unexpected error (a bug). Your game is saved up to your last "
        f"move: start freecell-tui again to resume it. {where} Please send it with a bug report."
    )
