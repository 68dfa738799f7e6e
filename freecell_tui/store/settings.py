"""The player's settings (theme, four-colour deck, winnability check, winnable deals only,
auto-solve speed, motion, ASCII suits, the first game's card seen), kept in ``settings.json`` beside the database so they
survive a restart.

A small JSON object, written whole or not at all (a temporary file, then :func:`os.replace`).
Reading never fails: a missing file gives the defaults; a damaged file, or a value of the wrong
type, is ignored with a problem the game shows once; unknown keys (from a newer version) are
ignored. Writing returns a :class:`StoreError` instead of raising, so an unwritable data folder
never stops the game. Pure like the rest of the store: no Textual here.
"""

from __future__ import annotations

import json
import math
import os
import stat
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Final

from freecell_tui.core.words import printable, shorten
from freecell_tui.files import TEXT_LIMIT, InputError, describe_kind, read_regular
from freecell_tui.store.atomic import write_atomically
from freecell_tui.store.errors import ErrorKind, StoreError

__all__ = [
    "SETTINGS_NAME",
    "SPEED_RANGE",
    "LoadedSettings",
    "Settings",
    "load_settings",
    "save_settings",
]

SETTINGS_NAME: Final = "settings.json"

#: Auto-solve's speeds, in moves a second: the one range the game, the settings file and the docs
#: use (``:speed N`` refuses anything else).
SPEED_RANGE: Final = (0.5, 10.0)


@dataclass(frozen=True)
class Settings:
    """What the player chose. ``None`` means "not chosen": the game's default applies."""

    theme: str | None = None
    """A Textual theme name (the app checks that it exists)."""
    four_colour: bool = False
    winnability_check: bool = True
    winnable_deals_only: bool = False
    solve_speed: float | None = None
    """Auto-solve's pace in moves a second."""
    motion: bool = True
    """Cards glide, autoplay sends them home one by one, a win cascades."""
    ascii_suits: bool | None = None
    """Suits as the letters C D H S (``None``: not chosen; letters when the terminal draws
    ♠♥♦♣ two cells wide, found out at start)."""
    seen_intro: bool = False
    """The first game's card (how to move, ``?`` for the keys) was closed: never shown again."""


@dataclass(frozen=True)
class LoadedSettings:
    """The settings read, and what was wrong with the file (each for the player to see)."""

    settings: Settings
    problems: tuple[str, ...] = ()


def _valid(name: str, value: Any) -> bool:
    if name == "theme":
        return isinstance(value, str) and 0 < len(value) <= 100
    if name == "solve_speed":
        low, high = SPEED_RANGE
        return (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
            and low <= value <= high
        )
    return isinstance(value, bool)


def load_settings(directory: str | os.PathLike[str]) -> LoadedSettings:
    """Read ``settings.json`` in ``directory``; never raises."""
    path = Path(directory) / SETTINGS_NAME
    try:
        # A regular file only (a FIFO in its place must not hang the game), at most 1 MB.
        raw = read_regular(path, TEXT_LIMIT, "a settings file")
    except (FileNotFoundError, NotADirectoryError):  # no file, or no folder: nothing chosen yet
        return LoadedSettings(Settings())
    except InputError as error:
        return LoadedSettings(
            Settings(), (f"Could not read your settings ({error}); the defaults are used.",)
        )
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError):  # not UTF-8 or JSON, or nested too deeply
        data = None
    if not isinstance(data, dict):
        return LoadedSettings(
            Settings(),
            (f"Your settings file {path} is damaged; the defaults are used until you change one.",),
        )
    chosen: dict[str, Any] = {}
    bad: list[str] = []
    for field in fields(Settings):
        if field.name not in data or data[field.name] is None:
            continue
        value = data[field.name]
        if _valid(field.name, value):
            chosen[field.name] = float(value) if field.name == "solve_speed" else value
        else:
            bad.append(f"{field.name} = {_shown(value)}")
    problems = (f"Ignored settings that make no sense in {path}: {', '.join(bad)}.",) if bad else ()
    return LoadedSettings(replace(Settings(), **chosen), problems)


def _shown(value: Any) -> str:
    """A bad value as the notice shows it: short, one line, whatever it is."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, RecursionError):  # nested too deeply, or an int too long to print
        text = type(value).__name__
    return printable(shorten(text))


def save_settings(directory: str | os.PathLike[str], settings: Settings) -> StoreError | None:
    """Write ``settings`` to ``settings.json`` in ``directory`` (created when needed), whole or
    not at all; the old file stays as it was when the write fails."""
    folder = Path(directory)
    values = {field.name: getattr(settings, field.name) for field in fields(Settings)}
    text = json.dumps(values, indent=2, ensure_ascii=False) + "\n"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = _settings_file(folder / SETTINGS_NAME)
        if isinstance(target, StoreError):
            return target
        write_atomically(target, text)
    except OSError as error:
        reason = error.strerror or str(error)
        return StoreError(
            ErrorKind.READ_ONLY if isinstance(error, PermissionError) else ErrorKind.IO,
            f"Could not save your settings in {folder}: {reason}. They apply for this session.",
        )
    return None


def _settings_file(path: Path) -> Path | StoreError:
    """The file to replace for ``path``: itself, or, when it is a symbolic link (a dotfile
    manager's), the regular file it leads to, so the link stays and its target is updated.
    Anything else in its place (a FIFO, a device, a folder, a link to one) is left alone and
    the settings are not saved."""
    try:
        mode = os.stat(path).st_mode  # through links
    except FileNotFoundError:
        return Path(os.path.realpath(path))  # none yet, or a link to a file not made yet
    if not stat.S_ISREG(mode):
        what = "leads to" if os.path.islink(path) else "is"
        return StoreError(
            ErrorKind.IO,
            f"Could not save your settings: {printable(str(path))} {what} {describe_kind(mode)}, "
            "not a regular file, and is left alone. They apply for this session.",
        )
    return Path(os.path.realpath(path))
