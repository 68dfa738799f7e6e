"""The player's config file as read (``freecell_tui.config``): its path, a good file, and each
kind of mistake — one clear line, the defaults for what is wrong, the rest kept. Whether the
theme and the colours exist is Textual's (``tests/ui/test_config_theme.py``)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from freecell_tui.config import (
    CONFIG_LIMIT,
    EXAMPLE,
    Config,
    OwnTheme,
    read_config,
)
from freecell_tui.paths import CONFIG_ENV_VAR, config_path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def written(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "config.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_the_file_is_the_one_the_environment_names_else_config_toml_in_the_config_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(CONFIG_ENV_VAR, str(tmp_path / "mine.toml"))
    assert config_path() == tmp_path / "mine.toml"
    monkeypatch.setenv(CONFIG_ENV_VAR, "~/x.toml")
    assert config_path() == Path.home() / "x.toml"
    monkeypatch.delenv(CONFIG_ENV_VAR)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    expected = Path("freecell-tui", "config.toml")
    assert config_path().parts[-2:] == expected.parts
    if os.name == "posix" and not sys_is_mac():
        assert config_path() == tmp_path / "xdg" / expected


def sys_is_mac() -> bool:
    import sys

    return sys.platform == "darwin"


def test_read_config_reads_the_default_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = written(tmp_path, 'theme = "nord"\n')
    monkeypatch.setenv(CONFIG_ENV_VAR, str(path))
    assert read_config() == Config(path, found=True, theme="nord")


def test_a_missing_file_is_the_defaults_without_a_problem(tmp_path: Path) -> None:
    assert read_config(tmp_path / "none.toml") == Config(tmp_path / "none.toml")
    assert read_config(tmp_path / "no-folder" / "config.toml").problems == ()


def test_a_good_file_gives_its_keys_and_its_theme(tmp_path: Path) -> None:
    path = written(
        tmp_path,
        'theme = "classic"\n\n[keys]\nundo = ["u", "backspace"]\nhint = "question_mark"\n'
        "redo = []\n",
    )
    config = read_config(path)
    assert config.problems == ()
    assert config.found and config.theme == "classic" and config.own_theme is None
    assert dict(config.keys) == {"undo": ("u", "backspace"), "hint": "question_mark", "redo": ()}


def test_a_theme_table_gives_a_theme_of_the_players_own(tmp_path: Path) -> None:
    path = written(
        tmp_path,
        '[theme]\nname = "mine"\nbase = "nord"\ndark = false\nbackground = "#102030"\n'
        'card-face = " ivory "\ncard-red = "rgb(200, 0, 0)"\n',
    )
    config = read_config(path)
    assert config.problems == ()
    assert config.theme is None
    assert config.own_theme == OwnTheme(
        name="mine",
        base="nord",
        dark=False,
        colours={"background": "#102030", "card-face": "ivory", "card-red": "rgb(200, 0, 0)"},
    )
    assert read_config(written(tmp_path, "[theme]\n")).own_theme == OwnTheme("custom", "classic")


def test_unknown_sections_and_settings_are_one_line_each_and_the_rest_is_kept(
    tmp_path: Path,
) -> None:
    path = written(
        tmp_path,
        'colour = "red"\n[key]\nundo = "z"\n[keys]\nundo = "z"\n[colours]\nfoo = 1\n',
    )
    config = read_config(path)
    assert dict(config.keys) == {"undo": "z"}
    assert config.problems == (
        f"In your config file {path}, there is no setting colour: it is ignored.",
        f"In your config file {path}, there is no section [key] (did you mean keys?): it is "
        "ignored.",
        f"In your config file {path}, there is no section [colours]: it is ignored.",
    )


def test_keys_are_passed_on_as_written_for_the_key_table_to_judge(tmp_path: Path) -> None:
    path = written(
        tmp_path,
        '[keys]\nundo = 5\nredo = ["y", 3]\nnew = "n, f2"\nnope = "x"\n[keys.hint]\nx = 1\n',
    )
    config = read_config(path)
    assert config.problems == ()
    assert dict(config.keys) == {
        "undo": 5,
        "redo": ("y", 3),
        "new": "n, f2",
        "nope": "x",
        "hint": {"x": 1},
    }


def test_a_theme_written_under_keys_is_told_where_it_belongs(tmp_path: Path) -> None:
    """TOML puts every line after ``[keys]`` in it: a ``theme =`` written last is no binding."""
    path = written(tmp_path, '[keys]\nundo = "z"\ntheme = "nord"\n')
    config = read_config(path)
    assert dict(config.keys) == {"undo": "z"}
    assert config.theme is None
    assert config.problems == (
        f"In your config file {path}, theme is under [keys]: write it above the first "
        "[section] to use it.",
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("theme = 3\n", "theme = 3 is not a theme's name or a [theme] table"),
        ('theme = "no such"\n', 'theme = "no such" is not a theme\'s name or a [theme] table'),
        ("theme = true\n", "theme = true is not a theme's name or a [theme] table"),
        ('keys = "u"\n', 'keys = "u" is not a table of keys'),
    ],
)
def test_a_theme_or_keys_of_the_wrong_kind_is_one_line(
    tmp_path: Path, text: str, said: str
) -> None:
    path = written(tmp_path, text)
    config = read_config(path)
    assert config == Config(
        path, found=True, problems=(f"In your config file {path}, {said}: it is ignored.",)
    )


def test_wrong_entries_of_the_theme_table_are_left_out_and_the_rest_kept(tmp_path: Path) -> None:
    path = written(
        tmp_path,
        '[theme]\nname = "my theme"\nbase = 7\ndark = "yes"\nbackgrond = "#000"\n'
        'primary = 12\naccent = ""\nsurface = "#222"\n',
    )
    config = read_config(path)
    assert config.own_theme == OwnTheme(colours={"surface": "#222"})
    where = f"In your config file {path}"
    assert config.problems == (
        f'{where}, [theme] name = "my theme" is not a name of letters, digits, - and _ (at most '
        "40): it is ignored.",
        f"{where}, [theme] base = 7 is not a theme's name: it is ignored.",
        f'{where}, [theme] dark = "yes" is not true or false: it is ignored.',
        f"{where}, [theme] has no colour backgrond (did you mean background?): it is ignored.",
        f'{where}, [theme] primary = 12 is not a colour ("#2E3440"): it is ignored.',
        f'{where}, [theme] accent = "" is not a colour ("#2E3440"): it is ignored.',
    )


def unused(path: Path, why: str) -> tuple[str, ...]:
    return (f"Your config file {path} is not used ({why}): the defaults apply.",)


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "it is not UTF-8 text"),
        ("theme = nord\n", "it is not TOML: "),
        ('theme = "nord"\n[theme]\nname = "x"\n', "it is not TOML: "),
        ("[keys]\nundo = 'u'\nundo = 'v'\n", "it is not TOML: "),
        ("a = " + "[" * 5000 + "]" * 5000 + "\n", "it is not TOML: "),
        ("# " + "x" * CONFIG_LIMIT + "\n", "it is larger than 100 kB"),
    ],
    ids=["binary", "not-toml", "theme-twice", "key-twice", "nested", "huge"],
)
def test_a_damaged_file_is_one_line_and_the_defaults(
    tmp_path: Path, content: str | bytes, why: str
) -> None:
    path = written(tmp_path, content)
    config = read_config(path)
    assert config.found and not config.keys and config.theme is None and config.own_theme is None
    (problem,) = config.problems
    prefix = f"Your config file {path} is not used ({why}"
    assert problem.startswith(prefix), problem
    assert problem.endswith("): the defaults apply.")
    assert "\n" not in problem
    if "not TOML" in why and "nested" not in problem:  # tomllib's reason says where
        assert re.search(r"\(at line \d+, column \d+\)", problem), problem


def test_a_file_with_a_named_theme_and_a_theme_table_says_it_may_have_one(
    tmp_path: Path,
) -> None:
    path = written(tmp_path, 'theme = "nord"\n\n[theme]\nbackground = "#000000"\n')
    (problem,) = read_config(path).problems
    assert problem.endswith(
        "; it has theme = and a [theme] table, and may have one of them): the defaults apply."
    )


def test_a_folder_or_a_fifo_in_the_files_place_is_one_line_never_a_hang(tmp_path: Path) -> None:
    folder = tmp_path / "config.toml"
    folder.mkdir()
    assert read_config(folder).problems == unused(folder, "it is a folder, not a file")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.toml"
        os.mkfifo(fifo)
        assert read_config(fifo).problems == unused(fifo, "it is a FIFO (named pipe), not a file")


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="needs file permissions that bind"
)
def test_an_unreadable_file_is_one_line(tmp_path: Path) -> None:
    path = written(tmp_path, 'theme = "nord"\n')
    path.chmod(0)
    try:
        assert read_config(path).problems == unused(path, "permission denied")
    finally:
        path.chmod(0o600)


def test_the_example_reads_without_a_problem_and_so_does_it_uncommented(tmp_path: Path) -> None:
    assert read_config(written(tmp_path, EXAMPLE)) == Config(tmp_path / "config.toml", found=True)
    # Every line of the example uncommented but the named theme (the file has the one or the
    # table): every entry it shows is one the game reads.
    lines = [
        re.sub(r"^# (?=[a-z-]+ = |\[)", "", line)
        for line in EXAMPLE.splitlines()
        if not line.startswith("# theme =")
    ]
    config = read_config(written(tmp_path, "\n".join(lines)))
    assert config.problems == ()
    assert config.keys and config.own_theme is not None and config.own_theme.name == "mine"
    assert len(config.own_theme.colours) >= 10


def test_docs_config_md_shows_the_example_as_the_game_prints_it() -> None:
    text = (DOCS / "config.md").read_text(encoding="utf-8")
    assert f"```toml\n{EXAMPLE}```" in text, (
        "docs/config.md's example is out of date: paste freecell-tui config --example"
    )
