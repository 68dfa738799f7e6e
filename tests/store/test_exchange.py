"""Export and import: a readable JSON file that round-trips, and every kind of bad file refused
with a message, importing nothing."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.game import Game
from freecell_tui.core.notation import Move
from freecell_tui.core.position import format_position
from freecell_tui.store import FORMAT_NAME, ErrorKind, Store, StoreError

from .helpers import one_from_won, played, with_redo


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "data").store


def test_export_is_readable_json_with_a_format_version(store: Store, tmp_path: Path) -> None:
    game = with_redo(played(1, 10), 2)
    store.slots.save("Deal one", game, 83.5)
    path = store.slots.export("deal ONE", tmp_path / "one.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == FORMAT_NAME
    assert data["version"] == 2
    assert data["name"] == "Deal one"
    assert data["start"] == {"deal": 1}
    assert data["autoplay"] == "safe"
    assert data["moves"] == [" ".join(m.notation for m in turn.moves) for turn in game.turns]
    assert len(data["redo"]) == 2
    assert data["elapsed_seconds"] == 83.5 and data["hints"] == 0
    assert "\n  " in path.read_text(encoding="utf-8")  # indented, one field a line


def test_round_trip_through_a_file_into_another_data_dir(store: Store, tmp_path: Path) -> None:
    game = with_redo(played(24, 14), 3).with_autoplay(AutoplayMode.OFF)
    store.slots.save("trip ♥", game, 12)
    store.slots.export("trip ♥", tmp_path / "trip.json")
    elsewhere = Store.open(tmp_path / "elsewhere").store
    info = elsewhere.slots.import_file(tmp_path / "trip.json")
    assert info.name == "trip ♥"
    loaded = elsewhere.slots.load("trip ♥")
    assert loaded.game == game
    assert loaded.game.autoplay is AutoplayMode.OFF
    assert loaded.elapsed_seconds == 12


def test_custom_positions_round_trip_as_lines(store: Store, tmp_path: Path) -> None:
    store.slots.save("custom", one_from_won(), 1)
    path = store.slots.export("custom", tmp_path / "custom.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["start"]["position"][0] == "Foundations: H-K C-K D-K S-Q"
    other = Store.in_memory()
    other.slots.import_file(path)
    assert other.slots.load("custom").game == one_from_won()


def test_importing_a_taken_name_adds_a_number_or_uses_the_name_given(
    store: Store, tmp_path: Path
) -> None:
    store.slots.save("same", played(2, 3), 1)
    store.slots.export("same", tmp_path / "same.json")
    assert store.slots.import_file(tmp_path / "same.json").name == "same (2)"
    assert store.slots.import_file(tmp_path / "same.json").name == "same (3)"
    assert store.slots.import_file(tmp_path / "same.json", name="chosen").name == "chosen"
    with pytest.raises(StoreError) as caught:
        store.slots.import_file(tmp_path / "same.json", name="SAME")
    assert caught.value.kind is ErrorKind.EXISTS


def test_export_refuses_to_replace_a_file_unless_told(store: Store, tmp_path: Path) -> None:
    store.slots.save("s", played(2, 3), 1)
    target = tmp_path / "exists.json"
    target.write_text("precious")
    with pytest.raises(StoreError) as caught:
        store.slots.export("s", target)
    assert caught.value.kind is ErrorKind.EXISTS
    assert target.read_text() == "precious"
    store.slots.export("s", target, overwrite=True)
    assert json.loads(target.read_text())["name"] == "s"
    with pytest.raises(StoreError, match="no save named “nope”"):
        store.slots.export("nope", tmp_path / "nope.json")
    with pytest.raises(StoreError, match="Could not write"):
        store.slots.export("s", tmp_path / "no" / "such" / "dir.json")


def _good() -> dict[str, object]:
    return {
        "format": FORMAT_NAME,
        "version": 1,
        "name": "good",
        "start": {"deal": 1},
        "autoplay": "safe",
        "moves": ["3a", "3b"],
        "redo": [],
        "elapsed_seconds": 5,
        "saved_at": "2025-01-31T18:04:05+00:00",
    }


def _with(**changes: object) -> bytes:
    data = _good()
    for key, value in changes.items():
        if value is _DROP:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data).encode()


_DROP = object()

BAD_FILES = [
    (b"\xff\xfe\x00garbage", "not UTF-8 text"),
    (b"{ not json", "not valid JSON (line 1"),
    (b"[1, 2, 3]", "must hold one JSON object"),
    (b"[" * 100_000, "nested too deeply"),
    (_with(format="something else"), '"format" must be "freecell-tui save"'),
    (_with(format=_DROP), '"format" must be'),
    (_with(version=4), "format version 4, written by a newer freecell-tui"),
    (_with(game="klondike"), "\"game\": 'klondike' is not a game"),
    (_with(version=0), "format version 0 does not exist"),
    # Moves packed into one turn as if they were autoplay (94 solver moves imported as "1 move"):
    (_with(moves=["3a 32 3b"]), "move 2: 32: only autoplay may follow a move in a turn"),
    (_with(moves=["autoplay=off 3a 3h"]), "only autoplay may follow a move in a turn"),
    (_with(moves=["3a", "by=robot 3b"]), "turn 2: 'by=robot' is not a move"),
    (_with(moves=["3a 3b", "autoplay=some 1b"]), "'some' is not an autoplay mode"),
    (_with(hints=-1), '"hints" must be a whole number, 0 or more'),
    (_with(hints=True), '"hints" must be a whole number'),
    (_with(version="1"), '"version" must be a whole number'),
    (_with(extra=True), "unknown field: extra"),
    (_with(start=_DROP), '"start" must be'),
    (_with(start={"deal": 1, "position": []}), '"start" must be'),
    (_with(start={"deal": "one"}), "the deal must be a whole number"),
    (_with(start={"deal": 0}), "deal 0 does not exist"),
    (_with(start={"deal": 2**40}), "does not exist"),
    (_with(start={"position": ["nonsense"]}), "the game does not replay"),
    (_with(start={"position": 5}), "the position must be a list of lines"),
    (_with(moves=_DROP), 'the file has no "moves"'),
    (_with(moves="3a 3b"), '"moves" must be a list of turns'),
    (_with(moves=["3a", 5]), '"moves" must be a list of turns'),
    (_with(moves=["3a", "zz"]), "turn 2: move 1: zz"),
    (_with(moves=["3a", ""]), "turn 2 is empty"),
    (_with(moves=["3a", "3a"]), "the game does not replay: move 2: 3a"),
    (_with(redo=["1h"]), "the game does not replay: move 3: 1h"),
    (_with(autoplay="sometimes"), "'sometimes' is not an autoplay mode"),
    (_with(autoplay=1), '"autoplay" must be'),
    (_with(elapsed_seconds=-1), '"elapsed_seconds" must be'),
    (_with(elapsed_seconds="ten"), '"elapsed_seconds" must be'),
    (_with(saved_at="yesterday"), '"saved_at" must be a date'),
    (_with(name=["x"]), '"name" must be a string'),
    (b" " * 5_000_000, "too large to be a saved game"),
    # Issue 10: numbers Python's json reads but no saved game holds, each one clear error.
    (
        _with().replace(b'"elapsed_seconds": 5', b'"elapsed_seconds": ' + b"9" * 5000),
        "a number in the file has 5,000 digits: no value of a saved game has so many",
    ),
    (
        _with().replace(b'"deal": 1', b'"deal": -' + b"1" * 30),
        "a number in the file has 30 digits",
    ),
    (
        _with().replace(b'"elapsed_seconds": 5', b'"elapsed_seconds": 1e999'),
        "the number 1e999 is too large for a saved game",
    ),
    (
        _with().replace(b'"elapsed_seconds": 5', b'"elapsed_seconds": NaN'),
        "the file is not valid JSON: NaN is not a JSON number",
    ),
    (
        _with().replace(b'"version": 1', b'"version": -Infinity'),
        "the file is not valid JSON: -Infinity is not a JSON number",
    ),
    # saved_at: year 1 or 9999 with an offset overflowed; at +00:00 it imported and then broke
    # every listing west or east of UTC.
    (
        _with(saved_at="0001-01-01T00:00:00+05:00"),
        '"saved_at" must be a date from the years 1971 to 9998',
    ),
    (
        _with(saved_at="0001-01-01T00:00:00+00:00"),
        '"saved_at" must be a date from the years 1971 to 9998',
    ),
    (
        _with(saved_at="9999-12-31T23:59:59-05:00"),
        '"saved_at" must be a date from the years 1971 to 9998',
    ),
    (
        _with(saved_at="9999-12-31T23:00:00"),
        '"saved_at" must be a date from the years 1971 to 9998',
    ),
    (_with(saved_at=20250131), '"saved_at" must be a date and time'),
]


@pytest.mark.parametrize(
    ("content", "message"), BAD_FILES, ids=[message[:40] for _, message in BAD_FILES]
)
def test_a_bad_file_imports_nothing_and_says_what_is_wrong(
    store: Store, tmp_path: Path, content: bytes, message: str
) -> None:
    store.slots.save("existing", played(1, 2), 1)
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(StoreError) as caught:
        store.slots.import_file(path)
    assert caught.value.kind is ErrorKind.BAD_FILE
    # A file too large is refused as it is read (the others once read), naming the whole path.
    assert caught.value.message.startswith(
        ("Nothing imported from bad.json: ", f"Nothing imported: {path} is larger than 4 MB: ")
    )
    assert message in caught.value.message
    assert [slot.name for slot in store.slots.all().items] == ["existing"]


def test_the_good_file_of_the_bad_file_tests_imports(store: Store) -> None:
    info = store.slots.import_bytes(_with())
    assert (info.name, info.deal_number, info.move_count) == ("good", 1, 2)


def test_a_missing_file_is_a_clear_error(store: Store, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match=r"Cannot read .*missing\.json: no such file"):
        store.slots.import_file(tmp_path / "missing.json")


def test_a_bad_name_in_the_file_falls_back_to_the_file_name(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "from-file.json"
    path.write_bytes(_with(name="bad\nname"))
    assert store.slots.import_file(path).name == "from-file"


def test_the_example_in_the_documentation_imports() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "saves.md"
    example = docs.read_text(encoding="utf-8").split("```json\n", 1)[1].split("```", 1)[0]
    info = Store.in_memory().slots.import_bytes(example.encode())
    assert (info.name, info.deal_number, info.move_count) == ("Deal 1, early on", 1, 7)


def test_an_imported_stamp_is_kept_in_utc(store: Store) -> None:
    info = store.slots.import_bytes(_with(saved_at="2025-01-31T23:30:00-05:00"))
    assert info.saved_at.isoformat() == "2025-02-01T04:30:00+00:00"


def test_a_file_named_too_long_for_a_save_name_imports_under_a_cut_name(
    store: Store, tmp_path: Path
) -> None:
    path = tmp_path / ("n" * 60 + ".json")
    path.write_bytes(_with(name=_DROP))
    assert store.slots.import_file(path).name == "n" * 40


def test_a_stored_game_over_the_move_cap_is_refused_unread(store: Store, tmp_path: Path) -> None:
    """Issue 23: a 600,000-move save took over 30 s to export. A save written by hand past the
    cap is reported by name and left as it was; its turns are not read."""
    store.slots.save("big", played(1, 1), 1)
    with store.database.lock:  # the row as a hand edit leaves it
        store.database.connection.execute(
            "UPDATE slots SET turns=? WHERE name='big'", (json.dumps(["nonsense"] * 600_000),)
        )
    message = "The save “big” cannot be loaded: it has 600,000 moves, and a game keeps at most 10,000. It is left as it was."
    for action in (lambda: store.slots.export_text("big"), lambda: store.slots.load("big")):
        with pytest.raises(StoreError) as caught:
            action()
        assert caught.value.message == message
    assert [slot.name for slot in store.slots.all().items] == ["big"]  # still listed


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("export_*.json")), ids=lambda p: p.name)
def test_existing_exports_load_and_replay_as_they_were_played(
    store: Store, path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files written before the meaning of a move to an empty column was settled: ``27`` there
    (one card) and ``27v2`` (a run) load, and replay in ``replay``, as they were played."""
    data = json.loads(path.read_text(encoding="utf-8"))
    store.slots.import_file(path, name="fixture")
    loaded = store.slots.load("fixture").game
    # Each turn's player move, typed as a player types it, plays the same game.
    expected = Game.new(data["start"]["deal"], autoplay=AutoplayMode.parse(data["autoplay"]))
    for turn in data["moves"]:
        expected = expected.play(Move.parse(turn.split()[0]))
    assert loaded.state == expected.state and loaded.moves == expected.moves
    assert loaded.redo().state == expected.play(Move.parse(data["redo"][0])).state
    if path.name == "export_v2_deal617_empty_column.json":
        # Turn 20 took 9♥ alone to the empty column 7; the redo takes the run 10♠ 9♥.
        assert loaded.turns[19].move == Move.parse("27v1")
        assert [card.code for card in loaded.redo().state.columns[6]] == ["TS", "9H"]
    # replay, given the file's moves (autoplay's included) with autoplay off, ends the same.
    monkeypatch.setattr(sys, "stdin", io.StringIO(" ".join(data["moves"])))
    assert main(["replay", "--deal", str(data["start"]["deal"]), "--autoplay", "off"]) == 0
    assert capsys.readouterr().out.startswith(format_position(loaded.state))


NO_SUCH_USER = "~no-such-user-of-freecell-tui"


def test_a_path_under_the_home_of_an_unknown_user_is_one_line_not_a_crash(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store.slots.save("kept", played(5, 3), 10)
    with pytest.raises(StoreError) as failed:
        store.slots.import_file(f"{NO_SUCH_USER}/game.json")
    assert failed.value.kind is ErrorKind.IO
    assert f"Cannot read {NO_SUCH_USER}/game.json: " in failed.value.message
    with pytest.raises(StoreError) as failed:
        store.slots.export("kept", f"{NO_SUCH_USER}/game.json")
    assert failed.value.kind is ErrorKind.IO
