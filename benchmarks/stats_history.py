"""How long the statistics take over a long history of finished games (run by hand).

    .venv/bin/python benchmarks/stats_history.py [--games N] [--deals D]

Fills a temporary data dir with N finished games (over D deals, a mix of wins, losses and
computer wins), then times opening the store, the statistics the screen and ``stats`` show, and
the ``freecell-tui play --plain`` command ``stats`` end to end (start-up included).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.store import DB_NAME, Store


def fill(directory: Path, games: int, deals: int) -> None:
    """``games`` finished games in the database of ``directory``, oldest first."""
    Store.open(directory).store.close()
    rng = random.Random(1)
    start = datetime(2020, 1, 1, tzinfo=UTC)
    rows = []
    for number in range(games):
        result = rng.choices(("won", "left", "solved"), (6, 3, 1))[0]
        rows.append(
            (
                rng.randint(1, deals),
                result,
                rng.randint(40, 200),
                52 if result != "left" else rng.randint(0, 51),
                rng.uniform(60, 1200),
                (start + timedelta(minutes=number)).isoformat(timespec="microseconds"),
                rng.choice((0, 0, 0, 2)),
                rng.choice([mode.value for mode in AutoplayMode]),
            )
        )
    import sqlite3

    connection = sqlite3.connect(directory / DB_NAME)
    with connection:
        connection.executemany(
            "INSERT INTO games (deal_number, result, move_count, cards_home, elapsed_seconds,"
            " finished_at, hints, autoplay) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    connection.close()


def timed(what: str, action: object) -> object:
    began = time.perf_counter()
    result = action()  # type: ignore[operator]
    print(f"{what:<40} {time.perf_counter() - began:8.3f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--deals", type=int, default=32_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        timed(f"fill {args.games:,} games", lambda: fill(directory, args.games, args.deals))
        opened = timed("Store.open", lambda: Store.open(directory))
        store = opened.store  # type: ignore[attr-defined]
        reading = timed(
            "statistics (counts and per-deal table)",
            lambda: store.results.statistics(store.pars.all(), AutoplayMode.SAFE),
        )
        stats = reading.statistics  # type: ignore[attr-defined]
        print(f"  played {stats.played:,}, {len(stats.deals):,} deals")  # type: ignore[attr-defined]
        store.close()
        environment = {**os.environ, "FREECELL_TUI_DATA_DIR": folder}
        command = [sys.executable, "-m", "freecell_tui", "play", "--plain", "--deal", "1"]
        timed(
            "play --plain, start and quit",
            lambda: subprocess.run(
                command, input="quit\n", capture_output=True, text=True, env=environment
            ),
        )
        done = timed(
            "play --plain, stats and quit",
            lambda: subprocess.run(
                command, input="stats\nquit\n", capture_output=True, text=True, env=environment
            ),
        )
        print(f"  {len(done.stdout.splitlines()):,} lines of output")  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
