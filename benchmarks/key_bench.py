"""CPU per key, press to idle, of the game against a bare Textual app, headless at 100x32.

The keys are ``5`` ``a`` ``u`` repeated on deal 1 (pick up column 5's last card, put it in free
cell a, undo). Each is handed to the app as the terminal driver hands it one (a ``Key`` event
posted to the app: ``FreeCellApp.on_event`` gives it to the game screen's ``decide_key``) and its
CPU (``time.thread_time()``, the UI thread only) is counted until the app is idle again, as
``feel_bench.py`` counts it (``Meter``: laid out, painted, the terminal's text built; the idle
wait's own cost taken off). Four apps, each started afresh in every round, the rounds taken one
after another so that all four see the same load:

* **game, motion off**: ``animation_level = "none"``.
* **game, motion on**: the key's own work, its glide's start included (the cards drawn where
  they start): the motion's clock is held still and its frame timer not started, so none of the
  glide's frames is counted; after the key, the glide is ended (unmeasured) before the next key.
  The frames are ``feel_bench.py``'s to measure (goal ≤ 8 ms a frame).
* **game, motion on, to still**: the same key with the motion running on its own clock, counted
  until the cards are still (every frame of the glide, 0.15-0.3 s at 60 frames a second).
* **bare**: a Textual app with the 16 piles as plain ``Static`` widgets at the same places as
  the game's (``board_layout(100, 32)``), each showing its cards as text boxes of the game's
  size; every key changes the text of two of them (column 5 and cell a: selected, moved, back),
  in the screen's ``on_key``. No message line, status line, footer or disk.

The game runs as a player has it (settings' defaults, the winnability check in its worker
thread), except that the background search for par is off. The figure of a round is the median
of its keys; the report gives the median over rounds and their spread (lowest-highest), the
load average as each round began, and game/bare per round (goal: ≤ 1.5, motion on and off).

Run by hand: ``.venv/bin/python benchmarks/key_bench.py [--rounds 3] [--reps 20]``;
``--profile`` prints where a key's CPU goes instead (cProfile on ``time.thread_time``, sorted by
cumulative time). Method and figures: ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

sys.path.insert(0, str(Path(__file__).resolve().parent))

from feel_bench import Meter  # noqa: E402

from freecell_tui.core.cards import Card  # noqa: E402
from freecell_tui.core.deals import deal  # noqa: E402
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Pile  # noqa: E402
from freecell_tui.ui.app import FreeCellApp  # noqa: E402
from freecell_tui.ui.board.layout import BoardLayout, board_layout  # noqa: E402

SIZE = (100, 32)
KEYS = ("5", "a", "u")
DEAL = 1
GAME_OFF, GAME_ON, GAME_STILL, BARE = (
    "game, motion off",
    "game, motion on",
    "game, motion on, to still",
    "bare",
)
VARIANTS = (GAME_OFF, GAME_ON, GAME_STILL, BARE)

#: A run's keys, each with its CPU (ms).
Timings = list[tuple[str, float]]


def post_key(app: App[Any], key: str) -> None:
    """Hand ``key`` to the app as the terminal driver does (it posts each parsed key)."""
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app.post_message(event)


# ---------------------------------------------------------------------- the bare app
def pile_text(layout: BoardLayout, pile: Pile, cards: tuple[Card, ...], selected: bool) -> str:
    """``cards`` drawn as the game places them, as plain text: the pile's key, then a box
    of the game's card size for each card (a covered card shows its top lines)."""
    width, height = layout.pile_width, layout.card_height
    rows = layout.column_rows(len(cards)) if pile.is_column else (1,) * len(cards)
    extent = (rows[-1] if cards else 1) + height
    grid = [[" "] * width for _ in range(extent)]
    grid[0][width // 2] = pile.code
    boxes = [(row, card.label) for row, card in zip(rows, cards, strict=True)]
    if not cards:
        boxes = [(1, "")]
    for number, (row, label) in enumerate(boxes):
        edge = "┏┓┗┛━┃" if selected and number == len(boxes) - 1 else "╭╮╰╯─│"
        for line in range(height):
            if line == 0:
                text = edge[0] + edge[4] * (width - 2) + edge[1]
            elif line == height - 1:
                text = edge[2] + edge[4] * (width - 2) + edge[3]
            elif line == 1:
                text = edge[5] + label.ljust(width - 2) + edge[5]
            else:
                text = edge[5] + " " * (width - 2) + edge[5]
            grid[row + line] = list(text)
    return "\n".join("".join(line) for line in grid)


class BareScreen(Screen[None]):
    """Sixteen ``Static`` piles; a key changes two of them as a move changes the game's."""

    DEFAULT_CSS = """
    BareScreen { layers: piles; }
    BareScreen > Static { position: absolute; background: $panel; color: $text; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.layout_ = board_layout(*SIZE)
        start = deal(DEAL)
        self.cards: dict[Pile, tuple[Card, ...]] = {cell: () for cell in CELLS}
        self.cards.update(zip(COLUMNS, start.columns, strict=True))
        self.piles: dict[Pile, Static] = {}

    def compose(self) -> ComposeResult:
        for pile in (*CELLS, *COLUMNS):
            self.piles[pile] = self._static(self.layout_.pile_area(pile), self._text(pile))
            yield self.piles[pile]
        for place in range(4):
            yield self._static(self.layout_.pile_area(FOUNDATION, place), self._text(FOUNDATION))

    @staticmethod
    def _static(region: object, text: str) -> Static:
        static = Static(text, markup=False)
        static.styles.offset = region.offset  # type: ignore[attr-defined]
        static.styles.width = region.width  # type: ignore[attr-defined]
        static.styles.height = region.height  # type: ignore[attr-defined]
        return static

    def _text(self, pile: Pile, selected: bool = False) -> str:
        return pile_text(self.layout_, pile, self.cards.get(pile, ()), selected)

    def on_key(self, event: events.Key) -> None:
        column, cell = COLUMNS[4], CELLS[0]
        if event.key == "5":
            selected = True
        elif event.key == "a":
            self.cards[cell] = self.cards[column][-1:]
            self.cards[column] = self.cards[column][:-1]
            selected = False
        elif event.key == "u":
            self.cards[column] += self.cards[cell]
            self.cards[cell] = ()
            selected = False
        else:
            return
        self.piles[column].update(self._text(column, selected))
        self.piles[cell].update(self._text(cell))


class BareApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(BareScreen())


# ---------------------------------------------------------------------- measuring
def _game(data_dir: str, motion: bool) -> FreeCellApp:
    app = FreeCellApp(deal=DEAL, data_dir=data_dir, clock=lambda: 0.0, par_seconds=None)
    app.animation_level = "full" if motion else "none"
    return app


@contextmanager
def _running(variant: str) -> Iterator[App[Any]]:
    with tempfile.TemporaryDirectory() as data_dir:
        if variant == BARE:
            yield BareApp()
        else:
            yield _game(data_dir, motion=variant != GAME_OFF)


async def run(variant: str, reps: int, profile: cProfile.Profile | None = None) -> Timings:
    """``reps`` times the keys ``5`` ``a`` ``u`` in a fresh app (one round before, not
    counted), each key's CPU (ms) from press to idle."""
    timings: Timings = []
    with _running(variant) as app:
        async with app.run_test(size=SIZE) as pilot:
            meter = Meter(app)  # type: ignore[arg-type]
            await pilot.pause()
            await meter.calibrate()
            after_key = await _motion_hooks(app, variant, meter)
            for rep in range(reps + 1):
                for key in KEYS:
                    if profile is not None and rep:
                        profile.enable()
                    cost = await meter.cost(lambda key=key: post_key(app, key))  # type: ignore[misc]
                    if profile is not None:
                        profile.disable()
                    cost += await after_key()
                    if rep:
                        timings.append((key, cost))
    return timings


async def _motion_hooks(
    app: App[Any], variant: str, meter: Meter
) -> Callable[[], Awaitable[float]]:
    """What runs after each key: for motion on, the glide held still is ended (not counted);
    to still, the CPU until the cards are still is added."""

    async def nothing() -> float:
        return 0.0

    if not isinstance(app, FreeCellApp) or variant == GAME_OFF:
        return nothing
    board = app.game_screen.board
    assert board.motion_on
    if variant == GAME_ON:
        now = [0.0]
        board.clock = lambda: now[0]
        board._start_timer = lambda: None  # type: ignore[method-assign]

        async def land() -> float:
            if board.moving:
                now[0] += 10.0
                await meter.cost(board._frame)
            return 0.0

        return land

    async def until_still() -> float:
        start = time.thread_time()
        while board.moving:
            await meter.idle()
        return (time.thread_time() - start) * 1000

    return until_still


# ---------------------------------------------------------------------- report
def _median(timings: Timings, key: str | None = None) -> float:
    return statistics.median(cost for k, cost in timings if key is None or k == key)


def _ratios(game: list[Timings], bare: list[Timings], key: str | None = None) -> list[float]:
    """Game/bare, round by round."""
    return [_median(g, key) / _median(b, key) for g, b in zip(game, bare, strict=True)]


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):6.1f} ({min(values):.1f}-{max(values):.1f})"


