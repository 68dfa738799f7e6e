"""What the viewer shows of a game's review (:mod:`freecell_tui.session.review`), as pure
functions of the frozen :class:`~freecell_tui.session.review.Review`: the tags beside the moves,
the short word for the status line, the note under a step's words, and the line the review
offers in place of the player's (``W``).

* A lost game: ``last winnable`` (green) and ``lost here`` (red) beside their moves; ``W`` puts
  the winning line after the last winnable step, each of its turns a solver's turn (as ``p``
  shows the solver's way), tagged ``winning line`` where it starts.
* A win: ``differs from par: 5h`` where the player's line left par's, then par's move beside
  each later move (``par: 6a``) while par's line lasts; a step's words end with par's moves from
  its move at that step (``par: 6a 5h 3h…``); ``W`` shows par's line itself, from its start, on
  the step where they parted, and ``W`` again the player's line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from freecell_tui.core.game import Game
from freecell_tui.core.words import deal_phrase, plural
from freecell_tui.session.replay import Replay, with_solution
from freecell_tui.session.review import (
    DIFFERS,
    DIFFERS_FOUND,
    LAST_WINNABLE,
    LOST_HERE,
    LineTurn,
    Review,
)
from freecell_tui.ui.widgets.move_list import Tag

__all__ = [
    "OfferedLine",
    "offered_line",
    "review_keys",
    "review_note",
    "review_tags",
    "review_word",
]

#: Par's moves a step's words show, at most.
_PAR_AHEAD: Final = 6
#: The tag where the review's winning line starts.
WINNING_LINE: Final = "winning line"


def _made(turn: LineTurn) -> str:
    """The move a turn is made of, in notation (autoplay's moves follow it)."""
    return turn.notation.partition(" ")[0]


def _other(found: Review) -> str:
    return "par" if found.par_known else "shortest"


def review_tags(found: Review, line_shown: bool = False) -> dict[int, Tag]:
    """The tags beside the moves: the review's marks, and for a win the other line's move at
    each step from the one where the player's left it. ``line_shown``: the review's line is
    shown in place of the player's moves (``W``): the marks of the moves it replaced are gone."""
    if line_shown:
        if found.kind == "won":
            return {}
        last = found.last_winnable or 0
        tags = {last: Tag(LAST_WINNABLE, "good")} if found.kind == "lost" else {}
        if found.line:
            tags[found.line[0].number] = Tag(WINNING_LINE, "good")
        return tags
    tags = {}
    for number, mark in found.marks.items():
        if mark == LAST_WINNABLE:
            tags[number] = Tag(mark, "good")
        elif mark == LOST_HERE:
            tags[number] = Tag(mark, "bad")
    if found.kind == "won" and found.differs_at is not None:
        other = _other(found)
        for turn in found.line:
            if found.differs_at <= turn.number <= found.moves:
                words = (
                    found.marks.get(turn.number, other)
                    if turn.number == found.differs_at
                    else other
                )
                tags[turn.number] = Tag(f"{words}: {_made(turn)}", "note")
        if found.differs_at not in tags and found.differs_at <= found.moves:
            tags[found.differs_at] = Tag(found.marks.get(found.differs_at, DIFFERS), "note")
    return tags


def review_keys(found: Review) -> str:
    """What the keys do with the review, after its summary (empty: nothing to do)."""
    if found.kind in ("lost", "winnable") and found.line:
        jump = "m jumps to the marked moves, " if found.marks else ""
        return f"{jump}W shows the winning line."
    if found.kind == "won" and found.line and found.differs_at is not None:
        other = "par's line" if found.par_known else "the shortest line found"
        return f"m jumps to where yours left it, W shows {other}."
    return ""


def review_word(found: Review | None, reviewing: bool, line_shown: bool = False) -> str:
    """The review on the status line, in a few words (empty: none asked for, or its line is
    shown: the title says what is watched)."""
    if reviewing:
        return "reviewing…"
    if found is None or line_shown:
        return ""
    if found.kind == "lost":
        return f"lost at move {found.lost_at}"
    if found.kind == "won" and found.par is not None:
        other = "par" if found.par_known else "shortest found"
        more = found.moves - found.par
        than = f"{more} more" if more > 0 else f"{-more} fewer" if more < 0 else "par's count"
        left = f"; left {other}'s line at move {found.differs_at}" if found.differs_at else ""
        return f"won in {found.moves}, {other} {found.par}: {than}{left}"
    return {
        "won": "won, par not known",
        "never": "never winnable",
        "winnable": "still winnable",
        "unknown": "review undecided",
    }[found.kind]


def review_note(found: Review | None, at: int, line_shown: bool = False) -> str:
    """What a step's words add (empty: nothing): its mark, and for a win, from the step before
    the player's line left the other, the other's moves from the next step; from the step where
    they part on, from its own move at that step (``differs from par · par: 7a 4b 74…``)."""
    if found is None or line_shown:
        return ""
    note = ""
    mark = found.marks.get(at)
    if mark in (LAST_WINNABLE, LOST_HERE):
        note = f" — {mark}"
    if found.kind == "won" and found.differs_at is not None and at >= found.differs_at - 1:
        # From the step where the lines part, par's own move at the step comes first.
        first = max(at, found.differs_at)
        ahead = [_made(turn) for turn in found.line if turn.number >= first]
        if ahead:
            more = "…" if len(ahead) > _PAR_AHEAD else ""
            note += f" · {_other(found)}: {' '.join(ahead[:_PAR_AHEAD])}{more}"
        if mark in (DIFFERS, DIFFERS_FOUND):
            note = f" — {mark}{note}"
    return note


@dataclass(frozen=True, slots=True)
class OfferedLine:
    """The review's line as a game to watch: ``game``, the step to show first (``at``), what
    it is called and the words to say."""

    game: Game
    at: int
    title: str
    said: str


def offered_line(found: Review) -> OfferedLine | str:
    """The line the review offers in place of the player's: a lost (or still winnable) game's
    winning line after its last winnable step, or a win's par line (the shortest found) from
    its start, shown on the step where the player's left it. A string: why there is none."""
    game = found.replay.game
    if not found.line:
        if found.kind in ("lost", "winnable"):
            return "The review found no winning line to show."
        if found.kind == "won":
            return "The review found no shorter line to show."
        return "There is no winning line to show: " + {
            "never": "this deal could not be won, even from its start.",
            "unknown": "the review could not decide.",
        }.get(found.kind, "nothing was found.")
    moves = [turn.move for turn in found.line]
    if found.kind == "won":
        start = Game(game.start, game.deal_number, game.autoplay)
        at = max((found.differs_at or 1) - 1, 0)
        name = "par's line" if found.par_known else "the shortest line found"
        return OfferedLine(
            with_solution(start, moves),
            at,
            f"{name} of {deal_phrase(game.deal_number)}",
            f"{name[:1].upper()}{name[1:]}: {plural(len(moves), 'move')}, shown on move {at}, "
            "where yours left it; → steps through it, W goes back to yours.",
        )
    last = found.last_winnable if found.last_winnable is not None else 0
    base = Replay.of(game).to(last)
    assert isinstance(base, Replay)  # the last winnable step is one of the game's
    return OfferedLine(
        with_solution(base.game_at(), moves),
        last,
        f"the winning line of {deal_phrase(game.deal_number)} from move {last}",
        f"The winning line: {plural(len(moves), 'move')} to a win from move {last}; "
        "→ steps through it, t plays on from here, W goes back to yours.",
    )
