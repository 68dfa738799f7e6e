"""Standard input and output that cannot crash a command.

* Output that cannot be written (a full disk, ``/dev/full``, an I/O error) stops the command with
  one line on standard error and exit :data:`EXIT_OUTPUT` (74, ``EX_IOERR`` of sysexits.h), not a
  traceback; a reader that went away (``| head``) stops it quietly with 0, as before
  (:class:`ReaderGone`: only standard output's reader; another pipe breaking is an error).
* Standard output closed (``>&-``) is the same error, found before the command does anything.
* Text that the terminal's encoding cannot show is written with backslash escapes instead of
  raising; bytes on standard input that are not valid in its encoding read as U+FFFD.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, Final, TextIO, cast

__all__ = ["EXIT_OUTPUT", "OutputFailed", "ReaderGone", "guarded_output", "quiet_output"]

#: The exit code of a command whose output could not be written.
EXIT_OUTPUT: Final = 74


class ReaderGone(BrokenPipeError):
    """Standard output's reader went away (``| head``): the output is over, not failed. (A
    broken pipe of another stream or process stays a plain ``BrokenPipeError``.)"""


class OutputFailed(Exception):
    """Writing standard output failed for another reason than a reader going away."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


class _Guarded:
    """A text stream whose write failures become :class:`OutputFailed`, or :class:`ReaderGone`
    when its reader went away; everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError as error:
            raise ReaderGone(error.errno, error.strerror) from None
        except OSError as error:
            raise OutputFailed(error) from None

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError as error:
            raise ReaderGone(error.errno, error.strerror) from None
        except OSError as error:
            raise OutputFailed(error) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _forgiving(stream: object, errors: str) -> None:
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, OSError, io.UnsupportedOperation):
            stream.reconfigure(errors=errors)


@contextlib.contextmanager
def guarded_output() -> Iterator[None]:
    """Standard output guarded as :class:`_Guarded` for the ``with`` block (restored after),
    standard output's encoding errors escaped and standard input's replaced."""
    _forgiving(sys.stdout, "backslashreplace")
    _forgiving(sys.stdin, "replace")
    original = sys.stdout
    sys.stdout = cast(TextIO, _Guarded(original))
    try:
        yield
    finally:
        sys.stdout = original


def quiet_output() -> None:
    """After a failed write: send whatever is still buffered for standard output to the null
    device, so the interpreter's last flush cannot fail again (and print a traceback of its
    own, or exit 120)."""
    stream = sys.stdout
    try:
        descriptor = stream.fileno()
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, descriptor)
        os.close(null)
