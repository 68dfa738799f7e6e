"""``freecell-tui serve``'s command line, without serving: its help, arguments checked before
anything starts, the game's command line through the shell, the address warning, a port in
use, a data folder that cannot be written, and the web extra missing."""

from __future__ import annotations

import json
import shlex
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from datetime import date
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.cli.serve import (
    browser_url,
    browser_urls,
    is_loopback,
    served_argv,
    shell_command,
)
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.ui.web.guard import machine_addresses

from .helpers import AWKWARD_NAME, Served, needs_textual_serve


def serve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``freecell-tui serve ARGS…`` in this process: exit code, stdout, stderr."""
    try:
        code = main(["serve", *args])
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_help_documents_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = serve(capsys, "--help")
    assert code == 0
    for option in ("--host ADDRESS", "--port PORT", "--data-dir DIR", "--deal N", "--autoplay"):
        assert option in out
    assert "--ascii" in out
    assert "--max-games N" in out
    assert "default 127.0.0.1: this computer only" in " ".join(out.split())
    assert "anyone who has the address printed, with its token, can play" in " ".join(out.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "0"], "argument --port: '0' is not a port number: use 1 to 65535"),
        (["--port", "65536"], "argument --port: '65536' is not a port number: use 1 to 65535"),
        (["--port", "http"], "argument --port: 'http' is not a port number: use 1 to 65535"),
        (["--deal", "0"], "deal 0 does not exist: deals are numbered 1 to 8,589,934,591"),
        (["--autoplay", "never"], "'never' is not an autoplay mode: use off, safe or all"),
        (["--daily", "--deal", "5"], "--daily and --deal both choose the deal: give one of them"),
        (["--daily", "2026-02-30"], "--daily: '2026-02-30' is not a date: write it as 2026-11-26"),
        (["--daily", "9999-01-01"], "--daily: the daily deal of 9999-01-01 is not out yet"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    code, out, err = serve(capsys, *args, "--data-dir", str(tmp_path))
    assert code == 2
    assert out == ""
    assert err.startswith(f"freecell-tui serve: error: {message}")
    assert err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # nothing was opened, nothing was served


def test_without_the_web_extra_it_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # As if not installed: its modules a test before may have loaded too (a submodule found in
    # sys.modules is imported whatever its package's entry says).
    loaded = [name for name in sys.modules if name.split(".")[0] == "textual_serve"]
    for name in {"textual_serve", *loaded}:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.delitem(sys.modules, "freecell_tui.ui.web.server", raising=False)
    code, out, err = serve(capsys, "--data-dir", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == (
        "freecell-tui serve: error: playing in a browser needs textual-serve: "
        "pip install 'freecell-tui[web]'\n"
    )


def test_the_game_command_line_comes_through_the_shell_word_for_word(tmp_path: Path) -> None:
    data_dir = tmp_path / AWKWARD_NAME
    argv = served_argv(data_dir, deal=617, autoplay=AutoplayMode.ALL, ascii=True)
    assert argv == [
        sys.executable,
        "-m",
        "freecell_tui",
        "--data-dir",
        str(data_dir),
        "--deal",
        "617",
        "--autoplay",
        "all",
        "--ascii",
    ]
    assert shlex.split(shell_command(argv)) == ["exec", *argv]
    assert served_argv(data_dir, daily=True)[-1] == "--daily"  # each tab: the day it opens
    assert served_argv(data_dir, daily=date(2026, 1, 1))[-1] == "--daily=2026-01-01"
    # textual-serve runs its command with /bin/sh -c, as shell=True does: a program that
    # prints its arguments, in place of the game, receives exactly the game's arguments.
    echo = [sys.executable, "-c", "import json, sys; print(json.dumps(sys.argv[1:]))"]
    done = subprocess.run(
        shell_command([*echo, *argv[3:]]), shell=True, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == argv[3:]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.5", False),
        ("freecell.example.org", False),
        ("", False),
    ],
)
def test_only_loopback_addresses_count_as_this_computer(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_the_address_to_open_in_a_browser() -> None:
    assert browser_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert browser_url("0.0.0.0", 8000) == "http://127.0.0.1:8000/"
    assert browser_url("::", 8080) == "http://[::1]:8080/"
    assert browser_url("192.168.1.5", 80) == "http://192.168.1.5:80/"


def test_a_port_in_use_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    needs_textual_serve()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = serve(capsys, "--port", str(port), "--data-dir", str(tmp_path))
    assert (code, out) == (1, "")
    assert err == (
        f"freecell-tui serve: error: cannot listen on 127.0.0.1 port {port}: the port is in "
        "use: stop what uses it, or choose another with --port\n"
    )


def test_listening_beyond_this_computer_warns_that_anyone_can_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    needs_textual_serve()
    with socket.socket() as taken:  # the port is taken, so the warning is all that happens
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = serve(
            capsys, "--host", "0.0.0.0", "--port", str(port), "--data-dir", str(tmp_path)
        )
    warning, error = err.splitlines()
    assert warning == (
        "freecell-tui serve: warning: listening on 0.0.0.0: anyone who has the address printed "
        "below, with its token, can play, see and change the saves, and export and import files "
        "as your user; the connection is not encrypted, so use it only on a network you trust."
    )
    assert error.startswith("freecell-tui serve: error: cannot listen on 0.0.0.0")
    assert code == 1


def test_a_data_folder_that_cannot_be_written_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    needs_textual_serve()
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    code, out, err = serve(capsys, "--data-dir", str(blocker / "saves"), "--port", "1")
    assert (code, out) == (1, "")
    assert err.startswith(f"freecell-tui serve: error: Cannot create the data folder {blocker}")
    assert err.endswith("Games played in a browser could not be kept.\n")


def test_the_server_never_loads_textual() -> None:
    """The server only starts games: they load Textual, the server needs only aiohttp. (The
    command line without ``serve`` loads neither: see tests/core/test_purity.py.)"""
    needs_textual_serve()
    check = (
        "import json, sys, freecell_tui.cli.serve, freecell_tui.ui.web.server; "
        "print(json.dumps([m for m in sys.modules if m.split('.')[0] == 'textual']))"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--host", "\udcff"], "argument --host: '\\udcff' is not a host name or address"),
        (["--host", "a\x00b"], "argument --host: 'a\\x00b' is not a host name or address"),
        (["--host", "x" * 64], f"argument --host: '{'x' * 40}' is not a host name or address"),
        (["--host", "a." * 130], f"argument --host: '{'a.' * 20}' is not a host name or address"),
        (["--max-games", "0"], "argument --max-games: '0' is not a number of games: use 1 to 1000"),
        (
            ["--max-games", "1001"],
            "argument --max-games: '1001' is not a number of games: use 1 to 1000",
        ),
        (
            ["--max-games", "many"],
            "argument --max-games: 'many' is not a number of games: use 1 to 1000",
        ),
    ],
)
def test_hostile_serve_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    code, out, err = serve(capsys, *args, "--data-dir", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"freecell-tui serve: error: {message} (see freecell-tui serve --help)\n"
    assert list(tmp_path.iterdir()) == []


def test_an_undecodable_host_from_the_shell_is_one_line(tmp_path: Path) -> None:
    """``serve --host $'\\xff'``: the byte reaches Python as a lone surrogate."""
    done = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "serve", "--host", b"\xff", "--data-dir", tmp_path],
        capture_output=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr == (
        b"freecell-tui serve: error: argument --host: '\\udcff' is not a host name or address "
        b"(see freecell-tui serve --help)\n"
    )


def test_every_address_printed_carries_the_token() -> None:
    token = "tok_EN-1"
    assert browser_urls("127.0.0.1", 8000, token, ["192.168.1.5"]) == [
        "http://127.0.0.1:8000/?token=tok_EN-1"
    ]
    assert browser_urls("0.0.0.0", 8000, token, ["192.168.1.5", "fd00::5"]) == [
        "http://192.168.1.5:8000/?token=tok_EN-1",
        "http://127.0.0.1:8000/?token=tok_EN-1",
    ]
    assert browser_urls("::", 8000, token, ["192.168.1.5", "fd00::5"]) == [
        "http://192.168.1.5:8000/?token=tok_EN-1",
        "http://[fd00::5]:8000/?token=tok_EN-1",
        "http://[::1]:8000/?token=tok_EN-1",
    ]
    assert browser_urls("0.0.0.0", 8000, token, []) == ["http://127.0.0.1:8000/?token=tok_EN-1"]


def test_every_address_serves_the_page_with_its_token_and_none_without(tmp_path: Path) -> None:
    """``--host 0.0.0.0``: an address for each of this computer's addresses (for the tablet),
    and this computer's own, each with the token; a new token at every start."""
    needs_textual_serve()
    with Served(tmp_path, "--host", "0.0.0.0") as served:
        ipv4 = [a for a in machine_addresses() if ":" not in a]  # 0.0.0.0 is IPv4 only
        expected = [f"http://{a}:{served.port}/?token={served.token}" for a in ipv4]
        assert served.urls == [*expected, f"http://127.0.0.1:{served.port}/?token={served.token}"]
        assert served.printed.splitlines()[0] == (
            "FreeCell is served at these addresses: open one in a web browser."
        )
        for url in served.urls:
            with urllib.request.urlopen(url, timeout=30) as page:
                assert page.status == 200
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(url.split("?")[0], timeout=30)
            assert refused.value.code == 403
        with Served(tmp_path / "other") as other:
            assert other.token != served.token
            assert len(other.token) >= 32


def test_a_data_folder_with_a_line_break_is_printed_escaped(tmp_path: Path) -> None:
    needs_textual_serve()
    data = tmp_path / "saves\nFreeCell is served at evil.example"
    with Served(data) as served:
        [line] = served.printed.splitlines()
        assert line.endswith(
            f"Saves: {tmp_path}/saves\\nFreeCell is served at evil.example. Ctrl+C stops."
        )
        code, _, err = served.stop()
    assert (code, err) == (0, "")
    assert data.is_dir()


def test_a_warning_naming_the_data_folder_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    needs_textual_serve()
    from freecell_tui.store import DB_NAME

    data = tmp_path / "saves\nfake: line"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"not a database" * 100)  # moved aside, with a warning
    with socket.socket() as taken:  # the port is taken, so the warning is all that happens
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = serve(capsys, "--port", str(port), "--data-dir", str(data))
    warning, error = err.splitlines()
    assert warning.startswith("freecell-tui serve: warning: The save file was damaged")
    assert "saves\\nfake: line" in warning
    assert error.startswith("freecell-tui serve: error: cannot listen on 127.0.0.1")
    assert (code, out) == (1, "")
