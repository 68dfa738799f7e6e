"""The pure FreeCell core: cards, positions, rules, deals, notation, games and the solver.

Nothing here imports Textual or Rich; ``tests/core/test_purity.py`` proves it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from freecell_tui.core.autoplay import AutoplayMode
    from freecell_tui.core.cards import ALL_CARDS, Card, Colour, Suit
    from freecell_tui.core.deals import (
        MAX_DEAL,
        deal,
        deal_text,
        parse_deal_number,
        random_deal_number,
    )
    from freecell_tui.core.errors import (
        FreeCellError,
        IllegalMoveError,
        NotationError,
        PositionError,
    )
    from freecell_tui.core.game import Game, Outcome, Turn
    from freecell_tui.core.notation import (
        CELLS,
        COLUMNS,
        FOUNDATION,
        Move,
        Pile,
        PileKind,
        parse_moves,
    )
    from freecell_tui.core.state import GameState
    from freecell_tui.core.variant import FREECELL, VARIANTS, Variant, parse_variant

#: Each name the package offers, with its module: a name is imported when first asked for, so
#: that importing one module of the core (``freecell_tui.core.deals``) imports only what that
#: module needs.
_HOMES: dict[str, str] = {
    "AutoplayMode": "autoplay",
    "ALL_CARDS": "cards",
    "Card": "cards",
    "Colour": "cards",
    "Suit": "cards",
    "MAX_DEAL": "deals",
    "deal": "deals",
    "deal_text": "deals",
    "parse_deal_number": "deals",
    "random_deal_number": "deals",
    "FreeCellError": "errors",
    "IllegalMoveError": "errors",
    "NotationError": "errors",
    "PositionError": "errors",
    "Game": "game",
    "Outcome": "game",
    "Turn": "game",
    "CELLS": "notation",
    "COLUMNS": "notation",
    "FOUNDATION": "notation",
    "Move": "notation",
    "Pile": "notation",
    "PileKind": "notation",
    "parse_moves": "notation",
    "GameState": "state",
    "FREECELL": "variant",
    "VARIANTS": "variant",
    "Variant": "variant",
    "parse_variant": "variant",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


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
