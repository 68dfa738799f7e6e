"""The viewer: a game played back on the board, step by step, with a move list beside it (under it
in a narrow terminal).

It walks a :class:`~freecell_tui.session.replay.Replay` — a frozen value whose cursor moves
return a new replay, or an :class:`~freecell_tui.session.replay.OffTheEnd` whose one line is said
as the refusal. The board is the game's own :class:`~freecell_tui.ui.board.board.Board`, read-only: the
viewer never hands it a key, and a card picked up with the mouse is put down at once with a word
on how to play from here. A step forward glides as a move does in play (its autoplay moves are
part of it); back and jumps put the position down at once.

Keys are decided as they are read (``decide_key``, the app's one input path). ``t`` (or Enter with
no move picked in the list) plays on from the step shown: the screen answers the game up to it
(:meth:`Replay.game_at`) to whoever opened it (``then``, as it closes: the keys typed after act
on the game played on), which makes it the session's game
(:meth:`PlaySession.leave_for_game <freecell_tui.session.PlaySession.leave_for_game>`). Leaving
answers ``None``. ``p`` watches the solver's solution from the step shown instead of the moves
after it (searched in the screen's own worker thread).

``r`` reviews the game (:func:`~freecell_tui.session.review.review`, in the screen's own worker
thread, cancelled when the viewer closes; the keys go on meanwhile) — at once as the viewer opens
on a finished game (``review=True``, or a won game). Its marks are tags beside the moves
(:mod:`.viewer_review`), its summary is said and its gist stays on the status line; ``m`` jumps
to the next marked move, ``W`` shows the review's line in place of the player's (the winning
line from the last winnable step, or par's line) to step through and play on from. A par the
review's search found is handed to ``pars`` (the session: :class:`ParBook`), which keeps it by
its one rule and tells the par it knows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Protocol

from textual import getters, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container
from textual.events import Key, Paste, Resize
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import get_current_worker

from freecell_tui.core.game import Game
from freecell_tui.core.words import plural, printable
from freecell_tui.session import PlaySession
from freecell_tui.session.analysis import Analyst
from freecell_tui.session.assist import Answer, Want, answer, look
from freecell_tui.session.par import ParSearch
from freecell_tui.session.replay import (
    FIRST_WORDS,
    OffTheEnd,
    Replay,
    ReplayStep,
    solution_title,
    with_solution,
)
from freecell_tui.session.review import REVIEW_SECONDS, Review, review
from freecell_tui.session.steps import Step, Tone
from freecell_tui.session.words import deal_phrase
from freecell_tui.store import Par
from freecell_tui.ui.assist.assistant import YieldingCancel
from freecell_tui.ui.board.board import Board
from freecell_tui.ui.board.gestures import Pending
from freecell_tui.ui.keys import DecidesKeys, bound_actions
from freecell_tui.ui.screens.help import HelpScreen, binding_rows
from freecell_tui.ui.screens.viewer_keys import VIEWER_BINDINGS, VIEWER_RANKS
from freecell_tui.ui.screens.viewer_review import (
    offered_line,
    review_keys,
    review_note,
    review_tags,
    review_word,
)
from freecell_tui.ui.widgets.footer import KeyFooter
from freecell_tui.ui.widgets.move_list import MoveList
from freecell_tui.ui.widgets.status import MessageLine, PartsLine

__all__ = [
    "PACES",
    "ParBook",
    "ViewerScreen",
    "list_width",
    "step_entry",
    "step_words",
    "watch_from",
]

#: Seconds between two steps while the viewer plays, slowest first.
PACES: Final = (3.0, 2.0, 1.0, 0.5, 0.25)
_DEFAULT_PACE: Final = 2
#: The move list's width beside the board: a third of the terminal, within these bounds.
LIST_WIDTHS: Final = (30, 48)
#: The board's narrowest width (the compact layout's).
_BOARD_WIDTH: Final = 64
#: Said to a click or drag on the board.
WATCHING: Final = "Watching: t plays on from here."


class ParBook(Protocol):
    """Where the viewer reads a deal's par and hands a par its review found
    (:class:`~freecell_tui.session.PlaySession`)."""

    def par_of(self, game: Game) -> Par | None: ...

    def keep_par(self, search: ParSearch, budget_seconds: float) -> Step: ...


def list_width(width: int) -> int:
    """The move list's width beside the board in a terminal ``width`` wide (0: under it)."""
    low, high = LIST_WIDTHS
    wanted = min(max(width // 3, low), high)
    return wanted if width - wanted >= _BOARD_WIDTH else 0


def _rest(words: str) -> str:
    """A move's words without their notation: ``9♥ to empty column 7``."""
    head, _, rest = words.partition(": ")
    return rest if rest else head


def step_words(step: ReplayStep) -> str:
    """What a step did, numbered: ``27: 9♥ to empty column 7; autoplay A♣ home``."""
    if step.turn is None:
        return FIRST_WORDS
    first, *autoplay = step.words
    text = f"{step.number}: {_rest(first)}"
    if autoplay:
        text += "; autoplay " + ", ".join(_rest(line) for line in autoplay)
    return text


def step_entry(step: ReplayStep) -> tuple[str, str]:
    """A step as the move list shows it: long (``27: 72 6h — 9♥ to empty column 7``) and short
    (``27: 72 6h``)."""
    if step.turn is None:
        return "0: the start", "0: start"
    short = f"{step.number}: {step.notation}"
    return f"{short} — {_rest(step.words[0])}", short


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def pace_text(seconds: float) -> str:
    if seconds >= 1:
        return "a move a second" if seconds == 1 else f"a move every {seconds:g} seconds"
    return f"{1 / seconds:g} moves a second"


class ViewerScreen(DecidesKeys, Screen[Game | None]):
    """See the module's docstring. ``at`` is the step shown first."""

    DEFAULT_CSS = """
    ViewerScreen { layout: vertical; background: $background; }
    ViewerScreen #viewer-body { height: 1fr; layout: horizontal; }
    ViewerScreen #viewer-body Board { width: 1fr; height: 100%; }
    ViewerScreen #moves { height: 100%; width: 34; border-left: tall $panel-lighten-2; }
    ViewerScreen #viewer-status {
        height: 1;
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    ViewerScreen.-narrow #viewer-body { layout: vertical; }
    ViewerScreen.-narrow #viewer-body Board { width: 100%; height: 1fr; }
    ViewerScreen.-narrow #moves { width: 100%; height: 1; border-left: none; }
    ViewerScreen.-narrow #viewer-status { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = list(VIEWER_BINDINGS)
    #: The bound on a review's searches, all together.
    review_seconds: ClassVar[float] = REVIEW_SECONDS

    @dataclass
    class Solved(Message):
        """The solver's answer for ``game`` (the game at the step shown when ``p`` was pressed)."""

        game: Game
        answer: Answer

    @dataclass
    class Reviewed(Message):
        """The review of ``game`` (``None``: the review failed, for ``why``)."""

        game: Game
        found: Review | None
        why: str = ""

    board = getters.query_one("#board", Board)
    moves = getters.query_one("#moves", MoveList)
    message = getters.query_one("#message", MessageLine)
    status = getters.query_one("#viewer-status", PartsLine)

    def __init__(  # noqa: PLR0913 (keyword-only injection points: the looks, who answers, the par book)
        self,
        game: Game,
        *,
        at: int = 0,
        title: str = "",
        ascii: bool = False,
        four_colour: bool = False,
        motion: bool = True,
        then: Callable[[Game | None], object] | None = None,
        review: bool | None = None,
        pars: ParBook | None = None,
    ) -> None:
        super().__init__()
        #: Gets the viewer's answer as it closes, before the next key is read.
        self._then = then
        self._left = False
        replay = Replay.of(game)
        moved = replay.to(min(max(at, 0), replay.last_number))
        self.replay: Replay = moved if isinstance(moved, Replay) else replay
        #: What is watched, for the status line (``deal 617``, ``the solver's solution``).
        self.watched = title or deal_phrase(game.deal_number)
        self._looks = (ascii, four_colour, motion)
        self.pace = _DEFAULT_PACE
        self.playing = False
        self._timer: Timer | None = None
        #: Review as the viewer opens: a finished game (by default, one the player won).
        won = game.state.is_won and not game.solver_moves
        self._review_first = won if review is None else review
        self._pars = pars
        #: The review of the game watched (or of the solver's way ``p`` showed), once done.
        self.found: Review | None = None
        self.reviewing = False
        #: The review's line is shown in place of the player's moves (``W``).
        self.line_shown = False
        #: The player's line and its title while the review's is shown (``W`` goes back).
        self._own: tuple[Replay, str] | None = None

    @classmethod
    def over(
        cls,
        board: Board,
        game: Game,
        *,
        at: int = 0,
        title: str = "",
        then: Callable[[Game | None], object] | None = None,
        review: bool | None = None,
        pars: ParBook | None = None,
    ) -> ViewerScreen:
        """The viewer of ``game`` drawn as ``board`` is (its suits, colours and motion)."""
        return cls(
            game,
            at=at,
            title=title,
            ascii=board.ascii,
            four_colour=board.four_colour,
            motion=board.motion,
            then=then,
            review=review,
            pars=pars,
        )

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        ascii, four_colour, motion = self._looks
        board = Board(self.replay.state, id="board")
        board.hovers = False  # read-only: the mouse shows no move to make
        board.set_reactive(Board.ascii, ascii)
        board.set_reactive(Board.four_colour, four_colour)
        board.set_reactive(Board.motion, motion)
        with Container(id="viewer-body"):
            yield board
            yield MoveList(id="moves")
        yield PartsLine(id="viewer-status")
        yield MessageLine(id="message")
        yield KeyFooter(show_command_palette=False, ranks=VIEWER_RANKS)

    def on_mount(self) -> None:
        board = self.board
        board.watch_ascii(board.ascii)
        board.watch_four_colour(board.four_colour)
        self.fit(self.app.size)
        self._list_moves()
        self._show_step()
        if self._review_first:
            self.action_review()

    def _list_moves(self) -> None:
        entries = [step_entry(step) for step in self.replay.steps]
        self.moves.long = tuple(long for long, _ in entries)
        self.moves.short = tuple(short for _, short in entries)

    def on_resize(self, event: Resize) -> None:
        self.fit(event.size)

    def fit(self, size: Size) -> None:
        """Lay the board and the move list out for a terminal of ``size``: the list beside the
        board when both fit, else one line under it standing in for the status line."""
        beside = list_width(size.width)
        self.set_class(not beside, "-narrow")
        self.moves.styles.width = beside or "100%"
        layout = self.board.fit(Size(size.width - beside, size.height))
        self.message.lines = layout.message_lines

    # ------------------------------------------------------------------ keys
    async def decide_key(self, event: Key) -> bool:
        """Decide ``event`` as it is read (see :meth:`FreeCellApp.on_event
        <freecell_tui.ui.app.FreeCellApp.on_event>`): the step is shown before the next key is
        read. False: a key for Textual (``ctrl+q``)."""
        self.board.settle()
        action = bound_actions(type(self)).get(event.key)
        if action is not None:
            await self.run_action(action)
            return True
        if event.key == "ctrl+p":
            self.refuse("The command palette is the game's: q leaves the viewer first.")
            return True
        if not event.is_printable or event.character is None:
            return False
        self.refuse(f"{printable(event.character)} does nothing in the viewer: ? shows the keys")
        return True

    def decide_paste(self, event: Paste) -> bool:
        self.refuse("Nothing to paste into in the viewer: q leaves it.")
        return True

    # ------------------------------------------------------------------ the cursor
    def walk(self, moved: Replay | OffTheEnd) -> bool:
        """Show ``moved``, or say why the cursor cannot go there; False when it cannot."""
        if isinstance(moved, OffTheEnd):
            self.refuse(moved.reason)
            return False
        before = self.replay
        self.replay = moved
        self.workers.cancel_group(self, "viewer-solver")  # a search for the step left is moot
        self.moves.picked = None
        board = self.board
        board.state = moved.state
        if moved.at == before.at + 1:  # one step on: its cards travel as in play
            board.glide(before.state, moved.step.turn)
        self._show_step()
        return True

    def action_next(self) -> None:
        self.stop_playing()
        self.walk(self.replay.next())

    def action_back(self) -> None:
        self.stop_playing()
        self.walk(self.replay.back())

    def action_first(self) -> None:
        self.stop_playing()
        self.walk(self.replay.first())

    def action_last(self) -> None:
        self.stop_playing()
        self.walk(self.replay.last())

    def jump(self, number: int) -> None:
        """Step ``number`` (a move chosen in the list)."""
        self.stop_playing()
        self.walk(self.replay.to(number))

    def on_move_list_chosen(self, message: MoveList.Chosen) -> None:
        message.stop()
        self.jump(message.number)

    def action_pick(self, step: int) -> None:
        """↑/↓: pick a move in the list (Enter jumps there)."""
        moves = self.moves
        start = moves.picked if moves.picked is not None else self.replay.at
        picked = min(max(start + step, 0), self.replay.last_number)
        moves.picked = None if picked == self.replay.at else picked
        if moves.picked is not None:
            self.say(f"Enter jumps to {step_words(self.replay.steps[picked])}")
        else:
            self._show_step()

    def action_enter(self) -> None:
        """Enter: jump to the move picked in the list; with none picked, play on from here."""
        picked = self.moves.picked
        if picked is not None:
            self.jump(picked)
        else:
            self.action_play_on()

    # ------------------------------------------------------------------ playing
    def action_play(self) -> None:
        """Space: play the steps at the pace, or pause; at the end, from the start again."""
        if self.playing:
            self.stop_playing()
            self._show_step()
            return
        if self.replay.last_number == 0:
            moved = self.replay.next()
            assert isinstance(moved, OffTheEnd)
            self.refuse(moved.reason)
            return
        if self.replay.at_end:
            self.walk(self.replay.first())
        self.playing = True
        self._timer = self.set_interval(PACES[self.pace], self._tick)
        self._show_step()

    def stop_playing(self) -> None:
        self.playing = False
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _tick(self) -> None:
        if not self.walk(self.replay.next()) or self.replay.at_end:
            self.stop_playing()
            self._show_step()

    def action_pace(self, step: int) -> None:
        """``+``/``−``: a faster or slower pace (the one in use while playing)."""
        pace = min(max(self.pace + step, 0), len(PACES) - 1)
        if pace == self.pace:
            self.refuse(
                f"The pace is {pace_text(PACES[pace])} already: the "
                f"{'fastest' if step > 0 else 'slowest'} there is."
            )
            return
        self.pace = pace
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(PACES[pace], self._tick)
        self._show_step()
        self.say(f"The viewer plays {pace_text(PACES[pace])}.")

    # ------------------------------------------------------------------ the solver's way
    def action_solve(self) -> None:
        """``p``: the solver's solution from the step shown, watched in place of the moves
        after it (searched in a worker thread: the keys go on meanwhile)."""
        self.stop_playing()
        game = self.replay.game_at()
        known = answer(Want.WATCH, game, Analyst())
        if not known.search:  # nothing to search: the game is won
            self.refuse(known.said)
            return
        self.say(f"{known.said} (a step stops looking)")
        self._solve(game)

    @work(thread=True, exclusive=True, group="viewer-solver", exit_on_error=False)
    def _solve(self, game: Game) -> None:
        worker = get_current_worker()
        analyst = Analyst()
        found = look(game, analyst.known(game.autoplay), cancel=YieldingCancel(worker))
        analyst.learn(game, found)
        if not worker.is_cancelled:
            self.post_message(self.Solved(game, answer(Want.WATCH, game, analyst, found)))

    def on_viewer_screen_solved(self, message: Solved) -> None:
        message.stop()
        if message.game != self.replay.game_at():
            return  # the player stepped on meanwhile: the answer is for another position
        found = message.answer
        if not found.moves:
            self.refuse(found.said)
            return
        at = self.replay.at
        moved = Replay.of(with_solution(message.game, found.moves)).to(at)
        assert isinstance(moved, Replay)  # the step shown is in the new line too
        self.replay = moved
        self.watched = solution_title(message.game)
        self._forget_review()
        self._list_moves()
        self._show_step()
        moves = plural(len(found.moves), "move")
        self.say(f"The solver's way: {moves} to a win from here; → steps through it.")

    # ------------------------------------------------------------------ the review
    def action_review(self) -> None:
        """``r``: review the game watched (in a worker thread: the keys go on meanwhile); once
        reviewed, say its summary again."""
        if self.found is not None:
            self._say_review(self.found)
            return
        if self.reviewing:
            self.say("Reviewing… (the keys go on meanwhile)")
            return
        game = self.replay.game
        self.reviewing = True
        self._show_step()
        self._review(game, self._pars.par_of(game) if self._pars is not None else None)

    @work(thread=True, exclusive=True, group="viewer-review", exit_on_error=False)
    def _review(self, game: Game, par: Par | None) -> None:
        worker = get_current_worker()
        try:
            cancel = YieldingCancel(worker)
            found: Review | None = review(game, par=par, seconds=self.review_seconds, cancel=cancel)
            why = ""
        except Exception as error:  # a solver bug is an answer too: it never takes the viewer down
            found, why = None, f"The review failed: {error}"
        if not worker.is_cancelled:
            self.post_message(self.Reviewed(game, found, why))

    def on_viewer_screen_reviewed(self, message: Reviewed) -> None:
        message.stop()
        if message.game != self.replay.game or not self.reviewing:
            return  # the line watched changed meanwhile: the review is of another game
        self.reviewing = False
        found = message.found
        if found is None:
            self._show_step()
            self.refuse(message.why)
            return
        self.found = found
        if found.search is not None and self._pars is not None:
            kept = self._pars.keep_par(found.search, self.review_seconds)
            for notice in kept.notices:
                self.app.notify(notice, title="Saves", severity="error", markup=False)
        self.moves.tags = review_tags(found)
        self._show_step()
        self._say_review(found)

    def _say_review(self, found: Review) -> None:
        """The review's summary and what its keys do; where that does not fit, its gist with
        the keys, else the summary alone, else the gist."""
        keys = review_keys(found)
        gist = _capital(review_word(found, reviewing=False)) + "."
        full, short = f"{found.summary} {keys}".strip(), f"{gist} {keys}".strip()
        self.message.say(full, Tone.INFO, short, found.summary, gist)

    def _forget_review(self) -> None:
        """The line watched is another game's now: its review (done or under way) is moot."""
        self.workers.cancel_group(self, "viewer-review")
        self.found, self.reviewing, self.line_shown, self._own = None, False, False, None
        self.moves.tags = {}

    def action_marked(self) -> None:
        """``m``: the next marked move after the step shown (from the first again)."""
        marked = sorted(self.moves.tags)
        if not marked:
            self.refuse(
                "The review is not done yet: its marks come when it is."
                if self.reviewing
                else "No move is marked: r reviews the game."
            )
            return
        later = [number for number in marked if number > self.replay.at]
        self.jump((later or marked)[0])

    def action_offered(self) -> None:
        """``W``: the review's line in place of the player's moves — a lost game's winning line
        from its last winnable step, a win's par line — to step through and play on from; ``W``
        again: the player's line, on the same move (or its last)."""
        self.stop_playing()
        found = self.found
        if found is None:
            self.refuse(
                "The review is not done yet." if self.reviewing else "r reviews the game first."
            )
            return
        if self._own is not None:
            own, watched = self._own
            moved = own.to(min(self.replay.at, own.last_number))
            assert isinstance(moved, Replay)  # a step of the player's line
            self._show_line(moved, watched, shown=False)
            self.say(f"Your line again, on move {moved.at}: W shows the review's line.")
            return
        offered = offered_line(found)
        if isinstance(offered, str):
            self.refuse(offered)
            return
        moved = Replay.of(offered.game).to(offered.at)
        assert isinstance(moved, Replay)  # the step shown is one of the line's
        mine = (self.replay, self.watched)
        self._show_line(moved, offered.title, shown=True)
        self._own = mine
        self.say(offered.said)

    def _show_line(self, moved: Replay, watched: str, *, shown: bool) -> None:
        """Watch ``moved`` (the review's line when ``shown``, else the player's) from its step."""
        assert self.found is not None
        self.workers.cancel_group(self, "viewer-solver")
        self.replay = moved
        self.board.state = moved.state
        self.watched = watched
        self.line_shown = shown
        self._own = None
        self._list_moves()
        self.moves.tags = review_tags(self.found, line_shown=shown)
        self._show_step()

    # ------------------------------------------------------------------ leaving
    def action_play_on(self) -> None:
        """``t``: play on from the step shown, as a new game with the moves that led there."""
        self.stop_playing()
        if self.replay.state.is_won:
            self.refuse("Every card is home here: nothing is left to play (← steps back).")
            return
        self.board.settle()
        self.leave(self.replay.game_at())

    def action_quit(self) -> None:
        self.leave(None)

    def leave(self, answer: Game | None) -> None:
        """Close with ``answer`` (the game to play on from, or ``None``), handed to ``then`` at
        once: the keys typed after it act on what ``then`` did (a callback given to
        ``push_screen`` runs later, in its caller's turn). Once: a second close is ignored."""
        if self._left:
            return
        self._left = True
        self.stop_playing()
        for group in ("viewer-review", "viewer-solver"):
            self.workers.cancel_group(self, group)
        if self._then is None:
            self.dismiss(answer)
            return
        self.app.pop_screen()
        self._then(answer)

    def action_help(self) -> None:
        """``?``: the viewer's keys, from its bindings."""
        sections = [("Keys", list(binding_rows(VIEWER_BINDINGS)))]
        self.app.push_screen(HelpScreen(title="The viewer: keys", sections=sections))

    # ------------------------------------------------------------------ the board's messages
    def on_board_gestured(self, message: Board.Gestured) -> None:
        """A click or a drag on the board: the viewer plays no move; put down, say so."""
        message.stop()
        if any(not isinstance(news, Pending) or news.text for news in message.news):
            self.board.put_down()
            self.refuse(WATCHING)

    # ------------------------------------------------------------------ drawing
    def _show_step(self) -> None:
        """The status line, the message line and the list, for the step shown."""
        replay = self.replay
        moves = self.moves
        moves.at = replay.at
        where = f"Move {replay.at} of {replay.last_number}"
        pace = pace_text(PACES[self.pace])
        state = "playing" if self.playing else "paused"
        # The most wanted first: a part that does not fit is left out.
        reviewed = review_word(self.found, self.reviewing, self.line_shown)
        self.status.parts = (where, f"{state}, {pace}", reviewed, _capital(self.watched))
        moves.prefix = f"{replay.at}/{replay.last_number}" + (" ▶" if self.playing else "")
        if self.reviewing:  # a narrow terminal's stand-in for the status line says it too
            moves.prefix += " reviewing…"
        note = review_note(self.found, replay.at, self.line_shown)
        self.say(step_words(replay.step) + note)

    def say(self, text: str, tone: Tone = Tone.INFO) -> None:
        self.message.say(text, tone)

    def refuse(self, reason: str) -> None:
        self.message.say(reason, Tone.ERROR)
        self.app.bell()


def watch_from(
    dialog: Screen[Any],
    game: Game,
    then: Callable[[Game], object],
    *,
    review: bool | None = None,
) -> None:
    """The viewer over a dialog of the game (the saves, the statistics), drawn as the game's
    board is; ``then`` gets the game to play on from (nothing when the viewer is left: the
    dialog is there again). ``review``: review it as it opens (a finished game)."""
    below = dialog.app.screen_stack[0]
    board = below.query_one("#board", Board)
    session = getattr(below, "session", None)  # the game screen's: it keeps a par found

    def answered(taken: Game | None) -> None:
        if taken is not None:
            then(taken)

    pars = session if isinstance(session, PlaySession) else None
    dialog.app.push_screen(ViewerScreen.over(board, game, then=answered, review=review, pars=pars))
