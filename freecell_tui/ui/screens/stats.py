"""The statistics screen: the figures (the rows of :func:`~freecell_tui.store.stats.
statistics_rows`, as the command line's ``stats`` shows them), the latest results and moves
over par drawn (:class:`~freecell_tui.ui.widgets.results_chart.ResultsChart`), and each deal's
best time and fewest moves against its par (where the solver found it); ``r`` resets them after
asking. ``s`` shows the game code of the highlighted deal's latest game, as ``:share`` does:
the first row, highlighted when the screen opens, is the deal played last; ``g`` (or ``Enter`` on
a row) lists that deal's finished games, to share or watch any of them
(:class:`~freecell_tui.ui.screens.deal_games.DealGamesScreen`); ``w`` watches the latest in the
viewer (``t`` there closes the statistics and plays on from the move shown). Each game (classic
FreeCell, Eight Off, ...) has statistics of its own: the screen shows one game's, named in its
title when it is not classic FreeCell, and ``v`` goes on to the next game with finished games."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.events import Resize
from textual.message import Message
from textual.widgets import Button, DataTable, Label, Static

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import plural
from freecell_tui.store import Statistics, Store, StoreError, format_duration
from freecell_tui.store.stats import (
    NO_GAMES,
    DealStats,
    GameResult,
    statistics_rows,
    wins_by_band_text,
)
from freecell_tui.ui.keys import key_buttons
from freecell_tui.ui.screens.answer import OnceScreen
from freecell_tui.ui.screens.deal_games import DealGamesScreen, deal_games, when
from freecell_tui.ui.screens.dialogs import CodeScreen, ConfirmScreen, dialog_frame_css
from freecell_tui.ui.screens.viewer import watch_from
from freecell_tui.ui.widgets.results_chart import ResultsChart

__all__ = ["StatsBox", "StatsScreen", "figure_columns", "latest_game"]

#: The most and the fewest lines the deals' table takes (its header included).
MAX_TABLE = 14
MIN_TABLE = 3


class StatsBox(Vertical):
    """The dialog's box; says when its size or the size of what it holds changed (Textual's
    ``Resize`` stays with the widget), so the screen can fit the deals' table."""

    class Resized(Message):
        pass

    def on_resize(self) -> None:
        self.post_message(self.Resized())


def figure_columns(rows: tuple[tuple[str, str], ...]) -> str:
    """The (label, value) rows in two columns, the first half on the left, values aligned."""
    half = (len(rows) + 1) // 2
    columns = [rows[:half], rows[half:]]
    texts = []
    for column in columns:
        label = max((len(name) for name, _ in column), default=0)
        value = max((len(figure) for _, figure in column), default=0)
        texts.append([f"{name:<{label}}  {figure:>{value}}" for name, figure in column])
    left, right = texts
    right += [""] * (len(left) - len(right))
    return "\n".join(f"{a}    {b}".rstrip() for a, b in zip(left, right, strict=True))


def latest_game(
    games: tuple[GameResult, ...],
    deal: DealStats,
    doing: str = "share",
    variant: Variant = FREECELL,
) -> Game | str:
    """The latest of ``games`` (oldest first) played on ``deal``'s row of ``variant``'s
    statistics, read from its code; or why it cannot be shared (``doing``: or watched)."""
    mine = deal_games(games, deal, variant)
    if not mine:
        return f"No finished game of {deal.label} is left to {doing}."
    latest = mine[0]
    game = latest.game()
    if isinstance(game, str):
        return f"The latest game of {deal.label} ({when(latest)}) {game}."
    return game


