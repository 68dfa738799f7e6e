"""Properties that hold for every deal and every sequence of legal moves (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS
from freecell_tui.core.deals import MAX_DEAL, deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.rules import apply_move, describe_move, legal_moves, resolve_move
from freecell_tui.core.state import GameState

deal_numbers = st.integers(min_value=1, max_value=MAX_DEAL)
choices = st.lists(st.integers(min_value=0, max_value=10_000), max_size=80)


def random_play(number: int, picks: list[int]) -> list[GameState]:
    """The states of a game that plays, at each step, legal move number ``pick`` (mod count)."""
    states = [deal(number)]
    for pick in picks:
        moves = list(legal_moves(states[-1]))
        if not moves:
            break
        states.append(apply_move(states[-1], moves[pick % len(moves)]))
    return states


def all_cards(state: GameState) -> list[str]:
    cards = [card.code for column in state.columns for card in column]
    cards += [card.code for card in state.cells if card is not None]
    for suit_index, top in enumerate(state.foundations):
        cards += [ALL_CARDS[(rank - 1) * 4 + suit_index].code for rank in range(1, top + 1)]
    return cards


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices)
def test_random_legal_play_keeps_52_distinct_cards(number: int, picks: list[int]) -> None:
    for state in random_play(number, picks):
        cards = all_cards(state)
        assert len(cards) == 52 and len(set(cards)) == 52
        state.validate()


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices, st.integers(min_value=0, max_value=10_000))
def test_a_move_never_changes_its_input_state(number: int, picks: list[int], pick: int) -> None:
    state = random_play(number, picks)[-1]
    moves = list(legal_moves(state))
    if not moves:
        return
    text_before = format_position(state)
    copy = parse_position(text_before)
    after = apply_move(state, moves[pick % len(moves)])
    assert state == copy and format_position(state) == text_before
    assert after != state


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices, st.sampled_from(list(AutoplayMode)))
def test_undo_after_any_move_restores_an_equal_state(
    number: int, picks: list[int], mode: AutoplayMode
) -> None:
    game = Game.new(number, autoplay=mode)
    for pick in picks:
        moves = list(legal_moves(game.state))
        if not moves:
            break
        before = game
        game = game.play(moves[pick % len(moves)])
        undone = game.undo()
        assert undone.state == before.state
        assert undone.turns == before.turns
        assert undone.redo().state == game.state


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices)
def test_every_legal_move_round_trips_through_notation(number: int, picks: list[int]) -> None:
    state = random_play(number, picks)[-1]
    for move in legal_moves(state):
        text = str(move)
        parsed = Move.parse(text)
        assert resolve_move(state, parsed) == move
        assert apply_move(state, parsed) == apply_move(state, move)
        assert describe_move(state, parsed).startswith(f"{text}: ")


@settings(max_examples=60, deadline=None)
@given(deal_numbers, choices)
def test_positions_round_trip_through_text(number: int, picks: list[int]) -> None:
    for state in random_play(number, picks)[::10]:
        assert parse_position(format_position(state)) == state
