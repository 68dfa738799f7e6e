"""Game codes: every game comes back from its code, and a mistyped code is refused, never misread.

The games are random: legal moves from random deals (with undo, restart, autoplay changes and
auto-solve's turns among them), the solver's wins, and random custom positions.
"""

from __future__ import annotations

import binascii
import math
import random
import string
from functools import cache

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.codes import ALPHABET, MAX_CODE_LENGTH, BadCode, decode, encode
from freecell_tui.core.codes import ordered_moves as code_order
from freecell_tui.core.deals import MAX_DEAL, deal
from freecell_tui.core.game import Game, Turn
from freecell_tui.core.notation import Move, Pile
from freecell_tui.core.position import parse_position
from freecell_tui.core.rules import apply_move, legal_moves
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.state import GameState

MODES = list(AutoplayMode)


# ---------------------------------------------------------------------- games to code
def random_deal_number(rng: random.Random) -> int:
    return rng.choice([1, MAX_DEAL, rng.randint(1, 32_000), rng.randint(1, MAX_DEAL)])


def random_position(rng: random.Random) -> GameState:
    """Any position holding the 52 cards: some home, some in free cells, the rest in columns
    (some of them empty)."""
    homes = tuple(rng.choice([0, 0, rng.randint(0, 13), 13]) for _ in range(4))
    out = [card for card in ALL_CARDS if card.rank > homes[card.suit.index]]
    rng.shuffle(out)
    cells: list[Card | None] = [out.pop() if out and rng.random() < 0.4 else None for _ in range(4)]
    cuts = sorted(rng.randint(0, len(out)) for _ in range(7))
    bounds = [0, *cuts, len(out)]
    columns = tuple(tuple(out[bounds[i] : bounds[i + 1]]) for i in range(8))
    state = GameState(columns, tuple(cells), homes)
    state.validate()
    return state


def play_randomly(game: Game, rng: random.Random, turns: int) -> Game:
    """``turns`` random steps: mostly legal moves, some by auto-solve, and now and then an undo,
    a redo, a restart or a change of autoplay mode."""
    solver = False
    for _ in range(turns):
        roll = rng.random()
        if roll < 0.04 and game.turns:
            game = game.undo()
        elif roll < 0.05 and game.redo_tail:
            game = game.redo()
        elif roll < 0.06 and game.line:
            game = game.restart()
        elif roll < 0.09:
            game = game.with_autoplay(rng.choice(MODES))
        else:
            moves = list(legal_moves(game.state))
            if not moves:
                break
            if rng.random() < 0.05:
                solver = not solver
            game = game.play(rng.choice(moves), solver=solver)
    return game


def random_games(seed: int, count: int) -> list[Game]:
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        mode = rng.choice(MODES)
        if rng.random() < 0.3:
            start = Game.from_position(random_position(rng), autoplay=mode)
        else:
            start = Game.new(random_deal_number(rng), autoplay=mode)
        games.append(
            play_randomly(
                start, rng, rng.choice([0, 1, 5, rng.randint(0, 150), rng.randint(50, 150)])
            )
        )
    return games


@cache
def solver_game(number: int, mode: AutoplayMode = AutoplayMode.SAFE) -> Game:
    """Deal ``number`` won along the solver's line, autoplay ``mode``: worked out once a process
    (a game is frozen; deal 617's search alone is 0.4 s of CPU, and a dozen tests watch it)."""
    game = Game.new(number, autoplay=mode)
    for move in solve_for_autoplay(game.start, mode).moves:
        game = game.play(move, solver=True)
    assert game.state.is_won
    return game


def decoded(code: str) -> Game:
    game = decode(code)
    assert isinstance(game, Game), game
    return game


def refusal(text: str) -> str:
    """The one line a bad code gets."""
    answer = decode(text)
    assert isinstance(answer, BadCode), f"{text!r} was read as a game"
    reason = str(answer)
    assert reason and "\n" not in reason and len(reason) < 200, reason
    return reason


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return random_games(2026, 1500)


