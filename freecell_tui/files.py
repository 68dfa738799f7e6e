"""Reading the files a player hands the game, safely: never more than a cap, never forever.

Every text input (moves, boards, decks, settings, exports, standard input) is read through
here: at most ``limit + 1`` bytes, so ``/dev/zero`` or a 50 MB file is refused at once with a
clear message instead of filling memory; UTF-8 with an optional byte-order mark. Files the game
opens by itself (``settings.json``) must moreover be regular files: a FIFO, a device or a folder
in their place is reported instead of hanging the game (:func:`read_regular`).

Errors are :class:`InputError`, one line for the player.
"""

from __future__ import annotations

import os
import stat
from typing import Final, Protocol, TextIO

from freecell_tui.core.words import os_reason, printable

__all__ = [
    "TEXT_LIMIT",
    "InputError",
    "decode",
    "describe_kind",
    "read_capped",
    "read_input",
    "read_regular",
    "read_stream",
    "read_text",
    "size_text",
]

#: The most a text input (moves, a board, settings) may hold: far more than any real one.
TEXT_LIMIT: Final = 1_000_000
_CHUNK: Final = 65_536


class Readable(Protocol):
    """Anything with a binary ``read`` (a file, ``sys.stdin.buffer``, ``io.BytesIO``)."""

    def read(self, size: int = -1, /) -> bytes | None: ...


class InputError(ValueError):
    """An input that cannot be used; the message is one line for the player."""


def size_text(limit: int) -> str:
    """``1 MB``, ``4 MB``, ``500 kB``: a limit as a player reads it (decimal units)."""
    if limit >= 1_000_000 and limit % 1_000_000 == 0:
        return f"{limit // 1_000_000} MB"
    if limit >= 1000 and limit % 1000 == 0:
        return f"{limit // 1000} kB"
    return f"{limit:,} bytes"


def describe_kind(mode: int) -> str:
    """What a file that is not a regular file is: ``a FIFO``, ``a folder``, ``a device``…"""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _too_large(name: str, limit: int, what: str) -> InputError:
    return InputError(f"{name} is larger than {size_text(limit)}: too large to be {what}")


def read_stream(stream: Readable, limit: int, what: str, name: str = "standard input") -> bytes:
    """At most ``limit`` bytes of ``stream``; raises :class:`InputError` when there are more
    (only ``limit + 1`` bytes are ever read) or when reading fails."""
    chunks: list[bytes] = []
    size = 0
    try:
        while size <= limit:
            chunk = stream.read(min(_CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None
    if size > limit:
        raise _too_large(name, limit, what)
    return b"".join(chunks)


def read_input(stream: TextIO | None, limit: int, what: str) -> str:
    """The text of a text stream such as ``sys.stdin``, capped like :func:`read_stream`: the
    bytes under it when it has them (then decoded strictly, so bytes that are not UTF-8 are an
    :class:`InputError` whatever the locale), else its text. ``None`` (Python's ``sys.stdin``
    when the program was started with it closed) is an :class:`InputError`."""
    name = "standard input"
    if stream is None:
        raise InputError(f"cannot read {name}: it is closed")
    binary = getattr(stream, "buffer", None)
    if binary is not None:
        return decode(read_stream(binary, limit, what, name), name)
    try:
        text = stream.read(limit + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None
    if len(text) > limit:
        raise _too_large(name, limit, what)
    return text.removeprefix("\ufeff")


def read_capped(path: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """The bytes of the file at ``path`` (a pipe such as ``<(command)`` is fine), at most
    ``limit``; raises :class:`InputError` naming the file."""
    name = printable(os.fspath(path))
    try:
        with open(path, "rb") as handle:
            return read_stream(handle, limit, what, name)
    except OSError as error:
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None


def decode(raw: bytes, name: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); raises :class:`InputError`."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"cannot read {printable(name)}: it is not UTF-8 text") from None


def read_text(path: str | os.PathLike[str], limit: int, what: str) -> str:
    """:func:`read_capped` then :func:`decode`: the file's text, or :class:`InputError`."""
    return decode(read_capped(path, limit, what), os.fspath(path))


def read_regular(path: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """The bytes of a file the game opens by itself, which must be a regular file: it is
    opened without blocking and checked before any read, so a FIFO, a device, a socket or a
    folder in its place is an :class:`InputError` at once, never a hang. A missing file raises
    :class:`FileNotFoundError` (the caller decides what "none" means)."""
    name = printable(os.fspath(path))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        raise
    except OSError as error:
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None
    try:
        mode = os.fstat(descriptor).st_mode
    except OSError as error:
        os.close(descriptor)
        raise InputError(f"cannot read {name}: {os_reason(error)}") from None
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise InputError(f"{name} is {describe_kind(mode)}, not a file: it is not read")
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        return read_stream(handle, limit, what, name)
