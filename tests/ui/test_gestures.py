"""The board's gestures without a terminal: what pile keys, clicks, the cursor, the run count and
the mouse's press, drag and release come to (a move, words with a tone, the status line's
pending text, the hand's motion), and every refusal in the words the player reads."""

from __future__ import annotations

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import FOUNDATION, Move, Pile
from freecell_tui.core.rules import apply_move
from freecell_tui.core.state import GameState
from freecell_tui.ui.board.gestures import (
    Follow,
    Gestures,
    Grab,
    LetGo,
    Outcome,
    Pending,
    Play,
    PutBack,
    Say,
)
from freecell_tui.ui.board.selection import Selection

from .positions import near_won_game, run_game

P = Pile.parse


def said(outcomes: list[Outcome]) -> list[tuple[str, str]]:
    return [(o.text, o.tone.value) for o in outcomes if isinstance(o, Say)]


def refused(gestures: Gestures) -> str:
    """The one error line the last gesture said; what was picked up is put down."""
    out = gestures.pop_outcomes()
    (line,) = said(out)
    assert line[1] == "error", line
    assert gestures.selection is None
    assert not any(isinstance(o, Play) for o in out)
    return line[0]


def nowhere_state(*, run: bool) -> GameState:
    """Nothing home. ``run``: column 8 ends with the run 6♥ 5♠, the free cells are empty and no
    column takes it; else every free cell holds a king and 5♠ alone on column 8 can go nowhere."""
    kings = tuple(Card.parse(code) for code in ("KC", "KD", "KH", "KS"))
    top = (Card.parse("6H"), Card.parse("5S")) if run else (Card.parse("5S"),)
    held = top + (kings if not run else ())
    rest = [c for c in ALL_CARDS if c not in held]
    # Aces, black sevens and (for the lone 5♠) red sixes deep down: nothing goes home or takes it.
    rest.sort(key=lambda c: (c.rank == 1 or (c.rank == 7) or c.rank == 6, c.rank))
    columns = [tuple(reversed(rest[i::7])) for i in range(7)]
    cells = kings if not run else (None, None, None, None)
    return GameState((*columns, top), cells)


def test_two_pile_keys_make_a_move_and_the_same_key_twice_puts_down() -> None:
    gestures = Gestures(deal(1))
    gestures.act_on(P("3"))
    assert gestures.pop_outcomes() == [
        Pending("3 (2♥) → ?"),
        Say("Picked up from column 3. It may go to: a b c d."),
    ]
    assert gestures.targets == {P("a"), P("b"), P("c"), P("d")}
    gestures.act_on(P("3"))
    assert gestures.pop_outcomes() == [PutBack(), Pending(""), Say("Put down.")]
    gestures.act_on(P("3"))
    gestures.act_on(P("a"))
    assert gestures.pop_outcomes()[-1] == Play(Move.parse("3a"))
    # The move is played by the session; the new position puts down what was picked up.
    gestures.new_position(apply_move(deal(1), Move.parse("3a")))
    assert gestures.pop_outcomes() == [PutBack(), Pending("")]
    assert gestures.selection is None and not gestures.targets


def test_every_refusal_says_why_in_one_line_and_puts_down() -> None:
    gestures = Gestures(deal(1))
    gestures.act_on(P("a"))
    assert refused(gestures) == "free cell a is empty: there is no card to pick up"
    gestures.clicked(FOUNDATION, 0)
    assert refused(gestures) == ("cards never leave the foundations: pick a column or a free cell")
    gestures.quick()
    assert refused(gestures) == (
        "pick a card (1–8 or a–d, or the cursor) for f to send home or to a cell"
    )
    gestures.change_count(1)
    assert refused(gestures) == "+ and − change how many cards of a picked-up column move"
    gestures.clicked(P("3"), 2, chain=2)  # 9♦, covered
    assert refused(gestures) == "only a column's top card can go home or to a free cell"

    gestures = Gestures(run_game().state)
    gestures.clicked(P("1"), 0)  # 2♦, under the run
    assert refused(gestures) == (
        "2♦ cannot move with the cards on it: only the top 3 cards of column 1 (9♠ 8♥ 7♣) "
        "form a run"
    )
    gestures.act_on(P("1"))
    gestures.change_count(-1)
    gestures.pop_outcomes()
    gestures.act_on(P("c"))
    assert refused(gestures) == (
        "2 cards cannot go to free cell c: only one card moves there at a time"
    )
    gestures.act_on(P("a"))
    gestures.pop_outcomes()
    gestures.quick()
    assert refused(gestures) == (
        "K♣ cannot go home yet: the ♣ foundation starts with A♣; it is already in a free cell"
    )


