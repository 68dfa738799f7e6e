"""The solver on the board: does a search in the background ever slow the board down, and how long
does the winnability check take to answer?

Run by hand: ``.venv/bin/python benchmarks/assistant_bench.py``. Three figures, headless at 100x32:

1. **Event-loop lag during a long search.** A hint on deal 11982 makes the worker prove the deal
   unsolvable (about 2 s of solver work); meanwhile a 10 ms interval timer on the board records
   how late each tick comes. Measured with the worker's cancel flag handing over the interpreter
   lock at every poll (as shipped) and without (``time.sleep(0)`` left out), to show what it buys.
2. **Key presses during that search.** Picking up and putting down (keys that do not change the
   game, so they do not cancel the search; Esc would), one every 20 ms: CPU of the board's own thread per key
   press until the board has handled it (``time.thread_time()``; the solver's thread is not
   counted: it is not the key press's work, and item 1 shows what it costs the board in time).
3. **How long "checking…" shows.** A random walk of moves over several deals, waiting after each
   for the check's answer: the wall time from the key that makes the move until the status line
   says ``winnable`` or ``no longer winnable``, the 0.2 s start delay included.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import sys
import tempfile
import threading
import time

from textual import events
from textual.pilot import Pilot

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.rules import legal_moves
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.assist import assistant


async def _key(pilot: Pilot[None], key: str) -> None:
    """Send ``key`` as the terminal driver does and wait until the board has handled it, but not
    for the process to be idle (Pilot's ``press`` waits for that, up to a second after each key,
    which a process with a busy worker never is)."""
    app = pilot.app
    assert app._driver is not None
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app._driver.send_message(event)
    await pilot._wait_for_screen()


def _summary(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[max(int(len(values) * 0.95) - 1, 0)]
    return (
        f"median {statistics.median(values):.1f} ms, p95 {p95:.1f} ms, max {values[-1]:.1f} ms "
        f"({len(values)} samples)"
    )


async def _lag_during_search(yielding: bool) -> tuple[list[float], list[float], list[float]]:
    """Tick lateness (ms) of a 10 ms timer, and the board thread's CPU and the wall time per key
    press (ms), while the hint's search of deal 11982 runs."""
    original = assistant.YieldingCancel.is_set
    if not yielding:

        def is_set(self: assistant.YieldingCancel) -> bool:
            return self._worker_event.is_set() or threading.Event.is_set(self)

        assistant.YieldingCancel.is_set = is_set  # type: ignore[method-assign]
    late: list[float] = []
    presses: list[float] = []
    walls: list[float] = []
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            app = FreeCellApp(deal=11982, data_dir=data_dir, clock=lambda: 0.0)
            async with app.run_test(size=(100, 32)) as pilot:
                board = app.game_screen
                board.apply_reply(board.assistant.set_check(False))
                await pilot.pause()
                last = time.perf_counter()

                def tick() -> None:
                    nonlocal last
                    now = time.perf_counter()
                    late.append((now - last) * 1000 - 10)
                    last = now

                timer = app.set_interval(0.01, tick)
                board.action_hint()
                await pilot._wait_for_screen()
                keys = ["3", "3", "5", "5", "right", "left"]  # Esc would stop the search
                index = 0
                # Until the answer (the deal cannot be won), ending with the card put down.
                while searching(app) or index % 2:
                    start, wall = time.thread_time(), time.perf_counter()
                    await _key(pilot, keys[index % len(keys)])
                    presses.append((time.thread_time() - start) * 1000)
                    walls.append((time.perf_counter() - wall) * 1000)
                    index += 1
                    await asyncio.sleep(0.02)
                timer.stop()
    finally:
        assistant.YieldingCancel.is_set = original  # type: ignore[method-assign]
    return late, presses, walls


def searching(app: FreeCellApp) -> bool:
    """A solver worker is at work."""
    return any(worker.group == "solver" and worker.is_running for worker in app.workers)


def _walk(number: int, count: int, seed: int) -> list[str]:
    """A random walk of ``count`` one-card moves from deal ``number`` that keeps playing."""
    rng = random.Random(seed)
    game = Game.new(number, autoplay=AutoplayMode.SAFE)
    keys: list[str] = []
    for _ in range(count):
        moves = [m for m in legal_moves(game.state) if (m.count or 1) == 1]
        rng.shuffle(moves)
        for move in moves:
            after = game.play(move)
            if after.outcome is Outcome.PLAYING:
                break
        else:
            break
        game = after
        keys.append(move.source.code + move.dest.code)
    return keys


async def _check_answers(deals: range, moves: int) -> list[float]:
    waits: list[float] = []
    for number in deals:
        with tempfile.TemporaryDirectory() as data_dir:
            app = FreeCellApp(deal=number, data_dir=data_dir, clock=lambda: 0.0)
            async with app.run_test(size=(100, 32)) as pilot:
                board = app.game_screen
                for keys in _walk(number, moves, seed=number):
                    await _key(pilot, keys[0])
                    start = time.perf_counter()
                    await _key(pilot, keys[1])
                    while board.status.extra == assistant.CHECKING:
                        await asyncio.sleep(0.005)
                    waits.append((time.perf_counter() - start) * 1000)
    return waits


async def main() -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for yielding in (True, False):
        late, presses, walls = await _lag_during_search(yielding)
        label = "with the lock handed over at each poll" if yielding else "without (plain Event)"
        print(f"search of deal 11982, {label}:")
        print(f"  10 ms timer lateness: {_summary(late)}")
        print(f"  board thread CPU per key press: {_summary(presses)}")
        print(f"  wall time per key press until handled: {_summary(walls)}")
    waits = await _check_answers(range(1, 11), 30)
    print(f"'checking…' shown after a move (0.2 s delay included): {_summary(waits)}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
