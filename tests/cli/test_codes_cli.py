"""Game codes on the command line: ``share SLOT|--last``, ``replay CODE``, ``--deal CODE``, and
finished games keeping their code in the store (an old database too)."""

from __future__ import annotations

import argparse
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from freecell_tui.core.codes import decode, encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.position import format_position
from freecell_tui.store import DB_NAME, Store
from freecell_tui.store.schema import MIGRATIONS

from ..core.test_codes import solver_game
from ..program import run_main
from ..session.test_review import par_of, solution
from ..session.test_review import played as solver_moves_played
from ..store.helpers import one_from_won, played


class Clock:
    """The store's clock, a minute on at every reading."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def one_line_error(err: str, prog: str) -> str:
    assert err.count("\n") == 1 and err.startswith(f"{prog}: error: "), err
    return err


# ---------------------------------------------------------------------- share
def test_share_prints_a_saves_code_that_gives_back_the_game(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("mine", played(5, 12), 60)
    store.close()
    code, out, err = run_main("share", "mine", "--data-dir", str(tmp_path))
    assert (code, err) == (0, "")
    game = decode(out.strip())
    assert isinstance(game, Game) and game.state == played(5, 12).state
    assert game.turns == played(5, 12).turns


def test_share_last_is_the_game_played_last_in_progress_or_finished(tmp_path: Path) -> None:
    store = Store.open(tmp_path, clock=Clock()).store
    store.autosaves.finish(played(5, 12), 60)
    store.close()
    code, out, _ = run_main("share", "--last", "--data-dir", str(tmp_path))
    assert (code, out.strip()) == (0, encode(played(5, 12)))

    store = Store.open(tmp_path, clock=Clock()).store  # later: a game in progress
    store.autosaves.save(played(6, 4), 10)
    store.close()
    code, out, _ = run_main("share", "--last", "--data-dir", str(tmp_path))
    assert (code, out.strip()) == (0, encode(played(6, 4)))

    won = one_from_won().play(Move.parse("1h"))
    clock = Clock()
    clock.now += timedelta(days=1)
    store = Store.open(tmp_path, clock=clock).store  # later still: a custom position won
    store.autosaves.finish(won, 5)
    store.close()
    code, out, _ = run_main("share", "--last", "--data-dir", str(tmp_path))
    assert (code, out.strip()) == (0, encode(won))


def test_share_refuses_with_one_line(tmp_path: Path) -> None:
    code, out, err = run_main("share", "--last", "--data-dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert "no game to share yet" in one_line_error(err, "freecell-tui share")
    code, out, err = run_main("share", "nope", "--data-dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert "no save named" in one_line_error(err, "freecell-tui share")
    for args in (["share"], ["share", "mine", "--last"]):
        code, out, err = run_main(*args, "--data-dir", str(tmp_path))
        assert (code, out) == (2, "")
        assert "or give --last" in one_line_error(err, "freecell-tui share")


# ---------------------------------------------------------------------- the store
def test_a_finished_game_keeps_its_code(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.autosaves.finish(played(5, 12), 60)
    last = store.results.last()
    assert last is not None and last.code == encode(played(5, 12))
    store.close()


def test_an_old_database_opens_and_its_old_games_have_no_code(tmp_path: Path) -> None:
    """A version 3 database: its finished game survives the migration, without moves."""
    connection = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    for step in MIGRATIONS[:3]:
        for statement in step:
            connection.execute(statement)
    connection.execute("PRAGMA user_version = 3")
    connection.execute(
        "INSERT INTO games (deal_number, position, result, move_count, cards_home,"
        " elapsed_seconds, finished_at, autoplay) VALUES (7, NULL, 'won', 90, 52, 300,"
        " '2025-01-03T00:00:00+00:00', 'safe')"
    )
    connection.close()
    opened = Store.open(tmp_path)
    assert opened.warnings == ()
    [old] = opened.store.results.all().items
    assert (old.deal_number, old.move_count, old.code) == (7, 90, None)
    opened.store.close()
    code, out, err = run_main("share", "--last", "--data-dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert "before games kept their moves" in one_line_error(err, "freecell-tui share")


def test_a_hand_edited_code_in_the_store_is_refused_with_one_line(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    store.autosaves.finish(played(5, 12), 60)
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as connection:
        connection.execute("UPDATE games SET code = 'F1garbage'")
    code, out, err = run_main("share", "--last", "--data-dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert "does not read" in one_line_error(err, "freecell-tui share")


# ---------------------------------------------------------------------- replay CODE
def test_replay_code_says_what_game_it_is(tmp_path: Path) -> None:
    """The code's game and deal, its autoplay mode, the moves played (auto-solve's counted),
    won or not; and no data folder is made to look for a par."""
    folder = str(tmp_path / "none")
    game = played(5, 12)
    code, out, err = run_main("replay", encode(game), "--data-dir", folder)
    home = game.state.cards_home
    assert (code, err) == (0, "")
    assert out == (
        f"Deal 5 (FreeCell), autoplay safe: 12 moves played, not won ({home} of 52 cards home).\n"
    )
    won = one_from_won().play(Move.parse("1h"))
    assert run_main("replay", encode(won), "--data-dir", folder) == (
        0,
        "A custom position (FreeCell), autoplay safe: 1 move played, won.\n",
        "",
    )
    solved = solver_game(617)
    assert run_main("replay", encode(solved), "--data-dir", folder)[1] == (
        f"Deal 617 (FreeCell), autoplay safe: {solved.move_count} moves played (auto-solve "
        f"played {solved.move_count} of them), won.\n"
    )
    assert not (tmp_path / "none").exists()


def test_replay_code_tells_the_deals_par_the_store_knows(tmp_path: Path) -> None:
    best = solution()
    store = Store.open(tmp_path).store
    assert store.pars.keep(par_of(best), 1.0) is None
    store.close()
    won = solver_moves_played(best)
    code, out, err = run_main("replay", encode(won), "--data-dir", str(tmp_path))
    assert (code, err) == (0, "")
    assert out.endswith(f", won. Par {len(best)}.\n")


def test_replay_code_position_prints_the_final_position_and_the_result() -> None:
    """``--position``: what ``replay`` prints for a list of moves, for a script."""
    game = played(5, 12)
    code, out, err = run_main("replay", "--position", encode(game))
    assert (code, err) == (0, "")
    assert out == format_position(game.state) + "not won\n"
    won = one_from_won().play(Move.parse("1h"))
    code, out, err = run_main("replay", encode(won), "--position")
    assert (code, err) == (0, "")
    assert out.endswith("\nwon\n") and out.startswith("Foundations: H-K C-K D-K S-K")


@pytest.mark.parametrize("text", ["F1abcdef", "F1", "", "hello", "F9abcdefg", "F1é"])
def test_replay_refuses_a_bad_code_with_one_line(text: str) -> None:
    code, out, err = run_main("replay", text)
    assert (code, out) == (2, "")
    one_line_error(err, "freecell-tui replay")


def test_replay_a_code_with_one_character_changed_is_refused() -> None:
    good = encode(played(5, 12))
    bad = good[:6] + ("A" if good[6] != "A" else "B") + good[7:]
    code, out, err = run_main("replay", bad)
    assert (code, out) == (2, "")
    assert "checksum" in one_line_error(err, "freecell-tui replay")


# ---------------------------------------------------------------------- --deal CODE
def test_deal_code_plays_the_codes_deal_in_line_mode(tmp_path: Path) -> None:
    code_text = encode(played(617, 3))
    code, out, err = run_main(
        *("play", "--plain", "--deal", code_text, "--data-dir", str(tmp_path)), stdin="quit\n"
    )
    assert (code, err) == (0, "")
    assert "Deal 617" in out


def test_deal_code_of_a_custom_position_plays_it_in_line_mode(tmp_path: Path) -> None:
    custom = encode(one_from_won().play(Move.parse("1h")))  # the code of the won game
    code, out, err = run_main(
        *("play", "--plain", "--deal", custom, "--data-dir", str(tmp_path)), stdin="1h\nquit\n"
    )
    assert (code, err) == (0, "")
    assert "won" in out.lower()  # its position again, from the start: 1h wins it
    [result] = Store.open(tmp_path).store.results.all().items
    assert result.deal_number is None and result.move_count == 1


@pytest.mark.parametrize("plain", [True, False])
def test_a_bad_deal_code_is_one_line_and_starts_nothing(tmp_path: Path, plain: bool) -> None:
    args = ["play", "--plain"] if plain else []
    code, out, err = run_main(*args, "--deal", "F1abcdef", "--data-dir", str(tmp_path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "checksum" in err


def test_serve_takes_only_a_numbered_deals_code() -> None:
    code, out, err = run_main("serve", "--deal", encode(one_from_won()))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "custom position" in err


def test_the_deal_of_a_code_is_what_the_full_screen_game_is_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``freecell-tui --deal CODE`` opens the game on the code's deal number."""
    from freecell_tui.cli import play

    given: dict[str, object] = {}
    monkeypatch.setattr(play, "terminal_missing", lambda: None)
    import freecell_tui.ui.app as app

    monkeypatch.setattr(app, "run_app", lambda **kwargs: given.update(kwargs) or 0)
    args = argparse.Namespace(
        deal=encode(played(1234, 2)), data_dir=None, ascii=False, autoplay=None
    )
    assert play.run_full_screen(args) == 0
    assert given["deal"] == 1234
    args.deal = encode(one_from_won())
    assert play.run_full_screen(args) == 0
    assert given["deal"] == one_from_won().start
