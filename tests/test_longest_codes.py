"""The longest game code the game gives (:data:`~freecell_tui.core.codes.MAX_CODE_LENGTH`
characters, of a legal game walked at random) is read by every place that takes a code: the
``:`` line (``:watch CODE``), the save screen's import prompt, ``replay CODE``, ``watch CODE``,
line mode's ``watch CODE``; a game whose code would be longer has none, and ``share`` says why.
(``serve``'s ``&game=``: ``tests/web/test_game_link.py``.)"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from textual import events

from freecell_tui.core.codes import MAX_CODE_LENGTH, BadCode, decode, encode, shared_code
from freecell_tui.core.game import Game
from freecell_tui.store import Store
from freecell_tui.ui.screens.dialogs import CodeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.viewer import ViewerScreen

from .cli.line import line_mode
from .core.long_games import longest_code_game, too_long_game
from .program import run_main
from .store.helpers import Clock
from .ui.helpers import COMPACT, SIZE, make_app, wait_for


@pytest.fixture(scope="module")
def longest() -> tuple[Game, str]:
    game = longest_code_game()
    return game, encode(game)


@pytest.fixture(scope="module")
def too_long() -> Game:
    return too_long_game()


def too_long_reason(game: Game) -> str:
    return (
        f"this game is too long for a game code: its code would be {len(encode(game)):,} "
        f"characters, and a code holds at most {MAX_CODE_LENGTH:,}"
    )


def test_the_longest_code_reads_and_a_longer_game_has_none(
    longest: tuple[Game, str], too_long: Game
) -> None:
    game, code = longest
    assert len(code) == MAX_CODE_LENGTH or MAX_CODE_LENGTH - 10 <= len(code) < MAX_CODE_LENGTH
    assert shared_code(game) == code
    back = decode(code)
    assert isinstance(back, Game) and back.turns == game.turns
    refused = shared_code(too_long)
    assert isinstance(refused, BadCode) and refused.reason == too_long_reason(too_long)


def test_the_store_reads_back_the_code_it_keeps_of_a_game_too_long_to_share(
    tmp_path: Path, too_long: Game
) -> None:
    """A finished game keeps its code in the store, however long: it is read back (watched,
    reviewed), only never given as a code to share."""
    store = Store.open(tmp_path, clock=Clock()).store
    assert store.autosaves.finish(too_long, 60) is None
    kept = store.results.last()
    assert kept is not None
    back = kept.game()
    assert isinstance(back, Game) and back.turns == too_long.turns
    store.close()


# ---------------------------------------------------------------------- the command line
def test_share_prints_the_longest_code_and_refuses_a_longer_game_in_one_line(
    tmp_path: Path, longest: tuple[Game, str], too_long: Game
) -> None:
    store = Store.open(tmp_path).store
    store.slots.save("longest", longest[0], 60)
    store.slots.save("too long", too_long, 60)
    store.close()
    assert run_main("share", "longest", "--data-dir", str(tmp_path)) == (
        0,
        longest[1] + "\n",
        "",
    )
    assert run_main("share", "too long", "--data-dir", str(tmp_path)) == (
        1,
        "",
        f"freecell-tui share: error: {too_long_reason(too_long)}\n",
    )


def test_replay_and_watch_read_the_longest_code(tmp_path: Path, longest: tuple[Game, str]) -> None:
    game, code = longest
    status, out, err = run_main("replay", code)
    assert (status, err) == (0, "") and "not won" in out
    watched = run_main("watch", code, "--data-dir", str(tmp_path), stdin="last\nquit\n")
    assert (watched.returncode, watched.stderr) == (0, "")
    assert f"Watching deal 1 ({len(game.turns)} moves):" in watched.stdout


def test_line_modes_watch_reads_the_longest_code(tmp_path: Path, longest: tuple[Game, str]) -> None:
    """A line of ``watch`` and the longest code is a command (line mode's input keeps it)."""
    game, code = longest
    played = run_main(
        *("play", "--plain", "--deal", "1", "--data-dir", str(tmp_path)),
        stdin=f"watch {code}\nquit\nq\n",
    )
    assert played.returncode == 0, played.stderr
    assert f"Watching deal 1 ({len(game.turns)} moves):" in played.stdout


def test_line_modes_share_of_a_game_too_long_says_why(too_long: Game) -> None:
    out = io.StringIO()
    line_mode(too_long, out).handle("share")
    assert out.getvalue() == f"No game code: {too_long_reason(too_long)}.\n"


# ---------------------------------------------------------------------- the full-screen game
async def test_the_command_lines_watch_reads_the_longest_code(
    tmp_path: Path, longest: tuple[Game, str]
) -> None:
    game, code = longest
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        app.post_message(events.Paste(f"watch {code}"))
        line = app.game_screen.command_line
        await wait_for(pilot, lambda: line.value == f"watch {code}", "the pasted command", 10)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer", 30)
        assert isinstance(app.screen, ViewerScreen)
        assert app.screen.replay.game.turns == game.turns


async def test_the_import_prompt_reads_the_longest_code(
    tmp_path: Path, longest: tuple[Game, str]
) -> None:
    game, code = longest
    app = make_app(tmp_path, deal=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveSlotsScreen), "the saves")
        await pilot.press("i")
        app.post_message(events.Paste(code))
        await pilot.press("enter")
        saves = app.screen
        said = lambda: str(saves.query_one("#message").render())  # noqa: E731
        await wait_for(pilot, lambda: said().startswith("Imported"), "the import", 30)
        assert said() == f"Imported “Shared deal 1”: deal 1, {len(game.turns)} moves."
    imported = Store.open(tmp_path).store.slots.load("Shared deal 1").game
    assert imported.turns == game.turns


async def test_the_longest_codes_dialog_fits_a_small_terminal(
    tmp_path: Path, longest: tuple[Game, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 the longest code scrolls in a few lines: what it is and OK stay on screen."""
    game, code = longest
    app = make_app(tmp_path, start=game)
    clipboard: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", clipboard.append)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("colon", *"share", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the dialog", 30)
        await pilot.pause()
        screen = app.screen.region
        for part in (".body", "#close"):
            shown = app.screen.query_one(part).region
            assert shown.height and screen.contains_region(shown), part
        assert clipboard == [code]
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, CodeScreen), "closed")


async def test_share_of_a_game_too_long_says_why_and_copies_nothing(
    tmp_path: Path, too_long: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path, start=too_long)
    clipboard: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", clipboard.append)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"share", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the dialog", 30)
        body = str(app.screen.query_one(".body").render())
        assert not app.screen.query(".code") and clipboard == []
        assert body == too_long_reason(too_long)[:1].upper() + too_long_reason(too_long)[1:] + "."
