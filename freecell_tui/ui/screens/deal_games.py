"""The finished games of one deal, to share any of them: the statistics screen opens it on a
deal's row (Enter, a click on a chosen row, or ``g``). One row a game, latest first — when it
finished, its result, its moves and its time — and ``s`` or Enter on a row (or a click on the
highlighted row) shows that game's code (copied, as ``:share`` does); ``w`` watches it in the
viewer (reviewed as it opens; ``t`` there plays on from a move: the statistics close and the game
screen plays on, the answer handed to ``then``); Escape goes back to the statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, DataTable, Label, Static

from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store import format_duration
from freecell_tui.store.stats import DealStats, GameResult, Result
from freecell_tui.ui.screens.answer import OnceScreen
from freecell_tui.ui.screens.dialogs import CodeScreen, dialog_frame_css
from freecell_tui.ui.screens.viewer import watch_from

__all__ = ["DealGamesScreen", "deal_games", "when"]

#: A result as a row shows it (the statistics' words: a game left unfinished is lost).
_RESULT_WORDS: dict[Result, str] = {Result.WON: "won", Result.SOLVED: "solved", Result.LEFT: "lost"}


def deal_games(
    games: tuple[GameResult, ...], deal: DealStats, variant: Variant = FREECELL
) -> tuple[GameResult, ...]:
    """The games of ``games`` (oldest first) played on ``deal``'s row of ``variant``'s
    statistics, latest first. A custom position's row holds the games of one position: the one
    its latest game was played on."""
    mine = [g for g in games if g.deal_number == deal.deal_number and g.variant == variant]
    if deal.deal_number is None:
        latest = [game for game in mine if game.finished_at == deal.last_played]
        if latest:
            mine = [game for game in mine if game.position == latest[-1].position]
    return tuple(reversed(mine))


def when(game: GameResult) -> str:
    """When ``game`` finished, in the player's time: ``2026-11-26 14:03``."""
    return game.finished_at.astimezone().strftime("%Y-%m-%d %H:%M")


def _result_text(game: GameResult) -> str:
    words = _RESULT_WORDS[game.result]
    return f"{words}, daily {game.daily.day.isoformat()}" if game.daily is not None else words


class DealGamesScreen(OnceScreen[Game]):
    """The finished games of ``deal`` (``games``, latest first), each one to share or watch;
    answers a watched game to play on from (``None``: closed)."""

    DEFAULT_CSS = (
        dialog_frame_css("DealGamesScreen", width="64", padding="0 1")
        + """
    DealGamesScreen DataTable { height: auto; max-height: 12; margin-top: 1; }
    DealGamesScreen #games-message { height: auto; min-height: 1; margin-top: 1; }
    DealGamesScreen #games-message.-error { color: $text-error; }
    DealGamesScreen #games-buttons { height: auto; margin-top: 1; }
    DealGamesScreen Button { margin-right: 1; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "share", "Share"),
        Binding("w", "watch", "Watch"),
        Binding("escape", "close", "Back"),
    ]

    def __init__(
        self,
        deal: DealStats,
        games: tuple[GameResult, ...],
        *,
        then: Callable[[Game | None], None] | None = None,
    ) -> None:
        super().__init__(then=then)
        self.deal = deal
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(f"Games of {self.deal.label}", classes="title", markup=False)
            yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static(id="games-message")
            with Horizontal(id="games-buttons"):
                yield Button("Share (s)", id="share")
                yield Button("Watch (w)", id="watch")
                yield Button("Back (Esc)", id="back", variant="primary")

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        table.add_columns("Finished", "Result", "Moves", "Time")
        for game in self.games:
            table.add_row(
                Text(when(game)),
                Text(_result_text(game)),
                Text(str(game.move_count), justify="right"),
                Text(format_duration(game.elapsed_seconds), justify="right"),
            )
        table.focus()
        self.say("Latest first. s or Enter: the highlighted game as a code; w watches it.")

    def say(self, message: str, *, error: bool = False) -> None:
        line = self.query_one("#games-message", Static)
        line.update(Content(message))
        line.set_class(error, "-error")

    def _highlighted(self, doing: str) -> Game | None:
        """The highlighted game, or ``None`` after saying why there is none to ``doing``."""
        row = self.query_one("#games", DataTable).cursor_row
        if not 0 <= row < len(self.games):
            self.say(f"There is no finished game to {doing}.", error=True)
            return None
        chosen = self.games[row]
        game = chosen.game()
        if isinstance(game, str):
            self.say(f"The game of {self.deal.label} of {when(chosen)} {game}.", error=True)
            return None
        return game

    def action_share(self) -> None:
        """The highlighted game as a game code, shown and copied."""
        game = self._highlighted("share")
        if game is not None:
            self.app.push_screen(CodeScreen(game))

    def action_watch(self) -> None:
        """The highlighted game in the viewer, reviewed as it opens; ``t`` there plays on."""
        game = self._highlighted("watch")
        if game is not None:
            watch_from(self, game, self.dismiss, review=True)

    @on(DataTable.RowSelected, "#games")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self.app.screen is not self:  # chosen before a dialog opened over this screen
            return
        self.action_share()

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.app.screen is not self:  # chosen before a dialog opened over this screen
            return
        if event.button.id == "share":
            self.action_share()
        elif event.button.id == "watch":
            self.action_watch()
        else:
            self.action_close()
