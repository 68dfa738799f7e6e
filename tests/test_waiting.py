"""The tests' one wait (``tests/waiting.py``): the condition's answer, or a failure saying what
never came."""

from __future__ import annotations

import asyncio
import re
from itertools import count

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from .waiting import wait_for, wait_for_app


def test_a_wait_returns_what_the_condition_answered() -> None:
    looks = count(1)
    assert wait_for(lambda: [n] if (n := next(looks)) == 3 else None, "the third look") == [3]


def test_a_wait_that_never_ends_fails_saying_what_and_how_long() -> None:
    with pytest.raises(pytest.fail.Exception) as failed:
        wait_for(lambda: False, "the moon", 0.1, detail=lambda: "it was cloudy")
    assert re.fullmatch(
        r"waited \d+\.\d s for the moon; it never came \(it was cloudy\)", str(failed.value)
    )


class Words(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("before", id="words")


async def test_a_wait_in_the_app_lets_the_app_run_between_looks() -> None:
    app = Words()
    async with app.run_test(size=(30, 3)) as pilot:
        app.call_later(lambda: app.query_one("#words", Static).update("after"))
        words = app.query_one("#words", Static)
        assert (
            await wait_for_app(pilot, lambda: str(words.render()) == "after", "the words") is True
        )
        with pytest.raises(pytest.fail.Exception, match="for the end of the world; it never came"):
            await wait_for_app(pilot, lambda: None, "the end of the world", 0.1)


async def test_a_wait_with_no_app_lets_the_loops_other_tasks_run() -> None:
    done: list[int] = []

    async def later() -> None:
        await asyncio.sleep(0.01)
        done.append(1)

    task = asyncio.create_task(later())
    assert await wait_for_app(None, lambda: done, "the other task") == [1]
    await task
