"""The last line of defence: a crash report instead of a traceback on the player's terminal.

The session writes every move to the store before the board shows it, so an unexpected error
anywhere in the UI loses nothing: the app stops, the terminal is restored, and the player reads
one paragraph saying the game is saved and where the report for a bug report was written
(``crash-reports/`` in the data folder, or the temporary folder when that cannot be written).
Only the newest :data:`KEEP_REPORTS` reports are kept: a game that crashes over and over (or is
made to) never fills the disk.
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

__all__ = ["KEEP_REPORTS", "crash_message", "write_crash_report"]

#: How many crash reports a folder keeps (the newest).
KEEP_REPORTS = 20
PATTERN = "freecell-tui-crash-*.txt"


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
        _keep_newest(folder, path)
        return path
    return None


def _keep_newest(folder: Path, written: Path) -> None:
    """Remove all but the newest :data:`KEEP_REPORTS` crash reports in ``folder`` (never the
    one just ``written``)."""

    def age(report: Path) -> tuple[float, str]:
        try:
            return (report.stat().st_mtime, report.name)
        except OSError:
            return (0.0, report.name)

    try:
        reports = sorted(folder.glob(PATTERN), key=age, reverse=True)
    except OSError:
        return
    for report in reports[KEEP_REPORTS:]:
        if report != written:
            try:
                report.unlink()
            except OSError:
                continue


def crash_message(report: Path | None) -> str:
    """What the player reads after a crash."""
    where = f"The crash report is in {report}." if report else "No crash report could be written."
    return (
        "freecell-tui stopped on an unexpected error (a bug). Your game is saved up to your last "
        f"move: start freecell-tui again to resume it. {where} Please send it with a bug report."
    )
