"""The rules of FreeCell: which moves are legal, why a move is refused, and what a move does.

Classic rules: build down in alternating colours; foundations by suit from ace to king; any card
to an empty column or an empty free cell; free cell to free cell; a run of cards moves as a unit
when its length is at most ``(empty free cells + 1) × 2^(empty columns)``, not counting the
destination when that is an empty column.

Other games (the state's :class:`~freecell_tui.core.variant.Variant`) change what builds (by
suit), what fills an empty column (kings only) and how many cards a run may carry.
"""

from __future__ import annotations

from collections.abc import Iterator

from freecell_tui.core.cards import ALL_CARDS, Card, rank_label
from freecell_tui.core.errors import IllegalMoveError
from freecell_tui.core.notation import FOUNDATION, Move, Pile, cell_piles, column_piles
from freecell_tui.core.state import Column, GameState, run_length
from freecell_tui.core.variant import Build, EmptyColumn, Moving, Variant
from freecell_tui.core.words import plural

__all__ = [
    "apply_move",
    "apply_resolved",
    "describe_move",
    "legal_moves",
    "moved_cards",
    "resolve_move",
    "run_limit_text",
]


def run_limit_text(state: GameState, *, to_empty_column: bool) -> str:
    """``(2 + 1) × 2^1 = 6``: how the run limit of ``state`` is computed (``2 + 1 = 3`` when
    only kings fill empty columns)."""
    cells = state.empty_cells
    if state.variant.empty_column is EmptyColumn.KINGS_ONLY:
        return f"{cells} + 1 = {cells + 1}"
    columns = max(state.empty_columns - (1 if to_empty_column else 0), 0)
    return f"({cells} + 1) × 2^{columns} = {(cells + 1) << columns}"


def _stack_reason(card: Card, target: Card, variant: Variant) -> str:
    if card.rank + 1 != target.rank:
        return f"{card} cannot go on {target}: ranks must step down by one"
    if variant.build is Build.SAME_SUIT:
        return f"{card} cannot go on {target}: in {variant.title} a column builds down in suit"
    return f"{card} cannot go on {target}: colours must alternate (red on black, black on red)"


def _not_a_king(card: Card, dest: Pile, variant: Variant) -> IllegalMoveError:
    return IllegalMoveError(
        f"{card} cannot go to empty {dest.name}: in {variant.title} only a king fills an empty "
        "column"
    )


def _check_piles(state: GameState, move: Move) -> None:
    """Raises :class:`IllegalMoveError` when ``move`` names a pile this game does not have."""
    variant = state.variant
    for pile in (move.source, move.dest):
        if (pile.is_column and pile.index >= variant.columns) or (
            pile.is_cell and pile.index >= variant.cells
        ):
            raise IllegalMoveError(f"{variant.name} has no {pile.name}")


def _too_many(
    state: GameState, count: int, cards: tuple[Card, Card], dest: Pile, *, to_empty_column: bool
) -> IllegalMoveError:
    """Why ``count`` cards (``cards``: the deepest and the top one) cannot move at once."""
    variant = state.variant
    what = f"{count} cards ({cards[0]} to {cards[1]})"
    if variant.moving is Moving.ONE_CARD:
        return IllegalMoveError(f"{what}, but {variant.title} moves one card at a time")
    limit = state.max_run(to_empty_column=to_empty_column)
    formula = run_limit_text(state, to_empty_column=to_empty_column)
    if variant.empty_column is EmptyColumn.KINGS_ONLY:
        return IllegalMoveError(
            f"{what}, but {plural(state.empty_cells, 'free cell')} allow {limit}: {formula} "
            "(empty columns take only kings)"
        )
    columns = state.empty_columns - (1 if to_empty_column else 0)
    besides = f" besides {dest.name}" if to_empty_column else ""
    return IllegalMoveError(
        f"{what}, but {plural(state.empty_cells, 'free cell')} and "
        f"{plural(columns, 'empty column')}{besides} allow {limit}: {formula}"
    )


