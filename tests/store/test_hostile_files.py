"""Issue 10: files that are not what they seem. A FIFO, a folder, a device or a link in place of
the database or of settings.json never hangs or crashes the game; an export never writes over
the data folder's own files or over anything but a regular file, even with --force."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.store import DB_NAME, ErrorKind, Store, StoreError
from freecell_tui.store import atomic as atomic_module
from freecell_tui.store.settings import SETTINGS_NAME, Settings, load_settings, save_settings

from .helpers import played

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
#: A program that must not hang is run apart, with a deadline that only a hang reaches.
HANG = 60


def _program(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "freecell_tui", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=HANG,
    )


# ---------------------------------------------------------------------- the database
@needs_fifo
@pytest.mark.parametrize("name", [DB_NAME, f"{DB_NAME}-wal", f"{DB_NAME}-shm"])
def test_a_fifo_in_place_of_the_database_is_reported_not_waited_for(
    tmp_path: Path, name: str
) -> None:
    os.mkfifo(tmp_path / name)
    result = _program("saves", "--data-dir", str(tmp_path))
    assert result.returncode == 0
    assert result.stderr == (
        f"freecell-tui saves: warning: The save file {tmp_path / name} is a FIFO (named pipe), "
        "not a file: it is left alone.\n"
    )
    assert result.stdout.startswith("No saves yet.")
    assert stat.S_ISFIFO(os.lstat(tmp_path / name).st_mode)  # left alone


@needs_fifo
def test_line_mode_plays_on_in_memory_beside_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / DB_NAME)
    result = _program(
        "play", "--plain", "--deal", "1", "--data-dir", str(tmp_path), stdin="3a\nq\n"
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert (
        f"Note: The save file {tmp_path / DB_NAME} is a FIFO (named pipe), not a file: it is left alone."
        in lines
    )
    assert lines[-1] == "Goodbye."


@needs_fifo
def test_a_symbolic_link_to_a_fifo_is_judged_by_what_it_points_to(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / DB_NAME).symlink_to(tmp_path / "pipe")
    result = _program("saves", "--data-dir", str(tmp_path))
    assert (result.returncode, result.stderr) == (
        0,
        f"freecell-tui saves: warning: The save file {tmp_path / DB_NAME} is a FIFO (named pipe), "
        "not a file: it is left alone.\n",
    )


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda path: path.symlink_to("/dev/zero"), "a device"),
        (lambda path: path.mkdir(), "a folder"),
        (lambda path: path.symlink_to(path.with_name("nowhere")), None),
    ],
    ids=["device", "folder", "dangling link"],
)
def test_other_strange_files_in_place_of_the_database(
    tmp_path: Path, make: object, kind: str | None
) -> None:
    path = tmp_path / DB_NAME
    make(path)  # type: ignore[operator]
    opened = Store.open(tmp_path)
    assert opened.store.path is None
    expected = (
        f"The save file {path} is {kind}, not a file: it is left alone."
        if kind
        else f"The save file {path} is a broken symbolic link: it is left alone."
    )
    assert opened.warnings[0] == expected
    assert opened.store.autosaves.save(played(1, 2), 1) is None  # the game goes on, in memory


def test_a_socket_in_place_of_the_database(tmp_path: Path) -> None:
    path = tmp_path / DB_NAME
    if len(str(path)) > 100 or not hasattr(socket, "AF_UNIX"):
        pytest.skip("no room for a Unix socket path here")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        opened = Store.open(tmp_path)
    assert opened.warnings[0] == f"The save file {path} is a socket, not a file: it is left alone."


def test_a_symbolic_link_to_a_real_database_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real"
    store = Store.open(real).store
    store.slots.save("kept", played(2, 3), 1)
    store.close()
    linked = tmp_path / "linked"
    linked.mkdir()
    (linked / DB_NAME).symlink_to(real / DB_NAME)
    opened = Store.open(linked)
    assert opened.warnings == ()
    assert opened.store.slots.load("kept").game == played(2, 3)


# ---------------------------------------------------------------------- settings.json
@needs_fifo
def test_a_fifo_in_place_of_the_settings_file_is_reported_not_waited_for(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / SETTINGS_NAME)
    script = (
        "import sys; from freecell_tui.store.settings import load_settings;"
        "print(load_settings(sys.argv[1]).problems[0])"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=HANG
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"Could not read your settings ({tmp_path / SETTINGS_NAME} is a FIFO (named pipe), not "
        "a file: it is not read); the defaults are used.\n"
    )


def test_settings_from_a_device_or_too_large_are_refused_with_the_defaults(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).symlink_to("/dev/zero")
    script = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2_000_000_000,) * 2);"
        "from freecell_tui.store.settings import Settings, load_settings;"
        "loaded = load_settings(sys.argv[1]); assert loaded.settings == Settings();"
        "print(loaded.problems[0])"
    )
    result = subprocess.run(  # apart: read whole, /dev/zero would never end
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=HANG
    )
    assert (result.returncode, result.stdout) == (
        0,
        f"Could not read your settings ({tmp_path / SETTINGS_NAME} is a device, not a file: it is "
        "not read); the defaults are used.\n",
    )
    (tmp_path / SETTINGS_NAME).unlink()
    (tmp_path / SETTINGS_NAME).write_bytes(b" " * 1_000_001)
    assert load_settings(tmp_path).problems == (
        f"Could not read your settings ({tmp_path / SETTINGS_NAME} is larger than 1 MB: too large "
        "to be a settings file); the defaults are used.",
    )


def test_settings_with_a_bom_and_absurd_values(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).write_bytes(
        b'\xef\xbb\xbf{"four_colour": true, "solve_speed": 1e999, "theme": [[[[1]]]],'
        b' "winnable_deals_only": ' + b"9" * 4000 + b"}"
    )
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings(four_colour=True)
    assert loaded.problems == (
        f"Ignored settings that make no sense in {tmp_path / SETTINGS_NAME}: theme = [[[[1]]]], "
        f"winnable_deals_only = {'9' * 39}…, solve_speed = Infinity.",
    )


# ---------------------------------------------------------------------- export targets
@pytest.fixture
def data(tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    store = Store.open(directory).store
    store.slots.save("mine", played(5, 6), 10)
    store.autosaves.finish(played(8, 4), 4)
    store.autosaves.save(played(7, 3), 3)
    assert save_settings(directory, Settings(four_colour=True)) is None
    (directory / "freecell-tui.damaged-20250101-000000.sqlite3").write_bytes(b"old")
    store.close()
    return directory


def _everything_is_there(directory: Path) -> None:
    opened = Store.open(directory)
    assert opened.warnings == ()
    store = opened.store
    assert [slot.name for slot in store.slots.all().items] == ["mine"]
    assert store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 1
    assert store.autosaves.offer().saved is not None
    assert load_settings(directory).settings.four_colour
    store.close()


@pytest.mark.parametrize(
    "name",
    [
        DB_NAME,
        f"{DB_NAME}-wal",
        f"{DB_NAME}-shm",
        f"{DB_NAME}-journal",
        SETTINGS_NAME,
        "freecell-tui.damaged-20250101-000000.sqlite3",
        "locks/anything.lock",
    ],
)
def test_export_force_never_writes_over_the_data_folders_own_files(
    data: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """Issue 10: ``export SLOT <the database file> --force`` destroyed every save."""
    (data / "locks").mkdir(exist_ok=True)
    target = data / name
    before = target.read_bytes() if target.exists() else None
    code = main(["export", "mine", str(target), "--force", "--data-dir", str(data)])
    _, err = capsys.readouterr()
    assert code == 1
    assert err == (
        f"freecell-tui export: error: {target} is one of freecell-tui's own files: "
        "export to another file.\n"
    )
    if not name.startswith(DB_NAME):  # the database itself changes as the command opens it
        assert (target.read_bytes() if target.exists() else None) == before
    _everything_is_there(data)


def test_export_refuses_the_database_under_another_name(data: Path, tmp_path: Path) -> None:
    store = Store.open(data).store
    os.link(data / DB_NAME, tmp_path / "hard-link.json")
    (tmp_path / "through").symlink_to(data, target_is_directory=True)
    for target in (
        tmp_path / "hard-link.json",
        tmp_path / "through" / DB_NAME,
        data / ".." / "data" / DB_NAME,
    ):
        with pytest.raises(StoreError) as caught:
            store.slots.export("mine", target, overwrite=True)
        assert (
            caught.value.message
            == f"{target} is one of freecell-tui's own files: export to another file."
        )
    store.close()
    _everything_is_there(data)


def test_export_into_the_data_folder_under_a_new_name_is_fine(data: Path) -> None:
    store = Store.open(data).store
    assert store.slots.export("mine", data / "mine.json").read_text().startswith("{")
    store.close()


@pytest.mark.parametrize("kind", ["fifo", "symlink", "folder", "dangling symlink", "device"])
def test_export_force_never_writes_over_anything_but_a_regular_file(
    data: Path, tmp_path: Path, kind: str
) -> None:
    target = tmp_path / "target"
    precious = tmp_path / "precious.txt"
    precious.write_text("precious")
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(target)
        shown = "a FIFO (named pipe)"
    elif kind == "symlink":
        target.symlink_to(precious)
        shown = "a symbolic link"
    elif kind == "dangling symlink":
        target.symlink_to(tmp_path / "nowhere")
        shown = "a symbolic link"
    elif kind == "folder":
        target.mkdir()
        shown = "a folder"
    else:
        try:
            os.mknod(target, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # a copy of /dev/null
        except (OSError, AttributeError):
            pytest.skip("cannot make a device node here")
        shown = "a device"
    before = os.lstat(target)
    store = Store.open(data).store
    for overwrite in (True, False):
        with pytest.raises(StoreError) as caught:
            store.slots.export("mine", target, overwrite=overwrite)
        assert caught.value.kind is ErrorKind.IO
        assert (
            caught.value.message == f"{target} is {shown}: an export only replaces a regular file."
        )
    store.close()
    after = os.lstat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert precious.read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".fc-")) == []


def test_a_target_that_turns_strange_while_the_export_is_written_is_refused(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race: the target is checked again once the temporary file is complete, just before
    the rename, so a link put there meanwhile is not replaced."""
    target = tmp_path / "out.json"
    precious = tmp_path / "precious.txt"
    precious.write_text("precious")
    real_temporary_name = atomic_module.temporary_name

    def meanwhile(path: Path) -> Path:
        path.symlink_to(precious)  # appears after the first check
        return real_temporary_name(path)

    monkeypatch.setattr(atomic_module, "temporary_name", meanwhile)
    store = Store.open(data).store
    with pytest.raises(StoreError) as caught:
        store.slots.export("mine", target, overwrite=True)
    assert (
        caught.value.message
        == f"{target} is a symbolic link: an export only replaces a regular file."
    )
    assert target.is_symlink() and precious.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".fc-")] == []


