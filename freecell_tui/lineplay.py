"""Line mode: ``freecell-tui play --plain``, FreeCell one command a line.

Made for screen readers, pipes and dumb terminals: no cursor movement, no colour, one line per
pile, and nothing but plain text on standard output (flushed after every answer, so a program
driving the game through a pipe sees each answer as soon as it is written). A prompt (``> ``) is
shown only when both standard input and standard output are terminals.

Commands are read with :func:`freecell_tui.core.commands.parse_command` (standard notation and the
seed-003 menu, plus undo, redo, new, restart, deal N, autoplay MODE, hint, solve, saves, stats,
save NAME, load NAME, help, quit) and two line-mode words, ``board`` (show the board again) and
``moves`` (list every legal move).

Line mode shares the store with the full-screen game (``--data-dir``): the game is written after
every change, an unfinished game is offered at start when no ``--deal`` is given (the answer is
read as the next input line, so it works through a pipe), and each game is recorded once in the
statistics when it is won or left for another.

Each action of :data:`freecell_tui.core.commands.ACTIONS` is handled by the :class:`LineSession`
method ``do_<action>``; to teach line mode a new action, give that method a body (``do_hint``,
``do_solve``, ``do_saves`` ... say for now that they are not available in line mode yet).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import TextIO

from freecell_tui.cli import fail
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.commands import MENU_HELP, ActionCommand, MoveCommand, parse_command
from freecell_tui.core.deals import parse_deal_number, random_deal_number
from freecell_tui.core.errors import FreeCellError, IllegalMoveError, NotationError
from freecell_tui.core.game import Game, Outcome, Turn
from freecell_tui.core.rules import apply_move, describe_move, legal_moves
from freecell_tui.core.solver import last_winnable, solve_for_autoplay
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural
from freecell_tui.store import ErrorKind, SavedGame, Store, StoreError, format_duration

__all__ = ["LineSession", "format_board", "run_line_mode"]

#: How long ``hint`` and ``solve`` let the solver search.
SOLVER_SECONDS = 10.0

_ASCII_SUITS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S", "–": "-", "×": "x"})

LINE_HELP = """\
Line-mode commands:
  3a, a4, 5h, 18, 18v3  standard notation: columns 1-8, free cells a-d, h for home
  undo (u), redo (r)    take back or replay a move (with the autoplay that followed it)
  restart               back to the start of this deal (redo replays the moves)
  new (n)               a new game with a random deal; new N or deal N for deal N
  autoplay off|safe|all cards that go home by themselves after each move
  save NAME, load NAME  save this game under a name; play a saved game
  saves, stats          list the saves; show the statistics
  hint, solve           the next move of a solution; play the solution to a win
  board                 show the board again
  moves                 list every legal move
  help (h), quit (q)
