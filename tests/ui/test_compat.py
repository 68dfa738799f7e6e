"""The workarounds of ui/compat.py against the Textual installed: each does what it says on the
versions it was checked against, and nothing (rather than guess) on others."""

from __future__ import annotations

import asyncio
import gc
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from textual.command import CommandList
from textual.events import Key
from textual.messages import ExitApp
from textual.pilot import Pilot

from freecell_tui.ui import compat
from freecell_tui.ui.palette import GuardedPalette

from ..harness import FakeDriver, input_parser, page_command_list, parser_wait_over, set_driver
from .helpers import SIZE, click_on_option, make_app, wait_for


class Driver:
    def __init__(self) -> None:
        self.written: list[str] = []
        self.flushed = 0

    def write(self, text: str) -> None:
        self.written.append(text)

    def flush(self) -> None:
        self.flushed += 1


def test_the_installed_textual_is_one_the_workarounds_were_checked_against() -> None:
    """A newer Textual than the workarounds were checked against is allowed (the pin is below the
    next major version): each workaround then stands down, and the game still plays (the next
    test). The skip says the workarounds are to be checked against it; on a checked one they
    are in force."""
    if not compat.checked():
        pytest.skip(f"Textual {compat.TEXTUAL}: check every workaround of ui/compat.py against it")
    assert compat.guard_input() is True


def test_the_oldest_textual_the_package_allows_is_one_the_workarounds_were_checked_against() -> (
    None
):
    import re
    import tomllib

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    dependencies = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    (pin,) = [d for d in dependencies if d.startswith("textual")]
    found = re.search(r">=\s*(\d+)\.(\d+)", pin)
    assert found is not None, pin
    assert (int(found[1]), int(found[2])) in compat.CHECKED, pin


@pytest.mark.usefixtures("unchecked")
async def test_on_an_unchecked_textual_a_whole_game_is_typed_in_one_burst_and_won(
    tmp_path: Path,
) -> None:
    """Every workaround standing down, as on a Textual they were not checked against: deal 1's
    solution typed at once still wins, and every move is on disk."""
    from textual import events

    from freecell_tui.core.autoplay import AutoplayMode
    from freecell_tui.store import Result, Store

    from .helpers import game, stored_turns
    from .test_typing import solution_keys

    keys = solution_keys(1)
    names = {"+": "plus", "-": "minus"}
    app = make_app(tmp_path, deal=1, autoplay=AutoplayMode.OFF)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in keys:
            app.post_message(events.Key(names.get(key, key), key))  # typed at once
        await wait_for(pilot, lambda: game(app).state.is_won, "deal 1 won", timeout=60)
    (result,) = Store.open(tmp_path).store.results.all().items
    assert result.result is Result.WON and stored_turns(tmp_path) == []


