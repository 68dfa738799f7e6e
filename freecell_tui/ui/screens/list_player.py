"""A list of moves (pasted on the board, or typed on the ``:`` line) played by the game screen one
move a frame: a plain object the screen owns, holding the list and the index of its next move.

It holds no screen: each call answers what to show (:class:`Played`: the step, whether a move
follows, a line to say after it) or what to say, and the screen draws it and asks for the next
move after the next refresh, so keys and clicks are read between two moves (any of them stops
the list). Each move is an ordinary turn of the session (:func:`~freecell_tui.session.listed.
play_listed`: saved before it is shown). What a paste comes to — a list to play, text for the
``:`` line, a refusal — is :func:`read_paste`'s to say.
"""

from __future__ import annotations

from dataclasses import dataclass

from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import Variant
from freecell_tui.session import PlaySession, Step
from freecell_tui.session.listed import MovePlan, play_listed, read_moves

__all__ = ["ListPlayer", "Played", "read_paste"]


@dataclass(frozen=True, slots=True)
class Played:
    """One move of the list played: ``step`` to show, then ``said`` (when not empty) to say;
    ``more``: the list goes on after the next refresh."""

    step: Step
    more: bool
    said: str = ""


class ListPlayer:
    """The list of moves being played and the index of its next move (``None``: no list)."""

    def __init__(self) -> None:
        self._listed: tuple[MovePlan, int] | None = None

    def start(self, game: Game, moves: tuple[Move, ...]) -> None:
        """Play ``moves`` from ``game``, with its autoplay (see
        :class:`~freecell_tui.session.listed.MovePlan`); a list under way is replaced."""
        self._listed = (MovePlan.plan(game, moves), 0)

    def play_next(self, session: PlaySession) -> Played | None:
        """Play the list's next move as a turn of ``session``; ``None`` when no list is played.
        The first refused move, a move that ends the game (a win, no move left) or the last
        one ends the list."""
        if self._listed is None:
            return None
        plan, index = self._listed
        step = play_listed(session, plan, index)
        if step.refused or step.event is not None:
            self._listed = None
            return Played(step, more=False)
        if index + 1 == len(plan):
            self._listed = None
            # The last move was left out (autoplay sent it home): the list's end is said here.
            said = "" if step.changed else f"The list is played: {step.said}"
            return Played(step, more=False, said=said)
        self._listed = (plan, index + 1)
        return Played(step, more=True)

    def stop(self, undo_key: str) -> str:
        """Stop the list being played: what to say of how far it got (``undo_key`` undoes its
        moves); empty when no list was played."""
        listed, self._listed = self._listed, None
        if listed is None:
            return ""
        plan, index = listed
        return (
            f"The list stopped after move {index} of {len(plan)}: "
            f"{undo_key} undoes them one by one."
        )


def read_paste(
    text: str, variant: Variant, line: str | None, command_key: str
) -> tuple[Move, ...] | str | None:
    """What pasted ``text`` comes to, with the ``:`` line open holding ``line`` (``None``: it is
    closed): the moves of a list to play (pasted on the board, or into the empty line when more
    than one); on the board, the reason it is refused (a word that is no move, or no list of
    moves: ``command_key`` opens the line for a command); ``None``: text for the open line."""
    if line is None or not line.strip():
        try:
            moves = read_moves(text, variant)
        except FreeCellError as error:
            if line is None:
                return str(error)
            moves = None
        if moves is not None and (line is None or len(moves) > 1):
            return moves
    if line is not None:
        return None
    return f"A paste on the board plays a list of moves; for a command, {command_key} first"
