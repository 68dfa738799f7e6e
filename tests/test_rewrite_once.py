"""The controller of a parallel run rewrites the test modules' asserts once, into pytest's own
cache, for the workers to read (``tests/rewrite_once.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc

from .rewrite_once import rewrite_for_workers


def test_each_test_module_is_rewritten_once_into_pytests_cache(
    pytestconfig: pytest.Config, tmp_path: Path
) -> None:
    (tmp_path / "test_sums.py").write_text("def test_sum():\n    assert 1 + 1 == 2\n")
    (tmp_path / "conftest.py").write_text("")
    (tmp_path / "helpers.py").write_text("VALUE = 1\n")  # not a test module: not rewritten
    assert rewrite_for_workers(pytestconfig, tmp_path) == 2
    cached = tmp_path / "__pycache__" / ("test_sums" + PYC_TAIL)
    code = _read_pyc(tmp_path / "test_sums.py", cached)
    assert code is not None  # what a worker's import reads instead of rewriting
    assert "@pytest_ar" in code.co_names  # rewritten: it imports pytest's assert helpers
    assert not (tmp_path / "__pycache__" / ("helpers" + PYC_TAIL)).exists()
    assert rewrite_for_workers(pytestconfig, tmp_path) == 0  # cached: nothing to do