@pytest.fixture(scope="module")
def won_games() -> list[Game]:
    return [solver_game(number, MODES[number % 3]) for number in range(1, 121)]


@pytest.fixture(scope="module")
def positions() -> list[Game]:
    rng = random.Random(5)
    return [
        play_randomly(Game.from_position(random_position(rng)), rng, rng.randint(0, 30))
        for _ in range(1000)
    ]


# ---------------------------------------------------------------------- round trips
def check_round_trip(game: Game) -> None:
    code = encode(game)
    back = decoded(code)
    assert encode(back) == code
    assert back.start == game.start and back.deal_number == game.deal_number
    assert back.autoplay == game.autoplay
    assert back.state == game.state
    assert back.turns == game.line  # each turn: move, autoplay moves, mode, auto-solve's or not
    assert not back.redo_tail
    # The moves replay by the rules alone, autoplay off, to the same final position.
    state = back.start
    for move in back.moves:
        state = apply_move(state, move)
    assert state == game.state


def test_random_games_come_back_from_their_codes(games: list[Game]) -> None:
    assert sum(1 for game in games if game.deal_number is None) > 300
    assert sum(1 for game in games if len(game.line) > 30) > 100
    for game in games:
        check_round_trip(game)


def test_custom_positions_come_back_from_their_codes(positions: list[Game]) -> None:
    for game in positions:
        check_round_trip(game)


def test_the_solvers_wins_come_back_from_codes_well_under_100_characters(
    won_games: list[Game],
) -> None:
    for game in won_games:
        check_round_trip(game)
        if game.autoplay is not AutoplayMode.OFF:  # off: every move home is a turn of its own
            assert len(encode(game)) < 90, game.deal_number


def test_a_code_is_made_of_url_safe_characters(games: list[Game]) -> None:
    for game in games[:200]:
        code = encode(game)
        assert code.startswith("F1")
        assert set(code) <= set(string.ascii_letters + string.digits + "-_")


def test_a_code_keeps_the_line_not_undone_moves_nor_what_came_before_a_restart() -> None:
    game = Game.new(617)
    for index in (3, 7, 1):
        game = game.play(code_order(game.state)[index])
    played = game
    first = code_order(game.start)[5]
    game = game.restart().play(first)
    game = game.play(code_order(game.state)[2]).undo()  # in the redo list, not in the line
    back = decoded(encode(game))
    assert [turn.move for turn in back.turns] == [first]
    assert back.state == game.state
    assert encode(back) == encode(Game.new(617).play(first))
    assert decoded(encode(played)).state == played.state


def test_autoplay_modes_and_auto_solve_turns_survive() -> None:
    game = Game.new(5, autoplay=AutoplayMode.OFF)
    moves = iter(solve_for_autoplay(game.start, AutoplayMode.OFF).moves)
    for mode, solver in [
        (AutoplayMode.OFF, False),
        (AutoplayMode.ALL, True),
        (AutoplayMode.SAFE, True),
    ]:
        game = game.with_autoplay(mode)
        for _ in range(3):
            game = game.play(next(moves), solver=solver)
    game = game.with_autoplay(AutoplayMode.ALL)
    back = decoded(encode(game))
    assert [(turn.mode, turn.solver) for turn in back.turns] == [
        (turn.mode, turn.solver) for turn in game.turns
    ]
    assert back.autoplay is AutoplayMode.ALL
    assert back.turns == game.turns


