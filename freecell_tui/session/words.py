"""The session's phrases: one way to name a game, a turn and a game's summary, for both the
full-screen game and line mode."""

from __future__ import annotations

from freecell_tui.core.difficulty import RATED_DEALS, rating
from freecell_tui.core.game import Game, Turn
from freecell_tui.core.rules import apply_move, describe_move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import Build, EmptyColumn, Moving, Variant
from freecell_tui.core.words import deal_phrase, plural
from freecell_tui.store.stats import format_duration

__all__ = [
    "band_phrase",
    "code_note",
    "deal_difficulty",
    "deal_phrase",
    "describe_turn",
    "game_deal_phrase",
    "game_phrase",
    "rules_phrase",
    "start_phrase",
    "turn_summary",
]


def rules_phrase(variant: Variant) -> str:
    """A game's rules in a line: ``8 free cells (4 dealt into), 8 columns, builds by suit, kings
    only in an empty column``."""
    cells = plural(variant.cells, "free cell")
    if variant.dealt_cells:
        cells += f" ({len(variant.dealt_cells)} dealt into)"
    builds = "by suit" if variant.build is Build.SAME_SUIT else "in alternate colours"
    empty = (
        "kings only in an empty column"
        if variant.empty_column is EmptyColumn.KINGS_ONLY
        else "any card in an empty column"
    )
    moving = {Moving.UNLIMITED: ", whole runs move at once", Moving.ONE_CARD: ", one card a move"}
    return f"{cells}, {variant.columns} columns, builds {builds}, {empty}" + moving.get(
        variant.moving, ""
    )


def deal_difficulty(number: int | None, variant: Variant) -> str:
    """``Deal 5: easy: needs 1 free cell, …; winnable with 1 free cell (new fewest 5)``: a
    Microsoft deal's difficulty and the fewest cells challenge, or why it has none."""
    rated = rating(number) if number is not None and variant.key == "freecell" else None
    if number is None or rated is None:
        return f"Only Microsoft's FreeCell deals 1-{RATED_DEALS:,} are rated."
    if rated.most is None:
        return f"Deal {number}: {rated.text}."
    cells = plural(rated.most, "free cell") if rated.most else "no free cell"
    return f"Deal {number}: {rated.text}; winnable with {cells} (new fewest {number})."


def band_phrase(number: int | None, variant: Variant) -> str:
    """`` (hard)`` after a classic Microsoft deal's number, `` (needs 2 free cells)`` in
    FreeCell with other cells; nothing for another game or deal."""
    rated = rating(number) if number is not None and variant.key == "freecell" else None
    if rated is None:
        return ""
    if variant.is_classic:
        return f" ({rated.band})"
    return f" ({rated.needs})"


def start_phrase(game: Game) -> str:
    """``deal 617``, ``a custom position``; a game of another variant than classic FreeCell
    names it: ``deal 617 of Eight Off``."""
    return game_deal_phrase(game.deal_number, game.start.variant)


def game_deal_phrase(deal_number: int | None, variant: Variant) -> str:
    """:func:`start_phrase` from a deal number and a game (a listed save's)."""
    phrase = deal_phrase(deal_number)
    return phrase if variant.is_classic else f"{phrase} of {variant.name}"


def game_phrase(game: Game, elapsed: float | None = None) -> str:
    """``deal 617 (20 moves)``, or with the time: ``deal 617 (20 moves, 3:04 played)``
    (``deal 617 of Eight Off (20 moves)`` in another game than classic FreeCell)."""
    inside = plural(game.move_count, "move")
    if elapsed is not None:
        inside += f", {format_duration(elapsed)} played"
    return f"{start_phrase(game)} ({inside})"


def code_note(game: Game) -> str:
    """What a game's code holds and what reads it, said beside the code."""
    won = ", won" if game.state.is_won else ""
    return (
        f"The game code of {game_phrase(game)[:-1]}{won}): its deal and moves. "
        "freecell-tui replay CODE plays it back; --deal CODE or deal CODE deals it again."
    )


def describe_turn(state: GameState, turn: Turn) -> list[str]:
    """What a turn played from ``state`` did, a line a move: the player's move, then each
    autoplay move (``Autoplay 6h: A♣ home``)."""
    if turn.move is None:
        return ["Restarted: back to the first position."]
    lines = [describe_move(state, turn.move)]
    state = apply_move(state, turn.move)
    for move in turn.autoplay:
        lines.append(f"Autoplay {describe_move(state, move)}")
        state = apply_move(state, move)
    return lines


def turn_summary(state: GameState, turn: Turn) -> str:
    """One line for a turn played from ``state``: ``3a: 7♣ to free cell a; autoplay sent 2
    cards home``."""
    if turn.move is None:
        return "Restarted: back to the first position."
    said = describe_move(state, turn.move)
    if turn.autoplay:
        said += f"; autoplay sent {plural(len(turn.autoplay), 'card')} home"
    return said
