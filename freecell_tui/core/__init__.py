"""The pure FreeCell core: cards, positions, rules, deals, notation, games and the solver.

Nothing here imports Textual or Rich; ``tests/core/test_purity.py`` proves it.
"""

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.cards import ALL_CARDS, Card, Colour, Suit
from freecell_tui.core.deals import MAX_DEAL, deal, deal_text, parse_deal_number, random_deal_number
from freecell_tui.core.errors import FreeCellError, IllegalMoveError, NotationError, PositionError
from freecell_tui.core.game import Game, Outcome, Turn
from freecell_tui.core.notation import CELLS, COLUMNS, FOUNDATION, Move, Pile, PileKind, parse_moves
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, VARIANTS, Variant, parse_variant

__all__ = [
    "ALL_CARDS",
    "CELLS",
    "COLUMNS",
    "FOUNDATION",
    "FREECELL",
    "MAX_DEAL",
    "AutoplayMode",
    "Card",
    "Colour",
    "FreeCellError",
    "Game",
    "GameState",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Outcome",
    "Pile",
    "PileKind",
    "PositionError",
    "Suit",
    "Turn",
    "VARIANTS",
    "Variant",
    "deal",
    "deal_text",
    "parse_deal_number",
    "parse_moves",
    "parse_variant",
    "random_deal_number",
]
