"""What a command's start costs: modules that only some commands need are imported when used.
Every command (and every program the suite starts, some 400) pays for what the start imports."""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys

import pytest

from freecell_tui.cli import SUBCOMMANDS, Subcommands, build_parser

#: Imported only when used: package metadata (12 ms of a start; read for Textual's version).
UNUSED_AT_START = ("importlib.metadata",)

#: What printing a deal has no use for: the other commands' modules, the saves, the sessions,
#: the rules and games, the solver, Klondike, the full-screen game, and OpenSSL's hashes (the
#: daily deal's).
UNUSED_BY_DEAL = (
    *(module for _, module, _ in SUBCOMMANDS if module != "freecell_tui.cli.deal"),
    "freecell_tui.store",
    "freecell_tui.session",
    "freecell_tui.core.autoplay",
    "freecell_tui.core.game",
    "freecell_tui.core.rules",
    "freecell_tui.core.solver",
    "freecell_tui.klondike",
    "freecell_tui.line",
    "textual",
    "rich",
    "hashlib",
)

#: What solving a deal has no use for: the play session and its command parser, line mode, the
#: database and the full-screen game (it reads a par's type from the store, and searches).
UNUSED_BY_SOLVE = (
    "freecell_tui.session.play",
    "freecell_tui.session.parse",
    "freecell_tui.store.database",
    "freecell_tui.line",
    "textual",
    "rich",
)

#: What the full-screen game has no use for until its first frame is drawn: the screens opened
#: later (each imported where it is pushed: the viewer, help, saves, statistics, Klondike, the
#: dialogs, and the resume prompt when there is no game to resume), the viewer's review, and
#: OpenSSL's hashes (the store's tokens are ``os.urandom``'s).
UNUSED_BY_THE_GAME_AT_START = (
    "freecell_tui.ui.screens.viewer",
    "freecell_tui.ui.screens.help",
    "freecell_tui.ui.screens.saves",
    "freecell_tui.ui.screens.stats",
    "freecell_tui.ui.screens.klondike",
    "freecell_tui.ui.screens.dialogs",
    "freecell_tui.ui.screens.resume",
    "freecell_tui.session.review",
    "freecell_tui.klondike",
    "hashlib",
)

PROGRAM = (
    "import json, sys\n"
    "from freecell_tui.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def _imported(args: list[str], stdin: str) -> set[str]:
    """The modules ``freecell-tui ARGS`` imported."""
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stderr.strip().splitlines()[-1]))


def test_dealing_and_playing_in_line_mode_import_no_package_metadata() -> None:
    for args, stdin in ((["deal", "1"], ""), (["play", "--plain", "--deal", "1"], "3a\nq\n")):
        imported = _imported(args, stdin)
        assert not imported & set(UNUSED_AT_START), (args, imported & set(UNUSED_AT_START))


def test_dealing_imports_no_other_command_and_no_heavy_part() -> None:
    imported = _imported(["deal", "1"], "")
    assert "freecell_tui.cli.deal" in imported
    unused = {
        module
        for module in imported
        if any(module == name or module.startswith(f"{name}.") for name in UNUSED_BY_DEAL)
    }
    assert not unused, sorted(unused)


def test_solving_imports_no_play_session_and_no_database() -> None:
    """Importing a package (the session, the store) imports none of its modules: a command
    imports the ones it uses."""
    imported = _imported(["solve", "1"], "")
    assert "freecell_tui.session.par" in imported and "freecell_tui.store.pars" in imported
    unused = {
        module
        for module in imported
        if any(module == name or module.startswith(f"{name}.") for name in UNUSED_BY_SOLVE)
    }
    assert not unused, sorted(unused)


FIRST_FRAME = (
    "import asyncio, json, sys, tempfile\n"
    "from freecell_tui.ui.app import FreeCellApp\n"
    "async def main():\n"
    "    with tempfile.TemporaryDirectory() as folder:\n"
    "        app = FreeCellApp(deal=1, data_dir=folder, par_seconds=None)\n"
    "        async with app.run_test(size=(100, 32)) as pilot:\n"
    "            await pilot.pause()\n"
    "            assert app.screen is app.game_screen and app.game_screen.board.is_mounted\n"
    "            print(json.dumps(sorted(sys.modules)))\n"
    "asyncio.run(main())\n"
)


