"""Building the app for tests: a fixed deal, a frozen clock, no animations, a temporary data dir."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Pile
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.screens.game import GameScreen

SIZE = (100, 32)
COMPACT = (80, 24)


def make_app(
    data_dir: Path, deal: int = 1, start: Game | None = None, **options: object
) -> FreeCellApp:
    options.setdefault("clock", lambda: 0.0)  # a frozen clock unless the test brings its own
    app = FreeCellApp(deal=deal, data_dir=data_dir, start=start, **options)  # type: ignore[arg-type]
    app.animation_level = "none"
    return app


def board(app: FreeCellApp) -> GameScreen:
    return app.game_screen


def message(app: FreeCellApp) -> str:
    return board(app).message.text


def column(app: FreeCellApp, number: int) -> tuple[str, ...]:
    """Column ``number`` (1–8) as card codes, deepest first."""
    return tuple(card.code for card in board(app).game.state.columns[number - 1])


def pile(code: str) -> Pile:
    return Pile.parse(code)


class Clock:
    """A game clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
