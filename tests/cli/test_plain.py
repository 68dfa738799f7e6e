"""``freecell-tui play --plain``: line mode, driven in-process and through a real pipe."""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.deals import deal
from freecell_tui.core.difficulty import rating
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.solver import solve_for_autoplay
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import parse_variant
from freecell_tui.line import LineMode, format_board, run_line_mode
from freecell_tui.line.mode import HANDLERS
from freecell_tui.session.table import COMMANDS

from ..program import run_main
from .line import line_mode

DEAL_1_BOARD = """\
Deal 1 (hard), 0 moves, 0 of 52 cards home, autoplay safe
Foundations: ♣ empty, ♦ empty, ♥ empty, ♠ empty
Free cells: a empty, b empty, c empty, d empty
Column 1: J♦ K♦ 2♠ 4♣ 3♠ 6♦ 6♠
Column 2: 2♦ K♣ K♠ 5♣ 10♦ 8♠ 9♣
Column 3: 9♥ 9♠ 9♦ 10♠ 4♠ 8♦ 2♥
Column 4: J♣ 5♠ Q♦ Q♥ 10♥ Q♠ 6♥
Column 5: 5♦ A♦ J♠ 4♥ 8♥ 6♣
Column 6: 7♥ Q♣ A♠ A♣ 2♣ 3♦
Column 7: 7♣ K♥ A♥ 4♦ J♥ 8♣
Column 8: 5♥ 3♥ 3♣ 7♠ 7♦ 10♣
"""


def play(
    commands: str, *, deal: str | None = "1", autoplay: str = "safe", ascii: bool = False
) -> tuple[int, str]:
    """Run line mode in-process on ``commands``; the exit code and everything it printed."""
    out = io.StringIO()
    args = argparse.Namespace(deal=deal, autoplay=autoplay, ascii=ascii)
    code = run_line_mode(args, stdin=io.StringIO(commands), stdout=out)
    return code, out.getvalue()


def test_start_shows_the_board_one_line_per_pile() -> None:
    code, out = play("")
    assert code == 0
    assert (
        out
        == "FreeCell in line mode. Type a move such as 3a, h for help, q to quit.\n" + DEAL_1_BOARD
    )


def test_a_move_says_what_moved_then_shows_the_board() -> None:
    _, out = play("3a\n")
    after = out.split(DEAL_1_BOARD, 1)[1].splitlines()
    assert after[0] == "3a: 2♥ to free cell a"
    assert after[1] == "Deal 1 (hard), 1 move, 0 of 52 cards home, autoplay safe"
    assert after[3] == "Free cells: a 2♥, b empty, c empty, d empty"
    assert after[6] == "Column 3: 9♥ 9♠ 9♦ 10♠ 4♠ 8♦"


def test_autoplay_moves_are_said_after_the_move() -> None:
    _, out = play("5a\n5b\n5c\n5d\n")
    assert "5d: J♠ to free cell d\nAutoplay 5h: A♦ home\n" in out
    assert "Foundations: ♣ empty, A♦, ♥ empty, ♠ empty" in out


def test_refused_and_unreadable_commands_say_why_and_the_game_goes_on() -> None:
    _, out = play("12\nzz\nt2f 9 1\nt2f 1 2\n3a\n")
    lines = out.splitlines()
    assert "Not allowed: 6♠ cannot go on 9♣: ranks must step down by one" in lines
    assert "Not understood: 'zz' is not a command or a move: help lists the commands" in lines
    assert "Not understood: t2f: there is no tableau column 9: tableau columns are 1-8" in lines
    assert "Not allowed: 6♠ cannot go home yet: the ♠ foundation starts with A♠" in lines
    assert "3a: 2♥ to free cell a" in lines
    # Only the last command changed the game.
    assert lines.count("Deal 1 (hard), 1 move, 0 of 52 cards home, autoplay safe") == 1


def test_menu_commands_play_moves() -> None:
    _, out = play("t2c 3 1\nt2t 3 2\nc2t 1 3\nc2f 1 3\n")
    assert "3a: 2♥ to free cell a" in out
    assert "32: 8♦ onto 9♣ in column 2" in out
    assert "Not allowed: 2♥ cannot go on 4♠: ranks must step down by one" in out
    assert "Not allowed: 2♥ cannot go home yet: the ♥ foundation starts with A♥" in out


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("t2f", "Not understood: t2f: missing operands: use t2f T F (tableau 1-8, foundation 1-4)"),
        (
            "t2c 1 2 3",
            "Not understood: t2c: too many operands: use t2c T C (tableau 1-8, cell 1-4)",
        ),
        ("c2f x 1", "Not understood: c2f: 'x' is not a number: cells are 1-4"),
        ("c2t 1 1", "Not allowed: free cell a is empty: there is no card to move"),
    ],
)
def test_menu_errors(command: str, message: str) -> None:
    assert message in play(command + "\n")[1].splitlines()


