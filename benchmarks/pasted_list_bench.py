"""A pasted solution, headless at 100x32: how long each of its moves holds the UI thread, and how
long the whole list takes to win.

A list of moves pasted on the board is played one move a frame (``GameScreen._play_listed``,
called again after each refresh), so between two moves the app reads keys and draws. The figure
that says whether a long paste freezes the game is the time one move takes (played, saved,
drawn's start): the longest and the median over the list. ``freecell-tui solve 1 --autoplay
off`` (95 moves) is pasted into a game with autoplay off and ``solve 1`` (49 moves) into the
default game (safe), motion off and on, each in a fresh app and store.

Run by hand: ``.venv/bin/python benchmarks/pasted_list_bench.py [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from textual import events

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.game import GameScreen


def solution(mode: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "solve", "1", "--autoplay", mode],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


async def one_run(text: str, mode: str, motion: bool) -> tuple[list[float], float]:
    """Each move's seconds on the UI thread, and the seconds from the paste to the win."""
    took: list[float] = []
    play = GameScreen._play_listed

    def timed(screen: GameScreen) -> None:
        started = time.perf_counter()
        play(screen)
        took.append(time.perf_counter() - started)

    GameScreen._play_listed = timed  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            app = FreeCellApp(
                deal=1, data_dir=Path(data_dir), autoplay=AutoplayMode(mode), par_seconds=None
            )
            app.animation_level = "full" if motion else "none"
            async with app.run_test(size=(100, 32)) as pilot:
                await pilot.pause()
                started = time.perf_counter()
                app.post_message(events.Paste(text))
                while not app.session.game.state.is_won:
                    await pilot.pause(0.005)
                return took, time.perf_counter() - started
    finally:
        GameScreen._play_listed = play  # type: ignore[method-assign]


async def main(rounds: int) -> None:
    for mode in ("off", "safe"):
        text = solution(mode)
        for motion in (False, True):
            for _ in range(rounds):
                took, total = await one_run(text, mode, motion)
                print(
                    f"solve 1 --autoplay {mode} into autoplay {mode}, motion "
                    f"{'on' if motion else 'off'}: {len(took)} moves, longest "
                    f"{max(took) * 1000:.1f} ms (move {took.index(max(took)) + 1}), median {statistics.median(took) * 1000:.1f} ms, "
                    f"won after {total:.2f} s"
                )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    asyncio.run(main(parser.parse_args().rounds))