class StatsScreen(OnceScreen[Game | None]):
    """Statistics of ``variant``'s game read from ``store``, each deal beside its par (``mode``,
    the game's, stands for games finished before their mode was recorded); closes with
    Escape."""

    DEFAULT_CSS = (
        dialog_frame_css("StatsScreen", width="76", padding="0 1")
        + """
    StatsScreen #figures { height: auto; margin: 1 0; }
    StatsScreen ResultsChart { margin-bottom: 1; }
    StatsScreen DataTable { height: auto; max-height: 14; }
    StatsScreen #message { height: auto; min-height: 1; margin-top: 1; }
    StatsScreen #message.-error { color: $text-error; }
    StatsScreen #buttons {
        layout: grid;
        grid-size: 3;
        grid-gutter: 0 1;
        grid-rows: 1;
        height: auto;
        margin-top: 1;
    }
    StatsScreen #buttons Button { width: 100%; }
    """
    )
    #: The screen's keys, each with its button (in this order).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "share", "Share"),
        Binding("g", "games", "Games"),
        Binding("w", "watch", "Watch"),
        Binding("v", "next_game", "Next game"),
        Binding("r", "reset", "Reset"),
        Binding("escape", "close", "Close"),
    ]

    def __init__(
        self,
        store: Store,
        mode: AutoplayMode = AutoplayMode.SAFE,
        ascii: bool = False,
        variant: Variant = FREECELL,
        *,
        then: Callable[[Game | None], None] | None = None,
    ) -> None:
        super().__init__(then=then)
        self.store = store
        self.mode = mode
        self.variant = variant
        #: Whether the title names the game: always once the player went from game to game
        #: (``v``), else for every game but classic FreeCell.
        self._named = not variant.is_classic
        self.ascii = ascii
        self.stats: Statistics | None = None

    def compose(self) -> ComposeResult:
        with StatsBox(id="dialog"):
            yield Label(self._title(), classes="title", id="title")
            yield Static(id="figures")
            yield ResultsChart(ascii=self.ascii, id="chart")
            yield DataTable(id="deals", cursor_type="row", zebra_stripes=True)
            yield Static(id="message")
            with Container(id="buttons"):
                yield from key_buttons(self.BINDINGS, {"reset": "error", "close": "primary"})

    def on_mount(self) -> None:
        self.query_one("#deals", DataTable).add_columns(
            "Deal", "Played", "Won", "Best time", "Fewest moves", "Par"
        )
        self.refresh_stats()
        self.query_one("#close", Button).focus()

    @on(Resize)
    def _fit_at_new_size(self) -> None:  # beside TinyDialog's own resize handler
        self.call_after_refresh(self.fit_table)

    def on_stats_box_resized(self) -> None:
        self.fit_table()

    def fit_table(self) -> None:
        """The deals' table takes the rows the dialog has left on the screen, up to
        ``MAX_TABLE`` (it scrolls the rest), so the buttons are always in sight. Run whenever
        the box or what it holds changes size: each step it takes changes it again, until the
        table fits."""
        try:
            box = self.query_one("#dialog", StatsBox)
            table = self.query_one("#deals", DataTable)
            buttons = self.query_one("#buttons", Container)
        except NoMatches:  # closing: a fit asked for by a last resize finds its widgets gone
            return
        if not table.display:
            return
        limit = table.styles.max_height
        now = int(limit.value) if limit is not None else MAX_TABLE
        bottom = buttons.virtual_region_with_margin.bottom
        over = bottom - box.scrollable_content_region.height
        spare = self.size.height - box.outer_size.height
        height = table.outer_size.height
        if over > 0:
            wanted = max(MIN_TABLE, height - over)
        elif spare > 0 and height >= now:  # room on the screen, and the table uses all it may
            wanted = min(MAX_TABLE, now + spare)
        else:
            return
        if wanted != now:
            table.styles.max_height = wanted

    def _title(self) -> str:
        return f"Statistics: {self.variant.name}" if self._named else "Statistics"

    def action_next_game(self) -> None:
        """The statistics of the next game with finished games (classic FreeCell first)."""
        try:
            games = self.store.results.variants()
        except StoreError as error:
            self.say(error.message, error=True)
            return
        if games == (self.variant,) or not games:
            self.say(f"Only {self.variant.name} has statistics so far.")
            return
        at = games.index(self.variant) if self.variant in games else -1
        self.variant = games[(at + 1) % len(games)]
        self._named = True
        self.query_one("#title", Label).update(self._title())
        self.refresh_stats()

    def refresh_stats(self) -> None:
        figures = self.query_one("#figures", Static)
        table = self.query_one("#deals", DataTable)
        table.clear()
        try:
            pars = self.store.pars.all(self.variant)
            results = self.store.results.statistics(pars, self.mode, variant=self.variant)
        except StoreError as error:
            self.say(error.message, error=True)
            return
        stats = self.stats = results.statistics
        text = figure_columns(statistics_rows(stats))
        if any(count for _, count in stats.wins_by_band):
            text += f"\nWins by difficulty: {wins_by_band_text(stats)}"
        figures.update(Content(text))
        self.query_one("#chart", ResultsChart).show(stats.recent, stats.over_par)
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
        try:
            others = (
                " v: another game's statistics."
                if self.store.results.variants() != (self.variant,)
                else ""
            )
        except StoreError:
            others = ""
        if results.problems:
            self.say(" ".join(results.problems), error=True)
        elif not stats.played:
            self.say(NO_GAMES + others)
        else:
            self.say("s: latest game's code. w: watch it. g: all the deal's games." + others)

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
                forgotten = self.store.results.reset(self.variant)
            except StoreError as error:
                self.say(error.message, error=True)
                return
            self.refresh_stats()
            which = "" if self.variant.is_classic else f" of {self.variant.name}"
            self.say(
                f"Statistics{which} reset: {forgotten} finished games forgotten. Saves are kept."
            )

        games = plural(played, "finished game")
        self.app.push_screen(
            ConfirmScreen(
                f"Reset the statistics{'' if self.variant.is_classic else ' of '}"
                f"{'' if self.variant.is_classic else self.variant.name}?",
                f"Forget {games}? Saves are kept.",
                yes="Reset",
                no="Keep",
            ),
            answered,
        )

    def _highlighted(self, doing: str) -> tuple[DealStats, tuple[GameResult, ...]] | None:
        """The highlighted deal and every finished game (oldest first); ``None`` after saying
        why there is none."""
        table = self.query_one("#deals", DataTable)
        deals = self.stats.deals if self.stats else ()
        if not 0 <= table.cursor_row < len(deals) or not table.display:
            self.say(f"There is no finished game to {doing}.", error=True)
            return None
        try:
            games = self.store.results.all().items
        except StoreError as error:
            self.say(error.message, error=True)
            return None
        return deals[table.cursor_row], games

    def _latest(self, doing: str) -> Game | None:
        """The highlighted deal's latest finished game, or ``None`` after saying why not."""
        found = self._highlighted(doing)
        if found is None:
            return None
        game = latest_game(found[1], found[0], doing, self.variant)
        if isinstance(game, str):
            self.say(game, error=True)
            return None
        return game

    def action_share(self) -> None:
        """The highlighted deal's latest game as a game code, shown and copied."""
        game = self._latest("share")
        if game is not None:
            self.app.push_screen(CodeScreen(game))

    def action_watch(self) -> None:
        """The highlighted deal's latest game in the viewer; ``t`` there plays on from a move
        (the statistics close, and the game screen plays on)."""
        game = self._latest("watch")
        if game is not None:
            watch_from(self, game, self.dismiss, review=True)

    def action_games(self) -> None:
        """The highlighted deal's finished games, latest first, to share any of them."""
        found = self._highlighted("share")
        if found is None:
            return
        deal, games = found
        mine = deal_games(games, deal, self.variant)
        if not mine:
            self.say(f"No finished game of {deal.label} is left to share.", error=True)
            return
        self.app.push_screen(DealGamesScreen(deal, mine, then=self._played_on))

    @on(DataTable.RowSelected, "#deals")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self.app.screen is not self:  # chosen before a dialog opened over this screen
            return
        self.action_games()

    def _played_on(self, game: Game | None) -> None:
        """A game watched from the deal's games, to play on from: the game screen plays it."""
        if game is not None:
            self.dismiss(game)

    def action_close(self) -> None:
        self.dismiss(None)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.app.screen is not self:  # chosen before a dialog opened over this screen
            return
        if event.button.id:
            await self.run_action(event.button.id)