The board lists each column deepest card first: the last card of a line is the one that moves.
Seed-003 menu:"""


def format_board(game: Game, *, ascii: bool = False) -> list[str]:
    """The board as lines a screen reader reads well: a heading, then one line per pile."""
    state = game.state

    def text(card: Card) -> str:
        return card.ascii_label if ascii else card.label

    where = f"Deal {game.deal_number}" if game.deal_number is not None else "Position"
    moves = plural(game.move_count, "move")
    lines = [f"{where}, {moves}, {state.cards_home} of 52 cards home, autoplay {game.autoplay}"]
    homes = []
    for suit in Suit:
        top = state.foundation_top(suit)
        letter = suit.letter if ascii else suit.symbol
        homes.append(text(top) if top is not None else f"{letter} empty")
    lines.append("Foundations: " + ", ".join(homes))
    cells = [f"{'abcd'[i]} {text(card) if card else 'empty'}" for i, card in enumerate(state.cells)]
    lines.append("Free cells: " + ", ".join(cells))
    for i, column in enumerate(state.columns):
        cards = " ".join(text(card) for card in column) if column else "empty"
        lines.append(f"Column {i + 1}: {cards}")
    return lines


def describe_turn(state: GameState, turn: Turn) -> list[str]:
    """What a turn played from ``state`` did, a line a move: the player's move, then each
    autoplay move (``Autoplay 6h: A♣ home``)."""
    lines = [describe_move(state, turn.move)]
    state = apply_move(state, turn.move)
    for move in turn.autoplay:
        lines.append(f"Autoplay {describe_move(state, move)}")
        state = apply_move(state, move)
    return lines


class LineSession:
    """One line-mode session: the current game and the text it writes.

    :meth:`handle` takes one input line; :attr:`running` turns false after ``quit``.
    """

    def __init__(
        self,
        game: Game,
        out: TextIO,
        *,
        ascii: bool = False,
        new_deal: Callable[[], int] = random_deal_number,
        store: Store | None = None,
        elapsed: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.out = out
        self.ascii = ascii
        self.new_deal = new_deal
        self.running = True
        #: Where the game is written after every change (``None``: nothing is kept).
        self.store = store
        self._clock = clock
        self._elapsed_before = elapsed
        self._since: float | None = clock()
        #: The game is recorded already (won), or needs no record: no more writes for it.
        self._finished = game.state.is_won
        #: Kinds of failed write already shown (each once, not after every move).
        self._reported: set[ErrorKind] = set()
        #: A question waiting for its answer: the next input line goes here.
        self._question: Callable[[str], None] | None = None
        #: While a command is handled, its answer waits here until the game is written.
        self._held: list[str] | None = None

    # ------------------------------------------------------------------ output
    def say(self, *lines: str) -> None:
        """Write ``lines`` and flush, so a pipe sees them at once (while a command is being
        handled, at its end: see :meth:`handle`)."""
        text = "".join(
            (line.translate(_ASCII_SUITS) if self.ascii else line) + "\n" for line in lines
        )
        if self._held is not None:
            self._held.append(text)
            return
        self.out.write(text)
        self.out.flush()

    def show_board(self) -> None:
        self.say(*format_board(self.game, ascii=self.ascii))

    def start(self, note: str | None = None) -> None:
        """Greet the player (then ``note``, if any) and show the first board."""
        self.say("FreeCell in line mode. Type a move such as 3a, h for help, q to quit.")
        if note:
            self.say(note)
        self.show_board()

    # ------------------------------------------------------------------ the store
    @property
    def elapsed(self) -> float:
        """Seconds played in this game (the clock stops on a win)."""
        running = self._clock() - self._since if self._since is not None else 0.0
        return self._elapsed_before + running

    def keep(self) -> None:
        """Write the game after a change; a win is recorded once in the statistics."""
        if self.store is None or self._finished:
            return
        if self.game.state.is_won:
            self._finished = True
            self._elapsed_before, self._since = self.elapsed, None
            self.report(self.store.finish(self.game, self._elapsed_before))
        else:
            self.report(self.store.autosave(self.game, self.elapsed))

    def leave(self) -> None:
        """This game is left for another: record it (a loss, unless won or never played)."""
        if self.store is not None and not self._finished:
            self.report(self.store.finish(self.game, self.elapsed))
        self.set_clock(0.0, finished=False)

    def set_clock(self, elapsed: float, *, finished: bool) -> None:
        """A game begins or is taken up with ``elapsed`` seconds already played."""
        self._elapsed_before, self._since = elapsed, self._clock()
        self._finished = finished

    def report(self, error: StoreError | None) -> None:
        """Say a failed write once per kind; play goes on and the previous save is intact."""
        if error is None or error.kind in self._reported:
            return
        self._reported.add(error.kind)
        self.say(f"Note: {error.message} You can play on; this is said once.")

    def close(self) -> None:
        """The session ends: write the play time, then let the game wait for next time."""
        if self.store is not None:
            self.keep()
            self.store.close()

    # ------------------------------------------------------------------ input
    def handle(self, line: str) -> None:
        """Act on one input line (the answer to a pending question, or a command), then write
        the game when it changed. The answer reaches a pipe only after the write, so what the
        player has seen is saved: a crash (``kill -9``) right after it loses nothing."""
        before = self.game
        self._held = []
        try:
            if self._question is not None:
                answer, self._question = self._question, None
                answer(line.strip())
            else:
                self._act(line)
            if self.game is not before:
                self.keep()
        finally:
            held, self._held = self._held, None
            self.out.write("".join(held))
            self.out.flush()

    def _act(self, line: str) -> None:
        """Act on one command. Refused or unreadable commands say why and change nothing."""
        text = line.strip()
        if not text:
            return
        word = text.lower()
        if word in ("board", "show", "look"):
            self.show_board()
            return
        if word in ("moves", "legal"):
            self.list_moves()
            return
        if self.game.outcome is Outcome.WON and word in ("y", "yes"):
            self.do_new(ActionCommand("new"))
            return
        if self.game.outcome is Outcome.WON and word == "no":
            self.do_quit(ActionCommand("quit"))
            return
        try:
            command = parse_command(text)
            if isinstance(command, MoveCommand):
                self.play(command)
            else:
                handler: Callable[[ActionCommand], None] = getattr(self, f"do_{command.action}")
                handler(command)
        except NotationError as error:
            self.say(f"Not understood: {error}")
        except IllegalMoveError as error:
            self.say(f"Not allowed: {error}")
        except FreeCellError as error:
            self.say(f"Cannot do that: {error}")

    def play(self, command: MoveCommand) -> None:
        """Play a move, then say what moved, what autoplay moved, and show the board."""
        state = self.game.state
        command.check(state)
        self.game = self.game.play(command.move)
        self.say(*describe_turn(state, self.game.turns[-1]))
        self.show_board()
        self.announce_outcome()

    def announce_outcome(self) -> None:
        outcome = self.game.outcome
        if outcome is Outcome.WON:
            where = f"deal {self.game.deal_number}" if self.game.deal_number else "the game"
            self.say(
                f"You won {where} in {self.game.move_count} moves!",
                "Another game? Type y for a random deal, deal N for deal N, or q to quit.",
            )
        elif outcome is Outcome.STUCK:
            self.say("No legal move is left: this game is lost. Type undo, restart or new.")

    def list_moves(self) -> None:
        state = self.game.state
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

    # ------------------------------------------------------------------ actions (do_<action>)
    def do_help(self, command: ActionCommand) -> None:
        self.say(*LINE_HELP.splitlines(), *MENU_HELP.splitlines())

    def do_quit(self, command: ActionCommand) -> None:
        self.say("Goodbye.")
        self.running = False

    def do_undo(self, command: ActionCommand) -> None:
        turn = self.game.turns[-1] if self.game.turns else None
        self.game = self.game.undo()
        assert turn is not None
        self.say(f"Undone: {turn.move}{_autoplay_note(len(turn.autoplay))}")
        self.show_board()

    def do_redo(self, command: ActionCommand) -> None:
        turn = self.game.redo_tail[0] if self.game.redo_tail else None
        self.game = self.game.redo()
        assert turn is not None
        self.say(f"Redone: {turn.move}{_autoplay_note(len(turn.autoplay))}")
        self.show_board()
        self.announce_outcome()

    def do_restart(self, command: ActionCommand) -> None:
        self.game = self.game.restart()
        self.say("Restarted: back to the first position (redo replays your moves).")
        self.show_board()

    def do_new(self, command: ActionCommand) -> None:
        self.start_deal(self.new_deal())

    def do_deal(self, command: ActionCommand) -> None:
        assert command.number is not None
        self.start_deal(command.number)

    def start_deal(self, number: int) -> None:
        self.leave()
        self.game = Game.new(number, autoplay=self.game.autoplay)
        self.say(f"New game: deal {number}.")
        self.show_board()

    def do_autoplay(self, command: ActionCommand) -> None:
        assert command.mode is not None
        self.game = self.game.with_autoplay(command.mode)
        self.say(f"Autoplay is now {command.mode}, from your next move.")

    def do_hint(self, command: ActionCommand) -> None:
        """The next move of a solution from here (the solver's, autoplay left to the game)."""
        state = self.game.state
        result = solve_for_autoplay(state, self.game.autoplay, timeout=SOLVER_SECONDS)
        if result.status != "solved":
            self.say(*self.no_solution(result.status))
        elif not result.moves:
            self.say("Nothing to hint: every card is home.")
        else:
            self.say(
                f"Hint: {describe_move(state, result.moves[0])} "
                f"({plural(len(result.moves), 'move')} to a win from here)."
            )

    def do_solve(self, command: ActionCommand) -> None:
        """Play a solution from here, one turn a move, so undo takes it back move by move."""
        result = solve_for_autoplay(self.game.state, self.game.autoplay, timeout=SOLVER_SECONDS)
        if result.status != "solved":
            self.say(*self.no_solution(result.status))
            return
        lines = [
            f"Solving: {plural(len(result.moves), 'move')} (undo takes them back one at a time)."
        ]
        for move in result.moves:
            state = self.game.state
            self.game = self.game.play(move)
            lines.extend(describe_turn(state, self.game.turns[-1]))
        self.say(*lines)
        self.show_board()
        self.announce_outcome()

    def no_solution(self, status: str) -> list[str]:
        """Why the solver has no move to offer, and how far back a win was still possible."""
        if status == "gave-up":
            return [
                f"The solver found no solution within {SOLVER_SECONDS:g} seconds: play on, or try again."
            ]
        point = last_winnable(self.game.states, timeout=SOLVER_SECONDS, last_is_lost=True)
        if point.undo_count:
            moves = plural(point.undo_count, "move")
            return [
                f"No solution: this position can no longer be won. Undo {moves} to get back to a winnable position."
            ]
        if point.status == "lost" and point.index is None:
            return ["No solution: this deal cannot be won, even from its start."]
        return ["No solution: this position can no longer be won."]

    def do_saves(self, command: ActionCommand) -> None:
        """List the named saves, then the unfinished games set aside."""
        store = self._store("saves")
        if store is None:
            return
        try:
            slots = store.list_slots()
            unfinished = store.unfinished_games()
        except StoreError as error:
            self.say(error.message)
            return
        lines = [plural(len(slots), "save") + (":" if slots else ".")]
        for slot in slots:
            lines.append(
                f"“{slot.name}”: deal {slot.deal_label}, {plural(slot.move_count, 'move')}, "
                f"{slot.cards_home} cards home, {format_duration(slot.elapsed_seconds)} played, "
                f"saved {slot.saved_at.astimezone():%Y-%m-%d %H:%M}"
            )
        if unfinished:
            lines.append(
                f"{plural(len(unfinished), 'unfinished game')} waiting (the latest is offered "
                "when you start without --deal):"
            )
            for game in unfinished:
                lines.append(
                    f"deal {game.deal_label}, {plural(game.move_count, 'move')}, "
                    f"{game.cards_home} cards home, saved {game.saved_at.astimezone():%Y-%m-%d %H:%M}"
                )
        lines.append("save NAME saves this game; load NAME plays a save.")
        self.say(*lines)

    def do_stats(self, command: ActionCommand) -> None:
        from freecell_tui.store.stats import format_statistics

        store = self._store("stats")
        if store is None:
            return
        try:
            stats = store.statistics()
        except StoreError as error:
            self.say(error.message)
            return
        if not stats.played:
            self.say("No finished games yet: a game counts once it is won or left for a new one.")
            return
        self.say(*format_statistics(stats).splitlines())

    def do_save(self, command: ActionCommand) -> None:
        """Save this game under a name; a taken name asks before overwriting."""
        store = self._store("save")
        if store is None or command.name is None:
            return
        name, game, seconds = command.name, self.game, self.elapsed
        try:
            slot = store.save_slot(name, game, seconds)
        except StoreError as error:
            if error.kind is not ErrorKind.EXISTS:
                self.say(error.message)
                return

            def answered(answer: str) -> None:
                if answer.lower() not in ("y", "yes"):
                    self.say("Not saved: the save is kept as it was.")
                    return
                try:
                    store.save_slot(name, game, seconds, overwrite=True)
                except StoreError as again:
                    self.say(again.message)
                    return
                self.say(f"Saved over “{name.strip()}”.")

            self._question = answered
            self.say(f"{error.message} Overwrite it with this game? [y/N]")
            return
        self.say(f"Saved as “{slot.name}”: {plural(slot.move_count, 'move')}.")

    def do_load(self, command: ActionCommand) -> None:
        """Play a named save; the game being played waits as an unfinished game."""
        store = self._store("load")
        if store is None or command.name is None:
            return
        try:
            saved = store.load_slot(command.name)
        except StoreError as error:
            self.say(error.message)
            return
        self.take_up(saved, f"Loaded “{saved.name}”")

    def take_up(self, saved: SavedGame, what: str) -> None:
        """Play ``saved`` from where it was (history, autoplay, play time); the current game is
        set aside in the store, not counted."""
        assert self.store is not None
        error = self.store.switch_to(saved)
        if error is not None:
            self.say(f"{error.message} Your game carries on.")
            return
        kept = self.game.is_started and not self._finished
        self.game = saved.game
        self.set_clock(saved.elapsed_seconds, finished=saved.game.state.is_won)
        self.say(
            f"{what}: {plural(saved.game.move_count, 'move')}, "
            f"{format_duration(saved.elapsed_seconds)} played."
            + (" The game you were playing is kept as an unfinished game." if kept else "")
        )
        self.show_board()
        self.announce_outcome()

    def _store(self, doing: str) -> Store | None:
        if self.store is None:
            self.say(f"{doing}: there is no save file in this session.")
        return self.store

    def do_klondike(self, command: ActionCommand) -> None:
        self.say(
            "Klondike is not played in line mode: run freecell-tui klondike, or :klondike in "
            "the full-screen game."
        )


def _autoplay_note(count: int) -> str:
    if not count:
        return ""
    return f" and {count} autoplay move{'' if count == 1 else 's'}"


def _can_write_suits(out: TextIO) -> bool:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠–×".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def run_line_mode(
    args: argparse.Namespace, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run line mode until ``quit`` or the end of input. Returns the exit code: 0, or 2 for a bad
    ``--deal`` / ``--autoplay`` (one line on stderr).

    Without ``--deal``, an unfinished game in the store (``--data-dir``) is offered first; the
    answer is the next input line. With ``--deal`` it is left waiting for next time."""
    source = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    try:
        deal_arg = getattr(args, "deal", None)
        number = parse_deal_number(deal_arg) if deal_arg is not None else random_deal_number()
        mode = AutoplayMode.parse(getattr(args, "autoplay", None) or "safe")
    except FreeCellError as error:
        return fail("freecell-tui play", str(error))
    ascii = bool(getattr(args, "ascii", False)) or not _can_write_suits(out)
    interactive = source.isatty() and out.isatty() and stdin is None
    opened = Store.open(getattr(args, "data_dir", None))
    store = opened.store
    session = LineSession(Game.new(number, autoplay=mode), out, ascii=ascii, store=store)
    for warning in opened.warnings:
        session.say(f"Note: {warning}")
    found = store.load_autosave()
    for problem in found.problems:
        session.say(f"Note: {problem}")
    note = None
    if found.saved is not None and deal_arg is None:
        answer = _ask_resume(session, found.saved, source, interactive)
        if answer == "quit":
            session.say("Goodbye: the unfinished game waits for next time.")
            store.close()
            return 0
        if answer == "resume":
            refused = store.resume(found.saved)
            if refused is None:
                session.game = found.saved.game
                session.set_clock(found.saved.elapsed_seconds, finished=False)
                note = "Resumed where you left off: undo and redo work as before."
            else:
                session.say(f"Note: {refused.message} A new game starts instead.")
        else:
            session.report(store.discard_autosave(found.saved))
            note = "The unfinished game counts as lost. A new game:"
    elif found.saved is not None:
        waiting = found.saved.game
        where = f"deal {waiting.deal_number}" if waiting.deal_number is not None else "a position"
        note = (
            f"Your unfinished game of {where} ({plural(waiting.move_count, 'move')}) is kept: "
            "start without --deal to resume it."
        )
    session.start(note)
    try:
        while session.running:
            line = _read_line(source, interactive)
            if line is None:
                break
            session.handle(line)
    finally:
        session.close()
    return 0


def _ask_resume(session: LineSession, saved: SavedGame, source: TextIO, interactive: bool) -> str:
    """Ask whether to resume ``saved``: ``"resume"`` (Enter or y), ``"new"`` or ``"quit"`` (also
    at the end of input: nothing is decided, so the game waits)."""
    game = saved.game
    where = f"deal {game.deal_number}" if game.deal_number is not None else "a custom position"
    session.say(
        f"You have an unfinished game: {where}, {plural(game.move_count, 'move')}, "
        f"{game.state.cards_home} of 52 cards home, {format_duration(saved.elapsed_seconds)} "
        f"played, saved {saved.saved_at.astimezone():%Y-%m-%d %H:%M}.",
        "Resume it? Enter or y resumes, n starts a new game (this one counts as lost), "
        "q quits (it waits for next time). [Y/n/q]",
    )
    while True:
        line = _read_line(source, interactive)
        if line is None:
            return "quit"
        answer = line.strip().lower()
        if answer in ("", "y", "yes", "resume"):
            return "resume"
        if answer in ("n", "no", "new"):
            return "new"
        if answer in ("q", "quit"):
            return "quit"
        session.say("Please answer y (resume), n (new game) or q (quit). [Y/n/q]")


def _read_line(source: TextIO, interactive: bool) -> str | None:
    """The next input line, or ``None`` at the end of input."""
    if interactive:
        try:
            return input("> ")
        except EOFError:
            print()
            return None
    line = source.readline()
    return line if line else None