def test_undo_redo_restart() -> None:
    _, out = play("3a\n32\nundo\nredo\nrestart\nredo\nundo\nundo\nundo\nundo\n")
    lines = out.splitlines()
    assert "Undid 32 (redo plays it again)." in lines and "Redid 32." in lines
    assert "Back to the start: u takes the restart back." in lines
    assert "Not allowed: nothing to redo" in lines  # a restart drops nothing but the redo tail
    assert "Undid the restart: back where you were." in lines
    assert lines[-1] == "Not allowed: nothing to undo"


def test_r_restarts_and_u_brings_the_game_back() -> None:
    """Bug: after r, u said "nothing to undo" and only 20 presses of redo brought the game back;
    and r was redo in line mode but restart in the full-screen game."""
    _, out = play("3a\n32\nr\nu\n")
    lines = out.splitlines()
    assert "Back to the start: u takes the restart back." in lines
    assert "Undid the restart: back where you were." in lines
    assert lines[-11] == "Deal 1 (hard), 2 moves, 0 of 52 cards home, autoplay safe"


def test_new_asks_when_a_game_is_under_way_and_no_keeps_it() -> None:
    _, out = play("3a\nr\nn\nno\nboard\n")
    lines = out.splitlines()
    assert (
        "Start a new game? Your game of deal 1 (0 moves) will be recorded as a loss. [y/N]" in lines
    )
    assert "Carry on: your game goes on." in lines
    assert lines[-11].startswith("Deal 1 (hard), 0 moves")


def test_redo_with_nothing_to_redo() -> None:
    assert play("redo\n")[1].splitlines()[-1] == "Not allowed: nothing to redo"


def test_undo_says_it_took_back_the_autoplay_too() -> None:
    _, out = play("5a\n5b\n5c\n5d\nu\n")
    assert "Undid 5d with its 1 autoplay move (redo plays it again)." in out.splitlines()


def test_undo_of_a_move_without_autoplay_says_nothing_of_autoplay() -> None:
    _, out = play("5a\nu\n")
    assert "Undid 5a (redo plays it again)." in out.splitlines()


def test_new_deal_and_autoplay_commands() -> None:
    _, out = play("deal 617\nautoplay off\nnew 5\nautoplay sometimes\ndeal 0\n")
    lines = out.splitlines()
    assert "Deal 617 (expert). Good luck!" in lines
    assert "Deal 617 (expert), 0 moves, 0 of 52 cards home, autoplay safe" in lines
    assert "Autoplay off from now on." in lines
    assert "Deal 5 (easy), 0 moves, 0 of 52 cards home, autoplay off" in lines
    assert "Not understood: 'sometimes' is not an autoplay mode: use off, safe or all" in lines
    assert (
        lines[-1] == "Not understood: deal 0 does not exist: deals are numbered 1 to 8,589,934,591"
    )


def test_new_without_a_number_picks_a_random_deal() -> None:
    _, out = play("new\n", deal=None)
    numbers = [
        int(n)
        for n in re.findall(
            r"^Deal (\d+)(?: \((?:easy|medium|hard|expert)\))?, 0 moves", out, re.MULTILINE
        )
    ]
    assert len(numbers) == 2 and all(1 <= n <= 32_000 for n in numbers)
    assert f"Deal {numbers[1]} ({rating(numbers[1]).band}). Good luck!" in out  # type: ignore[union-attr]


def test_help_lists_line_mode_and_the_menu() -> None:
    _, out = play("h\n")
    for text in (
        "undo (u)",
        "restart (r)",
        "hint (i)",
        "solve (p)",
        "save NAME",
        "load NAME",
        "t2f T F   -- move from Tableau T to Foundation F",
        "q         -- quit",
    ):
        assert text in out
    assert "1 clubs, 2 diamonds, 3 hearts, 4 spades" in out


def test_board_and_moves_commands() -> None:
    _, out = play("board\nmoves\n")
    assert out.count(DEAL_1_BOARD) == 2
    assert "8 legal moves:\n1a: 6♠ to free cell a\n" in out
    assert "8a: 10♣ to free cell a" in out


def test_the_board_is_printed_again_only_when_the_position_changed() -> None:
    """A command that leaves the cards where they were (a new autoplay mode, a save, a
    difficulty) prints no board; undo, redo and restart print it."""
    _, out = play("autoplay off\nsave mine\ndifficulty\n3a\nundo\nredo\nrestart\n")
    lines = out.splitlines()
    boards = [i for i, line in enumerate(lines) if line.startswith("Deal 1 (hard), ")]
    assert len(boards) == 5  # the start, 3a, undo, redo, restart
    said = lines[boards[0] + 11 : boards[0] + 14]
    assert said[0] == "Autoplay off from now on." and said[1] == "Saved as “mine”: 0 moves."
    assert said[2].startswith("Deal 1: hard")
    assert lines[boards[1] + 11 : boards[2]] == ["Undid 3a (redo plays it again)."]


