"""Issue 10: hostile arguments and inputs for every command (``solve`` and ``serve`` have their
own). Each is one line on standard error, the documented exit code, never a traceback, and
nothing changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.game import Game
from freecell_tui.core.rules import legal_moves
from freecell_tui.store import DB_NAME, Store

from ..program import run_main


def played(deal: int, turns: int) -> Game:
    """Deal ``deal`` after ``turns`` moves (the first legal move each time)."""
    game = Game.new(deal)
    for _ in range(turns):
        game = game.play(next(iter(legal_moves(game.state))))
    return game


BIG = "9" * 5000


@dataclass(frozen=True)
class Case:
    """One command line: its exit code and its one line on stderr (``{tmp}`` is the test's
    folder, ``{data}`` a data folder holding the save "mine"); ``stdin`` bytes when it reads."""

    args: tuple[str, ...]
    code: int
    err: str
    stdin: bytes = b""


def _case(line: str | tuple[str, ...], code: int, err: str, stdin: bytes = b"") -> Case:
    args = tuple(line.split()) if isinstance(line, str) else line
    return Case(args, code, err, stdin)


NOT_A_DEAL = "is not a deal number: use a whole number from 1 to 8,589,934,591"
CASES = [
    # the top level and the full-screen game's options (checked before Textual is loaded)
    _case(
        "--bogus",
        2,
        "freecell-tui: error: unrecognized arguments: --bogus (see freecell-tui --help)",
    ),
    _case(
        "--deal 0",
        2,
        "freecell-tui: error: deal 0 does not exist: deals are numbered 1 to 8,589,934,591",
    ),
    _case("--deal １２", 2, f"freecell-tui: error: '１２' {NOT_A_DEAL}"),
    _case(
        ("--deal", BIG),
        2,
        f"freecell-tui: error: deal {'9' * 39}… does not exist: deals are numbered 1 to 8,589,934,591",
    ),
    _case(
        ("--autoplay", ""),
        2,
        "freecell-tui: error: '' is not an autoplay mode: use off, safe or all",
    ),
    _case(
        ("--autoplay", "x" * 1000),
        2,
        f"freecell-tui: error: '{'x' * 39}…' is not an autoplay mode: use off, safe or all",
    ),
    # play --plain: its option checks
    _case(
        ("play", "--plain", "--autoplay", ""),
        2,
        "freecell-tui play: error: '' is not an autoplay mode: use off, safe or all",
    ),
    _case(
        ("play", "--plain", "--autoplay", " "),
        2,
        "freecell-tui play: error: '' is not an autoplay mode: use off, safe or all",
    ),
    _case("play --plain --deal ３", 2, f"freecell-tui play: error: '３' {NOT_A_DEAL}"),
    _case(
        ("play", "--plain", "--deal", BIG),
        2,
        f"freecell-tui play: error: deal {'9' * 39}… does not exist: deals are numbered 1 to 8,589,934,591",
    ),
    _case(
        "play --plain --bogus",
        2,
        "freecell-tui play: error: unrecognized arguments: --bogus (see freecell-tui play --help)",
    ),
    # deal
    _case(
        "deal",
        2,
        "freecell-tui deal: error: the following arguments are required: N (see freecell-tui deal --help)",
    ),
    _case("deal ６１７", 2, f"freecell-tui deal: error: '６１７' {NOT_A_DEAL}"),
    _case("deal 1e3", 2, f"freecell-tui deal: error: '1e3' {NOT_A_DEAL}"),
    _case("deal 0x10", 2, f"freecell-tui deal: error: '0x10' {NOT_A_DEAL}"),
    _case(("deal", ""), 2, f"freecell-tui deal: error: '' {NOT_A_DEAL}"),
    _case(("deal", "\x1b[31m"), 2, f"freecell-tui deal: error: '\\x1b[31m' {NOT_A_DEAL}"),
    _case(
        ("deal", BIG),
        2,
        f"freecell-tui deal: error: deal {'9' * 39}… does not exist: deals are numbered 1 to 8,589,934,591",
    ),
    _case(
        "deal 1 2",
        2,
        "freecell-tui deal: error: unrecognized arguments: 2 (see freecell-tui deal --help)",
    ),
    # replay
    _case(
        "replay",
        2,
        "freecell-tui replay: error: give a game code, or --deal N or --board FILE and the moves",
    ),
    _case(
        ("replay", "--deal", "1", "--autoplay", ""),
        2,
        "freecell-tui replay: error: '' is not an autoplay mode: use off, safe or all",
    ),
    _case(
        "replay --board /dev/zero",
        2,
        "freecell-tui replay: error: /dev/zero is larger than 1 MB: too large to be a position",
    ),
    _case(
        "replay --board {tmp}", 2, "freecell-tui replay: error: cannot read {tmp}: is a directory"
    ),
    _case(
        "replay --deal 1 /dev/zero",
        2,
        "freecell-tui replay: error: /dev/zero is larger than 1 MB: too large to be a list of moves",
    ),
    _case(
        "replay --deal 1 {tmp}/big.txt",
        2,
        "freecell-tui replay: error: {tmp}/big.txt is larger than 1 MB: too large to be a list of moves",
    ),
    _case(
        "replay --deal 1",
        2,
        "freecell-tui replay: error: standard input is larger than 1 MB: too large to be a list of moves",
        b"3a " * 400_000,
    ),
    _case(
        "replay --deal 1",
        2,
        "freecell-tui replay: error: cannot read standard input: it is not UTF-8 text",
        b"3a \xff\xfe",
    ),
    _case(
        "replay --deal 1 {tmp}/binary.txt",
        2,
        "freecell-tui replay: error: cannot read {tmp}/binary.txt: it is not UTF-8 text",
    ),
    # saves, export, import, stats
    _case(
        "saves extra",
        2,
        "freecell-tui saves: error: unrecognized arguments: extra (see freecell-tui saves --help)",
    ),
    _case(
        "export",
        2,
        "freecell-tui export: error: the following arguments are required: SLOT, FILE (see freecell-tui export --help)",
    ),
    _case(
        "export nope {tmp}/out.json --data-dir {data}",
        1,
        "freecell-tui export: error: There is no save named “nope”.",
    ),
    _case(
        ("export", "\x1b[2J", "-", "--data-dir", "{data}"),
        1,
        "freecell-tui export: error: There is no save named “\\x1b[2J”.",
    ),
    _case(  # bytes that are not UTF-8 on the command line (issue 23: a traceback)
        ("export", "\udcffnope", "{tmp}/out.json", "--data-dir", "{data}"),
        1,
        "freecell-tui export: error: There is no save named “\\udcffnope”.",
    ),
    _case(
        "export mine {data}/" + DB_NAME + " --force --data-dir {data}",
        1,
        "freecell-tui export: error: {data}/"
        + DB_NAME
        + " is one of freecell-tui's own files: export to another file.",
    ),
    _case(
        "export mine {data}/settings.json --force --data-dir {data}",
        1,
        "freecell-tui export: error: {data}/settings.json is one of freecell-tui's own files: export to another file.",
    ),
    _case(
        "export mine {tmp} --force --data-dir {data}",
        1,
        "freecell-tui export: error: {tmp} is a folder: an export only replaces a regular file.",
    ),
    _case(
        "export mine {tmp}/exists.json --data-dir {data}",
        1,
        "freecell-tui export: error: The file {tmp}/exists.json already exists. Use --force to replace it.",
    ),
    _case(
        "export mine {tmp}/" + "n" * 300 + " --data-dir {data}",
        1,
        "freecell-tui export: error: Could not write {tmp}/" + "n" * 300 + ": file name too long.",
    ),
    _case(
        "export mine {tmp}/no/such/folder.json --data-dir {data}",
        1,
        "freecell-tui export: error: Could not write {tmp}/no/such/folder.json: no such file or directory.",
    ),
    _case(
        "import",
        2,
        "freecell-tui import: error: the following arguments are required: FILE (see freecell-tui import --help)",
    ),
    _case(
        "import /dev/zero --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported: /dev/zero is a device, not a file: it is not read.",
    ),
    _case(
        "import - --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported: standard input is larger than 4 MB: too large to be a saved game.",
        b" " * 4_000_001,
    ),
    _case(
        "import - --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported from standard input: the file is not valid JSON: NaN is not a JSON number.",
        b'{"elapsed_seconds": NaN}',
    ),
    _case(
        "import {tmp} --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported: {tmp} is a folder, not a file: it is not read.",
    ),
    _case(
        "import {tmp}/big.txt --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported: {tmp}/big.txt is larger than 4 MB: too large to be a saved game.",
    ),
    _case(
        "import {tmp}/missing.json --data-dir {data}",
        1,
        "freecell-tui import: error: Cannot read {tmp}/missing.json: no such file or directory.",
    ),
    _case(
        "import {tmp}/huge-number.json --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported from huge-number.json: a number in the file has 5,000 digits: no value of a saved game has so many.",
    ),
    _case(
        "import {tmp}/year-one.json --data-dir {data}",
        1,
        'freecell-tui import: error: Nothing imported from year-one.json: "saved_at" must be a date from the years 1971 to 9998.',
    ),
    _case(
        "import {tmp}/packed.json --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported from packed.json: the game does not replay: move 2: 32: only autoplay may follow a move in a turn, and no autoplay mode plays it here.",
    ),
    _case(  # issue 23: 200,001 moves took 6 s to import and 12 s to start with
        "import {tmp}/long.json --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported from long.json: the game is too long to be a real one: it has 10,001 moves, and a game keeps at most 10,000.",
    ),
    _case(
        "import {tmp}/twice.json --data-dir {data}",
        1,
        'freecell-tui import: error: Nothing imported from twice.json: the file gives "moves" twice.',
    ),
    _case(
        "import {tmp}/two-modes.json --data-dir {data}",
        1,
        "freecell-tui import: error: Nothing imported from two-modes.json: the game does not replay: turn 1: autoplay= is given twice.",
    ),
    _case(
        ("import", "{tmp}/good.json", "--name", "\x1b[31m", "--data-dir", "{data}"),
        1,
        "freecell-tui import: error: A slot name can only hold printable characters (letters, digits, punctuation, symbols, spaces); character 1 is an escape (U+001B).",
    ),
    _case(
        ("import", "{tmp}/good.json", "--name", "", "--data-dir", "{data}"),
        1,
        "freecell-tui import: error: A slot name cannot be empty.",
    ),
    _case(
        "stats extra",
        2,
        "freecell-tui stats: error: unrecognized arguments: extra (see freecell-tui stats --help)",
    ),
    _case("stats --reset --data-dir {data}", 1, "", b"\x00" * 1_000_000),
    # klondike
    _case(
        "klondike --games 1" + "0" * 100,
        2,
        f"freecell-tui klondike: error: argument --games: the number of games must be at most 1,000,000,000, not 1{'0' * 38}… (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --games １",
        2,
        "freecell-tui klondike: error: argument --games: the number of games must be a whole number, not '１' (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --games 1e3",
        2,
        "freecell-tui klondike: error: argument --games: the number of games must be a whole number, not '1e3' (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --jobs 100000",
        2,
        "freecell-tui klondike: error: argument --jobs: the number of processes must be at most 256, not 100,000 (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --seed 1" + "0" * 5000,
        2,
        f"freecell-tui klondike: error: argument --seed: the seed must be at most 18,446,744,073,709,551,615, not 1{'0' * 38}… (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --seed -" + "1" * 5000,
        2,
        f"freecell-tui klondike: error: argument --seed: the seed must be 0 or more, not -{'1' * 38}… (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --show nan",
        2,
        "freecell-tui klondike: error: argument --show: the number of games to show must be a whole number, not 'nan' (see freecell-tui klondike --help)",
    ),
    _case(
        "klondike --decks /dev/zero",
        2,
        "freecell-tui klondike: error: /dev/zero is larger than 16 MB: too large to be a decks file",
    ),
    _case(
        "klondike --decks {tmp}",
        2,
        "freecell-tui klondike: error: cannot read {tmp}: is a directory",
    ),
    _case(
        "klondike --decks {tmp}/binary.txt",
        2,
        "freecell-tui klondike: error: cannot read {tmp}/binary.txt: it is not UTF-8 text",
    ),
]


@pytest.fixture
def places(tmp_path: Path) -> Callable[[str], str]:
    data = tmp_path / "data"
    store = Store.open(data).store
    store.slots.save("mine", played(5, 6), 10)
    store.autosaves.finish(played(6, 3), 5)
    good = store.slots.export_text("mine")
    store.close()
    (tmp_path / "exists.json").write_text("precious")
    with (tmp_path / "big.txt").open("wb") as big:
        big.truncate(60_000_000)  # 60 MB (sparse: quick to make)
    (tmp_path / "binary.txt").write_bytes(b"\x00\xff\xfe 3a")
    (tmp_path / "good.json").write_text(good)
    data_json = json.loads(good)
    (tmp_path / "huge-number.json").write_text(good.replace('"hints": 0', '"hints": ' + BIG))
    (tmp_path / "year-one.json").write_text(
        json.dumps({**data_json, "saved_at": "0001-01-01T00:00:00+05:00"})
    )
    (tmp_path / "packed.json").write_text(
        json.dumps({**data_json, "moves": ["3a 32 3b"], "redo": []})
    )
    (tmp_path / "long.json").write_text(
        json.dumps({**data_json, "moves": ["3a"] + ["ab", "ba"] * 4000, "redo": ["ab"] * 2000})
    )
    # a key given twice: one JSON reader takes the first, another the last
    (tmp_path / "twice.json").write_text(good.replace('"moves":', '"moves": [], "moves":', 1))
    (tmp_path / "two-modes.json").write_text(
        json.dumps({**data_json, "moves": ["autoplay=off autoplay=all 3a"], "redo": []})
    )
    return lambda text: text.replace("{tmp}", str(tmp_path)).replace("{data}", str(data))


def _limit_memory() -> None:
    import resource  # Unix only, as are the cases run apart

    resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000, 2_000_000_000))


def _isolated(args: list[str], stdin: bytes | None) -> tuple[int, str, str]:
    """Run the program apart, with a deadline and a memory limit: a case that would, if the
    code regressed, read ``/dev/zero`` forever or open the full-screen game then fails instead
    of hanging the suite."""
    source = subprocess.DEVNULL if stdin is None else subprocess.PIPE
    process = subprocess.run(
        [sys.executable, "-m", "freecell_tui", *args],
        input=stdin,
        stdin=None if stdin is not None else source,
        capture_output=True,
        timeout=60,
        preexec_fn=_limit_memory,
    )
    return process.returncode, process.stdout.decode(), process.stderr.decode()


def _outcome(args: list[str], stdin: bytes) -> tuple[int, str, str]:
    if args[0].startswith("-") or "/dev/zero" in args:
        return _isolated(args, stdin)
    return run_main(*args, stdin=stdin)


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c.args)[:60] for c in CASES])
def test_hostile_arguments_get_one_line_and_the_documented_exit_code(
    case: Case,
    places: Callable[[str], str],
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = _outcome([places(arg) for arg in case.args], case.stdin)
    assert "Traceback" not in err + out
    assert code == case.code
    if case.err:
        assert err == places(case.err) + "\n"
    else:
        assert err == ""
    assert Store.open(data).store.slots.all().items[0].name == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written
    assert (tmp_path / "exists.json").read_text() == "precious"


def test_a_bom_at_the_start_of_a_moves_or_board_file_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "board.txt"
    moves = tmp_path / "moves.txt"
    assert main(["deal", "1"]) == 0
    board.write_bytes(b"\xef\xbb\xbf" + capsys.readouterr().out.encode())
    moves.write_bytes(b"\xef\xbb\xbf3a 32\n")
    assert main(["replay", "--board", str(board), str(moves)]) == 0
    out, err = capsys.readouterr()
    assert (out.splitlines()[-1], err) == ("not won", "")
    code, out, _ = run_main("replay", "--deal", "1", stdin=b"\xef\xbb\xbf3a 32\n")
    assert (code, out.splitlines()[-1]) == (0, "not won")


def test_absurd_move_counts_in_replay_are_an_illegal_move() -> None:
    """Issue 10: 18v + 4,000 hex digits raised ValueError (the 4,300-digit limit)."""
    code, out, err = run_main("replay", "--deal", "1", stdin=b"3a 18v" + b"f" * 4000)
    assert code == 1
    assert err == ""
    assert out == (
        f"move 2: 18v{'f' * 36}…: '18v{'f' * 36}…' is not a move: a run has at most 13 cards, "
        "so the count after v is 1 to d in hexadecimal\n"
    )


def test_a_bom_in_a_decks_file_is_accepted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from freecell_tui.klondike.deck import shuffled_decks

    from ..klondike.helpers import deck_text

    path = tmp_path / "decks.txt"
    path.write_bytes(b"\xef\xbb\xbf" + deck_text(next(shuffled_decks(1, 0, 1))).encode() + b"\n")
    assert main(["klondike", "--decks", str(path), "--json", "--jobs", "1"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_stdin_of_zeros_for_import_is_refused_after_reading_the_cap(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zeros:
        process = subprocess.run(
            [sys.executable, "-m", "freecell_tui", "import", "-", "--data-dir", str(tmp_path)],
            stdin=zeros,
            capture_output=True,
            text=True,
            timeout=60,
            preexec_fn=_limit_memory,
        )
    assert (process.returncode, process.stderr) == (
        1,
        "freecell-tui import: error: Nothing imported: standard input is larger than 4 MB: "
        "too large to be a saved game.\n",
    )


NO_TERMINAL = (
    "freecell-tui: error: the full-screen game needs a terminal, and standard input is {}: "
    "freecell-tui play --plain plays in line mode through pipes and files\n"
)


@pytest.mark.skipif(os.name == "nt", reason="Unix file descriptors")
@pytest.mark.parametrize(
    ("args", "code", "err"),
    [
        (
            ["play", "--plain", "--deal", "1"],
            2,
            "freecell-tui play: error: standard input is closed: line mode reads its commands "
            "from it (a terminal, a file or a pipe)\n",
        ),
        (["--deal", "1"], 2, NO_TERMINAL.format("closed")),
        (["play", "--deal", "1"], 2, NO_TERMINAL.format("closed")),
        (
            ["replay", "--deal", "1"],
            2,
            "freecell-tui replay: error: cannot read standard input: it is closed\n",
        ),
        (
            ["import", "-"],
            1,
            "freecell-tui import: error: Nothing imported: standard input is closed.\n",
        ),
        (["stats", "--reset"], 1, ""),
    ],
)
def test_standard_input_closed_is_one_line(
    args: list[str], code: int, err: str, places: Callable[[str], str], tmp_path: Path
) -> None:
    """Issue 23: ``<&-`` was an AttributeError traceback, or a crash report."""
    data_args = ["--data-dir", places("{data}")] if args[0] != "replay" else []
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    process = subprocess.run(
        [sys.executable, "-m", "freecell_tui", *args, *data_args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        preexec_fn=lambda: os.close(0),
    )
    assert (process.returncode, process.stderr) == (code, err)
    assert Store.open(tmp_path / "data").store.slots.all().items[0].name == "mine"


@pytest.mark.skipif(os.name == "nt", reason="Unix file descriptors")
def test_the_full_screen_game_without_a_terminal_says_so_and_line_mode_ends_with_its_input(
    tmp_path: Path,
) -> None:
    """Issue 23: with ``</dev/null`` the full-screen game ran for ever, with no way in."""
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    run = [sys.executable, "-m", "freecell_tui", "--deal", "1", "--data-dir", str(tmp_path)]
    screen = subprocess.run(
        run, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, env=env
    )
    assert (screen.returncode, screen.stderr) == (2, NO_TERMINAL.format("not a terminal"))
    line = subprocess.run(
        [*run, "play", "--plain"], stdin=subprocess.DEVNULL, capture_output=True, timeout=60
    )
    assert (line.returncode, line.stderr) == (0, b"")
    assert line.stdout.startswith(b"FreeCell in line mode.")