def test_without_force_a_file_that_appears_meanwhile_is_not_replaced(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.json"
    real_temporary_name = atomic_module.temporary_name

    def meanwhile(path: Path) -> Path:
        path.write_text("written by someone else")
        return real_temporary_name(path)

    monkeypatch.setattr(atomic_module, "temporary_name", meanwhile)
    store = Store.open(data).store
    with pytest.raises(StoreError) as caught:
        store.slots.export("mine", target)
    assert caught.value.kind is ErrorKind.EXISTS
    assert target.read_text() == "written by someone else"


def test_export_to_the_longest_file_names(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10: a valid 242-255 character name failed (the temporary name added 14
    characters); one character more is one clear line, not a traceback."""
    limit = os.pathconf(tmp_path, "PC_NAME_MAX") if hasattr(os, "pathconf") else 255
    for length in (242, 250, limit):
        target = tmp_path / ("x" * (length - 5) + ".json")
        assert main(["export", "mine", str(target), "--data-dir", str(data)]) == 0
        assert target.read_text().startswith("{")
    too_long = tmp_path / ("y" * (limit - 4) + ".json")
    code = main(["export", "mine", str(too_long), "--data-dir", str(data)])
    out, err = capsys.readouterr()
    assert code == 1
    assert err == f"freecell-tui export: error: Could not write {too_long}: file name too long.\n"


def test_export_to_a_folder_that_cannot_be_written(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only folder (simulated: the tests may run as root, whom chmod does not stop)."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self.parent == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "open", refuse)
    code = main(["export", "mine", str(folder / "out.json"), "--data-dir", str(data)])
    _, err = capsys.readouterr()
    assert code == 1
    assert (
        err
        == f"freecell-tui export: error: Could not write {folder / 'out.json'}: permission denied.\n"
    )
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root ignores permissions")
def test_export_to_a_real_read_only_folder(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        code = main(["export", "mine", str(folder / "out.json"), "--data-dir", str(data)])
    finally:
        folder.chmod(0o755)
    _, err = capsys.readouterr()
    assert code == 1
    assert (
        err
        == f"freecell-tui export: error: Could not write {folder / 'out.json'}: permission denied.\n"
    )


# ---------------------------------------------------------------------- settings.json written
def test_settings_are_written_through_a_link_to_a_regular_file(tmp_path: Path) -> None:
    """Issue 23: a dotfile manager's link was replaced by a plain file, its target never
    updated."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    (dotfiles / "freecell.json").write_text("{}")
    data = tmp_path / "data"
    data.mkdir()
    (data / SETTINGS_NAME).symlink_to(dotfiles / "freecell.json")
    assert save_settings(data, Settings(four_colour=True)) is None
    assert (data / SETTINGS_NAME).is_symlink()
    assert '"four_colour": true' in (dotfiles / "freecell.json").read_text()
    assert load_settings(data).settings == Settings(four_colour=True)
    assert sorted(p.name for p in dotfiles.iterdir()) == ["freecell.json"]  # no temporary left


def test_settings_are_written_through_a_link_to_a_file_not_made_yet(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_NAME).symlink_to(tmp_path / "real.json")
    assert save_settings(tmp_path, Settings(four_colour=True)) is None
    assert (tmp_path / SETTINGS_NAME).is_symlink()
    assert load_settings(tmp_path).settings == Settings(four_colour=True)


@pytest.mark.parametrize("kind", ["fifo", "device", "folder", "fifo itself"])
def test_settings_are_never_written_over_anything_but_a_regular_file(
    tmp_path: Path, kind: str
) -> None:
    """Issue 23: a link to a FIFO or to /dev/zero was silently replaced by a plain file."""
    if "fifo" in kind and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    place = tmp_path / SETTINGS_NAME
    if kind == "fifo itself":
        os.mkfifo(place)
        expected = f"{place} is a FIFO (named pipe)"
    else:
        target = {"fifo": tmp_path / "pipe", "device": Path("/dev/zero"), "folder": tmp_path}[kind]
        if kind == "fifo":
            os.mkfifo(target)
        place.symlink_to(target)
        expected = (
            f"{place} leads to "
            + {
                "fifo": "a FIFO (named pipe)",
                "device": "a device",
                "folder": "a folder",
            }[kind]
        )
    before = os.lstat(place)
    error = save_settings(tmp_path, Settings(four_colour=True))
    assert error is not None
    assert error.message == (
        f"Could not save your settings: {expected}, not a regular file, and is left alone. "
        "They apply for this session."
    )
    after = os.lstat(place)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)  # changed nothing
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@needs_fifo
def test_import_refuses_a_fifo_at_once(tmp_path: Path) -> None:
    """Issue 23: ``import FIFO`` waited for a writer that never came."""
    os.mkfifo(tmp_path / "pipe")
    result = _program("import", str(tmp_path / "pipe"), "--data-dir", str(tmp_path / "data"))
    assert (result.returncode, result.stderr) == (
        1,
        f"freecell-tui import: error: Nothing imported: {tmp_path / 'pipe'} is a FIFO (named "
        "pipe), not a file: it is not read.\n",
    )
    assert Store.open(tmp_path / "data").store.slots.all().items == ()
