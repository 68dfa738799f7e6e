"""A move means the same pressed as typed: the notation keys and the ``:`` line play the same move
to an empty column, and ``+``/``−`` offer a run there."""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move, parse_moves

from .helpers import SIZE, column, game, make_app, message, type_command

#: Deal 617 with column 7 empty and the run 10♠ 9♥ on top of column 2.
BEFORE = "2a 27 83 72v2 4b 46 42 4c 4d ch 47 74v2 1c 16 1h 76 83 74 d8"


def deal_617() -> Game:
    start = Game.new(617)
    for move in parse_moves(BEFORE):
        start = start.play(move)
    return start


async def test_keys_and_the_command_line_play_the_same_move_to_an_empty_column(
    tmp_path: Path,
) -> None:
    start = deal_617()
    app = make_app(tmp_path, start=start)
    async with app.run_test(size=SIZE) as pilot:
        assert column(app, 7) == () and column(app, 2)[-2:] == ("TS", "9H")
        await pilot.press("2")
        # Picked up by its key, the run is shown whole; the player is told what 7 will do.
        assert message(app) == (
            "Picked up from column 2. It may go to: 1 7 d. Empty column: 1 card (+/− more)."
        )
        await pilot.press("7")
        pressed, said = game(app).turns[-1].move, message(app)
        await pilot.press("u")
        assert game(app).state == start.state
        await type_command(pilot, "27")
        assert (game(app).turns[-1].move, message(app)) == (pressed, said)
        # One meaning, the notation's: 27 takes one card to an empty column.
        assert pressed == Move.parse("27v1") and said == "27: 9♥ to empty column 7"
        assert column(app, 7) == ("9H",)

        # +/− offer the others: picked up, column 2's run is Q♠ J♥ 10♠ 9♥ (4 cards may go onto
        # a card); two fewer is what may go to the empty column, the same as typing 27v2.
        await pilot.press("u", "2", "minus", "minus", "7")
        pressed, said = game(app).turns[-1].move, message(app)
        assert pressed == Move.parse("27v2") and said == "27v2: 10♠–9♥ (2 cards) to empty column 7"
        await pilot.press("u")
        await type_command(pilot, "27v2")
        assert (game(app).turns[-1].move, message(app)) == (pressed, said)
        assert column(app, 7) == ("TS", "9H")
