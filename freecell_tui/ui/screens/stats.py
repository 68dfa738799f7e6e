"""The statistics screen: games played and won, win rate, streaks, and each deal's best time and
fewest moves against its par (where the solver found it); ``r`` resets them after asking."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Key
from textual.widgets import Button, DataTable, Label, Static

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.words import plural
from freecell_tui.store import Statistics, Store, StoreError, format_duration
from freecell_tui.ui.keys import bound_actions, run_bound_key
from freecell_tui.ui.screens.answer import OnceScreen
from freecell_tui.ui.screens.dialogs import ConfirmScreen, dialog_frame_css

__all__ = ["StatsScreen"]


class StatsScreen(OnceScreen[None]):
    """Statistics read from ``store``, each deal beside its par (``mode``, the game's, stands for
    games finished before their mode was recorded); closes with Escape."""

    DEFAULT_CSS = (
        dialog_frame_css("StatsScreen", width="76", padding="0 1")
        + """
    StatsScreen #figures { height: auto; margin: 1 0; }
    StatsScreen DataTable { height: auto; max-height: 14; }
    StatsScreen #message { height: auto; min-height: 1; margin-top: 1; }
    StatsScreen #message.-error { color: $text-error; }
    StatsScreen Horizontal { height: auto; margin-top: 1; }
    StatsScreen Button { margin-right: 1; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "reset", "Reset"),
        Binding("escape", "close", "Close"),
    ]
    _actions: ClassVar[dict[str, str]] = bound_actions(BINDINGS)

    async def take_key(self, event: Key) -> bool:
        """The screen's own keys decided as they are read (ui/keys.py): a key typed after the
        one that closes it reaches the screen below, in order."""
        return await run_bound_key(self, self._actions, event)

    def __init__(self, store: Store, mode: AutoplayMode = AutoplayMode.SAFE) -> None:
        super().__init__()
        self.store = store
        self.mode = mode
        self.stats: Statistics | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Statistics", classes="title")
            yield Static(id="figures")
            yield DataTable(id="deals", cursor_type="row", zebra_stripes=True)
            yield Static(id="message")
            with Horizontal():
                yield Button("Reset (r)", id="reset", variant="error")
                yield Button("Close (Esc)", id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#deals", DataTable).add_columns(
            "Deal", "Played", "Won", "Best time", "Fewest moves", "Par"
        )
        self.refresh_stats()
        self.query_one("#close", Button).focus()

    def refresh_stats(self) -> None:
        figures = self.query_one("#figures", Static)
        table = self.query_one("#deals", DataTable)
        table.clear()
        try:
            results = self.store.results.statistics(self.store.pars.all(), self.mode)
        except StoreError as error:
            self.say(error.message, error=True)
            return
        stats = self.stats = results.statistics
        help_line = "   ".join(
            text
            for count, text in (
                (stats.solved, f"Solved by the computer {stats.solved}"),
                (stats.won_with_hints, f"Won with hints {stats.won_with_hints}"),
            )
            if count
        )
        figures.update(
            Content(
                f"Played {stats.played}   Won {stats.won}   Lost {stats.lost}   "
                f"Win rate {stats.win_rate_text}\n"
                + (f"{help_line}\n" if help_line else "")
                + f"Current streak {stats.current_streak}   Best streak {stats.best_streak}"
            )
        )
        for deal in stats.deals:
            table.add_row(
                Text(deal.label),
                Text(str(deal.played), justify="right"),
                Text(str(deal.won), justify="right"),
                Text(format_duration(deal.best_seconds), justify="right"),
                Text("–" if deal.fewest_moves is None else str(deal.fewest_moves), justify="right"),
                Text("–" if deal.par is None else str(deal.par), justify="right"),
            )
        table.display = bool(stats.deals)
        if results.problems:
            self.say(" ".join(results.problems), error=True)
        elif not stats.played:
            self.say("No finished games yet: a game counts once it is won or left for a new one.")

    def say(self, message: str, *, error: bool = False) -> None:
        line = self.query_one("#message", Static)
        line.update(Content(message))
        line.set_class(error, "-error")

    def action_reset(self) -> None:
        played = self.stats.played if self.stats else 0
        if not played:
            self.say("There are no statistics to reset.")
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                self.say("Statistics kept.")
                return
            try:
                forgotten = self.store.results.reset()
            except StoreError as error:
                self.say(error.message, error=True)
                return
            self.refresh_stats()
            self.say(f"Statistics reset: {forgotten} finished games forgotten. Saves are kept.")

        games = plural(played, "finished game")
        self.app.push_screen(
            ConfirmScreen(
                "Reset the statistics?", f"Forget {games}? Saves are kept.", yes="Reset", no="Keep"
            ),
            answered,
        )

    def action_close(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "reset":
            self.action_reset()
        else:
            self.action_close()
