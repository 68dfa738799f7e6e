"""The solver's answers in one digest, run by hand: a change that must keep the search's order
(the same positions expanded in the same order, the same solutions) keeps it.

    python benchmarks/solver_digest.py                       # deals 1-1000
    python benchmarks/solver_digest.py --range 1 60

Prints the positions stored and expanded over the deals and the first ten hex digits of the
SHA-256 of every deal's number, status, positions stored, positions expanded and moves.
"""

from __future__ import annotations

import argparse
import hashlib

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--range", nargs=2, type=int, default=(1, 1000), metavar=("A", "B"))
    first, last = parser.parse_args().range
    rows = []
    for number in range(first, last + 1):
        result = solve(deal(number))
        moves = [str(move) for move in result.moves]
        rows.append((number, result.status, result.positions, result.expanded, moves))
    digest = hashlib.sha256(repr(rows).encode()).hexdigest()[:10]
    stored = sum(row[2] for row in rows)
    expanded = sum(row[3] for row in rows)
    print(f"deals {first}-{last}: {stored:,} stored, {expanded:,} expanded, {digest}")


if __name__ == "__main__":
    main()