def test_write_to_terminal_writes_through_the_apps_driver(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    assert compat.write_to_terminal(app, "x") is False  # not running: no driver
    driver = Driver()
    set_driver(app, driver)
    assert compat.write_to_terminal(app, "\x1b[6n") is True
    assert driver.written == ["\x1b[6n"] and driver.flushed == 1


def test_write_to_terminal_does_nothing_on_an_unchecked_textual(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compat, "TEXTUAL", (99, 0))
    app = make_app(tmp_path)
    driver = Driver()
    set_driver(app, driver)
    assert compat.write_to_terminal(app, "x") is False and driver.written == []


@pytest.fixture
def unchecked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Textual the workarounds were not checked against."""
    monkeypatch.setattr(compat, "TEXTUAL", (99, 0))


def test_exit_app_from_driver_posts_exit_to_the_drivers_app() -> None:
    driver = FakeDriver()
    compat.exit_app_from_driver(driver)  # type: ignore[arg-type]
    assert [type(m) for m in driver.posted] == [ExitApp] and driver.sent == []


@pytest.mark.usefixtures("unchecked")
def test_exit_app_from_driver_on_an_unchecked_textual_sends_through_the_public_api() -> None:
    driver = FakeDriver()
    compat.exit_app_from_driver(driver)  # type: ignore[arg-type]
    assert [type(m) for m in driver.sent] == [ExitApp] and driver.posted == []


class Crashing(compat.ReportingApp[None]):
    def __init__(self) -> None:
        super().__init__()
        self.errors: list[Exception] = []

    def crashed(self, error: Exception) -> None:
        self.errors.append(error)

    def on_mount(self) -> None:
        raise RuntimeError("boom")


async def crash() -> Crashing:
    app = Crashing()
    with pytest.raises(RuntimeError, match="boom"):  # Textual's test driver raises it again
        async with app.run_test():
            pass
    return app


async def test_reporting_app_tells_of_the_error_and_keeps_the_traceback_off_the_terminal(
    capfd: pytest.CaptureFixture[str],
) -> None:
    app = await crash()
    assert [str(error) for error in app.errors] == ["boom"]
    assert "Traceback" not in "".join(capfd.readouterr())


@pytest.mark.usefixtures("unchecked")
async def test_reporting_app_on_an_unchecked_textual_tells_and_leaves_the_traceback(
    capfd: pytest.CaptureFixture[str],
) -> None:
    app = await crash()
    assert [str(error) for error in app.errors] == ["boom"]
    assert "Traceback" in "".join(capfd.readouterr())  # Textual's own behaviour


async def palette(pilot: Pilot[None]) -> GuardedPalette:
    await pilot.press("ctrl+p")
    shown = pilot.app.screen
    assert isinstance(shown, GuardedPalette)
    return shown


async def test_the_palettes_list_is_the_guarded_one(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=SIZE) as pilot:
        shown = await palette(pilot)
        assert type(shown.query_one(CommandList)) is compat.GuardedCommandList


@pytest.mark.usefixtures("unchecked")
async def test_the_palette_on_an_unchecked_textual_is_textuals_own(tmp_path: Path) -> None:
    """Each guard steps aside: Textual's own list, and its own crashes."""
    app = make_app(tmp_path)
    with pytest.raises(IndexError):  # Textual's test driver raises the app's crash again
        async with app.run_test(size=SIZE) as pilot:
            shown = await palette(pilot)
            options = shown.query_one(CommandList)
            assert type(options) is CommandList
            with pytest.raises(KeyError), patched_command_list_action(KeyError(0)):
                page_command_list(shown, "page_down")
            options.post_message(click_on_option(options, 10_000))  # far past any list
            await pilot.pause()
    assert app.crash_report is not None


async def test_paging_the_palette_before_its_lines_are_built_is_nothing(tmp_path: Path) -> None:
    async with make_app(tmp_path).run_test(size=SIZE) as pilot:
        shown = await palette(pilot)
        for error in (KeyError(0), IndexError(0)):
            with patched_command_list_action(error):
                page_command_list(shown, "page_down")  # no error


@contextmanager
def patched_command_list_action(error: Exception) -> Iterator[None]:
    """The palette's list paging as it did before its lines were built: raising ``error``."""

    def page_down(self: CommandList) -> None:
        raise error

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(CommandList, "action_page_down", page_down)
        yield


def test_a_paste_keeps_its_text_but_not_its_escapes_however_the_reads_split_it() -> None:
    start, end = compat.PASTE_START, compat.PASTE_END
    typed = "ab" + start + "x\x1b[31my\x1b" + end + "\x1b[Ac\x1b"
    wanted = "ab" + start + "x[31my" + end + "\x1b[Ac\x1b"
    for first in range(len(typed) + 1):
        for second in range(first, len(typed) + 1):
            sanitize = compat.PasteSanitizer()
            got = sanitize(typed[:first]) + sanitize(typed[first:second]) + sanitize(typed[second:])
            assert got == wanted, (first, second)


def test_a_lone_escape_outside_a_paste_is_never_held_back() -> None:
    sanitize = compat.PasteSanitizer()
    assert sanitize("\x1b") == "\x1b"
    assert sanitize("\x1b[20") == "\x1b[20"  # a key's sequence that only looks like a marker


def test_the_driver_reads_pastes_through_the_sanitizer() -> None:
    from textual.drivers import linux_driver

    assert compat.guard_input() is True
    parser = input_parser(linux_driver)
    events = list(parser.feed(compat.PASTE_START + "3a\x1b[31m deal" + compat.PASTE_END))
    events += list(parser.feed(""))
    assert [type(event).__name__ for event in events] == ["Paste"]
    assert events[0].text == "3a[31m deal"


def test_an_escape_typed_before_a_key_is_two_keys_however_the_reads_split_it() -> None:
    typed = "3\x1b4a\x1b\x1b5\x1b[A6\x1bOP\x1b"
    wanted = "3\x1b[27u4a\x1b\x1b[27u5\x1b[A6\x1bOP\x1b"
    for cut in range(len(typed) + 1):
        split = compat.EscapeSplitter()
        assert split(typed[:cut]) + split(typed[cut:]) == wanted, cut


def _keys(events: list[object]) -> list[str]:
    return [event.key for event in events if isinstance(event, Key)]


def test_the_driver_reads_escape_then_a_key_as_both_keys() -> None:
    from textual.drivers import linux_driver

    assert compat.guard_input() is True
    parser = input_parser(linux_driver)
    events = list(parser.feed("3\x1b4a"))  # Esc then 4, in one read: not "£"
    events += list(parser.feed("\x1b"))
    events += list(parser.feed("h"))  # Esc, then h in the next read: not alt+h
    events += list(parser.feed("\x1b\x1b5\x1b[A"))  # Esc, Esc, 5, up
    events += list(parser.feed(""))
    assert _keys(events) == ["3", "escape", "4", "a", "escape", "h", "escape", "escape", "5", "up"]


def test_an_escape_the_parser_sent_alone_leaves_the_next_key_alone() -> None:
    from textual.drivers import linux_driver

    assert compat.guard_input() is True
    parser = input_parser(linux_driver)
    events = list(parser.feed("\x1b"))
    with parser_wait_over():  # from here on
        events += list(parser.tick())
        events += list(parser.feed("4"))
        events += list(parser.feed(""))
    assert _keys(events) == ["escape", "4"]


def test_the_browser_driver_reads_input_through_the_same_guard() -> None:
    from textual.drivers import web_driver

    assert compat.guard_input() is True
    parser = input_parser(web_driver)
    events = list(parser.feed("3\x1b4a" + compat.PASTE_START + "x\x1b[31my" + compat.PASTE_END))
    events += list(parser.feed(""))
    assert _keys(events) == ["3", "escape", "4", "a"]
    assert [event.text for event in events if type(event).__name__ == "Paste"] == ["x[31my"]


def test_serve_runs_on_the_textual_serve_it_was_checked_against() -> None:
    """The extra's pin (``textual-serve>=1.1,<1.2``) admits only checked versions."""
    import tomllib

    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    extras = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    (pin,) = [d for d in extras["web"] if d.startswith("textual-serve")]
    assert pin == "textual-serve>=1.1,<1.2" and compat.SERVE_CHECKED == ((1, 1),)
    assert compat.serve_unchecked() is None


def test_serve_on_an_unchecked_textual_serve_says_so_in_one_line_and_does_not_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ui.web.server overrides textual-serve's private methods, the token's middleware among them:
    on a version they were not checked against, serve refuses rather than guess."""
    from freecell_tui.cli import main

    real = compat.version
    monkeypatch.setattr(
        compat, "version", lambda name: "1.2.0" if name == "textual-serve" else real(name)
    )
    code = main(["serve", "--data-dir", str(tmp_path), "--port", "1"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.strip().splitlines() == [
        "freecell-tui serve: error: textual-serve 1.2 is installed, but serve was checked against 1.1 "
        "only: pip install 'textual-serve>=1.1,<1.2'"
    ]


def _a_closed_server_leaving_two_connections_unclosed() -> list[object]:
    """A server that closes while two of its connections are open, neither closed before the
    loop ends: their transports are left to the collector, in a cycle with their protocols.
    Returns the server and the clients' ends (kept until the caller lets them go)."""

    class Held(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport = transport  # the transport holds its protocol: a cycle
            made.append(self)

    made: list[Held] = []

    async def scene() -> list[object]:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(Held, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        clients = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]
        while len(made) < 2:
            await asyncio.sleep(0.01)
        server.close()  # two connections still open: nothing to wake yet
        made.clear()
        return [server, *(writer.transport.get_extra_info("socket").dup() for _, writer in clients)]

    return asyncio.run(scene())


def test_a_closed_servers_connections_collected_unclosed_say_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """python/cpython#109564 since CPython 3.13: two transports of a closed server collected
    unclosed together woke the server twice, and the second raised ``TypeError`` ("Exception
    ignored in ... __del__" on serve's stderr as it stopped). Mended from 3.13 on (before, a
    transport's ``__del__`` does not tell its server)."""
    mended = compat.mend_server_close_race()
    assert mended == (sys.version_info >= (3, 13)), "upstream mended it? then drop the mend"
    ignored: list[BaseException | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda found: ignored.append(found.exc_value))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)  # an unclosed transport: the scene
        server, *clients = _a_closed_server_leaving_two_connections_unclosed()
        gc.collect()
    for client in clients:
        client.close()  # type: ignore[attr-defined]
    del server
    assert ignored == []
