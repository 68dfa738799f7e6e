"""``freecell-tui saves``, ``export``, ``import`` and ``stats``: output and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.store import DB_NAME, Store

from ..program import run_main
from .helpers import played


@pytest.fixture
def data(tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    store = Store.open(directory).store
    store.slots.save("Deal 5 [hard]", played(5, 12), 125)
    store.slots.save("Robert'); DROP TABLE slots;--", played(6, 4), 3)
    store.autosaves.finish(played(5, 12), 125)
    store.close()
    return directory


def test_saves_lists_every_slot(data: Path) -> None:
    code, out, err = run_main("saves", "--data-dir", str(data))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["NAME", "DEAL", "MOVES", "HOME", "TIME", "SAVED"]
    assert lines[1].startswith("Robert'); DROP TABLE slots;--  ")
    assert lines[2].startswith("Deal 5 [hard]")
    assert lines[2].split()[3:7] == ["#5", "12", str(played(5, 12).state.cards_home), "2:05"]


def test_saves_with_none_yet(tmp_path: Path) -> None:
    code, out, _ = run_main("saves", "--data-dir", str(tmp_path))
    assert code == 0
    assert out.startswith("No saves yet.")


def test_the_data_dir_comes_from_the_environment(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FREECELL_TUI_DATA_DIR", str(data))
    code, out, _ = run_main("saves")
    assert code == 0 and "Deal 5 [hard]" in out


def test_export_then_import(data: Path, tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    code, out, _ = run_main("export", "deal 5 [HARD]", str(target), "--data-dir", str(data))
    assert code == 0
    assert out == f"Exported “deal 5 [HARD]” to {target}\n"
    assert json.loads(target.read_text())["start"] == {"deal": 5}

    code, _, err = run_main("export", "Deal 5 [hard]", str(target), "--data-dir", str(data))
    assert code == 1
    assert "already exists. Use --force to replace it." in err
    assert (
        run_main("export", "Deal 5 [hard]", str(target), "--force", "--data-dir", str(data))[0] == 0
    )

    other = tmp_path / "other"
    code, out, _ = run_main("import", str(target), "--data-dir", str(other))
    assert code == 0
    assert (
        out
        == f"Imported “Deal 5 [hard]”: deal 5, 12 moves, {played(5, 12).state.cards_home} cards home.\n"
    )
    assert Store.open(other).store.slots.load("Deal 5 [hard]").game == played(5, 12)


def test_export_to_standard_output_and_import_from_standard_input(data: Path) -> None:
    code, out, _ = run_main("export", "Deal 5 [hard]", "-", "--data-dir", str(data))
    assert code == 0
    code, out, _ = run_main("import", "-", "--name", "piped", "--data-dir", str(data), stdin=out)
    assert code == 0 and out.startswith("Imported “piped”")


def test_errors_exit_1_with_a_message(data: Path, tmp_path: Path) -> None:
    code, out, err = run_main("export", "nope", str(tmp_path / "x.json"), "--data-dir", str(data))
    assert (code, out) == (1, "")
    assert err == "freecell-tui export: error: There is no save named “nope”.\n"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "freecell-tui save", "version": 9}')
    code, _, err = run_main("import", str(bad), "--data-dir", str(data))
    assert code == 1
    assert "Nothing imported from bad.json: the file is format version 9" in err
    code, _, err = run_main("import", str(bad), "--name", "x\ty", "--data-dir", str(data))
    assert code == 1


def test_a_data_dir_that_cannot_be_made_refuses_changes_and_says_why(
    data: Path, tmp_path: Path
) -> None:
    exported = tmp_path / "game.json"
    assert run_main("export", "Deal 5 [hard]", str(exported), "--data-dir", str(data))[0] == 0
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    why = f"Cannot create the data folder {blocker}: file exists."
    # An import or a reset kept only in memory would vanish at exit: an error, exit 1.
    code, out, err = run_main("import", str(exported), "--data-dir", str(blocker))
    assert (code, out, err) == (1, "", f"freecell-tui import: error: {why}\n")
    code, out, err = run_main("stats", "--reset", "--yes", "--data-dir", str(blocker))
    assert (code, out, err) == (1, "", f"freecell-tui stats: error: {why}\n")
    # Reading still answers, with the reason as a warning (and no "kept in memory" note).
    code, out, err = run_main("saves", "--data-dir", str(blocker))
    assert (code, err) == (0, f"freecell-tui saves: warning: {why}\n")
    assert out.startswith("No saves yet.")


def test_bad_arguments_exit_2() -> None:
    with pytest.raises(SystemExit) as caught:
        main(["export", "only-a-slot"])
    assert caught.value.code == 2


def test_stats(data: Path) -> None:
    code, out, _ = run_main("stats", "--data-dir", str(data))
    assert code == 0
    assert "Played                  1" in out
    assert "Won                     0" in out
    assert "Win rate                0%" in out
    assert "Best streak             0" in out
    assert out.splitlines()[-1].split() == ["#5", "1", "0", "–", "–"]


def test_stats_reset_asks_first(data: Path) -> None:
    code, out, _ = run_main("stats", "--reset", "--data-dir", str(data), stdin="n\n")
    assert code == 1
    assert out == "Forget 1 finished game? Saves are kept. [y/N] Statistics kept.\n"
    # End of input: no.
    assert run_main("stats", "--reset", "--data-dir", str(data), stdin="")[0] == 1
    code, out, _ = run_main("stats", "--reset", "--data-dir", str(data), stdin="y\n")
    assert code == 0
    assert out.endswith("Statistics reset: 1 finished game forgotten.\n")
    assert Store.open(data).store.results.statistics({}, AutoplayMode.SAFE).statistics.played == 0
    assert len(Store.open(data).store.slots.all().items) == 2  # saves kept


def test_stats_reset_yes_does_not_ask(data: Path) -> None:
    code, out, _ = run_main("stats", "--reset", "--yes", "--data-dir", str(data))
    assert (code, out) == (0, "Statistics reset: 1 finished game forgotten.\n")
    code, out, _ = run_main("stats", "--data-dir", str(data))
    assert out.splitlines()[0].split() == ["Played", "0"]  # the rows, zeros and all, then:
    assert out.splitlines()[-1].startswith("No finished games yet")


def test_a_damaged_database_is_reported_on_stderr(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"garbage" * 1000)
    code, out, err = run_main("saves", "--data-dir", str(tmp_path))
    assert code == 0
    assert err.startswith("freecell-tui saves: warning: The save file was damaged")
    assert out.startswith("No saves yet.")


def test_the_installed_command(data: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "freecell_tui", "saves", "--data-dir", str(data)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert "Deal 5 [hard]" in result.stdout
