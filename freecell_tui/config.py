"""The player's config file: keys and colours of their own (see ``docs/config.md``).

One TOML file (:func:`freecell_tui.paths.config_path`: ``$FREECELL_TUI_CONFIG``, else
``config.toml`` in the user config dir), read with the standard library and never written by
the game. Its shape::

    theme = "nord"            # a theme by name: Textual's, or "classic"

    [keys]                    # a binding of the game = a key, or a list of keys
    undo = ["u", "backspace"]

or, instead of ``theme = "…"``, a theme of the player's own::

    [theme]
    name = "mine"             # default "custom"
    base = "nord"             # what it leaves out comes from this theme (default "classic")
    background = "#1D2330"
    card-face = "#F4EBD0"

Reading never fails and never raises: a missing file is the defaults; a damaged file (not UTF-8,
not TOML, larger than :data:`CONFIG_LIMIT`, a folder, unreadable) is the defaults with one
problem; each wrong entry (an unknown section or name, a value of the wrong type) is left out with
one problem, and the rest is kept. Each problem is one line for the player.

Here the file's shape is checked, without a terminal. The ``[keys]`` are passed on as written:
whether a name is a binding's, a key is a key and two bindings clash is the full-screen game's key
table to judge; whether a colour is a colour and a theme exists, Textual's
(:func:`freecell_tui.ui.themes.config_theme`).
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from freecell_tui.core.words import printable, shorten
from freecell_tui.files import InputError, decode, read_regular
from freecell_tui.paths import config_path

__all__ = [
    "CARD_VARIABLES",
    "CONFIG_LIMIT",
    "EXAMPLE",
    "OWN_THEME_NAME",
    "THEME_COLOURS",
    "Config",
    "OwnTheme",
    "read_config",
]

#: The most a config file may hold: a real one is a few hundred bytes.
CONFIG_LIMIT: Final = 100_000

#: A theme's own colours (Textual's :class:`~textual.theme.Theme` fields).
THEME_COLOURS: Final = (
    "primary",
    "secondary",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
    "warning",
    "error",
    "success",
)

#: The board's colours (its CSS variables, see :mod:`freecell_tui.ui.board.inks`): the card
#: faces, their black and red inks and edges, a picked-up card, the piles it may go to, a hint,
#: the cursor, what a click would pick up.
CARD_VARIABLES: Final = (
    "card-face",
    "card-ink",
    "card-red",
    "card-edge",
    "card-select",
    "card-target",
    "card-hint",
    "card-cursor",
    "card-hover",
)

#: The name of the ``[theme]`` table's theme when it gives none.
OWN_THEME_NAME: Final = "custom"
#: The theme the ``[theme]`` table's theme starts from when it names none.
BASE_THEME: Final = "classic"

_NAME: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
_SECTIONS: Final = ("keys", "theme")
_NAMED_THEME: Final = re.compile(r"^\s*theme\s*=", re.MULTILINE)
_THEME_TABLE: Final = re.compile(r"^\s*\[\s*theme\s*\]", re.MULTILINE)
_THEME_ENTRIES: Final = ("name", "base", "dark", *THEME_COLOURS, *CARD_VARIABLES)


def _empty_keys() -> Mapping[str, object]:
    return MappingProxyType({})


def _empty_colours() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class OwnTheme:
    """The ``[theme]`` table: a theme of the player's own, built on ``base`` for what it leaves
    out. ``colours`` are its :data:`THEME_COLOURS` and :data:`CARD_VARIABLES` as written."""

    name: str = OWN_THEME_NAME
    base: str = BASE_THEME
    colours: Mapping[str, str] = field(default_factory=_empty_colours)
    dark: bool | None = None


@dataclass(frozen=True)
class Config:
    """The config file as read. ``found``: there was a file (read or not). ``keys``: each
    name of ``[keys]`` with its value as written (a list as a tuple), for the key table to
    judge (:func:`freecell_tui.ui.keymap.effective_keys`). ``theme``: the theme named by
    ``theme = "…"``; ``own_theme``: the ``[theme]`` table. ``problems``: what was wrong, one
    line each."""

    path: Path
    found: bool = False
    keys: Mapping[str, object] = field(default_factory=_empty_keys)
    theme: str | None = None
    own_theme: OwnTheme | None = None
    problems: tuple[str, ...] = ()


def read_config(path: Path | None = None) -> Config:
    """The config file at ``path`` (default: :func:`~freecell_tui.paths.config_path`); never
    raises."""
    path = config_path() if path is None else path
    text = ""
    try:
        # A regular file only (a FIFO in its place must not hang the game).
        raw = read_regular(path, CONFIG_LIMIT, "a config file")
        text = decode(raw, str(path))
        data = tomllib.loads(text)
    except (FileNotFoundError, NotADirectoryError):
        return Config(path)
    except InputError as error:
        # "cannot read PATH: permission denied", "PATH is a folder, not a file: it is not
        # read": said of "your config file PATH", the reason alone.
        name = _name(path)
        why = str(error).removeprefix(f"cannot read {name}: ").replace(f"{name} is ", "it is ", 1)
        return _unread(path, why.split(": ")[0])
    except tomllib.TOMLDecodeError as error:
        both = _NAMED_THEME.search(text) and _THEME_TABLE.search(text)
        hint = "; it has theme = and a [theme] table, and may have one of them" if both else ""
        return _unread(path, f"it is not TOML: {printable(str(error))}{hint}")
    except RecursionError:
        return _unread(path, "it is not TOML: it is nested too deeply")
    return _EntryReader(path).read(data)


def _unread(path: Path, why: str) -> Config:
    return Config(
        path,
        found=True,
        problems=(f"Your config file {_name(path)} is not used ({why}): the defaults apply.",),
    )


def _name(path: Path) -> str:
    return printable(str(path))


def _shown(value: Any) -> str:
    """A value as TOML would show it, short and on one line."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "a table"
    else:
        text = json.dumps(value, ensure_ascii=False, default=str)
    return printable(shorten(text, 40))


