"""Issue 10: every parser and file reader, fed anything, gives a value or its module's one error
type (with a message a player can read: one line, not huge), never another exception.

Inputs mix plain random text with text near each grammar (notation characters, hexadecimal
counts thousands of digits long, full-width digits, control characters, byte-order marks) and
mutations of valid inputs. ``max_examples`` is kept modest: the suite's time is precious."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import Card, Suit
from freecell_tui.core.commands import MENU_WORDS, parse_menu
from freecell_tui.core.deals import deal, deal_text, parse_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.notation import Move, Pile, parse_moves
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.files import InputError, read_text
from freecell_tui.klondike.deck import (
    DeckError,
    DeckFileError,
    parse_deck,
    read_decks,
    shuffled_decks,
)
from freecell_tui.session.parse import parse_command
from freecell_tui.store import StoreError, read_export
from freecell_tui.store.records import GameRecord, parse_turn
from freecell_tui.store.rows import row_record
from freecell_tui.store.settings import SETTINGS_NAME, Settings, load_settings

from ..klondike.helpers import deck_text

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Characters every grammar here cares about, and some it must refuse.
NEAR = (
    "12345678abcdhvV"
    + "0123456789fF"
    + "ACDHSJQKT♣♦♥♠♧"
    + " \t\n\r:-#,_="
    + "１２９٣"
    + "\x1b\x00\ufeff\u202e"
)
words = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=NEAR, max_size=40),
    st.builds(
        lambda a, n, d: a + "v" + d * n,
        st.sampled_from(["18", "26", "3a", "h1", "xx"]),
        st.integers(0, 5000),
        st.sampled_from("0f9d"),
    ),
    st.builds(lambda d, n: d * n, st.sampled_from("90１"), st.integers(4000, 5000)),
)
texts = st.one_of(
    words, st.lists(words, max_size=8).map(" ".join), st.lists(words, max_size=8).map("\n".join)
)


def _readable(error: Exception) -> None:
    message = str(error)
    assert message, f"{type(error).__name__} without a message"
    assert len(message) < 2000, f"a message of {len(message):,} characters"


# ---------------------------------------------------------------------- notation
@FUZZ
@given(texts)
def test_move_parse(text: str) -> None:
    try:
        move = Move.parse(text)
    except FreeCellError as error:
        _readable(error)
    else:
        assert move.count is None or 1 <= move.count <= 13
        assert Move.parse(move.notation + ("v1" if move.count == 1 else "")) == move


@FUZZ
@given(texts)
def test_parse_moves(text: str) -> None:
    try:
        parse_moves(text)
    except FreeCellError as error:
        _readable(error)


@FUZZ
@given(texts)
def test_cards_suits_and_piles(text: str) -> None:
    for parse in (Card.parse, Suit.parse, Pile.parse, AutoplayMode.parse):
        try:
            parse(text)  # type: ignore[operator]
        except FreeCellError as error:
            _readable(error)


@FUZZ
@given(texts)
def test_parse_deal_number(text: str) -> None:
    try:
        number = parse_deal_number(text)
    except FreeCellError as error:
        _readable(error)
    else:
        assert 1 <= number <= 8_589_934_591
        # digits and separators, around them what str.strip() takes for space (\x1c-\x1f too)
        assert all(char in string.digits + "_,#+" or char.isspace() for char in text)


@FUZZ
@given(
    st.one_of(
        texts,
        st.builds(
            lambda name, ops: " ".join([name, *ops]),
            st.sampled_from(
                [*sorted(MENU_WORDS), "deal", "new", "autoplay", "save", "load", "undo", "h"]
                + ["speed", "winnable", "deals"]
            ),
            st.lists(words, max_size=3),
        ),
    )
)
def test_parse_command(text: str) -> None:
    """The command reader of line mode and the ``:`` line (the session's), and the menu."""
    try:
        parse_command(text)
    except FreeCellError as error:
        _readable(error)
    name, *operands = text.split() or [""]
    if name in MENU_WORDS:
        try:
            parse_menu(name, operands)
        except FreeCellError as error:
            _readable(error)


@FUZZ
@given(texts, st.integers(1, 10**6))
def test_parse_turn(text: str, number: int) -> None:
    try:
        parse_turn(text, number)
    except FreeCellError as error:
        _readable(error)


# ---------------------------------------------------------------------- positions (board files)
_DEAL_1 = format_position(deal(1))
_PLAIN_617 = deal_text(617)


@st.composite
def mutated(draw: st.DrawFn, base: str) -> str:
    """``base`` with a few lines replaced, dropped, doubled, or edited at a character."""
    lines = base.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["replace", "drop", "double", "edit"]))
        if action == "replace":
            lines[index] = draw(texts)
        elif action == "drop":
            del lines[index]
        elif action == "double":
            lines.insert(index, lines[index])
        else:
            line = lines[index]
            at = draw(st.integers(0, len(line)))
            lines[index] = line[:at] + draw(st.text(alphabet=NEAR, max_size=3)) + line[at + 1 :]
    return draw(st.sampled_from(["", "\ufeff"])) + "\n".join(lines)


