"""``freecell-tui serve`` in a real browser: Debian's Chromium, headless, driven by selenium through
Debian's chromedriver. Keys and a mouse drag play a move, and the move is in the store.

The terminal is drawn on a canvas, so the tests read the saved game, not the page. Each keeps a
screenshot in its temporary folder for a person to look at (``pytest --basetemp=DIR`` puts them
somewhere known). Skipped without chromium and chromedriver (``apt-get install chromium
chromium-driver``), selenium or textual-serve.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from freecell_tui.core.cards import Card
from freecell_tui.store import Store

from .helpers import (
    AWKWARD_NAME,
    CHROMIUM_FLAGS,
    MEASURE,
    Served,
    autosaves,
    needs_textual_serve,
    wait_for,
)

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    chromedriver = shutil.which("chromedriver")
    if browser is None or chromedriver is None:
        pytest.skip(
            "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        )
    needs_textual_serve()
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    # The driver's path is given, so Selenium Manager never looks for one (nor downloads one).
    service = webdriver.ChromeService(executable_path=chromedriver)
    driver = webdriver.Chrome(service=service, options=options)
    try:
        yield driver
    finally:
        driver.quit()


@dataclass(frozen=True)
class Terminal:
    """The page's terminal: where it is, its cell size in CSS pixels, its size in cells."""

    left: float
    top: float
    cell_width: float
    cell_height: float
    columns: int
    rows: int

    def pixel(self, x: int, y: int) -> tuple[int, int]:
        """The middle of the cell at column ``x``, row ``y``, in the page."""
        return (
            round(self.left + (x + 0.5) * self.cell_width),
            round(self.top + (y + 0.5) * self.cell_height),
        )


def open_game(driver: WebDriver, url: str) -> Terminal:
    """Open the page and wait until the game has drawn on it and the terminal has its size."""
    driver.get(url)
    wait_for(
        lambda: "-first-byte" in (driver.execute_script("return document.body.className") or ""),
        "game drawn in the page",
    )
    return wait_for(lambda: measure(driver), "terminal measured in whole cells")


def measure(driver: WebDriver) -> Terminal | None:
    left, top, width, height, cell_width, cell_height = driver.execute_script(MEASURE)
    if not (cell_width and cell_height):
        return None  # xterm.js sizes its input box after the first drawing
    columns, rows = round(width / cell_width), round(height / cell_height)
    if abs(columns * cell_width - width) > 0.5 or abs(rows * cell_height - height) > 0.5:
        return None
    return Terminal(left, top, cell_width, cell_height, columns, rows)


def moves_played(data_dir: Path) -> list[str] | None:
    """The turns of the game in progress, once one is saved with a move."""
    games = [turns for _, turns in autosaves(data_dir) if turns]
    return games[0] if games else None


def stop_and_load(served: Served, data_dir: Path) -> Card | None:
    """Stop the server (Ctrl+C) and read what free cell a holds in the game it kept."""
    code, _, err = served.stop()
    assert (code, err) == (0, "")
    opened = Store.open(data_dir)
    saved = opened.store.autosaves.offer().saved
    opened.store.close()
    assert saved is not None
    return saved.game.state.cells[0]


def test_keys_in_the_browser_play_a_move_that_is_saved(chromium: WebDriver, tmp_path: Path) -> None:
    data = tmp_path / AWKWARD_NAME
    with Served(data, "--deal", "1") as served:
        open_game(chromium, served.url)
        resources = chromium.execute_script(
            "return performance.getEntriesByType('resource').map(entry => entry.name)"
        )
        assert [name for name in resources if not name.startswith(served.base)] == []
        chromium.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        from selenium.webdriver import ActionChains

        ActionChains(chromium).send_keys("3").send_keys("a").perform()
        assert wait_for(lambda: moves_played(data), "move in the store") == ["3a"]
        chromium.save_screenshot(str(tmp_path / "deal-1-after-3a-typed.png"))
        assert stop_and_load(served, data) == Card.parse("2H")


def test_keys_play_as_soon_as_the_page_opens_without_a_click(
    chromium: WebDriver, tmp_path: Path
) -> None:
    """Issue 24: the page takes the keyboard when it opens."""
    from selenium.webdriver import ActionChains

    data = tmp_path / "saves"
    with Served(data, "--deal", "1") as served:
        open_game(chromium, served.url)
        wait_for(
            lambda: chromium.execute_script(
                "return document.activeElement.classList.contains('xterm-helper-textarea')"
            ),
            "the terminal focused",
        )
        ActionChains(chromium).send_keys("3").send_keys("a").perform()  # no click first
        assert wait_for(lambda: moves_played(data), "move in the store") == ["3a"]
        assert stop_and_load(served, data) == Card.parse("2H")


def test_the_page_without_the_token_is_refused(chromium: WebDriver, tmp_path: Path) -> None:
    with Served(tmp_path / "saves") as served:
        chromium.delete_all_cookies()
        chromium.get(served.base)
        text = chromium.find_element("tag name", "body").text
        assert text.startswith("This address needs the token that freecell-tui serve printed")
        assert autosaves(tmp_path / "saves") == []


