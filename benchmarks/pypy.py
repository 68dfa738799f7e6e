"""Run a benchmark script of this folder under PyPy, whose JIT runs the proof search about twice
as fast as CPython (deal 17857 with one free cell: 2.8–3.5 s against 6.6 s; the same positions).

    pypy3 benchmarks/pypy.py benchmarks/fewest_cells.py prove --jsonl proofs.jsonl --cells 1 \\
        --known cells.jsonl --timeout 900 --memory 10

Debian 12's ``pypy3`` (PyPy 7.3.11) speaks Python 3.9, and the package is written for 3.11. The
search's modules need only two things 3.9 lacks, given here before the script runs: ``dataclass``
with ``slots=`` and ``kw_only=`` (dropped: the classes are the same, only larger) and a
``sys.getsizeof`` that answers for a bytes object (PyPy's raises unless given a default; the
default is CPython's size of ``b""``, which only the portfolio's report of bytes a position
uses). Nothing else of the package is changed; a module that needs more of 3.11 fails to import.
PyPy's collector is set once, as it starts (:data:`GC_MAJOR_COLLECT`).
"""

from __future__ import annotations

import dataclasses
import os
import runpy
import sys
from pathlib import Path
from typing import Any, Final

_dataclass = dataclasses.dataclass


def _dataclass_39(cls: Any = None, /, **options: Any) -> Any:
    """``dataclasses.dataclass`` without the options Python 3.9 does not know."""
    options.pop("slots", None)
    options.pop("kw_only", None)
    if cls is None:
        return lambda later: _dataclass(later, **options)
    return _dataclass(cls, **options)


#: PyPy's collector runs a full collection once its heap has grown this much since the last
#: (PyPy's default is 1.82). The proof search's positions sit in a few large arrays, cheap to
#: collect, and a table that grows leaves the one it replaced to the collector: at 1.2 the
#: largest resident size of deal 9613 with one cell (11.6 million positions held) is 1.02 GB
#: against 1.30, for 4 % more CPU.
GC_MAJOR_COLLECT: Final = "1.2"


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: pypy3 benchmarks/pypy.py SCRIPT [ARGUMENT…]")
    if sys.implementation.name == "pypy" and "PYPY_GC_MAJOR_COLLECT" not in os.environ:
        # read only as PyPy starts: start again with it
        os.environ["PYPY_GC_MAJOR_COLLECT"] = GC_MAJOR_COLLECT
        os.execv(sys.executable, [sys.executable, *sys.argv])
    if sys.implementation.name == "pypy":
        dataclasses.dataclass = _dataclass_39  # type: ignore[assignment]
        getsizeof = sys.getsizeof
        sys.getsizeof = lambda thing, default=33: getsizeof(thing, default)  # type: ignore[assignment]
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main()
