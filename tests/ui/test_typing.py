"""Typing as a fast typist does, into the real program in a pseudo-terminal.

Pilot waits for the app to be idle after each key; a terminal does not: it hands over whatever
was typed since the last read, many keys at once, while the game is still busy with the last
one. These tests write keys into a real pseudo-terminal — a whole solution in one write, keys at
50 a second, keys before the board is up, keys around a question — and read the outcome where
it counts, in the store the program writes before it shows a move.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.codes import encode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.rules import apply_move
from freecell_tui.core.solver import solve
from freecell_tui.ui.board.selection import Selection, shown_count

from ..program import run_main
from ..terminal import TIMEOUT, Terminal

pytestmark = [
    pytest.mark.pty,
    pytest.mark.skipif(os.name != "posix", reason="pseudo-terminals are POSIX"),
]


def solution_keys(number: int, mode: str = "off") -> str:
    """The keys that play the solver's solution of deal ``number`` in a game with autoplay
    ``mode`` (as ``freecell-tui solve N --autoplay MODE`` prints it): the source, ``+``/``-`` to
    the count when a run goes to an empty column (two keys alone move one card there, as ``18``
    does), then the destination."""
    done = run_main("solve", str(number), "--autoplay", mode)
    summary, _, printed = done.stdout.partition("\n")
    assert done.returncode == 0 and summary.startswith(f"deal {number}: solved"), done
    state = deal(number)
    keys = []
    for move in parse_moves(printed):  # after the summary line
        steps = ""
        if move.count and move.count > 1 and not state.columns[move.dest.index]:
            picked = shown_count(state, Selection(move.source))  # what the key picks up
            # + fixes the count at the run picked up; − takes one card fewer each.
            steps = "+" if move.count == picked else "-" * (picked - move.count)
        keys.append(move.source.code + steps + move.dest.code)
        state, _ = run_autoplay(apply_move(state, move), AutoplayMode.parse(mode))
    return "".join(keys)


TURNS = "SELECT turns FROM autosaves"


@pytest.fixture(scope="module")
def keys() -> str:
    """The keys of deal 1's solution, autoplay off (a string: one ``solve`` for the module)."""
    return solution_keys(1)


@pytest.mark.parametrize("motion", ["full", "none"])
def test_a_whole_solution_typed_in_one_write_wins(tmp_path: Path, keys: str, motion: str) -> None:
    assert len(keys) >= 190  # 95 moves
    term = Terminal(
        tmp_path, "--deal", "1", "--autoplay", "off", env={"TEXTUAL_ANIMATIONS": motion}
    )
    try:
        term.wait_until_up()
        term.write(keys)  # as a terminal hands over fast typing: one read
        term.wait(lambda: term.won() == 1, "deal 1 won")
    finally:
        term.close()


@pytest.mark.parametrize("mode", ["safe", "all"])
def test_a_solution_for_a_mode_typed_in_the_game_in_that_mode_wins(
    tmp_path: Path, mode: str
) -> None:
    """``freecell-tui solve 1 --autoplay MODE`` prints the moves a player makes in MODE: typed
    as keys into the game in MODE, they win."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", mode)
    try:
        term.wait_until_up()
        term.write(solution_keys(1, mode))
        term.wait(lambda: term.won() == 1, f"deal 1 won with autoplay {mode}")
    finally:
        term.close()


def test_fifty_keys_a_second_win(tmp_path: Path, keys: str) -> None:
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.wait_until_up()
        term.type(keys, per_second=50)
        term.wait(lambda: term.won() == 1, "deal 1 won")
    finally:
        term.close()


def test_keys_typed_before_the_board_is_up_act_in_order(tmp_path: Path, keys: str) -> None:
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.write(keys)  # at once, while the program is still starting
        term.wait(lambda: term.won() == 1, "deal 1 won")
    finally:
        term.close()


def test_a_question_asked_mid_typing_loses_nothing(tmp_path: Path) -> None:
    """6a on deal 1, then ``:deal 2`` asks first (the game is under way), y answers, and 3a —
    typed in the same write — is played on deal 2."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.wait_until_up()
        term.write("6a:deal 2\ry3a")
        turns = "SELECT deal_number, turns FROM autosaves"
        term.wait(lambda: term.rows(turns) == [(2, '["3a"]')], "3a played on deal 2")
        assert term.rows("SELECT deal_number, result FROM games") == [(1, "left")]
    finally:
        term.close()


