"""The nightly-size storm, run by hand: the full-screen game (headless, through Pilot) under a
long seeded storm of keys, clicks, drags, palette use and resizes (down to 1×1 and back).

    .venv/bin/python benchmarks/storm_bench.py --events 20000 --seed 1 [--burst]

With ``--burst`` the events go through the driver as a terminal sends them, without waiting for
the app between events (fast input); without it, Pilot waits for the app after each event.

Prints the events thrown (keys, clicks, drags, resizes), the seconds it took, and checks at the
end that the app is alive, the board holds 52 cards and every stored game replays legally. Exit
status 0 when it lived. The suite runs a short version (tests/fuzz/test_storm.py).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from freecell_tui.ui.app import FreeCellApp  # noqa: E402
from tests.fuzz.storm import burst_storm, drawn_cards, stored_games_replay, storm  # noqa: E402


async def run(events: int, seed: int, burst: bool) -> int:
    data = Path(tempfile.mkdtemp(prefix="storm-bench-"))
    app = FreeCellApp(deal=seed, data_dir=data, clock=time.monotonic)
    app.animation_level = "none"
    started, cpu = time.perf_counter(), time.process_time()
    async with app.run_test(size=(100, 32)) as pilot:
        if burst:
            report = await burst_storm(pilot, seed, events)
        else:
            report = await storm(pilot, seed, events)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        cards = drawn_cards(app)
        alive = app.is_running
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    replayed = stored_games_replay(data)
    print(
        f"seed {seed}: {report.events:,} events ({report.keys:,} keys, {report.clicks:,} clicks, "
        f"{report.drags:,} drags, {report.resizes:,} resizes{', burst' if burst else ''}) in "
        f"{seconds:.0f} s ({cpu:.0f} s CPU); alive {alive}; "
        f"{cards} cards on the board; {replayed} stored games replay; crash report "
        f"{app.crash_report}; Pilot waits cut short {report.cut_waits}"
    )
    return 0 if alive and cards == 52 and app.crash_report is None else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--burst", action="store_true", help="send events without waiting")
    args = parser.parse_args()
    return asyncio.run(run(args.events, args.seed, args.burst))


if __name__ == "__main__":
    sys.exit(main())
