"""The general search: any variant's position, on compact positions of its own.

The fast searches (:mod:`.search`) know classic FreeCell only: four cells,
eight columns, alternate colours, any card to an empty column. Every other game
(:mod:`freecell_tui.core.variant`) is searched here, on compact positions (:mod:`.general_moves`:
columns as ``bytes``, cells as sorted ``bytes``, the foundations) and the game's rules read from
its :class:`~freecell_tui.core.variant.Variant`. :func:`steps_of` lists a core position's steps
as core moves (tests hold them to :func:`~freecell_tui.core.rules.legal_moves` less the pruned).

* **Best-first searches in turns** (:data:`PORTFOLIO`), the first to finish answers, each on
  its own positions and its own weighting of one heuristic: cards not home, cards lying out of
  the game's order, cards under the top run of their column, free cells in use, empty columns
  (a bonus), moves made, and cards lying on the cards the foundations need next. A position's
  priority is its heuristic, kept column by column (a step changes one or two columns); of equal
  priorities the latest queued is expanded first.
* **Exhaustive**: every position a search reaches is stored under its canonical key (column
  and cell order do not count) and expanded in turn; when a search holding its own positions
  has expanded every one, the start is proved unsolvable. Past :data:`SHARE_AFTER` expansions
  the two share their positions (a position is expanded by the first to take it), and the start
  is proved unsolvable once every queue is dry. The only pruning is sound: the game's safe
  autoplay (:func:`~freecell_tui.core.autoplay.is_safe_home`'s rule), no card from one free cell
  to another, one empty column and one empty free cell standing for all, no whole column to an
  empty one (:mod:`.general_moves`).
* **Scouts** (:data:`SCOUTS`): past :data:`SCOUT_AFTER` expansions, other weightings join in
  turn, one at a time, each on its own positions for :data:`SCOUT_BUDGET` expansions (then its
  positions are dropped): a deal that leads the two astray rarely fools them all.
* **Replayed**: a solution is played through the core's rules
  (:func:`~freecell_tui.core.rules.resolve_move`, :func:`~freecell_tui.core.rules.apply_resolved`,
  the game's autoplay) before it is returned; one that does not win raises :class:`ReplayError`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import FOUNDATION, Move, Pile
from freecell_tui.core.rules import apply_move, apply_resolved, resolve_move
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
    key_of,
)
from freecell_tui.core.solver.heuristic import Weights
from freecell_tui.core.state import GameState

__all__ = [
    "GeneralOutcome",
    "GeneralStop",
    "Keys",
    "ReplayError",
    "check_win",
    "can_bring_home_general",
    "search_general",
    "steps_of",
    "stopper",
]

#: Positions expanded between looks at the clock and the cancel event.
CHECK_EVERY: Final = 64
#: Positions each search expands in its turn.
TURN: Final = 256
#: Positions the searches expand, all together, before they share the positions they hold: a
#: proof of unsolvability then costs about one search's work, not one for each.
SHARE_AFTER: Final = 10_000
#: Positions the searches expand before the first scout joins them, and each scout's
#: positions: one at a time, on its own positions, each on another weighting.
SCOUT_AFTER: Final = 10_000
SCOUT_BUDGET: Final = 20_000


#: The searches that take turns: the fast search's fourth and second weightings
#: (:data:`.heuristic.PORTFOLIO`). Of the 25 deals of FreeCell with 1–3 cells, Forecell and
#: Seahaven the search on core positions gave up on at 10 s a deal, each alone left 8 and 10
#: undecided at 5 s a deal; the two in turns at 10 s a deal 6, the old weighting (4, 3, 0, 1, 3,
#: 1, 0) in turns with a depth-first search on it 17 (docs/solver.md).
PORTFOLIO: Final = (
    Weights(6, 4, 0, 8, 12, 2, 2),
    Weights(4, 1, 4, 9, 11, 3, 2),
)

#: The scouts' weightings, in the order they join: the fast search's first (without, then with
#: the next cards) and third, and the old search's.
SCOUTS: Final = (
    Weights(2, 0, 6, 8, 6, 3, 0),
    Weights(0, 2, 4, 10, 8, 1, 0),
    Weights(2, 0, 6, 8, 6, 3, 1),
    Weights(4, 3, 0, 1, 3, 1, 0),
)


class GeneralStop(Exception):
    """The search ran out of time or positions, or was cancelled."""


class ReplayError(RuntimeError):
    """A line the search found does not win under the core's rules: a bug."""