def test_a_card_or_run_that_can_go_nowhere_is_not_picked_up() -> None:
    gestures = Gestures(nowhere_state(run=False))
    gestures.act_on(P("8"))
    assert refused(gestures) == (
        "5♠ can go nowhere now: it cannot go home, no column takes it and every free cell is full"
    )
    gestures.quick()  # nothing picked up, no cursor
    gestures.pop_outcomes()
    gestures.cursor = (1, 7)
    gestures.quick()
    assert refused(gestures).endswith(", and every free cell is full")
    state = nowhere_state(run=True)
    gestures = Gestures(state)
    gestures.clicked(P("8"), len(state.columns[7]) - 2)  # 6♥, under 5♠
    assert refused(gestures) == "6♥–5♠ (2 cards) can go nowhere now: no column takes them"


def test_plus_and_minus_change_the_run_count_within_what_may_move() -> None:
    gestures = Gestures(run_game().state)
    gestures.act_on(P("1"))
    assert gestures.pop_outcomes()[0] == Pending("1 (9♠–7♣, 3 cards; +/− to change) → ?")
    gestures.change_count(-1)
    assert gestures.pop_outcomes() == [
        Pending("1 (8♥–7♣, 2 cards; +/− to change) → ?"),
        Say("2 cards of column 1 picked up (at most 3 may move now)."),
    ]
    gestures.change_count(5)
    assert gestures.selection == Selection(P("1"), 3)
    assert said(gestures.pop_outcomes()) == [
        ("3 cards of column 1 picked up (at most 3 may move now).", "info")
    ]
    gestures.act_on(P("2"))
    assert gestures.pop_outcomes() == [Play(Move(P("1"), P("2"), 3))]


def test_the_cursor_walks_the_piles_and_acts_on_them() -> None:
    gestures = Gestures(deal(1))
    gestures.cursor_act()  # the first shows the cursor and says how it works
    assert gestures.cursor == (1, 0)
    assert gestures.pop_outcomes() == [
        Say("Arrows move the cursor; Space or Enter picks up and drops; f sends home.")
    ]
    gestures.move_cursor(0, 2)
    gestures.cursor_act()
    assert gestures.selection == Selection(P("3"))
    gestures.move_cursor(-1, 5)
    assert gestures.cursor == (0, 7) and gestures.cursor_pile == FOUNDATION
    gestures.move_cursor(0, 1)  # the four foundations are one place (h)
    assert gestures.cursor == (0, 4) and gestures.cursor_pile == FOUNDATION
    gestures.move_cursor(0, -1)
    assert gestures.cursor == (0, 3) and gestures.cursor_pile == P("d")
    gestures.pop_outcomes()
    gestures.cursor_act()
    assert gestures.pop_outcomes() == [Play(Move.parse("3d"))]
    gestures.move_cursor(1, 9)
    assert gestures.cursor == (1, 7)


def test_f_and_a_double_click_send_a_card_home_or_to_a_free_cell() -> None:
    gestures = Gestures(run_game().state)
    gestures.clicked(P("8"), 7, chain=2)  # A♠
    assert gestures.pop_outcomes() == [Play(Move.parse("8h"))]
    gestures.act_on(P("1"))
    gestures.quick()
    assert gestures.pop_outcomes()[-1] == Play(Move.parse("1c"))
    gestures = Gestures(near_won_game().state)
    gestures.cursor = (1, 0)
    gestures.quick()
    assert gestures.pop_outcomes() == [Play(Move.parse("1h"))]


def test_a_press_drag_and_release_drops_the_cards_where_they_are_let_go() -> None:
    gestures = Gestures(run_game().state)
    assert gestures.mouse_down((P("1"), 2), 10, 7, through_stage=False)  # 8♥ with 7♣
    gestures.mouse_move(10, 7, (P("1"), 2))  # not moved yet: no drag
    assert gestures.selection is None
    assert not any(isinstance(o, Say | Grab) for o in gestures.pop_outcomes())
    gestures.mouse_move(22, 5, (P("2"), None))
    run = (Card.parse("8H"), Card.parse("7C"))
    assert gestures.pop_outcomes() == [
        Pending("1 (8♥–7♣, 2 cards; +/− to change) → ?"),
        Say("Dragging 8♥–7♣ (2 cards): drop it on a pile. It may go to: 2."),
        Grab(P("1"), run, 10, 7),
        Follow(22, 5),
    ]
    assert gestures.hover == (P("2"), None)
    assert gestures.mouse_up((P("2"), None))
    assert gestures.pop_outcomes() == [LetGo(), Play(Move(P("1"), P("2"), 2))]
    assert not gestures.is_click()  # the click made of the release is no click
    assert gestures.is_click()


