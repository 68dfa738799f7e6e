"""Proofs that a FreeCell position (four free cells or fewer) cannot be won: an exhaustive search
with no heuristic, on the least memory a position can take, in layers it can forget.

* **Every position, once.** The steps are the fast searches' (:func:`.moves.steps_from`, with the
  safe cards sent home after each); a position is its canonical key (:mod:`.keys`: columns sorted,
  cells sorted, foundations implied by the cards missing), its bytes packed in a
  :class:`.packed.PackedKeys` with no link to its parent and no place in a priority queue: about
  65 bytes a position held in a long proof (:attr:`ProofResult.bytes_per_position`), under a
  fifth of what a position of the portfolio's takes.
* **Layers.** Two counts never go back: the cards home (a card never leaves its foundation) and
  the *breaks* in the columns, a card lying on a card it does not build on (a card only ever
  lands on a card it builds on, an empty column or a free cell, so no move makes a break; a move
  off a break unmakes it). So a step never lowers a position's *layer*, its cards home less its
  breaks. The layers are searched in increasing order, each breadth first (its set is its own
  queue: a layer searched holds nothing beside its set); a child of a higher layer waits in
  that layer's set. A layer's positions are forgotten once it is searched: no later position
  leads back to them. The memory held at once is the largest layer and those
  waiting, not every position reached.
* **A proof.** When every layer is searched and no position had every card home, no line of
  play from the start wins: every move (with autoplay's safe cards, which never lose a win) is
  among the steps, and only positions already searched are skipped. A won position found ends
  the search as ``winnable`` (the line to it is not kept: :func:`.portfolio.solve` finds one).
* **Deterministic.** A layer's positions are searched in the order they were reached and
  each position's steps in :func:`.moves.steps_from`'s order, so the counts are the same each run.
* **Resumable.** Given the layers an earlier search left (``layers``: each waiting layer, the
  lowest part searched, as a caller kept them), the search goes on from them instead of the
  start: a position searched again only meets children already held.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.keys import FITS, Cols, Found
from freecell_tui.core.solver.moves import (
    CELL_TO_COL,
    COL_TO_CELL,
    autoplay,
    homes_for,
    is_safe,
    play_step,
    root,
    steps_from,
)
from freecell_tui.core.solver.packed import PackedKeys
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL

__all__ = ["PROOF_BYTES", "Layer", "ProofResult", "ProofStatus", "prove"]

ProofStatus = Literal["unwinnable", "winnable", "gave-up"]

#: Bytes a position held costs the process at most, for a bound given in memory: the search's own
#: figure is 58-70, the largest resident size under PyPy (benchmarks/pypy.py) 61 a position held
#: on a long proof (deal 27708 with one cell: 7.3 GB for 119.5 million), 78-90 on shorter ones
#: (9613: 1.02 GB for 11.6 million).
PROOF_BYTES: Final = 75

#: Positions expanded between looks at the clock.
CHECK_EVERY: Final = 1024


@dataclass(frozen=True, slots=True)
class ProofResult:
    """What the exhaustive search found: ``unwinnable`` (every position reachable searched, none
    won), ``winnable`` (a won position reached) or ``gave-up`` (out of time or positions).
    ``positions`` counts the distinct positions reached (every one, for a proof), ``peak`` the
    most held in memory at once, ``bytes_per_position`` what each held cost (its key's bytes
    and its share of the tables and blocks holding it, as allocated) when a proof ends."""

    status: ProofStatus
    seconds: float
    positions: int
    peak: int
    bytes_per_position: float


class Layer(Protocol):
    """A layer's positions: a set of keys that is its own queue (iterating visits every key in
    the order added, those added meanwhile too). :class:`.packed.PackedKeys` in memory; a
    caller may hold them elsewhere (``benchmarks/fewest_cells.py`` keeps them on disk)."""

    def add(self, key: bytes, /) -> bool: ...
    def __iter__(self) -> Iterator[bytes]: ...
    def __len__(self) -> int: ...
    @property
    def nbytes(self) -> int: ...


def _packed(level: int) -> Layer:
    return PackedKeys()


class _Waiting(dict[int, Layer]):
    """Level → its layer, made by ``layer(level)`` when first asked for."""

    def __init__(self, layer: Callable[[int], Layer], layers: Mapping[int, Layer]) -> None:
        super().__init__(layers)
        self.layer = layer

    def __missing__(self, level: int) -> Layer:
        self[level] = made = self.layer(level)
        return made


class _Breaks(dict[bytes, int]):
    """Column → its breaks: the cards lying on a card they do not build on."""

    def __missing__(self, col: bytes) -> int:
        count = sum(1 for i in range(1, len(col)) if col[i] & 0x3F not in FITS[col[i - 1]])
        self[col] = count
        return count


#: A key's columns are each a flagged deepest card (0x80 up) and the cards on it (below 0x40),
#: and its cells come last (0x40 to 0x7F).
_FLAG: Final = 0x80
_CELL: Final = 0x40
#: A card byte (flags or not) → its suit.
_SUIT: Final = bytes(v & 3 for v in range(256))


def _decode(key: bytes) -> tuple[Cols, bytes, Found]:
    """A key's columns (canonical order), cells and foundations (the cards missing). A loop,
    not a regular expression: PyPy runs it in a third of the time, CPython in a tenth more."""
    end = len(key)
    while end and _CELL <= key[end - 1] < _FLAG:
        end -= 1
    cols = []
    start = 0
    for i in range(1, end):
        if key[i] >= _FLAG:
            cols.append(key[start:i])
            start = i
    if end:
        cols.append(key[start:end])
    suits = key.translate(_SUIT)
    found = (
        13 - suits.count(0),
        13 - suits.count(1),
        13 - suits.count(2),
        13 - suits.count(3),
    )
    return (*[b""] * (8 - len(cols)), *cols), key[end:], found


def prove(  # noqa: C901, PLR0912, PLR0915 -- the hot loop, inline
    state: GameState,
    *,
    should_stop: Callable[[], bool] = lambda: False,
    max_positions: int | None = None,
    layer: Callable[[int], Layer] = _packed,
    layers: Mapping[int, Layer] | None = None,
) -> ProofResult:
    """Search every position reachable from ``state`` (FreeCell with four free cells or fewer)
    for a win: ``unwinnable`` is a proof that none exists. Gives up when ``should_stop`` answers
    True or more than ``max_positions`` positions are held at once. Each layer's positions are
    held in a new ``layer(level)``. Given ``layers`` (level → the layer an earlier search of
    ``state`` left), it goes on from them, and its counts start at the positions they hold."""
    cell_count = state.variant.cells
    if cell_count > 4 or state.variant != FREECELL.with_cells(cell_count):
        raise ValueError("proofs are for FreeCell with four free cells or fewer")
    started = time.monotonic()
    cols, cells, found = root(state, is_safe)
    if sum(found) == 52:
        return ProofResult("winnable", time.monotonic() - started, 1, 1, 0.0)
    facts = ColumnFacts()
    breaks = _Breaks()
    start = b"".join(cols) + cells
    level = sum(found) - sum(map(breaks.__getitem__, cols))
    waiting = _Waiting(layer, layers or {})
    if not layers:
        waiting[level].add(start)
    positions = peak = held = sum(map(len, waiting.values()))
    peak_bytes = 0  # the sets' bytes when a layer ends, the most held (the peak's at an end)
    expanded = 0
    homes = homes_for(is_safe)
    while waiting:
        level = min(waiting)
        seen = waiting.pop(level)
        # The layer's positions in the order reached, each decoded as its turn comes: the set
        # is its own queue, what a position leads to in the layer joining its end. A stack of
        # decoded positions (depth first) saves the decoding but may grow past the set itself.
        for key in seen:
            cols, cells, found = _decode(key)
            expanded += 1
            if expanded % CHECK_EVERY == 0 and should_stop():
                return ProofResult("gave-up", time.monotonic() - started, positions, peak, 0.0)
            safe_now = homes[found]
            for step in steps_from(cols, cells, found, facts, cell_count):
                kind, a, _, n = step
                new = list(cols)
                ncells = play_step(new, cells, fl := list(found), step)
                # The child's layer: the parent's, one more when a whole run leaves the card
                # it does not build on; counted again when cards went home. A step that is not
                # home frees one card at most, the one it uncovers: only that one may go home
                # now (a card of a run uncovered is never safe: the card on it would be home).
                at = level
                recount = False
                if kind <= COL_TO_CELL:
                    cs = cols[a]
                    if len(cs) > n and facts[cs][0] == n:
                        at += 1
                        if cs[-n - 1] & 0x3F in safe_now:
                            ncells = autoplay(new, ncells, fl, is_safe)
                            recount = True
                elif kind != CELL_TO_COL:  # a card home: more may follow
                    ncells = autoplay(new, ncells, fl, is_safe)
                    recount = True
                new.sort()
                if recount:
                    home = fl[0] + fl[1] + fl[2] + fl[3]
                    if home == 52:
                        seconds = time.monotonic() - started
                        return ProofResult("winnable", seconds, positions + 1, peak, 0.0)
                    at = home - sum(map(breaks.__getitem__, new))
                later = seen if at == level else waiting[at]
                if not later.add(b"".join(new) + ncells):
                    continue
                positions += 1
                held += 1
                if held > peak:
                    peak = held
                    if max_positions is not None and held > max_positions:
                        seconds = time.monotonic() - started
                        return ProofResult("gave-up", seconds, positions, peak, 0.0)
        if held == peak:
            peak_bytes = max(peak_bytes, seen.nbytes + sum(w.nbytes for w in waiting.values()))
        held -= len(seen)
    seconds = time.monotonic() - started
    return ProofResult("unwinnable", seconds, positions, peak, peak_bytes / peak)
