"""``--game`` and ``--cells`` on the command line and in line mode: the game dealt, played,
refused by its rule, named, recorded and counted apart; a bad name is one line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from freecell_tui.cli import build_parser, main
from freecell_tui.cli.serve import served_argv
from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.position import format_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.variant import EIGHT_OFF, SEAHAVEN, parse_variant, variant_names
from freecell_tui.store import Store

from .line import line_mode


def _main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_prints_the_games_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(capsys, "deal", "--game", "seahaven", "1")
    assert (code, err) == (0, "")
    assert out == deal_text(1, SEAHAVEN)
    assert out.startswith("Freecells: - 2H 6H -\n: JD 9S JS 4D 6D\n")  # PySolFC's deal 1
    assert out.count("\n: ") + out.startswith(": ") == 10  # ten columns
    code, _, err = _main(capsys, "--game", "eight off", "deal", "1")  # before the command too
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("--game", "spider"),
            "'spider' is not a game: the games are freecell, bakers, ko-bakers-game",
        ),
        (("--cells", "9"), "'9' is not a number of free cells: use a whole number from 0 to 8"),
        (("--game", "eight-off", "--cells", "4"), "Eight Off deals cards into its 8 cells"),
    ],
)
def test_a_bad_game_is_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    code, out, err = _main(capsys, "deal", "1", *args)
    assert (code, out) == (2, "")
    assert err.startswith(f"freecell-tui deal: error: {said}") and err.count("\n") == 1


def test_solve_solves_another_games_deal_by_its_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = _main(capsys, "solve", "--game", "bakers", "1")
    assert (code, err) == (0, "")
    assert out.startswith("deal 1: ")
    moves = out.split("\n", 1)[1].split()  # after the "deal 1: solved in …" line
    game = Game.new(1, variant=parse_variant("bakers"))
    for word in moves:  # Baker's Game's rules: the line wins
        game = game.play(Move.parse(word, game.start.variant))
    assert game.state.is_won


def test_replay_plays_the_moves_in_the_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("710\n"))  # 8♣ onto column 10's 9♣
    code, out, _ = _main(capsys, "replay", "--game", "seahaven", "--deal", "1")
    expected = apply_move(deal(1, SEAHAVEN), Move.parse("710", SEAHAVEN))
    assert (code, out) == (0, format_position(expected) + "not won\n")
    assert out.count("\n:") == 10


def test_line_mode_plays_eight_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("c8\n78\n2k\ne6\n9a\nq\n"))
    code = main(
        ["play", "--plain", "--game", "eight-off", "--deal", "1", "--data-dir", str(tmp_path)]
    )
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.startswith("Eight Off in line mode.")
    assert "Eight Off, deal 1, 0 moves, 0 of 52 cards home, autoplay safe" in out
    assert "Free cells: a 6♠, b empty, c 9♣, d empty, e 2♥, f empty, g 6♥, k empty" in out
    assert "Column 8: 5♥ 3♥ 3♣ 7♠ 7♦ 10♣" in out and "Column 9" not in out
    assert "2♥ cannot go on 3♦: in Eight Off a column builds down in suit" in out
    assert "'9' is not a pile (1–8 columns, a–g, k free cells, h home)" in out
    # The game is kept as Eight Off: the next start offers it, as Eight Off.
    saved = Store.open(tmp_path).store.autosaves.offer().saved
    assert saved is not None and saved.game.start.variant == EIGHT_OFF
    assert [str(move) for move in saved.game.moves] == ["c8", "78", "2k"]


def test_line_mode_new_game_of_another_game() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(1), out)
    line.handle("new seahaven 3")
    assert line.session.game.start.variant == SEAHAVEN and line.session.game.deal_number == 3
    assert "Seahaven Towers, deal 3. Good luck!" in out.getvalue()
    assert "Column 10:" in out.getvalue()
    line.handle("hint")
    assert "The solver does not know" not in out.getvalue()
    assert "Hint" in out.getvalue()
    line.handle("stats")
    assert "Statistics of Seahaven Towers:" in out.getvalue()


def test_serve_runs_each_game_with_the_game_asked_for(tmp_path: Path) -> None:
    argv = served_argv(tmp_path, variant=EIGHT_OFF)
    assert argv[-4:] == ["--game", "eight_off", "--cells", "8"]
    assert "--game" not in served_argv(tmp_path)


def test_stats_are_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = Store.open(tmp_path).store
    left = Game.new(1, variant=SEAHAVEN).play(Move.parse("1a", SEAHAVEN))  # then left: a loss
    store.autosaves.finish(left, 10.0)
    store.close()
    code, out, _ = _main(capsys, "stats", "--data-dir", str(tmp_path))
    assert code == 0 and out.startswith("Played                  0\n")
    assert "Other games have statistics of their own: Seahaven Towers (--game seahaven)." in out
    code, out, _ = _main(capsys, "stats", "--game", "seahaven", "--data-dir", str(tmp_path))
    assert code == 0 and out.startswith(
        "Statistics of Seahaven Towers\n\nPlayed                  1\n"
    )
    assert "Lost                    1" in out


def test_line_modes_help_and_menu_name_the_games_own_piles() -> None:
    out = io.StringIO()
    line = line_mode(Game.new(1, variant=EIGHT_OFF), out)
    line.handle("help")
    said = out.getvalue()
    assert "a move in standard notation: columns 1–8, free cells a–g, k, h for home" in said
    assert "Tableau columns are 1-8, cells 1-8, foundations 1-4" in said
    assert "columns 1-8, free cells a-d" not in said and "cells 1-4" not in said
    line.handle("t2c 2 8")  # the menu's cell 8 is Eight Off's k
    line.handle("2f")  # and notation's f its sixth cell
    assert [str(move) for move in line.session.game.moves] == ["2k", "2f"]
    line.handle("t2c 2 9")
    assert "t2c: there is no cell 9: cells are 1-8" in out.getvalue()
    seahaven = io.StringIO()
    line = line_mode(Game.new(1, variant=SEAHAVEN), seahaven)
    line.handle("help")
    assert "columns 1–10, free cells a–d, h for home" in seahaven.getvalue()
    line.handle("t2t 7 10")
    assert [str(move) for move in line.session.game.moves] == ["710"]
    no_cells = io.StringIO()
    line = line_mode(Game.new(1, variant=parse_variant(None, 0)), no_cells)
    line.handle("t2c 1 1")
    assert "t2c: FreeCell (0 cells) has no cells" in no_cells.getvalue()


def test_the_help_and_the_readme_list_the_names_a_refusal_lists() -> None:
    names = variant_names()
    assert names.startswith("freecell, bakers, ")
    text = " ".join(build_parser().format_help().split())
    assert names in text
    readme = Path(__file__).parents[2].joinpath("README.md").read_text(encoding="utf-8")
    for name in names.split(", ")[1:]:
        assert f"`{name}`" in readme
