"""Games to store in the tests: a deal with some moves, an undo tail, a game one move from won."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path

from freecell_tui.core.cards import Card
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.rules import legal_moves
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.store import Store


def played(deal_number: int = 1, turns: int = 12, variant: Variant = FREECELL) -> Game:
    """Deal ``deal_number`` (of ``variant``'s game) after ``turns`` player moves (the first legal
    move that does not undo the one before), so every test plays the same, real game."""
    game = Game.new(deal_number, variant=variant)
    last: Move | None = None
    for _ in range(turns):
        moves = [
            move
            for move in legal_moves(game.state)
            if last is None or (move.source, move.dest) != (last.dest, last.source)
        ]
        if not moves:
            break
        last = moves[0]
        game = game.play(last)
    return game


def with_redo(game: Game, undone: int = 3) -> Game:
    for _ in range(undone):
        game = game.undo()
    return game


def one_from_won() -> Game:
    """A custom position (not a numbered deal) where ``1h`` wins: everything home but K♠."""
    state = GameState(
        ((Card.parse("KS"),), (), (), (), (), (), (), ()),
        (None, None, None, None),
        (13, 13, 13, 12),
    )
    return Game.from_position(state)


class Clock:
    """A clock for the store that moves on a minute each time it is read."""

    def __init__(self) -> None:
        self.now = datetime(2025, 1, 31, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def record_games(
    directory: Path, games: Iterable[tuple[int, str, int]], pars: Mapping[int, int] = {}
) -> None:
    """Finished games of numbered deals, as (deal, result, moves), in the store in ``directory``:
    a minute apart from a fixed time, each played for a minute and a few seconds more than the
    one before, in autoplay *safe*; and ``pars`` (deal → moves) in that mode, each found by a
    search that finished. Written as rows,
    so the figures and their order are the same on every run."""
    store = Store.open(directory).store
    start = datetime(2025, 3, 1, tzinfo=UTC)
    store.database.connection.executemany(
        "INSERT INTO games (deal_number, result, move_count, cards_home, elapsed_seconds,"
        " finished_at, hints, autoplay) VALUES (?, ?, ?, 52, ?, ?, 0, 'safe')",
        [
            (
                deal,
                result,
                moves,
                60 + 7 * index,
                (start + timedelta(minutes=index)).isoformat(timespec="microseconds"),
            )
            for index, (deal, result, moves) in enumerate(games)
        ],
    )
    store.database.connection.executemany(
        "INSERT INTO pars (deal_number, autoplay, moves, solution, budget_seconds, found_at,"
        " complete) VALUES (?, 'safe', ?, '', 10, ?, 1)",
        [(deal, moves, start.isoformat()) for deal, moves in pars.items()],
    )
    store.database.connection.commit()
    store.close()