async def measure(rounds: int, reps: int) -> None:
    results: dict[str, list[Timings]] = {variant: [] for variant in VARIANTS}
    loads: list[str] = []
    for number in range(rounds):
        load = "/".join(f"{value:.2f}" for value in os.getloadavg())
        loads.append(load)
        line = []
        for variant in VARIANTS:
            timings = await run(variant, reps)
            results[variant].append(timings)
            line.append(f"{variant} {_median(timings):.1f}")
        print(f"round {number + 1} (load {load}): " + ", ".join(line) + " ms", flush=True)
    print(f"\n{rounds} rounds of {reps}×{''.join(KEYS)} at {SIZE[0]}x{SIZE[1]}, deal {DEAL}")
    print("median CPU per key (ms), median of rounds (lowest-highest); then by key 5 / a / u")
    for variant in VARIANTS:
        per_key = " / ".join(
            f"{statistics.median(_median(t, key) for t in results[variant]):.1f}" for key in KEYS
        )
        medians = [_median(t) for t in results[variant]]
        print(f"  {variant:27} {_spread(medians)}   {per_key}")
    for variant in (GAME_OFF, GAME_ON, GAME_STILL):
        ratios = _ratios(results[variant], results[BARE])
        per_key = " / ".join(
            f"{statistics.median(_ratios(results[variant], results[BARE], key)):.1f}"
            for key in KEYS
        )
        print(f"  {variant + ' / bare':34} {_spread(ratios)}   {per_key}   (goal ≤ 1.5)")
    print("  load average (1/5/15 min) as each round began: " + "; ".join(loads))


