"""How long a key press takes, headless at 100x32: the CPU time (``time.process_time()``) from the
press until the app is idle with the board updated, over many moves and undos.

Run by hand: ``.venv/bin/python benchmarks/ui_bench.py [--rounds N]``. Goals: median ≤ 16 ms,
p95 ≤ 33 ms. (Pilot's idle wait sleeps in 20 ms steps, so wall time measures Pilot, not the game:
CPU time is what the game spends.)
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time

from freecell_tui.core.deals import deal
from freecell_tui.core.rules import legal_moves
from freecell_tui.ui.app import FreeCellApp


def _moves_for(deal_number: int, count: int, seed: int) -> list[str]:
    """A random walk of ``count`` legal moves from deal ``deal_number``, as notation keys (a move
    to an empty column moves one card, as the keys ``18`` do by default when the run is one card).
    """
    from freecell_tui.core.autoplay import AutoplayMode
    from freecell_tui.core.game import Game, Outcome
    from freecell_tui.core.notation import Move

    rng = random.Random(seed)
    game = Game(deal(deal_number), deal_number, AutoplayMode.SAFE)
    keys: list[str] = []
    previous: Move | None = None
    for _ in range(count):
        moves = [
            m
            for m in legal_moves(game.state)
            if (m.count or 1) == 1
            and not (previous and m.source == previous.dest and m.dest == previous.source)
        ]
        rng.shuffle(moves)
        moves.sort(key=lambda m: m.dest.is_cell)  # prefer moves that keep free cells free
        for move in moves:
            after = game.play(move)
            if after.outcome is Outcome.PLAYING:  # no notice dialog in the way
                break
        else:
            break
        game = after
        previous = move
        keys.append(move.source.code + move.dest.code)
    return keys


async def measure(rounds: int) -> list[float]:
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(deal=1, data_dir=data_dir, clock=lambda: 0.0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for round_number in range(rounds):
                moves = _moves_for(1, 40, seed=round_number)
                for keys in moves:
                    for key in keys:
                        start = time.process_time()
                        await pilot.press(key)
                        await pilot.pause()
                        timings.append((time.process_time() - start) * 1000)
                while app.game_screen.session.game.turns:
                    start = time.process_time()
                    await pilot.press("u")
                    await pilot.pause()
                    timings.append((time.process_time() - start) * 1000)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--rounds", type=int, default=10, help="moves-then-undos rounds (default 10)"
    )
    args = parser.parse_args()
    timings = asyncio.run(measure(args.rounds))
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"{len(timings)} key presses (moves, then undos) at 100x32")
    print(
        f"CPU per key press: median {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms, "
        f"max {timings[-1]:.1f} ms (goals: median ≤ 16, p95 ≤ 33)"
    )


if __name__ == "__main__":
    main()
