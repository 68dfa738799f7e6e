"""What the full-screen game's tests used to check key by key, checked on the session alone in
milliseconds: the resume prompt's time and the resumed game's history. (The rest of what those
tests checked — every change written at once, restart, results, statistics, load and save — is in
``test_session.py`` and, through line mode on the same session, ``tests/cli/test_line_store.py``.)"""

from __future__ import annotations

from pathlib import Path

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.session import PlaySession
from freecell_tui.store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def with_history() -> Game:
    """Deal 1, autoplay off, three moves played and the last undone."""
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in ("3a", "6b", "8c"):
        game = game.play(Move.parse(move))
    return game.undo()


def test_the_time_at_the_resume_prompt_is_not_play_time(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.autosaves.save(with_history(), 75)
    store.close()
    store = Store.open(tmp_path).store
    offer = store.autosaves.offer().saved
    assert offer is not None
    clock = Clock()
    session = PlaySession(store, Game.new(9), clock=clock, offer=offer)
    assert session.game == with_history() and session.elapsed == 75
    clock.now += 600  # ten minutes thinking at the prompt
    step = session.resume_offer()
    assert step.said == "Welcome back: 2 moves, 1:15 played; undo and redo work as before."
    assert session.elapsed == 75 and session.clock_running
    clock.now += 5
    assert session.elapsed == 80
    assert session.redo().said == "Redid 8c."  # the redo history came back too
    session.close()
    saved = Store.open(tmp_path).store.autosaves.offer().saved
    assert saved is not None and saved.elapsed_seconds == 80
    assert saved.game.moves == tuple(map(Move.parse, ("3a", "6b", "8c")))
