"""Par for every game but classic FreeCell: the beams of :mod:`.fewest`, on compact positions.

:func:`.fewest.solve_fewest` hands a position of another game (its variant) here, once the
variant solver (:mod:`.general`) has answered with its first solution. The beams keep the same
contract as the classic ones: levels by player moves (moves not to a foundation; a move home
autoplay does not make joins the same level), the ``width`` best children of a level by what is
left to do, widths in turn below the best solution so far, the best so far returned when the
budget runs out or the search is cancelled, the same answer for the same widths.

They run on the general search's compact positions (:mod:`.general_moves`: columns as
``bytes`` in the game's order, the cells sorted, the foundations), each step one of
:meth:`.general_moves.GeneralRules.steps` followed by the game's autoplay. As in the classic
beams, a step is scored from the facts of the columns it changes before its child is made, and
made only while it may still be among the width best (a running limit on the score); a child is
made at once when a card goes home, by the step or by autoplay. Every line a beam finds is
written out as core moves (each step followed by the core's autoplay), played again from the
start with the checked rules (:func:`~freecell_tui.core.rules.apply_move`) and kept only when it
wins in fewer player moves than the best before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.notation import FOUNDATION, Move, Pile
from freecell_tui.core.rules import apply_resolved
from freecell_tui.core.solver.beam import Children
from freecell_tui.core.solver.collector import paused
from freecell_tui.core.solver.facts import blocked_prefixes
from freecell_tui.core.solver.general import ReplayError, check_win
from freecell_tui.core.solver.general_moves import (
    BYTE,
    CELL_HOME,
    CELL_TO_COL,
    COL_HOME,
    COL_TO_CELL,
    COL_TO_COL,
    OPPOSITE,
    GeneralRules,
    GeneralStep,
    Key,
    compact,
)
from freecell_tui.core.solver.portfolio import SolveResult
from freecell_tui.core.state import GameState

__all__ = ["GENERAL_WIDTHS", "GeneralBeam", "Stopped", "fewest_general", "replays_to_win"]

#: The beam widths tried in turn in these games: classic FreeCell's but the widest. A
#: 16,384-wide beam took two thirds of the work without finding a shorter line on deals 2-4 of
#: four games (docs/solver.md).
GENERAL_WIDTHS: Final = (16, 64, 256, 1024, 4096)

#: Positions expanded between looks at the clock and the cancel event.
_CHECK_EVERY: Final = 16
#: A position's columns, in the game's order (a step's column numbers are theirs).
Cols = tuple[bytes, ...]
#: The foundations: each suit's rank home.
Found = tuple[int, ...]
#: A position in a level: its columns, cells (sorted), foundations, key (the columns sorted,
#: then the cells), cards under the top runs and blocked cards (a lower bound on the player
#: moves it still needs).
Node = tuple[Cols, bytes, Found, Key, int, int]
#: A level's children: each built, with its parent's key and its step.
_Kept = Children[Key, GeneralStep, Node]


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


class _ColumnCounts(dict[bytes, tuple[int, int, int, tuple[int, ...], int]]):
    """Column bytes → what a step from or onto the column needs, learnt once: its top run's
    length, its cards under that run (each must move at least once), its blocked cards
    (:func:`.facts.blocked_prefixes`: in all and in each prefix) and the cards under the run of
    the column left when its whole top run moves away."""

    def __init__(self, rules: GeneralRules) -> None:
        super().__init__()
        self.rules = rules

    def __missing__(self, col: bytes) -> tuple[int, int, int, tuple[int, ...], int]:
        run = self.rules.column_facts(col)[0]
        blocks = blocked_prefixes(col)
        below = self[col[:-run]][1] if run else 0
        self[col] = facts = (run, len(col) - run, blocks[-1], blocks, below)
        return facts


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
        self.rules = GeneralRules(start.variant, autoplay_all=self.mode is AutoplayMode.ALL)
        self.counts = _ColumnCounts(self.rules)
        cols, cells, found = compact(self.start)
        self.root = self.node(tuple(cols), cells, tuple(found))
        #: Key → parent key and the step from it (None for the start), for the positions kept.
        self.seen: dict[Key, tuple[Key, GeneralStep] | None] = {self.root[3]: None}
        self.expanded = 0

    def node(self, cols: Cols, cells: bytes, found: Found) -> Node:
        """A position of a level, with its key, cards under top runs and blocked cards."""
        counts = self.counts
        unsorted = blocked = 0
        for col in cols:
            facts = counts[col]
            unsorted += facts[1]
            blocked += facts[2]
        return cols, cells, found, (*sorted(cols), cells), unsorted, blocked

    def run(self) -> tuple[Move, ...] | None:
        """The moves of a solution with fewer player moves than the bound, written out with
        autoplay off (every move home), or None. Raises :class:`Stopped`."""
        if self.start.is_won:
            return self.start_home
        level = [self.root]
        for g in range(self.bound - 1):
            children: _Kept = Children(self.width, 53 + self.rules.cells)
            won = self.expand(level, children, self.bound - g - 1)
            if won is not None:
                return self.line(won)
            level = self.next_level(children)
            if not level:
                return None
        return None

    def expand(  # noqa: C901, PLR0912, PLR0915 -- the beam's hot loop: each step scored inline
        self, level: list[Node], children: _Kept, room: int
    ) -> Key | None:
        """Expand every position of ``level``: each child not seen that may still win in fewer
        than ``room`` more player moves (by its blocked cards) and may still be among the
        ``width`` best, with its score (what is left to do), into ``children``; a child a move
        home reaches joins ``level`` (no player move). Returns the key of a child that wins.

        A step is scored from the facts of the columns it changes before its child is made:
        most are never among the best. A child is made whole at once when a card goes home, by
        the step or by autoplay (then the only card autoplay can send is the one it uncovers)."""
        seen, counts, rules = self.seen, self.counts, self.rules
        steps_from, add = rules.steps, children.add
        all_safe = rules.all_safe
        lim = children.lim
        i = 0
        while i < len(level):
            node = level[i]
            i += 1
            cols, cells, found, key, unsorted, blocked = node
            self.expanded += 1
            if self.expanded % _CHECK_EVERY == 0 and self.should_stop():
                raise Stopped
            base = unsorted + len(cells)
            for step in steps_from(cols, cells, found):
                kind, a, b, n = step
                if kind >= COL_HOME:
                    won = self.build(node, step, level, None, room)
                    if won is not None:
                        return won
                    continue
                h = base
                left = blocked
                if kind == CELL_TO_COL:
                    h -= 1  # the card lies on a run, or alone in an empty column
                else:
                    src = cols[a]
                    run, uns, blocks_all, blocks, below = counts[src]
                    size = len(src)
                    if n < size:
                        exposed = src[-n - 1]
                        rank = exposed >> 2  # its rank less one
                        if rank == found[exposed & 3] and (
                            all_safe
                            or rank < 2
                            or (
                                found[OPPOSITE[exposed & 3][0]] >= rank
                                and found[OPPOSITE[exposed & 3][1]] >= rank
                            )
                        ):
                            won = self.build(node, step, level, children, room)
                            if won is not None:
                                return won
                            lim = children.lim
                            continue
                    if n == run:
                        h -= uns - below
                    if kind == COL_TO_CELL:
                        h += 1
                    left += blocks[size - n] - blocks_all
                if h >= lim or left >= room:
                    continue
                new = list(cols)
                ccells = cells
                if kind == COL_TO_COL:
                    new[a] = src[:-n]
                    new[b] = dest = cols[b] + src[-n:]
                    left += counts[dest][2] - counts[cols[b]][2]
                elif kind == COL_TO_CELL:
                    new[a] = src[:-1]
                    ccells = bytes(sorted(cells + BYTE[src[-1]]))
                else:
                    ccells = cells.replace(BYTE[a], b"")
                    new[b] = dest = cols[b] + BYTE[a]
                    left += counts[dest][2] - counts[cols[b]][2]
                if left >= room:
                    continue
                ckey = (*sorted(new), ccells)
                if ckey in seen:
                    continue
                lim = add(key, step, h, (tuple(new), ccells, found, ckey, h - len(ccells), left))
        return None

    def build(
        self,
        node: Node,
        step: GeneralStep,
        level: list[Node],
        children: _Kept | None,
        room: int,
    ) -> Key | None:
        """Make the child of ``node`` by ``step`` and the game's autoplay: a new one joins
        ``level`` when the step is a move home (no player move), else goes into ``children``
        with its score if it may still win in fewer than ``room`` more player moves. Returns the
        child's key when it wins."""
        new = list(node[0])
        found = list(node[2])
        rules = self.rules
        cells = rules.autoplay(new, rules.play(new, node[1], found, step), found)
        ckey = (*sorted(new), cells)
        if ckey in self.seen:
            return None
        if found[0] + found[1] + found[2] + found[3] == 52:
            self.seen[ckey] = (node[3], step)
            return ckey
        child = self.node(tuple(new), cells, (found[0], found[1], found[2], found[3]))
        if children is None:
            # A move home the player makes costs no player move: same level.
            self.seen[ckey] = (node[3], step)
            level.append(child)
            return None
        score = child[4] + len(cells)
        if child[5] < room and score < children.lim:
            children.add(node[3], step, score, child)
        return None

    def next_level(self, children: _Kept) -> list[Node]:
        """The ``width`` best children (the lowest scores; of equal ones, the first found) not
        seen before, in the order they were found (two parents reach a child: the first keeps
        it)."""
        level: list[Node] = []
        seen = self.seen
        for seq in children.best(self.width):
            child = children.built[seq]
            if child[3] in seen:
                continue
            seen[child[3]] = (children.parents[seq], children.steps[seq])
            level.append(child)
        return level

    def line(self, key: Key) -> tuple[Move, ...]:
        """The moves from the start to ``key``, each step followed by the game's autoplay,
        written out with autoplay off."""
        steps: list[GeneralStep] = []
        link = self.seen[key]
        while link is not None:
            parent, step = link
            steps.append(step)
            link = self.seen[parent]
        steps.reverse()
        state, written = self.start, list(self.start_home)
        for step in steps:
            move = _move(state, step)
            state, home = run_autoplay(apply_resolved(state, move), self.mode)
            written += (move, *home)
        return tuple(written)


def _move(state: GameState, step: GeneralStep) -> Move:
    """``step``, listed for ``state``'s columns in their order, as a core move."""
    kind, a, b, n = step
    if kind in (CELL_TO_COL, CELL_HOME):
        source = Pile.cell(next(i for i, c in enumerate(state.cells) if c and c.index == a))
    else:
        source = Pile.column(a)
    if kind in (COL_HOME, CELL_HOME):
        return Move(source, FOUNDATION)
    if kind == COL_TO_CELL:
        return Move(source, Pile.cell(state.cells.index(None)))
    return Move(source, Pile.column(b), n if kind == COL_TO_COL else None)


def replays_to_win(state: GameState, moves: tuple[Move, ...]) -> bool:
    """Whether ``moves`` (written out with autoplay off) win from ``state`` by the checked rules."""
    try:
        check_win(state, moves)
    except ReplayError:
        return False
    return True
