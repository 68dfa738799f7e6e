"""How long a browser takes to show the board: ``freecell-tui serve`` in Debian's headless Chromium.

For each run a fresh page load (each starts its own game process, as a new tab does) is timed in
the page, from the start of navigation (``performance.now()``):

- *page loaded*: the page's load event (the page, xterm.css, textual.js, the font);
- *first screen bytes*: the game's first output reaches the page (``body.-first-byte``);
- *board drawn*: the first animation frame whose canvas shows all eight columns' cards (the
  pixel in the middle of each column's first card differs from the screen's background),
  positions taken from the same game laid out by Pilot at the page's terminal size.

Run by hand (needs the web extra, selenium, ``apt-get install chromium chromium-driver``):
``python benchmarks/web_first_paint.py [--runs N]``. It prints the median, lowest and highest of
each. The figures depend on the machine's load: the game process starting (Python, Textual, the
store) is most of the time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from selenium import webdriver

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from freecell_tui.ui.app import FreeCellApp  # noqa: E402
from tests.web.helpers import CHROMIUM_FLAGS, MEASURE  # noqa: E402

T = TypeVar("T")


#: Installed before each page's own scripts: records when the first bytes and the board arrive.
DETECTOR = """
window.__paint = {};
new MutationObserver(() => {
  if (!__paint.firstByte && document.body && document.body.classList.contains("-first-byte")) {
    __paint.firstByte = performance.now();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"]});
const POINTS = %(points)s, BACKGROUND = %(background)s;
function poll() {
  const canvas = document.querySelector(".xterm-text-layer");
  if (canvas) {
    const context = canvas.getContext("2d");
    const pixel = ([x, y]) => context.getImageData(x, y, 1, 1).data;
    const back = pixel(BACKGROUND);
    const differs = (p) => p[3] > 0 && (p[0] !== back[0] || p[1] !== back[1] || p[2] !== back[2]);
    if (back[3] > 0 && POINTS.every((point) => differs(pixel(point)))) {
      __paint.board = performance.now();
      return;
    }
  }
  requestAnimationFrame(poll);
}
requestAnimationFrame(poll);
"""

RESULTS = """
const navigation = performance.getEntriesByType("navigation")[0];
return [navigation.loadEventEnd, __paint.firstByte, __paint.board];
"""


def wait(check: Callable[[], T | None], what: str, timeout: float = 60.0) -> T:
    deadline = time.monotonic() + timeout
    while not (answer := check()):
        if time.monotonic() > deadline:
            raise SystemExit(f"no {what} after {timeout:g} s")
        time.sleep(0.02)
    return answer


def terminal(driver: webdriver.Chrome) -> tuple[float, float, float, float, int, int] | None:
    left, top, width, height, cell_width, cell_height = driver.execute_script(MEASURE)
    if not (cell_width and cell_height):
        return None
    columns, rows = round(width / cell_width), round(height / cell_height)
    if abs(columns * cell_width - width) > 0.5 or abs(rows * cell_height - height) > 0.5:
        return None
    return left, top, cell_width, cell_height, columns, rows


async def column_cells(size: tuple[int, int], data_dir: str) -> list[tuple[int, int]]:
    """The cell in the middle of each column's first card, deal 1, at this terminal size."""
    app = FreeCellApp(deal=1, data_dir=data_dir)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        regions = [app.screen.query_one(f"#col-{n}").region for n in range(1, 9)]
    return [(region.x + region.width // 2, region.y + 1) for region in regions]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    folder = Path(tempfile.mkdtemp(prefix="web-first-paint-"))
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "freecell_tui", "serve", "--port", str(port), "--deal", "1",
         "--data-dir", str(folder / "saves")],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    wait(lambda: _answers(url), "server")
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={folder / 'profile'}"):
        options.add_argument(flag)
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    try:
        driver.get(url)  # a first load, to measure the terminal and warm the disk cache
        left, top, cell_width, cell_height, columns, rows = wait(lambda: terminal(driver), "size")
        cells = asyncio.run(column_cells((columns, rows), str(folder / "layout")))

        def pixel(x: int, y: int) -> list[int]:
            return [round(left + (x + 0.5) * cell_width), round(top + (y + 0.5) * cell_height)]

        points = [pixel(x, y) for x, y in cells]
        background = pixel(0, cells[0][1])
        source = DETECTOR % {"points": json.dumps(points), "background": json.dumps(background)}
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})
        figures: list[tuple[float, float, float]] = []
        for _ in range(runs):
            driver.get("about:blank")  # the previous tab's game quits
            driver.get(url)
            wait(lambda: driver.execute_script("return window.__paint.board"), "board")
            load, first_bytes, board = driver.execute_script(RESULTS)
            figures.append((load, first_bytes, board))
    finally:
        driver.quit()
        server.send_signal(signal.SIGINT)
        server.wait()
    print(f"{runs} page loads, terminal {columns}x{rows}, ms from the start of navigation:")
    for name, values in zip(
        ("page loaded", "first screen bytes", "board drawn"),
        zip(*figures, strict=True),
        strict=True,
    ):
        print(
            f"  {name:<20} median {statistics.median(values):7.0f}"
            f"   lowest {min(values):7.0f}   highest {max(values):7.0f}"
        )


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


if __name__ == "__main__":
    main()
