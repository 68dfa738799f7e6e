"""The fast solver's portfolio on the compiled search: :func:`solve_native` runs the searches of
:data:`..search.PORTFOLIO` and the scouts by the same schedule as :func:`..portfolio._portfolio`
(:func:`..schedule.take_turns`), each turn one call of :func:`.kernel.run`, so that it expands the
same positions in the same order and finds the same line.

Memory is in arrays shared by the searches of one solve: the nodes (every position built, each
search's start included), each search's queue, and a table of positions per search (one for the
portfolio once it shares). They grow by doubling; past :data:`MEMORY` bytes the solve gives up.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from freecell_tui.core.solver.keys import Cols, Found
from freecell_tui.core.solver.moves import SearchStep
from freecell_tui.core.solver.native.kernel import DRY, MORE, ROOM, SOLVED, SPARE, STOP, run
from freecell_tui.core.solver.native.packed import PAD, ROW, WORDS, merge, slot
from freecell_tui.core.solver.native.steps import BUILT, SEQ, path, plant
from freecell_tui.core.solver.schedule import Scouts, take_turns
from freecell_tui.core.solver.search import PORTFOLIO, Stop, Weights

__all__ = ["MEMORY", "Outcome", "solve_native", "warm_up"]

Array = npt.NDArray[np.int64]
_COLUMN: Final = re.compile(rb"[\x80-\xbf][\x00-\x3f]*")
_CELLS: Final = re.compile(rb"[\x40-\x7f]+$")
Line = list[tuple[Cols, bytes, SearchStep]]
#: Bytes the arrays of one solve may take (about 300 bytes a position expanded).
MEMORY: Final = 1 << 30


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the compiled portfolio found: ``line`` (as :func:`..portfolio.line_to`) when solved,
    None when proved unsolvable."""

    line: Line | None
    positions: int
    expanded: int
    bytes_per_position: float


class _Table:
    """Positions seen: node numbers in open addressing, -1 for a free slot."""

    def __init__(self, size: int = 2048) -> None:
        self.slots: Array = np.full(size, -1, dtype=np.int64)
        self.count = 0


class _Pool:
    """The nodes of one solve, and the searches sharing them (for the memory bound)."""

    def __init__(self) -> None:
        self.nodes: Array = np.zeros((4096, ROW), dtype=np.int64)
        self.count = 0
        self.searches: list[_Native] = []

    def memory(self) -> int:
        tables = {id(s.table): s.table.slots.nbytes for s in self.searches}
        heaps = sum(s.heap.nbytes for s in self.searches)
        return self.nodes.nbytes + sum(tables.values()) + heaps


def _grown(array: Array, rows: int) -> Array:
    new = np.empty((rows, *array.shape[1:]), dtype=np.int64)
    new[: array.shape[0]] = array
    return new


class _Native:
    """One search (as :class:`..search.Search`): its queue, table and counts."""

    def __init__(
        self, pool: _Pool, key: Array, won: bool, w: Weights, safe_all: bool, cell_count: int
    ) -> None:
        if 52 * (w.disorder + w.unsorted) >= 4096:
            raise ValueError("weights too large for the packed column part")
        self.pool = pool
        self.safe_all = safe_all
        self.cell_count = cell_count
        self.w: Array = np.array(
            [w.out, w.disorder, w.unsorted, w.cell, w.empty, w.moves, w.next], dtype=np.int64
        )
        if pool.nodes.shape[0] - pool.count < 1:
            pool.nodes = _grown(pool.nodes, 2 * pool.nodes.shape[0])
        node = pool.count
        pool.nodes[node, :WORDS] = key
        plant(pool.nodes, node, self.w)
        pool.count += 1
        self.table = _Table()
        self.table.slots[slot(self.table.slots, pool.nodes, key)] = node
        self.table.count = 1
        self.heap: Array = np.empty((2048, 2), dtype=np.int64)
        self.heap[0] = (SEQ, node | BUILT << 32)  # priority 0, arrival 0
        self.size = 1
        self.seq = 0
        self.expanded = 0
        self.goal: int | None = node if won else None
        pool.searches.append(self)

    def run(self, budget: int, stopping: bool, other: int, max_stored: int) -> bool | None:
        """As ``Search.run``: True once solved, False once its queue ran dry, None when
        neither yet. Raises :class:`Stop`."""
        if self.goal is not None:
            return True
        pool, table = self.pool, self.table
        while True:
            code, pool.count, table.count, self.size, self.seq, expanded, goal = run(
                pool.nodes, pool.count, table.slots, table.count, self.heap, self.size, self.w,
                self.safe_all, self.seq, self.expanded, budget, stopping, other, max_stored,
                self.cell_count,
            )  # fmt: skip
            budget -= expanded - self.expanded
            self.expanded = expanded
            if code == ROOM:
                self._grow()
            elif code == STOP:
                raise Stop
            elif code == SOLVED:
                self.goal = goal
                return True
            else:
                return False if code == DRY else None if code == MORE else _bad(code)

    def _grow(self) -> None:
        pool, table = self.pool, self.table
        if self.seq >= SEQ or pool.count >= 1 << 26:
            raise Stop
        if pool.nodes.shape[0] - pool.count < SPARE:
            pool.nodes = _grown(pool.nodes, 2 * pool.nodes.shape[0])
        if self.heap.shape[0] - self.size < SPARE:
            self.heap = _grown(self.heap, 2 * self.heap.shape[0] + SPARE)
        if 2 * (table.count + SPARE) > table.slots.shape[0]:
            size = table.slots.shape[0]
            while 2 * (table.count + SPARE) > size:
                size *= 2
            slots = np.full(size, -1, dtype=np.int64)
            merge(slots, table.slots, pool.nodes)
            table.slots = slots
        if pool.memory() > MEMORY:
            raise Stop

    def line(self) -> Line:
        """The steps from the start to the goal, as :func:`..portfolio.line_to` gives them."""
        assert self.goal is not None
        nodes = self.pool.nodes
        parents, steps = path(nodes, self.table.slots, self.goal)
        data = nodes[parents[::-1], :WORDS].astype("<i8").tobytes()
        size = 8 * WORDS
        return [
            (*_unpack(data[i * size : (i + 1) * size]), _step(int(step)))
            for i, step in enumerate(steps[::-1])
        ]


