"""``serve``'s page opened as ``/?deal=N`` or ``/?deal=CODE`` plays that deal: the page hands the
deal to its socket, and the game starts with ``--deal``. Anything else gets the normal game —
never an error page — and the token is still needed for all of it.

The games here are small scripts that note the arguments they were started with."""

from __future__ import annotations

import asyncio
import json
import urllib.parse
from pathlib import Path

import pytest

from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.store import Store
from freecell_tui.ui.web.server import MAX_DEAL_TEXT, served_deal

from ..store.helpers import one_from_won
from .helpers import Served, needs_textual_serve
from .tabs import TOKEN, Tab, eventually, playing, serving
from .test_server_guard import handshake_status, status_of

#: A game that notes its arguments, then quits at the first thing the server sends.
NOTED_ARGS = """
import json, sys
with open(sys.argv[0] + ".args", "a") as noted:
    noted.write(json.dumps(sys.argv[1:]) + "\\n")
print("__GANGLION__", flush=True)  # textual-serve's sign that an app started
sys.stdin.buffer.read(1)
"""

CODE = encode(Game.new(617).play(Move.parse("3a")))


def started_with(script: Path) -> list[list[str]]:
    """The arguments of each start of the noted game written so far: a line still being
    written (a long code's, no newline yet) is not one yet."""
    noted = Path(f"{script}.args")
    text = noted.read_text() if noted.exists() else ""
    return [json.loads(line) for line in text[: text.rfind("\n") + 1].splitlines()]


@pytest.fixture
def noted(tmp_path: Path) -> Path:
    needs_textual_serve()
    script = tmp_path / "noted game.py"
    script.write_text(NOTED_ARGS, encoding="utf-8")
    return script


@pytest.mark.parametrize(
    ("text", "deal"),
    [
        ("617", "617"),
        ("#1,234", "1234"),
        (" 0042 ", "42"),
        (CODE, CODE),
        (CODE[:20] + "\n" + CODE[20:], CODE),  # a code wrapped over lines, sent whole
        (encode(one_from_won()), encode(one_from_won())),  # a custom position's code
    ],
)
def test_a_deal_number_or_a_code_is_passed_on(text: str, deal: str) -> None:
    assert served_deal(text) == deal


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "0",
        "-5",
        "8589934592",  # one past the last deal
        "9" * 5000,
        "F1abcdef",  # a checksum that does not match
        CODE[:-1] + ("A" if CODE[-1] != "A" else "B"),
        CODE + "x" * MAX_DEAL_TEXT,  # too long to be read
        "617; rm -rf ~",
        "$(reboot)",
        "617 --data-dir /tmp",
        "'617'",
        "F1\x00",
        "١٢٣",  # Arabic-Indic digits are no deal number
    ],
)
def test_anything_else_gets_the_normal_game(text: str | None) -> None:
    assert served_deal(text) is None


async def test_the_page_opened_with_a_deal_plays_it(noted: Path) -> None:
    async with serving(noted) as served:
        for count, (asked, deal) in enumerate((("617", "617"), (CODE, CODE)), start=1):
            query = urllib.parse.urlencode({"token": TOKEN, "deal": asked})
            status, page, _ = await status_of(f"{served.base}?{query}")
            assert status == 200
            assert f'"/ws/{TOKEN}/deal/{deal}"' in page  # the page's socket asks for the deal
            async with Tab.open(f"ws{served.base[4:]}ws/{TOKEN}/deal/{deal}"):
                await eventually(lambda n=count: len(started_with(noted)) == n, "the game")
        assert started_with(noted) == [["--deal", "617"], ["--deal", CODE]]


async def test_a_bad_deal_gets_the_normal_game_never_an_error(noted: Path) -> None:
    async with serving(noted) as served:
        for asked in ("nonsense", "F1abcdef", "617; rm -rf ~", "9" * 5000):
            query = urllib.parse.urlencode({"token": TOKEN, "deal": asked})
            status, page, _ = await status_of(f"{served.base}?{query}")
            assert status == 200 and f'"/ws/{TOKEN}"' in page
        # A socket path written by hand is checked again: the normal game, no --deal.
        paths = ("0", "F1abcdef", urllib.parse.quote("617;reboot", safe=""))
        for count, path in enumerate(paths, start=1):
            async with Tab.open(f"ws{served.base[4:]}ws/{TOKEN}/deal/{path}"):
                await eventually(lambda n=count: len(started_with(noted)) == n, "the game")
        assert started_with(noted) == [[], [], []]


async def test_a_deal_needs_the_token_too(noted: Path) -> None:
    async with serving(noted) as served:
        status, text, _ = await status_of(f"{served.base}?deal=617")
        assert status == 403 and "617" not in text
        assert await handshake_status(f"ws{served.base[4:]}ws/not-the-token/deal/617") == 403
        assert started_with(noted) == []


async def test_a_served_game_opened_with_a_code_plays_its_deal(tmp_path: Path) -> None:
    needs_textual_serve()
    data = tmp_path / "data"
    with Served(data) as served:
        query = urllib.parse.urlencode({"token": served.token, "deal": CODE})
        status, page, _ = await status_of(f"{served.base}?{query}")
        path = f"/ws/{served.token}/deal/{CODE}"
        assert status == 200 and f'"{path}"' in page
        async with Tab.open(f"ws{served.base[4:]}{path[1:]}") as tab:
            await tab.settled()
            await tab.keys("3", "a")
            [(_owner, turns)] = await eventually(lambda: playing(data), "a move in the store")
            assert turns == ["3a"]
        await asyncio.to_thread(served.stop)
    opened = Store.open(data)
    saved = opened.store.autosaves.offer().saved
    opened.store.close()
    assert saved is not None and saved.game.deal_number == 617  # the code's deal, from its start
