"""The player's keys: the game's key table (:data:`~freecell_tui.ui.commands.DEFAULT_KEYS`) with
the player's overrides, made once at start (:func:`effective_keys`).

An override names a binding of the command table by its id (a command's name, ``undo``; a pile,
``pile_3``, ``pile_a``, ``pile_h``; ``more``, ``fewer``, ``cursor_left``…) and gives its keys:
Textual's key names (``ctrl+z``, ``question_mark``, ``f2``) or the characters themselves
(``?``), as a list or one string with commas. What cannot apply — an unknown name, a key name
Textual does not know, a key the game keeps for itself, two bindings on one key — is one line
each, and that binding keeps its default; everything else applies. Pure: the config file's reader
gives the overrides, the app takes the table (``FreeCellApp(keys=…)``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

from textual.keys import KEY_NAME_REPLACEMENTS, Keys, key_to_character

from freecell_tui.ui.commands import BOUND, DEFAULT_KEYS, KeyTable, key_label

__all__ = ["RESERVED", "effective_keys", "key_name_of", "keys_toml"]

#: Keys the game keeps for itself, whatever the table: the command palette, quitting from
#: anywhere, and ``v`` with its count after a pile key (``18v3``).
RESERVED: Final = MappingProxyType(
    {
        "ctrl+p": "the command palette's",
        "ctrl+q": "Textual's quit",
        "ctrl+c": "Textual's copy",
        "v": "the card count's (18v3)",
    }
)
_MODIFIERS: Final = ("ctrl", "shift", "alt", "meta", "super", "hyper")
#: Textual's names of the keys that are no character (``escape``, ``f2``, ``pageup``).
_NAMED: Final = frozenset(key.value for key in Keys if "+" not in key.value)
#: Textual's short names of some characters (``plus``, ``minus``, ``slash``).
_REPLACED: Final = frozenset(KEY_NAME_REPLACEMENTS.values())
#: Two bindings that share a key by design: in a game with a free cell f it picks up from it,
#: elsewhere it sends home or to a cell.
_SHARED: Final = frozenset({"pile_f", "quick"})


def key_name_of(text: str) -> str | None:
    """Textual's name of the key ``text`` names (``?`` → ``question_mark``, ``Ctrl+Z`` →
    ``ctrl+z``); ``None`` when it names none."""
    text = text.strip()
    if len(text) == 1:
        return _character_key(text)
    *modifiers, base = text.split("+")
    if not base and modifiers and not modifiers[-1]:
        modifiers, base = modifiers[:-1], "+"  # ctrl++
    modifiers = [modifier.lower() for modifier in modifiers]
    if any(modifier not in _MODIFIERS for modifier in modifiers) or not base:
        return None
    if len(base) == 1:
        named = _character_key(base.lower() if modifiers else base)
    else:
        base = base.lower() if base.lower() in _NAMED else base
        character = key_to_character(base)
        printable = character is not None and character.isprintable()
        named = base if base in _NAMED or printable or base in _REPLACED else None
    if named is None:
        return None
    return "+".join([*modifiers, named])


def _character_key(character: str) -> str | None:
    """Textual's key name of a typed ``character`` (as ``textual.keys`` makes it)."""
    if not character.isprintable():
        return None
    if character.isalnum():
        return character
    if character == " ":
        return "space"
    name = unicodedata.name(character, "").lower().replace("-", "_").replace(" ", "_")
    return KEY_NAME_REPLACEMENTS.get(name, name) or None


def _read_keys(value: object) -> tuple[str, ...] | str:
    """The keys ``value`` gives (a string with commas, or a list of strings), or why not."""
    if isinstance(value, str):
        parts: Iterable[object] = [] if not value.strip() else value.split(",")
        if value.strip() == ",":
            parts = [","]
    elif isinstance(value, (list, tuple)):
        parts = value
    else:
        return "is neither a key nor a list of keys"
    keys: list[str] = []
    for part in parts:
        name = key_name_of(part) if isinstance(part, str) else None
        if name is None:
            return f"{part!r} is not a key name (as u, ctrl+z, question_mark or f2)"
        if name not in keys:
            keys.append(name)
    if not keys:
        return "no key given (a binding keeps at least one)"
    return tuple(keys)


def _shown(keys: Iterable[str]) -> str:
    return ", ".join(key_label(key) for key in keys) or "no key"


def _keeps(name: str) -> str:
    return f"{name} keeps {_shown(DEFAULT_KEYS[name])}"


def effective_keys(overrides: Mapping[str, object]) -> tuple[KeyTable, tuple[str, ...]]:
    """The game's keys with ``overrides`` (binding id: keys), and one line for each override
    that cannot apply (that binding keeps its default keys)."""
    problems: list[str] = []
    wanted: dict[str, tuple[str, ...]] = {}
    for name, value in overrides.items():
        if name not in DEFAULT_KEYS:
            problems.append(f"keys: there is no {name!r} (`freecell-tui config` lists them)")
            continue
        keys = _read_keys(value)
        if isinstance(keys, str):
            problems.append(f"keys: {name!r}: {keys}; {_keeps(name)}")
            continue
        kept = next((key for key in keys if key in RESERVED), None)
        if kept is not None:
            problems.append(
                f"keys: {name!r} = {key_label(kept)!r} is {RESERVED[kept]}; {_keeps(name)}"
            )
            continue
        wanted[name] = keys
    while True:
        table = {**DEFAULT_KEYS, **wanted}
        owners: dict[str, list[str]] = {}
        for name, keys in table.items():
            for key in keys:
                owners.setdefault(key, []).append(name)
        clashed = {
            name: (key, [other for other in names if other != name])
            for key, names in owners.items()
            if len(names) > 1 and set(names) != _SHARED
            for name in names
            if name in wanted
        }
        if not clashed:
            return MappingProxyType(table), tuple(problems)
        for name, (key, others) in clashed.items():
            if name in wanted:
                problems.append(
                    f"keys: {name!r} = {key_label(key)!r} clashes with "
                    f"{' and '.join(_what(other) for other in others)}; {_keeps(name)}"
                )
                del wanted[name]


def _what(name: str) -> str:
    """A binding as a problem names it: ``pile_h (the foundations)``, ``undo``."""
    code = name.removeprefix("pile_")
    if code == name:
        return repr(name)
    if code == "h":
        return f"{name!r} (the foundations)"
    return f"{name!r} ({'column' if code.isdigit() else 'free cell'} {code})"


def keys_toml(keys: KeyTable) -> str:
    """The ``[keys]`` section of the config file that gives ``keys``: every binding and its keys,
    in the command table's order (a binding the player changed marked so)."""
    lines = ["[keys]"]
    for name in BOUND:
        found = keys.get(name, ())
        value = "[" + ", ".join(f'"{key}"' for key in found) + "]"
        note = "  # changed" if found != DEFAULT_KEYS[name] else ""
        lines.append(f"{name} = {value}{note}")
    return "\n".join(lines) + "\n"