@dataclass(frozen=True, slots=True)
class GeneralOutcome:
    """What the search found: the moves of a solution (``None``: proved unsolvable), written
    out with autoplay off, every move home; the positions stored and expanded."""

    moves: tuple[Move, ...] | None
    positions: int
    expanded: int


class Keys:
    """Canonical keys of core positions: the same key for positions that differ only in the
    order of their columns or free cells."""

    def __call__(self, state: GameState) -> Key:
        cols, cells, _ = compact(state)
        return key_of(cols, cells)


#: A queued position: its key, foundations, moves made and the heuristic's column part.
Node = tuple[Key, tuple[int, ...], int, int]


class _Search:
    """One best-first search: its positions seen (key → parent's key and the step from it,
    its own or shared) and its queue."""

    def __init__(self, rules: GeneralRules, w: Weights, start: Key, found: tuple[int, ...]) -> None:
        self.rules = rules
        self.w = w
        self.seen: dict[Key, tuple[Key, GeneralStep] | None] = {start: None}
        self.goal: Key | None = start if sum(found) == 52 else None
        part = self._part(start[:-1])
        #: The queue: priority → its positions in order of arrival, the latest out first.
        self.queue: dict[int, list[Node]] = {0: [(start, found, 0, part)]}
        self.lo = 0
        self.expanded = 0

    def _part(self, cols: tuple[bytes, ...]) -> int:
        """The heuristic's part from the columns."""
        w_dis, w_uns = self.w.disorder, self.w.unsorted
        total = 0
        for col in cols:
            if col:
                run, disorder = self.rules.column_facts(col)
                total += w_dis * disorder + w_uns * (len(col) - run)
        return total

    def _next(self) -> Node | None:
        """The next position to expand (the least priority's latest), or None: none left."""
        queue = self.queue
        while queue:
            bucket = queue.get(self.lo)
            if bucket:
                return bucket.pop()
            if bucket is not None:
                del queue[self.lo]
            self.lo = min(queue) if queue else 0
        return None

    def run(  # noqa: C901, PLR0912, PLR0915 -- the hot loop, inline
        self, budget: int, should_stop: Callable[[], bool]
    ) -> bool | None:
        """Expand up to ``budget`` positions: True once solved, False once its queue is dry
        (every position it holds expanded), None when neither yet."""
        if self.goal is not None:
            return True
        rules, seen, w = self.rules, self.seen, self.w
        steps_from, play, autoplay = rules.steps, rules.play, rules.autoplay
        facts, column_facts, all_safe = rules.facts, rules.column_facts, rules.all_safe
        w_next = w.next
        w_out, w_dis, w_uns, w_cell, w_empty, w_moves = (
            w.out,
            w.disorder,
            w.unsorted,
            w.cell,
            w.empty,
            w.moves,
        )
        queue = self.queue
        while budget > 0:
            budget -= 1
            node = self._next()
            if node is None:
                return False
            self.expanded += 1
            if self.expanded % CHECK_EVERY == 0 and should_stop():
                raise GeneralStop
            key, found, g, part = node
            cols = key[:-1]
            cells = key[-1]
            g += 1
            for step in steps_from(cols, cells, found):
                kind, a, b, n = step
                new = list(cols)
                fl = found
                ccells = cells
                exposed = -1  # the card a step uncovers: the only one it may make safe
                if kind == COL_TO_COL:
                    src = cols[a]
                    new[b] = cols[b] + src[-n:]
                    new[a] = rest = src[:-n]
                    if rest:
                        exposed = rest[-1]
                elif kind == COL_TO_CELL:
                    src = cols[a]
                    new[a] = rest = src[:-1]
                    ccells = bytes(sorted(cells + BYTE[src[-1]]))
                    if rest:
                        exposed = rest[-1]
                elif kind == CELL_TO_COL:
                    ccells = cells.replace(BYTE[a], b"")
                    new[b] = cols[b] + BYTE[a]
                else:
                    homes = list(found)
                    ccells = autoplay(new, play(new, cells, homes, step), homes)
                    fl = tuple(homes)
                if exposed >= 0 and exposed >> 2 == found[exposed & 3]:
                    rank = exposed >> 2  # its rank less one
                    opposite = OPPOSITE[exposed & 3]
                    if (
                        all_safe
                        or rank < 2
                        or (found[opposite[0]] >= rank and found[opposite[1]] >= rank)
                    ):
                        homes = list(found)
                        ccells = autoplay(new, ccells, homes)
                        fl = tuple(homes)
                ckey = (*sorted(new), ccells)
                if ckey in seen:
                    continue
                seen[ckey] = (key, step)
                home = fl[0] + fl[1] + fl[2] + fl[3]
                if home == 52:
                    self.goal = ckey
                    return True
                cpart = part
                # The columns the step changed: its own, or any when cards went home.
                if fl is not found:
                    touched: tuple[int, ...] | list[int] = changed(cols, new)
                else:
                    touched = (
                        (a, b) if kind == COL_TO_COL else (a,) if kind == COL_TO_CELL else (b,)
                    )
                for i in touched:
                    old, col = cols[i], new[i]
                    if old:
                        run, disorder = facts.get(old) or column_facts(old)
                        cpart -= w_dis * disorder + w_uns * (len(old) - run)
                    if col:
                        run, disorder = facts.get(col) or column_facts(col)
                        cpart += w_dis * disorder + w_uns * (len(col) - run)
                h = w_out * (52 - home) + cpart + w_cell * len(ccells) - w_empty * new.count(b"")
                if w_next:
                    h += w_next * next_depth(new, fl)
                h += w_moves * g
                bucket = queue.get(h)
                if bucket is None:
                    queue[h] = [(ckey, fl, g, cpart)]
                else:
                    bucket.append((ckey, fl, g, cpart))
                if h < self.lo:
                    self.lo = h
        return None


