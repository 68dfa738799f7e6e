"""Review benchmark, run by hand: how long the review of a game with no stored par takes (the
viewer's ``r``, line mode's and ``watch``'s review), for a won game and a lost one.

    python benchmarks/review_bench.py [--deals 1 617 25642] [--seed 7]

For each deal: a **won** game (the fast solver's line played with autoplay ``all``, the par not
in any store) and a **lost** one (random legal moves from the deal, by ``--seed``, until the
fast solver proves the position lost or 60 turns). Each is reviewed with the default bound
(``REVIEW_SECONDS``) and no par. Prints, with the load average before and after, the wall and
CPU seconds of each review and its summary.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.solver import is_winnable, solve_for_autoplay
from freecell_tui.session.review import REVIEW_SECONDS, review


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def won_game(number: int) -> Game:
    game = Game.new(number, autoplay=AutoplayMode.ALL)
    for move in solve_for_autoplay(game.state, AutoplayMode.ALL, timeout=60).moves:
        game = game.play(move)
    return game


def lost_game(number: int, rng: random.Random) -> Game:
    game = Game.new(number, autoplay=AutoplayMode.ALL)
    for _ in range(60):
        moves = list(legal_moves(game.state))
        if not moves or is_winnable(game.state, timeout=10) is False:
            break
        game = game.play(rng.choice(moves))
    return game


def timed(game: Game, label: str) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    found = review(game)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  {label}: {wall:.2f} s wall, {cpu:.2f} s CPU — {found.summary}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", nargs="+", type=int, default=[1, 617, 25642])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"review bound {REVIEW_SECONDS:g} s; load average before: {load()}")
    for number in args.deals:
        print(f"deal {number}:")
        timed(won_game(number), "won")
        timed(lost_game(number, rng), "lost")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