def test_a_drag_back_or_off_the_piles_puts_down_and_a_refused_drag_does_not_start() -> None:
    gestures = Gestures(run_game().state)
    gestures.mouse_down((P("1"), 3), 10, 8, through_stage=False)
    gestures.mouse_move(11, 9, (P("1"), 3))
    gestures.pop_outcomes()
    gestures.mouse_up((P("1"), 3))
    assert gestures.pop_outcomes() == [PutBack(), Pending(""), Say("Put down.")]
    gestures.mouse_down((P("1"), 3), 10, 8, through_stage=False)
    gestures.mouse_move(11, 9, None)
    gestures.pop_outcomes()
    gestures.mouse_up(None)
    assert said(gestures.pop_outcomes()) == [("Dropped off the piles: put down.", "info")]
    # 2♦ cannot be dragged off the run on it: the drag never starts, the press is let go.
    gestures.mouse_down((P("1"), 0), 10, 2, through_stage=False)
    gestures.mouse_move(12, 2, (P("1"), 0))
    assert gestures.press is None
    assert refused(gestures).startswith("2♦ cannot move with the cards on it")
    assert not gestures.mouse_up((P("1"), 0))
    # Nothing to drag on a foundation, a pile's key or an empty free cell.
    assert not gestures.mouse_down((FOUNDATION, 0), 50, 2, through_stage=False)
    assert not gestures.mouse_down((P("5"), None), 50, 2, through_stage=False)
    assert not gestures.mouse_down((P("c"), 0), 30, 2, through_stage=False)


def test_a_press_while_cards_moved_is_a_click_and_a_double_click_begun_elsewhere_is_not() -> None:
    gestures = Gestures(run_game().state)
    gestures.mouse_down((P("8"), 7), 90, 16, through_stage=True)
    gestures.mouse_up((P("8"), 7))
    assert said(gestures.pop_outcomes()) == [
        ("Picked up from column 8. It may go to: 2 c d h.", "info")
    ]
    gestures.click(P("8"), 7, chain=1)
    assert said(gestures.pop_outcomes()) == [("Put down.", "info")]
    gestures.shown_again()  # a dialog was closed by the first click of this double click
    gestures.click(P("8"), 7, chain=2)
    assert gestures.pop_outcomes() == []
    gestures.click(P("8"), 7, chain=1)
    gestures.click(P("8"), 7, chain=2)
    assert gestures.pop_outcomes()[-1] == Play(Move.parse("8h"))


def test_hover_follows_the_pointer_when_nothing_is_pressed() -> None:
    gestures = Gestures(Game.new(1, autoplay=AutoplayMode.OFF).state)
    gestures.mouse_move(3, 14, (P("3"), 6))
    assert gestures.hover == (P("3"), 6)
    gestures.hovered(None)
    assert gestures.hover is None and gestures.pop_outcomes() == []


def test_f_with_nothing_picked_names_the_pile_keys_of_the_game_played() -> None:
    from freecell_tui.core.variant import EIGHT_OFF, SEAHAVEN, parse_variant

    for variant, keys, quick in (
        (SEAHAVEN, "1–9, 0 or a–d", "f"),  # the key of column 10 is 0
        (EIGHT_OFF, "1–8 or a–g, k", "x"),  # f is a free cell there
        (parse_variant(None, 0), "1–8", "f"),
    ):
        gestures = Gestures(deal(1, variant))
        gestures.quick()
        assert refused(gestures) == (
            f"pick a card ({keys}, or the cursor) for {quick} to send home or to a cell"
        )


def test_the_cursors_first_words_name_the_games_home_key() -> None:
    from freecell_tui.core.variant import EIGHT_OFF

    gestures = Gestures(deal(1, EIGHT_OFF))
    gestures.cursor_act()
    assert gestures.pop_outcomes() == [
        Say("Arrows move the cursor; Space or Enter picks up and drops; x sends home.")
    ]


def test_f_after_a_card_that_can_go_nowhere_says_why_it_cannot_go_home_or_to_a_cell() -> None:
    from freecell_tui.core.variant import EIGHT_OFF

    state = deal(1, EIGHT_OFF)
    for word in ("1b", "2d", "3f", "4k"):  # every free cell full
        state = apply_move(state, Move.parse(word, EIGHT_OFF))
    gestures = Gestures(state)
    gestures.act_on(P("5"))
    assert refused(gestures).startswith("6♣ can go nowhere now")
    gestures.quick()
    why = refused(gestures)
    assert "6♣" in why and "free cell" in why and "pick a card (" not in why
    assert gestures.selection is None
    gestures.quick()  # asked once: then nothing is picked up
    assert refused(gestures).startswith("pick a card (")
