"""A list of moves in standard notation — ``freecell-tui solve``'s output — pasted on the board or
after ``:``, or typed on the ``:`` line: played one turn a move, each saved before the next, and
stopped at the first refused one with its number and its reason."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from textual import events

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.session.listed import read_moves

from ..program import run_main
from .helpers import (
    COMPACT,
    SIZE,
    game,
    make_app,
    message,
    stored_turns,
    type_command,
    wait_for,
)


@cache
def solve(number: int, mode: str = "safe") -> str:
    """``freecell-tui solve NUMBER --autoplay MODE``'s output, whole (its first line too): the
    command is run once a process for each deal and mode (its output is the same each time)."""
    done = run_main("solve", str(number), "--autoplay", mode)
    assert (done.returncode, done.stderr) == (0, "")
    return done.stdout


@pytest.mark.parametrize(
    ("list_mode", "game_mode"),
    [("safe", "safe"), ("off", "off"), ("off", "safe")],
)
async def test_a_solution_pasted_on_the_board_wins(
    tmp_path: Path, list_mode: str, game_mode: str
) -> None:
    """``solve 1`` pasted into the default game wins, and ``solve 1 --autoplay off`` into a game
    with autoplay off; a list written out for autoplay off, pasted into a game that autoplays,
    leaves out the moves of cards autoplay sent home already, and wins too."""
    text = solve(1, list_mode)
    app = make_app(tmp_path, autoplay=AutoplayMode(game_mode))
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Paste(text))
        await wait_for(pilot, lambda: game(app).state.is_won, "deal 1 won")
        listed = read_moves(text, game(app).start.variant)
        assert listed is not None
        played = [str(turn.move) for turn in game(app).turns]
        if list_mode == game_mode:  # every move of the list, as written, one turn each
            assert played == [str(move) for move in listed]
        else:  # the moves home autoplay made already are left out
            assert 0 < len(played) < len(listed)
        assert not game(app).solver_moves  # the player's moves
    assert stored_turns(tmp_path) == []  # won: recorded as a result, no game waits


async def test_a_solution_pasted_after_the_colon_wins_at_80_by_24(tmp_path: Path) -> None:
    text = solve(1)
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("colon")
        app.post_message(events.Paste(text))
        await wait_for(pilot, lambda: game(app).state.is_won, "deal 1 won")
        assert not app.game_screen.command_line.has_class("-open")


async def test_moves_typed_on_the_colon_line_play_in_turn(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, "6a 6b 7b")
        await wait_for(pilot, lambda: len(game(app).turns) == 3, "three moves")
        assert [str(turn.move) for turn in game(app).turns] == ["6a", "6b", "7b"]


async def test_an_illegal_move_stops_the_list_with_its_number_and_reason(tmp_path: Path) -> None:
    """The first refused move stops the list: ``move k of N: …``; the moves before it stay
    played and saved, the ones after it are not played."""
    words = solve(1).splitlines()[1].split()  # the first line of moves: 6a 6b 7b 76 …
    words[4] = "2h"  # not a card that can go home
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Paste(" ".join(words)))
        await wait_for(pilot, lambda: message(app).startswith("move 5 of 10"), "the refusal")
        await pilot.pause()
        said = message(app)
        assert said.startswith("move 5 of 10: 2h: ") and "cannot go home" in said
        assert "the 5 moves after it not played" in said
        assert [str(turn.move) for turn in game(app).turns] == words[:4]
    # Saved as played (each turn with the moves home its autoplay made).
    assert [[turn.split()[0] for turn in turns] for turns in stored_turns(tmp_path)] == [words[:4]]


async def test_a_word_that_is_no_move_refuses_the_list_before_any_is_played(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Paste("6a 6b\n7b x9 76"))
        await wait_for(pilot, lambda: message(app).startswith("move 4 of 5: x9"), "the refusal")
        assert not game(app).turns


async def test_a_key_stops_the_list_and_then_acts(tmp_path: Path) -> None:
    """A list plays one move a frame: a key read meanwhile stops it, then acts (u undoes the
    one move played)."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.Paste(solve(1)))
        app.post_message(events.Key("u", "u"))
        await pilot.pause()
        await pilot.pause()
        assert not game(app).turns and [str(t.move) for t in game(app).redo_tail] == ["6a"]


def keys(text: str) -> list[tuple[str, str]]:
    """The keys typing ``text`` presses (Textual's key names, and the character)."""
    names = {" ": "space", "\n": "enter"}
    return [(names.get(ch, ch), "\r" if ch == "\n" else ch) for ch in text]


async def test_a_solution_typed_key_by_key_wins(tmp_path: Path) -> None:
    """Typed as keys (what a terminal without bracketed paste sends): spaces and line ends
    between the moves do nothing, ``v`` and a count choose the run (``13v2`` onto an empty
    column is two cards)."""
    text = solve(1).split("\n", 1)[1]  # the moves, without the first line
    assert "13v2" in text
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        for key, character in keys(text):
            app.post_message(events.Key(key, character))
        await wait_for(pilot, lambda: game(app).state.is_won, "deal 1 won")
        assert [str(turn.move) for turn in game(app).turns] == text.split()


@pytest.mark.parametrize("typed", ["13v2", "1v23"])
async def test_v_and_a_count_choose_the_run(tmp_path: Path, typed: str) -> None:
    """The last move of ``solve 1`` is ``13v2``, two cards onto the empty column 3: typed by
    its keys (``1``, ``3``: one card, then ``v2``: two, as one turn) or with the count after
    the pick-up (``1v2`` then ``3``), it wins with that move."""
    words = solve(1).split("\n", 1)[1].split()
    assert words[-1] == "13v2"
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_command(pilot, " ".join(words[:-1]))
        await wait_for(pilot, lambda: len(game(app).turns) == len(words) - 1, "the moves")
        for key, character in keys(typed + " "):
            app.post_message(events.Key(key, character))
        await wait_for(pilot, lambda: game(app).state.is_won, "deal 1 won")
        assert [str(turn.move) for turn in game(app).turns] == words
