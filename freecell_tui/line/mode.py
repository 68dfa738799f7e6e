"""Line mode's commands: thin text input and output over a :class:`PlaySession`.

Each input line is a move or a command of :mod:`freecell_tui.session.table` (parsed by
:func:`freecell_tui.session.parse.parse_command`); the session does it — and writes the game to
the store before it returns — then the answer is printed. A question (leave a game under way?
overwrite a save?) takes the next input line as its answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final, TextIO

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import BadCode, shared_code
from freecell_tui.core.commands import MoveCommand, menu_help
from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.notation import Move, is_solution_chatter, parse_moves
from freecell_tui.core.rules import describe_move, legal_moves
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Variant
from freecell_tui.core.words import plural, printable
from freecell_tui.line.board_text import ASCII_SUITS, format_board
from freecell_tui.line.par_hunt import ParHunt
from freecell_tui.line.watch import Watcher
from freecell_tui.session.analysis import Analyst
from freecell_tui.session.assist import Answer, Want, answer, look
from freecell_tui.session.listed import MovePlan, play_listed
from freecell_tui.session.par import LINE_PAR_SECONDS, find_par
from freecell_tui.session.parse import ActionCommand, MovesCommand, parse_command
from freecell_tui.session.play import Decision, Event, PlaySession, Question, Step
from freecell_tui.session.replay import Replay, with_solution
from freecell_tui.session.review import REVIEW_SECONDS, Review, review
from freecell_tui.session.table import Bodies, by_name, line_help
from freecell_tui.session.words import code_note, describe_turn, game_deal_phrase
from freecell_tui.store import StoreError, format_duration
from freecell_tui.store.stats import NO_GAMES, format_statistics

__all__ = ["LineMode"]

_YES = ("y", "yes")
#: The question after a win, and the commands that answer it (``no`` quits too; undo and
#: restart take the game back from its win instead).
_ANOTHER_GAME = "Another game? Type y for a random deal, deal N for deal N, or q to quit."
_WIN_ANSWERS = ("new", "deal", "daily", "quit", "undo", "restart")
#: Commands that only show something: after a win they run, and the question still waits.
_SHOWS = ("help", "board", "stats", "saves", "watch")
#: What line mode says of the full-screen game's commands.
_NOT_HERE = {
    "klondike": "Klondike is not played in line mode: run freecell-tui klondike, or :klondike "
    "in the full-screen game.",
    "": "{} is a setting of the full-screen game (freecell-tui): line mode has no use for it.",
}


#: What each line-mode command of the table does, unless it is a session call (the table's
#: ``call``: :meth:`LineMode.run`): a method of :class:`LineMode`, registered at its definition.
#: A test checks it against the table: every other command line mode takes is here.
HANDLERS: Final[Bodies[LineMode]] = Bodies()


class LineMode:
    """One line-mode session: :meth:`handle` takes an input line; :attr:`running` turns false
    after ``quit``."""

    #: The most time a review's searches take (the viewer's too).
    review_seconds: ClassVar[float] = REVIEW_SECONDS

    def __init__(
        self,
        session: PlaySession,
        out: TextIO,
        *,
        ascii: bool = False,
        par_seconds: float = LINE_PAR_SECONDS,
    ) -> None:
        self.session = session
        self.out = out
        self.ascii = ascii
        #: How long the search for the deal's par runs when the store does not know it (0: none).
        self.par_seconds = par_seconds
        #: That search, in the background from the moment the deal is on the board.
        self.par_hunt = ParHunt(par_seconds, lambda *args, **options: find_par(*args, **options))
        #: The deal, autoplay mode and game the search was last set for.
        self._par_for: tuple[int | None, AutoplayMode, Variant] | None = None
        self.running = True
        self.analyst = Analyst()
        #: A question waiting for its answer: the next input line goes here.
        self._question: Callable[[str], None] | None = None
        #: The position of the board printed last (at first, the game's: :meth:`start` prints
        #: it).
        self._shown: GameState = session.game.state

    # ------------------------------------------------------------------ output
    def say(self, *lines: str) -> None:
        """Write ``lines`` and flush, so a pipe sees them at once."""
        text = "".join(
            (line.translate(ASCII_SUITS) if self.ascii else line) + "\n" for line in lines
        )
        self.out.write(text)
        self.out.flush()

    def show_board(self) -> None:
        session = self.session
        self._shown = session.game.state
        par = session.par_shown
        self.say(
            *format_board(
                session.game,
                ascii=self.ascii,
                daily=session.daily,
                par=None if par is None else par.moves,
            )
        )

    def start(self, note: str | None = None) -> None:
        """Greet the player (then ``note``, if any) and show the first board."""
        game = self.session.variant.name  # FreeCell, or the game asked for
        self.say(f"{game} in line mode. Type a move such as 3a, h for help, q to quit.")
        if note:
            self.say(note)
        self.show_board()
        self.par_news()

    def tell(self, step: Step, *, board: bool = False, details: bool = False) -> None:
        """Say what a session step did: its lines (or its one line), its notices, the board, and
        the end of the game when it came."""
        for notice in step.notices:
            self.say(f"Note: {notice}")
        if step.refused:
            self.say(_refusal(step.said))
            return
        self.say(*(step.lines if details and step.lines else (step.said,)))
        if board:
            self.show_board()
        self.announce(step)

    def announce(self, step: Step) -> None:
        if step.event is Event.WON:
            self.par_news(winning=True)
            self.say(self.session.win_text(), _ANOTHER_GAME)
            self._question = self._another_game
        elif step.event is Event.STUCK:
            self.say("No legal move is left: this game is lost. Type undo, restart or new.")

    def par_news(self, *, winning: bool = False) -> None:
        """Keep what the background search for par found, if it has ended (a par found after the
        win is told with the win's text again; ``winning``: the win's text, with that par, is
        said next), and search for the par the session wants now (a new deal's, another game's,
        another autoplay mode's)."""
        found = self.par_hunt.pop_found()
        if found is not None:
            step = self.session.keep_par(found, self.par_seconds)
            for notice in step.notices:
                self.say(f"Note: {notice}")
            if step.said and not winning:
                self.say(f"Par found: {step.said}")
        # The store is asked only when the deal, its game or its autoplay mode changed (or a
        # search ended), not after every line: a move does not change which par is wanted.
        game = self.session.game
        playing = (game.deal_number, game.autoplay, game.start.variant)
        if found is not None or playing != self._par_for:
            self._par_for = playing
            self.par_hunt.follow(self.session.par_to_find())

    def _another_game(self, answer: str) -> None:
        """The answer to "Another game?" after a win; any other line (a move, a hint) asks
        again."""
        if answer.lower() in _YES:
            self.run(ActionCommand("new"))
            return
        if answer.lower() == "no":
            self.do_quit(ActionCommand("quit"))
            return
        try:
            command = parse_command(answer, self.session.variant)
        except FreeCellError:
            command = None
        if isinstance(command, ActionCommand) and command.action in _WIN_ANSWERS:
            self.run(command)
            return
        self._question = self._another_game
        if isinstance(command, ActionCommand) and command.action in _SHOWS:
            self.run(command)
        else:
            self.say(f"The game is won. {_ANOTHER_GAME}")

    def ask(self, question: Question, then: Callable[[], None], *, refused: str) -> None:
        """Ask ``question``; a yes answer (the next line) runs ``then``."""

        def answered(answer: str) -> None:
            if answer.lower() in _YES:
                then()
            else:
                self.say(refused)

        self._question = answered
        self.say(f"{question.title} {question.detail} [y/N]")

    # ------------------------------------------------------------------ input
    def handle(self, line: str) -> None:
        """Act on one input line: the answer to a pending question, or a command; then look at
        the search for par."""
        self._handle(line)
        self.par_news()

    def _handle(self, line: str) -> None:
        if self._question is not None:
            answer, self._question = self._question, None
            answer(line.strip())
            return
        text = line.strip()
        if not text:
            return
        word = text.lower()
        if self.session.game.outcome is Outcome.WON and word in _YES:
            self.run(ActionCommand("new"))
            return
        if self.session.game.outcome is Outcome.WON and word == "no":
            self.do_quit(ActionCommand("quit"))
            return
        if self.took_solution_line(text):
            return
        try:
            command = parse_command(text, self.session.variant)
        except FreeCellError as error:
            self.say(f"Not understood: {error}")
            return
        if not isinstance(command, ActionCommand):
            self.play_command(command)
            return
        if not by_name(command.action).line:
            self.say(_NOT_HERE.get(command.action, _NOT_HERE[""]).format(command.action))
            return
        self.run(command)

    def run(self, command: ActionCommand) -> None:
        """Run a command of the table: its session call, its answer presented (the table's
        ``call``), or its body (:data:`HANDLERS`)."""
        call = by_name(command.action).call
        if call is not None:
            self.present(call(self.session, command))
        else:
            HANDLERS[command.action](self, command)

    def play_command(self, command: MoveCommand | MovesCommand) -> None:
        """A move, or several on one line."""
        if isinstance(command, MovesCommand):
            self.play_moves(list(command.moves))
        else:
            self.tell(self.session.play(command.move, command=command), board=True, details=True)

    def took_solution_line(self, text: str) -> bool:
        """Take a line of a solver's output: its header or closing line (skipped: its moves
        follow or came before), or a line of several moves (played); false for anything else."""
        if is_solution_chatter(text):
            return True
        moves = _moves_of(text, self.session.variant)
        if moves is None:
            return False
        self.play_moves(moves)
        return True

    def play_moves(self, moves: list[Move]) -> None:
        """Play a line of several moves in turn, each told as if typed on its own line, as the
        session plays a list (:func:`play_listed`: a move whose cards autoplay sent home
        already is skipped); the first refused one ends the line, and so does the game's end
        (what follows is not for this game)."""
        plan = MovePlan.plan(self.session.game, tuple(moves))
        for index in range(len(plan)):
            step = play_listed(self.session, plan, index)
            self.tell(step, board=step.changed, details=True)
            if step.refused or step.event is not None:
                return

    # ------------------------------------------------------------------ commands (HANDLERS)
    @HANDLERS.of("help")
    def do_help(self, command: ActionCommand) -> None:
        variant = self.session.variant
        self.say(*line_help(variant), "Seed-003 menu:", *menu_help(variant).splitlines())

    @HANDLERS.of("quit")
    def do_quit(self, command: ActionCommand) -> None:
        self.say("Goodbye.")
        self.running = False

    @HANDLERS.of("board")
    def do_board(self, command: ActionCommand) -> None:
        self.show_board()

    @HANDLERS.of("moves")
    def do_moves(self, command: ActionCommand) -> None:
        state = self.session.game.state
        # Into free cells, only the first empty one: the others would say the same.
        first_cell = next((i for i, card in enumerate(state.cells) if card is None), None)
        moves = [
            describe_move(state, move)
            for move in legal_moves(state)
            if not move.dest.is_cell or move.dest.index == first_cell
        ]
        if not moves:
            self.say("There is no legal move.")
            return
        self.say(f"{plural(len(moves), 'legal move')}:", *moves)

    @HANDLERS.of("new", "deal")
    def do_deal(self, command: ActionCommand) -> None:
        """``new`` (a random deal), ``deal N``, ``deal CODE``, ``game NAME``: asked first when a
        game is under way."""
        if command.position is not None:  # a game code's custom position
            self.present(self.session.leave_for_position(command.position))
        else:
            self.present(self.session.leave_for_deal(command.number, variant=command.variant))

    def present(self, decision: Decision | None) -> None:
        """Show a session step — with the board when it shows a new game or another position
        than the board printed last — or ask its question first (the next line answers it)."""
        if isinstance(decision, Step):
            moved = self.session.game.state != self._shown
            self.tell(decision, board=decision.new_game or moved)
        elif decision is not None:
            ask = decision
            self.ask(ask.question, lambda: self.present(ask.yes()), refused=ask.no)

    @HANDLERS.of("hint")
    def do_hint(self, command: ActionCommand) -> None:
        """The next move of a solution from here."""
        answered = self._assist(Want.HINT)
        if answered.mark is not None:
            for notice in self.session.note_hint():
                self.say(f"Note: {notice}")
        self.say(answered.said)

    @HANDLERS.of("solve")
    def do_solve(self, command: ActionCommand) -> None:
        """Play a solution from here, one turn a move, so undo takes them back one by one."""
        answered = self._assist(Want.SOLVE)
        if not answered.moves:
            self.say(answered.said)
            return
        self.say(f"{answered.said}; undo takes them back one at a time.")
        last: Step | None = None
        for move in answered.moves:
            state = self.session.game.state
            last = self.session.play(move, solver=True)
            if last.refused:  # cannot happen while the plan follows the game
                self.say(_refusal(last.said))
                return
            assert last.turn is not None
            self.say(*describe_turn(state, last.turn))
            for notice in last.notices:
                self.say(f"Note: {notice}")
        self.show_board()
        if last is not None:
            self.announce(last)

    def _assist(self, want: Want) -> Answer:
        """The session's answer to a hint or auto-solve, searched here when nothing is known
        (what is said while it searches is said first)."""
        par = self.session.par
        if par is not None:
            self.analyst.learn_par(par)
        game = self.session.game
        answered = answer(want, game, self.analyst)
        if answered.search:
            self.say(answered.said)
            found = look(game, self.analyst.known(game.autoplay))
            self.analyst.learn(game, found)
            answered = answer(want, game, self.analyst, found)
        return answered

    @HANDLERS.of("saves")
    def do_saves(self, command: ActionCommand) -> None:
        """List the named saves, then the unfinished games set aside."""
        store = self.session.store
        try:
            saves = store.slots.all()
            waiting = store.autosaves.all()
        except StoreError as error:
            self.say(error.message)
            return
        for problem in (*saves.problems, *waiting.problems):
            self.say(f"Note: {problem}")
        slots, unfinished = saves.items, waiting.items
        lines = [plural(len(slots), "save") + (":" if slots else ".")]
        for slot in slots:
            lines.append(
                f"“{printable(slot.name)}”: {game_deal_phrase(slot.deal_number, slot.variant)}, "
                f"{plural(slot.move_count, 'move')}, {plural(slot.cards_home, 'card')} home, "
                f"{format_duration(slot.elapsed_seconds)} played, "
                f"saved {slot.saved_at.astimezone():%Y-%m-%d %H:%M}"
            )
        if unfinished:
            lines.append(f"{plural(len(unfinished), 'unfinished game')} waiting:")
            for game in unfinished:
                lines.append(
                    f"{game_deal_phrase(game.deal_number, game.variant)}, "
                    f"{plural(game.move_count, 'move')}, "
                    f"{plural(game.cards_home, 'card')} home, "
                    f"saved {game.saved_at.astimezone():%Y-%m-%d %H:%M}"
                )
        lines.append("save NAME saves this game; load NAME plays a save.")
        self.say(*lines)

    @HANDLERS.of("share")
    def do_share(self, command: ActionCommand) -> None:
        """The game code of this game, on a line of its own (to copy)."""
        game = self.session.game
        code = shared_code(game)
        if isinstance(code, BadCode):
            self.say(f"No game code: {code.reason}.")
        else:
            self.say(code, code_note(game))

    @HANDLERS.of("watch")
    def do_watch(self, command: ActionCommand) -> None:
        """The text viewer of a game code (or of this game): its lines go to the viewer until
        ``quit``, then to the game again (and to its question, if one was waiting)."""
        game = command.game if command.game is not None else self.session.game
        replay = Replay.of(game)
        if command.choice == "solution":  # the solver's solution, from this game's position
            answered = self._assist(Want.WATCH)
            if not answered.moves:
                self.say(answered.said)
                return
            at = len(game.line)
            moved = Replay.of(with_solution(game, answered.moves)).to(at)
            assert isinstance(moved, Replay)  # ``at`` is within the longer line
            replay = moved
        watcher = Watcher(
            replay,
            self.say,
            ascii=self.ascii,
            leaves="returns to the game",
            reviewer=self.reviewer,
            review_seconds=self.review_seconds,
        )
        waiting = self._question

        def watching(line: str) -> None:
            if watcher.handle(line):
                self._question = watching
                return
            self._question = waiting
            self.say("Back to the game.")
            self.show_board()
            if waiting is not None:
                self.say(_ANOTHER_GAME)

        self._question = watching
        watcher.open()

    def reviewer(self, game: Game, seconds: float) -> Review:
        """``game`` reviewed within ``seconds`` with its deal's par from the store, when known; a
        par the review found is kept there, as the viewer of the full-screen game keeps it."""
        found = review(game, par=self.session.par_of(game), seconds=seconds)
        if found.search is not None:
            for notice in self.session.keep_par(found.search, seconds).notices:
                self.say(f"Note: {notice}")
        return found

    @HANDLERS.of("stats")
    def do_stats(self, command: ActionCommand) -> None:
        try:
            store, variant = self.session.store, self.session.variant
            mode = self.session.game.autoplay
            reading = store.results.statistics(store.pars.all(variant), mode, variant=variant)
        except StoreError as error:
            self.say(error.message)
            return
        for problem in reading.problems:
            self.say(f"Note: {problem}")
        stats = reading.statistics
        if not variant.is_classic:  # each game has statistics of its own
            self.say(f"Statistics of {variant.name}:")
        self.say(*format_statistics(stats).splitlines())
        if not stats.played:
            self.say("", NO_GAMES)


def _moves_of(text: str, variant: Variant) -> list[Move] | None:
    """The moves of a line of several moves in standard notation (a solver's line of a solution),
    or ``None`` for anything else (one move or a command: :func:`parse_command` reads it)."""
    words = text.split()
    if len(words) < 2:
        return None
    try:
        return parse_moves(text, variant)
    except NotationError:
        return None


def _refusal(reason: str) -> str:
    """A refused command, in a sentence that says so."""
    if reason.startswith(("There is", "A save", "A slot", "Could not", "The ", "That ")):
        return reason
    return f"Not allowed: {reason}"
