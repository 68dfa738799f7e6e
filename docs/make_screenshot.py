"""Remake docs/screenshot.svg, the README's picture: the real game, headless at 100x32, playing
Microsoft deal 1 with the first moves of the solver's solution played and a card picked up (its
destinations lit). The clock is frozen, motion and the background searches are off and the data
folder is a new temporary one, so the picture is the same on every run and every machine;
tests/test_docs.py draws it again and fails when the game no longer looks like it.

Run from the checkout: ``python docs/make_screenshot.py``.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import replace
from pathlib import Path

from freecell_tui.ui.app import FreeCellApp

SCREENSHOT = Path(__file__).resolve().parent / "screenshot.svg"
SIZE = (100, 32)
DEAL = 1
#: The first moves of the solver's solution of deal 1 (``freecell-tui solve 1``), then column
#: 6's run picked up: the columns it may go to light up.
KEYS = "6a6b7b767c8632a36"


async def screenshot() -> str:
    """The picture, as SVG text."""
    with tempfile.TemporaryDirectory() as data_dir:
        app = FreeCellApp(  # the first game's card is for players, not the picture
            deal=DEAL, data_dir=data_dir, clock=lambda: 0.0, par_seconds=None, intro=False
        )
        app.animation_level = "none"
        app.settings = replace(app.settings, winnability_check=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press(*KEYS)
            await pilot.pause()
            return app.export_screenshot(title="freecell-tui")


def main() -> None:
    SCREENSHOT.write_text(asyncio.run(screenshot()), encoding="utf-8")
    print(f"wrote {SCREENSHOT}")


if __name__ == "__main__":
    main()