def changed(cols: tuple[bytes, ...], new: list[bytes]) -> list[int]:
    """The columns of ``new`` that are not those of ``cols``."""
    return [i for i, (old, col) in enumerate(zip(cols, new, strict=True)) if col is not old]


def next_depth(cols: list[bytes], found: tuple[int, ...]) -> int:
    """How many cards lie on the cards the foundations need next."""
    joined = b"\xff".join(cols) + b"\xff"
    find = joined.find
    total = 0
    for suit in range(4):
        rank = found[suit]
        if rank < 13:
            at = find(rank * 4 + suit)
            if at >= 0:  # else in a cell
                total += find(255, at) - 1 - at
    return total


def search_general(
    state: GameState,
    *,
    should_stop: Callable[[], bool],
    max_positions: int | None,
    autoplay: AutoplayMode,
    portfolio: tuple[Weights, ...] = PORTFOLIO,
    scouts: tuple[Weights, ...] = SCOUTS,
) -> GeneralOutcome:
    """Search ``state`` (any variant) for a win; raises :class:`GeneralStop` when
    ``should_stop`` answers True or more than ``max_positions`` positions are stored. The
    searches of ``portfolio`` take turns; the first to finish answers."""
    mode = AutoplayMode.ALL if autoplay is AutoplayMode.ALL else AutoplayMode.SAFE
    rules = GeneralRules(state.variant, autoplay_all=mode is AutoplayMode.ALL)
    cols, cells, found = compact(state)
    cells = rules.autoplay(cols, cells, found)
    start = key_of(cols, cells)
    game = _Portfolio(rules, start, tuple(found), portfolio, scouts)
    while True:
        winner = game.turn(should_stop)
        if winner is not None:
            line = None if winner is False else _line(winner.seen, winner.goal)
            moves = None if line is None else _replay(state, line, mode)
            return GeneralOutcome(moves, game.stored(), game.expanded())
        if max_positions is not None and game.stored() > max_positions:
            raise GeneralStop


