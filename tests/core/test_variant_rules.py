"""The rules of each variant: against a reference written from the rules' words on random play,
and the cases a player meets (same-suit building, kings only, run limits, the piles' names)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from freecell_tui.core.autoplay import AutoplayMode, is_safe_home, run_autoplay
from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.codes import BadCode, decode, encode, game_start
from freecell_tui.core.deals import deal
from freecell_tui.core.errors import IllegalMoveError, NotationError, PositionError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import FOUNDATION, Move, Pile, PileKind, parse_moves
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.rules import apply_move, legal_moves
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN,
    VARIANTS,
    Moving,
    Variant,
    parse_variant,
)

ONE_CARD_FREECELL = replace(FREECELL, key="freecell", moving=Moving.ONE_CARD)
ALL_GAMES = [
    *VARIANTS.values(),
    *(parse_variant("freecell", n) for n in (0, 1, 2, 3)),
    parse_variant("bakers game", 2),
    ONE_CARD_FREECELL,
]


def game_id(variant: Variant) -> str:
    return f"{variant.key}-{variant.cells}-{variant.moving.value}"


# ---------------------------------------------------------------------- the reference
# Written from the rules as docs/rules.md states them, sharing no code with core.rules.
def fits(card: Card, on: Card, variant: Variant) -> bool:
    if card.rank != on.rank - 1:
        return False
    if variant.build.value == "same suit":
        return card.suit == on.suit
    return (card.suit.letter in "DH") != (on.suit.letter in "DH")


def may_fill(card: Card, variant: Variant) -> bool:
    return variant.empty_column.value == "any card" or card.rank == 13


def most_cards(state: GameState, variant: Variant, dest_empty: bool) -> int:
    free = sum(1 for c in state.cells if c is None)
    empty = sum(1 for c in state.columns if not c) - (1 if dest_empty else 0)
    if variant.moving.value == "one card":
        return 1
    if variant.moving.value == "unlimited":
        return 52
    if variant.empty_column.value == "kings only":
        return free + 1
    return (free + 1) * 2**empty


def reference_moves(state: GameState) -> set[tuple[str, str, int]]:
    """Every legal move as (source, dest, cards), by brute force over all piles and counts."""
    variant = state.variant
    most = {empty: most_cards(state, variant, empty) for empty in (False, True)}
    tops = {f"c{i}": cell for i, cell in enumerate(state.cells) if cell is not None}
    tops |= {f"t{i}": column[-1] for i, column in enumerate(state.columns) if column}
    moves = set()
    for source, card in tops.items():
        if state.foundations["CDHS".index(card.suit.letter)] == card.rank - 1:
            moves.add((source, "home", 1))
        for i, cell in enumerate(state.cells):
            if cell is None and source != f"c{i}":
                moves.add((source, f"c{i}", 1))
        pile = [card] if source.startswith("c") else state.columns[int(source[1:])]
        for j, column in enumerate(state.columns):
            if source != f"t{j}":
                counts = _counts_onto(pile, column, variant, most[not column])
                moves |= {(source, f"t{j}", n) for n in counts}
    return moves


def _counts_onto(
    pile: Sequence[Card], column: Sequence[Card], variant: Variant, most: int
) -> list[int]:
    """How many of the cards at the end of ``pile`` may go onto ``column``, each count that may
    (``most`` cards at most): the last ``n`` cards, each on the next one up as on a column."""
    counts = []
    for n in range(1, min(len(pile), most) + 1):
        bottom = pile[-n]
        if n > 1 and not fits(pile[-n + 1], bottom, variant):
            break  # the last n - 1 cards were a run; with this one they are not
        if fits(bottom, column[-1], variant) if column else may_fill(bottom, variant):
            counts.append(n)
    return counts


def as_tuple(state: GameState, move: Move) -> tuple[str, str, int]:
    def name(pile: Pile) -> str:
        return {PileKind.CELL: "c", PileKind.COLUMN: "t"}.get(pile.kind, "home") + (
            str(pile.index) if not pile.is_foundation else ""
        )

    return (name(move.source), name(move.dest), move.count or 1)


@pytest.mark.parametrize("variant", ALL_GAMES, ids=game_id)
def test_the_rules_agree_with_the_reference_on_random_play(variant: Variant) -> None:
    rng = random.Random(game_id(variant))
    positions = 0
    read_back: set[Move] = set()  # each move's notation and repr are checked once
    for number in rng.sample(range(1, 32_001), 40):
        state = deal(number, variant)
        for _ in range(150):
            moves = list(legal_moves(state))
            assert {as_tuple(state, m) for m in moves} == reference_moves(state), (
                number,
                format_position(state),
            )
            assert len(moves) == len(set(moves))
            for move in set(moves) - read_back:
                assert Move.parse(move.notation, variant) == Move(
                    move.source, move.dest, (move.count if (move.count or 1) > 1 else None)
                )
                assert eval(repr(move)) == move  # a repr reads back as the move
                read_back.add(move)
            positions += 1
            if not moves:
                break
            # Mostly moves that keep the cells free, so that play goes on for a while.
            keep_free = [m for m in moves if not m.dest.is_cell]
            move = rng.choice(keep_free if keep_free and rng.random() < 0.8 else moves)
            after = apply_move(state, move)
            assert after.variant is variant
            assert sorted(c.index for c in _cards(after)) == sorted(c.index for c in _cards(state))
            state = after
        if positions > 1_000:
            break
    assert positions > 300


def _cards(state: GameState) -> list[Card]:
    home = [
        Card(rank, suit)
        for suit, top in zip(Suit, state.foundations, strict=True)
        for rank in range(1, top + 1)
    ]
    return home + [c for c in state.cells if c] + [c for col in state.columns for c in col]


# ---------------------------------------------------------------------- cases a player meets
def position(variant: Variant, *columns: str, cells: str = "", home: str = "") -> GameState:
    """A position of ``variant`` with ``columns`` (card words, deepest first), the rest of the
    pack home or, when the foundations would be out of order, in the last column."""
    text = f"Foundations: {home or 'H-0 C-0 D-0 S-0'}\nFreecells: {cells}\n"
    text += "".join(f": {c}\n" for c in columns)
    return parse_position(_complete(text, variant), variant)


def _complete(text: str, variant: Variant) -> str:
    """``text`` with every card not yet placed added to a new last column."""
    placed = set()
    for line in text.splitlines():
        head, _, rest = line.partition(":")
        if head.strip() == "Foundations":
            for word in rest.split():
                suit, _, rank = word.partition("-")
                top = "0A23456789TJQK".index(rank)
                placed |= {Card.parse(f"{'A23456789TJQK'[r - 1]}{suit}") for r in range(1, top + 1)}
        else:
            placed |= {Card.parse(w) for w in rest.split() if w != "-"}
    rest_cards = [c for c in (Card.from_index(i) for i in range(52)) if c not in placed]
    lines = text.splitlines()
    columns = sum(1 for line in lines if line.startswith(":"))
    if rest_cards:
        # Kings on top: nothing of the rest can go home or move onto the cards a test names.
        lines.append(": " + " ".join(c.code for c in sorted(rest_cards, key=lambda c: c.rank)))
        columns += 1
    lines += [":"] * (variant.columns - columns)
    return "\n".join(lines) + "\n"


def test_bakers_game_builds_by_suit() -> None:
    state = position(BAKERS_GAME, "KS 9H", "8H", "8S")
    apply_move(state, Move.parse("21"))  # legal: it does not raise
    with pytest.raises(IllegalMoveError, match="in Baker's Game a column builds down in suit"):
        apply_move(state, Move.parse("31"))
    # The same cards in FreeCell: colours alternate.
    classic = position(FREECELL, "KS 9H", "8H", "8S")
    apply_move(classic, Move.parse("31"))
    with pytest.raises(IllegalMoveError):
        apply_move(classic, Move.parse("21"))


def test_a_run_that_does_not_fit_says_which_card_would() -> None:
    state = position(BAKERS_GAME, "9H 8H 7H", "KC")
    with pytest.raises(IllegalMoveError, match=r"fits on K♣: it takes Q♣$"):
        apply_move(state, Move.parse("12"))


def test_a_same_suit_run_moves_together() -> None:
    state = position(BAKERS_GAME, "9H 8H 7H", "TH", "4C")
    after = apply_move(state, Move.parse("12"))
    assert [c.code for c in after.columns[1]] == ["TH", "9H", "8H", "7H"]


def test_only_a_king_fills_an_empty_column_in_kings_only_games() -> None:
    game = VARIANTS["ko_bakers_game"]
    state = position(game, "QH", "KS QS", "", "2C", cells="5D")
    with pytest.raises(IllegalMoveError, match="only a king fills an empty column"):
        apply_move(state, Move.parse("13"))
    with pytest.raises(IllegalMoveError, match="only a king fills an empty column"):
        apply_move(state, Move.parse("a3"))
    # ``23`` moves the run from its king, as one move.
    after = apply_move(state, Move.parse("23"))
    assert [c.code for c in after.columns[2]] == ["KS", "QS"] and after.columns[1] == ()
    with pytest.raises(IllegalMoveError, match="only a king fills"):
        apply_move(state, Move.parse("23v1"))


def test_kings_only_games_count_only_the_free_cells_for_a_run() -> None:
    # Two empty columns and one free cell: FreeCell's formula would allow 8; kings only, 2.
    state = position(EIGHT_OFF, "9S 8S 7S", "TS", "", "", cells="2C 3C 4C 5C 6C 7C 8C")
    with pytest.raises(IllegalMoveError, match=r"1 free cell allow 2: 1 \+ 1 = 2 \(empty"):
        apply_move(state, Move.parse("12"))
    assert not any(m.source.index == 0 and m.dest.index == 1 for m in legal_moves(state))


def test_the_relaxed_games_move_any_run() -> None:
    columns = ("QH JH TH 9H 8H", "KH")
    seahaven = position(SEAHAVEN, *columns, cells="2C 3C 4C 5C")
    with pytest.raises(IllegalMoveError, match=r"0 free cells allow 1: 0 \+ 1 = 1"):
        apply_move(seahaven, Move.parse("12", SEAHAVEN))
    relaxed = position(VARIANTS["relaxed_seahaven"], *columns, cells="2C 3C 4C 5C")
    after = apply_move(relaxed, Move.parse("12", SEAHAVEN))
    assert [c.code for c in after.columns[1]] == ["KH", "QH", "JH", "TH", "9H", "8H"]


def test_one_card_at_a_time() -> None:
    state = position(ONE_CARD_FREECELL, "9H 8S", "TS", "", "")
    with pytest.raises(IllegalMoveError, match="FreeCell moves one card at a time"):
        apply_move(state, Move.parse("12"))
    assert all((m.count or 1) == 1 for m in legal_moves(state))


# ---------------------------------------------------------------------- autoplay
@pytest.mark.parametrize(
    "variant", [v for v in ALL_GAMES if v.build.value == "same suit"], ids=game_id
)
def test_in_suit_games_a_card_that_can_go_home_is_needed_by_no_card(variant: Variant) -> None:
    """The claim the safe rule rests on: with suit building, nothing legal ever lands on a
    card that could go home (its only possible guest, the next lower card of its suit, is home),
    so autoplay sends every card that can go home."""
    rng = random.Random(variant.key)
    for number in rng.sample(range(1, 32_001), 8):
        state = deal(number, variant)
        for _ in range(150):
            moves = list(legal_moves(state))
            if not moves:
                break
            for move in moves:
                if move.dest.is_column and state.columns[move.dest.index]:
                    target = state.columns[move.dest.index][-1]
                    assert state.foundations[target.suit.index] + 1 < target.rank
            for pile_card in [c for c in state.cells if c] + [c[-1] for c in state.columns if c]:
                can_go = state.foundations[pile_card.suit.index] + 1 == pile_card.rank
                assert is_safe_home(state, pile_card) is can_go
            state = apply_move(state, rng.choice(moves))


def test_safe_autoplay_in_freecell_still_waits_for_the_other_colour() -> None:
    state = position(FREECELL, "3H", home="H-2 C-A D-2 S-A")
    assert run_autoplay(state, AutoplayMode.SAFE)[1] == ()
    bakers = position(BAKERS_GAME, "3H", home="H-2 C-A D-2 S-A")
    assert run_autoplay(bakers, AutoplayMode.SAFE)[1] == (Move.parse("1h"),)


# ---------------------------------------------------------------------- notation
def test_eight_off_names_its_cells_as_fc_solve_does() -> None:
    assert [p.code for p in (Pile.cell(i) for i in range(8))] == list("abcdefgk")
    assert Move.parse("1k", EIGHT_OFF).dest == Pile.cell(7)
    assert Move.parse("1h", EIGHT_OFF).dest == FOUNDATION
    assert Move.parse("g3", EIGHT_OFF).source == Pile.cell(6)


def test_seahaven_names_its_tenth_column_10() -> None:
    assert Move.parse("10h", SEAHAVEN) == Move(Pile.column(9), FOUNDATION)
    assert Move.parse("a10", SEAHAVEN) == Move(Pile.cell(0), Pile.column(9))
    assert Move.parse("110", SEAHAVEN) == Move(Pile.column(0), Pile.column(9))
    assert Move.parse("101v3", SEAHAVEN) == Move(Pile.column(9), Pile.column(0), 3)
    assert Move(Pile.column(9), Pile.column(0), 3).notation == "101v3"
    assert parse_moves("10h a10 5h", SEAHAVEN)[0].source == Pile.column(9)


def test_classic_notation_refuses_other_games_piles_as_before() -> None:
    with pytest.raises(NotationError, match=r"'e' is not a pile \(1–8 columns, a–d free cells"):
        Move.parse("1e")
    with pytest.raises(NotationError, match=r"'9' is not a pile \(1–8 columns"):
        Move.parse("9a")
    with pytest.raises(NotationError, match=r"\(1–10 columns, a–d free cells, h home\)"):
        Move.parse("1e", SEAHAVEN)
    with pytest.raises(NotationError, match=r"\(1–8 columns, a–g, k free cells, h home\)"):
        Move.parse("1i", EIGHT_OFF)
    with pytest.raises(NotationError, match=r"\(1–8 columns, none free cells"):
        Move.parse("1a", parse_variant("freecell", 0))


def test_a_move_to_a_pile_the_game_lacks_is_refused() -> None:
    state = deal(1, parse_variant("freecell", 2))
    with pytest.raises(IllegalMoveError, match=r"FreeCell \(2 cells\) has no free cell c"):
        apply_move(state, Move(Pile.column(0), Pile.cell(2)))
    with pytest.raises(IllegalMoveError, match="FreeCell has no column 9"):
        apply_move(deal(1), Move(Pile.column(8), FOUNDATION))


# ---------------------------------------------------------------------- positions and codes
@pytest.mark.parametrize("variant", ALL_GAMES[:-1], ids=game_id)
def test_positions_and_codes_of_every_game_round_trip(variant: Variant) -> None:
    rng = random.Random(game_id(variant))
    number = rng.randint(1, 32_000)
    game = Game.new(number, variant=variant)
    for _ in range(60):
        moves = list(legal_moves(game.state))
        if not moves:
            break
        game = game.play(rng.choice(moves))
        text = format_position(game.state)
        assert parse_position(text, variant) == game.state
    assert game.variant is variant
    code = encode(game)
    assert code.startswith("F1" if variant == FREECELL else "F2")
    decoded = decode(code)
    assert not isinstance(decoded, BadCode), decoded
    assert decoded.variant == variant and decoded.state == game.state
    # A custom start of that game too.
    custom = Game(game.state, None)
    again = decode(encode(custom))
    assert not isinstance(again, BadCode) and again.state == game.state


def test_a_position_of_another_game_is_told_its_shape() -> None:
    with pytest.raises(PositionError, match="has 10 columns"):
        GameState(deal(1).columns, (None,) * 4, (0, 0, 0, 0), SEAHAVEN)
    with pytest.raises(PositionError, match="only 4 free cells, not 8"):
        parse_position(format_position(deal(1, EIGHT_OFF)))


def test_positions_of_different_games_differ() -> None:
    assert deal(1) != deal(1, BAKERS_GAME) and deal(1).columns == deal(1, BAKERS_GAME).columns
    assert len({deal(1), deal(1, BAKERS_GAME)}) == 2


def test_a_code_names_its_game_and_a_deal_asked_in_another_game_is_refused() -> None:
    game = Game.new(5, variant=SEAHAVEN).play(Move.parse("10h", SEAHAVEN))
    code = encode(game)
    read = decode(code)
    assert not isinstance(read, BadCode) and read.state == game.state
    assert game_start(code) == (5, SEAHAVEN)  # deal 5 of Seahaven Towers, not FreeCell's deal 5
    assert game_start(code, SEAHAVEN) == (5, SEAHAVEN)
    with pytest.raises(NotationError, match="is a game of Seahaven Towers, not of Eight Off"):
        game_start(code, EIGHT_OFF)
    classic = encode(Game.new(5))
    assert game_start(classic) == (5, None)  # no game asked for: the default
    assert game_start("5", EIGHT_OFF) == (5, EIGHT_OFF)
