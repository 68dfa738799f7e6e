"""Par for every game but classic FreeCell: the beams of :mod:`.fewest`, on the core's positions.

:func:`.fewest.solve_fewest` hands a position of another game (its variant) here, once the
variant solver (:mod:`.general`) has answered with its first solution. The beams keep the same
contract as the classic ones: levels by player moves (moves not to a foundation; a move home
autoplay does not make joins the same level), the ``width`` best children of a level by what is
left to do, widths in turn below the best solution so far, the best so far returned when the
budget runs out or the search is cancelled, the same answer for the same widths.

They differ in how a child is made: the position is the core's :class:`GameState`, each step one
of :func:`.general.steps_of` played by the game's own rules
(:func:`~freecell_tui.core.rules.apply_resolved`) and followed by the game's autoplay, so every
child is built before it is scored. Every line a beam finds is played again from the start with
the checked rules (:func:`~freecell_tui.core.rules.apply_move`) and kept only when it wins in
fewer player moves than the best before.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import apply_resolved
from freecell_tui.core.solver.collector import paused
from freecell_tui.core.solver.facts import blocked_prefixes
from freecell_tui.core.solver.general import ReplayError, check_win, steps_of
from freecell_tui.core.solver.portfolio import SolveResult
from freecell_tui.core.state import Column, GameState, run_length

__all__ = ["GENERAL_WIDTHS", "GeneralBeam", "Stopped", "fewest_general", "replays_to_win"]

#: The beam widths tried in turn in these games: classic FreeCell's but the widest. Every child
#: is built here before it is scored, and a 16,384-wide beam took two thirds of the work
#: without finding a shorter line on deals 2-4 of four games (docs/solver.md).
GENERAL_WIDTHS: Final = (16, 64, 256, 1024, 4096)

#: Positions expanded between looks at the clock and the cancel event (each builds every child:
#: a look every few milliseconds).
_CHECK_EVERY: Final = 4
#: A position's key: each column's card indices, the columns sorted, then the free cells' sorted.
Key = tuple[bytes, ...]
#: A column, its bytes in the key, the cards under its top run and its blocked cards
#: (:func:`.facts.blocked_prefixes`).
Entry = tuple[Column, bytes, int, int]
#: A position in a level: the position, its key, what is left to do (its rank), its columns and
#: its blocked cards (a lower bound on the player moves it still needs).
Node = tuple[GameState, Key, int, tuple[Entry, ...], int]
#: A child of a level: its score, its place among the level's children, the child, its parent's
#: key and the moves to it (the step and the moves home its autoplay made).
Candidate = tuple[int, int, Node, Key, tuple[Move, ...]]


def fewest_general(
    state: GameState,
    mode: AutoplayMode,
    first: SolveResult,
    widths: tuple[int, ...],
    should_stop: Callable[[], bool],
    started: float,
) -> SolveResult:
    """:func:`.fewest.solve_fewest` for a position of another game than classic FreeCell, once
    the variant solver found ``first`` (solved): the beams of ``widths`` in turn, each below the
    best solution so far, until they are done or ``should_stop`` answers True."""
    best = first
    positions, expanded = first.positions, first.expanded
    try:
        with paused():
            for width in widths:
                beam = GeneralBeam(state, mode, width, best.player_moves, should_stop)
                try:
                    moves = beam.run()
                finally:
                    positions += len(beam.seen)
                    expanded += beam.expanded
                if moves is not None and replays_to_win(state, moves):
                    candidate = replace(best, moves=moves)
                    if candidate.player_moves < best.player_moves:
                        best = candidate
    except Stopped:
        pass
    return replace(best, seconds=time.monotonic() - started, positions=positions, expanded=expanded)


class Stopped(Exception):
    """The budget ran out or the search was cancelled."""


def _node(state: GameState, parent: Node | None = None) -> Node:
    """``state`` with its key (columns and free cells in any order are one position), its rank
    (cards under the run on top of their column, each of which must move at least once, and
    cards in free cells) and each column's bytes and cards under its run: those of a column the
    ``parent`` has too (the very tuple: a move changes at most two columns) are the parent's."""
    build = state.variant.build
    known = () if parent is None else parent[3]
    columns: list[Entry] = []
    for i, column in enumerate(state.columns):
        if known and known[i][0] is column:
            columns.append(known[i])
        else:
            unsorted = len(column) - run_length(column, build) if column else 0
            col = bytes(card.index for card in column)
            columns.append((column, col, unsorted, blocked_prefixes(col)[-1]))
    cols = sorted(entry[1] for entry in columns)
    cells = bytes(sorted(card.index for card in state.cells if card is not None))
    rank = sum(entry[2] for entry in columns) + len(cells)
    return state, (*cols, cells), rank, tuple(columns), sum(entry[3] for entry in columns)