def test_resuming_then_typing_on_at_once(tmp_path: Path) -> None:
    """Enter at the resume prompt and the next moves in one write: they play the resumed game."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.wait_until_up()
        term.write("6a")
        term.wait(lambda: term.rows("SELECT turns FROM autosaves") == [('["6a"]',)], "6a")
        term.write("q")
        term.process.wait(TIMEOUT)
    finally:
        term.close()
    term = Terminal(tmp_path, "--autoplay", "off")
    try:
        term.write("\r6b")  # before the prompt is even drawn
        done = [("6a", "6b")]
        term.wait(
            lambda: (
                [tuple(json.loads(row[0])) for row in term.rows("SELECT turns FROM autosaves")]
                == done
            ),
            "6b played on the resumed game",
        )
    finally:
        term.close()


def test_a_huge_paste_with_escapes_leaves_the_game_answering(tmp_path: Path) -> None:
    """100 KB pasted into the ``:`` line, colour codes in it (the terminal brackets a paste):
    the line takes what it holds, and Esc then 3a act at once."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.wait_until_up()
        term.write(":\x1b[200~" + "3a 18v3 \x1b[31m deal 617 " * 4000 + "\x1b[201~")
        term.write("\x1b3a")  # Esc closes the line; 3a, typed right after it, plays
        turns = "SELECT turns FROM autosaves"
        term.wait(lambda: term.rows(turns) == [('["3a"]',)], "3a played after the paste")
    finally:
        term.close()


def test_a_huge_paste_with_escapes_into_the_import_prompt_leaves_the_game_answering(
    tmp_path: Path,
) -> None:
    """77 KB full of escape sequences pasted into the save screen's import prompt: the prompt
    keeps what the ``:`` line keeps, and Esc, Esc (as CSI-u keys) then 3a, in the same write,
    close the prompt and the save screen and play."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.wait_until_up()
        term.write("s")
        term.wait(lambda: b"Saved games" in term.output, "the save screen")
        term.write("i")
        term.wait(lambda: b"paste a game code" in term.output, "the import prompt")
        paste = ("\x1b[31m3a\x1b[0m \x1b[A\x1b[1;5D deal\x1b[K " * 2100)[:77_000]
        term.write("\x1b[200~" + paste + "\x1b[201~" + "\x1b[27u\x1b[27u" + "3a")
        turns = "SELECT turns FROM autosaves"
        term.wait(lambda: term.rows(turns) == [('["3a"]',)], "3a played after the paste")
    finally:
        term.close()


def test_escape_typed_just_before_a_key_is_both_keys(tmp_path: Path) -> None:
    """3 picks up column 3's card, Esc puts it down, 4a plays: all in one write (the terminal's
    parser alone reads Esc and 4 as one key, and 3a would be played)."""
    term = Terminal(tmp_path, "--deal", "1", "--autoplay", "off")
    try:
        term.wait_until_up()
        term.write("3\x1b4a")
        turns = "SELECT turns FROM autosaves"
        term.wait(lambda: term.rows(turns) == [('["4a"]',)], "4a played")
    finally:
        term.close()


def test_a_burst_of_arrows_in_the_viewer_all_land(tmp_path: Path) -> None:
    """``freecell-tui watch CODE`` at a terminal opens the viewer; thirty → in one read step
    thirty moves on, ``t`` plays on from there and the next move typed in the same read is
    played on that game: the game it saves has the thirty moves watched and that one."""
    moves = solve(deal(1), autoplay=AutoplayMode.OFF).moves
    game = Game.new(1, autoplay=AutoplayMode.OFF)
    for move in moves:
        game = game.play(move)
    after = next(n for n in range(30, len(moves)) if (moves[n].count or 1) == 1)
    typed = moves[after].source.code + moves[after].dest.code
    term = Terminal(tmp_path, "watch", encode(game), env={"TEXTUAL_ANIMATIONS": "full"})
    try:
        # The viewer is open: its status line ("Move 0 of 95") or, in a terminal too small for
        # it, the move list's line ("0/95 0: start").
        term.wait(
            lambda: re.search(rb"Move 0 of|(?<![0-9])0/[0-9]+", term.output) is not None,
            "the viewer",
        )
        # As a terminal hands over a held-down arrow, then t and a move: one read.
        term.write("\x1b[C" * after + "t" + typed)
        term.wait(
            lambda: [len(json.loads(str(turns))) for (turns,) in term.rows(TURNS)] == [after + 1],
            "a game with the moves watched and the one typed after t",
        )
    finally:
        term.close()


def test_a_solution_as_solve_prints_it_typed_in_one_write_wins(tmp_path: Path) -> None:
    """``freecell-tui solve 1``'s moves as it prints them (spaces, line ends, ``vN`` counts, the
    last line's end too), typed in one write as a terminal without bracketed paste hands them
    over: they play exactly, and the game is won."""
    done = run_main("solve", "1")
    assert (done.returncode, done.stderr) == (0, "")
    printed = done.stdout.partition("\n")[2]
    assert " " in printed and "\n" in printed and "v" in printed
    term = Terminal(tmp_path, "--deal", "1")
    try:
        term.wait_until_up()
        term.write(printed.replace("\n", "\r"))  # a terminal sends Enter as a carriage return
        term.wait(lambda: term.won() == 1, "deal 1 won")
    finally:
        term.close()
