"""A list of moves in standard notation — a solver's solution, pasted or typed on one line —
played one turn a move.

A list is read whole before anything is played (:func:`read_moves`): a word that is not a move
is refused as ``move 12 of 49: …`` and nothing is played. Then each move is an ordinary turn of
the session (:meth:`PlaySession.play <freecell_tui.session.play.PlaySession.play>`: saved before
shown, undone one by one); the first refused one stops the list with its number and its reason,
and the moves before it stay played.

**Autoplay.** A list is played with the game's autoplay. ``freecell-tui solve`` writes the moves
a player makes in the mode it is given (its default is the game's, safe), so a list made for the
game's mode plays as written. A list that writes out moves home autoplay makes in this game
(``solve --autoplay off`` pasted into a game that autoplays) is read as the list it is: each of
its moves carries the cards it carries with autoplay off, and a move whose cards autoplay has
sent home already is skipped. A list that needs autoplay this game does not make (``solve``'s
default pasted into a game with autoplay off) stops where it first needs it, and says which
autoplay the list was made with.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card
from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, solution_words
from freecell_tui.core.rules import resolve_move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Variant
from freecell_tui.core.words import plural, shorten
from freecell_tui.session.play import PlaySession
from freecell_tui.session.steps import Step, refuse

__all__ = ["MovePlan", "play_listed", "read_moves"]


def read_moves(text: str, variant: Variant) -> tuple[Move, ...] | None:
    """The moves of ``text`` (a solver's output whole, header lines and all, or moves separated
    by spaces or lines) between the piles of ``variant``'s game; ``None`` when its first word is
    no move (the text is not a list of moves). Raises :class:`NotationError` naming the first
    word that is not a move: ``move 12 of 49: 'x9' is not a move…``."""
    words = solution_words(text)
    moves: list[Move] = []
    for number, word in enumerate(words, start=1):
        try:
            moves.append(Move.parse(word, variant))
        except NotationError as error:
            if number == 1:
                return None
            raise NotationError(
                f"move {number} of {len(words)}: {shorten(word)}: {error}"
            ) from None
    return tuple(moves) if moves else None


def carried(state: GameState, move: Move) -> tuple[Card, ...]:
    """The cards ``move`` carries from ``state`` (raises :class:`FreeCellError` when illegal)."""
    resolved = resolve_move(state, move)
    if resolved.source.is_column:
        return state.columns[resolved.source.index][-(resolved.count or 1) :]
    card = state.top(resolved.source)
    return (card,) if card is not None else ()


def _plays_through(game: Game, moves: tuple[Move, ...]) -> tuple[Game, ...] | None:
    """The games after each move of ``moves`` from ``game``, or ``None`` when one is illegal."""
    games = [game]
    try:
        for move in moves:
            games.append(games[-1].play(move))
    except FreeCellError:
        return None
    return tuple(games)


def _is_home(state: GameState, card: Card) -> bool:
    return state.foundation(card.suit) >= card.rank


@dataclass(frozen=True, slots=True)
class MovePlan:
    """A list of moves to play from ``start``, the game it was planned for. ``cards``: what
    each move carries as the list was made with autoplay off, when the game's autoplay sends
    home cards the list moves itself (``None``: the list is played as written)."""

    start: Game
    moves: tuple[Move, ...]
    cards: tuple[tuple[Card, ...], ...] | None = None

    @classmethod
    def plan(cls, game: Game, moves: tuple[Move, ...]) -> MovePlan:
        """How ``moves`` are played from ``game`` (see the module's docstring)."""
        if game.autoplay is AutoplayMode.OFF or _plays_through(game, moves) is not None:
            return cls(game, moves)
        written_out = _plays_through(game.with_autoplay(AutoplayMode.OFF), moves)
        if written_out is None:
            return cls(game, moves)
        return cls(
            game,
            moves,
            tuple(carried(g.state, m) for g, m in zip(written_out[:-1], moves, strict=True)),
        )

    def __len__(self) -> int:
        return len(self.moves)

    def meant(self, index: int, state: GameState) -> tuple[Card, ...] | None:
        """The cards move ``index`` carries in ``state`` as the list means it: those it carries
        with autoplay off that are not home yet (``None``: the list is played as written)."""
        if self.cards is None:
            return None
        return tuple(card for card in self.cards[index] if not _is_home(state, card))

    def move_at(self, index: int, state: GameState) -> Move | None:
        """Move ``index`` as played in ``state``: as written, or with the count of its cards not
        home yet; ``None`` when all its cards are home already (it is left out)."""
        move = self.moves[index]
        cards = self.meant(index, state)
        if cards is None or (self.cards is not None and cards == self.cards[index]):
            return move
        if not cards:
            return None
        return Move(move.source, move.dest, len(cards))

    def unlike(self, index: int, move: Move, state: GameState) -> str | None:
        """Why ``move`` (move ``index``) cannot be played from ``state`` as the list means it
        (it would carry other cards than the list's), or ``None``."""
        meant = self.meant(index, state)
        if not meant:
            return None
        try:
            moved = carried(state, move)
        except FreeCellError:
            return None  # the game says why
        if moved == meant:
            return None
        return (
            f"it would move {moved[0]}, where the list moves {meant[0]}: autoplay has moved "
            "cards the list moves itself"
        )

    def made_with(self) -> AutoplayMode | None:
        """The autoplay the whole list plays to its end with from its start, when the start's
        own does not (for a refusal to name)."""
        start = self.start
        for mode in AutoplayMode:
            if mode is not start.autoplay and _plays_through(start.with_autoplay(mode), self.moves):
                return mode
        return None


def play_listed(session: PlaySession, listed: MovePlan, index: int) -> Step:
    """Play move ``index`` of ``listed`` as a turn of ``session`` (saved before it returns):
    ``move 3 of 49: 3a: 2♥ to free cell a``; skipped when autoplay sent its cards home already
    (nothing changes); refused, ``move 12 of 49: …`` with the reason and what was not played."""
    state = session.game.state
    move = listed.move_at(index, state)
    where = f"move {index + 1} of {len(listed)}: {listed.moves[index]}"
    if move is None:
        return Step(f"{where}: autoplay sent it home already")
    unlike = listed.unlike(index, move, state)
    step = refuse(unlike) if unlike is not None else session.play(move)
    if not step.refused:
        return replace(step, said=f"move {index + 1} of {len(listed)}: {step.said}")
    said = f"{where}: {step.said}"
    left = len(listed) - index - 1
    if left:
        said += f" (the {plural(left, 'move')} after it not played)"
    made = listed.made_with()
    if made is not None:
        said += f"; the list was made for autoplay {made}"
    return replace(step, said=said)
