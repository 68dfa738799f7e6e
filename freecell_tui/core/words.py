"""Small pieces of player-facing English shared by the core, the store and the command line.

One place so that every message counts and explains failures the same way, and so that text a
player (or a hand-edited file) supplied is always shown the same safe way.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ASCII_TEXT",
    "ascii_text",
    "deal_label",
    "deal_phrase",
    "os_reason",
    "plural",
    "printable",
    "quoted",
    "shorten",
]

#: What a player who asked for ASCII (``--ascii``) reads instead of suit symbols and
#: typographic signs, in every text of both front ends.
ASCII_TEXT: Final = str.maketrans(
    {
        "♣": "C",
        "♦": "D",
        "♥": "H",
        "♠": "S",
        "–": "-",
        "×": "x",
        "—": "-",
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "…": "...",
        "−": "-",
        "≤": "<=",
        "→": "->",
        "←": "<-",
        "↑": "^",
        "↓": "v",
    }
)

#: How much of a player's text an error message repeats.
ECHO_LIMIT: Final = 40


def plural(count: int, word: str) -> str:
    """``1 move``, ``2 moves``, ``0 moves``: a count with its noun (regular plurals only)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def ascii_text(text: str) -> str:
    """``text`` as :data:`ASCII_TEXT` has it: ``3 (2H) -> ?`` for ``3 (2♥) → ?``."""
    return text.translate(ASCII_TEXT)


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
    """``text`` safe to print on a terminal: every character that is not printable (control
    characters such as ``ESC``, line breaks, tabs, invisible formatting characters such as bidi
    overrides, lone surrogates from undecodable bytes) is shown as an escape, ``\\x1b``,
    ``\\n``, ``\\u202e``, never sent raw. Printable text, any script, comes back unchanged."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis shows the cut), so that a message that
    repeats what a player typed stays one readable line however long the input was."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: str, limit: int = ECHO_LIMIT) -> str:
    """A player's text for a message: shortened, then quoted with escapes as :func:`repr`
    does (``'18vfffff…'``)."""
    return repr(shorten(text, limit))
