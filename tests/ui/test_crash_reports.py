"""Crash reports are kept, but not without limit: the newest KEEP_REPORTS in a folder."""

from __future__ import annotations

import os
from pathlib import Path

from freecell_tui.ui.crash import KEEP_REPORTS, write_crash_report


def test_only_the_newest_crash_reports_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "crash-reports"
    folder.mkdir()
    old = []
    for number in range(KEEP_REPORTS + 5):  # reports of earlier crashes, oldest first
        report = folder / f"freecell-tui-crash-20250101-0000{number:02d}-{1000 + number}.txt"
        report.write_text(f"crash {number}", encoding="utf-8")
        os.utime(report, (1_700_000_000 + number, 1_700_000_000 + number))
        old.append(report)
    notes = folder / "my notes.txt"  # not a report: never touched
    notes.write_text("mine", encoding="utf-8")
    try:
        raise RuntimeError("the newest crash")
    except RuntimeError as error:
        written = write_crash_report(error, tmp_path)
    assert written is not None and written.parent == folder
    assert "the newest crash" in written.read_text(encoding="utf-8")
    kept = sorted(folder.glob("freecell-tui-crash-*.txt"))
    assert len(kept) == KEEP_REPORTS == 20
    assert written in kept
    assert kept == sorted([written, *old[-(KEEP_REPORTS - 1) :]])
    assert notes.read_text(encoding="utf-8") == "mine"
