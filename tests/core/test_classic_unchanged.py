"""Classic FreeCell is unchanged by variants: along 40 seeded random games (undo and restart
among the moves), the rules, autoplay, notation, positions and game codes answer exactly what the
core answered before variants came (fixtures/classic_record.json, written by that core)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from freecell_tui.core.codes import BadCode, decode
from freecell_tui.core.variant import FREECELL

from .classic_record import SEEDS, record

RECORD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "fixtures" / "classic_record.json").read_text()
)


def test_the_record_covers_every_seed() -> None:
    assert [entry["seed"] for entry in RECORD] == list(SEEDS)


@pytest.mark.parametrize("entry", RECORD, ids=lambda entry: str(entry["seed"]))
def test_classic_games_play_as_before(entry: dict[str, Any]) -> None:
    assert record(entry["seed"]) == entry


@pytest.mark.parametrize("entry", RECORD, ids=lambda entry: str(entry["seed"]))
def test_codes_written_before_variants_read_as_classic_freecell(entry: dict[str, Any]) -> None:
    for code in entry["codes"]:
        game = decode(code)
        assert not isinstance(game, BadCode), code
        assert game.variant is FREECELL
