"""How long ``Store.autosave`` takes, the write made after every move (run by hand).

    .venv/bin/python benchmarks/store_autosave.py [--turns N] [--repeat N]

Writes into a temporary data dir: a game of N turns (autosave cost grows with the game's length,
since every save stores the whole list of moves), saved R times; prints the median and the
slowest time, and the time to read it back (the resume prompt's ``autosaves.offer``).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from freecell_tui.core.game import Game
from freecell_tui.core.rules import legal_moves
from freecell_tui.store import Store


def long_game(deal_number: int, turns: int) -> Game:
    """Deal ``deal_number`` with ``turns`` moves (undo and redo fill it out when moves run out)."""
    game = Game.new(deal_number)
    last = None
    while game.move_count < turns:
        moves = [
            m
            for m in legal_moves(game.state)
            if last is None or (m.source, m.dest) != (last.dest, last.source)
        ]
        if not moves:
            moves = list(legal_moves(game.state))
        last = moves[0]
        game = game.play(last)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=500)
    args = parser.parse_args()
    game = long_game(1, args.turns)
    with tempfile.TemporaryDirectory() as directory:
        store = Store.open(directory).store
        times = []
        for second in range(args.repeat):
            start = time.perf_counter()
            error = store.autosaves.save(game, second)
            times.append(time.perf_counter() - start)
            assert error is None, error
        store.close()
        start = time.perf_counter()
        found = Store.open(directory).store.autosaves.offer()
        load = time.perf_counter() - start
        assert found.saved is not None and found.saved.game == game
    print(f"autosave of a {game.move_count}-turn game, {args.repeat} times:")
    print(f"  median {statistics.median(times) * 1000:.3f} ms, slowest {max(times) * 1000:.3f} ms")
    print(f"open + load_autosave (replays every move): {load * 1000:.1f} ms")


if __name__ == "__main__":
    main()
