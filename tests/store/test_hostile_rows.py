"""Issue 10: a hand-edited database. Any column of any table holding the wrong type or an absurd
value is skipped with a note naming the row, or reported by name; nothing crashes, stored text
never reaches the terminal raw, and stored times show in every time zone."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.store import DB_NAME, ErrorKind, Par, Store, StoreError

from ..program import run_main
from .helpers import Clock, played


def _edit(directory: Path, *statements: str) -> None:
    """Change the database behind the store's back, as a player with sqlite3 could."""
    with sqlite3.connect(directory / DB_NAME) as connection:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        for statement in statements:
            connection.execute(statement)


@pytest.fixture
def slots(tmp_path: Path) -> Path:
    """Eight saves ("good", then "s1" … "s7" to be spoiled) and one finished game."""
    store = Store.open(tmp_path, clock=Clock()).store
    store.slots.save("good", played(3, 4), 10)
    for number in range(1, 8):
        store.slots.save(f"s{number}", played(number, 3), number)
    store.close()
    return tmp_path


SPOILED_SLOTS = [
    (
        "UPDATE slots SET elapsed_seconds = 'xyz' WHERE name = 's1'",
        "The save “s1” is not listed: its play time is unreadable.",
    ),
    (
        "UPDATE slots SET elapsed_seconds = 9e999 WHERE name = 's2'",
        "The save “s2” is not listed: its play time is unreadable.",
    ),
    (
        "UPDATE slots SET move_count = -5 WHERE name = 's3'",
        "The save “s3” is not listed: its move count is unreadable.",
    ),
    (
        "UPDATE slots SET cards_home = 99 WHERE name = 's4'",
        "The save “s4” is not listed: its count of cards home is unreadable.",
    ),
    (
        "UPDATE slots SET deal_number = 99999999999999 WHERE name = 's5'",
        "The save “s5” is not listed: its deal number is unreadable.",
    ),
    (
        "UPDATE slots SET move_count = x'00ff' WHERE name = 's6'",
        "The save “s6” is not listed: its move count is unreadable.",
    ),
    (
        "UPDATE slots SET name = x'1b5b33316d' WHERE name = 's7'",
        "is not listed: its name is not text.",
    ),
]


@pytest.mark.parametrize(
    ("statement", "note"), SPOILED_SLOTS, ids=[n[:30] for _, n in SPOILED_SLOTS]
)
def test_a_spoiled_slot_row_is_left_out_with_a_note(slots: Path, statement: str, note: str) -> None:
    _edit(slots, statement)
    opened = Store.open(slots)
    assert opened.warnings == ()
    store = opened.store
    listing = store.slots.all()
    assert len(listing.items) == 7 and "good" in {slot.name for slot in listing.items}
    assert len(listing.problems) == 1 and listing.problems[0].endswith(note)
    store.close()
    code, out, err = run_main("saves", "--data-dir", str(slots))
    assert code == 0
    assert len(out.splitlines()) == 8  # the heading and seven saves
    assert err.startswith("freecell-tui saves: warning: The save ") and err.endswith(f"{note}\n")
    assert "Traceback" not in err


def test_every_slot_spoiled_at_once(slots: Path) -> None:
    _edit(slots, *(statement for statement, _ in SPOILED_SLOTS))
    code, out, err = run_main("saves", "--data-dir", str(slots))
    assert code == 0 and out.splitlines()[1].startswith("good ")
    assert len(err.splitlines()) == len(SPOILED_SLOTS)


def test_escape_codes_in_names_never_reach_the_terminal(slots: Path) -> None:
    """A hand-edited name (``check_name`` refuses such names when saving or importing)."""
    _edit(slots, "UPDATE slots SET name = char(27) || '[31mred' || char(10) WHERE name = 's1'")
    code, out, err = run_main("saves", "--data-dir", str(slots))
    assert (code, err) == (0, "")
    assert "\x1b" not in out
    assert any(line.startswith("\\x1b[31mred\\n ") for line in out.splitlines())
    code, _, err = run_main("export", "\x1b[2J", "-", "--data-dir", str(slots))
    assert code == 1
    assert err == "freecell-tui export: error: There is no save named “\\x1b[2J”.\n"


def test_a_name_that_is_not_utf8_lists_with_a_replacement_character(slots: Path) -> None:
    _edit(slots, "UPDATE slots SET name = CAST(x'41ff42' AS TEXT) WHERE name = 's1'")
    code, out, err = run_main("saves", "--data-dir", str(slots))
    assert (code, err) == (0, "")
    assert any(line.startswith("A\ufffdB ") for line in out.splitlines())


