"""``serve``'s page opened as ``/?game=CODE`` opens the viewer on that game code: the page hands
the code to its socket (``/ws/TOKEN/game/CODE``) and the game starts as ``watch CODE``. A code
that does not read gets a page that says why in one line (no game is started, no traceback);
a socket path written by hand with a bad code gets the normal game.

The games here are small scripts that note the arguments they were started with."""

from __future__ import annotations

import html
import urllib.parse
from pathlib import Path

import pytest

from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.ui.web.server import MAX_DEAL_TEXT, served_game

from ..core.long_games import longest_code_game
from .tabs import TOKEN, Tab, eventually, serving
from .test_deal_link import noted, started_with  # noqa: F401 (a fixture)
from .test_server_guard import handshake_status, status_of

CODE = encode(Game.new(617).play(Move.parse("3a")).play(Move.parse("3b")))
#: The code with one character changed: its checksum refuses it.
MISTYPED = CODE[:-3] + ("A" if CODE[-3] != "A" else "B") + CODE[-2:]


def test_a_code_that_reads_is_passed_on_whole() -> None:
    assert served_game(CODE) == (CODE, "")
    assert served_game(f" {CODE[:10]}\n{CODE[10:]} ") == (CODE, "")


@pytest.mark.parametrize(
    "text", [MISTYPED, "", "617", "<script>alert(1)</script>", "F1" + "a" * (MAX_DEAL_TEXT + 1)]
)
def test_anything_else_says_why_in_one_line(text: str) -> None:
    code, why = served_game(text)
    assert code is None and why and "\n" not in why


async def test_the_page_opened_with_a_game_opens_the_viewer(noted: Path) -> None:  # noqa: F811
    async with serving(noted) as served:
        query = urllib.parse.urlencode({"token": TOKEN, "game": CODE})
        status, page, _ = await status_of(f"{served.base}?{query}")
        assert status == 200
        assert f'"/ws/{TOKEN}/game/{CODE}"' in page  # the page's socket asks for the game
        async with Tab.open(f"ws{served.base[4:]}ws/{TOKEN}/game/{CODE}"):
            await eventually(lambda: len(started_with(noted)) == 1, "the game")
        assert started_with(noted) == [["watch", CODE]]


async def test_the_longest_code_opens_the_viewer(noted: Path) -> None:  # noqa: F811
    """The longest code the game gives fits the page's address and its socket's path: each
    request line, and the Referer a browser sends with the page's address (with a token as long
    as serve's own, 32 characters), is read whole by the server."""
    code = encode(longest_code_game())
    assert served_game(code) == (code, "")
    async with serving(noted) as served:
        query = urllib.parse.urlencode({"token": TOKEN, "game": code, "fontsize": 16})
        page_address = f"{served.base}?{query}".replace(TOKEN, "t" * 32)
        status, page, _ = await status_of(f"{served.base}?{query}", Referer=page_address)
        assert status == 200
        assert f'"/ws/{TOKEN}/game/{code}"' in page
        async with Tab.open(f"ws{served.base[4:]}ws/{TOKEN}/game/{code}", Referer=page_address):
            await eventually(lambda: len(started_with(noted)) == 1, "the game")
        assert started_with(noted) == [["watch", code]]


async def test_a_bad_game_gets_one_clear_line_and_no_game(noted: Path) -> None:  # noqa: F811
    async with serving(noted) as served:
        for asked in (MISTYPED, "nonsense", "<b>617</b>"):
            query = urllib.parse.urlencode({"token": TOKEN, "game": asked})
            status, page, _ = await status_of(f"{served.base}?{query}")
            assert status == 400 and "Traceback" not in page
            _, why = served_game(asked)
            assert f'<p id="why">{html.escape(why)}</p>' in page
            assert "<b>" not in page  # what was asked is never written into the page as is
            # Its way to play goes with the token (no cookie carries it).
            assert f'<a href="/?token={TOKEN}">' in page
        # A socket path written by hand is checked again: the normal game, not the viewer.
        async with Tab.open(f"ws{served.base[4:]}ws/{TOKEN}/game/{MISTYPED}"):
            await eventually(lambda: len(started_with(noted)) == 1, "the game")
        assert started_with(noted) == [[]]


async def test_a_game_needs_the_token_too(noted: Path) -> None:  # noqa: F811
    async with serving(noted) as served:
        status, text, _ = await status_of(f"{served.base}?game={CODE}")
        assert status == 403 and CODE not in text
        assert await handshake_status(f"ws{served.base[4:]}ws/not-the-token/game/{CODE}") == 403
        assert started_with(noted) == []
