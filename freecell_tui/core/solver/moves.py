"""The solver's moves on the compact form: steps, the moves home autoplay makes, every position one
step away, and the translation of a line of steps back to the core's moves.

One step is one move in standard notation: a card home, a card to a free cell, a card from a cell
to a column, or a run of cards between columns (a run counts as one move, as in ``18v3``; to an
empty column, one card or the longest run that may move), followed by every card that autoplay
sends home. Every single-card move is among the steps, so every position reachable in the game is
reachable in the search: runs are shortcuts. Only the first empty column is tried (empty columns
are interchangeable) and a whole column never moves to an empty one (the same position).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.keys import (
    BYTE,
    CELL_FLAG,
    COL_FLAG,
    FITS,
    PLAIN,
    RANK,
    RED,
    SORTED_CELLS,
    Cols,
    Found,
    compact,
)
from freecell_tui.core.state import GameState

# A step, in the canonical column order of the position it is played from: (kind, a, b, count).
COL_TO_COL: Final = 0  # column a -> column b, count cards
COL_TO_CELL: Final = 1  # column a -> a free cell
CELL_TO_COL: Final = 2  # the cell card a (its flagged byte) -> column b
COL_TO_HOME: Final = 3  # column a -> home
CELL_TO_HOME: Final = 4  # the cell card a -> home
SearchStep = tuple[int, int, int, int]
Child = tuple[Cols, bytes, Found, SearchStep]
#: Whether a card (rank, is red) that can go home goes there by itself, given the foundations.
Safe = Callable[[int, int, Sequence[int]], bool]


def is_safe(rank: int, red: int, found: Sequence[int]) -> bool:
    """The Windows rule (as :func:`freecell_tui.core.autoplay.is_safe_home`): an ace, a two, or
    a card whose two other-colour cards one rank lower are home. No card still out could ever
    need to lie on such a card, so sending it home never loses a win."""
    if rank <= 2:
        return True
    if red:
        return found[0] >= rank - 1 and found[3] >= rank - 1
    return found[1] >= rank - 1 and found[2] >= rank - 1


def always(rank: int, red: int, found: Sequence[int]) -> bool:
    """Autoplay ``all``: every card that can go home does."""
    return True


def safe_rule(mode: AutoplayMode) -> Safe:
    """The search's autoplay for a game with autoplay ``mode``: ``all`` plays every card home it
    can; ``safe`` and ``off`` play the safe cards (they never lose a win, so the search loses
    nothing by playing them at once; they are written out in solutions)."""
    return always if mode is AutoplayMode.ALL else is_safe


#: A card's byte, flags or not, as a one-byte ``bytes`` without its flags.
PLAIN_BYTE: Final = tuple(BYTE[v & 0x3F] for v in range(256))
_TOP: Final = itemgetter(-1)


class Homes(dict[Found, bytes]):
    """Foundations → the cards that go home by themselves once free (by a rule :data:`Safe`):
    of the next card of each suit, those the rule lets go. Remembered: at most 14⁴ entries."""

    def __init__(self, safe: Safe) -> None:
        super().__init__()
        self.safe = safe

    def __missing__(self, found: Found) -> bytes:
        self[found] = cards = bytes(
            card
            for s, r in enumerate(found)
            if (card := r * 4 + s) < 52 and self.safe(r + 1, RED[card], found)
        )
        return cards


_HOMES: dict[Safe, Homes] = {}


def homes_for(safe: Safe) -> Homes:
    """The :class:`Homes` of the rule ``safe``, one a process."""
    table = _HOMES.get(safe)
    if table is None:
        _HOMES[safe] = table = Homes(safe)
    return table


def free_cards(cols: Sequence[bytes], cells: bytes) -> bytes:
    """The cards free to move (column tops and cells), without their flags."""
    return (bytes(map(_TOP, filter(None, cols))) + cells).translate(PLAIN)


def autoplay(cols: list[bytes], cells: bytes, found: list[int], safe: Safe) -> bytes:
    """Send home every card ``safe`` lets go (column tops and cells, until none is left), in place
    on ``cols`` and ``found``; returns the new cells.

    It looks only for the next card of each suit, among the column tops and the cells. Which
    cards go home does not depend on the order they are tried in: a card that may go home stays
    free to, and more cards home only make more cards safe."""
    homes = homes_for(safe)
    free = free_cards(cols, cells)  # most calls end at the first look
    while True:
        for card in homes[(found[0], found[1], found[2], found[3])]:
            if card in free:
                break
        else:
            return cells
        found[card & 3] += 1  # ``card`` stays in ``free``, never looked for again
        if card | CELL_FLAG in cells:
            cells = cells.replace(BYTE[card | CELL_FLAG], b"")
        else:
            i = 0
            while not cols[i] or cols[i][-1] & 0x3F != card:
                i += 1
            cols[i] = col = cols[i][:-1]
            if col:
                free += PLAIN_BYTE[col[-1]]  # the card it uncovers


def cascades(found: Found, card: int, under: int, free: bytes, safe: Safe) -> bool:
    """Whether autoplay sends a card home once ``card`` goes home from a position autoplay has
    finished with: ``free`` are that position's free cards (column tops and cells) without flags,
    ``under`` the card ``card`` uncovers (-1 for none). Only a card free there or ``under`` can
    go, and only the next card of each suit."""
    fl = list(found)
    fl[card & 3] += 1
    for s in 0, 1, 2, 3:
        r = fl[s]
        c = r * 4 + s  # past a king: 52 and up, never free
        if (c in free or c == under) and safe(r + 1, RED[c], fl):
            return True
    return False


def play_step(new: list[bytes], cells: bytes, fl: list[int], step: SearchStep) -> bytes:
    """Play ``step`` on the columns ``new`` and the foundations ``fl`` in place (no autoplay, no
    sorting); returns the new cells."""
    kind, a, b, n = step
    if kind == COL_TO_COL:
        cs, cd = new[a], new[b]
        new[a] = cs[:-n]
        if not cd:
            new[b] = BYTE[cs[-n] | COL_FLAG] + cs[len(cs) - n + 1 :]
        elif n == len(cs):
            new[b] = cd + BYTE[cs[0] & 0x3F] + cs[1:]
        else:
            new[b] = cd + cs[-n:]
    elif kind == COL_TO_CELL:
        cs = new[a]
        new[a] = cs[:-1]
        cells = SORTED_CELLS[cells + BYTE[(cs[-1] & 0x3F) | CELL_FLAG]]
    elif kind == CELL_TO_COL:
        cells = cells.replace(BYTE[a], b"")
        card = a & 0x3F
        new[b] = new[b] + BYTE[card] if new[b] else BYTE[card | COL_FLAG]
    elif kind == COL_TO_HOME:
        v = new[a][-1]
        new[a] = new[a][:-1]
        fl[v & 3] += 1
    else:
        cells = cells.replace(BYTE[a], b"")
        fl[a & 3] += 1
    return cells


def apply_step(
    cols: Cols, cells: bytes, found: Found, step: SearchStep, safe: Safe
) -> tuple[Cols, bytes, Found]:
    """The position after ``step`` (and autoplay), columns in canonical order."""
    new = list(cols)
    fl = list(found)
    cells = play_step(new, cells, fl, step)
    cells = autoplay(new, cells, fl, safe)
    new.sort()
    return tuple(new), cells, (fl[0], fl[1], fl[2], fl[3])


def steps_from(
    cols: Cols, cells: bytes, found: Found, facts: ColumnFacts, cell_count: int = 4
) -> list[SearchStep]:
    """Every step from a position (columns in canonical order: the empty ones first) of a game
    with ``cell_count`` free cells."""
    out: list[SearchStep] = []
    free = cell_count - len(cells)
    empties = cols.count(b"")
    limit = (free + 1) << empties
    limit_e = (free + 1) << (empties - 1) if empties else 0
    want: dict[int, tuple[int, ...]] = {}  # a card -> the columns it may go on, in order
    for d in range(empties, 8):
        for card in FITS[cols[d][-1]]:
            want[card] = (*want[card], d) if card in want else (d,)
    for s in range(empties, 8):
        cs = cols[s]
        top = cs[-1]
        if RANK[top] == found[top & 3] + 1:
            out.append((COL_TO_HOME, s, 0, 1))
        run, _, _, _, _, run_cards = facts[cs]
        for n, card in enumerate(run_cards[:limit], 1):
            # a card of the run never goes on its own column's top: it is not lower
            for d in want.get(card, ()):
                out.append((COL_TO_COL, s, d, n))
        if empties and len(cs) > 1:
            most = min(run, limit_e, len(cs) - 1)
            if most:
                out.append((COL_TO_COL, s, 0, 1))
            if most > 1:
                out.append((COL_TO_COL, s, 0, most))
        if free:
            out.append((COL_TO_CELL, s, 0, 1))
    _cell_steps(out, cells, found, want, empties)
    return out


def _cell_steps(
    out: list[SearchStep],
    cells: bytes,
    found: Found,
    want: dict[int, tuple[int, ...]],
    empties: int,
) -> None:
    """The steps from the free cells, after ``out``: home, onto the columns that ``want`` the
    card, to an empty column."""
    for v in cells:
        if RANK[v] == found[v & 3] + 1:
            out.append((CELL_TO_HOME, v, 0, 1))
        for d in want.get(v & 0x3F, ()):
            out.append((CELL_TO_COL, v, d, 1))
        if empties:
            out.append((CELL_TO_COL, v, 0, 1))


def root(state: GameState, safe: Safe) -> tuple[Cols, bytes, Found]:
    """``state`` in compact form after autoplay (columns in canonical order)."""
    cols, cells, found = compact(state)
    new, fl = list(cols), list(found)
    cells = autoplay(new, cells, fl, safe)
    new.sort()
    return tuple(new), cells, (fl[0], fl[1], fl[2], fl[3])


def children(cols: Cols, cells: bytes, found: Found, facts: ColumnFacts, safe: Safe) -> list[Child]:
    """Every position one step away (after autoplay), with the step."""
    return [
        (*apply_step(cols, cells, found, step, safe), step)
        for step in steps_from(cols, cells, found, facts)
    ]


# --------------------------------------------------------------------------- back to the core
_MOVES: dict[tuple[int, int, int], Move] = {}


def _move(source: int, dest: int, count: int) -> Move:
    """A resolved core move, cached: columns 0–7, cells 8–11, home 12."""
    move = _MOVES.get((source, dest, count))
    if move is None:
        piles = (*COLUMNS, *CELLS, FOUNDATION)
        both_columns = source < 8 and dest < 8
        move = Move(piles[source], piles[dest], count if both_columns else None)
        _MOVES[(source, dest, count)] = move
    return move


def forget_moves() -> None:
    """Empty this module's memo tables (the :class:`Homes` tables, the core moves): see
    :mod:`.collector`, which calls it when no search runs."""
    _HOMES.clear()
    _MOVES.clear()


def core_moves(
    state: GameState, line: Sequence[tuple[Cols, bytes, SearchStep]], safe: Safe
) -> tuple[Move, ...]:
    """The steps of ``line`` (each with the canonical columns and cells it is played from) as
    resolved core moves from ``state`` (after its autoplay), every move home autoplay made written
    out after each one, as the game's autoplay plays them (free cells a–d, then columns 1–8)."""
    real = [
        bytes([col[0].index | COL_FLAG, *(card.index for card in col[1:])]) if col else b""
        for col in state.columns
    ]
    slots = [card.index if card is not None else -1 for card in state.cells]
    found = list(state.foundations)
    moves: list[Move] = []
    _autoplay_real(real, slots, found, safe, moves)
    column_of = real.index  # a column's place in the game, from its bytes

    # Cards out before each step, and after the last (a line ends with every card home): autoplay
    # sends home the same cards in the game as in the search, so where the search's did nothing
    # (one card fewer after a step home, none fewer after the others) the game's is not asked.
    out = [sum(map(len, cols)) + len(cells) for cols, cells, _ in line]
    out.append(0)
    for at, (cols, _cells, (kind, a, b, n)) in enumerate(line):
        if kind == COL_TO_COL:
            i, j = column_of(cols[a]), column_of(cols[b])
            cs = real[i]
            if not real[j]:
                real[j] = BYTE[cs[-n] | COL_FLAG] + cs[len(cs) - n + 1 :]
            elif n == len(cs):
                real[j] += BYTE[cs[0] & 0x3F] + cs[1:]
            else:
                real[j] += cs[-n:]
            real[i] = cs[:-n]
            moves.append(_move(i, j, n))
        elif kind == COL_TO_CELL:
            i, k = column_of(cols[a]), slots.index(-1)
            slots[k] = real[i][-1] & 0x3F
            real[i] = real[i][:-1]
            moves.append(_move(i, 8 + k, 1))
        elif kind == CELL_TO_COL:
            k, j = slots.index(a & 0x3F), column_of(cols[b])
            real[j] = real[j] + BYTE[a & 0x3F] if real[j] else BYTE[a & 0x3F | COL_FLAG]
            slots[k] = -1
            moves.append(_move(8 + k, j, 1))
        elif kind == COL_TO_HOME:
            i = column_of(cols[a])
            found[real[i][-1] & 3] += 1
            real[i] = real[i][:-1]
            moves.append(_move(i, 12, 1))
        else:
            k = slots.index(a & 0x3F)
            found[a & 3] += 1
            slots[k] = -1
            moves.append(_move(8 + k, 12, 1))
        if out[at + 1] < out[at] - (kind >= COL_TO_HOME):
            _autoplay_real(real, slots, found, safe, moves)
    return tuple(moves)


def _autoplay_real(
    real: list[bytes], slots: list[int], found: list[int], safe: Safe, moves: list[Move]
) -> None:
    """Autoplay on the real piles, in the game's order, writing each move home out."""
    homes = homes_for(safe)
    while True:
        ok = homes[(found[0], found[1], found[2], found[3])]
        if not ok:
            return
        for k, v in enumerate(slots):
            if v >= 0 and v in ok:
                found[v & 3] += 1
                slots[k] = -1
                moves.append(_move(8 + k, 12, 1))
                break
        else:
            for i, col in enumerate(real):
                if col and col[-1] & 0x3F in ok:
                    found[col[-1] & 3] += 1
                    real[i] = col[:-1]
                    moves.append(_move(i, 12, 1))
                    break
            else:
                return
