"""Saves, the game in progress and statistics, in one SQLite database (stdlib ``sqlite3``).

Pure like the core: nothing here imports Textual or Rich. The entry point is
:meth:`Store.open`; its repositories are ``store.slots``, ``store.autosaves``, ``store.results``
and ``store.pars``. See ``docs/saves.md`` for the files and formats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell_tui.lazy import lazy_names

if TYPE_CHECKING:
    from freecell_tui.store.database import DB_NAME, SCHEMA_VERSION, Store
    from freecell_tui.store.errors import ErrorKind, StoreError
    from freecell_tui.store.exchange import FORMAT_NAME, read_export
    from freecell_tui.store.pars import Par, win_par
    from freecell_tui.store.records import GameRecord, SavedGame, SlotInfo, UnfinishedInfo
    from freecell_tui.store.stats import (
        DealStats,
        GameResult,
        Result,
        Statistics,
        compute_statistics,
        format_duration,
    )

#: Each name the package offers, with its module: a name is imported when first asked for, so
#: that a command imports only the modules it uses (``solve``, which reads a par, imports no
#: database).
_HOMES: dict[str, str] = {
    "DB_NAME": "database",
    "SCHEMA_VERSION": "database",
    "Par": "pars",
    "Store": "database",
    "ErrorKind": "errors",
    "StoreError": "errors",
    "FORMAT_NAME": "exchange",
    "read_export": "exchange",
    "win_par": "pars",
    "GameRecord": "records",
    "SavedGame": "records",
    "SlotInfo": "records",
    "UnfinishedInfo": "records",
    "DealStats": "stats",
    "GameResult": "stats",
    "Result": "stats",
    "Statistics": "stats",
    "compute_statistics": "stats",
    "format_duration": "stats",
}


__getattr__ = lazy_names(__name__, _HOMES, globals())


__all__ = [
    "DB_NAME",
    "FORMAT_NAME",
    "SCHEMA_VERSION",
    "DealStats",
    "ErrorKind",
    "GameRecord",
    "GameResult",
    "Par",
    "Result",
    "SavedGame",
    "SlotInfo",
    "Statistics",
    "Store",
    "StoreError",
    "UnfinishedInfo",
    "compute_statistics",
    "format_duration",
    "read_export",
    "win_par",
]
