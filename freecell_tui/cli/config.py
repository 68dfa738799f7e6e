"""``freecell-tui config``: where the player's config file is, what is wrong with it, the theme
the game starts with and every binding's keys (see ``docs/config.md``); ``--example`` prints
a commented file to start from.

Exit codes: 0 the file is read without a problem (or there is none), 1 it has problems (each
printed, one a line: the game starts with the defaults for those).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from freecell_tui.cli import COMMAND_HELP, add_data_dir_option
from freecell_tui.cli.play import UI_MODULES
from freecell_tui.config import EXAMPLE, read_config
from freecell_tui.core.words import printable
from freecell_tui.paths import data_dir
from freecell_tui.store.settings import load_settings

if TYPE_CHECKING:
    from freecell_tui.ui.themes import ConfigTheme


def theme_lines(themes: Iterable[str]) -> list[str]:
    """``Themes: a, b, …`` in lines of at most 79 characters (a name is never cut), the lines
    after the first indented."""
    text = f"Themes: {', '.join(sorted(themes))}"
    return textwrap.wrap(
        text, 79, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    )


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "config",
        help=COMMAND_HELP["config"],
        description=(
            "Print where the config file is ($FREECELL_TUI_CONFIG, else config.toml in the "
            "user config folder) and whether it exists, what is wrong with it, the theme the "
            "game starts with, and every binding of the game with its keys (the file's and the "
            "defaults). The game reads the file at start and "
            "never writes it. With --example, print a commented config file to start from "
            "(freecell-tui config --example > FILE)."
        ),
    )
    parser.add_argument(
        "--example", action="store_true", help="print a commented config file to start from"
    )
    add_data_dir_option(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.example:
        sys.stdout.write(EXAMPLE)
        return 0
    config = read_config()
    out = sys.stdout
    path = printable(str(config.path))
    if config.found:
        out.write(f"Config file: {path}\n")
    else:
        out.write(
            f"Config file: {path} (there is none: the game's defaults apply; "
            "freecell-tui config --example prints one to start from)\n"
        )
    try:  # the theme and the keys are the full-screen game's to judge
        from freecell_tui.ui.keymap import effective_keys, keys_toml
        from freecell_tui.ui.themes import config_theme, known_themes
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in UI_MODULES:
            raise
        _problems(config.problems)
        out.write(
            "The theme and the keys are not shown: they are the full-screen game's, which needs "
            f"{error.name}, and it is not installed.\n"
        )
        return 1 if config.problems else 0
    themes = known_themes()
    chosen = config_theme(config, themes)
    keys, key_problems = effective_keys(config.keys)
    problems = (*config.problems, *chosen.problems, *key_problems)
    _problems(problems)
    out.write(f"Theme: {_theme(chosen, themes, args)}\n")
    out.writelines(f"{line}\n" for line in theme_lines(themes))
    out.write("Keys (every binding and its keys, as the file's [keys] section gives them):\n")
    out.writelines(f"{printable(line)}\n" for line in keys_toml(keys).splitlines()[1:])
    return 1 if problems else 0


def _problems(problems: Sequence[str]) -> None:
    if problems:
        sys.stdout.write("Problems (the game starts with its defaults for these):\n")
        sys.stdout.writelines(f"  {printable(problem)}\n" for problem in problems)


def _theme(chosen: ConfigTheme, themes: Mapping[str, object], args: argparse.Namespace) -> str:
    """The theme the game starts with, and why."""
    from freecell_tui.ui.themes import DEFAULT_THEME

    if chosen.own is not None:
        return f"{chosen.own.name}, the config file's [theme]"
    if chosen.name is not None:
        return f"{chosen.name}, from the config file"
    saved = load_settings(data_dir(getattr(args, "data_dir", None))).settings.theme
    if saved is not None and saved in themes:
        return f"{saved}, chosen in the game"
    return f"{DEFAULT_THEME}, the default"
