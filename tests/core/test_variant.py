"""The variants as data: the registry, its names, and each game's rules against fc-solve's."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from freecell_tui.core.errors import NotationError
from freecell_tui.core.variant import (
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN,
    VARIANTS,
    Build,
    EmptyColumn,
    Moving,
    parse_variant,
)

# fc-solve's presets (fc-solve/source/preset.c): free cells, columns, sequences built by,
# empty columns filled by, unlimited sequence move.
FCSOLVE_PRESETS = {
    "freecell": (4, 8, "alternate colour", "any", False),
    "bakers_game": (4, 8, "suit", "any", False),
    "ko_bakers_game": (4, 8, "suit", "kings", False),
    "eight_off": (8, 8, "suit", "kings", False),
    "seahaven": (4, 10, "suit", "kings", False),
    "relaxed_seahaven": (4, 10, "suit", "kings", True),
    "forecell": (4, 8, "alternate colour", "kings", False),
    "relaxed_freecell": (4, 8, "alternate colour", "any", True),
}


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_each_game_has_fc_solves_rules(key: str) -> None:
    variant = VARIANTS[key]
    cells, columns, built_by, filled_by, unlimited = FCSOLVE_PRESETS[key]
    assert (variant.cells, variant.columns) == (cells, columns)
    assert variant.build is (Build.SAME_SUIT if built_by == "suit" else Build.ALTERNATE_COLOURS)
    assert variant.empty_column is (
        EmptyColumn.KINGS_ONLY if filled_by == "kings" else EmptyColumn.ANY_CARD
    )
    assert variant.moving is (Moving.UNLIMITED if unlimited else Moving.SUPERMOVE)
    assert variant.fcsolve_args == ("-g", key)


def test_the_deal_layouts() -> None:
    assert FREECELL.column_lengths == (7, 7, 7, 7, 6, 6, 6, 6)
    assert EIGHT_OFF.column_lengths == (6,) * 8 and EIGHT_OFF.dealt_cells == (0, 2, 4, 6)
    assert SEAHAVEN.column_lengths == (5,) * 10 and SEAHAVEN.dealt_cells == (1, 2)
    for variant in VARIANTS.values():
        assert sum(variant.column_lengths) + len(variant.dealt_cells) == 52


@pytest.mark.parametrize(
    ("typed", "key"),
    [
        ("freecell", "freecell"),
        ("FreeCell", "freecell"),
        ("bakers-game", "bakers_game"),
        ("Baker's Game", "bakers_game"),
        ("BAKERS GAME", "bakers_game"),
        ("kings only bakers game", "ko_bakers_game"),
        ("ko_bakers_game", "ko_bakers_game"),
        ("eight off", "eight_off"),
        ("Eight-Off", "eight_off"),
        ("seahaven towers", "seahaven"),
        ("Seahaven", "seahaven"),
        ("relaxed seahaven", "relaxed_seahaven"),
        ("forecell", "forecell"),
        ("relaxed", "relaxed_freecell"),
        ("Relaxed", "relaxed_freecell"),
    ],
)
def test_names_are_read_without_case_spaces_or_dashes(typed: str, key: str) -> None:
    assert parse_variant(typed) is VARIANTS[key]


def test_no_name_is_classic_freecell() -> None:
    assert parse_variant(None) is FREECELL
    assert FREECELL.is_classic and FREECELL.name == "FreeCell"


def test_a_bad_name_gets_one_line_listing_the_games() -> None:
    with pytest.raises(NotationError) as error:
        parse_variant("spider")
    message = str(error.value)
    assert "\n" not in message and "'spider' is not a game" in message
    # The names to type, each read back as its game (not the titles: "Baker's Game" is no word
    # to type after --game).
    listed = message.split("the games are ")[1].split(", ")
    assert [parse_variant(name) for name in listed] == list(VARIANTS.values())
    assert "Baker's Game" not in message


@pytest.mark.parametrize(
    ("cells", "name"),
    [
        (0, "FreeCell (0 cells)"),
        (1, "FreeCell (1 cell)"),
        (2, "FreeCell (2 cells)"),
        (4, "FreeCell"),
    ],
)
def test_freecell_with_fewer_cells(cells: int, name: str) -> None:
    variant = parse_variant("freecell", str(cells))
    assert variant.cells == cells and variant.name == name
    assert variant.is_classic is (cells == 4)
    expected = ("-g", "freecell") + (("--freecells-num", str(cells)) if cells != 4 else ())
    assert variant.fcsolve_args == expected


def test_bakers_game_with_fewer_cells_is_named_so() -> None:
    assert parse_variant("bakers game", 3).name == "Baker's Game (3 cells)"


@pytest.mark.parametrize("cells", ["9", "-1", "two", "", "1e3"])
def test_a_bad_cell_count_is_refused_in_one_line(cells: str) -> None:
    with pytest.raises(NotationError, match="is not a number of free cells: use a whole number"):
        parse_variant("freecell", cells)


def test_a_game_that_deals_into_its_cells_keeps_them() -> None:
    with pytest.raises(NotationError, match="Eight Off deals cards into its 8 cells"):
        parse_variant("eight off", "4")
    assert parse_variant("eight off", "8") is EIGHT_OFF


def test_a_variant_sent_to_another_process_hashes_as_that_processes_own() -> None:
    # ``solve --jobs`` sends its game to worker processes, whose string hashes differ.
    sent = pickle.dumps(parse_variant("freecell", 2))
    script = (
        "import pickle, sys\n"
        "from freecell_tui.core.variant import parse_variant\n"
        "v = pickle.loads(sys.stdin.buffer.read())\n"
        "mine = parse_variant('freecell', 2)\n"
        "print(v == mine and hash(v) == hash(mine) and v.stack_table == mine.stack_table)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        input=sent,
        capture_output=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert result.stdout.strip() == b"True"
