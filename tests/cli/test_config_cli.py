"""``freecell-tui config``: the config file's path and whether it exists, its problems (exit 1),
the theme the game starts with and the keys the file sets; ``--example`` a file to start from.
And ``serve`` says the file's problems once at start (each game it serves reads the file)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from freecell_tui.cli import main
from freecell_tui.cli.config import theme_lines
from freecell_tui.config import EXAMPLE, read_config
from freecell_tui.paths import CONFIG_ENV_VAR
from freecell_tui.store.settings import SETTINGS_NAME
from freecell_tui.ui.commands import DEFAULT_KEYS
from freecell_tui.ui.keymap import keys_toml
from freecell_tui.ui.themes import DEFAULT_THEME, known_themes

THEME_LINES = theme_lines(known_themes())
KEYS_HEAD = "Keys (every binding and its keys, as the file's [keys] section gives them):"
DEFAULT_LINES = keys_toml(DEFAULT_KEYS).splitlines()[1:]


def config(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["config", *args])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.fixture
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The config file the command reads (``$FREECELL_TUI_CONFIG``), not written yet."""
    file = tmp_path / "config.toml"
    monkeypatch.setenv(CONFIG_ENV_VAR, str(file))
    return file


def test_without_a_file_it_says_where_it_would_be_and_the_defaults(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, lines, err = config(capsys, "--data-dir", str(tmp_path / "data"))
    assert (code, err) == (0, "")
    assert lines == [
        f"Config file: {path} (there is none: the game's defaults apply; freecell-tui config "
        "--example prints one to start from)",
        f"Theme: {DEFAULT_THEME}, the default",
        *THEME_LINES,
        KEYS_HEAD,
        *DEFAULT_LINES,
    ]
    assert 'undo = ["u", "ctrl+z"]' in lines


def test_a_good_file_its_theme_and_its_keys(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path.write_text('theme = "nord"\n[keys]\nundo = ["u", "backspace"]\nnew = "N"\n', "utf-8")
    code, lines, err = config(capsys)
    assert (code, err) == (0, "")
    assert lines == [
        f"Config file: {path}",
        "Theme: nord, from the config file",
        *THEME_LINES,
        KEYS_HEAD,
        *[
            {
                'undo = ["u", "ctrl+z"]': 'undo = ["u", "backspace"]  # changed',
                'new = ["n", "f2"]': 'new = ["N"]  # changed',
            }.get(line, line)
            for line in DEFAULT_LINES
        ],
    ]


def test_the_theme_chosen_in_the_game_when_the_file_names_none(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / SETTINGS_NAME).write_text(json.dumps({"theme": "gruvbox"}), "utf-8")
    path.write_text("[keys]\n", "utf-8")
    code, lines, _ = config(capsys, "--data-dir", str(data))
    assert code == 0 and lines[1] == "Theme: gruvbox, chosen in the game"
    path.write_text('[theme]\nname = "mine"\nbackground = "#000000"\n', "utf-8")
    code, lines, _ = config(capsys, "--data-dir", str(data))
    assert code == 0 and lines[1] == "Theme: mine, the config file's [theme]"


def test_problems_are_listed_one_a_line_and_the_exit_code_is_1(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path.write_text('theme = "nrod"\n[colors]\n[keys]\nundo = "h"\nundoo = "z"\n', "utf-8")
    code, lines, err = config(capsys)
    where = f"In your config file {path}"
    assert (code, err) == (1, "")
    assert lines[:6] == [
        f"Config file: {path}",
        "Problems (the game starts with its defaults for these):",
        f"  {where}, there is no section [colors]: it is ignored.",
        f'  {where}, theme = "nrod" is not a theme of the game (did you mean nord?): '
        "freecell-tui config lists them.",
        "  keys: there is no 'undoo' (`freecell-tui config` lists them)",
        "  keys: 'undo' = 'h' clashes with 'pile_h' (the foundations); undo keeps u, ctrl+z",
    ]
    assert lines[6] == f"Theme: {DEFAULT_THEME}, the default"
    assert lines[7 + len(THEME_LINES) :] == [KEYS_HEAD, *DEFAULT_LINES]  # every binding kept


def test_a_damaged_file_is_one_line(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path.write_bytes(b"\x00\xff binary")
    code, lines, _ = config(capsys)
    assert code == 1
    assert lines[1:3] == [
        "Problems (the game starts with its defaults for these):",
        f"  Your config file {path} is not used (it is not UTF-8 text): the defaults apply.",
    ]


def test_example_prints_a_file_that_reads_without_a_problem(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["config", "--example"])
    out, err = capsys.readouterr()
    assert (code, out, err) == (0, EXAMPLE, "")
    path.write_text(out, "utf-8")
    assert read_config().problems == ()


def test_serve_says_the_files_problems_once_at_start(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from freecell_tui.cli.serve import _check_config

    path.write_text('theme = "nrod"\n[keys]\nundoo = "z"\n', "utf-8")
    _check_config()
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [
        f'freecell-tui serve: warning: In your config file {path}, theme = "nrod" is not a '
        "theme of the game (did you mean nord?): freecell-tui config lists them.",
        "freecell-tui serve: warning: keys: there is no 'undoo' (`freecell-tui config` lists them)",
    ]


@pytest.mark.parametrize("argv", [["--deal", "1"], ["play", "--deal", "1"], ["watch", "--last"]])
def test_the_full_screen_game_and_the_viewer_are_given_the_file_as_read(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    import freecell_tui.ui.app as app_module

    path.write_text('theme = "nord"\n[keys]\nundo = "z"\n', "utf-8")
    given: list[object] = []

    def run_app(**options: object) -> int:
        given.append(options["config"])
        return 0

    monkeypatch.setattr(app_module, "run_app", run_app)
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
    data = tmp_path / "data"
    if argv[0] == "watch":  # a game to watch
        monkeypatch.setattr(sys, "stdin", io.StringIO("3a\nq\n"))
        main(["play", "--plain", "--deal", "1", "--data-dir", str(data)])
    assert main([*argv, "--data-dir", str(data)]) == 0
    assert given == [read_config()]


def test_the_theme_names_fit_an_80_column_terminal_and_none_is_cut() -> None:
    lines = THEME_LINES
    assert len(lines) > 1 and all(len(line) <= 79 for line in lines)
    assert lines[0].startswith("Themes: ") and all(line.startswith("  ") for line in lines[1:])
    names = " ".join(lines).removeprefix("Themes: ").replace(",", " ").split()
    assert names == sorted(known_themes())