BAD_TURNS = [
    (
        "turns = '[' || replace(hex(zeroblob(60000)), '00', '[') || ']'",
        "its list of moves is unreadable",
    ),
    (
        "turns = '[1' || replace(hex(zeroblob(3000)), '00', '0') || ']'",
        "its list of moves is unreadable",
    ),
    ("turns = '[\"3a\", 5]'", "its list of moves is unreadable"),
    ("turns = '{\"a\": 1}'", "its list of moves is unreadable"),
    ("turns = x'ff00'", "its list of moves is unreadable"),
    ("turns = 42", "its list of moves is unreadable"),
    (
        "turns = '[\"18v' || replace(hex(zeroblob(2000)), '00', 'ff') || '\"]'",
        "turn 1: move 1: 18v",
    ),
    ("hints = 99999999999", "its count of hints (99999999999) makes no sense"),
    ("hints = 'lots'", "its settings are unreadable"),
    ("elapsed_seconds = -1", "its play time is unreadable"),
    ("autoplay = x'00'", "its settings are unreadable"),
    ("position = 'nonsense', deal_number = NULL", "line 1:"),
    ("deal_number = 0", "deal 0 does not exist"),
]


@pytest.mark.parametrize(("change", "reason"), BAD_TURNS, ids=[r[:30] for _, r in BAD_TURNS])
def test_a_spoiled_save_is_reported_by_name_when_loaded(
    slots: Path, change: str, reason: str
) -> None:
    _edit(slots, f"UPDATE slots SET {change} WHERE name = 's1'")
    store = Store.open(slots).store
    with pytest.raises(StoreError) as caught:
        store.slots.load("s1")
    assert caught.value.kind is ErrorKind.INVALID_SAVE
    assert caught.value.message.startswith("The save “s1” cannot be loaded: ")
    assert reason in caught.value.message and caught.value.message.endswith("It is left as it was.")
    assert len(caught.value.message) < 400
    assert store.slots.load("good").game == played(3, 4)
    store.close()
    code, _, err = run_main("export", "s1", "-", "--data-dir", str(slots))
    assert code == 1 and err.startswith(
        "freecell-tui export: error: The save “s1” cannot be loaded"
    )


# ---------------------------------------------------------------------- the games in progress
def test_spoiled_unfinished_games_are_noted_and_the_good_one_is_offered(tmp_path: Path) -> None:
    for deal, turns in ((1, 3), (2, 4), (3, 5), (4, 6)):
        store = Store.open(tmp_path, clock=Clock()).store
        assert store.autosaves.save(played(deal, turns), turns) is None
        store.close()
    _edit(
        tmp_path,
        "UPDATE autosaves SET elapsed_seconds = 'xyz' WHERE deal_number = 2",
        "UPDATE autosaves SET move_count = 1e999, turns = '[[[[' WHERE deal_number = 3",
        "UPDATE autosaves SET owner = x'00', saved_at = x'ff', cards_home = -1, hints = 'x'"
        " WHERE deal_number = 4",
    )
    store = Store.open(tmp_path).store
    listing = store.autosaves.all()
    assert [game.deal_number for game in listing.items] == [1]
    assert len(listing.problems) == 3
    assert all(
        p.endswith("is not listed: it holds values that do not read.") for p in listing.problems
    )
    found = store.autosaves.offer()
    assert found.saved is not None and found.saved.game == played(1, 3)
    assert found.problems == (
        "An unfinished game saved 1970-01-01 00:00 does not replay (its settings are "
        "unreadable); it is left as it was.",
        f"An unfinished game saved {found.problems[1][25:41]} does not replay (its list of "
        "moves is unreadable); it is left as it was.",
        f"An unfinished game saved {found.problems[2][25:41]} does not replay (its settings are "
        "unreadable); it is left as it was.",
    )


# ---------------------------------------------------------------------- statistics and pars
def test_spoiled_finished_games_are_left_out_of_the_statistics_with_a_note(tmp_path: Path) -> None:
    store = Store.open(tmp_path, clock=Clock()).store
    for deal in range(1, 7):
        store.autosaves.finish(played(deal, 3), 60 * deal)
    store.close()
    _edit(
        tmp_path,
        "UPDATE games SET elapsed_seconds = 'xyz' WHERE deal_number = 1",
        "UPDATE games SET elapsed_seconds = 9e999 WHERE deal_number = 2",
        "UPDATE games SET move_count = -3 WHERE deal_number = 3",
        "UPDATE games SET result = 'maybe' WHERE deal_number = 4",
        "UPDATE games SET deal_number = x'01', finished_at = 'x' WHERE deal_number = 5",
    )
    store = Store.open(tmp_path).store
    results = store.results.all()
    assert [result.deal_number for result in results.items] == [6]
    left_out = ("5 finished games in the statistics could not be read and are left out.",)
    assert results.problems == left_out
    reading = store.results.statistics({}, AutoplayMode.SAFE)
    assert reading.statistics.played == 1
    assert reading.problems == left_out
    store.close()
    code, out, err = run_main("stats", "--data-dir", str(tmp_path))
    assert code == 0 and out.startswith("Played                  1\n")
    assert err == (
        "freecell-tui stats: warning: 5 finished games in the statistics could not be read "
        "and are left out.\n"
    )


