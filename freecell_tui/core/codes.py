"""Game codes: a whole game — its deal or position and its moves — as one short URL-safe word.

A code is ``F1`` (the format and its version), a body, and a three-character checksum::

    F1 <body: base64url digits of one integer> <CRC-16 of "F1" + body, 3 base64url digits>

A game of classic FreeCell is written in version 1; a game of another variant in version 2
(``F2``), whose body starts with two more fields: the game (its place in :data:`GAMES`) and its
number of free cells. Every version 1 code reads as it always did.

The integer is a mixed-radix number: each field is a digit with its own radix, the first field
the least significant. A move is the index of the move among the position's legal moves in a fixed
order (:func:`ordered_moves`), so a turn costs four to five bits, and a won game from a
Microsoft deal takes about 45 characters. ``docs/notation.md`` specifies every field, so that another
program can read and write codes.

What a code keeps of a :class:`Game`: its start (deal number, or the position), its autoplay mode,
and its *line* — the turns since the last restart, each with the autoplay mode it was played in
and whether auto-solve played it. Undone turns, restarts before the line and the hint count are
not kept: a code is the game that made the board, replayed from its start.

:func:`decode` never raises on any text: it answers a :class:`Game` or a :class:`BadCode` with a
one-line reason. A code is read only if it is the very code :func:`encode` writes for the game it
decodes to, so two different codes never mean one game.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from typing import Final

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.deals import MAX_DEAL, deal, parse_deal_number
from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.game import MAX_TURNS, Game, Turn
from freecell_tui.core.notation import FOUNDATION, Move, Pile, cell_piles, column_piles
from freecell_tui.core.rules import apply_resolved
from freecell_tui.core.state import GameState, run_length
from freecell_tui.core.variant import (
    FREECELL,
    MAX_CELLS,
    MAX_COLUMNS,
    EmptyColumn,
    Variant,
    variant_by_key,
)
from freecell_tui.core.words import quoted

__all__ = [
    "ALPHABET",
    "MAX_CODE_LENGTH",
    "PREFIX",
    "STORED_CODE_LENGTH",
    "BadCode",
    "decode",
    "encode",
    "shared_code",
    "looks_like_code",
    "ordered_moves",
    "game_start",
]

#: base64url's digits, 0 to 63.
ALPHABET: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE: Final = {ch: value for value, ch in enumerate(ALPHABET)}
#: The format's letter and the version it is written in (classic FreeCell's games).
FORMAT: Final = "F"
VERSION: Final = 1
PREFIX: Final = f"{FORMAT}{VERSION}"
#: The version of the other variants' games, and its prefix (as long as :data:`PREFIX`).
VARIANT_VERSION: Final = 2
VARIANT_PREFIX: Final = f"{FORMAT}{VARIANT_VERSION}"
#: The games a version 2 code names, by their place here: never reorder, only append.
GAMES: Final = (
    "freecell",
    "bakers_game",
    "ko_bakers_game",
    "eight_off",
    "seahaven",
    "forecell",
    "relaxed_freecell",
    "relaxed_seahaven",
)
_CHECK_DIGITS: Final = 3
#: The longest code: the longest the game gives a player (:func:`shared_code`) and the longest
#: every place that takes one reads (the ``:`` line, the import prompt, ``replay``, ``watch``,
#: ``serve``'s address). A game of :data:`MAX_TURNS` turns played in one autoplay mode takes
#: about 7,200; and a page address holding it fits the 8,190 bytes a web server reads of a
#: request's line.
MAX_CODE_LENGTH: Final = 8_000
#: The longest code the store reads back: the code it keeps of every finished game, however
#: long (a game of :data:`MAX_TURNS` turns, each in another autoplay mode and auto-solve's by
#: turns, takes about 25,000 characters; reading one replays at most :data:`MAX_TURNS` turns).
STORED_CODE_LENGTH: Final = 64_000
_CODE_RE: Final = re.compile(r"[A-Za-z0-9_-]+")
#: How much of a bad code a refusal repeats.
_ECHO: Final = 14

#: The autoplay modes, in the order a code numbers them.
_MODES: Final = (AutoplayMode.OFF, AutoplayMode.SAFE, AutoplayMode.ALL)
#: Bits of the largest deal number (2^33 − 1) and of the largest turn count (10,000).
_DEAL_BITS: Final = MAX_DEAL.bit_length()
_COUNT_BITS: Final = MAX_TURNS.bit_length()
#: Escapes in a turn's digit (after the n legal moves): the two other modes, then solver.
_ESCAPES: Final = 3


@dataclass(frozen=True, slots=True)
class BadCode:
    """Why a text is not a game code, in one line for the player."""

    reason: str

    def __str__(self) -> str:
        return self.reason


class _Unreadable(FreeCellError):
    """Inside :func:`decode` only: the body does not describe a game."""


# ---------------------------------------------------------------------- the move order
_ALL_CELLS: Final = tuple(Pile.cell(i) for i in range(MAX_CELLS))
_ALL_COLUMNS: Final = tuple(Pile.column(i) for i in range(MAX_COLUMNS))
#: Every move a code can name, made once: ``_MOVE[source, dest, count]``, count 0 for a move
#: that has none.
_MOVE: Final = {
    (s, d, count): Move(s, d, count or None)
    for s in (*_ALL_CELLS, *_ALL_COLUMNS)
    for d in (*_ALL_CELLS, *_ALL_COLUMNS, FOUNDATION)
    if s != d
    for count in (range(14) if s.is_column and d.is_column else (0,))
}
#: The moves from one column to another by number of cards: ``_RUNS[source, dest][count]``.
_RUNS: Final = {
    (s, d): tuple(_MOVE[s, d, count] for count in range(14))
    for s in _ALL_COLUMNS
    for d in _ALL_COLUMNS
    if s != d
}
#: The moves from a pile to free cells, by the pile and the free cells:
#: ``_TO_CELLS[source, cells]`` (filled as positions ask).
_TO_CELLS: dict[tuple[Pile, tuple[Pile, ...]], tuple[Move, ...]] = {}


def _to_cells(source: Pile, cells: tuple[Pile, ...]) -> tuple[Move, ...]:
    """The moves from ``source`` to each of the free ``cells`` (not itself), in order."""
    moves = _TO_CELLS.get((source, cells))
    if moves is None:
        moves = _TO_CELLS[source, cells] = tuple(
            _MOVE[source, d, 0] for d in cells if d is not source
        )
    return moves


def ordered_moves(state: GameState) -> list[Move]:
    """The legal moves of ``state`` (the moves :func:`~freecell_tui.core.rules.legal_moves`
    gives) in a code's order: by source pile, then destination pile, each in the order
    of the game's free cells, its columns, then h (a b c d 1 2 3 4 5 6 7 8 h in FreeCell),
    then by number of cards."""
    variant = state.variant
    empty_cells = tuple(pile for pile in cell_piles(variant) if state.cells[pile.index] is None)
    columns = column_piles(variant)
    # How many cards may move together, onto a card and to an empty column: the same for
    # every column of the position.
    limits = (state.max_run(), state.max_run(to_empty_column=True))
    moves: list[Move] = []
    for source in cell_piles(variant):
        _from_cell(state, source, empty_cells, columns, moves)
    for source in columns:
        _from_column(state, source, empty_cells, columns, limits, moves)
    return moves


def _from_cell(
    state: GameState,
    source: Pile,
    empty_cells: tuple[Pile, ...],
    columns: tuple[Pile, ...],
    moves: list[Move],
) -> None:
    """The moves of free cell ``source``, in order, onto ``moves``."""
    card = state.cells[source.index]
    if card is None:
        return
    variant = state.variant
    moves.extend(_to_cells(source, empty_cells))
    fits, index, piles = variant.stack_table, card.index * 52, state.columns
    fills = variant.fills_empty(card)
    for d in columns:
        target = piles[d.index]
        if fits[index + target[-1].index] if target else fills:
            moves.append(_MOVE[source, d, 0])
    if state.foundations[card.suit.index] + 1 == card.rank:
        moves.append(_MOVE[source, FOUNDATION, 0])


def _from_column(
    state: GameState,
    source: Pile,
    empty_cells: tuple[Pile, ...],
    columns: tuple[Pile, ...],
    limits: tuple[int, int],
    moves: list[Move],
) -> None:
    """The moves of column ``source``, in order, onto ``moves``; ``limits`` are the position's
    run limits onto a card and to an empty column."""
    column = state.columns[source.index]
    if not column:
        return
    variant = state.variant
    card = column[-1]
    run = run_length(column, variant.build)
    moves.extend(_to_cells(source, empty_cells))
    onto_card = min(run, limits[0])
    onto_empty = min(run, limits[1])
    any_card = variant.empty_column is EmptyColumn.ANY_CARD
    fits, piles = variant.stack_table, state.columns
    for d in columns:
        if d is source:
            continue
        target = piles[d.index]
        if not target:
            runs = _RUNS[source, d]
            if any_card:
                moves.extend(runs[1 : onto_empty + 1])
            else:
                moves.extend(
                    runs[count]
                    for count in range(1, onto_empty + 1)
                    if variant.fills_empty(column[-count])
                )
            continue
        count = target[-1].rank - card.rank
        if 1 <= count <= onto_card and fits[column[-count].index * 52 + target[-1].index]:
            moves.append(_RUNS[source, d][count])
    if state.foundations[card.suit.index] + 1 == card.rank:
        moves.append(_MOVE[source, FOUNDATION, 0])


# ---------------------------------------------------------------------- digits
class _Writer:
    """Collects (digit, radix) pairs; :meth:`number` folds them, the first least significant."""

    def __init__(self) -> None:
        self._digits: list[tuple[int, int]] = []

    def put(self, digit: int, radix: int) -> None:
        assert 0 <= digit < radix, (digit, radix)
        self._digits.append((digit, radix))

    def put_count(self, value: int, bits: int) -> None:
        """A whole number of at most ``bits`` bits: its bit length, then the bits under the top
        one (small numbers are short)."""
        length = value.bit_length()
        self.put(length, bits + 1)
        if length > 1:
            self.put(value - (1 << (length - 1)), 1 << (length - 1))

    def number(self) -> int:
        value = 0
        for digit, radix in reversed(self._digits):
            value = value * radix + digit
        return value


class _Reader:
    """Gets back the digits a :class:`_Writer` put, in the order it put them."""

    def __init__(self, value: int) -> None:
        self._value = value

    def get(self, radix: int) -> int:
        self._value, digit = divmod(self._value, radix)
        return digit

    def get_count(self, bits: int) -> int:
        length = self.get(bits + 1)
        if length <= 1:
            return length
        return (1 << (length - 1)) + self.get(1 << (length - 1))

    @property
    def left(self) -> int:
        """What is left of the number."""
        return self._value


# ---------------------------------------------------------------------- positions
def _put_position(writer: _Writer, state: GameState) -> None:
    """Foundations, which cells hold a card, column lengths, then the cards still out as a
    permutation (Lehmer code) of the cards not home, in card order: cells a–d, columns 1–8
    (the game's cells and columns, in their order)."""
    for top in state.foundations:
        writer.put(top, 14)
    laid = [card for card in state.cells if card is not None]
    writer.put(
        sum(1 << i for i, card in enumerate(state.cells) if card is not None),
        1 << len(state.cells),
    )
    left = sum(map(len, state.columns))
    for column in state.columns[:-1]:
        writer.put(len(column), left + 1)
        left -= len(column)
    laid += [card for column in state.columns for card in column]
    out = sorted(laid, key=_index)
    for card in laid:
        place = out.index(card)
        writer.put(place, len(out))
        del out[place]


def _index(card: Card) -> int:
    return card.index


def _get_position(reader: _Reader, variant: Variant) -> GameState:
    foundations = tuple(reader.get(14) for _ in range(4))
    out = [card for card in ALL_CARDS if card.rank > foundations[card.suit.index]]
    occupied = reader.get(1 << variant.cells)
    filled = [i for i in range(variant.cells) if occupied >> i & 1]
    left = len(out) - len(filled)
    if left < 0:
        raise _Unreadable("more cards in free cells than out of the foundations")
    lengths = []
    for _ in range(variant.columns - 1):
        length = reader.get(left + 1)
        lengths.append(length)
        left -= length
    lengths.append(left)
    laid = []
    while out:
        laid.append(out.pop(reader.get(len(out))))
    cells: list[Card | None] = [None] * variant.cells
    for i in filled:
        cells[i] = laid.pop(0)
    columns = []
    for length in lengths:
        columns.append(tuple(laid[:length]))
        del laid[:length]
    state = GameState(tuple(columns), tuple(cells), foundations, variant)
    state.validate()
    return state


# ---------------------------------------------------------------------- games
def _line_start(game: Game) -> int:
    """The index in ``game.states`` of the position the line starts from."""
    return len(game.turns) - len(game.line)


def encode(game: Game) -> str:
    """The game code of ``game`` (see the module's docstring for what it keeps)."""
    first = _line_start(game)
    positions = game.states[first : first + len(game.line)]
    return _encode(game, [ordered_moves(state) for state in positions])


def _encode(game: Game, orders: list[list[Move]]) -> str:
    """:func:`encode`, given the moves of each turn's position in a code's order
    (``orders``: one list a turn of the game's line)."""
    writer = _Writer()
    variant = game.start.variant
    classic = variant == FREECELL
    if not classic:
        if variant != variant_by_key(variant.key, variant.cells):
            raise ValueError(f"{variant.name}: a code names only the registered games")
        writer.put(GAMES.index(variant.key), len(GAMES))
        writer.put(variant.cells, MAX_CELLS + 1)
    if game.deal_number is not None:
        writer.put(0, 2)
        writer.put_count(game.deal_number, _DEAL_BITS)
    else:
        writer.put(1, 2)
        _put_position(writer, game.start)
    line = game.line
    modes = [turn.mode or game.autoplay for turn in line]
    writer.put(_MODES.index(game.autoplay), 3)
    mode = modes[0] if modes else game.autoplay
    writer.put(_MODES.index(mode), 3)
    won = game.state.is_won
    extras = any(m is not mode for m in modes) or any(turn.solver for turn in line)
    writer.put(int(won), 2)
    writer.put(int(extras), 2)
    if not won:
        writer.put_count(len(line), _COUNT_BITS)
    solver = False
    for turn, moves in zip(line, orders, strict=True):
        assert turn.move is not None
        radix = _radix(len(moves), extras)
        if extras:
            if (now := turn.mode or game.autoplay) is not mode:
                others = [m for m in _MODES if m is not mode]
                writer.put(len(moves) + others.index(now), radix)
                mode = now
            if turn.solver is not solver:
                writer.put(len(moves) + 2, radix)
                solver = turn.solver
        writer.put(moves.index(turn.move), radix)
    # The end mark, the most significant digit: every turn lengthens the code, a last move of
    # index 0 too, so a reader can refuse a number used up before the game's end.
    writer.put(1, 2)
    return _write(writer.number(), PREFIX if classic else VARIANT_PREFIX)


def shared_code(game: Game) -> str | BadCode:
    """The code of ``game`` to give a player, or why there is none: a game whose code would be
    over :data:`MAX_CODE_LENGTH` characters (thousands of moves) has none, as nothing would read
    it."""
    code = encode(game)
    if len(code) > MAX_CODE_LENGTH:
        return BadCode(
            f"this game is too long for a game code: its code would be {len(code):,} characters, "
            f"and a code holds at most {MAX_CODE_LENGTH:,}"
        )
    return code


def _radix(moves: int, extras: bool) -> int:
    """A turn digit's radix: its legal moves (and the escapes, with extras); never under 2, so
    that every turn takes a bit of the number, a forced move too, and a short code can never
    claim a long game."""
    return max(moves + (_ESCAPES if extras else 0), 2)


def _write(value: int, prefix: str) -> str:
    """``prefix`` (``F1``), the value's base64url digits (most significant first, none when it
    is 0), and the checksum."""
    body = ""
    if value:
        bits = value.bit_length()
        bits += -bits % 6
        text = format(value, f"0{bits}b")
        body = "".join(ALPHABET[int(text[i : i + 6], 2)] for i in range(0, bits, 6))
    return prefix + body + _check(prefix + body)


def _check(text: str) -> str:
    """CRC-16/XMODEM of ``text`` (ASCII) as three base64url digits, most significant first."""
    crc = binascii.crc_hqx(text.encode("ascii"), 0)
    return ALPHABET[crc >> 12] + ALPHABET[crc >> 6 & 63] + ALPHABET[crc & 63]


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is meant as a game code (it starts with the format letter ``F``), so a
    front end that also reads deal numbers knows which error to give."""
    return text.lstrip().startswith(FORMAT)


def game_start(text: str, variant: Variant | None = None) -> tuple[int | GameState, Variant | None]:
    """The deal ``text`` names and the game it is dealt in: a deal number in ``variant`` (the
    game asked for, ``None``: not asked), or a game code's start and the game the code names —
    ``None`` for classic FreeCell when no game was asked for. A code names its own game: a
    ``variant`` that is not the code's is refused. Raises :class:`NotationError` with the
    reason."""
    if not looks_like_code(text):
        return parse_deal_number(text), variant
    game = decode(text)
    if isinstance(game, BadCode):
        raise NotationError(game.reason)
    named = game.start.variant
    if variant is not None and variant != named:
        raise NotationError(
            f"that game code is a game of {named.name}, not of {variant.name}: "
            "give no --game or --cells with it"
        )
    start = game.deal_number if game.deal_number is not None else game.start
    return start, None if variant is None and named == FREECELL else named


def decode(text: str, *, longest: int = MAX_CODE_LENGTH) -> Game | BadCode:
    """The game ``text`` is the code of, or why it is not one. Never raises. Spaces and line
    breaks are no part of a code: a code wrapped over lines, or pasted with them, reads. A code
    names its game (classic FreeCell's codes are version 1, other games' version 2). A code over
    ``longest`` characters is refused unread; only the store, reading back the codes it wrote
    itself, reads longer ones (:data:`STORED_CODE_LENGTH`)."""
    code = "".join(text.split()) if len(text) <= 4 * longest else text
    problem = _check_text(code, longest)
    if problem is not None:
        return BadCode(problem)
    body = code[len(PREFIX) : -_CHECK_DIGITS]
    value = int("".join(format(_VALUE[ch], "06b") for ch in body), 2) if body else 0
    try:
        game, orders = _read_game(_Reader(value), code.startswith(VARIANT_PREFIX))
    except FreeCellError as error:
        return BadCode(_not_a_code(code, str(error)))
    if _encode(game, orders) != code:
        return BadCode(_not_a_code(code, "it is not written the way codes are"))
    return game


def _not_a_code(code: str, why: str) -> str:
    """``'F1wRPv4H4D' is not a game code: why``: the code's start shown, so that the line fits
    an 80-column message line."""
    return f"{quoted(code, _ECHO)} is not a game code: {why}"


def _check_text(code: str, longest: int) -> str | None:
    """What is wrong with the text of a code, before it is read, or ``None``."""
    if not code:
        return "an empty game code: paste the whole code, which starts with F1"
    if len(code) > longest:
        return _not_a_code(code, f"over {longest:,} characters long")
    if not code.startswith(FORMAT):
        return _not_a_code(code, f"a game code starts with {PREFIX}")
    if not _CODE_RE.fullmatch(code):
        bad = next(ch for ch in code if ch not in _VALUE)
        return _not_a_code(code, f"it holds {bad!r} (codes are A–Z a–z 0–9 - _)")
    version_problem = _version_problem(code)
    if version_problem is not None:
        return version_problem
    if _check(code[:-_CHECK_DIGITS]) != code[-_CHECK_DIGITS:]:
        return _not_a_code(code, "its checksum does not match")
    return None


def _version_problem(code: str) -> str | None:
    """What is wrong with the start of a code (its version) or its length, or ``None``."""
    version = code[len(FORMAT) : len(PREFIX)]
    if version and not version.isdigit():  # a word that starts with F, not a code's version
        return _not_a_code(code, f"a game code starts with {PREFIX} or {VARIANT_PREFIX}")
    if len(code) < len(PREFIX) + _CHECK_DIGITS:
        return _not_a_code(code, "it is too short (a piece is missing)")
    if code[: len(PREFIX)] not in (PREFIX, VARIANT_PREFIX):
        return (
            f"{quoted(code, _ECHO)} is a version {version} game code: this game reads "
            f"versions {VERSION} and {VARIANT_VERSION}"
        )
    return None


def _read_variant(reader: _Reader) -> Variant:
    """The game a version 2 code names (raises a :class:`FreeCellError` naming the problem)."""
    key = GAMES[reader.get(len(GAMES))]
    cells = reader.get(MAX_CELLS + 1)
    try:
        return variant_by_key(key, cells)
    except NotationError as error:
        raise _Unreadable(str(error)) from None


def _read_game(reader: _Reader, variant_code: bool) -> tuple[Game, list[list[Move]]]:
    """The game in ``reader``'s digits (raises a :class:`FreeCellError` naming the problem),
    and the moves of each of its turns' positions in a code's order; ``variant_code``: a
    version 2 code, which names its game first."""
    variant = _read_variant(reader) if variant_code else FREECELL
    deal_number: int | None = None
    if reader.get(2) == 0:
        deal_number = reader.get_count(_DEAL_BITS)
        if deal_number < 1:
            raise _Unreadable("its deal number is 0")
        start = deal(deal_number, variant)
    else:
        start = _get_position(reader, variant)
    autoplay = _MODES[reader.get(3)]
    mode = _MODES[reader.get(3)]
    won = reader.get(2) == 1
    extras = reader.get(2) == 1
    count = MAX_TURNS if won else reader.get_count(_COUNT_BITS)
    if count > MAX_TURNS:
        raise _Unreadable(f"it has {count:,} moves, and a game keeps at most {MAX_TURNS:,}")
    state = start
    states = [start]
    turns: list[Turn] = []
    orders: list[list[Move]] = []
    solver = False
    while len(turns) < count and not (won and state.is_won):
        moves = ordered_moves(state)
        orders.append(moves)
        if reader.left == 0:
            raise _Unreadable(f"it is cut short before move {len(turns) + 1}")
        if not moves:
            raise _Unreadable(f"move {len(turns) + 1} is past the end of the game")
        radix = _radix(len(moves), extras)
        digit = reader.get(radix)
        if extras and digit in (len(moves), len(moves) + 1):
            mode = [m for m in _MODES if m is not mode][digit - len(moves)]
            digit = reader.get(radix)
        if extras and digit == len(moves) + 2:
            solver = not solver
            digit = reader.get(radix)
        if digit >= len(moves):
            raise _Unreadable(f"move {len(turns) + 1} is not a move")
        move = moves[digit]
        state, auto = run_autoplay(apply_resolved(state, move), mode)
        turns.append(Turn(move, auto, mode, solver))
        states.append(state)
    if won and not state.is_won:
        raise _Unreadable(f"it has more than {MAX_TURNS:,} moves")
    if reader.left != 1:
        raise _Unreadable("there is more after its last move" if reader.left else "it is cut short")
    return Game(start, deal_number, autoplay, tuple(turns), (), 0, tuple(states)), orders