def _step(step: int) -> SearchStep:
    return step & 7, step >> 3 & 0x7F, step >> 10 & 7, step >> 13


def _bad(code: int) -> bool | None:
    raise RuntimeError(f"unexpected code {code} from the compiled search")


def _pack(cols: Cols, cells: bytes) -> Array:
    data = b"".join(cols) + cells
    return np.frombuffer(data.ljust(8 * WORDS, bytes((PAD,))), dtype="<i8").astype(np.int64)


def _unpack(key: bytes) -> tuple[Cols, bytes]:
    data = key.rstrip(bytes((PAD,)))
    columns = _COLUMN.findall(data)  # a flagged deepest card, then plain cards
    cells = _CELLS.search(data)
    return (b"",) * (8 - len(columns)) + tuple(columns), cells.group() if cells else b""


def solve_native(
    cols: Cols,
    cells: bytes,
    found: Found,
    safe_all: bool,
    should_stop: Callable[[], bool],
    max_positions: int | None,
    scouts: Scouts,
    cell_count: int = 4,
) -> Outcome:
    """The portfolio from the start ``cols``, ``cells``, ``found`` (after autoplay) of a game
    with ``cell_count`` free cells, autoplay ``all`` when ``safe_all`` else the safe rule. Raises
    :class:`Stop` (cancelled, out of time, past ``max_positions`` or :data:`MEMORY`)."""
    pool = _Pool()
    key = _pack(cols, cells)
    won = sum(found) == 52
    searches = [_Native(pool, key, won, w, safe_all, cell_count) for w in PORTFOLIO]

    def turn(search: _Native, budget: int) -> bool | None:
        other, most = 0, -1
        if max_positions is not None:
            other, most = _stored(searches) - search.table.count, max_positions
        return search.run(budget, should_stop(), other, most)

    winner = take_turns(
        searches,
        turn,
        lambda search: search.size > 0,
        _share,
        lambda w: _Native(pool, key, won, w, safe_all, cell_count),
        scouts,
    )
    return _outcome(searches, winner)


def _share(searches: list[_Native]) -> None:
    """One table for the searches from now on, the union of theirs: each position keeps the
    node of the first search (in portfolio order) that saw it, as ``_share`` does."""
    nodes = searches[0].pool.nodes
    union = _Table(1 << max(8, (2 * (sum(s.table.count for s in searches) + SPARE)).bit_length()))
    for search in searches:
        union.count += merge(union.slots, search.table.slots, nodes)
    for search in searches:
        search.table = union


def _tables(searches: list[_Native]) -> list[_Table]:
    """The tables of positions the searches keep, each once (the portfolio's may be one)."""
    return list({id(search.table): search.table for search in searches}.values())


def _stored(searches: list[_Native]) -> int:
    """Positions the searches hold."""
    return sum(table.count for table in _tables(searches))


def _outcome(searches: list[_Native], winner: _Native | None) -> Outcome:
    tables = _tables(searches)
    positions = sum(table.count for table in tables)
    expanded = sum(search.expanded for search in searches)
    pool = searches[0].pool
    # Each position's node (shared by its search's start, stored once a search that built it)
    # and about two slots of its table (kept at most half full).
    size = (pool.count * ROW * 8 + 2 * 8 * positions) / positions
    line = winner.line() if winner is not None else None
    return Outcome(line, positions, expanded, size)


def warm_up() -> None:
    """Run every compiled function once (loading or compiling it): a deal, and a merge."""
    from freecell_tui.core.deals import deal
    from freecell_tui.core.solver.moves import is_safe, root

    cols, cells, found = root(deal(1), is_safe)
    solve_native(cols, cells, found, False, lambda: False, None, ())
    table = _Table()
    merge(table.slots, table.slots.copy(), np.zeros((1, ROW), dtype=np.int64))
