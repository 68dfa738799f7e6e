"""A beam's children: of the children a level of a fewest-moves beam finds, the ``width`` best
by score, kept as they are found (:mod:`.fewest`'s classic beams and :mod:`.fewest_general`'s
beams of the other games)."""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["Children"]

Parent = TypeVar("Parent")
Step = TypeVar("Step")
Child = TypeVar("Child")


class Children(Generic[Parent, Step, Child]):
    """The children of a level that may be among the ``width`` best, in the order they were
    found (their place, ``seq``): each one's parent and step, its place in the bucket of its
    score (``0`` to ``scores - 1``, lowest best), and those built when found (:attr:`built`,
    by place). :attr:`lim` is the lowest score a child found from now on cannot have to be
    among the best (the children found so far with that score or lower are ``width`` or more,
    and of equal scores the first found goes first)."""

    __slots__ = ("buckets", "built", "cap", "lim", "parents", "steps", "width")

    def __init__(self, width: int, scores: int) -> None:
        self.width = width
        self.parents: list[Parent] = []
        self.steps: list[Step] = []
        self.built: dict[int, Child] = {}
        # One bucket a score, and an empty one past the last score.
        self.buckets: list[list[int]] = [[] for _ in range(scores + 1)]
        self.lim = scores
        #: :attr:`lim` falls (:meth:`lower`) once this many children are kept: the children
        #: scoring below it are then ``width``.
        self.cap = width

    def add(self, parent: Parent, step: Step, score: int, child: Child | None = None) -> int:
        """Keep the child of ``parent`` by ``step`` (``child``, when it is built already), whose
        ``score`` is below :attr:`lim`; returns the new :attr:`lim`."""
        steps = self.steps
        seq = len(steps)
        if child is not None:
            self.built[seq] = child
        self.buckets[score].append(seq)
        self.parents.append(parent)
        steps.append(step)
        return self.lim if seq + 1 < self.cap else self.lower()

    def lower(self) -> int:
        """Lower :attr:`lim` (once :attr:`cap` children are kept) until fewer than ``width``
        children score below it, and move :attr:`cap` on; returns the new :attr:`lim`. A caller
        that keeps children itself (appending to :attr:`buckets`, :attr:`parents` and
        :attr:`steps`, as :meth:`add`) calls it when as many as :attr:`cap` are kept."""
        buckets, lim, width = self.buckets, self.lim, self.width
        kept = len(self.steps)
        below = width - self.cap + kept  # each child kept scores below lim
        while below >= width:
            lim -= 1
            below -= len(buckets[lim])
        self.lim, self.cap = lim, kept + width - below
        return lim

    def best(self, width: int) -> list[int]:
        """The places of the ``width`` lowest-scored children (of equal scores, the first
        found), in the order they were found."""
        chosen: list[int] = []
        for bucket in self.buckets:
            chosen += bucket[: width - len(chosen)]
            if len(chosen) >= width:
                break
        chosen.sort()
        return chosen
