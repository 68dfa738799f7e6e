"""The export file: one saved game as readable JSON, to move it between machines.

::

    {
      "format": "freecell-tui save",
      "version": 2,
      "name": "Deal 1, nearly",
      "start": {"deal": 1},
      "autoplay": "safe",
      "moves": ["3a", "18 1h 2h"],
      "redo": ["5h"],
      "elapsed_seconds": 83.5,
      "hints": 0,
      "saved_at": "2025-01-31T18:04:05+00:00"
    }

``start`` is ``{"deal": N}`` or ``{"position": [lines]}`` (fc-solve's layout, one string per
line). A game of another variant than classic FreeCell names it in ``game`` (the store's name
for it: ``eight_off``, ``freecell:2``, see :func:`~freecell_tui.store.records.variant_text`) and
is written as version 3; a classic game's file is version 2 as before. Each entry of ``moves`` is one turn: the player's move then the autoplay moves it set off
(see :mod:`freecell_tui.store.records` for ``autoplay=MODE``, ``by=solver`` and ``restart``);
``redo`` holds undone turns, the next to redo first. Version 1 files (no ``hints``) are read too. :func:`read_export` checks everything (the
format, the version, every field's type, the start, and that every move replays) and raises
:class:`StoreError` (BAD_FILE) naming the first problem, so nothing is imported from a bad file.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from freecell_tui import __version__
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, too_long
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store.errors import ErrorKind, StoreError
from freecell_tui.store.records import MAX_HINTS, GameRecord, read_variant, variant_text
from freecell_tui.store.rows import STAMP_YEARS, in_range

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "ImportedGame",
    "read_export",
    "write_export",
]

FORMAT_NAME: Final = "freecell-tui save"
FORMAT_VERSION: Final = 3
#: The version of a classic FreeCell game's file (it has no ``game``).
CLASSIC_VERSION: Final = 2
#: The versions this freecell-tui reads.
READABLE_VERSIONS: Final = (1, 2, 3)
#: No real save comes near this: a file larger than this is refused unread.
MAX_FILE_BYTES: Final = 4_000_000
#: The most digits a whole number in an export may have (a deal number has at most 10).
MAX_DIGITS: Final = 20

_KEYS: Final = {
    "format",
    "version",
    "name",
    "start",
    "autoplay",
    "moves",
    "redo",
    "elapsed_seconds",
    "saved_at",
    "application",
    "hints",
    "game",
}


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A checked export file: the game (replayed), its record and the name it was saved under."""

    name: str | None
    record: GameRecord
    game: Game
    saved_at: datetime | None


