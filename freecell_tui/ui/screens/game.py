"""The game screen: the board, and the one place that decides what keys, clicks and commands do.

It owns the core :class:`Game` in one reactive, :attr:`GameScreen.game`. Every change of the game
goes through :meth:`GameScreen.set_game`, which updates the piles that changed, writes the message
line and posts :class:`GameChanged` (autosave listens there). Text commands (the ``:`` line) go
through :meth:`GameScreen.run_command` and the table :attr:`GameScreen.commands`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key, MouseDown, Resize
from textual.geometry import Size
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Static

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Suit
from freecell_tui.core.commands import ActionCommand, MoveCommand, parse_command
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move, Pile
from freecell_tui.core.rules import describe_move
from freecell_tui.core.words import deal_label, plural
from freecell_tui.store import SavedGame, Store, StoreError
from freecell_tui.ui.assistant import Assistant, DealFound, HintMark, SolverAnswer
from freecell_tui.ui.messages import (
    GameChanged,
    PileClicked,
    PileDragStarted,
    PileDropped,
    PileHovered,
    SettingChanged,
)
from freecell_tui.ui.selection import (
    Selection,
    legal_destinations,
    movable_run,
    move_for,
    quick_move,
    select_card,
    select_pile,
    shown_count,
)
from freecell_tui.ui.widgets.command_line import CommandLine
from freecell_tui.ui.widgets.piles import CellWidget, ColumnWidget, FoundationWidget, PileWidget
from freecell_tui.ui.widgets.status import MessageLine, StatusLine, format_elapsed

__all__ = ["COMPACT_SIZE", "FULL_HEIGHT", "GameScreen", "pile_layout"]

#: The smallest terminal the board fits (the compact layout, one line per card).
COMPACT_SIZE = Size(64, 24)
#: From this height on, top cards are drawn as small cards (19-card columns still fit).
FULL_HEIGHT = 29
#: Blank columns between two piles of a row.
PILE_GAP = 1


def pile_layout(width: int) -> tuple[int, int]:
    """For a terminal ``width`` columns wide: (every pile's width, the left margin of each row).

    Eight piles a row, all the same width, one blank column between two; what is left over goes
    to the outer margins (the larger half on the left), so the board is centred and even.
    """
    pile = max((width - 7 * PILE_GAP) // 8, 1)
    spare = max(width - 8 * pile - 7 * PILE_GAP, 0)
    return pile, (spare + 1) // 2


#: The keyboard cursor's rows: free cells and foundations, then the columns (8 places each).
_TOP_ROW: tuple[Pile, ...] = (*CELLS, FOUNDATION, FOUNDATION, FOUNDATION, FOUNDATION)

CommandHandler = Callable[[ActionCommand], None]


def _on_off(words: list[str]) -> bool | None:
    """``on`` / ``off`` (also ``yes`` / ``no``) as a bool; ``None`` for anything else."""
    word = words[0].lower() if len(words) == 1 else ""
    if word in ("on", "yes"):
        return True
    if word in ("off", "no"):
        return False
    return None


def _pile_bindings() -> list[BindingType]:
    keys = "12345678abcdh"
    return [Binding(key, f"pile('{key}')", f"pile {key}", show=False) for key in keys]


class GameScreen(Screen[None]):
    """The board with its status lines, footer and command line."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *_pile_bindings(),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("left", "cursor(0, -1)", "Cursor left", show=False),
        Binding("right", "cursor(0, 1)", "Cursor right", show=False),
        Binding("up", "cursor(-1, 0)", "Cursor up", show=False),
        Binding("down", "cursor(1, 0)", "Cursor down", show=False),
        Binding("space,enter", "cursor_act", "Pick up/drop", show=False),
        Binding("f", "quick", "Home/cell"),
        Binding("plus,equals_sign", "count(1)", "More cards", show=False),
        Binding("minus", "count(-1)", "Fewer cards", show=False),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("r", "restart", "Restart"),
        Binding("n,f2", "new_game", "New"),
        Binding("s,ctrl+s", "saves", "Saves", show=False),
        Binding("t,f4", "stats", "Statistics", show=False),
        Binding("i", "hint", "Hint"),
        Binding("p", "solve", "Auto-solve", show=False),
        Binding("colon", "command_line", "Command"),
        Binding("question_mark,f1", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]

    game: reactive[Game] = reactive(lambda: Game.new(1), init=False, repaint=False)
    """The game being played. Change it only through :meth:`set_game`. (The screen's reactives do
    not repaint the screen: the piles they change repaint themselves, which is much cheaper.)"""
    selection: reactive[Selection | None] = reactive(None, repaint=False)
    """The picked-up card or run."""
    cursor: reactive[tuple[int, int] | None] = reactive(None, repaint=False)
    """The keyboard cursor as (row, place): row 0 cells and foundations, row 1 the columns."""
    four_colour: reactive[bool] = reactive(False, repaint=False)
    ascii: reactive[bool] = reactive(False, repaint=False)
    hint: reactive[HintMark | None] = reactive(None, repaint=False)
    """The hinted move's source and destination, highlighted until the game changes."""

    status = getters.query_one("#status", StatusLine)
    message = getters.query_one("#message", MessageLine)
    command_line = getters.query_one("#command", CommandLine)

    def __init__(
        self,
        game: Game,
        *,
        ascii: bool = False,
        four_colour: bool = False,
        clock: Callable[[], float] = time.monotonic,
        store: Store | None = None,
        elapsed: float = 0.0,
    ) -> None:
        super().__init__()
        self.set_reactive(GameScreen.game, game)
        self.set_reactive(GameScreen.ascii, ascii)
        self.set_reactive(GameScreen.four_colour, four_colour)
        self._clock = clock
        #: Where saves and statistics live (the app's); ``None`` leaves the save screen out.
        self.store = store
        self._elapsed_before = elapsed
        self._since: float | None = clock()
        #: Why the clock waits (see :meth:`pause_clock`); it runs only when nothing holds it.
        self._holds: set[str] = set()
        self._outcome = game.outcome
        self._targets: frozenset[Pile] = frozenset()
        self._hover: tuple[Pile, int | None] | None = None
        #: Clicks on the board since it was last shown again (see :meth:`on_pile_clicked`).
        self._clicks_since_resume = 0
        self._ticker: Timer | None = None
        self._piles: dict[Pile, PileWidget] = {}
        self._foundations: dict[Suit, FoundationWidget] = {}
        #: ``:`` commands by action name (see :mod:`freecell_tui.core.commands`).
        self.commands: dict[str, CommandHandler] = {
            "help": lambda _: self.action_help(),
            "quit": lambda _: self.action_quit(),
            "undo": lambda _: self.action_undo(),
            "redo": lambda _: self.action_redo(),
            "restart": lambda _: self.action_restart(),
            "new": lambda _: self.action_new_game(),
            "deal": self._command_deal,
            "autoplay": self._command_autoplay,
            "saves": lambda _: self.action_saves(),
            "stats": lambda _: self.action_stats(),
            "klondike": lambda _: self.action_klondike(),
            "save": self._command_save,
            "load": self._command_load,
        }
        #: The solver on the board: hints, the winnability check, auto-solve, winnable deals.
        self.assistant = Assistant(self)
        self.commands["hint"] = lambda _: self.action_hint()
        self.commands["solve"] = lambda _: self.action_solve()
        #: Board settings typed on the command line (``winnable on``), by their first word; the
        #: handler gets the words after it. The core parser does not know them.
        self.settings: dict[str, Callable[[list[str]], None]] = {
            "winnable": self._setting_winnable,
            "deals": self._setting_deals,
            "speed": self._setting_speed,
        }

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical(id="board"):
            with Horizontal(id="top"):
                for cell in CELLS:
                    self._piles[cell] = CellWidget(cell, id=f"cell-{cell.code}")
                    yield self._piles[cell]
                for suit in Suit:
                    foundation = FoundationWidget(suit, FOUNDATION, id=f"home-{suit.letter}")
                    self._foundations[suit] = foundation
                    yield foundation
            with Horizontal(id="tableau"):
                for column in COLUMNS:
                    self._piles[column] = ColumnWidget(column, id=f"col-{column.code}")
                    yield self._piles[column]
        yield Static(id="too-small", markup=False)
        yield StatusLine(id="status")
        yield MessageLine(id="message")
        yield CommandLine(id="command")
        yield Footer()

    def on_mount(self) -> None:
        for widget in self._all_pile_widgets():
            widget.ascii = self.ascii
            widget.four_colour = self.four_colour
        self._show_game(self.game)
        self._fit(self.app.size)
        deal = self.game.deal_number
        self.message.say(
            (f"Deal {deal}. " if deal is not None else "")
            + "Type a source then a destination (3a, 18, 5h), click or drag cards; ? for help."
        )
        self._ticker = self.set_interval(1.0, self._tick)
        self.assistant.game_changed(self.game)

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Choose the full or compact layout, or ask for a bigger terminal."""
        too_small = size.width < COMPACT_SIZE.width or size.height < COMPACT_SIZE.height
        compact = size.height < FULL_HEIGHT
        self.set_class(too_small, "-too-small")
        self.set_class(compact, "-compact")
        if too_small:
            self.query_one("#too-small", Static).update(
                f"The board needs a terminal at least {COMPACT_SIZE.width}×{COMPACT_SIZE.height}; "
                f"this one is {size.width}×{size.height}.\n\nMake the terminal bigger (or the "
                "font smaller): the game comes back as it was.\n\nq quits."
            )
        pile_width, margin = pile_layout(size.width)
        for row in self.query("#top, #tableau"):
            row.styles.padding = (0, 0, 0, margin)
        for widget in self._all_pile_widgets():
            widget.compact = compact
            widget.styles.width = pile_width

    def _all_pile_widgets(self) -> list[PileWidget]:
        return [*self._piles.values(), *self._foundations.values()]

    # ------------------------------------------------------------------ the one way to change the game
    def set_game(
        self, game: Game, said: str, *, tone: str = "info", elapsed: float | None = None
    ) -> None:
        """Replace the game (a move, undo, redo, restart, new deal) and say what happened.

        The board shows the new position at once; :class:`GameChanged` is posted (autosave hooks
        there); a win or a position with no legal move opens its notice. ``elapsed`` is given for
        a stored game taken up again (resumed or loaded): its clock goes on from there, and the
        game it replaces counts as set aside, not left.
        """
        old = self.game
        replaced: Game | None = None
        replaced_elapsed = 0.0
        if elapsed is not None:
            self._elapsed_before = elapsed
            self._since = None if self._holds else self._clock()
            self._outcome = Outcome.PLAYING
        elif game.start is not old.start or game.deal_number != old.deal_number:
            replaced, replaced_elapsed = old, self.elapsed
            self._elapsed_before = 0.0
            self._since = None if self._holds else self._clock()
        self.selection = None
        self.hint = None
        self.game = game
        self.message.say(said, tone)
        self.post_message(
            GameChanged(
                game,
                said,
                elapsed=self.elapsed,
                replaced=replaced,
                replaced_elapsed=replaced_elapsed,
                resumed=elapsed is not None,
            )
        )
        outcome = game.outcome
        if outcome is not self._outcome:
            self._outcome = outcome
            if outcome is Outcome.WON:
                self._stop_clock()
                self._show_win()
            elif outcome is Outcome.STUCK:
                self._show_stuck()
        if outcome is Outcome.PLAYING and self._since is None and not self._holds:
            self._since = self._clock()
        self.assistant.game_changed(game)

    def watch_game(self, game: Game) -> None:
        # The footer keeps Undo / Redo lit even when there is nothing to undo (pressing them
        # says so): dimming them would rebuild the footer on many moves, which is slow.
        self._show_game(game)

    def _show_game(self, game: Game) -> None:
        """Hand every pile its cards: only piles whose cards changed redraw."""
        state = game.state
        for column in COLUMNS:
            self._piles[column].cards = state.columns[column.index]
        for cell in CELLS:
            card = state.cells[cell.index]
            self._piles[cell].cards = (card,) if card is not None else ()
        for suit, widget in self._foundations.items():
            top = state.foundation_top(suit)
            widget.cards = (top,) if top is not None else ()
        self._update_highlights()
        self._update_status()

    def _update_status(self) -> None:
        game = self.game
        status = self.status
        status.deal = deal_label(game.deal_number)
        status.moves = game.move_count
        status.elapsed = self.elapsed
        status.autoplay = str(game.autoplay)
        # A run is at most 13 cards (king to ace): past that the formula's figure means nothing.
        status.run_limit = min(game.state.max_run(), 13)
        status.pending = self._pending_text()

    def _pending_text(self) -> str:
        selection = self.selection
        if selection is None:
            return ""
        state = self.game.state
        count = shown_count(state, selection)
        source = selection.pile
        if source.is_column and count > 1:
            column = state.columns[source.index]
            return (
                f"{source.code} ({column[-count]}–{column[-1]}, {count} cards; +/− to change) → ?"
            )
        card = state.top(source)
        return f"{source.code} ({card}) → ?"

    @property
    def elapsed(self) -> float:
        """Seconds played in this game (the clock stops on a win)."""
        running = self._clock() - self._since if self._since is not None else 0.0
        return self._elapsed_before + running

    def _stop_clock(self) -> None:
        self._elapsed_before = self.elapsed
        self._since = None

    @property
    def clock_running(self) -> bool:
        """Play time is being counted (the game is on and nothing holds the clock)."""
        return self._since is not None

    def pause_clock(self, why: str = "away") -> None:
        """Stop counting play time while the player is away from the board: ``why`` names the
        reason ("start" before the resume prompt is answered, "covered" while another screen is
        over the board). The clock waits until every reason is gone (:meth:`resume_clock`)."""
        self._stop_clock()
        self._holds.add(why)
        self._tick()

    def resume_clock(self, why: str = "away") -> None:
        """Count play time again once no reason of :meth:`pause_clock` is left (never once the
        game is won)."""
        self._holds.discard(why)
        if not self._holds and self._since is None and self.game.outcome is not Outcome.WON:
            self._since = self._clock()

    def on_screen_suspend(self) -> None:
        """A screen opens over the board (saves, statistics, help, a question, Klondike, the
        command palette): the player is not playing, the clock waits."""
        self.pause_clock("covered")

    def _tick(self) -> None:
        if self.is_mounted:
            self.status.elapsed = self.elapsed

    # ------------------------------------------------------------------ highlights
    def watch_selection(self) -> None:
        selection = self.selection
        self._targets = (
            legal_destinations(self.game.state, selection) if selection is not None else frozenset()
        )
        self._update_highlights()
        self.status.pending = self._pending_text()

    def watch_cursor(self) -> None:
        self._update_highlights()

    def watch_hint(self) -> None:
        self._update_highlights()

    def watch_four_colour(self, four_colour: bool) -> None:
        for widget in self._all_pile_widgets():
            widget.four_colour = four_colour
        self.post_message(SettingChanged("four_colour", four_colour))

    def watch_ascii(self, ascii: bool) -> None:
        for widget in self._all_pile_widgets():
            widget.ascii = ascii

    def _cursor_pile(self) -> Pile | None:
        if self.cursor is None:
            return None
        row, place = self.cursor
        return _TOP_ROW[place] if row == 0 else COLUMNS[place]

    def _update_highlights(self) -> None:
        """Set selected / target / hover / cursor on every pile (unchanged ones do not redraw)."""
        state = self.game.state
        selection = self.selection
        selected_count = shown_count(state, selection) if selection is not None else 0
        cursor = self._cursor_pile()
        hover_pile, hover_count, hover_target = self._hover_effect()
        hint = self.hint
        for pile, widget in self._piles.items():
            widget.hint = hint.count if hint is not None and hint.source == pile else 0
            widget.hint_target = hint is not None and hint.dest == pile
            widget.selected = (
                selected_count if selection is not None and selection.pile == pile else 0
            )
            widget.target = pile in self._targets
            widget.cursor = cursor == pile
            widget.hovered = hover_count if hover_pile == pile else 0
            widget.hover_target = hover_target and hover_pile == pile
        home_target = FOUNDATION in self._targets
        for suit, widget in self._foundations.items():
            widget.hint_target = hint is not None and hint.suit is suit
            widget.target = home_target
            widget.cursor = cursor == FOUNDATION
            widget.hover_target = hover_target and hover_pile == FOUNDATION

    def _hover_effect(self) -> tuple[Pile | None, int, bool]:
        """Where a click at the mouse would act: (pile, cards it would pick up, drops there)."""
        if self._hover is None:
            return None, 0, False
        pile, index = self._hover
        if self.selection is not None:
            return pile, 0, pile in self._targets
        if index is None or pile.is_foundation:
            return pile, 0, False
        state = self.game.state
        try:
            picked = select_card(state, pile, index)
        except FreeCellError:
            return pile, 0, False
        return pile, shown_count(state, picked), False

    # ------------------------------------------------------------------ playing
    def say(self, text: str, tone: str = "info") -> None:
        """Write the message line (information, not a change of the game)."""
        self.message.say(text, tone)

    def refuse(self, reason: str) -> None:
        """A refused action: say why; the game does not change; what was picked up is put down."""
        self.selection = None
        self.message.say(reason, "error")
        self.app.bell()

    def pick(self, selection: Selection) -> None:
        """Pick up ``selection`` and say what the player can do with it."""
        self.selection = selection
        targets = " ".join(sorted(p.code for p in self._targets)) or "none"
        self.message.say(f"Picked up from {selection.pile.name}. It may go to: {targets}.")

    def play(self, move: Move, command: MoveCommand | None = None) -> bool:
        """Play ``move``; say what moved or why it was refused. True when it was played."""
        game = self.game
        try:
            if command is not None:
                command.check(game.state)
            said = describe_move(game.state, move)
            new = game.play(move)
        except FreeCellError as error:
            self.refuse(str(error))
            return False
        home = len(new.turns[-1].autoplay)
        if home:
            said += f"; autoplay sent {plural(home, 'card')} home"
        self.set_game(new, said)
        return True

    def drop(self, dest: Pile) -> None:
        """Drop what is picked up on ``dest``."""
        selection = self.selection
        if selection is None:
            return
        try:
            move = move_for(self.game.state, selection, dest)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.play(move)

    def cancel(self) -> None:
        if self.selection is not None:
            self.selection = None
            self.message.say("Put down.")

    def act_on(self, pile: Pile, index: int | None) -> None:
        """A click or a pile key: pick up from ``pile``, or drop on it, or put down."""
        selection = self.selection
        if selection is None:
            try:
                picked = (
                    select_card(self.game.state, pile, index)
                    if index is not None
                    else select_pile(self.game.state, pile)
                )
            except FreeCellError as error:
                self.refuse(str(error))
                return
            self.pick(picked)
        elif pile == selection.pile:
            self.cancel()
        else:
            self.drop(pile)

    def send_home_or_cell(self, pile: Pile) -> None:
        """The quick move: ``pile``'s top card home when it may go, else to a free cell."""
        try:
            move = quick_move(self.game.state, pile)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.play(move)

    # ------------------------------------------------------------------ mouse
    def on_screen_resume(self) -> None:
        """The board is on top again: clicks count afresh, the clock goes on."""
        self._clicks_since_resume = 0
        self.resume_clock("covered")

    def on_pile_clicked(self, message: PileClicked) -> None:
        self._clicks_since_resume += 1
        if message.chain > self._clicks_since_resume:
            # The double click began on a dialog that its first click closed (a save loaded by
            # clicking its row): the rest of it is not meant for the board.
            return
        if message.chain >= 2:
            state = self.game.state
            if message.pile.is_column and message.index is not None:
                column = state.columns[message.pile.index]
                if message.index != len(column) - 1:
                    self.refuse("only a column's top card can go home or to a free cell")
                    return
            self.selection = None
            self.send_home_or_cell(message.pile)
            return
        if message.pile.is_foundation and self.selection is None:
            self.refuse("cards never leave the foundations: pick a column or a free cell")
            return
        self.act_on(message.pile, message.index)

    def on_pile_drag_started(self, message: PileDragStarted) -> None:
        """A drag begins: the dragged cards are picked up (highlighted, named in the status
        line) and the piles they may go to light up while the mouse moves."""
        try:
            picked = select_card(self.game.state, message.source, message.index)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.selection = picked
        state = self.game.state
        count = shown_count(state, picked)
        top = state.top(message.source)
        if count > 1:
            deepest = state.columns[message.source.index][-count]
            what = f"{deepest}–{top} ({count} cards)"
        else:
            what = str(top)
        targets = " ".join(sorted(p.code for p in self._targets)) or "none"
        self.message.say(f"Dragging {what}: drop it on a pile. It may go to: {targets}.")

    def on_pile_dropped(self, message: PileDropped) -> None:
        if message.dest is None or message.dest == message.source:
            if self.selection is not None:
                self.selection = None
                self.message.say(
                    "Put down." if message.dest else "Dropped off the piles: put down."
                )
            return
        try:
            picked = select_card(self.game.state, message.source, message.index)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        self.selection = picked
        self.drop(message.dest)

    def on_pile_hovered(self, message: PileHovered) -> None:
        self._hover = (message.pile, message.index) if message.pile is not None else None
        self._update_highlights()

    # ------------------------------------------------------------------ keys
    def action_pile(self, code: str) -> None:
        """A notation key: the source, then the destination."""
        pile = Pile.parse(code)
        if pile.is_foundation and self.selection is None:
            self.refuse("h is a destination: first pick a column (1–8) or a free cell (a–d)")
            return
        self.act_on(pile, None)

    def action_cancel(self) -> None:
        if self.selection is not None:
            self.cancel()
        elif self.hint is not None:
            self.hint = None
        elif self.cursor is not None:
            self.cursor = None

    def action_cursor(self, rows: int, places: int) -> None:
        if self.cursor is None:
            start = self.selection.pile if self.selection is not None else COLUMNS[0]
            self.cursor = (1, start.index) if start.is_column else (0, start.index)
            return
        row, place = self.cursor
        row = max(0, min(1, row + rows))
        if row == 0 and place >= 4 and places:
            place = 3 if places < 0 else 4  # the four foundations are one place (h)
        else:
            place = max(0, min(7, place + places))
        self.cursor = (row, place)

    def action_cursor_act(self) -> None:
        pile = self._cursor_pile()
        if pile is None:
            self.action_cursor(0, 0)
            self.say("Arrows move the cursor; Space or Enter picks up and drops; f sends home.")
            return
        if pile.is_foundation and self.selection is None:
            self.refuse("cards never leave the foundations: pick a column or a free cell")
            return
        self.act_on(pile, None)

    def action_quick(self) -> None:
        pile = self.selection.pile if self.selection is not None else self._cursor_pile()
        if pile is None:
            self.refuse("pick a card first (1–8 or a–d, or the cursor), then f sends it home")
            return
        self.selection = None
        self.send_home_or_cell(pile)

    def action_count(self, step: int) -> None:
        """Change how many cards of a column are picked up (for a move to an empty column); while
        auto-solve plays, its speed."""
        if self.assistant.solving:
            self.assistant.change_pace(step)
            return
        selection = self.selection
        if selection is None or not selection.pile.is_column:
            self.refuse("+ and − change how many cards of a picked-up column move")
            return
        state = self.game.state
        most = max(movable_run(state, selection.pile.index), 1)
        count = max(1, min(most, shown_count(state, selection) + step))
        self.selection = Selection(selection.pile, count)
        self.say(
            f"{plural(count, 'card')} of {selection.pile.name} picked up "
            f"(at most {most} may move now)."
        )

    def action_undo(self) -> None:
        game = self.game
        if not game.can_undo:
            self.refuse("nothing to undo")
            return
        turn = game.turns[-1]
        self.set_game(game.undo(), f"Undid {turn.move}. ctrl+y redoes it.")

    def action_redo(self) -> None:
        game = self.game
        if not game.can_redo:
            self.refuse("nothing to redo")
            return
        turn = game.redo_tail[0]
        self.set_game(game.redo(), f"Redid {turn.move}.")

    def action_restart(self) -> None:
        game = self.game
        if not game.turns:
            self.refuse("this game is already at its start")
            return
        self.set_game(game.restart(), "Back to the start: ctrl+y replays your moves one by one.")

    def action_new_game(self, number: int | None = None) -> None:
        """A new game (a random deal, or ``number``); asks first when this one is under way."""
        if self.game.turns and self._outcome is not Outcome.WON:
            from freecell_tui.ui.screens.dialogs import ConfirmScreen

            deal = self.game.deal_number
            what = f"deal {deal}" if deal is not None else "this position"
            question = f"Start deal {number}?" if number is not None else "Start a new game?"

            def answered(yes: bool | None) -> None:
                if yes:
                    self.start_deal(number)
                else:
                    self.say("Carry on.")

            self.app.push_screen(
                ConfirmScreen(
                    question,
                    f"The game of {what} ({self.game.move_count} moves) will be left unfinished.",
                ),
                answered,
            )
            return
        self.start_deal(number)

    def start_deal(self, number: int | None = None) -> None:
        """Start deal ``number`` (random when ``None``) at once, keeping the autoplay mode. With
        "winnable deals only", a random deal is chosen by the solver first, in the background."""
        if number is None and self.assistant.winnable_only:
            self.assistant.find_deal()
            return
        number = number if number is not None else random_deal_number()
        self.cursor = None
        self.set_game(Game.new(number, autoplay=self.game.autoplay), f"Deal {number}. Good luck!")

    def action_help(self) -> None:
        from freecell_tui.ui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        self.app.exit()

    # ------------------------------------------------------------------ saves, statistics, Klondike
    def action_saves(self) -> None:
        """The save-slot screen: save this game under a name, load, rename, delete, export…"""
        if self.store is None:
            self.refuse("saves are not available in this window")
            return
        from freecell_tui.ui.screens.saves import SaveSlotsScreen

        self.selection = None
        self.app.push_screen(SaveSlotsScreen(self.store, self.game, self.elapsed), self.take_up)

    def take_up(self, saved: SavedGame | None) -> None:
        """Play ``saved`` (a loaded save or an unfinished game) from where it was, with its undo
        and redo history, autoplay mode and play time. The game being played is kept in the store
        as an unfinished game (set aside, not counted as left)."""
        if saved is None or self.store is None:
            return
        error = self.store.switch_to(saved)
        if error is not None:
            self.refuse(f"{error.message} Your game carries on.")
            return
        game = saved.game
        what = f"“{saved.name}”" if saved.name is not None else "the unfinished game"
        deal = f"deal {game.deal_number}" if game.deal_number is not None else "a custom position"
        moves = plural(game.move_count, "move")
        said = f"Loaded {what}: {deal}, {moves}."
        if self.game.is_started:
            said += " The game you were playing is kept: s lists it under the saves."
        self.cursor = None
        self.set_game(game, said, elapsed=saved.elapsed_seconds)

    def action_stats(self) -> None:
        if self.store is None:
            self.refuse("statistics are not available in this window")
            return
        from freecell_tui.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen(self.store))

    def action_klondike(self) -> None:
        """Watch the automatic Klondike player; this game's clock waits meanwhile (as under
        every screen over the board)."""
        from freecell_tui.ui.screens.klondike import KlondikeScreen

        self.selection = None
        self.app.push_screen(KlondikeScreen())

    def _command_save(self, command: ActionCommand) -> None:
        """``:save NAME``: save this game under a new name at once (the save screen overwrites)."""
        if self.store is None or command.name is None:
            self.refuse("saves are not available in this window")
            return
        try:
            slot = self.store.save_slot(command.name, self.game, self.elapsed)
        except StoreError as error:
            self.refuse(error.message)
            return
        self.say(f"Saved as “{slot.name}”. s opens the saves.")

    def _command_load(self, command: ActionCommand) -> None:
        """``:load NAME``: play a named save; this game is kept as an unfinished game."""
        if self.store is None or command.name is None:
            self.refuse("saves are not available in this window")
            return
        try:
            saved = self.store.load_slot(command.name)
        except StoreError as error:
            self.refuse(error.message)
            return
        self.take_up(saved)

    def action_command_line(self) -> None:
        self.selection = None
        self.add_class("-command")
        self.command_line.open()

    # ------------------------------------------------------------------ the command line
    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._close_command_line()
        if event.value.strip():
            self.run_command(event.value)

    def on_command_line_cancelled(self, event: CommandLine.Cancelled) -> None:
        event.stop()
        self._close_command_line()

    def _close_command_line(self) -> None:
        self.command_line.close()
        self.remove_class("-command")
        self.set_focus(None)

    def run_command(self, text: str) -> None:
        """Run one text command: a board setting (:attr:`settings`), a move, or an action looked
        up in :attr:`commands`."""
        words = text.split()
        setting = self.settings.get(words[0].lower()) if words else None
        if setting is not None:
            setting(words[1:])
            return
        try:
            command = parse_command(text)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        if isinstance(command, MoveCommand):
            self.play(command.move, command)
            return
        handler = self.commands.get(command.action)
        if handler is None:
            self.refuse(f"{command.action} is not available here")
            return
        handler(command)

    def _command_deal(self, command: ActionCommand) -> None:
        self.action_new_game(command.number)

    def _command_autoplay(self, command: ActionCommand) -> None:
        mode = command.mode or AutoplayMode.SAFE
        self.set_game(self.game.with_autoplay(mode), f"Autoplay {mode} from now on.")

    # ------------------------------------------------------------------ the solver
    def action_hint(self) -> None:
        """Highlight the next move of a solution from here (searched in the background)."""
        self.selection = None
        self.assistant.hint()

    def action_solve(self) -> None:
        """Auto-solve: play a solution from here at a pace a person can follow; again stops."""
        self.selection = None
        self.assistant.toggle_autosolve()

    def on_key(self, event: Key) -> None:
        # Before the key's binding runs: any key but auto-solve's own stops it.
        self.assistant.player_input(event.key)

    def on_mouse_down(self, event: MouseDown) -> None:
        self.assistant.player_input(None)

    def on_solver_answer(self, message: SolverAnswer) -> None:
        self.assistant.answer(message)

    def on_deal_found(self, message: DealFound) -> None:
        self.assistant.deal_found(message)

    def _setting_winnable(self, words: list[str]) -> None:
        """``:winnable on|off``: the winnability check in the status line."""
        switch = _on_off(words)
        if switch is None:
            state = "on" if self.assistant.check else "off"
            self.refuse(f"winnable: say winnable on or winnable off (it is {state})")
            return
        self.assistant.set_check(switch)

    def _setting_deals(self, words: list[str]) -> None:
        """``:deals winnable|any``: which deals a new random game may get."""
        choice = words[0].lower() if len(words) == 1 else ""
        if choice not in ("winnable", "any", "all"):
            state = "winnable" if self.assistant.winnable_only else "any"
            self.refuse(f"deals: say deals winnable or deals any (it is {state})")
            return
        self.assistant.set_winnable_only(choice == "winnable")

    def _setting_speed(self, words: list[str]) -> None:
        """``:speed N``: auto-solve's pace, N moves a second."""
        try:
            speed = float(words[0]) if len(words) == 1 else 0.0
        except ValueError:
            speed = 0.0
        if not 0 < speed <= 100:
            self.refuse("speed: give moves a second, as speed 2 (from 0.5 to 10)")
            return
        self.assistant.set_speed(speed)

    # ------------------------------------------------------------------ notices
    def _show_win(self) -> None:
        from freecell_tui.ui.screens.dialogs import WinScreen

        game = self.game
        deal = f"deal {game.deal_number}" if game.deal_number is not None else "this position"
        moves = plural(game.move_count, "move")
        body = f"You won {deal} in {moves} and {format_elapsed(self.elapsed)}."

        def chosen(answer: str | None) -> None:
            if answer == "new":
                self.start_deal()

        self.app.push_screen(WinScreen("You won!", body), chosen)

    def _show_stuck(self) -> None:
        self.show_dead_end(
            "No legal move left",
            "No card can move. Undo, restart this deal, or start a new one.",
            self.action_undo,
        )

    def show_dead_end(self, title: str, body: str, undo: Callable[[], None]) -> None:
        """A notice that the game cannot go on, offering ``undo``, a restart or a new game."""
        from freecell_tui.ui.screens.dialogs import StuckScreen

        def chosen(answer: str | None) -> None:
            if answer == "undo":
                undo()
            elif answer == "restart":
                self.action_restart()
            elif answer == "new":
                self.start_deal()

        self.app.push_screen(StuckScreen(title, body), chosen)
