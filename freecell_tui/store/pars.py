"""Each deal's par (the ``pars`` table): the fewest moves known for it, per game and autoplay
mode, counted as the game's Moves counter counts (its turns: :func:`turns
<freecell_tui.core.solver.turns>`). Two things make it known, and the shorter is par:

* a search of the solver that finished its work (:meth:`Pars.keep`); ``searched`` says one has;
* a won game of the deal — the player's, auto-solve's, one a hint led — whose line is shorter
  (:meth:`Pars.keep_win`; ``won`` says par is such a game's line). Until a search has finished
  too, the solver's search still runs (``searched`` false).

So par is never longer than a line the game has seen win. A row a search left unfinished
(``complete`` 0: the rows of files before schema version 4, kept while a time budget could cut
the search short) is no par: it is neither read nor listed, and the next par replaces it. Files
before schema version 8 had only the solver's pars: their won games are folded in
(:func:`fold_wins`) as they are migrated, and a deal's as the solver's par of it is kept. A par is a convenience: reading one never raises, keeping one
returns its error."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, replace
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import BadCode, decode
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store.connection import Database
from freecell_tui.store.errors import StoreError
from freecell_tui.store.records import variant_text
from freecell_tui.store.rows import count_value, deal_value, mode_value, stamp

__all__ = ["Par", "Pars", "fold_wins", "win_par"]


@dataclass(frozen=True, slots=True)
class Par:
    """The fewest moves known for a deal of ``variant``'s game in an autoplay mode, counted as
    the game counts moves (its turns in that mode), and that line (standard notation, one turn a
    word). ``won``: the line is a won game's, shorter than the solver's (or the solver's search
    has not finished yet); ``searched``: a finished search of the solver is behind it (a par
    that is only a won game's is searched still)."""

    deal_number: int
    autoplay: AutoplayMode
    moves: int
    solution: str
    variant: Variant = FREECELL
    won: bool = False
    searched: bool = True


def win_par(game: Game) -> Par | None:
    """The par a won game of a deal gives: its line since the last restart, one turn a word
    (``None`` for a custom position, a game not won, or a line that does not win again with
    the game's autoplay mode alone — a game whose mode changed on the way)."""
    number = game.deal_number
    if number is None or not game.state.is_won:
        return None
    moves = tuple(turn.move for turn in game.line if turn.move is not None)
    try:
        again = Game.new(number, autoplay=game.autoplay, variant=game.start.variant)
        for move in moves:
            again = again.play(move)
    except (FreeCellError, ValueError):
        return None
    if not again.state.is_won or again.move_count != game.move_count:
        return None
    solution = " ".join(str(move) for move in moves)
    return Par(
        number, game.autoplay, len(moves), solution, game.start.variant, won=True, searched=False
    )


#: Keeps a par row: a shorter par replaces a longer one (or a row a search left unfinished),
#: never the reverse. The parameters: variant, deal, mode, moves, solution, budget, when, won,
#: searched; ``searched`` is kept once set.
_KEEP: Final = (
    "INSERT INTO pars (variant, deal_number, autoplay, moves, solution, budget_seconds,"
    " found_at, complete, won, searched) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)"
    " ON CONFLICT (variant, deal_number, autoplay) DO UPDATE SET"
    " moves=CASE WHEN {shorter} THEN excluded.moves ELSE pars.moves END,"
    " solution=CASE WHEN {shorter} THEN excluded.solution ELSE pars.solution END,"
    " won=CASE WHEN {shorter} THEN excluded.won ELSE pars.won END,"
    " budget_seconds=CASE WHEN {shorter} THEN excluded.budget_seconds ELSE pars.budget_seconds END,"
    " found_at=CASE WHEN {shorter} THEN excluded.found_at ELSE pars.found_at END,"
    " searched=CASE WHEN pars.complete = 0 THEN excluded.searched"
    " ELSE max(pars.searched, excluded.searched) END,"
    " complete=1"
).format(shorter="(excluded.moves < pars.moves OR pars.complete = 0)")


def _keep(connection: sqlite3.Connection, par: Par, budget_seconds: float, when: str) -> None:
    connection.execute(
        _KEEP,
        (
            variant_text(par.variant),
            par.deal_number,
            par.autoplay.value,
            par.moves,
            par.solution,
            budget_seconds,
            when,
            int(par.won),
            int(par.searched),
        ),
    )


#: The won games shorter than their deal's par, each deal's (game's, mode's) shortest first; a
#: clause may narrow them to one deal (variant, deal, mode).
_WINS_BELOW_PAR: Final = (
    "SELECT g.code, g.finished_at, g.variant, g.deal_number, g.autoplay"
    " FROM games AS g JOIN pars AS p"
    " ON p.variant = g.variant AND p.deal_number = g.deal_number AND p.autoplay = g.autoplay"
    " AND p.complete = 1"
    " WHERE g.result IN ('won', 'solved') AND g.code IS NOT NULL AND g.move_count < p.moves"
    "{one} ORDER BY g.variant, g.deal_number, g.autoplay, g.move_count"
)
_ONE_DEAL: Final = " AND g.variant = ? AND g.deal_number = ? AND g.autoplay = ?"


def fold_wins(connection: sqlite3.Connection, par: Par | None = None) -> None:
    """Make each won game the store kept that is shorter than its deal's par the par (a row that
    does not read, or whose code is not its row's game, is skipped): the games won before schema
    version 8, when par was the solver's alone, then count too. Every deal's (as a file is
    migrated), or ``par``'s deal's (a par just kept: a deal with no par then had none to beat).
    Decoding a game takes milliseconds, so only the wins below a par are read. Runs in the
    caller's transaction."""
    if par is None:
        rows = connection.execute(_WINS_BELOW_PAR.format(one=""))
    else:
        key = (variant_text(par.variant), par.deal_number, par.autoplay.value)
        rows = connection.execute(_WINS_BELOW_PAR.format(one=_ONE_DEAL), key)
    done: set[tuple[object, ...]] = set()
    for code, finished_at, *key in rows.fetchall():
        game = decode(code) if isinstance(code, str) else None
        if game is None or isinstance(game, BadCode) or tuple(key) in done:
            continue
        if [variant_text(game.start.variant), game.deal_number, game.autoplay.value] != key:
            continue  # a code that is not its row's game
        won = win_par(game)
        if won is not None:
            done.add(tuple(key))
            _keep(connection, won, 0.0, str(finished_at))


class Pars:
    """The pars found so far, kept across sessions so a deal is searched once."""

    def __init__(self, database: Database) -> None:
        self._db = database

    def get(self, deal_number: int, mode: AutoplayMode, variant: Variant = FREECELL) -> Par | None:
        """The par of a deal of ``variant``'s game in autoplay ``mode``, when one is known: a
        finished search's, or a won game's."""
        try:
            rows = self._db.read(
                "read the par",
                "SELECT moves, solution, won, searched FROM pars"
                " WHERE variant=? AND deal_number=? AND autoplay=? AND complete=1",
                (variant_text(variant), deal_number, mode.value),
            )
        except StoreError:
            return None
        if not rows:
            return None
        moves, solution, won, searched = rows[0]
        if not count_value(moves) or not isinstance(solution, str):
            return None
        return Par(deal_number, mode, moves, solution, variant, won == 1, searched != 0)

    def all(self, variant: Variant = FREECELL) -> dict[AutoplayMode, dict[int, int]]:
        """Every par known of ``variant``'s game: autoplay mode → deal number → moves (rows
        that do not read are left out; empty when the table cannot be read)."""
        try:
            rows = self._db.read(
                "read the pars",
                "SELECT autoplay, deal_number, moves FROM pars WHERE complete=1 AND variant=?",
                (variant_text(variant),),
            )
        except StoreError:
            return {}
        found: dict[AutoplayMode, dict[int, int]] = {}
        for autoplay, number, moves in rows:
            mode = mode_value(autoplay)
            if mode is not None and deal_value(number) is not None and count_value(moves):
                found.setdefault(mode, {})[number] = moves
        return found

    def keep(self, par: Par, budget_seconds: float) -> StoreError | None:
        """Remember what a search that finished its work found (the caller keeps nothing
        else): it becomes par unless a shorter par is known, and the deal counts as searched.
        A failure is returned."""
        return self._put(replace(par, won=False, searched=True), budget_seconds, fold=True)

    def keep_win(self, par: Par) -> StoreError | None:
        """Remember a won game's line (:func:`win_par`): it becomes par when it is shorter than
        the par known, or when none is. A failure is returned."""
        return self._put(replace(par, won=True, searched=False), 0.0)

    def _put(self, par: Par, budget_seconds: float, *, fold: bool = False) -> StoreError | None:
        """Keep ``par``; ``fold``: then the deal's games won before version 8 (:func:`fold_wins`)."""
        when = stamp(self._db.clock())

        def put(connection: sqlite3.Connection) -> None:
            _keep(connection, par, budget_seconds, when)
            if fold:
                fold_wins(connection, par)

        return self._db.quiet(lambda: self._db.write("keep the par", put))
