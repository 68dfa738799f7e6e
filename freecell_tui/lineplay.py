"""Line mode: ``freecell-tui play --plain``, FreeCell one command a line.

Made for screen readers, pipes and dumb terminals: no cursor movement, no colour, one line per
pile, and nothing but plain text on standard output (flushed after every answer, so a program
driving the game through a pipe sees each answer as soon as it is written). A prompt (``> ``) is
shown only when both standard input and standard output are terminals.

Commands are read with :func:`freecell_tui.core.commands.parse_command` (standard notation and the
seed-003 menu, plus undo, redo, new, restart, deal N, autoplay MODE, help, quit) and two line-mode
words, ``board`` (show the board again) and ``moves`` (list every legal move).

Each action of :data:`freecell_tui.core.commands.ACTIONS` is handled by the :class:`LineSession`
method ``do_<action>``; to teach line mode a new action, give that method a body (``do_hint``,
``do_solve``, ``do_saves`` ... say for now that they are not available in line mode yet).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.commands import MENU_HELP, ActionCommand, MoveCommand, parse_command
from freecell_tui.core.deals import parse_deal_number, random_deal_number
from freecell_tui.core.errors import FreeCellError, IllegalMoveError, NotationError
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.rules import apply_move, describe_move, legal_moves
from freecell_tui.core.solver import last_winnable, solve_for_autoplay

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
    moves = f"{game.move_count} move{'' if game.move_count == 1 else 's'}"
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
    ) -> None:
        self.game = game
        self.out = out
        self.ascii = ascii
        self.new_deal = new_deal
        self.running = True

    # ------------------------------------------------------------------ output
    def say(self, *lines: str) -> None:
        """Write ``lines`` and flush, so a pipe sees them at once."""
        for line in lines:
            self.out.write((line.translate(_ASCII_SUITS) if self.ascii else line) + "\n")
        self.out.flush()

    def show_board(self) -> None:
        self.say(*format_board(self.game, ascii=self.ascii))

    def start(self) -> None:
        """Greet the player and show the first board."""
        self.say("FreeCell in line mode. Type a move such as 3a, h for help, q to quit.")
        self.show_board()

    # ------------------------------------------------------------------ input
    def handle(self, line: str) -> None:
        """Act on one input line. Refused or unreadable commands say why and change nothing."""
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
        said = describe_move(state, command.move)
        self.game = self.game.play(command.move)
        turn = self.game.turns[-1]
        lines = [said]
        state = apply_move(state, turn.move)
        for move in turn.autoplay:
            lines.append(f"Autoplay {describe_move(state, move)}")
            state = apply_move(state, move)
        self.say(*lines)
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
        self.say(f"{len(moves)} legal move{'' if len(moves) == 1 else 's'}:", *moves)

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
                f"Hint: {describe_move(state, result.moves[0])} ({len(result.moves)} moves win from here)."
            )

    def do_solve(self, command: ActionCommand) -> None:
        """Play a solution from here, one turn a move, so undo takes it back move by move."""
        result = solve_for_autoplay(self.game.state, self.game.autoplay, timeout=SOLVER_SECONDS)
        if result.status != "solved":
            self.say(*self.no_solution(result.status))
            return
        lines = [f"Solving: {len(result.moves)} moves (undo takes them back one at a time)."]
        for move in result.moves:
            state = self.game.state
            lines.append(describe_move(state, move))
            self.game = self.game.play(move)
            state = apply_move(state, move)
            for auto in self.game.turns[-1].autoplay:
                lines.append(f"Autoplay {describe_move(state, auto)}")
                state = apply_move(state, auto)
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
            moves = f"{point.undo_count} move{'' if point.undo_count == 1 else 's'}"
            return [
                f"No solution: this position can no longer be won. Undo {moves} to get back to a winnable position."
            ]
        if point.status == "lost" and point.index is None:
            return ["No solution: this deal cannot be won, even from its start."]
        return ["No solution: this position can no longer be won."]

    def do_saves(self, command: ActionCommand) -> None:
        self.not_yet("saves")

    def do_stats(self, command: ActionCommand) -> None:
        self.not_yet("stats")

    def do_klondike(self, command: ActionCommand) -> None:
        self.not_yet("klondike")

    def not_yet(self, name: str) -> None:
        self.say(f"{name} is not available in line mode yet: play on, or type h for help.")


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
    ``--deal`` / ``--autoplay`` (one line on stderr)."""
    source = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    try:
        deal_arg = getattr(args, "deal", None)
        number = parse_deal_number(deal_arg) if deal_arg is not None else random_deal_number()
        mode = AutoplayMode.parse(getattr(args, "autoplay", None) or "safe")
    except FreeCellError as error:
        print(f"freecell-tui play: error: {error}", file=sys.stderr)
        return 2
    ascii = bool(getattr(args, "ascii", False)) or not _can_write_suits(out)
    session = LineSession(Game.new(number, autoplay=mode), out, ascii=ascii)
    session.start()
    interactive = source.isatty() and out.isatty() and stdin is None
    while session.running:
        line = _read_line(source, interactive)
        if line is None:
            break
        session.handle(line)
    return 0


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
