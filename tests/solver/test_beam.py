"""The children a fewest-moves beam keeps of a level (core/solver/beam.py)."""

from __future__ import annotations

import random

from freecell_tui.core.solver.beam import Children


def test_the_children_kept_are_the_width_best_of_all_in_the_order_found() -> None:
    """A child found once ``width`` better or equal ones are kept is never kept: what is kept
    still holds the ``width`` lowest scores (of equal ones, the first found)."""
    rng = random.Random(5)
    for width in (1, 3, 16, 100):
        scores = [rng.randrange(60) for _ in range(500)]
        children: Children[str, int, str] = Children(width, 61)
        for place, score in enumerate(scores):
            if score < children.lim:
                children.add("parent", place, score, "built" if place % 2 else None)
        assert len(children.steps) < len(scores)
        kept = [children.steps[seq] for seq in children.best(width)]
        best = sorted(sorted(range(len(scores)), key=lambda place: scores[place])[:width])
        assert kept == best
        assert all(children.steps[seq] % 2 for seq in children.built)  # built when found
