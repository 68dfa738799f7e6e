"""Par: a solution with as few player moves as the search can find in its budget.

Player moves are the moves that are not to a foundation (with autoplay ``all`` they are every
move the player makes; it is how published tables of near-optimal solutions count). The search:

* **The fast solver first.** Its solution is the first answer (so par is never more than it) and
  its proof settles an unsolvable position.
* **Beam search by player moves.** Level ``g`` holds positions reached in ``g`` player moves; from
  each, every step is generated, and the ``width`` best children by a heuristic of what is left
  to do (cards under the run on top of their column, which must each move once; free cells in
  use; cards not home; empty columns) make level ``g + 1``. A move home that autoplay does not
  make (autoplay ``safe`` or ``off``) costs no player move: its position joins the same level.
  Only levels below the best solution so far are searched, and a child whose blocked cards (a
  lower bound on the player moves it still needs, :func:`.facts.blocked_prefixes`) reach the
  best solution is never a candidate.
* **Wider and wider.** Beams of growing width run in turn until the budget is spent; each either
  finds a shorter solution or shows the width was too narrow. The answer is the best so far, at
  any moment: a cancelled or timed-out search returns it.
* **Deterministic.** Ties go to the child found first; the widths are fixed, so the same position
  gives the same answer whenever the budget lets the same widths finish.

FreeCell with fewer free cells is searched by these beams with that many cells, each line they
find checked by the game's rules. A position of another game is searched the same way by
:mod:`.fewest_general`, on the general search's compact positions and that game's rules, below
the general search's solution.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.solver.beam import Children
from freecell_tui.core.solver.collector import paused
from freecell_tui.core.solver.facts import ColumnFacts, blocked_prefixes
from freecell_tui.core.solver.fewest_general import (
    GENERAL_WIDTHS,
    fewest_general,
    replays_to_win,
)
from freecell_tui.core.solver.keys import (
    BYTE,
    CELL_FLAG,
    CLASS,
    COL_FLAG,
    FIT_CLASS,
    RANK,
    SORTED_CELLS,
    Cols,
    Found,
    Key,
)
from freecell_tui.core.solver.moves import (
    CELL_TO_COL,
    CELL_TO_HOME,
    COL_TO_CELL,
    COL_TO_COL,
    COL_TO_HOME,
    PLAIN_BYTE,
    Safe,
    SearchStep,
    apply_step,
    core_moves,
    homes_for,
    root,
    safe_rule,
)
from freecell_tui.core.solver.portfolio import SolveResult, fast_cells, solve
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL

__all__ = ["DEFAULT_BUDGET", "WIDTHS", "solve_fewest"]

DEFAULT_BUDGET: Final = 10.0
#: The beam widths tried in turn (each about four times the work of the one before).
WIDTHS: Final = (16, 64, 256, 1024, 4096, 16384)
_CHECK_EVERY: Final = 16
#: A position in a level: columns, cells, foundations, key, cards under the top runs, blocked
#: cards (:class:`_Counts`).
Node = tuple[Cols, bytes, Found, Key, int, int]
#: A level's children: a parent node and its step, built at once when a card goes home.
_Kept = Children[Node, SearchStep, Node]


@dataclass(frozen=True, slots=True)
class _Rank:
    """The beam's heuristic: what is left to do (all positions of a level made as many moves).
    Cards under the run on top of their column and cards in free cells, one each, did best on a
    sample of deals (``docs/solver.md``); cards not home and empty columns are there to try."""

    unsorted: int = 1
    cell: int = 1
    out: int = 0
    empty: int = 0


_RANK: Final = _Rank()
#: A child's score is at least ``-_LOWEST`` and below ``_SCORES - _LOWEST`` (eight columns,
#: four cells, 52 cards).
_LOWEST: Final = 8 * _RANK.empty
#: The classes of cards (:data:`.keys.CLASS`), and one for no card (what lies on an ace).
_CLASSES: Final = 27
#: A column's place alone; a class's bit.
_ONE: Final = tuple((d,) for d in range(8))
_BIT: Final = tuple(1 << c for c in range(_CLASSES))
_SCORES: Final = _LOWEST + 52 * (_RANK.unsorted + _RANK.out) + 4 * _RANK.cell + _RANK.empty + 1


def _card_bits(cards: bytes) -> int:
    """``cards`` (without flags) as an int: bit ``card`` set for each."""
    return sum(1 << card for card in set(cards))


class _CardBits(dict[bytes, int]):
    """Cards → :func:`_card_bits` of them, remembered (the cards autoplay sends home, by
    foundations: a few hundred)."""

    def __missing__(self, cards: bytes) -> int:
        self[cards] = got = _card_bits(cards)
        return got


_CARD_BITS: Final = _CardBits()


class _Stop(Exception):
    pass


def solve_fewest(
    state: GameState,
    mode: AutoplayMode = AutoplayMode.ALL,
    *,
    budget: float = DEFAULT_BUDGET,
    cancel: threading.Event | None = None,
    widths: tuple[int, ...] | None = None,
    first: SolveResult | None = None,
) -> SolveResult:
    """A solution of ``state`` with as few player moves (moves not to a foundation) as the search
    finds within ``budget`` seconds, in a game whose autoplay is ``mode``.

    The moves are written out as :func:`solve` writes them (autoplay off, every move home), so
    they replay from ``state`` with the rules alone; ``result.player_moves`` is par. Searching with
    ``mode`` ``all`` plays every card home as soon as it can go, as that game does (a card sent
    home too early can lose a deal that ``safe`` wins); ``safe`` and ``off`` search alike (moves
    home cost no player move, so a player sends a card home when it suits).

    The fast solver (in another game, the general search) answers first: par is never more than
    its solution, an unsolvable position is ``"unsolvable"``, and a position it gives up on within
    the budget is ``"gave-up"``. Then beams of the ``widths`` run in turn until the budget is
    spent or ``cancel`` is set; either way the best solution so far is returned (``"solved"``).
    ``widths``: :data:`WIDTHS` unless given (:data:`.fewest_general.GENERAL_WIDTHS` in another
    game). ``first``: the fast solver's answer for ``state`` in ``mode``, when the caller has it
    already.
    """
    started = time.monotonic()
    deadline = started + budget

    def should_stop() -> bool:
        return (cancel is not None and cancel.is_set()) or time.monotonic() >= deadline

    if first is None:
        first = solve(state, timeout=budget, cancel=cancel, autoplay=mode)
    if first.status != "solved":
        return replace(first, seconds=time.monotonic() - started)
    cell_count = fast_cells(state.variant)
    if cell_count is None:
        # These beams play FreeCell's compact positions; another game's play its own.
        wide = GENERAL_WIDTHS if widths is None else widths
        return fewest_general(state, mode, first, wide, should_stop, started)
    best = first
    safe = safe_rule(mode)
    positions, expanded = first.positions, first.expanded
    start = root(state, safe)
    counts = _Counts(ColumnFacts())
    with paused():
        try:
            for width in WIDTHS if widths is None else widths:
                beam = _Beam(start, safe, width, best.player_moves, should_stop, cell_count, counts)
                line = beam.run()
                positions += len(beam.seen)
                expanded += beam.expanded
                # Its positions are freed while the collector is off: back on, it would walk
                # every one still alive once.
                del beam
                if line is not None:
                    moves = core_moves(state, line, safe)
                    # With fewer cells the line is played again by the game's rules.
                    if state.variant == FREECELL or replays_to_win(state, moves):
                        best = replace(best, moves=moves)
        except _Stop:
            pass  # out of time or cancelled: the best so far
    return replace(best, seconds=time.monotonic() - started, positions=positions, expanded=expanded)


#: A step's cards, for a column: for each count ``n`` of cards of its top run a step may pick up,
#: ``n``, the class of the ``n``-th from the top (the columns it may go on, :data:`.keys.CLASS`), the
#: blocked cards the column keeps after it, the card it uncovers (:data:`_NO_CARD` for none) and
#: the change to the score when it does not uncover a card autoplay sends home.
Lift = tuple[int, int, int, int, int]
#: Not a card: no card lies under a whole column.
_NO_CARD: Final = 0xFF
#: A column, for the steps from it: its foundation's index and the rank under its top card's
#: (it goes home when that foundation holds that rank), its blocked cards, the most of them a
#: step takes away, its :data:`Lift`\s, the lowest change to the score a step from it makes (0
#: or less), the cards its steps may uncover (a bit a card, as :func:`_card_bits`) and the
#: classes of its top run's cards (a bit a class).
Source = tuple[int, int, int, int, tuple[Lift, ...], int, int, int]


class _Counts(dict[bytes, int]):
    """Column → the cards under the run on top of it (each must move at least once). Learning a
    column learns its blocked cards (:func:`.facts.blocked_prefixes`) too (:attr:`blocked`), and
    what a step from it needs (:attr:`sources`)."""

    def __init__(self, facts: ColumnFacts) -> None:
        super().__init__()
        self.facts = facts
        self.blocked: dict[bytes, int] = {}
        self.sources: dict[bytes, Source] = {}

    def __missing__(self, col: bytes) -> int:
        blocks = blocked_prefixes(col)
        self.blocked[col] = blocks[-1]
        run, _, _, _, runs, run_cards = self.facts[col]
        size = len(col)
        lifts: list[Lift] = []
        for n in range(1, run + 1):
            if n < size:
                under = col[-n - 1] & 0x3F
                # The whole run leaves: the run under it becomes the top run.
                delta = -_RANK.unsorted * runs[size - n] if n == run else 0
            else:
                under, delta = _NO_CARD, -_RANK.empty  # the column empties
            lifts.append((n, CLASS[run_cards[n - 1]], blocks[size - n], under, delta))
        top = col[-1] if col else _NO_CARD
        lowest = min([0, *(lift[4] for lift in lifts)])
        uncovers = _card_bits(bytes(lift[3] for lift in lifts if lift[3] != _NO_CARD))
        classes = sum(1 << lift[1] for lift in lifts)  # a run's cards are of distinct ranks
        self.sources[col] = (
            top & 3,
            RANK[top] - 1,
            blocks[-1],
            blocks[-1] - blocks[size - run],
            tuple(lifts),
            lowest,
            uncovers,
            classes,
        )
        self[col] = under_run = size - run
        return under_run


class _Beam:
    """One beam search by player moves, below ``bound`` player moves.

    A position's blocked cards (:func:`.facts.blocked_prefixes`) are a lower bound on the player
    moves it still needs: a child that cannot win below the bound by it is never a candidate, so
    the beam's places go to children that can."""

    def __init__(
        self,
        start: tuple[Cols, bytes, Found],
        safe: Safe,
        width: int,
        bound: int,
        should_stop: Callable[[], bool],
        cell_count: int = 4,
        counts: _Counts | None = None,
    ) -> None:
        self.start = start
        self.cell_count = cell_count
        self.safe = safe
        self.width = width
        self.bound = bound
        self.should_stop = should_stop
        #: What the beam knows of each column (the beams of one search share it).
        self.counts = _Counts(ColumnFacts()) if counts is None else counts
        cols, cells, _ = start
        #: Key → parent key and step (None for the start), for the positions kept in a level.
        self.seen: dict[Key, tuple[Key, SearchStep] | None] = {(*cols, cells): None}
        self.expanded = 0

    def run(self) -> list[tuple[Cols, bytes, SearchStep]] | None:
        """The line of a solution with fewer player moves than the bound, or None.

        Children are scored from the facts of the columns a step changes, without being built;
        only the ``width`` best of a level are built (and a child is built at once when a card
        goes home, by the step or by autoplay: it changes the foundations, and it may win)."""
        level = [self.node(*self.start)]
        for g in range(self.bound - 1):
            level = [node for node in level if g + node[5] < self.bound]
            children: _Kept = Children(self.width, _SCORES)
            won = self.expand(level, children, self.bound - g - 1)
            if won is not None:
                return self.line(won)
            level = self.next_level(children)
            if not level:
                return None
        return None

    def node(self, cols: Cols, cells: bytes, found: Found) -> Node:
        """A position of a level, with its key, cards under top runs and blocked cards."""
        counts = self.counts
        unsorted = sum(map(counts.__getitem__, cols))  # learns the columns' blocked cards too
        return (
            cols,
            cells,
            found,
            (*cols, cells),
            unsorted,
            sum(map(counts.blocked.__getitem__, cols)),
        )

    def expand(  # noqa: C901, PLR0912, PLR0915 -- the beam's hot loop: each step scored inline
        self, level: list[Node], children: _Kept, room: int
    ) -> Key | None:
        """Expand every position of ``level``: each child that may still win in fewer than
        ``room`` more player moves and may still be among the ``width`` best, with its score,
        into ``children`` (built at once when a card goes home); a child a move home reaches
        joins ``level`` (no player move). Returns the key of a child that wins.

        The steps are :func:`.moves.steps_from`'s, in its order, made here (a step is scored from
        the column it leaves before it is made: most are never among the best)."""
        sources, homes, bits = self.counts.sources, homes_for(self.safe), _CARD_BITS
        cell_count = self.cell_count
        w_cell, w_out, w_empty = _RANK.cell, _RANK.out, _RANK.empty
        w_uns = _RANK.unsorted
        build, lower = self.build, children.lower
        # Children are kept here as Children.add keeps them.
        bucket_of, steps = children.buckets, children.steps
        parents_append, steps_append = children.parents.append, steps.append
        lim, cap = children.lim, children.cap
        i = 0
        while i < len(level):
            node = level[i]
            i += 1
            cols, cells, found, _, unsorted, blocked = node
            self.expanded = expanded = self.expanded + 1
            if expanded % _CHECK_EVERY == 0 and self.should_stop():
                raise _Stop
            empties = cols.count(b"")
            goes = homes[found]  # the cards autoplay sends home once uncovered
            going = bits[goes]
            base = (
                w_uns * unsorted
                + w_cell * len(cells)
                + w_out * (52 - found[0] - found[1] - found[2] - found[3])
                - w_empty * empties
                + _LOWEST
            )
            free = cell_count - len(cells)
            slack = room - blocked  # blocked cards may stay: a step must take away more
            limit = (free + 1) << empties
            limit_e = (free + 1) << (empties - 1) if empties else 0
            # A card's class -> the columns it may go on, in order.
            want: list[tuple[int, ...]] = [()] * _CLASSES
            wanted = 0  # the classes that may go on a column, a bit each
            for d in range(empties, 8):
                c = FIT_CLASS[cols[d][-1]]
                want[c] += _ONE[d]
                wanted |= _BIT[c]
            for s in range(empties, 8):
                suit, below, left, sheds, lifts, lowest, uncovers, classes = sources[cols[s]]
                if found[suit] == below:
                    won = build(node, (COL_TO_HOME, s, 0, 1), level, children, room)
                    if won is not None:
                        return won
                    lim, cap = children.lim, children.cap
                if not (slack or sheds) or (base + lowest >= lim and not uncovers & going):
                    # Every step from it leaves too many blocked cards, or scores too much to
                    # be kept and builds nothing.
                    continue
                # Blocked cards only leave with the cards moved: those the column keeps and the
                # other columns' must be fewer than the room.
                keep = slack + left
                for n, cls, blk, under, delta in lifts[:limit] if classes & wanted else ():
                    dests = want[cls]
                    if not dests or blk >= keep:
                        continue
                    if under in goes:  # autoplay: build it
                        for d in dests:
                            won = build(node, (COL_TO_COL, s, d, n), level, children, room)
                            if won is not None:
                                return won
                        lim, cap = children.lim, children.cap
                        continue
                    h = base + delta
                    for d in dests:
                        if h < lim:
                            bucket_of[h].append(len(steps))
                            parents_append(node)
                            steps_append((COL_TO_COL, s, d, n))
                            if len(steps) >= cap:
                                lim = lower()
                                cap = children.cap
                if empties:
                    # To the first empty column: one card, and the longest run that may move
                    # (never the whole column: the same position).
                    most = len(lifts) if lifts[-1][3] != _NO_CARD else len(lifts) - 1
                    if most > limit_e:
                        most = limit_e
                    for n in (1, most) if most > 1 else (1,) if most else ():
                        _, _, blk, under, delta = lifts[n - 1]
                        if blk >= keep:
                            continue
                        if under in goes:
                            won = build(node, (COL_TO_COL, s, 0, n), level, children, room)
                            if won is not None:
                                return won
                            lim, cap = children.lim, children.cap
                            continue
                        h = base + w_empty + delta  # n < size: the run leaves cards under it
                        if h < lim:
                            bucket_of[h].append(len(steps))
                            parents_append(node)
                            steps_append((COL_TO_COL, s, 0, n))
                            if len(steps) >= cap:
                                lim = lower()
                                cap = children.cap
                if free:
                    _, _, blk, under, delta = lifts[0]
                    if blk >= keep:
                        continue
                    if under in goes:
                        won = build(node, (COL_TO_CELL, s, 0, 1), level, children, room)
                        if won is not None:
                            return won
                        lim, cap = children.lim, children.cap
                    elif base + delta + w_cell < lim:
                        h = base + delta + w_cell
                        bucket_of[h].append(len(steps))
                        parents_append(node)
                        steps_append((COL_TO_CELL, s, 0, 1))
                        if len(steps) >= cap:
                            lim = lower()
                            cap = children.cap
            for v in cells:
                if RANK[v] == found[v & 3] + 1:
                    won = build(node, (CELL_TO_HOME, v, 0, 1), level, children, room)
                    if won is not None:
                        return won
                    lim, cap = children.lim, children.cap
                if blocked >= room:
                    continue
                h = base - w_cell
                for d in want[CLASS[v]]:
                    if h < lim:
                        bucket_of[h].append(len(steps))
                        parents_append(node)
                        steps_append((CELL_TO_COL, v, d, 1))
                        if len(steps) >= cap:
                            lim = lower()
                            cap = children.cap
                if empties and h + w_empty < lim:
                    bucket_of[h + w_empty].append(len(steps))
                    parents_append(node)
                    steps_append((CELL_TO_COL, v, 0, 1))
                    if len(steps) >= cap:
                        lim = lower()
                        cap = children.cap
        return None

    def build(
        self, node: Node, step: SearchStep, level: list[Node], children: _Kept, room: int
    ) -> Key | None:
        """Build the child of ``node`` by ``step`` (a card goes home, by the step or by
        autoplay): a new one joins ``level`` when the step is a move home (no player move),
        else goes into ``children`` with its score if it may still win in fewer than ``room``
        more player moves. Returns the child's key when it wins."""
        seen = self.seen
        ccols, ccells, cfound = apply_step(node[0], node[1], node[2], step, self.safe)
        ckey = (*ccols, ccells)
        if ckey in seen:
            return None
        if cfound[0] + cfound[1] + cfound[2] + cfound[3] == 52:
            seen[ckey] = (node[3], step)
            return ckey
        if step[0] >= COL_TO_HOME:
            # A move home the player makes costs no player move: same level.
            seen[ckey] = (node[3], step)
            level.append(self.node(ccols, ccells, cfound))
            return None
        counts = self.counts
        unsorted = sum(map(counts.__getitem__, ccols))  # learns the columns' blocked cards too
        blocked = sum(map(counts.blocked.__getitem__, ccols))
        if blocked >= room:
            return None
        score = (
            _RANK.unsorted * unsorted
            + _RANK.cell * len(ccells)
            + _RANK.out * (52 - cfound[0] - cfound[1] - cfound[2] - cfound[3])
            - _RANK.empty * ccols.count(b"")
            + _LOWEST
        )
        if score < children.lim:
            children.add(node, step, score, (ccols, ccells, cfound, ckey, unsorted, blocked))
        return None

    def next_level(self, children: _Kept) -> list[Node]:  # noqa: C901, PLR0912, PLR0915 -- hot loop
        """The ``width`` best children (the lowest scores; of equal ones, the first found),
        built (unless built already) and not seen before, in the order they were found."""
        level: list[Node] = []
        seen, built = self.seen, children.built
        parents, steps = children.parents, children.steps
        counts = self.counts
        blocked_of = counts.blocked
        for built_count, seq in enumerate(children.best(self.width)):
            if built_count % _CHECK_EVERY == 0 and self.should_stop():
                raise _Stop
            node, step = parents[seq], steps[seq]
            # Seen from now on, unless seen already (the link is then not the one kept).
            link = (node[3], step)
            child = built.get(seq)
            if child is None:
                # Not built at once: no card goes home after its step, so autoplay has nothing
                # to do (the only card it frees is the one it uncovers, which stays). The step is
                # played here; the columns keep their order unless one empties or is filled.
                cols, cells, unsorted, blocked = node[0], node[1], node[4], node[5]
                new = list(cols)
                kind, a, b, n = step
                if kind == COL_TO_COL:
                    cs, cd = cols[a], cols[b]
                    new[a] = rest = cs[:-n]
                    if not cd:
                        new[b] = put = BYTE[cs[-n] | COL_FLAG] + cs[len(cs) - n + 1 :]
                    elif n < len(cs):
                        new[b] = put = cd + cs[-n:]
                    else:
                        new[b] = put = cd + PLAIN_BYTE[cs[0]] + cs[1:]
                    if not (cd and rest):
                        new.sort()
                    key = (*new, cells)
                    if seen.setdefault(key, link) is not link:
                        continue  # two parents reach it: keep the first
                    # Its counts are its parent's, less those of the columns the step changes,
                    # plus theirs after (learning their blocked cards).
                    unsorted += counts[rest] + counts[put] - counts[cs] - counts[cd]
                    blocked += blocked_of[rest] + blocked_of[put] - blocked_of[cs] - blocked_of[cd]
                elif kind == COL_TO_CELL:
                    cs = cols[a]
                    new[a] = rest = cs[:-1]
                    cells = SORTED_CELLS[cells + BYTE[(cs[-1] & 0x3F) | CELL_FLAG]]
                    if not rest:
                        new.sort()
                    key = (*new, cells)
                    if seen.setdefault(key, link) is not link:
                        continue
                    unsorted += counts[rest] - counts[cs]
                    blocked += blocked_of[rest] - blocked_of[cs]
                else:  # CELL_TO_COL
                    cells = cells.replace(BYTE[a], b"")
                    cd = cols[b]
                    if cd:
                        new[b] = put = cd + PLAIN_BYTE[a]
                    else:
                        new[b] = put = BYTE[(a & 0x3F) | COL_FLAG]
                        new.sort()
                    key = (*new, cells)
                    if seen.setdefault(key, link) is not link:
                        continue
                    unsorted += counts[put] - counts[cd]
                    blocked += blocked_of[put] - blocked_of[cd]
                child = (key[:8], cells, node[2], key, unsorted, blocked)
            elif seen.setdefault(child[3], link) is not link:
                continue  # two parents reach it: keep the first
            level.append(child)
        return level

    def line(self, key: Key) -> list[tuple[Cols, bytes, SearchStep]]:
        line: list[tuple[Cols, bytes, SearchStep]] = []
        link = self.seen[key]
        while link is not None:
            parent, step = link
            line.append((parent[:8], parent[8], step))
            link = self.seen[parent]
        line.reverse()
        return line
