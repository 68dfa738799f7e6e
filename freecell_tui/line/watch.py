"""The text viewer: a game's moves one per line, then a cursor stepped through them a line at a
time — line mode's ``watch`` and the command line's ``freecell-tui watch``.

A :class:`Watcher` prints through the ``say`` it is given and walks a
:class:`~freecell_tui.session.replay.Replay`: :meth:`Watcher.handle` reads one input line and
answers whether the viewer is still open. Bad input gets one line and moves nothing. ``review``
has the game reviewed (:mod:`freecell_tui.session.review`, inline, bounded) and prints what was
found; from then on each move's line carries its mark (``[lost here]``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from freecell_tui.core.game import Game
from freecell_tui.core.words import quoted
from freecell_tui.line.board_text import format_board
from freecell_tui.session.replay import OffTheEnd, Replay
from freecell_tui.session.review import REVIEW_SECONDS, Review, review, review_text
from freecell_tui.session.words import game_phrase

__all__ = ["VIEWER_HELP", "Watcher"]

#: The viewer's commands, said when it opens and when asked.
VIEWER_HELP: Final = (
    "Step through it: next (or Enter), back, to N, first, last, board, moves, review; "
    "quit {leaves}."
)
# Words only (and Enter): the game's letters keep their one meaning (n is a new game there).
_NEXT: Final = frozenset({"", "next", "forward"})
_BACK: Final = frozenset({"back", "previous", "prev"})
_FIRST: Final = frozenset({"first", "start", "home"})
_LAST: Final = frozenset({"last", "end"})
_BOARD: Final = frozenset({"board", "show", "look"})
_MOVES: Final = frozenset({"moves", "list"})
_REVIEW: Final = frozenset({"review"})
_HELP: Final = frozenset({"help", "h", "?"})
_QUIT: Final = frozenset({"quit", "q", "exit"})


#: What reviews a game within a bound of seconds (:func:`~freecell_tui.session.review.review`
#: with the deal's known par).
Reviewer = Callable[[Game, float], Review]


def _review_searching_par(game: Game, seconds: float) -> Review:
    return review(game, seconds=seconds)


class Watcher:
    """One game watched as text. ``leaves`` says where ``quit`` goes (``returns to the game``);
    ``reviewer`` reviews the game when asked (by default with no par known: it is searched),
    given ``review_seconds``, the bound the watcher says."""

    def __init__(
        self,
        replay: Replay,
        say: Callable[..., None],
        *,
        ascii: bool = False,
        leaves: str,
        reviewer: Reviewer | None = None,
        review_seconds: float = REVIEW_SECONDS,
    ) -> None:
        self.replay = replay
        self.say = say
        self.ascii = ascii
        self.help = VIEWER_HELP.format(leaves=leaves)
        self.reviewer: Reviewer = reviewer or _review_searching_par
        self.review_seconds = review_seconds
        #: The game's review, once asked for: its marks show beside the moves.
        self.review: Review | None = None

    def open(self) -> None:
        """Say what is watched, list its moves, and how to step through them."""
        game = self.replay.game
        won = ", won" if game.state.is_won else ""
        self.say(f"Watching {game_phrase(game)[:-1]}{won}):")
        self.say_moves()
        if self.replay.at:  # opened at a move (a solution watched from the game's position)
            self.say_step()
        self.say(self.help)

    def say_moves(self) -> None:
        steps = self.replay.steps[1:]
        if not steps:
            self.say("No moves: the game is at its start.")
        self.say(*(f"{step.number}. {step.summary}{self.mark(step.number)}" for step in steps))

    def say_step(self) -> None:
        """The step at the cursor: ``12 of 87. 27: 9♥ to empty column 7``."""
        replay = self.replay
        self.say(
            f"{replay.at} of {replay.last_number}. {replay.step.summary}{self.mark(replay.at)}"
        )

    def mark(self, number: int) -> str:
        """Step ``number``'s mark from the review, after its line (``  [lost here]``), if any."""
        found = self.review.marks.get(number) if self.review is not None else None
        return f"  [{found}]" if found else ""

    def say_review(self) -> None:
        """Review the game (once: the search runs inline, bounded) and say what was found."""
        if self.review is None:
            self.say(f"Reviewing the game: the solver looks for up to {self.review_seconds:g} s.")
            self.review = self.reviewer(self.replay.game, self.review_seconds)
        self.say(*review_text(self.review))

    def print_review(self) -> None:
        """What is watched, its moves with their marks and the review (the command line's
        ``watch --review``)."""
        if self.review is None:
            self.review = self.reviewer(self.replay.game, self.review_seconds)
        game = self.replay.game
        won = ", won" if game.state.is_won else ""
        self.say(f"Review of {game_phrase(game)[:-1]}{won}):")
        self.say_moves()
        self.say(*review_text(self.review))

    def handle(self, line: str) -> bool:
        """Act on one input line; false once ``quit`` closes the viewer."""
        words = line.split()
        word = words[0].lower() if words else ""
        if word in _QUIT and len(words) == 1:
            return False
        if len(words) > 1 and word != "to":
            self.refuse(line)
        elif word in _NEXT:
            self.walk(self.replay.next())
        elif word in _BACK:
            self.walk(self.replay.back())
        elif word in _FIRST:
            self.walk(self.replay.first())
        elif word in _LAST:
            self.walk(self.replay.last())
        elif word == "to" or word.isdigit():
            self.jump(words[1:] if word == "to" else words)
        elif word in _BOARD:
            self.say(*format_board(self.replay.game_at(), ascii=self.ascii))
        elif word in _MOVES:
            self.say_moves()
        elif word in _REVIEW:
            self.say_review()
        elif word in _HELP:
            self.say(self.help)
        else:
            self.refuse(line)
        return True

    def walk(self, moved: Replay | OffTheEnd) -> None:
        if isinstance(moved, OffTheEnd):
            self.say(moved.reason)
            return
        self.replay = moved
        self.say_step()

    def jump(self, operands: list[str]) -> None:
        """``to N`` (or just ``N``): the cursor on move N."""
        text = operands[0] if len(operands) == 1 else ""
        # isdecimal() takes other scripts' digits too, which int() reads: ASCII digits only.
        if not (text.isascii() and text.isdecimal()) or len(text) > 7:
            self.say(
                f"to: give a move number from 0 to {self.replay.last_number}, as 'to "
                f"{min(12, self.replay.last_number)}'."
            )
            return
        self.walk(self.replay.to(int(text)))

    def refuse(self, line: str) -> None:
        self.say(f"Not understood in the viewer: {quoted(line.strip())}. {self.help}")