FORCED = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: 6H 7H 5C JC
: 7S 2C KC 7C 3S 5H 4S 3H
: JS TC 8D TD 8C 6D KD
: 9C TS 2H
: 3D 9D AC QH KS TH 6C
: 4H 2D AS QD 5D 4C
: 6S 7D QS 4D 5S
: JH 9H AH AD 9S 8H
: 8S 3C 2S KH QC JD
"""


def test_forced_moves_take_room_in_a_code() -> None:
    """Here 3♥ can only go back and forth between 4♠ and 4♣, one legal move at a time: each
    such move still lengthens the code (so a short code cannot claim thousands of them)."""
    game = Game.from_position(parse_position(FORCED))
    lengths = []
    for _ in range(30):
        assert len(code_order(game.state)) == 1
        game = game.play(code_order(game.state)[0])
        lengths.append(len(encode(game)))
    check_round_trip(game)
    assert lengths[-1] >= lengths[0] + 4  # 29 bits more


def test_a_won_position_and_a_fresh_deal_have_codes() -> None:
    won = GameState(((),) * 8, (None,) * 4, (13, 13, 13, 13))
    check_round_trip(Game.from_position(won))
    check_round_trip(Game.new(1))
    check_round_trip(Game.new(MAX_DEAL))


# ---------------------------------------------------------------------- the spec
def spec_check(text: str) -> str:
    """The checksum as docs/notation.md defines it."""
    crc = binascii.crc_hqx(text.encode("ascii"), 0)
    return "".join(ALPHABET[crc >> shift & 63] for shift in (12, 6, 0))


def spec_number(code: str) -> int:
    value = 0
    for ch in code[2:-3]:
        value = value * 64 + ALPHABET.index(ch)
    return value


def test_a_code_is_written_as_docs_notation_md_says() -> None:
    """Read a code's header by the spec alone: deal 1234, autoplay all, its first turn safe,
    not won, three turns, the second played by auto-solve."""
    game = Game.new(1234, autoplay=AutoplayMode.SAFE)
    first = code_order(game.state)[2]
    game = game.play(first)
    game = game.play(code_order(game.state)[0], solver=True)
    game = game.play(code_order(game.state)[-1]).with_autoplay(AutoplayMode.ALL)
    code = encode(game)
    assert code[-3:] == spec_check(code[:-3])
    n = spec_number(code)
    digits = []

    def take(radix: int) -> int:
        nonlocal n
        n, digit = divmod(n, radix)
        digits.append(digit)
        return digit

    def count(bits: int) -> int:
        length = take(bits + 1)
        return length if length <= 1 else (1 << (length - 1)) + take(1 << (length - 1))

    assert take(2) == 0  # a deal number
    assert count(33) == 1234
    assert take(3) == 2  # the game's mode: all
    assert take(3) == 1  # the first turn's: safe
    assert take(2) == 0  # not won
    assert take(2) == 1  # extras: auto-solve played a turn
    assert count(14) == 3
    n1 = len(code_order(game.states[0]))
    assert take(n1 + 3) == 2  # the third move in the code's order
    n2 = len(code_order(game.states[1]))
    assert take(n2 + 3) == n2 + 2  # auto-solve from here
    assert take(n2 + 3) == 0
    n3 = len(code_order(game.states[2]))
    assert take(n3 + 3) == n3 + 2  # the player again
    assert take(n3 + 3) == n3 - 1
    assert take(2) == 1  # the end mark
    assert n == 0


def code_key(move: Move) -> tuple[int, int, int]:
    order = "abcd12345678h"
    return (order.index(move.source.code), order.index(move.dest.code), move.count or 0)


def test_the_codes_move_order_is_every_legal_move_sorted_as_documented(
    games: list[Game],
) -> None:
    states = [state for game in games[:300] for state in game.states]
    assert len(states) > 5000
    for state in states:
        ordered, documented = code_order(state), sorted(legal_moves(state), key=code_key)
        assert ordered == documented
        assert [move.count for move in ordered] == [move.count for move in documented]


def test_codes_do_not_change_between_versions_of_the_program() -> None:
    """Shared codes stay readable: these were written by version 1 of the format."""
    assert encode(Game.new(1)) == GOLDEN_DEAL_1
    game = Game.new(1)
    for text in ("3a", "1b", "32"):
        game = game.play(Move.parse(text))
    assert encode(game) == GOLDEN_DEAL_1_MOVES
    assert decoded(GOLDEN_DEAL_1_MOVES).state == game.state


GOLDEN_DEAL_1 = "F1JCCHzk"
GOLDEN_DEAL_1_MOVES = "F1B6Cx6iGGZ"


# ---------------------------------------------------------------------- refusals
def sample_codes(games: list[Game], won_games: list[Game]) -> list[str]:
    codes = [encode(game) for game in (*games[:12], *won_games[:6])]
    codes += [encode(Game.new(1)), encode(Game.from_position(deal(9)))]
    return codes


def test_any_one_character_changed_is_refused(games: list[Game], won_games: list[Game]) -> None:
    changed = 0
    for code in sample_codes(games, won_games):
        for place in range(len(code)):
            for ch in ALPHABET:
                if ch != code[place]:
                    refusal(code[:place] + ch + code[place + 1 :])
                    changed += 1
    assert changed > 20_000


def test_two_characters_swapped_are_refused(games: list[Game], won_games: list[Game]) -> None:
    for code in sample_codes(games, won_games):
        for place in range(len(code) - 1):
            swapped = code[:place] + code[place + 1] + code[place] + code[place + 2 :]
            if swapped != code:
                refusal(swapped)


def test_cut_or_extended_codes_are_refused(games: list[Game], won_games: list[Game]) -> None:
    for code in sample_codes(games, won_games):
        for end in range(len(code)):
            refusal(code[:end])
            refusal(code[end + 1 :] if end else code[1:])
            refusal(code[:end] + code[end + 1 :])  # a character missing
        for ch in ALPHABET:
            refusal(code + ch)
            refusal(code[:5] + ch + code[5:])  # one extra


def test_garbage_is_refused_with_one_line() -> None:
    rng = random.Random(7)
    for _ in range(3000):
        length = rng.choice([1, 2, 5, 6, 10, 60, 300])
        text = "".join(rng.choice(ALPHABET) for _ in range(length))
        if rng.random() < 0.5:
            text = "F1" + text
        refusal(text)
    for text in ["", "   ", "\n", "F1", "F", "F1AAA", "F1\x1b[31m", "f1abcdef",
                 "deal 5", "12345", "F1é", "F1abc\ndef", "F1\u202eabc", "F1abc=="]:  # fmt: skip
        refusal(text)
    assert refusal("") == "an empty game code: paste the whole code, which starts with F1"
    assert "it holds '%'" in refusal("F1ab%d")
    assert "version" in refusal("F3" + "abcdef")


def test_a_word_that_starts_with_f_is_told_how_codes_start() -> None:
    """A word is not a code of some unknown version, nor a code with a piece missing."""
    for word in ("FreeCell", "Foo", "Fa", "F_"):
        assert refusal(word) == f"{word!r} is not a game code: a game code starts with F1 or F2"
    assert (
        refusal("F9abcdef")
        == "'F9abcdef' is a version 9 game code: this game reads versions 1 and 2"
    )
    assert "too short" in refusal("F1")


def test_a_code_wrapped_over_lines_or_spaced_out_reads(won_games: list[Game]) -> None:
    code = encode(won_games[0])
    for text in (f"  {code}\n", code[:20] + "\n" + code[20:], " ".join(code)):
        assert decoded(text).state == won_games[0].state


def test_huge_inputs_are_refused_before_they_are_read() -> None:
    assert f"over {MAX_CODE_LENGTH:,}" in refusal("F1" + "A" * 1_000_000)
    assert f"over {MAX_CODE_LENGTH:,}" in refusal("F1" + "b" * MAX_CODE_LENGTH)
    assert f"over {MAX_CODE_LENGTH:,}" in refusal("F1" + " b" * 1_000_000)


def test_a_refusal_fits_an_80_column_message_line(games: list[Game]) -> None:
    """The code is repeated in part, so the whole line shows in the game's message line."""
    codes = [encode(game) for game in games[:50]]
    texts = ["", "F1ab%d", "F9" + codes[0][2:], "Q" * 500, "F1" + "b" * 20_000]
    texts += [code[:-1] for code in codes] + [code[:7] + "0" + code[8:] for code in codes]
    for text in texts:
        assert len(refusal(text)) <= 78, refusal(text)


