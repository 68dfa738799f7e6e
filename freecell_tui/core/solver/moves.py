"""The solver's moves: every position one move away, each followed by the moves home that
autoplay makes, and the translation of search steps back to the core's moves.

One search step is one move in standard notation: a card home, a card to a free cell, a card from
a cell to a column, or a run of cards between columns (a run counts as one move, as in ``18v3``;
to an empty column, one card or the longest run that may move), followed by every *safe* card
home. Every single-card move is among the moves, so every position reachable in the game is
reachable in the search: runs are shortcuts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.cards import ALL_CARDS
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move
from freecell_tui.core.rules import apply_move, resolve_move
from freecell_tui.core.solver.keys import CELL_FLAG, COL_FLAG, RANK, RED, Cols, Found
from freecell_tui.core.state import GameState

# What a search step did, in pile terms the core can replay: (kind, a, b, count).
COL_TO_COL: Final = 0  # column a -> column b, count cards
COL_TO_CELL: Final = 1  # column a -> a free cell
CELL_TO_COL: Final = 2  # the cell card a (a card byte) -> column b
COL_TO_HOME: Final = 3  # column a -> home
CELL_TO_HOME: Final = 4  # the cell card a -> home
Step = tuple[int, int, int, int]
Child = tuple[bytes, Cols, bytes, Found, Step]
#: Whether a card (rank, is red) that can go home goes there by itself, given the foundations.
Safe = Callable[[int, int, Sequence[int]], bool]


class Runs(dict[bytes, int]):
    """Column -> length of the ordered run on top of it, computed once per distinct column."""

    def __missing__(self, col: bytes) -> int:
        n = len(col)
        run = 1
        while run < n:
            upper, lower = col[n - run], col[n - run - 1]
            if RANK[lower] != RANK[upper] + 1 or RED[lower] == RED[upper]:
                break
            run += 1
        self[col] = run
        return run


def is_safe(rank: int, red: int, found: Sequence[int]) -> bool:
    """The Windows rule (as :func:`freecell_tui.core.autoplay.is_safe_home`): an ace, a two, or
    a card whose two other-colour cards one rank lower are home."""
    if rank <= 2:
        return True
    if red:
        return found[0] >= rank - 1 and found[3] >= rank - 1
    return found[1] >= rank - 1 and found[2] >= rank - 1


def always(rank: int, red: int, found: Sequence[int]) -> bool:
    """Autoplay ``all``: every card that can go home does."""
    return True


def _autoplay(cols: list[bytes], cells: bytes, found: list[int], safe: Safe) -> bytes:
    """Play every card ``safe`` lets go home (columns and cells), in place; returns the new
    cells."""
    moved = True
    while moved:
        moved = False
        for i in range(8):
            c = cols[i]
            while c:
                v = c[-1]
                s = v & 3
                r = RANK[v]
                if r != found[s] + 1 or not safe(r, RED[v], found):
                    break
                found[s] = r
                c = c[:-1]
                moved = True
            cols[i] = c
        for v in cells:
            s = v & 3
            r = RANK[v]
            if r == found[s] + 1 and safe(r, RED[v], found):
                found[s] = r
                cells = cells.replace(bytes((v,)), b"")
                moved = True
    return cells


def _fits(top: int) -> tuple[int, ...]:
    """The cards (bytes without flags) that may lie on the card byte ``top`` in a column."""
    rank = RANK[top]
    if not 2 <= rank <= 13:
        return ()
    suits = (0, 3) if RED[top] else (1, 2)
    return tuple((rank - 2) * 4 + suit for suit in suits)


FITS: Final = tuple(_fits(v) for v in range(256))
BYTE: Final = tuple(bytes((v,)) for v in range(256))


def children(cols: Cols, cells: bytes, found: Found, runs: Runs, safe: Safe) -> list[Child]:
    """Every position one move away, each followed by the moves home ``safe`` allows."""
    out: list[Child] = []
    append = out.append
    free = 4 - len(cells)
    empties = cols.count(b"")
    first_empty = cols.index(b"") if empties else -1
    limit = (free + 1) << empties
    limit_e = (free + 1) << (empties - 1) if empties else 0
    rank = RANK
    red = RED
    byte = BYTE
    # Which columns each card could go onto: two columns may want the same card.
    want: dict[int, tuple[int, ...]] = {}
    for d in range(8):
        cd = cols[d]
        if cd:
            for card in FITS[cd[-1]]:
                want[card] = (*want[card], d) if card in want else (d,)

    def finish(new: list[bytes], new_cells: bytes, fnd: Found, exposed: int, step: Step) -> None:
        # After a move that sent nothing home, only the card it uncovered (in column
        # ``exposed``) can start safe moves home; exposed == -1: a card went home, look at all.
        if exposed >= 0:
            c = new[exposed]
            if c:
                v = c[-1]
                r = rank[v]
                if r == fnd[v & 3] + 1 and safe(r, red[v], fnd):
                    exposed = -1
        if exposed == -1:
            fl = list(fnd)
            new_cells = _autoplay(new, new_cells, fl, safe)
            fnd = (fl[0], fl[1], fl[2], fl[3])
        append((b"".join(sorted(new)) + new_cells, tuple(new), new_cells, fnd, step))

    for s in range(8):
        cs = cols[s]
        if not cs:
            continue
        ts = cs[-1]
        rs = rank[ts]
        n_cs = len(cs)
        if rs == found[ts & 3] + 1:
            new = list(cols)
            new[s] = cs[:-1]
            fl = list(found)
            fl[ts & 3] = rs
            finish(new, cells, (fl[0], fl[1], fl[2], fl[3]), -1, (COL_TO_HOME, s, 0, 1))
        run = runs[cs]
        most = run if run < limit else limit
        for n in range(1, most + 1):
            dests = want.get(cs[-n] & 0x3F)
            if dests is None:
                continue
            for d in dests:
                if d == s:
                    continue
                new = list(cols)
                if n == n_cs:  # the whole column moves: its deepest card loses the flag
                    new[s] = b""
                    new[d] = cols[d] + byte[cs[0] & 0x3F] + cs[1:]
                else:
                    new[s] = cs[:-n]
                    new[d] = cols[d] + cs[-n:]
                finish(new, cells, found, s, (COL_TO_COL, s, d, n))
        if first_empty >= 0 and n_cs > 1:
            top_n = min(run, limit_e, n_cs - 1)
            for n in (1, top_n) if top_n > 1 else (1,) if top_n else ():
                new = list(cols)
                new[s] = cs[:-n]
                new[first_empty] = (
                    byte[cs[-n] | COL_FLAG] + cs[1 - n :] if n > 1 else byte[ts | COL_FLAG]
                )
                finish(new, cells, found, s, (COL_TO_COL, s, first_empty, n))
        if free:
            new = list(cols)
            new[s] = cs[:-1]
            new_cells = bytes(sorted(cells + byte[(ts & 0x3F) | CELL_FLAG]))
            finish(new, new_cells, found, s, (COL_TO_CELL, s, 0, 1))
    for v in cells:
        rv = rank[v]
        rest = cells.replace(byte[v], b"")
        card = v & 0x3F
        if rv == found[v & 3] + 1:
            fl = list(found)
            fl[v & 3] = rv
            finish(list(cols), rest, (fl[0], fl[1], fl[2], fl[3]), -1, (CELL_TO_HOME, v, 0, 1))
        for d in want.get(card, ()):
            new = list(cols)
            new[d] = cols[d] + byte[card]
            finish(new, rest, found, -2, (CELL_TO_COL, v, d, 1))
        if first_empty >= 0:
            new = list(cols)
            new[first_empty] = byte[card | COL_FLAG]
            finish(new, rest, found, -2, (CELL_TO_COL, v, first_empty, 1))
    return out


def core_moves(state: GameState, steps: list[Step], mode: AutoplayMode) -> tuple[Move, ...]:
    """The search steps as resolved core moves from ``state`` (after its safe moves home), with
    every safe move home written out after each one."""
    moves: list[Move] = []
    for kind, a, b, count in steps:
        if kind == COL_TO_COL:
            move = Move(COLUMNS[a], COLUMNS[b], count)
        elif kind == COL_TO_CELL:
            move = Move(COLUMNS[a], CELLS[state.cells.index(None)])
        elif kind == COL_TO_HOME:
            move = Move(COLUMNS[a], FOUNDATION)
        else:
            card = ALL_CARDS[a & 0x3F]
            cell = CELLS[state.cells.index(card)]
            move = Move(cell, COLUMNS[b]) if kind == CELL_TO_COL else Move(cell, FOUNDATION)
        move = resolve_move(state, move)
        state = apply_move(state, move)
        moves.append(move)
        state, auto = run_autoplay(state, mode)
        moves.extend(auto)
    assert state.is_won
    return tuple(moves)
