"""``freecell-tui watch CODE|SLOT|--last``: the text viewer on its own, driven through its
standard input (its commands there, the end of input ends it); bad input is one line."""

from __future__ import annotations

import io
from functools import partial
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.line.board_text import format_board
from freecell_tui.session import review as review_module
from freecell_tui.session.par import find_par
from freecell_tui.session.replay import Replay
from freecell_tui.store import Store

from ..core.test_codes import solver_game
from ..program import run_main
from ..session.test_review import DEAL, losing_move, par_of, solution
from ..session.test_review import played as solver_moves_played
from ..store.helpers import played


def one_line_error(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("freecell-tui watch: error: "), err
    return err


def test_a_piped_session_steps_through_a_shared_code(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("mine", solver_game(617), 60)
    store.close()
    shared = run_main("share", "mine", "--data-dir", str(tmp_path))
    code = shared.stdout.strip()
    assert shared.returncode == 0 and code.startswith("F1")

    result = run_main(
        "watch", code, "--data-dir", str(tmp_path), stdin="next\nnext\nback\nto 3\nboard\n"
    )
    assert (result.returncode, result.stderr) == (0, "")
    replay = Replay.of(solver_game(617))
    last = replay.last_number
    lines = result.stdout.splitlines()
    assert lines[0] == f"Watching deal 617 ({last} moves, won):"
    assert lines[1 : last + 1] == [f"{step.number}. {step.summary}" for step in replay.steps[1:]]
    assert "quit ends" in lines[last + 1]
    at_three = Game(replay.game.start, 617, replay.game.autoplay, replay.game.line[:3])
    assert lines[last + 2 :] == [
        f"1 of {last}. {replay.steps[1].summary}",
        f"2 of {last}. {replay.steps[2].summary}",
        f"1 of {last}. {replay.steps[1].summary}",
        f"3 of {last}. {replay.steps[3].summary}",
        *format_board(at_three),
    ]


def test_quit_ends_before_the_end_of_input_and_a_save_or_the_last_game_is_watched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("Fun game", played(5, 12), 60)
    store.autosaves.save(played(6, 4), 10)
    store.close()
    result = run_main(
        "watch", "Fun game", "--ascii", "--data-dir", str(tmp_path), stdin="last\nquit\nfirst\n"
    )
    assert (result.returncode, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert lines[0] == "Watching deal 5 (12 moves):"
    assert lines[-1].startswith("12 of 12. ")
    assert "♣" not in result.stdout and "♥" not in result.stdout  # --ascii

    monkeypatch.setattr("sys.stdin", io.StringIO("to 4\nto 5\n"))
    assert main(["watch", "--last", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[0] == "Watching deal 6 (4 moves):"
    assert out.splitlines()[-2:] == [
        f"4 of 4. {Replay.of(played(6, 4)).steps[4].summary}",
        "There is no move 5: this game has 4 moves (to 0 is the first position, to 4 the last).",
    ]


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    won = solver_game(617)
    good, last = encode(won), len(won.line)
    result = run_main("watch", good[:-1], "--data-dir", str(tmp_path))
    assert (result.returncode, result.stdout) == (2, "")
    assert "is not a game code" in one_line_error(result.stderr)
    result = run_main("watch", "nosuch", "--data-dir", str(tmp_path))
    assert (result.returncode, result.stdout) == (1, "")
    assert "no save named" in one_line_error(result.stderr)
    result = run_main("watch", "--last", "--data-dir", str(tmp_path))
    assert (result.returncode, result.stdout) == (1, "")
    assert "no game to watch yet" in one_line_error(result.stderr)
    for args in ([], ["x", "--last"]):
        result = run_main("watch", *args, "--data-dir", str(tmp_path))
        assert (result.returncode, result.stdout) == (2, "")
        assert "or --last" in one_line_error(result.stderr)
    result = run_main("watch", good, stdin="to x\nto 999\nmoves please\n")
    assert result.returncode == 0
    assert result.stdout.splitlines()[-3:] == [
        f"to: give a move number from 0 to {last}, as 'to 12'.",
        f"There is no move 999: this game has {last} moves (to 0 is the first position, to {last} "
        "the last).",
        "Not understood in the viewer: 'moves please'. Step through it: next (or Enter), back, "
        "to N, first, last, board, moves, review; quit ends.",
    ]


def test_review_prints_the_moves_with_their_marks_and_the_move_that_lost_it(
    tmp_path: Path,
) -> None:
    game = solver_moves_played(solution()[:4])
    game = game.play(losing_move(game))
    # A loaded machine finds in 60 s what a player's finds in the default 4.5.
    code = encode(game)
    result = run_main("watch", code, "--review", "--budget", "60", "--data-dir", str(tmp_path))
    assert (result.returncode, result.stderr) == (0, "")
    steps = Replay.of(game).steps
    lines = result.stdout.splitlines()
    assert lines[:7] == [
        "Review of deal 617 (5 moves):",
        f"1. {steps[1].summary}",
        f"2. {steps[2].summary}",
        f"3. {steps[3].summary}",
        f"4. {steps[4].summary}  [last winnable]",
        f"5. {steps[5].summary}  [lost here]",
        lines[6],
    ]
    assert lines[6].startswith("Move 5 lost it: after move 4 the deal could still be won (")
    winning = lines[lines.index("A winning line from move 4:") + 1 :]
    assert f"({len(winning)} moves to win from there)" in lines[6]
    assert [row.partition(". ")[0] for row in winning] == [
        str(number) for number in range(5, 5 + len(winning))
    ]


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--review", "--budget", "0"], "--budget 0: give seconds above 0, at most 3,600"),
        (["--review", "--budget", "3601"], "--budget 3601: give seconds above 0, at most 3,600"),
        (["--review", "--budget", "nan"], "--budget nan: give seconds above 0, at most 3,600"),
        (["--budget", "5"], "--budget is the review's: give it with --review"),
    ],
)
def test_a_bad_review_budget_is_one_line_and_reviews_nothing(
    tmp_path: Path, args: list[str], error: str
) -> None:
    game = solver_moves_played(solution()[:4])
    result = run_main("watch", encode(game), *args, "--data-dir", str(tmp_path))
    assert (result.returncode, result.stdout) == (2, "")
    assert error in one_line_error(result.stderr)


def test_review_of_a_win_takes_par_from_the_store(tmp_path: Path) -> None:
    best = solution()
    store = Store.open(tmp_path).store
    assert store.pars.keep(par_of(best), 1.0) is None
    store.slots.save("won", solver_moves_played(best), 60)
    store.close()
    result = run_main("watch", "won", "--review", "--data-dir", str(tmp_path))
    assert (result.returncode, result.stderr) == (0, "")
    assert f"Won in {len(best)} moves, par {len(best)}: you played par's very line." in (
        result.stdout.splitlines()
    )


def test_a_par_the_review_found_is_kept_and_the_next_review_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As the game's viewers keep it: the next review, piped or not, knows the deal's par."""
    # A narrow search: it finishes fast, and a finished search's par is par.
    monkeypatch.setattr(review_module, "find_par", partial(find_par, widths=(300,)))
    code = encode(solver_moves_played(solution()))
    first = run_main("watch", code, "--review", "--budget", "120", "--data-dir", str(tmp_path))
    assert (first.returncode, first.stderr) == (0, "")
    store = Store.open(tmp_path).store
    kept = store.pars.get(DEAL, AutoplayMode.SAFE)
    store.close()
    assert kept is not None and kept.moves <= len(solution())
    verdict = f"Won in {len(solution())} moves, par {kept.moves}: "
    assert [line for line in first.stdout.splitlines() if line.startswith(verdict)]
    monkeypatch.setattr(review_module, "find_par", None)  # no search: par is in the store
    again = run_main("watch", code, "--data-dir", str(tmp_path), stdin="review\n")
    assert (again.returncode, again.stderr) == (0, "")
    assert [line for line in again.stdout.splitlines() if line.startswith(verdict)]
