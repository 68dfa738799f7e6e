"""Game code length benchmark, run by hand: how long the codes of won games are, against the
same games' moves in plain notation.

    python benchmarks/code_bench.py                    # deals 1-1000, autoplay safe
    python benchmarks/code_bench.py --range 1 200 --autoplay all --shorten

For each deal the fast solver's line is played as a player would play it in a game of that
autoplay mode (``solve_for_autoplay``; with ``--shorten``, the shorter line hints and auto-solve
use), and the won game is written as a code. Deals the solver does not win in 10 s are skipped.
Prints, with the load average before and after (the machine may be shared):

* the code's length in characters: mean, median, the longest, and how many are 100 or more;
* the plain notation of the same games: the player's moves (a moves file for ``replay
  --autoplay MODE``) and every move, autoplay's included (a moves file for ``replay``), each
  separated by one space, mean lengths and the ratio to the code;
* the mean turns a game, and the mean time to write a code and to read it back (every code is
  read back and checked to give the same game).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import decode, encode
from freecell_tui.core.game import Game
from freecell_tui.core.solver import solve_for_autoplay


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--range", nargs=2, type=int, default=(1, 1000), metavar=("A", "B"))
    parser.add_argument("--autoplay", default="safe", choices=["off", "safe", "all"])
    parser.add_argument("--shorten", action="store_true")
    args = parser.parse_args()
    mode = AutoplayMode.parse(args.autoplay)
    print(f"load before: {load()}")
    codes: list[int] = []
    player: list[int] = []
    every: list[int] = []
    turns: list[int] = []
    write = read = 0.0
    skipped = []
    for number in range(args.range[0], args.range[1] + 1):
        game = Game.new(number, autoplay=mode)
        result = solve_for_autoplay(game.start, mode, timeout=10, shorten=args.shorten)
        if not result.solved:
            skipped.append(number)
            continue
        for move in result.moves:
            game = game.play(move)
        assert game.state.is_won, number
        started = time.perf_counter()
        code = encode(game)
        write += time.perf_counter() - started
        started = time.perf_counter()
        back = decode(code)
        read += time.perf_counter() - started
        assert isinstance(back, Game) and back.turns == game.turns, number
        codes.append(len(code))
        player.append(len(" ".join(turn.move.notation for turn in game.line if turn.move)))
        every.append(len(" ".join(move.notation for move in game.moves)))
        turns.append(len(game.line))
    count = len(codes)
    code_mean = statistics.mean(codes)
    print(
        f"deals {args.range[0]}-{args.range[1]}, autoplay {mode}"
        f"{', shortened lines' if args.shorten else ''}: {count} won, skipped {skipped or 'none'}"
    )
    print(
        f"code: mean {code_mean:.1f} characters, median {statistics.median(codes):.0f}, "
        f"longest {max(codes)}, {sum(1 for n in codes if n >= 100)} of 100 or more"
    )
    print(
        f"notation, player's moves: mean {statistics.mean(player):.1f} characters "
        f"({statistics.mean(player) / code_mean:.1f}x the code)"
    )
    print(
        f"notation, every move: mean {statistics.mean(every):.1f} characters "
        f"({statistics.mean(every) / code_mean:.1f}x the code)"
    )
    print(
        f"turns a game: mean {statistics.mean(turns):.1f}; write {write / count * 1000:.2f} ms, "
        f"read {read / count * 1000:.2f} ms a code"
    )
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
