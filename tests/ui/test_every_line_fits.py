"""Every line fits, every key is told: at 80x24 and 100x32, on every screen, no sentence, key name
or move-list entry is drawn cut short — a line says less, wraps or drops whole parts — and each
screen's help and footer (or buttons) name every key the screen takes.

A cut is read off the screen as the terminal gets it: an ellipsis that is not one of the app's
own words (``checking…``) — the mark a line cut to its width ends with — and a button whose label
is wider than the button."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import encode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.variant import EIGHT_OFF, FREECELL, SEAHAVEN, Variant
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.commands import key_actions, key_label
from freecell_tui.ui.screens.dialogs import CodeScreen, ConfirmScreen, WinScreen
from freecell_tui.ui.screens.help import HelpScreen, help_sections
from freecell_tui.ui.screens.klondike import KlondikeScreen
from freecell_tui.ui.screens.saves import SaveSlotsScreen
from freecell_tui.ui.screens.stats import StatsScreen
from freecell_tui.ui.screens.viewer import ViewerScreen
from freecell_tui.ui.screens.viewer_keys import VIEWER_BINDINGS
from freecell_tui.ui.widgets.status import MessageLine

from .helpers import COMPACT, SIZE, make_app, screen_lines, type_command, wait_for
from .positions import kings_left_game
from .test_viewer_review import lost_game

#: The app's own words that end in an ellipsis (a search under way, a list that goes on).
WORDS_WITH_ELLIPSIS = frozenset({"checking…", "reviewing…", "Reviewing…", "export…", "…"})
#: The ``:`` line's hint ends with a list that goes on (`` …``, a word of its own).
LISTS_THAT_GO_ON = ("autoplay off …",)
#: Par's next moves that go on (``par: 6a 5h 3h…``).
MOVES_GO_ON = re.compile(r"[0-9a-kh]{2}(v\d+)?…")


def cuts(lines: list[str]) -> list[str]:
    """The lines drawn cut short: an ellipsis glued to a word that is not one of the app's, or
    one standing for the rest of a sentence (a line's last word)."""
    found = []
    for line in lines:
        text = line
        for going_on in LISTS_THAT_GO_ON:
            text = text.replace(going_on, "")
        words = text.split()
        for number, word in enumerate(words):
            if "…" not in word:
                continue
            bare = word.strip("()[]▕▏│┃║")
            last = number == len(words) - 1 or not words[number + 1].isalnum()
            moves_go_on = MOVES_GO_ON.fullmatch(bare) is not None
            if (bare not in WORDS_WITH_ELLIPSIS and not moves_go_on) or (bare == "…" and last):
                found.append(line.rstrip())
                break
    return found


def cut_buttons(screen: Screen[object]) -> list[str]:
    return [
        str(button.label)
        for button in screen.query(Button)
        if button.display and button.content_size.width < len(str(button.label))
    ]


#: Deal 1 with autoplay off, the first moves of the solver's solution.
MOVES = "6a 6b 6h bh 6h 7b 76 7c 7h 3h 86 32 a3 67v3 56 8a 82 42 8h 8h"


def played(moves: str, variant: Variant = FREECELL) -> Game:
    game = Game.new(1, autoplay=AutoplayMode.OFF, variant=variant)
    for move in moves.split():
        game = game.play(Move.parse(move))
    return game


async def open_viewer(pilot: Pilot[None], watched: Game) -> ViewerScreen:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await type_command(pilot, f"watch {encode(watched)}")
    await wait_for(pilot, lambda: isinstance(app.screen, ViewerScreen), "the viewer")
    screen = app.screen
    assert isinstance(screen, ViewerScreen)
    return screen


async def game_screen(pilot: Pilot[None]) -> None:
    await pilot.pause()


async def refusal(pilot: Pilot[None]) -> None:
    await type_command(pilot, "6a 6b 6h bh 6h 7b 76 7c 7h 3h 86 5d")  # the last one refused
    said = pilot.app.screen.query_one("#message", MessageLine).text
    assert said.startswith("move 12 of 12: 5d:"), said


async def long_refusal(pilot: Pilot[None]) -> None:
    await type_command(pilot, "frobnicate" * 4)
    assert "not a command" in pilot.app.screen.query_one("#message", MessageLine).text


async def command_line(pilot: Pilot[None]) -> None:
    await pilot.press("colon")


async def viewer(pilot: Pilot[None]) -> None:
    screen = await open_viewer(pilot, played(MOVES))
    screen.jump(6)
    await pilot.pause()


async def viewer_keys(pilot: Pilot[None]) -> None:
    await viewer(pilot)
    await pilot.press("question_mark")
    await pilot.pause()


async def viewer_review(pilot: Pilot[None]) -> None:
    screen = await open_viewer(pilot, played(MOVES))
    await pilot.press("r")
    await wait_for(pilot, lambda: screen.found is not None, "the review", 120.0)
    await pilot.pause()


async def viewer_lost(pilot: Pilot[None]) -> None:
    """A lost game's review as the viewer opens on it: its summary, and the keys to use it."""
    screen = await open_viewer(pilot, lost_game())
    await pilot.press("r")
    await wait_for(pilot, lambda: screen.found is not None, "the review", 120.0)
    await pilot.pause()
    drawn = screen_lines(pilot.app)
    assert "m Marked" in drawn[-1] and "W Line" in drawn[-1], drawn[-1]
    assert any("lost" in line.lower() for line in drawn[-3:-1]), drawn[-3:]


async def saves(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await pilot.press("s")
    await wait_for(pilot, lambda: isinstance(app.screen, SaveSlotsScreen), "the saves")


async def stats(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await pilot.press("t")
    await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")


async def help_screen(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await pilot.press("question_mark")
    await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")


async def question(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await pilot.press("6", "a", "n")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")


async def code(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    for move in MOVES.split()[:8]:
        await type_command(pilot, move)
    await type_command(pilot, "share")
    await wait_for(pilot, lambda: isinstance(app.screen, CodeScreen), "the game's code")


async def win(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await pilot.pause()
    await pilot.press("1", "h", "2", "h", "3", "h", "4", "h")
    await wait_for(pilot, lambda: isinstance(app.screen, WinScreen), "the win")


async def klondike(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, FreeCellApp)
    await type_command(pilot, "klondike")
    await wait_for(pilot, lambda: isinstance(app.screen, KlondikeScreen), "Klondike")
    await pilot.press("space")  # paused: the same screen at every run
    await pilot.pause()


Opening = Callable[[Pilot[None]], Awaitable[None]]
SCREENS: dict[str, tuple[Variant, Opening]] = {
    "game": (FREECELL, game_screen),
    "game-eight-off": (EIGHT_OFF, game_screen),
    "game-seahaven": (SEAHAVEN, game_screen),
    "game-two-cells": (FREECELL.with_cells(2), game_screen),
    "refusal": (FREECELL, refusal),
    "long-refusal": (FREECELL, long_refusal),
    "command-line": (FREECELL, command_line),
    "viewer": (FREECELL, viewer),
    "viewer-keys": (FREECELL, viewer_keys),
    "viewer-review": (FREECELL, viewer_review),
    "viewer-lost": (FREECELL, viewer_lost),
    "saves": (FREECELL, saves),
    "stats": (FREECELL, stats),
    "help": (FREECELL, help_screen),
    "question": (FREECELL, question),
    "code": (FREECELL, code),
    "win": (FREECELL, win),
    "klondike": (FREECELL, klondike),
}


@pytest.mark.parametrize("size", [COMPACT, SIZE], ids=["80x24", "100x32"])
@pytest.mark.parametrize("name", list(SCREENS))
async def test_no_line_is_cut_short(tmp_path: Path, name: str, size: tuple[int, int]) -> None:
    variant, opening = SCREENS[name]
    start = kings_left_game() if name == "win" else None
    app = make_app(tmp_path, variant=variant, start=start)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await opening(pilot)
        drawn = screen_lines(app)
        assert not cuts(drawn), "\n".join(drawn)
        assert not cut_buttons(app.screen), cut_buttons(app.screen)


def test_a_cut_is_seen() -> None:
    assert cuts(["Move 3 of 10 · paused, a move every 2 seconds · D…"])
    assert cuts(["  6: 5d  winning line  — 2♣ to …  "])
    assert cuts(["r reviews the game, m jumps to a …"])
    assert not cuts(["Move 3 · reviewing… · Deal 1", " winnable  checking…"])
    assert not cuts(["12: 5h — 9♥ home · par: 6a 5h 3h 72v2 4b 46…"])
    assert not cuts([" a move (3a, 18v3) or a command: undo, deal 617, autoplay off …"])


# ---------------------------------------------------------------------- every key is told
def told(rows: list[tuple[str, list[tuple[str, str]]]]) -> set[str]:
    """The keys a help's rows name."""
    return {key for _, entries in rows for keys, _ in entries for key in keys.split()}


@pytest.mark.parametrize("variant", [FREECELL, EIGHT_OFF, SEAHAVEN], ids=lambda v: v.key)
def test_the_game_help_names_every_key_of_the_game_and_the_viewer(variant: Variant) -> None:
    named = told(help_sections(variant))
    for key in key_actions(variant):
        label = key_label(key)
        assert label in named or key in "1234567890abcdefgk", label
    viewer_keys = {
        key_label(key)
        for binding in VIEWER_BINDINGS
        for key in binding.key.split(",")
        if not key.startswith("shift+")
    }
    assert viewer_keys <= named, viewer_keys - named


async def test_the_viewer_tells_its_keys(tmp_path: Path) -> None:
    """The viewer's ``?`` lists every key it takes; its footer shows ``r``, ``m`` and ``W``."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_viewer(pilot, played(MOVES))
        footer = screen_lines(app)[-1]
        for key in ("r Review", "m Marked", "W Line", "? Keys", "t Play on"):
            assert key in footer, footer
        await pilot.resize_terminal(*COMPACT)
        await pilot.pause()
        footer = screen_lines(app)[-1]
        for key in ("r Review", "m Marked", "W Line", "? Keys", "q Leave"):
            assert key in footer, footer
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the viewer's keys")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen) and help_screen.sections is not None
        named = told(help_screen.sections)
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            for key in binding.key.split(","):
                assert key_label(key) in named or key.startswith("shift+"), key
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the viewer again")


@pytest.mark.parametrize("name", ["saves", "stats"])
async def test_a_dialog_has_a_button_for_every_key(tmp_path: Path, name: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await SCREENS[name][1](pilot)
        buttons = {button.id: str(button.label) for button in app.screen.query(Button)}
        for binding in app.screen.BINDINGS:
            assert isinstance(binding, Binding)
            assert binding.action in buttons, binding
            label = buttons[binding.action]
            if binding.action != "load":  # Enter on a row loads too: its button says so
                assert f"({key_label(binding.key.split(',')[0])})" in label, label


async def test_the_game_footer_shows_saves_statistics_and_solve_where_there_is_room(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 32)) as pilot:
        await pilot.pause()
        footer = screen_lines(app)[-1]
        for key in ("s Saves", "t Stats", "p Solve", "? Help", "q Quit"):
            assert key in footer, footer


async def test_klondikes_footer_keeps_next_game_at_80_columns(tmp_path: Path) -> None:
    """At 80 columns the Klondike screen's footer drops the pace's keys (its line above names
    them) before ``n``, which nothing else names."""
    app = make_app(tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await klondike(pilot)
        drawn = screen_lines(app)
        assert "n Next game" in drawn[-1] and "esc Close" in drawn[-1], drawn[-1]
        assert "+/- speed" in drawn[-2], drawn[-2]
