"""Each variant's deal N is the deal other programs give it: PySolFC's (pysol_cards) for the
games PySolFC numbers its own way, Microsoft's (make-microsoft-freecell-board) for the rest."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random import RandomBase

from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.position import parse_position
from freecell_tui.core.variant import VARIANTS, Numbering, parse_variant

NUMBERS = [*range(1, 101), 32_000, 32_001, 123_456, 2**31 + 5, 8_589_934_591]
PYSOL_GAMES = sorted(key for key, v in VARIANTS.items() if v.numbering is Numbering.PYSOL)
MS_GAMES = sorted(key for key, v in VARIANTS.items() if v.numbering is Numbering.MICROSOFT)


def pysol_deal(key: str, number: int) -> str:
    game = PysolGame(key, number, RandomBase.DEALS_PYSOLFC)
    text: str = game.calc_deal_string(number, CardRenderer(True))
    return text


@pytest.mark.parametrize("key", PYSOL_GAMES)
def test_pysol_numbered_games_deal_as_pysolfc(key: str) -> None:
    variant = VARIANTS[key]
    for number in NUMBERS:
        # pysol_cards writes the cells it deals into and the empty ones between them.
        assert deal(number, variant) == parse_position(pysol_deal(key, number), variant), number


@pytest.mark.parametrize("key", MS_GAMES)
def test_microsoft_numbered_games_deal_as_pysolfc_below_32001(key: str) -> None:
    # PySolFC deals its first 32,000 FreeCell-family games as Microsoft did.
    variant = VARIANTS[key]
    for number in range(1, 101):
        assert deal_text(number, variant) == pysol_deal(key, number), number


def test_the_layouts_of_eight_off_and_seahaven() -> None:
    eight_off = deal(1, VARIANTS["eight_off"])
    assert [len(c) for c in eight_off.columns] == [6] * 8
    assert [card is not None for card in eight_off.cells] == [True, False] * 4
    seahaven = deal(1, VARIANTS["seahaven"])
    assert [len(c) for c in seahaven.columns] == [5] * 10
    assert [card is not None for card in seahaven.cells] == [False, True, True, False]


@pytest.mark.parametrize("cells", [0, 1, 2, 3])
def test_freecell_with_fewer_cells_deals_the_microsoft_deal(cells: int) -> None:
    variant = parse_variant("freecell", cells)
    for number in (1, 617, 11_982, 8_589_934_591):
        state = deal(number, variant)
        assert state.columns == deal(number).columns
        assert state.cells == (None,) * cells and state.variant is variant


@pytest.mark.skipif(
    shutil.which("make-microsoft-freecell-board") is None,
    reason="make-microsoft-freecell-board is not installed",
)
@pytest.mark.parametrize("key", [*MS_GAMES, "freecell-2"])
def test_microsoft_numbered_games_match_the_live_tool(key: str) -> None:
    variant = parse_variant("freecell", 2) if key == "freecell-2" else VARIANTS[key]
    for number in range(1, 101):
        board = subprocess.run(
            ["make-microsoft-freecell-board", "-t", str(number)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        assert deal_text(number, variant) == board, number
