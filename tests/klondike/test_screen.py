"""The "watch Klondike" screen, driven like a player would with Pilot."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import Static

from freecell_tui.klondike.deck import shuffled_decks
from freecell_tui.klondike.money import dollars, net
from freecell_tui.klondike.table import cards_from_indexes, play
from freecell_tui.ui.screens.klondike import SPEEDS, KlondikeScreen

from ..waiting import wait_for_app


class Host(App[None]):
    """A bare app that opens the screen, as the game's app will."""

    def __init__(self, screen: KlondikeScreen) -> None:
        super().__init__()
        self.klondike = screen

    def on_mount(self) -> None:
        self.push_screen(self.klondike)


def text(screen: KlondikeScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


RECORD = play(cards_from_indexes(next(shuffled_decks(7, 0, 1))))


async def test_the_deal_shows_piles_with_backs_stock_waste_and_output() -> None:
    screen = KlondikeScreen(seed=7, paused=True, ascii=True)
    async with Host(screen).run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert "game 1 · seed 7" in text(screen, "#klondike-title")
        assert text(screen, "#klondike-pile-1").split("\n")[:2] == ["pile 1", " AD"]
        assert text(screen, "#klondike-pile-7").split("\n")[:8] == ["pile 7"] + ["▒▒▒"] * 6 + [
            "10S"
        ]
        top = text(screen, "#klondike-top")
        assert "Stock 24" in top and "Waste empty" in top and "-C" in top
        assert "Dealt." in text(screen, "#klondike-move")
        assert "paused" in text(screen, "#klondike-status")


async def test_right_plays_one_move_with_its_rule() -> None:
    screen = KlondikeScreen(seed=7, paused=True)
    async with Host(screen).run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "right")
        await pilot.pause()
        move, table = RECORD.steps[2]
        assert text(screen, "#klondike-move") == f"Move 3 · rule 2: {move.describe()}"
        assert screen.table == table
        assert "Stock 22" in text(screen, "#klondike-top")
        assert "K♠" in text(screen, "#klondike-pile-1")


async def test_next_game_finishes_this_one_and_counts_its_money() -> None:
    screen = KlondikeScreen(seed=7, paused=True)
    async with Host(screen).run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        home = RECORD.cards_home
        money = text(screen, "#klondike-money")
        assert money.startswith(f"Games finished 1 · cards home {home} · paid $52 · ")
        assert f"net winnings {dollars(net(home))}" in money
        assert "game 2 · seed 7" in text(screen, "#klondike-title")
        second = play(cards_from_indexes(list(shuffled_decks(7, 0, 2))[1]))
        await pilot.press("n")
        await pilot.pause()
        total = home + second.cards_home
        assert f"Games finished 2 · cards home {total} · paid $104" in text(
            screen, "#klondike-money"
        )


async def test_a_game_played_to_the_end_says_so_then_the_next_is_dealt() -> None:
    screen = KlondikeScreen(seed=7, paused=True)
    async with Host(screen).run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        for _ in range(len(RECORD.steps) - 1):
            screen.action_step()  # what the right arrow does (the key is pressed below)
        await pilot.press("right", "right")  # the last move, then the end of the game
        assert text(screen, "#klondike-move").startswith(
            f"Game over after {len(RECORD.steps)} moves: the stock is used up"
        )
        assert "Games finished 1" in text(screen, "#klondike-money")
        await pilot.press("right")
        await pilot.pause()
        assert screen.game_number == 2 and screen.move_number == 0


async def test_speed_keys_change_the_pace_and_space_pauses() -> None:
    screen = KlondikeScreen(seed=7, paused=True, speed=len(SPEEDS) - 2)
    async with Host(screen).run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        await pilot.press("plus")
        await pilot.pause()
        assert f"{1 / SPEEDS[-1]:.1f} moves a second" in text(screen, "#klondike-status")
        await pilot.press("plus")  # already the fastest: stays
        assert screen.speed == len(SPEEDS) - 1
        await pilot.press("minus", "minus")
        assert screen.speed == len(SPEEDS) - 3
        await pilot.press("plus", "plus")
        await pilot.press("space")
        # The timer plays moves by itself.
        await wait_for_app(pilot, lambda: screen.move_number > 0, "a move played by the timer")
        assert "playing" in text(screen, "#klondike-status")
        await pilot.press("space")
        await pilot.pause()
        stopped_at = (screen.game_number, screen.move_number)
        await pilot.pause(0.2)
        assert (screen.game_number, screen.move_number) == stopped_at


async def test_escape_closes_the_screen() -> None:
    screen = KlondikeScreen(seed=7, paused=True)
    app = Host(screen)
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def test_given_decks_stop_after_the_last() -> None:
    decks = list(shuffled_decks(7, 0, 2))
    screen = KlondikeScreen(decks=decks, paused=True)
    async with Host(screen).run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert "decks given" in text(screen, "#klondike-title")
        await pilot.press("n", "n")
        await pilot.pause()
        assert text(screen, "#klondike-move") == "No more decks to play."
        assert "Games finished 2" in text(screen, "#klondike-money")
        await pilot.press("n", "right", "space")
        assert screen.summary.games == 2


def test_snapshot_after_twenty_moves(snap_compare: Any) -> None:
    """The screen as a person sees it: seed 7, paused, twenty moves in."""
    screen = KlondikeScreen(seed=7, paused=True)

    async def twenty_moves(pilot: Any) -> None:
        for _ in range(19):
            screen.action_step()  # what the right arrow does
        await pilot.press("right")

    assert snap_compare(Host(screen), terminal_size=(100, 34), run_before=twenty_moves)


async def test_a_short_terminal_folds_face_down_cards_into_one_line() -> None:
    screen = KlondikeScreen(seed=7, paused=True)
    async with Host(screen).run_test(size=(80, 16)) as pilot:
        await pilot.pause()
        for _ in range(20):
            screen.action_step()
        await pilot.press("right")
        # Pile 6 is 4 face-down cards under 8♥ 7♠ 6♥ 5♣: nine lines, and eight fit.
        assert text(screen, "#klondike-pile-6").split("\n")[:3] == ["pile 6", "▒▒▒×4", " 8♥"]
        # Pile 7 (six backs under 10♠) fits as it is.
        assert text(screen, "#klondike-pile-7").split("\n")[:3] == ["pile 7", "▒▒▒", "▒▒▒"]
