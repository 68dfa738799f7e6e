"""What the board's motion costs, headless at 100x32, in CPU time (``time.thread_time()``).

Every figure is given twice:

* **own**: the game's own work. A key is handed to the app as the terminal driver hands it one;
  a frame is the board's frame callback. The CPU is then counted until the app is idle again
  (its screen laid out and painted, and the text a terminal would be sent built: headless
  Textual skips that step, so it is done here), in 10 ms sleeps that stop when nothing is left
  to draw and a sleep costs almost nothing (the sleeps' own cost when idle is measured and
  taken off).
* **pilot**: the same, waited for with Textual's Pilot (``press``, ``pause``) as the tests do.
  Pilot's wait asks every widget of the screen to call back (about 7 ms of CPU at this size,
  shown at the end): it is the harness's cost, not the game's, but it is in these figures.

1. **CPU per animation frame**: moves of a random walk glide (autoplay chains included); the
   motion's clock is held still and moved on one frame at a time, and each frame's CPU is
   measured until the app is idle; the start and end of each glide (the first and the last
   frame) are measured apart. The win cascade runs on its own timer: its CPU over two seconds
   divided by the frames drawn (own only). Goal ≤ 8 ms a frame.
2. **A key during motion**: a pile key (a pick-up, which starts no motion of its own) pressed
   while a move glides: CPU from the key until the app is idle with the board updated (the key
   first puts every card in its place, then acts). Goal ≤ 16 ms.
3. **Key to idle with animations off**: as ``ui_bench.py`` (moves then undos), with
   ``animation_level = "none"``. Goal: no worse than before motion.

Run by hand: ``.venv/bin/python benchmarks/feel_bench.py [--moves N]``. It runs on any version
of the game that has the motion (to compare a branch with main in one session; ``--only still``
on one without it), e.g. a ``git archive`` of each in ``/tmp`` on ``PYTHONPATH``.

Figures, and how they moved: ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual import events
from textual.pilot import Pilot

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui_bench import _moves_for  # noqa: E402

from freecell_tui.core.autoplay import AutoplayMode  # noqa: E402
from freecell_tui.core.cards import Card  # noqa: E402
from freecell_tui.core.game import Game  # noqa: E402
from freecell_tui.core.state import GameState  # noqa: E402
from freecell_tui.ui.app import FreeCellApp  # noqa: E402
from freecell_tui.ui.board.board import Board  # noqa: E402

SIZE = (100, 32)
#: Seconds between two frames (the board's timer).
FRAME = 1 / 60
#: A sleep of the idle wait that costs less CPU than this (seconds) finds the app idle.
IDLE_CPU = 0.0006


class Meter:
    """CPU time of the game's own work: from an action until the app is idle, without Pilot."""

    def __init__(self, app: FreeCellApp) -> None:
        self.app = app
        self.idle_cost = 0.0
        display = app._display

        def display_and_encode(screen: object, update: object) -> None:
            display(screen, update)  # type: ignore[arg-type]
            encode = getattr(update, "render_segments", None)
            if app.is_headless and encode is not None and not app._batch_count:
                encode(app.console)  # what a terminal would be sent (headless skips it)

        app._display = display_and_encode  # type: ignore[method-assign]

    async def idle(self) -> None:
        while True:
            start = time.thread_time()
            await asyncio.sleep(0.01)
            screen = self.app.screen
            pending = screen._layout_required or screen._dirty_widgets
            if not pending and time.thread_time() - start < IDLE_CPU:
                return

    async def calibrate(self) -> None:
        """The idle wait's own cost with nothing to do (taken off every figure)."""
        costs = []
        for _ in range(30):
            start = time.thread_time()
            await self.idle()
            costs.append(time.thread_time() - start)
        self.idle_cost = statistics.median(costs)

    async def cost(self, action: Callable[[], object]) -> float:
        """CPU (ms) of ``action`` and everything it sets off."""
        start = time.thread_time()
        action()
        await self.idle()
        return max(time.thread_time() - start - self.idle_cost, 0.0) * 1000


def send_key(app: FreeCellApp, key: str) -> None:
    """Hand ``key`` to the app as the terminal driver does."""
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)


async def pilot_cost(pilot: Pilot[None], action: Callable[[], Awaitable[object]]) -> float:
    start = time.thread_time()
    await action()
    await pilot.pause()
    return (time.thread_time() - start) * 1000


def _summary(values: list[float]) -> str:
    if not values:
        return "(none)"
    values = sorted(values)
    p95 = values[max(int(len(values) * 0.95) - 1, 0)]
    return f"median {statistics.median(values):.2f}, p95 {p95:.2f}, max {values[-1]:.2f} ms"


def _count_frames(board: Board) -> list[int]:
    """Count the board's animation frames (its timer calls ``_frame``)."""
    frames = [0]
    original = board._frame

    def counted() -> None:
        frames[0] += 1
        original()

    board._frame = counted  # type: ignore[method-assign]
    return frames


async def _until_still(board: Board) -> None:
    while board.moving:
        await asyncio.sleep(0.005)


