"""How many workers ``pytest`` (``-n auto``) starts: two more than the cores, so that workers
waiting (for the app to be idle, a timer, a program it started) leave no core idle."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from .conftest import pytest_xdist_auto_num_workers, usable_cores


def config(numprocesses: str) -> pytest.Config:
    return cast(pytest.Config, SimpleNamespace(option=SimpleNamespace(numprocesses=numprocesses)))


def test_auto_starts_two_workers_more_than_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    assert pytest_xdist_auto_num_workers(config("auto")) == usable_cores() + 2


def test_xdists_own_counts_are_left_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    assert pytest_xdist_auto_num_workers(config("logical")) is None  # xdist counts
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "2")
    assert pytest_xdist_auto_num_workers(config("auto")) is None  # xdist reads it