async def profile(variant: str, reps: int, key: str, top: int) -> None:
    profiler = cProfile.Profile(time.thread_time)
    keys = "".join(KEYS)
    print(f"{variant}: cProfile of the key {key!r} ({reps} times, in {keys} repeated)")
    timings = await run(variant, reps, profile=_Only(profiler, key))  # type: ignore[arg-type]
    print(f"  its median CPU under the profiler: {_median(timings, key):.1f} ms")
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(top)
    print(out.getvalue())


class _Only:
    """A profiler that records only the keys ``key`` (``run`` turns it on for every key)."""

    def __init__(self, profiler: cProfile.Profile, key: str) -> None:
        self.profiler, self.key, self.count = profiler, key, 0

    def enable(self) -> None:
        if KEYS[self.count % len(KEYS)] == self.key:
            self.profiler.enable()

    def disable(self) -> None:
        self.profiler.disable()
        self.count += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the four apps")
    parser.add_argument("--reps", type=int, default=20, help="5-a-u repetitions per app")
    parser.add_argument("--profile", choices=VARIANTS, help="profile one app's keys instead")
    parser.add_argument("--key", choices=KEYS, default="a", help="the key to profile")
    parser.add_argument("--top", type=int, default=15, help="functions listed by --profile")
    args = parser.parse_args()
    if args.profile:
        asyncio.run(profile(args.profile, args.reps, args.key, args.top))
    else:
        asyncio.run(measure(args.rounds, args.reps))


if __name__ == "__main__":
    main()