def test_the_token_reaches_no_other_server_on_this_computer(
    chromium: WebDriver, tmp_path: Path
) -> None:
    """Issue 40: a browser keeps cookies per host, not per port, so a token in a cookie went to
    every other server on 127.0.0.1. Another server there hears from the page (a request of its
    script, with credentials) and from the browser (opened in the tab): never the token."""
    heard: list[str] = []

    class Recorder(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            heard.append(f"{self.requestline}\n{self.headers}")
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(b"another server\n")

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    other = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    elsewhere = f"http://127.0.0.1:{other.server_port}"
    try:
        with Served(tmp_path / "saves") as served:
            open_game(chromium, served.url)
            chromium.execute_script(
                f"fetch('{elsewhere}/from-the-page', {{mode: 'no-cors', credentials: 'include'}})"
            )
            wait_for(lambda: heard, "the page's request to the other server")
            chromium.get(f"{elsewhere}/opened-in-the-tab")
            wait_for(
                lambda: any("/opened-in-the-tab" in request for request in heard),
                "the tab's request to the other server",
            )
            cookies = chromium.get_cookies()
            token = served.token
    finally:
        other.shutdown()
        other.server_close()
    lines = {request.split("\n")[0] for request in heard}  # and the tab's /favicon.ico
    assert {"GET /from-the-page HTTP/1.1", "GET /opened-in-the-tab HTTP/1.1"} <= lines
    assert [request for request in heard if token in request] == []
    assert [cookie for cookie in cookies if token in str(cookie)] == []


async def _deal_1_points(size: tuple[int, int], data_dir: Path) -> tuple[tuple[int, int], ...]:
    """Where deal 1 shows column 3's top card and free cell a, in cells, at this terminal size:
    the same game laid out by Pilot."""
    from freecell_tui.ui.app import FreeCellApp

    app = FreeCellApp(deal=1, data_dir=data_dir)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        column = app.screen.query_one("#col-3")
        lines = [column.render_line(y).text for y in range(column.region.height)]
        bottom = max(y for y, line in enumerate(lines) if line.strip())  # the top card's border
        card = (column.region.x + column.region.width // 2, column.region.y + bottom - 1)
        cell = app.screen.query_one("#cell-a").region.center
    return card, cell


def test_a_mouse_drag_in_the_browser_plays_a_move_that_is_saved(
    chromium: WebDriver, tmp_path: Path
) -> None:
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    data = tmp_path / "saves"
    with Served(data, "--deal", "1") as served:
        terminal = open_game(chromium, served.url)
        size = (terminal.columns, terminal.rows)
        card, cell = asyncio.run(_deal_1_points(size, tmp_path / "layout"))
        (x0, y0), (x1, y1) = terminal.pixel(*card), terminal.pixel(*cell)
        actions = ActionBuilder(chromium, duration=50)
        mouse = actions.pointer_action
        mouse.move_to_location(x0, y0).pointer_down()
        for step in range(1, 6):
            mouse.move_to_location(x0 + (x1 - x0) * step // 5, y0 + (y1 - y0) * step // 5)
        mouse.pointer_up()
        actions.perform()
        assert wait_for(lambda: moves_played(data), "move in the store") == ["3a"]
        chromium.save_screenshot(str(tmp_path / "deal-1-after-dragging-2H-to-a.png"))
        assert stop_and_load(served, data) == Card.parse("2H")


def test_the_page_opened_with_a_deal_plays_that_deal(chromium: WebDriver, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with Served(data) as served:
        open_game(chromium, f"{served.url}&deal=617")
        chromium.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        from selenium.webdriver import ActionChains

        ActionChains(chromium).send_keys("3").send_keys("a").perform()
        assert wait_for(lambda: moves_played(data), "move in the store") == ["3a"]
        chromium.save_screenshot(str(tmp_path / "deal-617-after-3a-typed.png"))
        code, _, err = served.stop()
    assert (code, err) == (0, "")
    opened = Store.open(data)
    saved = opened.store.autosaves.offer().saved
    opened.store.close()
    assert saved is not None and saved.game.deal_number == 617


def test_the_page_opened_with_a_game_code_opens_the_viewer(
    chromium: WebDriver, tmp_path: Path
) -> None:
    """``/?game=CODE``: the viewer on the code's game; two → and t play on from its second
    move, and the game played on is saved with those two moves."""
    from selenium.webdriver import ActionChains
    from selenium.webdriver.common.keys import Keys

    from freecell_tui.core.codes import encode
    from freecell_tui.core.game import Game
    from freecell_tui.core.notation import Move

    watched = Game.new(617)
    for move in ("3a", "3b", "3c"):
        watched = watched.play(Move.parse(move))
    data = tmp_path / "data"
    with Served(data) as served:
        open_game(chromium, f"{served.url}&game={encode(watched)}")
        chromium.execute_script("document.querySelector('.xterm-helper-textarea').focus()")
        ActionChains(chromium).send_keys(Keys.ARROW_RIGHT).send_keys(Keys.ARROW_RIGHT).perform()
        ActionChains(chromium).send_keys("t").perform()
        assert wait_for(lambda: moves_played(data), "the game played on") == ["3a", "3b"]
        chromium.save_screenshot(str(tmp_path / "617-played-on-from-move-2.png"))
        code, _, err = served.stop()
    assert (code, err) == (0, "")