def _guess(name: str, names: tuple[str, ...]) -> str:
    """`` (did you mean keys?)`` when ``name`` is close to one of ``names``."""
    close = difflib.get_close_matches(name, names, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


class _EntryReader:
    """Reads a parsed file's entries, noting a problem for each wrong one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []

    def note(self, what: str, then: str) -> None:
        self.problems.append(f"In your config file {_name(self.path)}, {what}: {then}.")

    def read(self, data: dict[str, Any]) -> Config:
        keys: Mapping[str, object] = _empty_keys()
        theme: str | None = None
        own: OwnTheme | None = None
        for name, value in data.items():
            if name == "keys" and isinstance(value, dict):
                if "theme" in value:  # TOML puts a line under the last [section] before it
                    self.note(
                        "theme is under [keys]", "write it above the first [section] to use it"
                    )
                # Passed on as written: the names and the keys are the key table's to judge.
                keys = MappingProxyType(
                    {
                        key: tuple(keys) if isinstance(keys, list) else keys
                        for key, keys in value.items()
                        if key != "theme"
                    }
                )
            elif name == "theme" and isinstance(value, dict):
                own = self.own_theme(value)
            elif name == "theme" and isinstance(value, str) and _NAME.fullmatch(value):
                theme = value
            elif name in _SECTIONS:
                what = "a table of keys" if name == "keys" else "a theme's name or a [theme] table"
                self.note(f"{name} = {_shown(value)} is not {what}", "it is ignored")
            elif isinstance(value, dict):
                shown = f"[{printable(shorten(name, 40))}]"
                guess = _guess(name, _SECTIONS)
                self.note(f"there is no section {shown}{guess}", "it is ignored")
            else:
                self.note(
                    f"there is no setting {printable(shorten(name, 40))}{_guess(name, _SECTIONS)}",
                    "it is ignored",
                )
        return Config(
            self.path,
            found=True,
            keys=keys,
            theme=theme,
            own_theme=own,
            problems=tuple(self.problems),
        )

    def own_theme(self, table: dict[str, Any]) -> OwnTheme:
        """``[theme]``: its name, its base, whether it is dark and its colours (as written)."""
        name, base, dark = OWN_THEME_NAME, BASE_THEME, None
        colours: dict[str, str] = {}
        checks: dict[str, tuple[Callable[[Any], bool], str]] = {
            "name": (_is_name, "a name of letters, digits, - and _ (at most 40)"),
            "base": (_is_name, "a theme's name"),
            "dark": (lambda value: isinstance(value, bool), "true or false"),
        }
        for entry, value in table.items():
            shown = f"[theme] {printable(shorten(entry, 40))} = {_shown(value)}"
            if entry not in _THEME_ENTRIES:
                guess = _guess(entry, _THEME_ENTRIES)
                self.note(
                    f"[theme] has no colour {printable(shorten(entry, 40))}{guess}", "it is ignored"
                )
                continue
            check, what = checks.get(entry, (_is_colour_text, 'a colour ("#2E3440")'))
            if not check(value):
                self.note(f"{shown} is not {what}", "it is ignored")
            elif entry == "name":
                name = value
            elif entry == "base":
                base = value
            elif entry == "dark":
                dark = value
            else:
                colours[entry] = value.strip()
        return OwnTheme(name=name, base=base, colours=MappingProxyType(colours), dark=dark)


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and _NAME.fullmatch(value) is not None


def _is_colour_text(value: Any) -> bool:
    """A string that may be a colour (whether it is one, Textual's parser says)."""
    return isinstance(value, str) and 0 < len(value.strip()) <= 100


#: A commented config file a player can start from (``freecell-tui config --example``).
EXAMPLE: Final = """\
# freecell-tui's config file (see docs/config.md). Every line is optional: what the file
# leaves out keeps the game's default. The game reads it at start and never writes it.

# A theme by name: "classic" (light cards on a green table) or one of Textual's themes
# (freecell-tui config lists them). A theme chosen in the game's palette lasts until the
# game is closed; this one is the theme at every start.
# theme = "nord"

[keys]
# A binding of the game (freecell-tui config lists them with their keys) = a key, or a list
# of keys: they replace its own keys. Textual's key names ("u", "ctrl+z", "f6", "backspace",
# "question_mark") or the characters themselves ("?").
# undo = ["u", "ctrl+z", "backspace"]
# hint = ["i", "f6"]

# Or, instead of theme = "…" above, a theme of your own: the colours it leaves out come
# from its base theme ("classic", or any theme by name).
# [theme]
# name = "mine"
# base = "classic"
# dark = true
# background = "#1D3B2A"     # the table
# foreground = "#F3F1E7"     # text
# primary = "#F2C14E"
# accent = "#FFC83D"
# card-face = "#FBF9F1"      # the cards: faces, black and red inks (kept readable)
# card-ink = "#141414"
# card-red = "#C41E3A"
# card-select = "#FFC83D"    # a picked-up card
# card-target = "#2FC4FF"    # where it may go
# card-hint = "#E86AF0"      # a hint
"""