async def frame_costs(moves: int, own: bool) -> tuple[list[float], list[float]]:
    """CPU per frame of the glides (ms), and CPU per glide to start and end (ms). The motion's
    clock is held still and moved on one frame at a time, so each frame is measured alone,
    whatever the machine's load does to the timer."""
    per_frame: list[float] = []
    ends: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        app.animation_level = "full"
        async with app.run_test(size=SIZE) as pilot:
            meter = Meter(app)
            await pilot.pause()
            await meter.calibrate()
            board = app.game_screen.board
            now = [0.0]
            board.clock = lambda: now[0]

            async def measure(action: Callable[[], object]) -> float:
                if own:
                    return await meter.cost(action)

                async def act() -> None:
                    action()

                return await pilot_cost(pilot, act)

            def start_move(keys: str) -> None:
                app.game_screen.run_command(keys)
                if board._timer is not None:
                    board._timer.pause()  # only the frames played here

            for keys in _moves_for(1, moves, seed=1):
                now[0] = 0.0
                cost = await measure(lambda keys=keys: start_move(keys))  # type: ignore[misc]
                while board.moving:
                    now[0] += FRAME
                    frame = await measure(board._frame)
                    if board.moving:
                        per_frame.append(frame)
                    else:  # the last frame puts the piles back: the end's cost
                        cost += frame
                ends.append(cost)
    return per_frame, ends


async def cascade_cost() -> tuple[float, int]:
    """CPU per frame of the win cascade (ms), over its first two seconds."""
    column = (Card.parse("KS"),)
    state = GameState((column, (), (), (), (), (), (), ()), (None,) * 4, (13, 13, 13, 12))
    with tempfile.TemporaryDirectory() as data_dir:
        start_game = Game.from_position(state, autoplay=AutoplayMode.OFF)
        app = FreeCellApp(data_dir=data_dir, start=start_game, clock=lambda: 0.0)
        app.animation_level = "full"
        async with app.run_test(size=SIZE) as pilot:
            Meter(app)  # the text for the terminal is built too
            await pilot.pause()
            board = app.game_screen.board
            frames = _count_frames(board)
            app.game_screen.run_command("1h")
            await asyncio.sleep(0.3)  # the last move's glide, then the cascade begins
            frames[0] = 0
            start = time.thread_time()
            await asyncio.sleep(2.0)
            cpu = (time.thread_time() - start) * 1000
            count = frames[0]
            await pilot.press("escape")
    return cpu / max(count, 1), count


async def keys_during_motion(moves: int, own: bool) -> list[float]:
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        app.animation_level = "full"
        async with app.run_test(size=SIZE) as pilot:
            meter = Meter(app)
            await pilot.pause()
            await meter.calibrate()
            board = app.game_screen.board
            for keys in _moves_for(1, moves, seed=2):
                app.game_screen.run_command(keys)
                if not board.moving:
                    continue
                await asyncio.sleep(0.02)  # a frame or two into the glide
                if not board.moving:
                    continue
                key = keys[1] if keys[1] in "12345678abcd" else "1"
                if own:
                    timings.append(await meter.cost(lambda key=key: send_key(app, key)))  # type: ignore[misc]
                else:
                    timings.append(await pilot_cost(pilot, lambda key=key: pilot.press(key)))  # type: ignore[misc]
                await pilot.press("escape")
                await _until_still(board)
    return timings


async def keys_without_motion(moves: int, own: bool) -> list[float]:
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        app.animation_level = "none"
        async with app.run_test(size=SIZE) as pilot:
            meter = Meter(app)
            await pilot.pause()
            await meter.calibrate()

            async def press(key: str) -> float:
                if own:
                    return await meter.cost(lambda: send_key(app, key))
                return await pilot_cost(pilot, lambda: pilot.press(key))

            for round_number in range(2):
                for keys in _moves_for(1, moves, seed=round_number):
                    for key in keys:
                        timings.append(await press(key))
                while app.game_screen.session.game.turns:
                    timings.append(await press("u"))
    return timings


async def pilot_wait() -> float:
    """The CPU of Pilot's own wait for an idle app, with nothing to do."""
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            costs = []
            for _ in range(50):
                start = time.thread_time()
                await pilot.pause()
                costs.append((time.thread_time() - start) * 1000)
    return statistics.median(costs)


def _both(name: str, own: list[float], pilot: list[float], goal: str) -> None:
    print(f"{name} ({len(own)}): own {_summary(own)}{goal}")
    print(f"{' ' * len(name)}    with Pilot's wait {_summary(pilot)}")


async def main(moves: int, only: str | None) -> None:
    if only in (None, "frames"):
        frames, ends = await frame_costs(moves, own=True)
        pilot_frames, pilot_ends = await frame_costs(moves, own=False)
        _both("1. glides: CPU per frame", frames, pilot_frames, " (goal ≤ 8)")
        _both("   start and end of a glide", ends, pilot_ends, "")
        cascade, count = await cascade_cost()
        print(f"   win cascade: {count} frames in 2 s, own CPU per frame {cascade:.2f} ms")
    if only in (None, "during"):
        during = await keys_during_motion(moves, own=True)
        pilot_during = await keys_during_motion(moves, own=False)
        _both("2. a key during motion", during, pilot_during, " (goal ≤ 16)")
    if only in (None, "still"):
        still = await keys_without_motion(moves, own=True)
        pilot_still = await keys_without_motion(moves, own=False)
        _both("3. key to idle, animations off", still, pilot_still, "")
    print(f"   (Pilot's own wait for idle, nothing to do: CPU median {await pilot_wait():.2f} ms)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=40, help="moves of the random walk")
    parser.add_argument("--only", choices=["frames", "during", "still"], help="one item only")
    args = parser.parse_args()
    asyncio.run(main(args.moves, args.only))
