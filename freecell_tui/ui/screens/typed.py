"""What a command of the table does when typed on the game screen's ``:`` line.

A command that is a session call (the command table's ``call``) runs it with the command as
typed, its operand read by :mod:`freecell_tui.session.parse` (:meth:`Screen.run_call`). Any
other command that takes no operand runs what its key (or palette entry) runs:
:meth:`Screen.run_bound`. One that takes an operand has an entry in :data:`TYPED`: a function of
the game screen (:class:`Screen`: what the entries use of it) and the parsed command.
:func:`run_typed` reads a line and runs it. A test checks the table against the command table:
every other command with an operand typed on the board is here
(line mode's own commands — ``board``, ``moves`` — are refused on the board with
:func:`line_only`'s line).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from freecell_tui.core.commands import MoveCommand
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import Variant
from freecell_tui.session import ActionCommand, Decision, PlaySession, parse_command
from freecell_tui.session.parse import MovesCommand
from freecell_tui.session.table import by_name
from freecell_tui.ui.assist.autosolve import AutoSolver, pace_for
from freecell_tui.ui.commands import Bound

__all__ = ["TYPED", "Screen", "line_only", "run_typed"]


class Screen(Protocol):
    """What the typed commands use of the game screen."""

    session: PlaySession
    autosolver: AutoSolver

    def present(self, decision: Decision | None) -> None: ...
    def play(self, command: MoveCommand) -> None: ...
    def play_list(self, moves: tuple[Move, ...]) -> None: ...
    def refuse(self, reason: str) -> None: ...
    def say(self, text: str) -> None: ...
    def remember(self, name: str, value: object) -> None: ...
    def run_bound(self, bound: Bound) -> None: ...
    def action_watch(self, game: Game | None = None) -> None: ...
    def action_watch_solution(self) -> None: ...
    def action_new(self, number: int | None = None, variant: Variant | None = None) -> None: ...
    def action_winnable(self, on: bool | None = None) -> None: ...
    def action_deals(self, winnable: bool | None = None) -> None: ...
    def run_call(self, command: ActionCommand) -> None: ...


Typed = Callable[[Screen, ActionCommand], None]


def _deal(screen: Screen, command: ActionCommand) -> None:
    if command.position is not None:  # a game code's custom position
        screen.present(screen.session.leave_for_position(command.position))
    else:
        screen.action_new(command.number, command.variant)


def _speed(screen: Screen, command: ActionCommand) -> None:
    """``:speed N``: auto-solve's pace, kept for next time."""
    if command.speed is not None:
        autosolver = screen.autosolver
        autosolver.pace = pace_for(command.speed)
        screen.remember("solve_speed", autosolver.speed)
        screen.say(f"Auto-solve plays {autosolver.pace_text()}.")


def _winnable(screen: Screen, command: ActionCommand) -> None:
    screen.action_winnable(command.switch)


def _deals(screen: Screen, command: ActionCommand) -> None:
    screen.action_deals(command.choice == "winnable")


def _watch(screen: Screen, command: ActionCommand) -> None:
    """``:watch`` (this game), ``:watch CODE`` or ``:watch solution`` (the solver's, from here),
    in the viewer."""
    if command.choice == "solution":
        screen.action_watch_solution()
    else:
        screen.action_watch(command.game)


#: What each command that takes an operand, and is no session call, does typed on the board, by
#: name.
TYPED: Final[dict[str, Typed]] = {
    "new": _deal,
    "deal": _deal,
    "speed": _speed,
    "winnable": _winnable,
    "deals": _deals,
    "watch": _watch,
}


def run_typed(screen: Screen, text: str) -> None:
    """Run one typed command (the ``:`` line): a move, a list of moves (played in turn), or a
    command of the table; what does not read is refused with one line and changes nothing."""
    try:
        command = parse_command(text, screen.session.variant)
    except FreeCellError as error:
        screen.refuse(str(error))
        return
    if isinstance(command, MoveCommand):
        screen.play(command)
        return
    if isinstance(command, MovesCommand):
        screen.play_list(command.moves)
        return
    typed = TYPED.get(command.action)
    if by_name(command.action).call is not None:
        screen.run_call(command)
    elif typed is not None:
        typed(screen, command)
    elif by_name(command.action).screen:  # no operand: what its key runs
        screen.run_bound(Bound(command.action, command.action))
    else:  # the table's line-mode commands (board, moves)
        screen.refuse(line_only(command.action))


def line_only(action: str) -> str:
    """Why a command of line mode's only is refused on the board, in one line."""
    return f"{action} is for line mode: here, the board shows it all"
