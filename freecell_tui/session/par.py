"""Par: the fewest moves known for a deal, counted as the game's Moves counter counts.

**The unit.** The game's Moves counter (:attr:`Game.move_count
<freecell_tui.core.game.Game.move_count>`) counts turns since the last restart: every move made
— the player's, a hint's, auto-solve's — one each; the moves autoplay makes after a turn are not
counted (with autoplay ``safe`` or ``off`` a move home made by hand is a turn). How many turns a
line takes depends on the autoplay mode, so par is a deal's par *in a mode*. A solution the solver
writes out with autoplay off becomes that count by one function,
:func:`~freecell_tui.core.solver.turns` (the moves a player makes in that mode, one turn each):
every count of par shown — the win, the status line, statistics, the viewer and review, line
mode, ``solve --fewest`` — is the length of such a line, or of a won game's.

**Known.** Par is the fewest moves known: the solver's line (:func:`shortest_line`: the turns
of :func:`~freecell_tui.core.solver.solve_fewest`'s line, or of the fast solver's when it has
fewer), or a won game's when it is shorter (:meth:`Pars.keep_win
<freecell_tui.store.pars.Pars.keep_win>`): never longer than a line the game has seen win.

The solver's par is only what a search that finished its work found: every beam of its widths
ran to the end (:attr:`ParSearch.complete`). The time given is a bound, not the work: a search
the bound (or a cancel) cut short gives its best so far, which depends on the machine's speed
and is no par — it is neither kept nor shown, and "you beat it" is never said against it.

Pure: the front ends run :func:`find_par` (the full-screen game in a worker, line mode when a
game is won) and keep what a finished search found in the store
(:meth:`~freecell_tui.session.play.PlaySession.keep_par`), so a deal's par is searched until
one search finishes, once per autoplay mode.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store import Par

if TYPE_CHECKING:
    from freecell_tui.core.solver import SolveResult

__all__ = [
    "LINE_PAR_SECONDS",
    "PAR_SECONDS",
    "ParSearch",
    "Shortest",
    "find_par",
    "par_line",
    "par_phrase",
    "shorter_way",
    "shortest_line",
]

#: The bound on the full-screen game's search for a deal's par, in the background. The search's
#: work is its beams; they finish in about 5 to 25 s on one loaded core (``docs/solver.md``).
PAR_SECONDS: Final = 120.0
#: The bound on line mode's background search for a par the store does not know.
LINE_PAR_SECONDS: Final = 60.0


@dataclass(frozen=True, slots=True)
class ParSearch:
    """What :func:`find_par` found: the best solution (``None`` when the solver found none), and
    whether the search finished its work (``complete``): only then is ``par`` the deal's par. A
    search its time bound or a cancel cut short gives its best so far, which is not par."""

    par: Par | None
    complete: bool

    @property
    def deal_par(self) -> Par | None:
        """``par`` when it is the deal's par (the search finished its work), else ``None``."""
        return self.par if self.complete else None


@dataclass(frozen=True, slots=True)
class Shortest:
    """What :func:`shortest_line` found: the solver's ``result`` (its status, time and
    positions; its moves as the solver wrote them), the shortest line as turns of the game
    (``moves``: empty when none was found) and whether the search finished its work."""

    result: SolveResult
    moves: tuple[Move, ...]
    complete: bool


