"""The test modules' asserts are rewritten once for a parallel run, not once in every worker.

pytest rewrites the asserts of each test module (``test_*.py``, ``conftest.py``) as it imports
it, and keeps the result in a ``__pycache__`` file that later runs read. On a fresh clone there
is none yet: each worker of an xdist run rewrites every module itself, all at the same time (some
2.5 s of one core each, against 0.2 s for a plain compile). Here the controller writes the cached
files before it starts the workers, through pytest's own rewrite and cache writer, which the
workers then read as a second run would. What a test runs is the same: pytest's rewritten code,
from pytest's cache. Checked on pytest 8.4; a pytest without these functions, or a folder that
cannot be written, leaves the rewriting to the workers as before.
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

import pytest


def rewrite_for_workers(config: pytest.Config, folder: Path) -> int:
    """Rewrite and cache the test modules under ``folder`` that have no valid cached rewrite;
    how many were written."""
    try:
        from _pytest.assertion import rewrite
        from _pytest.assertion.rewrite import (
            PYC_TAIL,
            _read_pyc,
            _rewrite_test,
            _write_pyc,
            assertstate_key,
            get_cache_dir,
        )
    except ImportError:
        return 0
    state = config.stash.get(assertstate_key, None)
    if state is None or not hasattr(rewrite, "try_makedirs"):  # asserts not rewritten here
        return 0
    patterns = [*config.getini("python_files"), "conftest.py"]
    written = 0
    for source in sorted(folder.rglob("*.py")):
        if not any(fnmatch(source.name, pattern) for pattern in patterns):
            continue
        cache = get_cache_dir(source)
        pyc = cache / (source.name[:-3] + PYC_TAIL)
        if _read_pyc(source, pyc) is not None or not rewrite.try_makedirs(cache):
            continue
        stat, code = _rewrite_test(source, config)
        written += _write_pyc(state, code, stat, pyc)
    return written
