"""Playing many games, in several processes.

Work is cut into fixed tasks of :data:`~freecell_tui.klondike.deck.BLOCK` games (one generator
block each, or that many lines of a decks file), played by the engine, and gathered in
order; so the cards home of every game, and every total, are the same for any number of jobs.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from freecell_tui.klondike.deck import BLOCK, Deck, shuffled_decks
from freecell_tui.klondike.engine import play_fast
from freecell_tui.workers import started_pool, worker_context

__all__ = ["default_jobs", "play_decks", "play_seeded"]

_Task = TypeVar("_Task")


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _seeded_task(task: tuple[int, int, int]) -> bytes:
    seed, start, count = task
    return bytes([play_fast(deck) for deck in shuffled_decks(seed, start, count)])


def _decks_task(decks: Sequence[Deck]) -> bytes:
    return bytes([play_fast(deck) for deck in decks])


def play_seeded(seed: int, games: int, jobs: int) -> Iterator[bytes]:
    """Cards home of games 0 to ``games - 1`` for ``seed``, one bytes object a block, in order."""
    starts = range(0, games, BLOCK)
    tasks = ((seed, start, min(BLOCK, games - start)) for start in starts)
    return _run(_seeded_task, tasks, len(starts), jobs)


def play_decks(decks: Sequence[Deck], jobs: int) -> Iterator[bytes]:
    """Cards home of each deck in ``decks``, one bytes object a block, in order."""
    starts = range(0, len(decks), BLOCK)
    tasks = (decks[start : start + BLOCK] for start in starts)
    return _run(_decks_task, tasks, len(starts), jobs)


def _run(
    work: Callable[[_Task], bytes], tasks: Iterator[_Task], count: int, jobs: int
) -> Iterator[bytes]:
    """``work`` on each of the ``count`` tasks, in ``jobs`` processes, results in task order.

    Tasks are made as they are needed, so a huge number of games does not fill memory first."""
    jobs = min(jobs, count)
    if jobs <= 1:
        yield from map(work, tasks)
        return
    with started_pool(worker_context(__name__), jobs, interruptible=False) as pool:
        yield from pool.imap(work, tasks)