class GeneralBeam:
    """One beam search by player moves, below ``bound`` player moves, in a game whose autoplay
    is ``mode`` (``safe`` and ``off`` search alike: a move home costs no player move)."""

    def __init__(
        self,
        start: GameState,
        mode: AutoplayMode,
        width: int,
        bound: int,
        should_stop: Callable[[], bool],
    ) -> None:
        self.mode = AutoplayMode.ALL if mode is AutoplayMode.ALL else AutoplayMode.SAFE
        self.width = width
        self.bound = bound
        self.should_stop = should_stop
        self.start, self.start_home = run_autoplay(start, self.mode)
        self.root = _node(self.start)
        #: Key → parent key and the moves from it (None for the start), for the positions kept.
        self.seen: dict[Key, tuple[Key, tuple[Move, ...]] | None] = {self.root[1]: None}
        self.expanded = 0

    def run(self) -> tuple[Move, ...] | None:
        """The moves of a solution with fewer player moves than the bound, written out with
        autoplay off (every move home), or None. Raises :class:`Stopped`."""
        if self.start.is_won:
            return self.start_home
        level = [self.root]
        for g in range(self.bound - 1):
            candidates: list[Candidate] = []
            won = self.expand(level, candidates, self.bound - g - 1)
            if won is not None:
                return self.line(won)
            level = self.next_level(candidates)
            if not level:
                return None
        return None

    def expand(self, level: list[Node], candidates: list[Candidate], room: int) -> Key | None:
        """Expand every position of ``level``: each child not seen that may still win in fewer
        than ``room`` more player moves (by its blocked cards), with its score and its place,
        into ``candidates``; a child a move home reaches joins ``level`` (no player move).
        Returns the key of a child that wins."""
        seen, mode = self.seen, self.mode
        i = 0
        while i < len(level):
            node = level[i]
            state, key = node[0], node[1]
            i += 1
            self.expanded += 1
            if self.expanded % _CHECK_EVERY == 0 and self.should_stop():
                raise Stopped
            for move in steps_of(state):
                after, home = run_autoplay(apply_resolved(state, move), mode)
                child = _node(after, node)
                ckey = child[1]
                if ckey in seen:
                    continue
                if after.is_won:
                    seen[ckey] = (key, (move, *home))
                    return ckey
                if move.dest.is_foundation:
                    # A move home the player makes costs no player move: same level.
                    seen[ckey] = (key, (move, *home))
                    level.append(child)
                    continue
                if child[4] < room:
                    candidates.append((child[2], len(candidates), child, key, (move, *home)))
        return None

    def next_level(self, candidates: list[Candidate]) -> list[Node]:
        """The ``width`` best candidates not seen before, in the order they were generated (two
        parents reach a child: the first keeps it)."""
        level: list[Node] = []
        seen = self.seen
        for _, _, child, parent, moves in sorted(
            heapq.nsmallest(self.width, candidates), key=lambda candidate: candidate[1]
        ):
            if child[1] in seen:
                continue
            seen[child[1]] = (parent, moves)
            level.append(child)
        return level

    def line(self, key: Key) -> tuple[Move, ...]:
        steps: list[tuple[Move, ...]] = []
        link = self.seen[key]
        while link is not None:
            parent, moves = link
            steps.append(moves)
            link = self.seen[parent]
        steps.reverse()
        return (*self.start_home, *(move for step in steps for move in step))


def replays_to_win(state: GameState, moves: tuple[Move, ...]) -> bool:
    """Whether ``moves`` (written out with autoplay off) win from ``state`` by the checked rules."""
    try:
        check_win(state, moves)
    except ReplayError:
        return False
    return True
