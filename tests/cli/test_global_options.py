"""The game's options (``--deal``, ``--data-dir``, ``--ascii``, ``--autoplay``) work before or
after every subcommand that takes them, alike; before one that does not take them they are
refused in one line, as after it. Every run has a home folder of its own, and the real data
folder (platformdirs' user data dir) is never created or touched."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import count
from pathlib import Path

import pytest

from freecell_tui.cli import build_parser
from freecell_tui.core.deals import deal
from freecell_tui.core.position import format_position
from freecell_tui.store import DB_NAME

from ..program import Ran, run_main

OPTIONS = ("--deal", "--data-dir", "--ascii", "--autoplay", "--game", "--cells")
#: Subcommands that read the data folder only when it is there (replay: a code's par; config:
#: the settings' theme), never make it.
READS_ONLY = {"replay", "config"}
#: What each subcommand takes of the game's options: the promise under test.
TAKES = {
    "play": {"--deal", "--data-dir", "--ascii", "--autoplay", "--game", "--cells"},
    "serve": {"--deal", "--data-dir", "--ascii", "--autoplay", "--game", "--cells"},
    "deal": {"--game", "--cells"},
    "replay": {"--deal", "--data-dir", "--autoplay", "--game", "--cells"},
    "solve": {"--autoplay", "--game", "--cells"},
    "saves": {"--data-dir"},
    "export": {"--data-dir"},
    "import": {"--data-dir"},
    "share": {"--data-dir"},
    "watch": {"--data-dir", "--ascii"},
    "stats": {"--data-dir", "--autoplay", "--game", "--cells"},
    "klondike": {"--ascii"},
    "config": {"--data-dir"},
}
#: The value each option is given in these tests (``None``: a flag).
VALUES = {"--deal": "617", "--ascii": None, "--autoplay": "all", "--game": "bakers", "--cells": "3"}
#: Where a command's default is another value, one that differs from it: replay's default is
#: autoplay safe, which plays its moves as "all" does.
VALUES_FOR = {
    ("replay", "--autoplay"): "off",
    ("deal", "--game"): "seahaven",
    ("replay", "--game"): "seahaven",
    ("replay", "--cells"): "5",
    ("solve", "--game"): "freecell",
    ("solve", "--cells"): "4",
}
#: Where the option, as given, changes nothing the command prints: stats without finished games
#: print the same table; the solver plays only classic FreeCell (yet), whose --game and --cells
#: are the defaults; a deal's text does not show its empty free cells.
SAME_OUTPUT = {
    ("stats", "--autoplay"),
    ("solve", "--game"),
    ("solve", "--cells"),
    ("deal", "--cells"),
    ("config", "--data-dir"),
}
#: A value each subcommand that takes the option refuses.
BAD_VALUES = {"--deal": "0", "--autoplay": "sometimes", "--game": "klondike", "--cells": "9"}


class Runner:
    """``freecell-tui ARGS`` through ``main`` in this process, each run with data folders of its
    own (``{D}`` in an argument is a new folder's path, written back as ``{D}`` in the output)."""

    def __init__(self, root: Path, saved_game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        self.saved_game = saved_game
        self.monkeypatch = monkeypatch
        self.folders: list[Path] = []
        self._numbers = count()
        self.served: list[str] = []

    def folder(self) -> Path:
        path = self.root / f"data-{next(self._numbers)}"
        self.folders.append(path)
        return path

    def run(self, argv: list[str], stdin: str = "") -> Ran:
        folder = self.folder()
        argv = [word.replace("{D}", str(folder)) for word in argv]
        argv = [word.replace("{SAVED}", str(self.saved_game)) for word in argv]
        if (
            "export" in argv or "share" in argv or "watch" in argv
        ) and "--data-dir" in argv:  # the save to read
            imported = run_main(
                *("import", str(self.saved_game), "--name", "kept", "--data-dir", str(folder))
            )
            assert imported.returncode == 0, imported
        if "serve" in argv:
            self._fake_server()
        ran = run_main(*argv, stdin=stdin)
        text = ran.stdout + "".join(f"served: {line}\n" for line in self.served)
        self.served.clear()
        return Ran(ran.returncode, _steady(text, folder), _steady(ran.stderr, folder))

    def _fake_server(self) -> None:
        """``serve`` with a server that says it listens and records the game's command."""
        pytest.importorskip(
            "textual_serve", reason="textual-serve (the web extra) is not installed"
        )
        import freecell_tui.ui.web.server as web_server

        served = self.served

        class Server:
            def __init__(self, command: str, **_: object) -> None:
                self.command = command

            def run(self, ready: object) -> None:
                ready()  # type: ignore[operator]
                served.append(self.command)

        self.monkeypatch.setattr(web_server, "GameServer", Server)


def _steady(text: str, folder: Path) -> str:
    """``text`` without what differs from run to run: the folder, times, the server's token."""
    text = text.replace(str(folder), "{D}")
    text = re.sub(r"data-\d+", "data-N", text)
    text = re.sub(r"[0-9.]+ s\)", "T s)", text)
    return re.sub(r"token=[\w-]+", "token=T", text)


def _folders_of_its_own(patch: pytest.MonkeyPatch, root: Path) -> Path:
    """A home folder in ``root`` (its path), XDG folders there too (not made), and no data
    folder named by the environment."""
    home = root / "home"
    home.mkdir()
    patch.setenv("HOME", str(home))
    patch.delenv("FREECELL_TUI_DATA_DIR", raising=False)
    for name in ("DATA", "CONFIG", "STATE", "CACHE"):
        patch.setenv(f"XDG_{name}_HOME", str(root / f"xdg-{name.lower()}"))
    return home


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A home folder of the test's own, with no data folder named by the environment; after the
    test, nothing was created in it, nor in any XDG folder."""
    home = _folders_of_its_own(monkeypatch, tmp_path)
    yield home
    assert list(home.iterdir()) == []
    for name in ("data", "config", "state", "cache"):
        assert not (tmp_path / f"xdg-{name}").exists(), f"the real {name} folder was created"


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game saved as "kept" and exported to a file, made once for the module (the commands
    only read it), with folders of its own and no config file."""
    folder = tmp_path_factory.mktemp("saved")
    made, saved_game = folder / "made", folder / "kept.json"
    with pytest.MonkeyPatch.context() as patch:
        _folders_of_its_own(patch, folder)
        patch.setenv("FREECELL_TUI_CONFIG", str(folder / "no-config.toml"))
        played = run_main(
            *("play", "--plain", "--deal", "1", "--data-dir", str(made)),
            stdin="3a\nsave kept\nquit\n",
        )
        assert played.returncode == 0, played
        exported = run_main("export", "kept", str(saved_game), "--data-dir", str(made))
        assert exported.returncode == 0, exported
    return saved_game


@pytest.fixture
def runner(tmp_path: Path, saved_game: Path, monkeypatch: pytest.MonkeyPatch) -> Runner:
    return Runner(tmp_path, saved_game, monkeypatch)


#: Each subcommand's arguments besides the game's options, and its standard input.
COMMANDS: dict[str, tuple[list[str], str]] = {
    "play": (["play", "--plain"], "q\n"),
    "serve": (["serve"], ""),
    "deal": (["deal", "1"], ""),
    "replay": (["replay"], "6a 6d\n"),  # column 6's ace is then free to go home
    "solve": (["solve", "1", "--jobs", "1"], ""),
    "saves": (["saves"], ""),
    "export": (["export", "kept", "-"], ""),
    "import": (["import", "{SAVED}", "--name", "again"], ""),
    "share": (["share", "kept"], ""),
    "watch": (["watch", "kept"], "next\nboard\n"),
    "stats": (["stats"], ""),
    "klondike": (["klondike", "--games", "3", "--seed", "1", "--jobs", "1", "--show", "1"], ""),
    "config": (["config"], ""),
}


def _given(option: str, value: str | None = None, command: str = "") -> list[str]:
    if option == "--data-dir":
        return [option, "{D}"]
    value = VALUES_FOR.get((command, option), VALUES[option]) if value is None else value
    return [option] if value is None else [option, value]


def _others(command: str, option: str) -> list[str]:
    """The options a run gives besides the one under test: always a data folder of its own, and
    a fixed deal, where the command takes them."""
    extra = []
    if "--data-dir" in TAKES[command] and option != "--data-dir":
        extra += ["--data-dir", "{D}"]
    if "--deal" in TAKES[command] and option != "--deal":
        extra += ["--deal", "5"]
    return extra


TAKEN = [(command, option) for command, options in TAKES.items() for option in sorted(options)]
NOT_TAKEN = [
    (command, option) for command in TAKES for option in OPTIONS if option not in TAKES[command]
]


def test_the_promise_covers_every_subcommand() -> None:
    parser = build_parser()
    subparsers = next(a for a in parser._actions if a.dest == "==SUPPRESS==" and a.choices)
    assert set(subparsers.choices) == set(TAKES)  # type: ignore[arg-type]


@pytest.mark.parametrize(("command", "option"), TAKEN)
def test_an_option_works_before_the_subcommand_as_after_it(
    runner: Runner, command: str, option: str
) -> None:
    words, stdin = COMMANDS[command]
    others = _others(command, option)
    given = _given(option, command=command)
    before = runner.run([*given, *words, *others], stdin)
    after = runner.run([*words, *others, *given], stdin)
    assert before.returncode == 0, before
    assert before == after
    if option == "--data-dir":
        # Each run's own folder holds the store: none was opened elsewhere (the home fixture);
        # replay and config only read a store or settings that are there, and never make one.
        made = command not in READS_ONLY
        assert all((folder / DB_NAME).is_file() == made for folder in runner.folders[-2:])
        return
    without = runner.run([*words, *others], stdin)
    if (command, option) not in SAME_OUTPUT:
        assert before.stdout != without.stdout, "the option changed nothing"


def test_the_options_show_in_what_the_subcommands_print(runner: Runner) -> None:
    played = runner.run(
        ["--deal", "617", "--ascii", "--autoplay", "off", "--data-dir", "{D}", "play", "--plain"],
        "q\n",
    )
    assert "Deal 617 (expert), 0 moves, 0 of 52 cards home, autoplay off" in played.stdout
    assert "♠" not in played.stdout and "KS" in played.stdout
    replayed = runner.run(["--deal", "617", "replay"])
    assert replayed.stdout == format_position(deal(617)) + "not won\n"
    stats = runner.run(["--data-dir", "{D}", "stats"])
    assert stats.stdout.splitlines()[-1].startswith("No finished games yet")


@pytest.mark.parametrize(("command", "option"), [pair for pair in TAKEN if pair[1] in BAD_VALUES])
def test_a_bad_value_before_the_subcommand_is_refused_as_after_it(
    runner: Runner, command: str, option: str
) -> None:
    words, stdin = COMMANDS[command]
    others = _others(command, option)
    bad = _given(option, BAD_VALUES[option])
    before = runner.run([*bad, *words, *others], stdin)
    after = runner.run([*words, *others, *bad], stdin)
    assert before == after
    assert before.returncode in (2, 64) and before.stdout == ""
    assert len(before.stderr.splitlines()) == 1 and BAD_VALUES[option] in before.stderr


@pytest.mark.parametrize(("command", "option"), NOT_TAKEN)
def test_an_option_the_subcommand_does_not_take_is_refused_in_one_line(
    runner: Runner, command: str, option: str
) -> None:
    words, stdin = COMMANDS[command]
    others = _others(command, option)
    given = _given(option, command=command)
    before = runner.run([*given, *words, *others], stdin)
    after = runner.run([*words, *others, *given], stdin)
    code = 64 if command == "solve" else 2
    assert (before.returncode, before.stdout) == (code, "")
    assert before.stderr == (
        f"freecell-tui {command}: error: {command} takes no {option} option (it was given "
        f"before {command}) (see freecell-tui {command} --help)\n"
    )
    assert (after.returncode, after.stdout) == (code, "")
    assert after.stderr.startswith(
        f"freecell-tui {command}: error: unrecognized arguments: {option}"
    )
    assert len(after.stderr.splitlines()) == 1
    if option == "--data-dir":
        assert not any(folder.exists() for folder in runner.folders[-2:])


def test_data_dir_before_stats_is_the_folder_used(runner: Runner, tmp_path: Path) -> None:
    """The reported case: ``freecell-tui --data-dir D stats`` read (and created) the real data
    folder instead of D."""
    played = runner.run(
        ["--data-dir", str(tmp_path / "mine"), "play", "--plain", "--deal", "3"],
        "3a\nsave here\nq\n",
    )
    assert played.returncode == 0
    saves = runner.run(["--data-dir", str(tmp_path / "mine"), "saves"])
    assert "here" in saves.stdout
    stats = runner.run(["--data-dir", str(tmp_path / "mine"), "stats"])
    assert stats.returncode == 0 and (tmp_path / "mine" / DB_NAME).is_file()
