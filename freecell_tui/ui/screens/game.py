"""The game screen: the board, the status and message lines, the command line and the footer —
and the one place that turns what the player does into session calls.

It owns the :class:`~freecell_tui.session.PlaySession`. Every change goes the same way: a key, a
click or a typed command becomes a session call (:mod:`.game_actions`); the session commits the
game to the store and returns a :class:`~freecell_tui.session.Step`; :meth:`GameScreen.show`
draws it (the board, the lines, a notice). The board, the solver's assistant and auto-solve are
child widgets that receive attributes and post messages; none of them holds the screen.
"""

from __future__ import annotations

import time
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.events import Key, MouseDown, Paste, Resize
from textual.timer import Timer

from freecell_tui.core.solver import WinnablePoint
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural, printable
from freecell_tui.session import PlaySession
from freecell_tui.session.analysis import lost_sentence
from freecell_tui.session.par import par_line
from freecell_tui.store import Par
from freecell_tui.ui.assistant import Assistant
from freecell_tui.ui.autosolve import AUTOSOLVE_KEYS, AutoSolver
from freecell_tui.ui.board import Board
from freecell_tui.ui.commands import key_actions, screen_bindings
from freecell_tui.ui.par import ParFinder
from freecell_tui.ui.screens.dialogs import WinScreen
from freecell_tui.ui.screens.game_actions import GameActions
from freecell_tui.ui.widgets.command_line import CommandLine
from freecell_tui.ui.widgets.footer import KeyFooter
from freecell_tui.ui.widgets.status import MessageLine, StatusLine

__all__ = ["GameScreen"]


#: A notice the game raises on its own (no card can go home any more, found in the background)
#: waits until the player has not typed or clicked for this long: keys typed for the board must
#: not land in it and answer it (``r`` would restart the deal).
QUIET_BEFORE_NOTICE: Final = 0.6


