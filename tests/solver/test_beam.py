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


def test_children_kept_by_their_caller_follow_the_same_limit() -> None:
    """A caller that keeps children itself (as the classic beam's hot loop does: appending to
    the buckets, parents and steps, and calling ``lower`` once ``cap`` are kept) keeps exactly
    the children ``add`` keeps, with the same limit after each, mixed with children ``add``s."""
    rng = random.Random(7)
    for width in (1, 3, 16, 100):
        scores = [rng.randrange(60) for _ in range(500)]
        by_add: Children[str, int, str] = Children(width, 61)
        by_hand: Children[str, int, str] = Children(width, 61)
        for place, score in enumerate(scores):
            if score >= by_add.lim:
                assert score >= by_hand.lim
                continue
            by_add.add("parent", place, score)
            if place % 3 == 0:
                by_hand.add("parent", place, score)
            else:
                by_hand.buckets[score].append(len(by_hand.steps))
                by_hand.parents.append("parent")
                by_hand.steps.append(place)
                if len(by_hand.steps) >= by_hand.cap:
                    by_hand.lower()
            assert by_hand.lim == by_add.lim
        assert by_hand.steps == by_add.steps
        assert by_hand.best(width) == by_add.best(width)
