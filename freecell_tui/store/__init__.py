"""Saves, the game in progress and statistics, in one SQLite database (stdlib ``sqlite3``).

Pure like the core: nothing here imports Textual or Rich. The entry point is
:meth:`Store.open`; its repositories are ``store.slots``, ``store.autosaves``, ``store.results``
and ``store.pars``. See ``docs/saves.md`` for the files and formats.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell_tui.store.database import (
        DB_NAME,
        SCHEMA_VERSION,
        AutosaveLookup,
        OpenedStore,
        Store,
    )
    from freecell_tui.store.errors import ErrorKind, StoreError
    from freecell_tui.store.exchange import FORMAT_NAME, FORMAT_VERSION, ImportedGame, read_export
    from freecell_tui.store.names import MAX_NAME_LENGTH, check_name
    from freecell_tui.store.pars import Par, win_par
    from freecell_tui.store.records import GameRecord, SavedGame, SlotInfo, UnfinishedInfo
    from freecell_tui.store.results import StatisticsReading
    from freecell_tui.store.stats import (
        DealStats,
        GameResult,
        Result,
        Statistics,
        compute_statistics,
        format_duration,
    )

#: Where each name of the package lives. Importing the package imports none of its modules:
#: a name is imported from its module when first read, so that a command imports only the parts
#: it uses (``solve`` reads a par's type and opens no database).
_MODULES = {
    "DB_NAME": "freecell_tui.store.database",
    "SCHEMA_VERSION": "freecell_tui.store.database",
    "AutosaveLookup": "freecell_tui.store.database",
    "OpenedStore": "freecell_tui.store.database",
    "Par": "freecell_tui.store.pars",
    "Store": "freecell_tui.store.database",
    "ErrorKind": "freecell_tui.store.errors",
    "StoreError": "freecell_tui.store.errors",
    "FORMAT_NAME": "freecell_tui.store.exchange",
    "FORMAT_VERSION": "freecell_tui.store.exchange",
    "ImportedGame": "freecell_tui.store.exchange",
    "read_export": "freecell_tui.store.exchange",
    "MAX_NAME_LENGTH": "freecell_tui.store.names",
    "check_name": "freecell_tui.store.names",
    "win_par": "freecell_tui.store.pars",
    "GameRecord": "freecell_tui.store.records",
    "SavedGame": "freecell_tui.store.records",
    "SlotInfo": "freecell_tui.store.records",
    "UnfinishedInfo": "freecell_tui.store.records",
    "StatisticsReading": "freecell_tui.store.results",
    "DealStats": "freecell_tui.store.stats",
    "GameResult": "freecell_tui.store.stats",
    "Result": "freecell_tui.store.stats",
    "Statistics": "freecell_tui.store.stats",
    "compute_statistics": "freecell_tui.store.stats",
    "format_duration": "freecell_tui.store.stats",
}


def __getattr__(name: str) -> object:
    """A name of the package, imported from its module (:data:`_MODULES`) the first time."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "DB_NAME",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_NAME_LENGTH",
    "SCHEMA_VERSION",
    "AutosaveLookup",
    "DealStats",
    "ErrorKind",
    "GameRecord",
    "GameResult",
    "ImportedGame",
    "OpenedStore",
    "Par",
    "Result",
    "SavedGame",
    "SlotInfo",
    "Statistics",
    "StatisticsReading",
    "Store",
    "StoreError",
    "UnfinishedInfo",
    "check_name",
    "compute_statistics",
    "format_duration",
    "read_export",
    "win_par",
]
