"""The keys of notation typed between moves on the game screen, as a list of moves is written:
``v`` and a card count (``1v38``: three cards of column 1 to column 8; ``18v3``: the move just
typed made to carry three), and Space or Enter between two moves typed by their keys (they do
nothing). A plain state machine the game screen owns: it holds what the last keys typed and
answers what a key comes to (:class:`Notation`); the screen does it.
"""

from __future__ import annotations

from dataclasses import dataclass

from freecell_tui.core.notation import MAX_RUN, Move, Pile
from freecell_tui.core.words import printable

__all__ = ["MoveKeys", "Notation"]


@dataclass(frozen=True, slots=True)
class Notation:
    """What a key of notation comes to: ``refused``, the reason to say; ``count``, how many
    cards of the run picked up move; ``amend``, the move typed just before with the count
    typed after ``v``; none of them: nothing more to do."""

    refused: str = ""
    count: int = 0
    amend: Move | None = None


class MoveKeys:
    """What the last keys typed for moves leave for the next one."""

    def __init__(self) -> None:
        #: The move the last pile key made: ``v`` and a count right after it choose how many
        #: cards it moves (``18`` then ``v3`` is ``18v3``).
        self.typed: Move | None = None
        #: The last key completed a move typed by its keys (played or refused): Space and Enter
        #: separate typed moves, as in a solver's list, and do nothing.
        self.gap = False
        #: ``v`` was typed: the next key is the card count, in hexadecimal.
        self._counting = False

    def read(self, key: str, character: str | None, picked: Pile | None) -> Notation | None:
        """What ``key`` (typing ``character``) comes to, with the cards of ``picked`` in the
        hand; ``None``: not a key of notation here (and the typed move is forgotten)."""
        if self._counting and key != "escape":
            self._counting = False
            return self._read_count(character, picked)
        self._counting = False
        if key in ("space", "enter") and self.gap:
            return Notation()
        if key == "v":
            return self._start_count(picked)
        self.typed, self.gap = None, False
        return None

    def _start_count(self, picked: Pile | None) -> Notation:
        """``v``: the next key counts the cards of the run picked up from a column (``1v38``),
        or of the move between columns typed just before (``18v3``)."""
        typed = self.typed
        if (picked is not None and picked.is_column) or (
            picked is None and typed is not None and typed.source.is_column and typed.dest.is_column
        ):
            self._counting = True
            return Notation()
        return Notation(
            refused="v and a count (1 to d) choose how many cards move: after a column's key "
            "(1v3 8) or a move between columns (18v3)"
        )

    def _read_count(self, character: str | None, picked: Pile | None) -> Notation:
        """The key after ``v``: the count, one hexadecimal digit 1 to d."""
        digit = (character or "").lower()
        count = int(digit, 16) if len(digit) == 1 and digit in "0123456789abcdef" else 0
        if not 1 <= count <= MAX_RUN:
            shown = printable(character) if character else "that key"
            return Notation(
                refused=f"after v comes the card count, 1 to {MAX_RUN:x} in hexadecimal, not {shown}"
            )
        typed, self.typed = self.typed, None
        if picked is not None:
            return Notation(count=count)
        if typed is not None and typed.count != count:
            return Notation(amend=Move(typed.source, typed.dest, count))
        return Notation()