def test_a_code_written_another_way_is_refused(won_games: list[Game]) -> None:
    """The same number with a leading zero digit, or more digits than the game reads, under a
    right checksum: refused, so two codes never mean one game."""
    code = encode(won_games[0])
    body = code[2:-3]
    for other in ("A" + body, body + "A", body[:-1]):
        text = "F1" + other
        assert "not a game code" in refusal(text + spec_check(text))


def spec_code(number: int) -> str:
    """The code of ``number`` as docs/notation.md writes it, right checksum and all."""
    body = ""
    while number:
        number, digit = divmod(number, 64)
        body = ALPHABET[digit] + body
    return "F1" + body + spec_check("F1" + body)


#: Deal 1 with no moves: kind, deal 1's bit length, modes, won, extras, the count (0).
DEAL_1_RADICES = (2, 34, 3, 3, 2, 2, 15)


def test_a_code_past_the_end_of_its_game_is_refused() -> None:
    """Deal 1 with no moves, with its end mark 3 (not 1): refused."""
    header = spec_number(encode(Game.new(1))) - math.prod(DEAL_1_RADICES)
    assert "more after its last move" in refusal(spec_code(header + 3 * math.prod(DEAL_1_RADICES)))
    assert "cut short" in refusal(spec_code(header))  # no end mark


