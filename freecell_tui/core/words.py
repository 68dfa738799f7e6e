"""Small pieces of player-facing English shared by the core, the store and the command line.

One place so that every message counts and explains failures the same way.
"""

from __future__ import annotations

__all__ = ["deal_label", "deal_phrase", "os_reason", "plural", "printable"]


def plural(count: int, word: str) -> str:
    """``1 move``, ``2 moves``, ``0 moves``: a count with its noun (regular plurals only)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def deal_label(deal_number: int | None) -> str:
    """``#1234`` for a numbered deal, ``custom`` for a game started from a position."""
    return f"#{deal_number}" if deal_number is not None else "custom"


def deal_phrase(deal_number: int | None) -> str:
    """``deal 617`` or ``a custom position``: what a game was dealt from, in a sentence."""
    return f"deal {deal_number}" if deal_number is not None else "a custom position"


def os_reason(error: BaseException) -> str:
    """Why reading or writing a file failed, in lower-case words for the end of a sentence:
    ``no such file or directory``, ``is a directory``, ``it is not UTF-8 text``."""
    if isinstance(error, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error)


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: control characters (escape sequences, line breaks,
    tabs) and other unprintable characters are shown as escapes (``\\x1b``), never sent raw."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