def shortest_line(
    start: GameState,
    mode: AutoplayMode,
    *,
    budget: float = PAR_SECONDS,
    cancel: threading.Event | None = None,
    widths: tuple[int, ...] | None = None,
) -> Shortest:
    """The line of fewest moves (turns, as the game counts them) the solver finds from ``start`` in a game
    with autoplay ``mode``: the turns of the shortest solution the beams of ``widths`` (by
    default the game's) find, never more than the solver's solution played in that game (both
    are counted, the shorter wins). ``budget`` seconds bound the whole search: a search they (or
    ``cancel``) cut short is not complete. The one search behind par: the game's, line mode's,
    the review's and ``solve --fewest``'s."""
    from freecell_tui.core.solver import solve_fewest, solve_for_autoplay
    from freecell_tui.core.solver.turns import turns

    started = time.monotonic()
    fewest = solve_fewest(start, mode, budget=budget, cancel=cancel, widths=widths)
    if not fewest.solved:
        finished = fewest.status == "unsolvable" and not _cut_short(started, budget, cancel)
        return Shortest(fewest, (), finished)
    best = turns(start, fewest.moves, mode)
    if mode is not AutoplayMode.ALL:
        # Par minimises the moves not to a foundation; in these modes the player's own moves
        # home are turns too, so the fast solution may take fewer turns.
        left = max(budget - (time.monotonic() - started), 0.0)
        fast = solve_for_autoplay(start, mode, timeout=left, cancel=cancel)
        if fast.solved and len(fast.moves) < len(best):
            best = fast.moves
    result = replace(fewest, seconds=time.monotonic() - started)
    return Shortest(result, best, not _cut_short(started, budget, cancel))


def find_par(
    number: int,
    mode: AutoplayMode,
    variant: Variant = FREECELL,
    *,
    budget: float = PAR_SECONDS,
    cancel: threading.Event | None = None,
    widths: tuple[int, ...] | None = None,
) -> ParSearch:
    """The solver's par of deal ``number`` of ``variant``'s game with autoplay ``mode``: the
    :func:`shortest_line` from its deal."""
    found = shortest_line(deal(number, variant), mode, budget=budget, cancel=cancel, widths=widths)
    if not found.moves:
        return ParSearch(None, found.complete)
    solution = " ".join(str(move) for move in found.moves)
    return ParSearch(Par(number, mode, len(found.moves), solution, variant), found.complete)


def _cut_short(started: float, budget: float, cancel: threading.Event | None) -> bool:
    """A search begun at ``started`` was stopped before it finished: cancelled, or it reached
    its time bound (each part stops at the bound, so one that finished ended before it)."""
    return (cancel is not None and cancel.is_set()) or time.monotonic() - started >= budget


def par_line(par: Par) -> tuple[tuple[Move, ...], tuple[GameState, ...]] | None:
    """The par's turns and the position before each, played from the deal of its game in its
    autoplay mode (``None`` when the stored solution does not win that game: a damaged row is
    ignored)."""
    try:
        moves = tuple(parse_moves(par.solution, par.variant))
        game = Game.new(par.deal_number, autoplay=par.autoplay, variant=par.variant)
        line = [game.state]
        for move in moves:
            game = game.play(move)
            line.append(game.state)
    except (FreeCellError, ValueError):
        return None
    if not game.state.is_won or len(moves) != par.moves:
        return None
    return moves, tuple(line[:-1])


def par_phrase(moves: int, par: Par | None) -> str:
    """How a won game's ``moves`` compare with the ``par`` it was played against: ``par 27``,
    ``par 27, you matched it``, ``par was 27`` (fewer: :func:`shorter_way` says it) — or ``par not
    known yet`` (``None``: neither a finished search nor a win knew it)."""
    if par is None:
        return "par not known yet"
    if moves < par.moves:
        return f"par was {par.moves}"
    if moves == par.moves:
        return f"par {par.moves}, you matched it"
    return f"par {par.moves}"


def shorter_way(moves: int, par: Par | None, *, player: bool) -> str:
    """The sentence for a win in fewer ``moves`` than the ``par`` it was played against (empty
    when it is not): its line is par now. ``player``: the player won it (auto-solve did not)."""
    if par is None or moves >= par.moves:
        return ""
    if not player:
        return f"This line is par now: {moves} moves, par was {par.moves}."
    than = "any game before" if par.won else "the solver"
    return f"You found a shorter way than {than}: {moves} moves, par was {par.moves}."
