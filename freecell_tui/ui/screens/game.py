"""The game screen: the board, the status and message lines, the command line and the footer —
and the one place that turns what the player does into session calls.

It owns the :class:`~freecell_tui.session.PlaySession`. Every change goes the same way: a key (as it
is read: :meth:`GameScreen.decide_key`), a click, a palette entry or a typed command runs the
command's ``action_<name>`` (the command table, :mod:`freecell_tui.session.table`, names them; typed
with an operand, its body in :data:`TYPED`), or for a command that is one session call (the table's
``call``) :meth:`GameScreen.action_call`; the action makes a session call, which commits the game to
the store and returns a :class:`~freecell_tui.session.Step` — or a question to ask first, with what
follows a yes (:meth:`GameScreen.present`); :meth:`GameScreen.show` draws the step (the board, the
lines, a notice). The board is a child widget that receives attributes and posts messages. The
solver's assistant, the par finder and auto-solve are plain helpers that hold no screen: they answer
data (what to show, what to search); the screen posts their messages to itself, keeps the timers and
runs their searches in its ``@work`` thread workers, whose answers come back as messages. So are its
other collaborators, each with one job, answering data the screen acts on: the list of moves played
one a frame (:class:`~freecell_tui.ui.screens.list_player.ListPlayer`, and what a paste comes to,
:func:`~freecell_tui.ui.screens.list_player.read_paste`), the keys of notation between moves
(:class:`~freecell_tui.ui.screens.move_keys.MoveKeys`: ``v`` and its count) and what a game's end
says (:mod:`freecell_tui.ui.screens.endings`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Final

from textual import getters
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.events import Key, MouseDown, Paste, Resize
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import get_current_worker

from freecell_tui.core.commands import MoveCommand
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, cell_piles, column_piles
from freecell_tui.core.rules import resolve_move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Moving, Variant
from freecell_tui.core.words import plural, printable
from freecell_tui.session import (
    ActionCommand,
    Ask,
    Decision,
    Event,
    PlaySession,
    Step,
    Tone,
    parse_command,
)
from freecell_tui.session.analysis import Cancel, lost_sentence
from freecell_tui.session.assist import solution_phrase
from freecell_tui.session.parse import MovesCommand
from freecell_tui.session.replay import solution_title, with_solution
from freecell_tui.session.table import Bodies, by_name
from freecell_tui.ui.assist.assistant import CHECK_DELAY, Assistant, Reply, YieldingCancel
from freecell_tui.ui.assist.autosolve import AUTOSOLVE_BINDINGS, AutoSolver, pace_for
from freecell_tui.ui.assist.par import ParFinder
from freecell_tui.ui.board.board import Board
from freecell_tui.ui.board.gestures import News, Pending, Play, Say
from freecell_tui.ui.board.selection import pile_for_key
from freecell_tui.ui.commands import (
    DEFAULT_KEYS,
    Bound,
    KeyTable,
    footer_hidden,
    key_actions,
    key_name,
    keyed_text,
    keys_text,
    pile_names,
    screen_bindings,
)
from freecell_tui.ui.keys import DecidesKeys
from freecell_tui.ui.messages import SettingChanged
from freecell_tui.ui.screens.endings import (
    NO_MOVE_LEFT,
    DeadEnd,
    cascade_cards,
    no_card_home,
    win_title,
)
from freecell_tui.ui.screens.list_player import ListPlayer, read_paste
from freecell_tui.ui.screens.move_keys import MoveKeys
from freecell_tui.ui.themes import CLASSIC_NAME, DEFAULT_THEME
from freecell_tui.ui.widgets.command_line import CommandLine
from freecell_tui.ui.widgets.footer import KeyFooter
from freecell_tui.ui.widgets.intro import IntroCard
from freecell_tui.ui.widgets.status import MessageLine, StatusLine

if TYPE_CHECKING:
    from freecell_tui.core.solver import WinnablePoint

__all__ = ["TYPED", "GameScreen"]


#: A notice the game raises on its own (no card can go home any more, found in the background)
#: waits until the player has not typed or clicked for this long: keys typed for the board must
#: not land in it and answer it (``r`` would restart the deal).
QUIET_BEFORE_NOTICE: Final = 0.6
#: The shortest wait a screen's one-shot timer is given. Textual's (``set_timer``) fires only
#: when its delay outlasts its own task's first two looks at the clock (and raises for none): a
#: wait shorter than a microsecond or so never comes (tests/ui/test_solver_ui.py checks it).
SHORTEST_WAIT: Final = 0.01

#: What each command typed on the ``:`` line with an operand does, unless it is a session call:
#: a method of the game screen given the command as typed, registered at its definition. (A
#: command typed without one runs what its key runs.) A test checks it against the table.
TYPED: Final[Bodies[GameScreen]] = Bodies()


class GameScreen(DecidesKeys, Screen[None]):
    """The board with its status lines, footer and command line (see the module's docstring).
    ``keys`` is the player's key table (:func:`~freecell_tui.ui.keymap.effective_keys`)."""

    BINDINGS: ClassVar[list[BindingType]] = screen_bindings()

    board = getters.query_one("#board", Board)
    status = getters.query_one("#status", StatusLine)
    message = getters.query_one("#message", MessageLine)
    command_line = getters.query_one("#command", CommandLine)

    def __init__(  # noqa: PLR0913 (keyword-only injection points: the helpers, the player's keys)
        self,
        session: PlaySession,
        *,
        ascii: bool = False,
        four_colour: bool = False,
        motion: bool = True,
        assistant: Assistant | None = None,
        autosolver: AutoSolver | None = None,
        par_finder: ParFinder | None = None,
        intro: bool = False,
        keys: KeyTable = DEFAULT_KEYS,
    ) -> None:
        super().__init__()
        self.session = session
        #: The player's keys, by binding id (the footer shows them through the app's keymap).
        self.keys = keys
        #: What each key does, per game (a game with a free cell f takes ``f`` for it).
        self._key_actions: dict[Variant, dict[str, Bound]] = {}
        #: The game whose keys the board names (see :meth:`_name_keys`).
        self._keys_named: Variant | None = None
        #: The player's key of each pile whose key is not its code (column 10's ``0``): the
        #: board's lines name piles and moves by them.
        self._pile_names: dict[str, str] = {}
        #: The first game's card shows (see :meth:`close_intro`).
        self.intro = intro
        self._ascii = ascii
        self._four_colour = four_colour
        self._motion = motion
        #: The solver's searches, par's and auto-solve's pace: plain objects (see the module's
        #: docstring); the screen's timers for them, by name (``solver``: the check's wait,
        #: ``par``, ``autosolve``).
        self.assistant = assistant or Assistant(session.game)
        self.assistant.stop_key = self.key("cancel")
        self.par_finder = par_finder or ParFinder()
        self.autosolver = autosolver or AutoSolver()
        self._waits: dict[str, Timer] = {}
        #: The list of moves being played one by one (:meth:`play_list`).
        self.list_player = ListPlayer()
        #: What the last keys typed for moves leave for the next (``v`` and its count).
        self.move_keys = MoveKeys()
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
        said = f"Deal {deal}. " if deal is not None else ""
        help_key = self.key("help")
        message.set_reactive(
            MessageLine.text,
            said
            + "Type a source then a destination (3a, 18, 5h), click or drag cards; "
            + f"{help_key} for help.",
        )
        message.shorter = (
            f"{said}Type a move (3a, 18, 5h), or click or drag cards; {help_key} for help.",
        )
        self._said = message.text
        yield message
        yield CommandLine(id="command")
        yield KeyFooter()
        if self.intro:
            yield IntroCard(help_key=self.key("help"))

    def on_mount(self) -> None:
        if self.intro:  # the clock waits while the player reads the first game's card
            self.session.hold_clock("intro")
        board = self.board
        board.watch_ascii(board.ascii)
        board.watch_four_colour(board.four_colour)
        self._update_status()
        self._ticker = self.set_interval(1.0, self._tick)
        self.apply_reply(self.assistant.begin())
        self.follow_par()
        self.ask_resume()

    def on_resize(self, event: Resize) -> None:
        layout = self.board.fit(event.size)
        lines = layout.message_lines
        self.message.lines = lines
        self.command_line.styles.height = lines  # drawn in the message line's place
        for card in self.query(IntroCard):  # never over the board's "make the terminal bigger"
            card.display = self.intro and not layout.too_small

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
        self.stop_list()
        self._tick()

    def on_screen_resume(self) -> None:
        """The board is on top again: clicks count afresh, the clock goes on."""
        self.board.shown_again()
        self.session.release_clock("covered")
        if self._held_notice is not None:
            point, state = self._held_notice
            self._held_notice = None
            self._notice_over(point, state)

    # ------------------------------------------------------------------ the board's gestures
    def apply_gesture(self, news: tuple[News, ...]) -> None:
        """Act on what a gesture on the board came to, in order: a move is played here."""
        for item in news:
            match item:
                case Play(move):
                    self.show(self.session.play(move))
                case Say(text, Tone.ERROR):
                    self.message.say(text, Tone.ERROR)
                    self.app.bell()
                case Say(text):
                    self.say(text)
                case Pending(text):
                    self.status.pending = text

    def on_board_gestured(self, message: Board.Gestured) -> None:
        """The mouse's gestures, posted by the board in its own turn."""
        message.stop()
        self.apply_gesture(message.news)

    def put_down(self) -> bool:
        """Put down what is picked up; False when nothing was."""
        picked = self.board.selection is not None
        self.apply_gesture(self.board.put_down())
        return picked

    # ------------------------------------------------------------------ the solver's work
    def apply_reply(self, reply: Reply) -> None:
        """Show what the assistant answered (:class:`~freecell_tui.ui.assist.assistant.Reply`), and
        stop or start its searches."""
        if reply.stop:
            self._stop_timer("solver")
            self.workers.cancel_group(self, "solver")
            self.workers.cancel_group(self, "deals")
        for message in reply.said:
            self.post_message(message)
        if reply.check:
            self._wait("solver", CHECK_DELAY, self._check)
        if reply.search is not None:
            self._stop_timer("solver")
            self._search("solver", reply.search.run)
        if reply.deal is not None:
            self._search("deals", reply.deal.run)

    def _check(self) -> None:
        """The check's wait is over: search what is not known of the position, if still
        needed."""
        search = self.assistant.check_search()
        if search is not None:
            self._search("solver", search.run)

    def _wait(self, name: str, delay: float, then: Callable[[], None]) -> None:
        """After ``delay`` seconds (:data:`SHORTEST_WAIT` at least), ``then``; the timer ``name``
        replaces the one of that name."""
        self._stop_timer(name)
        self._waits[name] = self.set_timer(max(delay, SHORTEST_WAIT), then)

    def _stop_timer(self, name: str) -> None:
        timer = self._waits.pop(name, None)
        if timer is not None:
            timer.stop()

    def _search(self, group: str, search: Callable[[Cancel], Message | None]) -> None:
        """Run a helper's search (``SolverJob.run``, ``FindDeal.run``, ``ParJob.run``) in a thread
        worker of ``group``: one at a time, a new one cancels the one under way. Its answer, a
        message, comes back to the screen unless the worker was cancelled."""

        def work() -> None:
            worker = get_current_worker()
            answer = search(YieldingCancel(worker))
            if answer is not None and not worker.is_cancelled:
                self.post_message(answer)

        self.run_worker(work, group=group, thread=True, exclusive=True, exit_on_error=False)

    def on_assistant_analysed(self, message: Assistant.Analysed) -> None:
        message.stop()
        self.apply_reply(self.assistant.answered(message))

    def on_assistant_deal_found(self, message: Assistant.DealFound) -> None:
        message.stop()
        self.apply_reply(self.assistant.deal_answered(message))

    # ------------------------------------------------------------------ the assistant's messages
    def on_assistant_status(self, message: Assistant.Status) -> None:
        message.stop()
        self.status.extra = message.text
        self.status.extra_short = message.short

    def on_assistant_words(self, message: Assistant.Words) -> None:
        message.stop()
        self.say(message.text, message.tone)

    def on_assistant_hint(self, message: Assistant.Hint) -> None:
        message.stop()
        mark = self.board.hint = message.mark
        for notice in self.session.note_hint():
            self.app.notify(notice, title="Saves", severity="error", markup=False)
        self.say(keyed_text(message.said, mark.source, mark.dest, self._pile_names, after="Hint: "))

    def on_assistant_solution(self, message: Assistant.Solution) -> None:
        message.stop()
        if message.watch:  # the solution to watch, from the board's position
            game = with_solution(self.session.game, message.moves)
            self.action_watch(game, len(self.session.game.line), solution_title(self.session.game))
            return
        self.board.hint = None
        self.autosolver.start(message.moves)
        self._pace_autosolve()
        said = solution_phrase(message.moves)
        faster, slower, stop = self.key("more"), self.key("fewer"), self.key("cancel")
        self.say(
            f"{said}, {self.autosolver.pace_text()}; {faster} faster, {slower} slower, {stop} stops."
        )

    def on_assistant_lost(self, message: Assistant.Lost) -> None:
        message.stop()
        if self.message.text == self._said:  # said only while nothing newer was said
            self.say(lost_sentence(message.point))

    def on_assistant_over(self, message: Assistant.Over) -> None:
        message.stop()
        self._notice_over(message.point, self.session.game.state)

    def _notice_over(self, point: WinnablePoint | None, state: GameState) -> None:
        """The dead-end notice for ``state``, once the player is not typing and the board is on
        top (held until a screen over it closes). It is dropped when the position changed
        meanwhile: the assistant speaks again for the new one."""
        if self.session.game.state != state:
            return
        if self.app.screen is not self:
            self._held_notice = (point, state)
            return
        wait = self._last_input + QUIET_BEFORE_NOTICE - time.monotonic()
        if wait > 0:
            self._wait("notice", wait, lambda: self._notice_over(point, state))
            return
        self.show_dead_end(no_card_home(point))

    def on_assistant_deal_chosen(self, message: Assistant.DealChosen) -> None:
        message.stop()
        step = self.session.new_game(message.number)
        self.show(step)
        self.say(message.said if message.number is not None else f"{message.said} {step.said}")

    # ------------------------------------------------------------------ par
    def on_par_finder_known(self, message: ParFinder.Known) -> None:
        """A deal's par, from the store: hints on its line say how short the way is."""
        message.stop()
        self.assistant.analyst.learn_par(message.par)

    def on_par_finder_found(self, message: ParFinder.Found) -> None:
        """A par search ended: the session keeps par; the status line and a win shown get it."""
        message.stop()
        self.par_finder.done(message)
        step = self.session.keep_par(message.search, message.budget)
        self._update_status()
        for notice in step.notices:
            self.app.notify(notice, title="Saves", severity="error", markup=False)
        if (par := message.search.deal_par) is not None:
            self.assistant.analyst.learn_par(par)
        if step.said:
            from freecell_tui.ui.screens.dialogs import WinScreen

            top = self.app.screen
            if isinstance(top, WinScreen):
                top.set_body(step.said)
            else:
                self.say(step.said)

    # ------------------------------------------------------------------ auto-solve
    def _pace_autosolve(self) -> None:
        """Auto-solve's timer, at its pace: a repeating one, which a tick it is late for delays
        but never drops (Textual's one-shot timer ends without calling back when the thread is
        late for it from the start, as when a search thread holds the interpreter)."""
        self._stop_timer("autosolve")
        self._waits["autosolve"] = self.set_interval(self.autosolver.delay, self._autosolve_tick)

    def _autosolve_tick(self) -> None:
        """Auto-solve's timer: post the next move; the timer stops when none is left."""
        step = self.autosolver.tick()
        if step is not None:
            self.post_message(step)
        if not self.autosolver.more:
            self._stop_timer("autosolve")

    def on_auto_solver_next_move(self, message: AutoSolver.NextMove) -> None:
        message.stop()
        if not self.autosolver.accept(message):
            return  # auto-solve stopped as this move came up: what stopped it came first
        step = self.session.play(message.move, solver=True)
        if step.refused:  # cannot happen while the plan follows the game
            self.autosolver.stop()
            self.refuse(f"Auto-solve stopped: {step.said}")
            return
        self.show(step)
        self.say(f"Auto-solve {message.number}/{message.total}: {self._keyed(step)}")

    #: When the player last typed or clicked on this screen (``time.monotonic``).
    _last_input = 0.0
    #: A dead-end notice found while another screen was over the board: (point, position).
    _held_notice: tuple[WinnablePoint | None, GameState] | None = None

    def key(self, name: str) -> str:
        """The player's key of binding ``name``, as a message names it (``?``)."""
        return key_name(self.keys, name)

    def key_actions(self, variant: Variant) -> dict[str, Bound]:
        """What each of the player's keys does in ``variant``'s game."""
        actions = self._key_actions.get(variant)
        if actions is None:
            actions = self._key_actions[variant] = key_actions(variant, self.keys)
        return actions

    async def decide_key(self, event: Key) -> bool:
        """Decide ``event`` now, as it is read from the terminal (see :meth:`FreeCellApp.on_event
        <freecell_tui.ui.app.FreeCellApp.on_event>`): what it does is done — the move played and
        on disk, the board drawn, a dialog open — before the next key is read. False: not a key
        of the game (Textual's own, such as ``ctrl+p``), or a key for the dialog it opened (the
        resume prompt, the win's dialog after its cascade): the app asks the new top screen."""
        self._last_input = time.monotonic()
        self.close_intro()
        if self.session.offer is not None:  # the resume prompt comes first, even before it shows
            self.ask_resume()
            return False
        board = self.board
        if board.stop_cascade():  # the win's cascade ends, its dialog opens: the key is for it
            return False
        board.settle()  # moving cards land; the key acts on the board as it is
        bound = self.key_actions(self.session.variant).get(event.key)
        if bound is None or bound.id not in AUTOSOLVE_BINDINGS:
            self.stop_autosolve()  # said now: the key's own message, if it has one, comes after
        self.stop_list()
        if self.command_line.has_class("-open"):
            await self._edit_line(event)
            return True
        if self._notation_key(event):
            return True
        if bound is None:
            if not event.is_printable or event.character is None:
                return False
            self.refuse(
                f"{printable(event.character)} does nothing here: {self.key('help')} shows the keys"
            )
            return True
        self.run_bound(bound)
        return True

    def run_bound(self, bound: Bound) -> None:
        """Run what ``bound`` runs (:attr:`Bound.target`): a key, a command typed without an
        operand (``Bound(name, name)``). Each is an ``action_`` method of this screen, as
        Textual's bindings and palette name them (a test checks every one exists)."""
        name, args = bound.target
        getattr(self, f"action_{name}")(*args)

    async def _edit_line(self, event: Key) -> None:
        """A key for the open ``:`` line: edit, run (Enter) or close (Esc)."""
        line = self.command_line
        if event.key == "enter":
            text = line.value
            self._close_command_line()
            if text.strip():
                self.run_command(text)
        elif event.key == "escape":
            self._close_command_line()
        elif not await line.edit(event.key, event.character):
            self.app.bell()

    def decide_paste(self, event: Paste) -> bool:
        """Pasted text, decided as it is read like a key: a list of moves (a solver's solution)
        on the board or into the empty ``:`` line is played (:meth:`play_list`); other text goes
        into the open ``:`` line (control characters dropped, the line's length capped), and on
        the board it is refused."""
        self.close_intro()
        self.stop_autosolve()
        self.stop_list()
        line = self.command_line
        is_open = line.has_class("-open")
        text = line.value if is_open else None
        pasted = read_paste(event.text, self.session.variant, text, self.key("command_line"))
        if isinstance(pasted, str):
            self.refuse(pasted)
        elif pasted is None:
            line.paste(event.text)
        else:
            if is_open:
                self._close_command_line()
            self.play_list(pasted)
        return True

    def on_mouse_down(self, event: MouseDown) -> None:
        self._last_input = time.monotonic()
        self.close_intro()
        self.stop_autosolve()
        self.stop_list()
        self.move_keys.gap = False

    def close_intro(self) -> None:
        """The first game's card goes at the player's first key, paste or click (which then
        does what it always does), for good: the setting is kept for next time."""
        if self.intro:
            self.intro = False
            self.session.release_clock("intro")
            for card in self.query(IntroCard):
                card.display = False  # off the next frame, before its removal is done
                card.remove()
            self.remember("seen_intro", True)

    # ------------------------------------------------------------------ the command line
    def _close_command_line(self) -> None:
        self.command_line.close()
        self.message.display = True
        self.set_focus(None)

    # ------------------------------------------------------------------ showing a step
    def _keyed(self, step: Step) -> str:
        """What ``step`` says, a move named by the player's keys (see :func:`keyed_text`)."""
        turn = step.turn
        if not self._pile_names or turn is None or turn.move is None or step.before is None:
            return step.said  # every pile is named by its code: the words are the session's
        move = resolve_move(step.before, turn.move)
        return keyed_text(step.said, move.source, move.dest, self._pile_names)

    def show(self, step: Step) -> None:
        """Draw what a session step did: the board, the lines, notices and the end of a game."""
        for notice in step.notices:
            self.app.notify(notice, title="Saves", severity="error", timeout=15, markup=False)
        if step.refused:
            self.refuse(step.said)
            return
        if step.changed:
            if step.new_game:
                self.board.cursor = None
            # A new position puts down what was picked up (the board does, and the message
            # line says what changed); the same position keeps it: a game taken up as it was
            # shown (the resume prompt's), a new autoplay mode.
            self.board.state = self.session.game.state
            if self.board.selection is None:  # put down by the new position
                self.status.pending = ""
            self.board.glide(step.before, step.turn)  # the cards travel (motion)
            self.board.hint = None
        said = self._keyed(step)
        tone = Tone.SUCCESS if step.tone is Tone.SUCCESS else Tone.INFO
        self.message.say(said, tone, *step.shorter)
        if step.changed:
            self._said = said
            self._update_status()
            self.apply_reply(self.assistant.game_changed(self.session.game))
            self.follow_par()
        if step.event is Event.WON:
            self._show_win()
        elif step.event is Event.STUCK:
            self.show_dead_end(NO_MOVE_LEFT)
        elif step.event is Event.TAKEN:
            from freecell_tui.ui.screens.dialogs import NoticeScreen

            self.app.push_screen(NoticeScreen("Your game is open elsewhere", step.said))

    def say(self, text: str, tone: Tone = Tone.INFO) -> None:
        """Write the message line (information, not a change of the game)."""
        self.message.say(text, tone)

    def stop_autosolve(self) -> None:
        """Stop auto-solve if it plays, and say how far it got, at once: what stopped it (a key,
        a click) acts after, and its own message, if it has one, replaces this one."""
        self._stop_timer("autosolve")
        played = self.autosolver.stop()
        if played is not None:
            said = f"Auto-solve stopped after {plural(played, 'move')}"
            self.say(said + (f": {self.key('undo')} undoes them one by one." if played else "."))

    def refuse(self, reason: str) -> None:
        """A refused action: say why; what was picked up is put down."""
        self.put_down()
        self.message.say(reason, Tone.ERROR)
        self.app.bell()

    def present(
        self, decision: Decision | None, *, on_no: Callable[[], None] | None = None
    ) -> None:
        """Show a session step, or ask its question first in a dialog that answers as its key
        is read (what follows a yes is done before the next key); ``on_no`` replaces saying the
        question's answer to no."""
        if isinstance(decision, Step):
            self.show(decision)
            return
        if decision is None:
            return
        ask = decision
        question = ask.question

        def answered(yes: bool | None) -> None:
            if yes:
                self.present(ask.yes())
            elif on_no is not None:
                on_no()
            else:
                self.say(ask.no)

        from freecell_tui.ui.screens.dialogs import ConfirmScreen

        self.app.push_screen(
            ConfirmScreen(
                question.title, question.detail, yes=question.yes, no=question.no, then=answered
            )
        )

    def _update_status(self) -> None:
        game = self.session.game
        status = self.status
        status.deal = self.session.deal_text
        status.moves = game.move_count
        status.par = None if (par := self.session.par_shown) is None else par.moves
        status.elapsed = self.session.elapsed
        status.autoplay = str(game.autoplay)
        # A run is at most 13 cards (king to ace): past that the formula's figure means nothing.
        unlimited = game.state.variant.moving is Moving.UNLIMITED
        status.run_limit = None if unlimited else min(game.state.max_run(), 13)
        self.query_one(KeyFooter).hide(footer_hidden(game.state.variant, self.keys))
        self._name_keys(game.state.variant)

    def _name_keys(self, variant: Variant) -> None:
        """Tell the board the player's keys for ``variant``'s game, where they are not the
        game's own: its lines name piles and "home or cell" by them."""
        if variant is self._keys_named:
            return
        self._keys_named = variant
        codes = {pile.code for pile in (*column_piles(variant), *cell_piles(variant))}
        piles = {code: key for code, key in pile_names(self.keys).items() if code in codes}
        self._pile_names = piles
        if self.keys is DEFAULT_KEYS:  # the game's own keys: column 10 is named by its 0
            self.board.name_keys(piles)
            return
        quick = keys_text(by_name("quick"), variant, self.keys).split("  ")[0]
        sources = keys_text(by_name("pile"), variant, self.keys).split()[:-1]  # h is no source
        pile_keys = " ".join(sources) if piles else None
        self.board.name_keys(piles, quick or None, pile_keys)

    # ------------------------------------------------------------------ par
    def follow_par(self) -> None:
        """Tell the par finder the game (it looks for a new deal's or mode's par)."""
        session = self.session
        new = self.par_finder.follow(session.game, lambda: session.par)
        if new is None:
            return  # the same deal, game and mode: its search goes on
        self._stop_timer("par")
        if new.cancel:
            self.workers.cancel_group(self, "par")
        if new.known is not None:
            self.post_message(new.known)
        if new.search:
            self._wait("par", self.par_finder.delay, self._start_par)

    def _start_par(self) -> None:
        """The par search's wait is over: search, or wait again while a won deal's search
        finishes."""
        job = self.par_finder.start()
        if job is None:
            self._wait("par", self.par_finder.delay, self._start_par)
        else:
            self._search("par", job.run)

    # ------------------------------------------------------------------ notices
    def _show_win(self) -> None:
        title = win_title(self.session.game)

        def chosen(answer: str | None) -> None:
            if answer == "new":
                self.action_new()

        def dialog() -> None:
            from freecell_tui.ui.screens.dialogs import WinScreen

            if self.is_attached:
                text = self.session.win_text()
                typed = self.move_keys.gap
                self.app.push_screen(WinScreen(title, text, then=chosen, after_typing=typed))

        # The cards bounce off the foundations first (a short cascade when auto-solve won);
        # any key or click ends it. With motion off, the dialog at once.
        game = self.session.game
        if not self.board.cascade(cascade_cards(game), dialog, seed=game.deal_number or 0):
            dialog()

    def show_dead_end(self, notice: DeadEnd) -> None:
        """A notice that the game cannot go on, offering to undo its moves, a restart or a new
        game."""

        def chosen(answer: str | None) -> None:
            if answer == "undo":
                self.show(self.session.undo(notice.undo, reason=notice.undo_reason))
            elif answer == "restart":
                self.show(self.session.restart())
            elif answer == "new":
                self.action_new()

        from freecell_tui.ui.screens.dialogs import StuckScreen

        self.app.push_screen(StuckScreen(notice.title, notice.body, then=chosen))

    # ------------------------------------------------------------------ the resume prompt
    def ask_resume(self) -> None:
        """Ask whether to resume the unfinished game the session offers (the first thing the
        player answers: keys typed before it is drawn answer it, in order)."""
        offer = self.session.offer
        if offer is None:  # nothing to ask: the prompt's module is not imported
            return
        from freecell_tui.ui.screens.resume import ResumeScreen

        if not isinstance(self.app.screen, ResumeScreen):
            self.app.push_screen(ResumeScreen(offer, then=self.resume_chosen))

    def resume_chosen(self, choice: object) -> None:
        """The answer to the resume prompt: resume, a new game (asked again: the old one is
        recorded as a loss), or quit (the game waits)."""
        from freecell_tui.ui.screens.resume import ResumeChoice

        session = self.session
        if session.offer is None:
            return
        if choice is ResumeChoice.RESUME:
            self.show(session.resume_offer())
        elif choice is ResumeChoice.NEW:
            self.present(session.decline(), on_no=self.ask_resume)
        else:
            self.app.exit()

    # ------------------------------------------------------------------ moves and the cursor
    def action_pile(self, code: str) -> None:
        """A notation key: the source, then the destination."""
        board = self.board
        pile = pile_for_key(code, self.session.variant)
        if isinstance(pile, str) or (pile.is_foundation and board.selection is None):
            home = self.key("pile_h")
            self.refuse(
                pile if isinstance(pile, str) else f"{home} is a destination: first pick a pile"
            )
            return
        completes = board.selection is not None and board.selection.pile != pile
        if completes:
            self.move_keys.gap = True  # set first: a dialog the move opens (a win) knows it
        before = self.session.game
        self.apply_gesture(board.act_on(pile))  # the move is played here
        if completes:
            game = self.session.game
            self.move_keys.typed = (
                game.turns[-1].move if game is not before and game.turns else None
            )

    def _notation_key(self, event: Key) -> bool:
        """The keys of notation typed between moves (:class:`MoveKeys`): ``v`` and its count,
        and Space or Enter right after a move typed by its keys. True when ``event`` was one."""
        selection = self.board.selection
        picked = None if selection is None else selection.pile
        notation = self.move_keys.read(event.key, event.character, picked)
        if notation is None:
            return False
        if notation.refused:
            self.refuse(notation.refused)
        elif notation.amend is not None:
            self.show(self.session.amend(notation.amend))
        elif notation.count:
            self.apply_gesture(self.board.choose_count(notation.count))
        return True

    # ------------------------------------------------------------------ a list of moves
    def play_list(self, moves: tuple[Move, ...]) -> None:
        """Play ``moves`` one turn a move (each saved, then drawn, before the next is played),
        with the game's autoplay (see :mod:`freecell_tui.session.listed`); the first refused
        one stops the list and says why. A key, a click or a screen over the board stops it."""
        self.put_down()
        self.list_player.start(self.session.game, moves)
        self._play_listed()

    def _play_listed(self) -> None:
        """Play the list's next move (:class:`ListPlayer`), and the one after it once the
        screen is drawn."""
        played = self.list_player.play_next(self.session) if self.is_attached else None
        if played is None:
            return
        self.show(played.step)
        if played.said:
            self.say(played.said)
        if played.more:
            self.call_after_refresh(self._play_listed)

    def stop_list(self) -> None:
        """Stop the list of moves being played, saying how far it got."""
        said = self.list_player.stop(self.key("undo"))
        if said:
            self.say(said)

    def action_count(self, step: int) -> None:
        """``+`` / ``−``: how many cards of a picked-up column move; during auto-solve, its pace."""
        if self.autosolver.solving:
            self.autosolver.change_pace(step)
            self._pace_autosolve()
            self.say(f"Auto-solve: {self.autosolver.pace_text()}.")
            self.remember("solve_speed", self.autosolver.speed)
            return
        self.apply_gesture(self.board.change_count(step))

    def action_cancel(self) -> None:
        board = self.board
        if self.autosolver.solving:
            self.stop_autosolve()
        elif self.assistant.waiting:
            self.apply_reply(self.assistant.stop_waiting())
        elif self.put_down():
            self.say("Put down.")
        elif board.hint is not None:
            board.hint = None
        elif board.cursor is not None:
            board.cursor = None

    def action_quick(self, key: str = "f") -> None:
        self.apply_gesture(self.board.quick())

    def action_cursor(self, rows: int, places: int) -> None:
        self.apply_gesture(self.board.move_cursor(rows, places))

    def action_cursor_act(self) -> None:
        self.apply_gesture(self.board.cursor_act())

    def play(self, command: MoveCommand) -> None:
        self.show(self.session.play(command.move, command=command))

    # ------------------------------------------------------------------ the game
    def action_call(self, name: str) -> None:
        """A key or palette entry of a command that is a session call (the command table's
        ``call``: ``undo``, ``restart``, ``daily``…): the command without an operand."""
        self.run_typed(ActionCommand(name))

    @TYPED.of("new", "deal")
    def action_new(self, typed: ActionCommand | None = None) -> None:
        """A new game: a random deal of this game, or as ``typed`` (``new eight-off 5``, ``deal
        N``, a game code's start); asks first when this one is under way. With "winnable deals
        only", the solver chooses a random deal (of a game it knows) first."""
        typed = typed or ActionCommand("new")
        if typed.position is not None:  # a game code's custom position
            self.present(self.session.leave_for_position(typed.position))
            return

        def find_winnable() -> None:
            session = self.session
            self.apply_reply(self.assistant.find_deal(session.game.autoplay, session.next_variant))

        number = typed.number
        start = find_winnable if number is None and self.assistant.winnable_only else None
        self.present(self.session.leave_for_deal(number, start=start, variant=typed.variant))

    def action_help(self) -> None:
        from freecell_tui.ui.screens.help import HelpScreen

        # Once: a second ? typed before the first help is drawn would open a second help.
        if not any(isinstance(screen, HelpScreen) for screen in self.app.screen_stack):
            self.app.push_screen(HelpScreen(self.session.variant, keys=self.keys))

    def action_quit(self) -> None:
        self.app.exit()

    def action_command_line(self) -> None:
        self.put_down()
        # The command line takes the message line's place. (Hidden by its own display, not a
        # class on the screen: that would restyle every pile of the board on each ':'.)
        self.message.display = False
        self.command_line.open()

    def action_hint(self) -> None:
        """Light up the next move of a solution from here (searched in the background)."""
        self.put_down()
        self.apply_reply(self.assistant.ask_hint())

    def action_solve(self) -> None:
        """Auto-solve: play a solution from here at a pace a person can follow; again stops."""
        self.put_down()
        if self.autosolver.solving:
            self.stop_autosolve()
        else:
            self.apply_reply(self.assistant.ask_solution())

    # ------------------------------------------------------------------ saves, statistics, Klondike
    def action_saves(self) -> None:
        """The save-slot screen: save this game under a name, load, rename, delete, export…"""
        from freecell_tui.ui.screens.saves import SaveSlotsScreen

        self.put_down()
        session = self.session
        saves = SaveSlotsScreen(
            session.store,
            session.game,
            session.elapsed,
            then=self.apply_dialog_result,
            load=session.load,
        )
        self.app.push_screen(saves)

    def apply_dialog_result(self, result: object) -> None:
        """What the saves or statistics screen closed with: show what loading a save did, or
        play on from a game watched there."""
        if isinstance(result, (Step, Ask)):
            self.present(result)
        elif isinstance(result, Game):
            self.play_on(result)

    def action_stats(self) -> None:
        from freecell_tui.ui.screens.stats import StatsScreen

        s = self.session
        self.app.push_screen(
            StatsScreen(
                s.store, s.game.autoplay, self.board.ascii, s.variant, then=self.apply_dialog_result
            )
        )

    def action_share(self) -> None:
        from freecell_tui.ui.screens.dialogs import CodeScreen

        self.app.push_screen(CodeScreen(self.session.game))

    def action_watch(self, game: Game | None = None, at: int = 0, title: str = "") -> None:
        """The viewer over the board: a game (this one by default) from step ``at``."""
        from freecell_tui.ui.screens.viewer import ViewerScreen

        self.put_down()
        watched = game or self.session.game
        viewer = ViewerScreen.over(
            self.board, watched, at=at, title=title, then=self.play_on, pars=self.session
        )
        self.app.push_screen(viewer)

    @TYPED.of("watch")
    def watch_typed(self, typed: ActionCommand) -> None:
        """``:watch`` (this game), ``:watch CODE``, ``:watch solution`` (the solver's, from
        here)."""
        if typed.choice == "solution":
            self.action_watch_solution()
        else:
            self.action_watch(typed.game)

    def action_watch_solution(self) -> None:
        """The solver's solution from here, in the viewer (searched in the background first)."""
        self.put_down()
        self.apply_reply(self.assistant.ask_solution(watch=True))

    def play_on(self, game: Game | None) -> None:
        """The viewer's answer: play on from a watched game's step (``None``: it was left)."""
        if game is not None:
            self.present(self.session.leave_for_game(game))

    def action_klondike(self) -> None:
        """Watch the automatic Klondike player; this game's clock waits meanwhile."""
        from freecell_tui.ui.screens.klondike import KlondikeScreen

        self.put_down()
        self.app.push_screen(KlondikeScreen())

    # ------------------------------------------------------------------ settings (palette)
    @TYPED.of("winnable")
    def action_winnable(self, typed: ActionCommand | None = None) -> None:
        """The winnability check in the status line: toggled (the palette), or ``:winnable
        on|off``."""
        on = not self.assistant.check if typed is None or typed.switch is None else typed.switch
        self.apply_reply(self.assistant.set_check(on))
        self.remember("winnability_check", on)
        self.say(
            "Winnability check on: the status line says whether this game can still be won."
            if on
            else "Winnability check off: no spoilers (i still gives a hint)."
        )

    @TYPED.of("deals")
    def action_deals(self, typed: ActionCommand | None = None) -> None:
        """Winnable deals only: toggled (the palette), or ``:deals winnable|any``."""
        on = not self.assistant.winnable_only if typed is None else typed.choice == "winnable"
        self.assistant.winnable_only = on
        self.remember("winnable_deals_only", on)
        self.say(
            "New random games: winnable deals only (deals the solver proves unsolvable are skipped)."
            if on
            else "New random games: any deal."
        )

    @TYPED.of("speed")
    def set_speed(self, typed: ActionCommand) -> None:
        """``:speed N``: auto-solve's pace, kept for next time."""
        if typed.speed is not None:
            self.autosolver.pace = pace_for(typed.speed)
            self.remember("solve_speed", self.autosolver.speed)
            self.say(f"Auto-solve plays {self.autosolver.pace_text()}.")

    # ------------------------------------------------------------------ typed commands
    def run_command(self, text: str) -> None:
        """Run one typed command (the ``:`` line): a move, a list of moves (played in turn), or a
        command of the table; what does not read is refused with one line and changes nothing."""
        try:
            command = parse_command(text, self.session.variant)
        except FreeCellError as error:
            self.refuse(str(error))
            return
        if isinstance(command, MoveCommand):
            self.play(command)
        elif isinstance(command, MovesCommand):
            self.play_list(command.moves)
        else:
            self.run_typed(command)

    def run_typed(self, command: ActionCommand) -> None:
        """A command of the table as typed: its session call, its answer presented; its body
        here (:data:`TYPED`); else what its key runs. Line mode's own are refused."""
        call, name = by_name(command.action).call, command.action
        if call is not None:
            self.present(call(self.session, command))
        elif name in TYPED:
            TYPED[name](self, command)
        elif by_name(name).screen:
            self.run_bound(Bound(name, name))
        else:  # board, moves
            self.refuse(f"{name} is for line mode: here, the board shows it all")

    # ------------------------------------------------------------------ the look (palette)
    _before_classic: str | None = None

    def remember(self, name: str, value: object) -> None:
        """Tell the app a setting changed, so it is kept for next time."""
        self.post_message(SettingChanged(name, value))

    def action_four_colour(self) -> None:
        board = self.board
        board.four_colour = not board.four_colour
        self.remember("four_colour", board.four_colour)
        self.say(
            "Four-colour deck: clubs green, diamonds blue, hearts red, spades black."
            if board.four_colour
            else "Two-colour deck: hearts and diamonds red, clubs and spades black."
        )

    def action_ascii(self) -> None:
        self.board.ascii = not self.board.ascii
        self.remember("ascii_suits", self.board.ascii)

    def action_motion(self) -> None:
        board = self.board
        board.motion = not board.motion
        self.remember("motion", board.motion)
        self.say(
            "Motion on: cards glide to their place."
            if board.motion
            else "Motion off: cards jump to their place at once."
        )

    def action_classic(self) -> None:
        """The classic look, or back to the theme chosen before it."""
        app = self.app
        if app.theme != CLASSIC_NAME:
            self._before_classic = app.theme
            app.theme = CLASSIC_NAME
            self.say("The classic look: light cards on a green table (again for your theme).")
        else:
            app.theme = self._before_classic or DEFAULT_THEME
            self.say(f"Theme {app.theme}.")