@pytest.mark.parametrize("driver", ["", "import freecell_tui.ui.web.driver\n"])
def test_the_game_imports_no_later_screen_until_its_first_frame(driver: str) -> None:
    """The game's first frame, headless: the screens opened later are imported when pushed.
    A served game imports its driver too (no hashes: those are the server's)."""
    result = subprocess.run(
        [sys.executable, "-c", driver + FIRST_FRAME], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    imported = set(json.loads(result.stdout.strip().splitlines()[-1]))
    assert "freecell_tui.ui.screens.game" in imported
    unused = {
        module
        for module in imported
        if any(
            module == name or module.startswith(f"{name}.") for name in UNUSED_BY_THE_GAME_AT_START
        )
    }
    assert not unused, sorted(unused)


#: The search, which the game imports when it first searches (its check of a deal waits a moment
#: after the first frame, in a worker thread): its first frame needs a position's key only.
THE_SEARCH = (
    "freecell_tui.core.solver.portfolio",
    "freecell_tui.core.solver.search",
    "freecell_tui.core.solver.fewest",
    "freecell_tui.core.solver.turns",
    "freecell_tui.core.solver.winnable",
)


def test_importing_the_game_imports_no_search() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, sys, freecell_tui.ui.app\nprint(json.dumps(sorted(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    imported = set(json.loads(result.stdout))
    assert "freecell_tui.core.solver.keys" in imported
    assert not imported & set(THE_SEARCH), sorted(imported & set(THE_SEARCH))


FROZEN = (
    "import gc, json, socket, sys, tempfile\n"
    "from freecell_tui.cli import main\n"
    "taken = socket.socket()\n"
    "taken.bind(('127.0.0.1', 0))\n"
    "taken.listen()\n"
    "args = [a.replace('PORT', str(taken.getsockname()[1])) for a in sys.argv[1:]]\n"
    "with tempfile.TemporaryDirectory() as folder:\n"
    "    code = main([*args, '--data-dir', folder])\n"
    "print(json.dumps([code, gc.get_freeze_count(), gc.isenabled()]))\n"
)


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["play", "--deal", "1"], 2),  # imported, then refused: no terminal
        (["serve", "--port", "PORT"], 1),  # imported and checked, then refused: the port is taken
    ],
)
def test_the_game_and_the_server_are_imported_without_the_collector(
    args: list[str], code: int
) -> None:
    """What the full-screen game and ``serve`` import is frozen (:func:`gc.freeze`): the
    collections of a start walk only what the start made, and the collector runs again."""
    result = subprocess.run(
        [sys.executable, "-c", FROZEN, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    exit_code, frozen, enabled = json.loads(result.stdout.strip().splitlines()[-1])
    assert exit_code == code, result.stderr
    assert frozen > 10_000 and enabled


def test_frozen_imports_leave_the_collector_as_they_found_it() -> None:
    from freecell_tui.lazy import frozen_imports

    was_frozen = gc.get_freeze_count()
    try:
        assert gc.isenabled()
        with frozen_imports():
            assert not gc.isenabled()
        assert gc.isenabled() and gc.get_freeze_count() > was_frozen
        gc.disable()
        with frozen_imports():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
        if not was_frozen:  # the test process's objects as they were
            gc.unfreeze()


def _subcommands(parser: argparse.ArgumentParser) -> Subcommands:
    return next(action for action in parser._actions if isinstance(action, Subcommands))


def _all_built() -> argparse.ArgumentParser:
    parser = build_parser()
    for name, _, _ in SUBCOMMANDS:
        _subcommands(parser).build(name)
    return parser


def test_the_command_list_is_the_same_before_and_after_the_commands_are_built() -> None:
    unbuilt = build_parser()
    assert all(name in unbuilt.format_help() for name, _, _ in SUBCOMMANDS)
    assert unbuilt.format_help() == _all_built().format_help()


@pytest.mark.parametrize("command", [name for name, _, _ in SUBCOMMANDS])
def test_a_command_built_alone_has_the_help_and_defaults_it_has_among_all(command: str) -> None:
    alone = build_parser()
    _subcommands(alone).build(command)
    own = _subcommands(alone).choices[command]
    among_all = _subcommands(_all_built()).choices[command]
    assert own.format_help() == among_all.format_help()
    assert own.format_help().startswith(f"usage: freecell-tui {command} ")
    assert _comparable(own._defaults) == _comparable(among_all._defaults)


def _comparable(defaults: dict[str, object]) -> dict[str, object]:
    """A parser's defaults, each function by its name (a parser's own ``error`` is its own)."""
    return {key: getattr(value, "__qualname__", value) for key, value in defaults.items()}


def test_help_for_a_command_is_printed_from_its_own_module(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from freecell_tui.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["solve", "--help"])
    assert exit_.value.code == 0
    solve = build_parser()
    _subcommands(solve).build("solve")
    assert capsys.readouterr().out == _subcommands(solve).choices["solve"].format_help()
