"""A move means the same in every place it is read: the same text gives the same move pressed as
keys, typed on the ``:`` line or in line mode, given to ``replay``, in an imported file, and as the
solver writes it (hypothesis, over random positions with empty columns and runs)."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.commands import MoveCommand
from freecell_tui.core.deals import MAX_DEAL, deal
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move, parse_moves
from freecell_tui.core.position import format_position, parse_position
from freecell_tui.core.rules import apply_move, legal_moves, resolve_move
from freecell_tui.core.state import GameState
from freecell_tui.line import LineMode
from freecell_tui.session import PlaySession
from freecell_tui.session.parse import parse_command
from freecell_tui.store import Store, StoreError
from freecell_tui.store.exchange import read_export, write_export
from freecell_tui.store.records import GameRecord
from freecell_tui.ui.board.gestures import Gestures, Play
from freecell_tui.ui.board.selection import shown_count

PILES = (*COLUMNS, *CELLS, FOUNDATION)
#: Every move text: each pair of piles, and each count between two columns.
TEXTS = tuple(
    source.code + dest.code + count
    for source in PILES
    if not source.is_foundation
    for dest in PILES
    if dest != source
    for count in (
        ("", *(f"v{n:x}" for n in range(1, 14))) if source.is_column and dest.is_column else ("",)
    )
)


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """A position of random legal play from a random deal (runs build up), then up to three
    columns emptied onto another (so moves to an empty column have runs to choose from)."""
    state = deal(draw(st.integers(min_value=1, max_value=MAX_DEAL)))
    for pick in draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=60)):
        moves = [m for m in legal_moves(state) if not m.dest.is_foundation] or list(
            legal_moves(state)
        )
        if not moves:
            break
        # Prefer moves between columns: they build the runs.
        between = [m for m in moves if m.source.is_column and m.dest.is_column]
        state = apply_move(state, (between or moves)[pick % len(between or moves)])
    emptied = draw(st.lists(st.integers(min_value=0, max_value=7), max_size=3, unique=True))
    keep = [i for i in range(8) if i not in emptied and state.columns[i]]
    if emptied and keep:
        onto = keep[draw(st.integers(min_value=0, max_value=len(keep) - 1))]
        columns = list(state.columns)
        for i in emptied:
            columns[onto] = columns[i] + columns[onto]  # under the column: its top run stays
            columns[i] = ()
        state = GameState(tuple(columns), state.cells, state.foundations)
    state.validate()
    return state


def by_notation(state: GameState, text: str) -> Move | None:
    """The move ``text`` makes in ``state`` as the notation reads it (None: refused)."""
    try:
        return resolve_move(state, Move.parse(text))
    except FreeCellError:
        return None


def by_keys(state: GameState, text: str) -> Move | None | str:
    """The move the keys of ``text`` make: the source's key, ``+``/``−`` to the count after
    ``v``, the destination's key (None: refused; ``"n/a"`` when the keys cannot pick up that
    count, which the notation then refuses too)."""
    move = Move.parse(text)
    gestures = Gestures(state)
    gestures.act_on(move.source)
    if gestures.selection is None:
        return None
    if move.count is not None:
        gestures.change_count(move.count - shown_count(state, gestures.selection))
        if gestures.selection.count != move.count:
            return "n/a"
    gestures.act_on(move.dest)
    plays = [outcome for outcome in gestures.pop_outcomes() if isinstance(outcome, Play)]
    if not plays:
        return None
    try:
        return resolve_move(state, plays[-1].move)
    except FreeCellError:
        return None


def by_line_mode(state: GameState, text: str) -> GameState:
    """The position after line mode reads ``text`` (autoplay off)."""
    session = PlaySession(Store.in_memory(), Game.from_position(state, autoplay=AutoplayMode.OFF))
    LineMode(session, io.StringIO()).handle(text)
    return session.game.state


def by_replay(state: GameState, text: str) -> GameState | None:
    """The position after ``freecell-tui replay --board FILE --autoplay off`` reads ``text``."""
    with tempfile.TemporaryDirectory() as folder:
        board = Path(folder) / "board.txt"
        board.write_text(format_position(state), encoding="utf-8")
        out = io.StringIO()
        stdin, sys.stdin = sys.stdin, io.StringIO(text)
        try:
            with contextlib.redirect_stdout(out):
                code = main(["replay", "--board", str(board), "--autoplay", "off"])
        finally:
            sys.stdin = stdin
    if code != 0:
        return None
    return parse_position(out.getvalue().rsplit("\n", 2)[0] + "\n")


def by_import(state: GameState, text: str) -> Move | None:
    """The move of an imported export file whose one turn is ``text``, from ``state``."""
    data = {
        "format": "freecell-tui save",
        "version": 2,
        "start": {"position": format_position(state).splitlines()},
        "autoplay": "off",
        "moves": [text],
    }
    try:
        imported = read_export(json.dumps(data).encode())
    except StoreError:
        return None
    return imported.game.turns[-1].move


# No shrinking: a failing position is printed whole, and shrinking one takes minutes.
@settings(max_examples=40, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(positions(), st.data())
def test_the_same_text_gives_the_same_move_everywhere(
    state: GameState, data: st.DataObject
) -> None:
    empty = [column for column in COLUMNS if not state.columns[column.index]]
    for text in TEXTS:
        move = by_notation(state, text)
        # The ``:`` line and line mode read moves with the command parser.
        command = parse_command(text)
        assert isinstance(command, MoveCommand) and command.move == Move.parse(text), text
        keys = by_keys(state, text)
        if keys != "n/a":
            assert keys == move, f"{text} in\n{format_position(state)}"
        if move is not None:
            # As the solver and the game write it, the move reads back as itself.
            assert by_notation(state, str(move)) == move, text
    # The slower entry points, for one text (to an empty column when there is one).
    to_empty = [t for t in TEXTS if empty and t[1] == empty[0].code and t[0] in "12345678"]
    text = data.draw(st.sampled_from(to_empty or list(TEXTS)), label="text")
    move = by_notation(state, text)
    after = apply_move(state, move) if move is not None else state
    assert by_line_mode(state, text) == after, text
    assert by_replay(state, text) == (after if move is not None else None), text
    assert by_import(state, text) == move, text


def test_the_game_exports_and_imports_a_move_to_an_empty_column_alike() -> None:
    # Deal 617 with column 7 empty; 27 takes one card there, 27v2 the run 10♠ 9♥.
    game = Game.new(617)
    for move in parse_moves("2a 27 83 72v2 4b 46 42 4c 4d ch 47 74v2 1c 16 1h 76 83 74 d8"):
        game = game.play(move)
    for text, cards in (("27", 1), ("27v1", 1), ("27v2", 2)):
        played = game.play(Move.parse(text))
        record = GameRecord.from_game(played, 0.0)
        exported = write_export("x", record, datetime(2025, 1, 1, tzinfo=UTC))
        imported = read_export(exported.encode()).game
        assert imported.state == played.state and imported.turns == played.turns
        assert len(imported.state.columns[6]) == cards