def write_export(name: str, record: GameRecord, saved_at: datetime) -> str:
    """The JSON text for one saved game (ends with a newline)."""
    start: dict[str, Any]
    if record.deal_number is not None:
        start = {"deal": record.deal_number}
    else:
        assert record.position is not None
        start = {"position": record.position.splitlines()}
    classic = record.variant == FREECELL
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": CLASSIC_VERSION if classic else FORMAT_VERSION,
        "name": name,
    }
    if not classic:
        data["game"] = variant_text(record.variant)
    data |= {
        "start": start,
        "autoplay": record.autoplay,
        "moves": list(record.turns),
        "redo": list(record.redo),
        "elapsed_seconds": round(record.elapsed_seconds, 3),
        "hints": record.hints,
        "saved_at": saved_at.astimezone(UTC).isoformat(timespec="seconds"),
        "application": f"freecell-tui {__version__}",
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _bad(message: str) -> StoreError:
    return StoreError(ErrorKind.BAD_FILE, message)


def _string_list(data: dict[str, Any], key: str, *, required: bool) -> tuple[str, ...]:
    if required and key not in data:
        raise _bad(f'the file has no "{key}"')
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _bad(f'"{key}" must be a list of turns, each a string of moves such as "18 1h"')
    return tuple(value)


def _saved_at(data: dict[str, Any]) -> datetime | None:
    if "saved_at" not in data:
        return None
    stamp = data["saved_at"]
    try:
        moment = datetime.fromisoformat(stamp) if isinstance(stamp, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise _bad('"saved_at" must be a date and time such as "2025-01-31T18:04:05+00:00"')
    sane = in_range(moment)
    if sane is None:
        first, last = STAMP_YEARS
        raise _bad(f'"saved_at" must be a date from the years {first} to {last}')
    return sane


def _json_int(text: str) -> int:
    """JSON's whole numbers, refused past :data:`MAX_DIGITS` digits before Python reads them
    (its own limit, 4,300 digits, would raise a ValueError of its own)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _bad(
            f"a number in the file has {digits:,} digits: no value of a saved game has so many"
        )
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999
        raise _bad(f"the number {text[:20]} is too large for a saved game")
    return value


def _json_constant(name: str) -> Any:
    """Python's json reads NaN, Infinity and -Infinity, which JSON does not have."""
    raise _bad(f"the file is not valid JSON: {name} is not a JSON number")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once (JSON leaves a repeated key's meaning open:
    one reader takes the first value, another the last)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _bad(f'the file gives "{key[:40]}" twice')
        data[key] = value
    return data


def _parse_json(text: str) -> Any:
    try:
        return json.loads(
            text,
            parse_int=_json_int,
            parse_float=_json_float,
            parse_constant=_json_constant,
            object_pairs_hook=_json_object,
        )
    except json.JSONDecodeError as error:
        raise _bad(f"the file is not valid JSON (line {error.lineno}: {error.msg})") from None
    except RecursionError:
        raise _bad("the file is not a saved game: it is nested too deeply") from None


def read_export(raw: bytes) -> ImportedGame:
    """Check an export file's bytes and return the game, or raise StoreError (BAD_FILE)."""
    data = _export_object(raw)
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise _bad('"name" must be a string')
    deal_number, position = _start(data)
    variant = _game(data)
    autoplay = data.get("autoplay", "safe")
    if not isinstance(autoplay, str):
        raise _bad('"autoplay" must be "off", "safe" or "all"')
    elapsed = data.get("elapsed_seconds", 0)
    if (
        not isinstance(elapsed, int | float)
        or isinstance(elapsed, bool)
        or not 0 <= elapsed < 10**9
    ):
        raise _bad('"elapsed_seconds" must be a number of seconds, 0 or more')
    hints = data.get("hints", 0)
    if not isinstance(hints, int) or isinstance(hints, bool) or not 0 <= hints <= MAX_HINTS:
        raise _bad('"hints" must be a whole number, 0 or more')
    saved_at = _saved_at(data)
    moves, redo = (
        _string_list(data, "moves", required=True),
        _string_list(data, "redo", required=False),
    )
    problem = too_long(len(moves) + len(redo))  # before a single turn is replayed
    if problem is not None:
        raise _bad(f"the game is too long to be a real one: {problem}")
    record = GameRecord(
        deal_number=deal_number,
        position=position,
        turns=moves,
        redo=redo,
        autoplay=autoplay,
        elapsed_seconds=float(elapsed),
        hints=hints,
        variant=variant,
    )
    try:
        game = record.to_game()
    except FreeCellError as error:
        raise _bad(f"the game does not replay: {error}") from None
    return ImportedGame(name, record, game, saved_at)


def _export_object(raw: bytes) -> dict[str, Any]:
    """The JSON object of an export file of a format and version this program reads, with no
    field it does not know; or raise StoreError (BAD_FILE)."""
    if len(raw) > MAX_FILE_BYTES:
        raise _bad(f"the file is {len(raw):,} bytes, too large to be a saved game")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _bad("the file is not UTF-8 text") from None
    data = _parse_json(text)
    if not isinstance(data, dict):
        raise _bad("the file is not a saved game: it must hold one JSON object")
    if data.get("format") != FORMAT_NAME:
        raise _bad(f'the file is not a saved game: "format" must be "{FORMAT_NAME}"')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _bad('"version" must be a whole number')
    if version > FORMAT_VERSION:
        raise _bad(
            f"the file is format version {version}, written by a newer freecell-tui; "
            f"this one reads version {FORMAT_VERSION}"
        )
    if version not in READABLE_VERSIONS:
        raise _bad(
            f"format version {version} does not exist; this freecell-tui reads versions 1 to 3"
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _bad(f"unknown field{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}")
    return data


def _game(data: dict[str, Any]) -> Variant:
    """The export's game: classic FreeCell unless ``game`` names another."""
    if "game" not in data:
        return FREECELL
    try:
        return read_variant(data["game"])
    except FreeCellError as error:
        raise _bad(f'"game": {error}') from None


def _start(data: dict[str, Any]) -> tuple[int | None, str | None]:
    """The export's start: a deal number, or a position's text."""
    start = data.get("start")
    if not isinstance(start, dict) or len(start) != 1 or not ({"deal", "position"} & set(start)):
        raise _bad('"start" must be {"deal": N} or {"position": [lines]}')
    if "deal" in start:
        if not isinstance(start["deal"], int) or isinstance(start["deal"], bool):
            raise _bad('"start": the deal must be a whole number')
        return start["deal"], None
    lines = start["position"]
    if isinstance(lines, str):
        return None, lines
    if isinstance(lines, list) and all(isinstance(line, str) for line in lines):
        return None, "\n".join(lines) + "\n"
    raise _bad('"start": the position must be a list of lines')
