"""What the board's motion costs, headless at 100x32 (CPU time, ``time.thread_time()``):

1. **CPU per animation frame**: moves of a random walk glide (autoplay chains included); the
   motion's clock is held still and moved on one frame at a time, and each frame's CPU (the
   frame, the stage's repaint, the compositor) is measured until the app is idle; the start and
   end of each glide (the stage shown and hidden) are measured apart. The win cascade: its CPU
   over two seconds divided by the frames drawn. Goal ≤ 8 ms a frame.
2. **A key during motion**: a pile key (a pick-up, which starts no motion of its own) pressed
   while a move glides: CPU from the press until the app is idle with the board updated. The key
   first puts every card in its place, then acts. Goal ≤ 16 ms.
3. **Key to idle with animations off**: as ``ui_bench.py`` (moves then undos), with
   ``animation_level = "none"``. Goal: no worse than before motion (median 11 ms).

Run by hand: ``.venv/bin/python benchmarks/feel_bench.py [--moves N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui_bench import _moves_for  # noqa: E402

from freecell_tui.core.autoplay import AutoplayMode  # noqa: E402
from freecell_tui.core.cards import Card  # noqa: E402
from freecell_tui.core.game import Game  # noqa: E402
from freecell_tui.core.state import GameState  # noqa: E402
from freecell_tui.ui.app import FreeCellApp  # noqa: E402
from freecell_tui.ui.board import Board  # noqa: E402

SIZE = (100, 32)


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


def _summary(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[max(int(len(values) * 0.95) - 1, 0)]
    return f"median {statistics.median(values):.2f} ms, p95 {p95:.2f} ms, max {values[-1]:.2f} ms"


async def frame_costs(moves: int) -> tuple[list[float], list[float]]:
    """CPU per frame of the glides (ms), and CPU per glide to start and end (ms). The motion's
    clock is held still and moved on one frame at a time, so each frame is measured alone (with
    the screen's repaint), whatever the machine's load does to the timer."""
    from freecell_tui.ui.board_motion import FRAME  # not in code without motion (--only still)

    per_frame: list[float] = []
    overhead: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        app.animation_level = "full"
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            board = app.game_screen.board
            now = [0.0]
            board.clock = lambda: now[0]
            for keys in _moves_for(1, moves, seed=1):
                now[0] = 0.0
                start = time.thread_time()
                app.game_screen.run_command(keys)
                if board._timer is not None:
                    board._timer.pause()  # only the frames played here
                await pilot.pause()
                cost = time.thread_time() - start
                while board.moving:
                    now[0] += FRAME
                    start = time.thread_time()
                    board._frame()
                    await pilot.pause()
                    if board.moving:
                        per_frame.append((time.thread_time() - start) * 1000)
                    else:  # the last frame puts the piles back: the end's cost
                        cost += time.thread_time() - start
                overhead.append(cost * 1000)
    return per_frame, overhead


async def cascade_cost() -> tuple[float, int]:
    """CPU per frame of the win cascade (ms), over its first two seconds."""
    column = (Card.parse("KS"),)
    state = GameState((column, (), (), (), (), (), (), ()), (None,) * 4, (13, 13, 13, 12))
    with tempfile.TemporaryDirectory() as data_dir:
        start_game = Game.from_position(state, autoplay=AutoplayMode.OFF)
        app = FreeCellApp(data_dir=data_dir, start=start_game, clock=lambda: 0.0)
        app.animation_level = "full"
        async with app.run_test(size=SIZE) as pilot:
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


async def keys_during_motion(moves: int) -> list[float]:
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        app.animation_level = "full"
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            board = app.game_screen.board
            for keys in _moves_for(1, moves, seed=2):
                app.game_screen.run_command(keys)
                if not board.moving:
                    continue
                await asyncio.sleep(0.02)  # a frame or two into the glide
                if not board.moving:
                    continue
                start = time.thread_time()
                await pilot.press(keys[1] if keys[1] in "12345678abcd" else "1")
                await pilot.pause()
                timings.append((time.thread_time() - start) * 1000)
                await pilot.press("escape")
                await _until_still(board)
    return timings


async def keys_without_motion(moves: int) -> list[float]:
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        app.animation_level = "none"
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for round_number in range(3):
                for keys in _moves_for(1, moves, seed=round_number):
                    for key in keys:
                        start = time.thread_time()
                        await pilot.press(key)
                        await pilot.pause()
                        timings.append((time.thread_time() - start) * 1000)
                while app.game_screen.session.game.can_undo:
                    start = time.thread_time()
                    await pilot.press("u")
                    await pilot.pause()
                    timings.append((time.thread_time() - start) * 1000)
    return timings


async def pilot_wait() -> float:
    """The CPU of Pilot's own wait for an idle app, with nothing to do (it is in every figure
    above measured to idle: subtract it to see the game's own share)."""
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


async def main(moves: int, only: str | None) -> None:
    if only == "still":
        still = await keys_without_motion(moves)
        print(f"3. key to idle, animations off ({len(still)} keys): CPU {_summary(still)}")
        return
    per_frame, overhead = await frame_costs(moves)
    print(f"1. glides: {len(per_frame)} frames, CPU per frame {_summary(per_frame)} (goal ≤ 8)")
    print(f"   start and end of a glide ({len(overhead)} moves): CPU {_summary(overhead)}")
    cascade, count = await cascade_cost()
    print(f"   win cascade: {count} frames in 2 s; CPU per frame {cascade:.2f} ms (goal ≤ 8)")
    during = await keys_during_motion(moves)
    print(f"2. a key during motion ({len(during)} keys): CPU {_summary(during)} (goal ≤ 16)")
    still = await keys_without_motion(moves)
    print(f"3. key to idle, animations off ({len(still)} keys): CPU {_summary(still)} (was 11)")
    print(f"   (Pilot's own wait for idle, nothing to do: CPU median {await pilot_wait():.2f} ms)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=40, help="moves of the random walk")
    parser.add_argument(
        "--only", choices=["still"], help="only item 3 (runs on code without motion too)"
    )
    args = parser.parse_args()
    asyncio.run(main(args.moves, args.only))
