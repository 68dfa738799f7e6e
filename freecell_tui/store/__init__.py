"""Saves, the game in progress and statistics, in one SQLite database (stdlib ``sqlite3``).

Pure like the core: nothing here imports Textual or Rich. The entry point is
:meth:`Store.open`; its repositories are ``store.slots``, ``store.autosaves``, ``store.results``
and ``store.pars``. See ``docs/saves.md`` for the files and formats.
"""

from freecell_tui.store.database import DB_NAME, SCHEMA_VERSION, Par, Store
from freecell_tui.store.errors import ErrorKind, StoreError
from freecell_tui.store.exchange import FORMAT_NAME, read_export
from freecell_tui.store.pars import win_par
from freecell_tui.store.records import GameRecord, SavedGame, SlotInfo, UnfinishedInfo
from freecell_tui.store.stats import (
    DealStats,
    GameResult,
    Result,
    Statistics,
    compute_statistics,
    format_duration,
)

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