class _Portfolio:
    """The searches taking turns, and the scout of the moment."""

    def __init__(
        self,
        rules: GeneralRules,
        start: Key,
        found: tuple[int, ...],
        portfolio: tuple[Weights, ...],
        scouts: tuple[Weights, ...],
    ) -> None:
        self.rules, self.start, self.found = rules, start, found
        self.searches = [_Search(rules, w, start, found) for w in portfolio]
        self.live = list(self.searches)
        self.shared = len(self.searches) == 1
        self.waiting = list(scouts)
        self.scout: _Search | None = None
        self.scouted = 0  # positions the scouts dismissed expanded

    def turn(self, should_stop: Callable[[], bool]) -> _Search | Literal[False] | None:
        """A turn of each search and of the scout: the search that solved the start, False
        when the start is proved unsolvable, None when neither yet."""
        for search in list(self.live):
            done = search.run(TURN, should_stop)
            if done:
                return search
            if done is not None:  # its queue ran dry: every position it holds is expanded
                if not self.shared:
                    return False
                self.live.remove(search)
        if not self.live:  # every queue dry, every position of the shared ones expanded
            return False
        if not self.shared and _expanded(self.searches) >= SHARE_AFTER:
            _share(self.searches)
            self.shared = True
        if self.scout is None and self.waiting and _expanded(self.searches) >= SCOUT_AFTER:
            self.scout = _Search(self.rules, self.waiting.pop(0), self.start, self.found)
        scout = self.scout
        if scout is not None:
            done = scout.run(TURN, should_stop)
            if done is not None:  # solved, or alone it expanded every position reachable
                return scout if done else False
            if scout.expanded >= SCOUT_BUDGET:  # dismissed: its positions are dropped
                self.scouted += scout.expanded
                self.scout = None
        return None

    def _all(self) -> list[_Search]:
        return self.searches if self.scout is None else [*self.searches, self.scout]

    def stored(self) -> int:
        """The positions the searches hold (once each when they share them)."""
        return _stored(self._all())

    def expanded(self) -> int:
        return _expanded(self._all()) + self.scouted


def _share(searches: list[_Search]) -> None:
    """From now on the searches keep their positions in one dictionary: a position is expanded
    by the search that takes it first (each key keeps the first search's link to its parent)."""
    seen = searches[0].seen
    for search in searches[1:]:
        for key, link in search.seen.items():
            seen.setdefault(key, link)
        search.seen = seen


def _stored(searches: list[_Search]) -> int:
    """The positions the searches hold (once each when they share them)."""
    return sum(len(seen) for seen in {id(s.seen): s.seen for s in searches}.values())


def _expanded(searches: list[_Search]) -> int:
    return sum(s.expanded for s in searches)


def _line(
    seen: dict[Key, tuple[Key, GeneralStep] | None], goal: Key | None
) -> list[tuple[Key, GeneralStep]]:
    """The steps from the start to ``goal``, each with the key of the position it is played
    from."""
    line: list[tuple[Key, GeneralStep]] = []
    link = seen[goal] if goal is not None else None
    while link is not None:
        line.append(link)
        link = seen[link[0]]
    line.reverse()
    return line


