"""Each deal's par (the ``pars`` table): the fewest moves the solver found for it, per game and
autoplay mode, by a search that finished its work. A row a search left unfinished (``complete`` 0: the
rows of files before schema version 4, kept while a time budget could cut the search short) is
no par: it is neither read nor listed, and the next finished search replaces it. A par is a
convenience: reading one never raises, keeping one returns its error."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store.connection import Database
from freecell_tui.store.errors import StoreError
from freecell_tui.store.records import variant_text
from freecell_tui.store.rows import count_value, deal_value, mode_value, stamp

__all__ = ["Par", "Pars"]


@dataclass(frozen=True, slots=True)
class Par:
    """The fewest moves the solver found for a deal of ``variant``'s game in an autoplay mode,
    counted as the game counts moves (its turns in that mode), and the solution (standard
    notation, one turn a word)."""

    deal_number: int
    autoplay: AutoplayMode
    moves: int
    solution: str
    variant: Variant = FREECELL


class Pars:
    """The pars found so far, kept across sessions so a deal is searched once."""

    def __init__(self, database: Database) -> None:
        self._db = database

    def get(self, deal_number: int, mode: AutoplayMode, variant: Variant = FREECELL) -> Par | None:
        """The par of a deal of ``variant``'s game in autoplay ``mode``, when a finished search
        found it before."""
        try:
            rows = self._db.read(
                "read the par",
                "SELECT moves, solution FROM pars WHERE variant=? AND deal_number=? AND autoplay=?"
                " AND complete=1",
                (variant_text(variant), deal_number, mode.value),
            )
        except StoreError:
            return None
        if not rows:
            return None
        moves, solution = rows[0]
        if not count_value(moves) or not isinstance(solution, str):
            return None
        return Par(deal_number, mode, moves, solution, variant)

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
        """Remember a deal's par, found by a search that finished its work (the caller keeps
        nothing else): it replaces a longer par, or a row a search left unfinished, never a
        shorter par. A failure is returned."""
        when = stamp(self._db.clock())

        def put(connection: sqlite3.Connection) -> None:
            connection.execute(
                "INSERT INTO pars (variant, deal_number, autoplay, moves, solution, budget_seconds,"
                " found_at, complete) VALUES (?, ?, ?, ?, ?, ?, ?, 1)"
                " ON CONFLICT (variant, deal_number, autoplay)"
                " DO UPDATE SET moves=excluded.moves, solution=excluded.solution,"
                " budget_seconds=excluded.budget_seconds, found_at=excluded.found_at, complete=1"
                " WHERE excluded.moves < pars.moves OR pars.complete = 0",
                (
                    variant_text(par.variant),
                    par.deal_number,
                    par.autoplay.value,
                    par.moves,
                    par.solution,
                    budget_seconds,
                    when,
                ),
            )

        return self._db.quiet(lambda: self._db.write("keep the par", put))
