"""``freecell-tui ARGS`` through its entry point (:func:`freecell_tui.cli.main`) in the test's own
process, for the tests of a command's output and exit code: starting a Python for each would
cost more than most commands do.

Its standard input is the bytes given, its standard output and error are captured, each a text
stream over bytes in UTF-8 as a pipe's is (``buffer`` is there, ``isatty()`` is false, there is
no ``fileno()``), and an exit through ``SystemExit`` (argparse's) gives its code. The environment
is the test's (its data folder and config file, ``tests/conftest.py``).

A test whose subject is the process itself still starts the program: signals, a terminal, real
pipes and descriptors, the interpreter's own encoding, what a start imports, a hang that only a
deadline on another process can stop.
"""

from __future__ import annotations

import io
import sys
from typing import NamedTuple

from freecell_tui.cli import main

__all__ = ["Ran", "run_main"]


class Ran(NamedTuple):
    """A finished command, named as :class:`subprocess.CompletedProcess` names it (a tuple:
    ``code, out, err = run_main(...)``)."""

    returncode: int
    stdout: str
    stderr: str


def _output(errors: str = "strict") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode("utf-8")


def run_main(*args: str, stdin: str | bytes = "") -> Ran:
    """Run ``freecell-tui ARGS`` with ``stdin`` on standard input; its exit code and output."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    source = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    out, err = _output(), _output("backslashreplace")  # as Python's own standard error
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = source, out, err
    try:
        code = main(list(args))
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 0 if exit.code is None else 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return Ran(code, _text(out), _text(err))