def _replay(
    state: GameState, line: list[tuple[Key, GeneralStep]], mode: AutoplayMode
) -> tuple[Move, ...]:
    """The core moves of ``line`` from ``state``, each checked by the core's rules and followed
    by the game's autoplay (its moves home written out); raises :class:`ReplayError` unless they
    win."""
    state, moves = run_autoplay(state, mode)
    written = list(moves)
    try:
        for parent, step in line:
            cols, _, _ = compact(state)
            move = _core_move(state, cols, parent[:-1], step)
            state = apply_resolved(state, resolve_move(state, move))
            state, home = run_autoplay(state, mode)
            written += [move, *home]
    except ValueError as error:  # IllegalMoveError, or a column the position does not have
        raise ReplayError(f"the search's line breaks the rules: {error}") from error
    if not state.is_won:
        raise ReplayError("the search's line does not win")
    return tuple(written)


def check_win(state: GameState, moves: tuple[Move, ...]) -> None:
    """Play ``moves`` (written out with autoplay off) from ``state`` by the checked rules:
    :class:`ReplayError` unless they win."""
    try:
        for move in moves:
            state = apply_move(state, move)
    except FreeCellError as error:
        raise ReplayError(f"the search's line breaks the rules: {error}") from error
    if not state.is_won:
        raise ReplayError("the search's line does not win")


def _core_move(
    state: GameState, real: list[bytes], cols: tuple[bytes, ...], step: GeneralStep
) -> Move:
    """``step``, listed for the columns ``cols`` (in any order), as a core move from ``state``
    (whose columns are ``real``)."""
    kind, a, b, n = step
    if kind in (CELL_TO_COL, CELL_HOME):
        source = Pile.cell(next(i for i, c in enumerate(state.cells) if c and c.index == a))
    else:
        source = Pile.column(real.index(cols[a]))
    if kind in (COL_HOME, CELL_HOME):
        return Move(source, FOUNDATION)
    if kind == COL_TO_CELL:
        return Move(source, Pile.cell(state.cells.index(None)))
    return Move(source, Pile.column(real.index(cols[b])), n if kind == COL_TO_COL else None)


def steps_of(state: GameState) -> list[Move]:
    """The moves worth searching from ``state``: every legal move but those the module's notes
    prune, and a card to a free cell only to the first empty one (the cells are
    interchangeable, as the empty columns are)."""
    rules = GeneralRules(state.variant)
    cols, cells, found = compact(state)
    return [_core_move(state, cols, tuple(cols), step) for step in rules.steps(cols, cells, found)]


def stopper(
    timeout: float | None, cancel: threading.Event | None, started: float
) -> Callable[[], bool]:
    """A ``should_stop`` for :func:`search_general`: ``timeout`` seconds from ``started`` (a
    :func:`time.monotonic` reading), or ``cancel`` set."""
    deadline = None if timeout is None else started + timeout

    def should_stop() -> bool:
        if cancel is not None and cancel.is_set():
            return True
        return deadline is not None and time.monotonic() >= deadline

    return should_stop


def can_bring_home_general(
    state: GameState, *, should_stop: Callable[[], bool], max_positions: int
) -> bool | None:
    """:func:`.winnable.can_bring_card_home` for any variant: whether some line of play brings
    another card home (None: undecided within the bounds). Every position reachable without a
    move home is searched, breadth first, until a move home appears."""
    rules = GeneralRules(state.variant)
    cols, cells, found = compact(state)
    seen = {key_of(cols, cells)}
    frontier: list[tuple[list[bytes], bytes]] = [(cols, cells)]
    looked = 0
    while frontier:
        next_frontier: list[tuple[list[bytes], bytes]] = []
        for cols, cells in frontier:
            looked += 1
            if looked % CHECK_EVERY == 0 and should_stop():
                return None
            for step in rules.steps(cols, cells, found):
                if step[0] in (COL_HOME, CELL_HOME):
                    return True
                new = list(cols)
                ccells = rules.play(new, cells, found, step)
                key = key_of(new, ccells)
                if key not in seen:
                    seen.add(key)
                    next_frontier.append((new, ccells))
            if len(seen) > max_positions:
                return None
        frontier = next_frontier
    return False