@FUZZ
@given(st.one_of(texts, mutated(_DEAL_1), mutated(_PLAIN_617)))
def test_parse_position(text: str) -> None:
    try:
        state = parse_position(text)
    except FreeCellError as error:
        _readable(error)
    else:
        assert parse_position(format_position(state)) == state


# ---------------------------------------------------------------------- export files
def _export() -> dict[str, Any]:
    from freecell_tui.core.game import Game

    game = Game.new(1).play(Move.parse("3a")).play(Move.parse("32"))
    record = GameRecord.from_game(game, 12.5)
    from datetime import UTC, datetime

    from freecell_tui.store.exchange import write_export

    data: dict[str, Any] = json.loads(
        write_export("fuzzed", record, datetime(2025, 1, 31, tzinfo=UTC))
    )
    return data


_GOOD = _export()
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),  # NaN and infinities included: json.dumps writes them as Python reads them
        st.text(max_size=20),
        st.sampled_from(["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "3a 18vfff"]),
    ),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


json_texts = st.one_of(
    json_values.map(json.dumps),
    st.builds(lambda n: f'["{"9" * n}"]'.replace('"', ""), st.integers(4000, 4400)),
)


@st.composite
def mutated_exports(draw: st.DrawFn) -> bytes:
    data = dict(_GOOD)
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*_GOOD, "extra"]))
        if draw(st.booleans()) and key in data:
            del data[key]
        else:
            data[key] = draw(json_values)
    raw = json.dumps(data).encode()
    if draw(st.booleans()):  # a number longer than Python reads by default, somewhere
        raw = raw.replace(b"12.5", b"9" * draw(st.integers(4000, 4400)), 1)
    if draw(st.booleans()):  # and now and then a few bytes changed too
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(max_size=4)) + raw[at + 1 :]
    return raw


@FUZZ
@given(st.one_of(mutated_exports(), st.binary(max_size=200), texts.map(str.encode)))
def test_read_export(raw: bytes) -> None:
    try:
        imported = read_export(raw)
    except StoreError as error:
        _readable(error)
    else:
        assert imported.game.move_count >= 0


def test_the_unmutated_export_reads() -> None:
    assert read_export(json.dumps(_GOOD).encode()).name == "fuzzed"


# ---------------------------------------------------------------------- database rows
@FUZZ
@given(
    st.tuples(
        *[
            st.one_of(json_values, st.binary(max_size=8), json_values.map(json.dumps))
            for _ in range(8)  # the first eight of GAME_FIELDS, the game among them
        ]
    )
)
def test_row_record_and_replay(row: tuple[object, ...]) -> None:
    try:
        row_record(row).to_game()
    except FreeCellError as error:
        _readable(error)


# ---------------------------------------------------------------------- settings files
@FEW
@given(
    st.one_of(
        st.binary(max_size=200),
        json_texts.map(str.encode),
        st.dictionaries(
            st.sampled_from(
                [
                    "theme",
                    "four_colour",
                    "winnability_check",
                    "winnable_deals_only",
                    "solve_speed",
                    "x",
                ]
            ),
            json_values,
        ).map(lambda d: json.dumps(d).encode()),
    )
)
def test_load_settings_never_raises(tmp_path_factory: Any, raw: bytes) -> None:
    folder = tmp_path_factory.mktemp("settings", numbered=True)
    (folder / SETTINGS_NAME).write_bytes(raw)
    loaded = load_settings(folder)
    assert isinstance(loaded.settings, Settings)
    for problem in loaded.problems:
        assert len(problem) < 2000 and problem.isprintable()


# ---------------------------------------------------------------------- Klondike decks
_DECK = deck_text(next(shuffled_decks(3, 0, 1)))


@FUZZ
@given(
    st.one_of(
        texts, mutated(_DECK), st.lists(st.sampled_from(_DECK.split()), max_size=60).map(" ".join)
    )
)
def test_parse_deck(text: str) -> None:
    try:
        deck = parse_deck(text)
    except DeckError as error:
        _readable(error)
    else:
        assert sorted(deck) == list(range(52))


@FEW
@given(
    st.one_of(
        st.binary(max_size=300),
        st.lists(st.one_of(st.just(_DECK), texts), max_size=5).map(
            lambda ls: "\n".join(ls).encode()
        ),
    )
)
def test_read_decks(tmp_path_factory: Any, raw: bytes) -> None:
    path: Path = tmp_path_factory.mktemp("decks", numbered=True) / "decks.txt"
    path.write_bytes(raw)
    try:
        read_decks(path)
    except DeckFileError as error:  # one problem a bad line; the command prints the first ten
        assert error.problems
        for _line, message in error.problems:
            assert 0 < len(message) < 2000
    except InputError as error:
        _readable(error)


# ---------------------------------------------------------------------- any text file
@FEW
@given(st.binary(max_size=300))
def test_read_text(tmp_path_factory: Any, raw: bytes) -> None:
    path: Path = tmp_path_factory.mktemp("text", numbered=True) / "input.txt"
    path.write_bytes(raw)
    try:
        text = read_text(path, 100, "a test input")
    except InputError as error:
        _readable(error)
    else:
        assert not text.startswith("\ufeff") or raw.startswith(b"\xef\xbb\xbf\xef\xbb\xbf")