def test_a_line_of_moves_written_for_autoplay_off_wins_a_game_that_autoplays() -> None:
    """As on the board: a move of the list whose cards autoplay sent home already is skipped,
    not refused."""
    moves = " ".join(map(str, solve_for_autoplay(deal(1), AutoplayMode.OFF).moves))
    _, out = play(moves + "\n")
    assert "Not allowed" not in out
    assert "autoplay sent it home already" in out and "You won deal 1" in out


def test_klondike_says_where_it_is_played() -> None:
    assert play("klondike\n")[1].splitlines()[-1] == (
        "Klondike is not played in line mode: run freecell-tui klondike, or :klondike in "
        "the full-screen game."
    )


def test_every_line_command_of_the_table_has_a_handler_or_is_a_session_call() -> None:
    for command in COMMANDS:
        if command.line and command.words:
            assert command.call is not None or callable(HANDLERS[command.name]), command.name


@pytest.mark.parametrize("word", ["speed 2", "winnable off", "deals any"])
def test_full_screen_settings_are_refused_in_line_mode(word: str) -> None:
    name = word.split()[0]
    assert play(word + "\n")[1].splitlines()[-1] == (
        f"{name} is a setting of the full-screen game (freecell-tui): line mode has no use for it."
    )


def test_quit_stops_reading() -> None:
    code, out = play("q\n3a\n")
    assert code == 0
    assert out.splitlines()[-1] == "Goodbye."
    assert "3a: 2♥" not in out


def test_win_is_announced_and_another_game_offered(deal_1_solution: str) -> None:
    commands = "\n".join(deal_1_solution.split()) + "\ny\n"
    session_out = io.StringIO()
    session = line_mode(Game.new(1, autoplay=AutoplayMode.OFF), session_out, clock=lambda: 0.0)
    for line in commands.splitlines():
        session.handle(line)
    out = session_out.getvalue()
    assert (
        "You won deal 1 (hard) in 115 moves — par not known yet — and 0:00.\nAnother game? Type y for a random deal, deal N "
        "for deal N, or q to quit.\n" in out
    )
    assert "Deal 42 (easy). Good luck!" in out
    assert session.session.game.deal_number == 42 and session.running


def test_no_after_a_win_quits(deal_1_solution: str) -> None:
    session = line_mode(Game.new(1, autoplay=AutoplayMode.OFF))
    for move in deal_1_solution.split():
        session.handle(move)
    session.handle("no")
    assert not session.running


def _won(deal_1_solution: str) -> tuple[LineMode, io.StringIO]:
    out = io.StringIO()
    line = line_mode(Game.new(1, autoplay=AutoplayMode.OFF), out, clock=lambda: 0.0)
    for move in deal_1_solution.split():
        line.handle(move)
    out.seek(0)
    out.truncate()
    return line, out


def test_after_a_win_a_move_is_no_answer_and_the_question_is_asked_again(
    deal_1_solution: str,
) -> None:
    line, out = _won(deal_1_solution)
    for text in ("12", "hint", "", "maybe"):
        line.handle(text)
        assert out.getvalue().splitlines() == [
            "The game is won. Another game? Type y for a random deal, deal N for deal N, "
            "or q to quit."
        ]
        out.seek(0)
        out.truncate()
    assert line.session.game.state.is_won and line.running
    line.handle("deal 617")
    assert line.session.game.deal_number == 617
    assert "Deal 617 (expert). Good luck!" in out.getvalue()


def test_after_a_win_a_command_that_shows_something_runs_and_the_question_waits(
    deal_1_solution: str,
) -> None:
    line, out = _won(deal_1_solution)
    line.handle("stats")
    assert "Played" in out.getvalue() and "Another game" not in out.getvalue()
    line.handle("undo")
    assert not line.session.game.state.is_won
    line.handle("12")
    assert "Another game" not in out.getvalue().splitlines()[-1]


def test_a_lost_game_is_announced() -> None:
    """Three kings in free cells, all column tops black; putting K♠ in the last cell ends it."""
    kings = [Card.parse(code) for code in ("KC", "KD", "KH")]
    tops = [Card.parse(code) for code in ("QC", "QS", "TC", "TS", "8C", "8S", "6C", "6S")]
    king = Card.parse("KS")
    rest = [c for c in ALL_CARDS if c not in kings and c not in tops and c != king]
    columns = [tuple(rest[i::8]) + (tops[i],) for i in range(8)]
    columns[7] += (king,)
    state = GameState(tuple(columns), (*kings, None), (0, 0, 0, 0))
    state.validate()
    out = io.StringIO()
    session = line_mode(Game.from_position(state), out)
    session.handle("8d")
    assert out.getvalue().splitlines()[0] == "8d: K♠ to free cell d"
    assert out.getvalue().splitlines()[-1] == (
        "No legal move is left: this game is lost. Type undo, restart or new."
    )
    assert "Position, 1 move" in out.getvalue()