def _run_text(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def _not_a_run(name: str, column: tuple[Card, ...], run: int, count: int) -> str:
    """Why ``count`` cards of a column whose top ``run`` cards form a run cannot move."""
    if run == 1:
        return (
            f"only the top card of {name} ({column[-1]}) can move: the card under it does not "
            f"stack with it, so {count} cards cannot move together"
        )
    return (
        f"only the top {run} cards of {name} ({_run_text(column[-run:])}) form a run: "
        f"{count} cannot move together"
    )


def resolve_move(state: GameState, move: Move) -> Move:
    """Check ``move`` against the rules and return it with its card count settled.

    Raises :class:`IllegalMoveError` with a player-readable reason when the move is refused.
    """
    source, dest = move.source, move.dest
    _check_piles(state, move)
    card = state.top(source)
    if card is None:
        raise IllegalMoveError(f"{source.name} is empty: there is no card to move")

    if dest.is_foundation:
        _check_home(state, card)
        return move

    if dest.is_cell:
        occupant = state.cells[dest.index]
        if occupant is not None:
            raise IllegalMoveError(f"{card} cannot go to {dest.name}: it already holds {occupant}")
        return move

    dest_column = state.columns[dest.index]
    variant = state.variant
    if source.is_cell:
        if dest_column and not variant.stacks(card, dest_column[-1]):
            raise IllegalMoveError(_stack_reason(card, dest_column[-1], variant))
        if not dest_column and not variant.fills_empty(card):
            raise _not_a_king(card, dest, variant)
        return move
    if not dest_column:
        return _to_empty_column(state, move, card)
    return _onto_card(state, move, card, dest_column[-1])


def _check_home(state: GameState, card: Card) -> None:
    """Raises :class:`IllegalMoveError` unless ``card`` is the next its foundation takes."""
    home = state.foundations[card.suit.index]
    if card.rank == home + 1:
        return
    if home == 0:
        raise IllegalMoveError(
            f"{card} cannot go home yet: the {card.suit.symbol} foundation starts with "
            f"A{card.suit.symbol}"
        )
    needed = ALL_CARDS[home * 4 + card.suit.index]
    raise IllegalMoveError(
        f"{card} cannot go home yet: the {card.suit.symbol} foundation needs {needed} first"
    )


def _to_empty_column(state: GameState, move: Move, card: Card) -> Move:
    """A column's run to an empty column, its count settled (one card unless given; where
    only kings fill empty columns, the run from its king when it has one)."""
    source, dest = move.source, move.dest
    variant = state.variant
    source_column = state.columns[source.index]
    run = run_length(source_column, variant.build)
    count = 1 if move.count is None else move.count
    if move.count is None and not variant.fills_empty(card) and source_column[-run].rank == 13:
        count = run  # a king can only be the deepest card of a run
    if count > run:
        raise IllegalMoveError(_not_a_run(source.name, source_column, run, count))
    if not variant.fills_empty(source_column[-count]):
        raise _not_a_king(source_column[-count], dest, variant)
    if count > 1 and count > state.max_run(to_empty_column=True):
        raise _too_many(state, count, (source_column[-count], card), dest, to_empty_column=True)
    return Move(source, dest, count)


def _onto_card(state: GameState, move: Move, card: Card, target: Card) -> Move:
    """A column's run onto ``target``, the card on top of another column: the count is the one
    that fits."""
    source = move.source
    variant = state.variant
    source_column = state.columns[source.index]
    run = run_length(source_column, variant.build)
    if move.count is not None and move.count > run:
        raise IllegalMoveError(_not_a_run(source.name, source_column, run, move.count))
    count = target.rank - card.rank  # the card ``count`` deep in the run has rank target - 1
    if not (1 <= count <= run and variant.stacks(source_column[-count], target)):
        raise _no_fit(move, source_column, run, count, target, variant)
    if move.count is not None and move.count != count:
        raise IllegalMoveError(
            f"{plural(move.count, 'card')} from {source.name} would put "
            f"{source_column[-move.count]} on {target}; "
            f"the run fits with {plural(count, 'card')} ({source_column[-count]} on {target})"
        )
    if count > 1 and count > state.max_run():
        raise _too_many(
            state, count, (source_column[-count], card), move.dest, to_empty_column=False
        )
    return Move(source, move.dest, count)


def _no_fit(
    move: Move, source_column: Column, run: int, count: int, target: Card, variant: Variant
) -> IllegalMoveError:
    """Why no card of the run on top of ``source_column`` fits on ``target``."""
    if run == 1 or (move.count == 1):
        return IllegalMoveError(_stack_reason(source_column[-1], target, variant))
    if 1 <= count <= run:
        return IllegalMoveError(_stack_reason(source_column[-count], target, variant))
    if target.rank == 1:
        return IllegalMoveError(f"nothing can go on {target} in a column: it goes home")
    if variant.build is Build.SAME_SUIT:
        wanted = str(ALL_CARDS[(target.rank - 2) * 4 + target.suit.index])
    else:
        wanted = f"a {'black' if target.is_red else 'red'} {rank_label(target.rank - 1)}"
    return IllegalMoveError(
        f"no card of {move.source.name}'s run ({_run_text(source_column[-run:])}) fits on "
        f"{target}: it takes {wanted}"
    )


def moved_cards(state: GameState, move: Move) -> tuple[Card, ...]:
    """The cards a resolved legal ``move`` takes, deepest first."""
    if move.source.is_cell:
        card = state.cells[move.source.index]
        return (card,) if card is not None else ()
    column = state.columns[move.source.index]
    count = move.count or 1
    return column[-count:]


def apply_move(state: GameState, move: Move) -> GameState:
    """The state after ``move``. Raises :class:`IllegalMoveError` when the rules refuse it."""
    return apply_resolved(state, resolve_move(state, move))


def apply_resolved(state: GameState, move: Move) -> GameState:
    """The state after ``move``, which :func:`resolve_move` returned for ``state``: not checked
    again (callers that have just resolved a move need not pay for the rules twice)."""
    source, dest = move.source, move.dest
    columns = state.columns
    cells = state.cells
    foundations = state.foundations
    if source.is_cell:
        card = cells[source.index]
        assert card is not None
        moving: tuple[Card, ...] = (card,)
        cells = cells[: source.index] + (None,) + cells[source.index + 1 :]
    else:
        count = move.count or 1
        column = columns[source.index]
        moving = column[-count:]
        columns = columns[: source.index] + (column[:-count],) + columns[source.index + 1 :]

    if dest.is_foundation:
        card = moving[0]
        index = card.suit.index
        foundations = foundations[:index] + (card.rank,) + foundations[index + 1 :]
    elif dest.is_cell:
        cells = cells[: dest.index] + (moving[0],) + cells[dest.index + 1 :]
    else:
        columns = (
            columns[: dest.index] + (columns[dest.index] + moving,) + columns[dest.index + 1 :]
        )
    return GameState(columns, cells, foundations, state.variant)


def describe_move(state: GameState, move: Move) -> str:
    """``3a: 7♣ to free cell a`` — what a legal move does, said before it is applied."""
    resolved = resolve_move(state, move)
    cards = moved_cards(state, resolved)
    what = f"{cards[0]}–{cards[-1]} ({len(cards)} cards)" if len(cards) > 1 else str(cards[0])
    if resolved.dest.is_foundation:
        where = "home"
    elif resolved.dest.is_cell:
        where = f"to {resolved.dest.name}"
    else:
        column = state.columns[resolved.dest.index]
        where = (
            f"onto {column[-1]} in {resolved.dest.name}"
            if column
            else f"to empty {resolved.dest.name}"
        )
    return f"{resolved.notation}: {what} {where}"


def legal_moves(state: GameState) -> Iterator[Move]:
    """Every legal move of ``state``, resolved: foundation moves first, then column and cell moves.

    Moves to an empty column are listed once per possible count; moves to empty free cells once per
    empty cell.
    """
    yield from _moves_home(state)
    yield from _column_to_column(state)
    yield from _cell_to_column(state)
    yield from _into_cells(state)


def _moves_home(state: GameState) -> Iterator[Move]:
    found = state.foundations
    for pile in (*cell_piles(state.variant), *column_piles(state.variant)):
        card = state.top(pile)
        if card is not None and found[card.index & 3] + 1 == card.rank:  # index & 3: its suit
            yield Move(pile, FOUNDATION)


def _column_to_column(state: GameState) -> Iterator[Move]:
    variant = state.variant
    columns = column_piles(variant)
    limit = state.max_run()
    limit_to_empty = state.max_run(to_empty_column=True)
    fits = variant.stack_table
    for source in columns:
        source_column = state.columns[source.index]
        if not source_column:
            continue
        run = run_length(source_column, variant.build)
        top = source_column[-1]
        for dest in columns:
            if dest == source:
                continue
            dest_column = state.columns[dest.index]
            if not dest_column:
                for count in range(1, min(run, limit_to_empty) + 1):
                    if variant.fills_empty(source_column[-count]):
                        yield Move(source, dest, count)
                continue
            target = dest_column[-1]
            count = target.rank - top.rank
            if (
                1 <= count <= min(run, limit)
                and fits[source_column[-count].index * 52 + target.index]
            ):
                yield Move(source, dest, count)


def _cell_to_column(state: GameState) -> Iterator[Move]:
    variant = state.variant
    for source in cell_piles(variant):
        card = state.cells[source.index]
        if card is None:
            continue
        for dest in column_piles(variant):
            dest_column = state.columns[dest.index]
            if variant.stacks(card, dest_column[-1]) if dest_column else variant.fills_empty(card):
                yield Move(source, dest)


def _into_cells(state: GameState) -> Iterator[Move]:
    """Into each empty free cell, from the columns and from the other cells."""
    cells = cell_piles(state.variant)
    for dest in cells:
        if state.cells[dest.index] is not None:
            continue
        for column_pile in column_piles(state.variant):
            if state.columns[column_pile.index]:
                yield Move(column_pile, dest)
        for source in cells:
            if state.cells[source.index] is not None:
                yield Move(source, dest)