def test_a_short_code_never_makes_a_long_game() -> None:
    """Each turn takes at least one bit of the number unless it had one legal move: a code of
    n characters replays at most about 6n turns, however it claims a long game (a won game
    whose moves are all the first of their position, say, would loop to the cap of 10,000)."""
    from freecell_tui.core import codes

    rng = random.Random(11)
    calls = [0]
    real = codes.ordered_moves

    def counted(state: GameState) -> list[Move]:
        calls[0] += 1
        return real(state)

    codes.ordered_moves = counted  # type: ignore[assignment]
    try:
        for _ in range(300):
            length = rng.choice([1, 3, 10, 40])
            number = rng.getrandbits(6 * length) | 1 << (6 * length - 1)
            before = calls[0]
            decode(spec_code(number))
            assert calls[0] - before <= 6 * length + 1
        # Deal 1, won, and nothing after the header: every move the first of its position,
        # for ever (3♥ back and forth above), if the number's end did not stop it.
        before = calls[0]
        digits = [(0, 2), (1, 34), (1, 3), (1, 3), (1, 2), (0, 2)]  # deal 1, safe, won
        number = 0
        for digit, radix in reversed(digits):
            number = number * radix + digit
        assert "cut short" in refusal(spec_code(number))
        assert calls[0] - before == 1
    finally:
        codes.ordered_moves = real  # type: ignore[assignment]


def test_a_decoded_turn_is_the_notations_move_with_its_count() -> None:
    run = (Card.parse("KH"), Card.parse("QS"))
    position = GameState(
        (run, (Card.parse("KS"), Card.parse("QH"))) + ((),) * 6, (None,) * 4, (13, 13, 11, 11)
    )
    game = Game.from_position(position, autoplay=AutoplayMode.OFF)
    game = game.play(Move(Pile.parse("1"), Pile.parse("3"), 2))
    back = decoded(encode(game))
    assert back.turns == (Turn(Move.parse("13v2"), (), AutoplayMode.OFF, False),)
    assert back.state.columns[2] == run