def test_ascii_suits() -> None:
    _, out = play("3a\n12\n", ascii=True)
    assert "Column 8: 5H 3H 3C 7S 7D 10C" in out
    assert "3a: 2H to free cell a" in out
    assert "Not allowed: 6S cannot go on 9C: ranks must step down by one" in out
    assert "♣" not in out and "♥" not in out


def test_format_board_for_a_game_in_progress() -> None:
    game = Game.new(1).play(Move.parse("3a")).play(Move.parse("32"))
    lines = format_board(game, ascii=True)
    assert lines[:3] == [
        "Deal 1 (hard), 2 moves, 0 of 52 cards home, autoplay safe",
        "Foundations: C empty, D empty, H empty, S empty",
        "Free cells: a 2H, b empty, c empty, d empty",
    ]
    assert lines[4:6] == ["Column 2: 2D KC KS 5C 10D 8S 9C 8D", "Column 3: 9H 9S 9D 10S 4S"]
    assert len(lines) == 11


def test_the_heading_names_a_rated_deals_band_or_the_free_cells_it_needs() -> None:
    assert format_board(Game.new(617))[0].startswith("Deal 617 (expert), 0 moves")
    one_cell = Game.new(5, variant=parse_variant("freecell", 1))
    assert format_board(one_cell)[0].startswith("FreeCell (1 cell), deal 5 (needs 1 free cell), 0")
    assert format_board(Game.new(40_000))[0].startswith("Deal 40000, 0 moves")  # not rated
    assert format_board(Game.new(617, variant=parse_variant("eight-off")))[0].startswith(
        "Eight Off, deal 617, 0 moves"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--deal", "0"],
            "freecell-tui play: error: deal 0 does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            ["--deal", "8589934592"],
            "freecell-tui play: error: deal 8589934592 does not exist: deals are numbered 1 to 8,589,934,591",
        ),
        (
            ["--deal", "abc"],
            "freecell-tui play: error: 'abc' is not a deal number: use a whole number from 1 to 8,589,934,591",
        ),
        (
            ["--deal", "1", "--autoplay", "never"],
            "freecell-tui play: error: 'never' is not an autoplay mode: use off, safe or all",
        ),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    result = run_main("play", "--plain", *args)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", message + "\n")


def test_through_a_pipe() -> None:
    """stdin and stdout are pipes: no prompt, output flushed, exit 0 at the end of input."""
    result = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "play", "--plain", "--deal", "1"],
        input="3a\nbogus\nt2c 2 2\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert result.returncode == 0 and result.stderr == ""
    assert "> " not in result.stdout
    lines = result.stdout.splitlines()
    assert lines[1:12] == DEAL_1_BOARD.splitlines()
    assert "3a: 2♥ to free cell a" in lines
    assert "Not understood: 'bogus' is not a command or a move: help lists the commands" in lines
    assert "2b: 9♣ to free cell b" in lines
    assert lines[-1] == "Column 8: 5♥ 3♥ 3♣ 7♠ 7♦ 10♣"


def test_pipe_answers_each_line_before_the_next_is_sent() -> None:
    """A program driving line mode reads each answer before writing the next command."""
    with subprocess.Popen(
        [sys.executable, "-m", "freecell_tui", "play", "--plain", "--deal", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        for _ in range(12):  # greeting and board
            process.stdout.readline()
        process.stdin.write("3a\n")
        process.stdin.flush()
        assert process.stdout.readline() == "3a: 2♥ to free cell a\n"
        process.stdin.write("q\n")
        process.stdin.flush()
        rest = process.stdout.read()
        assert rest.endswith("Goodbye.\n")
        assert process.wait(timeout=30) == 0


def test_ascii_when_the_output_cannot_show_suits() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "play", "--plain", "--deal", "1"],
        input=b"3a\n",
        capture_output=True,
        env={"PYTHONIOENCODING": "ascii", "PATH": ""},
        check=False,
    )
    assert result.returncode == 0
    assert b"3a: 2H to free cell a" in result.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["--deal", "5", "--ascii", "play", "--plain"],
        ["play", "--plain", "--deal", "5", "--ascii"],
    ],
)
def test_game_options_before_or_after_the_subcommand(argv: list[str]) -> None:
    result = run_main(*argv, stdin="q\n")
    assert result.returncode == 0
    assert (
        result.stdout.splitlines()[1] == "Deal 5 (easy), 0 moves, 0 of 52 cards home, autoplay safe"
    )
    assert "Foundations: C empty, D empty, H empty, S empty" in result.stdout