class GameScreen(GameActions):
    """The board with its status lines, footer and command line."""

    BINDINGS: ClassVar[list[BindingType]] = screen_bindings()
    #: What each key does (the same table: the bindings above only show them in the footer).
    _actions: ClassVar[dict[str, str]] = key_actions()

    def __init__(
        self,
        session: PlaySession,
        *,
        ascii: bool = False,
        four_colour: bool = False,
        motion: bool = True,
        assistant: Assistant | None = None,
        autosolver: AutoSolver | None = None,
        par_finder: ParFinder | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self._ascii = ascii
        self._four_colour = four_colour
        self._motion = motion
        self._assistant = assistant or Assistant(session.game)
        self._autosolver = autosolver or AutoSolver()
        self._par_finder = par_finder or ParFinder()
        self._ticker: Timer | None = None
        #: The message line as the last change of the game left it (a loss found later is said
        #: only while it still shows).
        self._said = ""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        board = Board(self.session.game.state, id="board")
        board.set_reactive(Board.ascii, self._ascii)
        board.set_reactive(Board.four_colour, self._four_colour)
        board.set_reactive(Board.motion, self._motion)
        yield board
        yield StatusLine(id="status")
        message = MessageLine(id="message")
        deal = self.session.game.deal_number
        # Said as the screen is built: a key read before it is mounted says what it did after.
        message.set_reactive(
            MessageLine.text,
            (f"Deal {deal}. " if deal is not None else "")
            + "Type a source then a destination (3a, 18, 5h), click or drag cards; ? for help.",
        )
        self._said = message.text
        yield message
        yield CommandLine(id="command")
        yield KeyFooter()
        yield self._assistant
        yield self._autosolver
        yield self._par_finder

    def on_mount(self) -> None:
        board = self.board
        board.watch_ascii(board.ascii)
        board.watch_four_colour(board.four_colour)
        self._update_status()
        self._ticker = self.set_interval(1.0, self._tick)
        self.follow_par()
        self.ask_resume()

    def on_resize(self, event: Resize) -> None:
        lines = self.board.fit(event.size).message_lines
        self.message.lines = lines
        self.command_line.styles.height = lines  # drawn in the message line's place

    # ------------------------------------------------------------------ the clock
    def _tick(self) -> None:
        if self.is_mounted:
            self.status.elapsed = self.session.elapsed

    def on_screen_suspend(self) -> None:
        """A screen opens over the board (saves, statistics, help, a question, Klondike, the
        command palette): the player is not playing, the clock waits, and moving cards land at
        once (a glide under a dialog would repaint the dimmed board under it at every frame)."""
        self.board.settle()
        self.session.hold_clock("covered")
        self.stop_autosolve()
        self._tick()

    def on_screen_resume(self) -> None:
        """The board is on top again: clicks count afresh, the clock goes on."""
        self.board.shown_again()
        self.session.release_clock("covered")

    # ------------------------------------------------------------------ the board's messages
    def on_board_play(self, message: Board.Play) -> None:
        message.stop()
        self.show(self.session.play(message.move))

    def on_board_said(self, message: Board.Said) -> None:
        message.stop()
        if message.tone == "error":
            self.message.say(message.text, "error")
            self.app.bell()
        else:
            self.say(message.text)

    def on_board_pending(self, message: Board.Pending) -> None:
        message.stop()
        self.status.pending = message.text

    # ------------------------------------------------------------------ the assistant's messages
    def on_assistant_status(self, message: Assistant.Status) -> None:
        message.stop()
        self.status.extra = message.text
        self.status.extra_short = message.short

    def on_assistant_said(self, message: Assistant.Said) -> None:
        message.stop()
        self.say(message.text, message.tone)

    def on_assistant_hint(self, message: Assistant.Hint) -> None:
        message.stop()
        self.board.hint = message.mark
        for notice in self.session.note_hint():
            self.app.notify(notice, title="Saves", severity="error", markup=False)
        self.say(message.said)

    def on_assistant_solution(self, message: Assistant.Solution) -> None:
        message.stop()
        self.board.hint = None
        self.autosolver.start(message.moves)
        self.say(
            f"Auto-solve: {plural(len(message.moves), 'move')} to a win, "
            f"{self.autosolver.pace_text()}; "
            "+ faster, − slower, Esc stops."
        )

    def on_assistant_lost(self, message: Assistant.Lost) -> None:
        message.stop()
        sentence = lost_sentence(message.point)
        if message.asked:
            self.say(f"{message.asked} — {sentence[:1].lower()}{sentence[1:]}", "error")
        elif self.message.text == self._said:  # said only while nothing newer was said
            self.say(sentence)

    def on_assistant_over(self, message: Assistant.Over) -> None:
        message.stop()
        self._notice_over(message.point, self.session.game.state)

    def _notice_over(self, point: WinnablePoint | None, state: GameState) -> None:
        """The dead-end notice for ``state``, once the player is not typing (it is dropped when
        the position changed meanwhile: the assistant speaks again for the new one)."""
        if self.app.screen is not self or self.session.game.state != state:
            return
        wait = self._last_input + QUIET_BEFORE_NOTICE - time.monotonic()
        if wait > 0:
            self.set_timer(wait, lambda: self._notice_over(point, state))
            return
        undo = point.undo_count if point is not None and point.status == "lost" else None
        way_back = (
            f"u undoes {plural(undo, 'move')}, back to a winnable position"
            if undo
            else "u undoes a move"
        )
        self.show_dead_end(
            "No card can go home any more",
            "Moves are left, but no sequence of them brings another card home: this game is "
            f"over. {way_back}; r restarts the deal; n starts a new game.",
            undo or 1,
        )

    def on_assistant_deal_chosen(self, message: Assistant.DealChosen) -> None:
        message.stop()
        step = self.session.new_game(message.number)
        self.show(step)
        self.say(message.said if message.number is not None else f"{message.said} {step.said}")

    # ------------------------------------------------------------------ par
    def on_par_finder_found(self, message: ParFinder.Found) -> None:
        message.stop()
        self.par_found(message.par, message.budget if message.searched else None)

    def par_found(self, par: Par, budget: float | None) -> None:
        """A deal's par, read from the store (``budget`` ``None``) or just found by a search of
        ``budget`` seconds (kept in the store first). Its line makes hints on it say how short
        the way is; a win already shown gets its par."""
        if budget is not None:
            for notice in self.session.keep_par(par, budget):
                self.app.notify(notice, title="Saves", severity="error", markup=False)
        line = par_line(par)
        if line is not None:
            self.assistant.analyst.keep_shortest(par.autoplay, *line)
        game = self.session.game
        if budget is None or (game.deal_number, game.autoplay) != (par.deal_number, par.autoplay):
            return
        if game.state.is_won and not game.solver_moves:
            top = self.app.screen
            if isinstance(top, WinScreen):
                top.set_body(self.session.win_text())
            else:
                self.say(self.session.win_text())

    # ------------------------------------------------------------------ auto-solve
    def on_auto_solver_step(self, message: AutoSolver.Step) -> None:
        message.stop()
        if not self.autosolver.take(message):
            return  # auto-solve stopped as this move came up: what stopped it came first
        step = self.session.play(message.move, solver=True)
        if step.refused:  # cannot happen while the plan follows the game
            self.autosolver.stop()
            self.refuse(f"Auto-solve stopped: {step.said}")
            return
        self.show(step)
        self.say(f"Auto-solve {message.number}/{message.total}: {step.said}")

    #: When the player last typed or clicked on this screen (``time.monotonic``).
    _last_input = 0.0

    async def take_key(self, event: Key) -> bool:
        """Decide ``event`` now, as it is read from the terminal (see :meth:`FreeCellApp.on_event
        <freecell_tui.ui.app.FreeCellApp.on_event>`): what it does is done — the move played and
        on disk, the board drawn, a dialog open — before the next key is read. False: not a key
        of the game (Textual's own, such as ``ctrl+p``)."""
        self._last_input = time.monotonic()
        if self.session.offer is not None:  # the resume prompt comes first, even before it shows
            self.ask_resume()
            take_key = getattr(self.app.screen, "take_key", None)
            return bool(
                take_key is not None and self.app.screen is not self and await take_key(event)
            )
        self.take_board_news()  # a click's gestures not yet acted on come first
        board = self.board
        if board.stop_cascade():  # the win's cascade ends, its dialog opens: the key is for it
            top = self.app.screen
            take_key = getattr(top, "take_key", None)
            return top is not self and take_key is not None and bool(await take_key(event))
        board.settle()  # moving cards land; the key acts on the board as it is
        if event.key not in AUTOSOLVE_KEYS:
            self.stop_autosolve()  # said now: the key's own message, if it has one, comes after
        if self.command_line.has_class("-open"):
            self._edit_line(event)
            return True
        action = self._actions.get(event.key)
        if action is None:
            if not event.is_printable or event.character is None:
                return False
            self.refuse(f"{printable(event.character)} does nothing here: ? shows the keys")
            return True
        await self.run_action(action)
        self.take_board_news()
        return True

    def _edit_line(self, event: Key) -> None:
        """A key for the open ``:`` line: edit, run (Enter) or close (Esc)."""
        line = self.command_line
        if event.key == "enter":
            text = line.value
            self._close_command_line()
            if text.strip():
                self.run_command(text)
            self.take_board_news()
        elif event.key == "escape":
            self._close_command_line()
        elif not line.edit(event.key, event.character):
            self.app.bell()

    def take_paste(self, event: Paste) -> bool:
        """Pasted text, decided as it is read like a key: into the open ``:`` line (control
        characters dropped, the line's length capped); on the board it is refused."""
        if self.command_line.has_class("-open"):
            self.command_line.paste(event.text)
        else:
            self.refuse("Paste into the command line: : opens it")
        return True

    def take_board_news(self) -> None:
        """Act on what the board's gestures came to, in order (a move is played here)."""
        while news_list := self.board.drain():
            for news in news_list:
                self._board_news(news)

    def _board_news(self, news: object) -> None:
        if isinstance(news, Board.Play):
            self.on_board_play(news)
        elif isinstance(news, Board.Said):
            self.on_board_said(news)
        elif isinstance(news, Board.Pending):
            self.on_board_pending(news)

    def on_mouse_down(self, event: MouseDown) -> None:
        self._last_input = time.monotonic()
        self.stop_autosolve()

    # ------------------------------------------------------------------ the command line
    def _close_command_line(self) -> None:
        self.command_line.close()
        self.message.display = True
        self.set_focus(None)
