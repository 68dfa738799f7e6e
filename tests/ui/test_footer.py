"""The footer: which keys it draws at a width and where (pure), and what the mouse does on it —
a key under the mouse is lit and shows its tooltip, a click presses the key, a disabled key
is drawn dim and rings the bell."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.widgets import Tooltip

from freecell_tui.ui.commands import BOUND, footer_ranks
from freecell_tui.ui.widgets.footer import FooterItem, KeyFooter, placed

from .helpers import COMPACT, SIZE, game, lines, make_app, styles_on, wait_for

RANKS = footer_ranks()
#: Undo's and Restart's actions: session calls, ``call('undo')``.
UNDO, RESTART = BOUND["undo"].action, BOUND["restart"].action
ITEMS = (
    FooterItem("u", "u", "Undo", UNDO),  # `` u Undo ``: 8 cells
    FooterItem("r", "r", "Restart", RESTART),  # 11
    FooterItem("question_mark", "?", "Help", "help"),  # 8
    FooterItem("q", "q", "Quit", "quit"),  # 8
)
PALETTE = FooterItem("ctrl+p", "^p", "palette", "command_palette", tooltip="the palette")


def test_keys_are_placed_one_after_another_and_the_palette_on_the_right() -> None:
    assert [item.cells for item in ITEMS] == [8, 11, 8, 8]
    assert placed(ITEMS, PALETTE, 100) == (
        (0, ITEMS[0]),
        (8, ITEMS[1]),
        (19, ITEMS[2]),
        (27, ITEMS[3]),
        (100 - 12, PALETTE),  # ``▏^p palette ``
    )


def test_narrow_footers_drop_the_lowest_ranked_keys_first_and_keep_help_and_quit() -> None:
    everything = sum(item.cells for item in ITEMS) + PALETTE.cells
    kept = [item.action for _, item in placed(ITEMS, PALETTE, everything - 1)]
    assert RANKS[RESTART] > RANKS[UNDO]
    assert kept == [UNDO, "help", "quit", "command_palette"]  # Restart ranks lowest
    tiny = placed(ITEMS, PALETTE, 10)  # Help and Quit stay; the palette gives way to them
    assert [item.action for _, item in tiny] == ["help", "quit"]
    assert placed(ITEMS, None, 100)[-1][1].action == "quit"


def background(footer: KeyFooter, text: str) -> set[str]:
    return {str(style.bgcolor) for style in styles_on(footer, text)}


async def test_the_key_under_the_mouse_is_lit_and_a_click_presses_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, tooltips=True) as pilot:
        await pilot.press("1", "a")  # a move to undo
        assert game(app).move_count == 1
        footer = app.screen.query_one(KeyFooter)
        at = {item.description: x for x, item in footer.shown()}
        unlit = background(footer, "Undo")
        assert unlit == background(footer, "Redo")
        await pilot.hover(KeyFooter, offset=(at["Undo"] + 2, 0))
        await wait_for(pilot, lambda: footer.lit is not None, "the key lit")
        assert footer.lit is not None and footer.lit.action == UNDO
        assert background(footer, "Undo") != unlit  # lit: the key and its label
        assert background(footer, "Redo") == unlit
        assert background(footer, " u ") == background(footer, "Undo")
        await pilot.click(KeyFooter, offset=(at["Undo"] + 2, 0))
        await wait_for(pilot, lambda: game(app).move_count == 0, "the move undone")
        # A press on Quit dragged off it (to the board) presses nothing; nor does one dragged
        # from Undo to Quit.
        footer_y = footer.region.y
        await pilot.press("1", "a")
        await pilot.mouse_down(KeyFooter, offset=(at["Quit"] + 2, 0))
        await pilot.mouse_up(offset=(40, footer_y - 6))
        await pilot.mouse_down(KeyFooter, offset=(at["Undo"] + 2, 0))
        await pilot.mouse_up(KeyFooter, offset=(at["Quit"] + 2, 0))
        await pilot.pause()
        assert app.is_running and game(app).move_count == 1
        await pilot.click(KeyFooter, offset=(at["Undo"] + 2, 0))
        await wait_for(pilot, lambda: game(app).move_count == 0, "the move undone again")
        await pilot.click(KeyFooter, offset=(at["palette"] - 1, 0))  # between keys: nothing
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        # The palette's key shows its tooltip under the mouse, and opens the palette.
        await pilot.hover(KeyFooter, offset=(at["palette"] + 3, 0))
        tooltip = app.screen.query_one(Tooltip)
        await wait_for(
            pilot,
            lambda: tooltip.display and "command palette" in " ".join(lines(tooltip)).lower(),
            "the palette key's tooltip",
        )
        await pilot.click(KeyFooter, offset=(at["palette"] + 3, 0))
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")


class Disabled(App[None]):
    """A screen whose one key may not run now: its footer draws it dim."""

    BINDINGS = [("z", "zap", "Zap")]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self) -> None:
        super().__init__()
        self.zapped = self.rung = 0
        self.allowed = False

    def compose(self) -> ComposeResult:
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True if action != "zap" or self.allowed else None

    def action_zap(self) -> None:
        self.zapped += 1

    def bell(self) -> None:
        self.rung += 1


async def test_a_disabled_key_is_drawn_dim_and_a_click_on_it_rings_the_bell() -> None:
    app = Disabled()
    async with app.run_test(size=COMPACT) as pilot:
        footer = app.screen.query_one(KeyFooter)
        await wait_for(pilot, lambda: bool(footer.items), "the key")
        assert [(item.key, item.enabled) for _, item in footer.shown()] == [("z", False)]
        dim = styles_on(footer, " z Zap ")
        await pilot.click(KeyFooter, offset=(1, 0))
        await wait_for(pilot, lambda: app.rung == 1, "the bell")
        assert app.zapped == 0
        app.allowed = True  # allowed now: drawn in full, a click runs it
        app.refresh_bindings()
        await wait_for(pilot, lambda: footer.items[0].enabled, "the key enabled")
        bright = styles_on(footer, " z Zap ")
        assert {s.color for s in dim}.isdisjoint({s.color for s in bright})  # dimmed, read off
        assert {s.bgcolor for s in dim} == {s.bgcolor for s in bright}
        await pilot.click(KeyFooter, offset=(1, 0))
        await wait_for(pilot, lambda: app.zapped == 1, "the key run")
        assert app.rung == 1


@pytest.mark.parametrize("palette", [True, False])
async def test_the_footer_shows_the_palettes_key_only_when_asked(palette: bool) -> None:
    class Shown(App[None]):
        def compose(self) -> ComposeResult:
            yield KeyFooter(show_command_palette=palette)

    app = Shown()
    async with app.run_test(size=COMPACT) as pilot:
        footer = app.screen.query_one(KeyFooter)
        await pilot.pause()
        assert (footer.palette is not None) is palette
        assert ("^p palette" in lines(footer)[0]) is palette
