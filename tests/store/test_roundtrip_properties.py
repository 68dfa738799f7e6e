"""Property: any game (any deal, any moves, undone turns, any autoplay mode) comes back equal from
a save slot, from the game in progress, and through an export file."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import MAX_DEAL
from freecell_tui.core.game import Game
from freecell_tui.core.rules import legal_moves
from freecell_tui.store import Store


@st.composite
def games(draw: st.DrawFn) -> Game:
    mode = draw(st.sampled_from(list(AutoplayMode)))
    game = Game.new(draw(st.integers(1, MAX_DEAL)), autoplay=mode)
    for choice in draw(st.lists(st.integers(0, 10_000), max_size=40)):
        moves = list(legal_moves(game.state))
        if not moves:
            break
        game = game.play(moves[choice % len(moves)])
    for _ in range(draw(st.integers(0, game.move_count))):
        game = game.undo()
    return game


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games(), seconds=st.floats(0, 10**6, allow_nan=False))
def test_every_game_round_trips(game: Game, seconds: float) -> None:
    store = Store.in_memory()
    store.slots.save("slot", game, seconds)
    loaded = store.slots.load("slot")
    assert loaded.game == game
    assert loaded.game.state == game.state
    assert loaded.elapsed_seconds == seconds

    other = Store.in_memory()
    other.slots.import_bytes(store.slots.export_text("slot").encode(), name="copy")
    assert other.slots.load("copy").game == game

    if game.is_started:
        store.autosaves.save(game, seconds)
        store.autosaves.set_aside()
        found = store.autosaves.offer().saved
        assert found is not None and found.game == game
