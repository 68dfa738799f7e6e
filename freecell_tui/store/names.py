"""Slot names: what a player may call a save.

A name is 1 to 40 printable characters once spaces at either end are trimmed. *Printable* means
letters, digits, punctuation, symbols and spaces in any script (``Deal 1 "hard"``, ``Partie à
Noël ♥``, ``DROP TABLE slots;--`` are all fine); it excludes control characters (tabs, newlines,
escape sequences), invisible formatting characters and other separators than the plain space,
which is what :meth:`str.isprintable` checks. Names are stored as typed (in Unicode NFC) and
compared ignoring case, so ``Game`` and ``game`` cannot both exist.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from freecell_tui.store.errors import ErrorKind, StoreError

__all__ = ["MAX_NAME_LENGTH", "check_name", "name_key"]

MAX_NAME_LENGTH: Final = 40


def check_name(raw: str) -> str:
    """The name to store for ``raw`` (trimmed, NFC), or raise :class:`StoreError` (INVALID_NAME)
    saying exactly what is wrong with it."""
    name = unicodedata.normalize("NFC", raw).strip(" ")
    if not name:
        raise StoreError(ErrorKind.INVALID_NAME, "A slot name cannot be empty.")
    if len(name) > MAX_NAME_LENGTH:
        raise StoreError(
            ErrorKind.INVALID_NAME,
            f"A slot name has at most {MAX_NAME_LENGTH} characters; this one has {len(name):,}.",
        )
    for position, char in enumerate(name, start=1):
        if not char.isprintable():
            raise StoreError(
                ErrorKind.INVALID_NAME,
                f"A slot name can only hold printable characters (letters, digits, punctuation, "
                f"symbols, spaces); character {position} is {_describe(char)}.",
            )
    return name


def name_key(name: str) -> str:
    """The form two names are compared in: NFC then case-folded. A name that no save can have
    (lone surrogates, from bytes on the command line that are not UTF-8) keys to a text no
    stored name has: every character SQLite cannot store becomes NUL, which :func:`check_name`
    never lets into a name, so looking it up finds nothing."""
    key = unicodedata.normalize("NFC", name).casefold()
    if key.isprintable():
        return key
    return "".join("\0" if "\ud800" <= char <= "\udfff" else char for char in key)


def _describe(char: str) -> str:
    code = f"U+{ord(char):04X}"
    label = {"\t": "a tab", "\n": "a line break", "\r": "a carriage return", "\x1b": "an escape"}
    if char in label:
        return f"{label[char]} ({code})"
    try:
        return f"{unicodedata.name(char).lower()} ({code})"
    except ValueError:
        return f"a control character ({code})"