def test_a_spoiled_par_is_no_par(tmp_path: Path) -> None:
    store = Store.open(tmp_path).store
    assert store.pars.keep(Par(5, AutoplayMode.SAFE, 40, "3a 3b"), 1.0) is None
    store.close()
    for change in ("moves = -1", "moves = 'x'", "solution = x'00'", "moves = 0"):
        _edit(tmp_path, f"UPDATE pars SET {change}")
        assert Store.open(tmp_path).store.pars.get(5, AutoplayMode.SAFE) is None
        _edit(tmp_path, "UPDATE pars SET moves = 40, solution = '3a 3b'")
    assert Store.open(tmp_path).store.pars.get(5, AutoplayMode.SAFE) == Par(
        5, AutoplayMode.SAFE, 40, "3a 3b"
    )


# ---------------------------------------------------------------------- time zones
@pytest.fixture(params=["America/Los_Angeles", "Pacific/Kiritimati", "UTC"])
def zone(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is Unix only")
    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield request.param
    monkeypatch.undo()
    time.tzset()


STAMPS = [
    "0001-01-01T00:00:00+00:00",
    "0001-01-01T00:00:00+05:00",
    "9999-12-31T23:59:59+00:00",
    "9999-12-31T23:59:59-05:00",
    "not a time",
]


def test_far_off_stamps_show_in_every_time_zone(tmp_path: Path, zone: str) -> None:
    store = Store.open(tmp_path, clock=Clock()).store
    for number, _ in enumerate(STAMPS):
        store.slots.save(f"t{number}", played(1, 2), 1)
        store.autosaves.save(played(number + 1, 2), 1)
        store.autosaves.finish(played(number + 1, 2), 1)
    store.autosaves.save(played(9, 2), 1)
    store.close()
    _edit(
        tmp_path,
        *(f"UPDATE slots SET saved_at = '{s}' WHERE name = 't{n}'" for n, s in enumerate(STAMPS)),
        *(
            f"UPDATE games SET finished_at = '{s}' WHERE deal_number = {n + 1}"
            for n, s in enumerate(STAMPS)
        ),
        f"UPDATE autosaves SET saved_at = '{STAMPS[0]}'",
    )
    code, out, err = run_main("saves", "--data-dir", str(tmp_path))
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 1 + len(STAMPS)
    assert run_main("stats", "--data-dir", str(tmp_path))[0] == 0
    store = Store.open(tmp_path).store
    [unfinished] = store.autosaves.all().items
    unfinished.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    saved = store.autosaves.load(unfinished.autosave_id)
    assert saved.saved_at.year == 1970
    for slot in store.slots.all().items:
        slot.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
    for deal in store.results.statistics({}, AutoplayMode.SAFE).statistics.deals:
        deal.last_played.astimezone().strftime("%Y-%m-%d %H:%M")


# ---------------------------------------------------------------------- a clock gone wrong
@pytest.mark.parametrize(
    ("seconds", "kept"), [(float("inf"), 999_999_999.0), (float("nan"), 0.0), (-5.0, 0.0)]
)
def test_a_strange_play_time_is_stored_as_a_readable_one(
    tmp_path: Path, seconds: float, kept: float
) -> None:
    store = Store.open(tmp_path).store
    assert store.autosaves.finish(played(2, 3), seconds) is None
    assert store.autosaves.save(played(1, 3), seconds) is None
    store.slots.save("odd", played(1, 3), seconds)
    store.close()
    again = Store.open(tmp_path).store
    assert again.slots.load("odd").elapsed_seconds == kept
    found = again.autosaves.offer().saved
    assert found is not None and found.elapsed_seconds == kept
    assert [result.elapsed_seconds for result in again.results.all().items] == [kept]


def test_format_duration_never_fails() -> None:
    from freecell_tui.store import format_duration

    assert [format_duration(s) for s in (float("inf"), float("nan"), -1.0, 3725.9)] == [
        "–",
        "–",
        "0:00",
        "1:02:05",
    ]
