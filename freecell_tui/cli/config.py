"""``freecell-tui config``: where the player's config file is, what is wrong with it, the theme
the game starts with and the keys the file sets (see ``docs/config.md``); ``--example`` prints
a commented file to start from.

Exit codes: 0 the file is read without a problem (or there is none), 1 it has problems (each
printed, one a line: the game starts with the defaults for those).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from freecell_tui.cli import COMMAND_HELP, add_data_dir_option
from freecell_tui.config import EXAMPLE, Config, read_config
from freecell_tui.core.words import printable
from freecell_tui.paths import data_dir
from freecell_tui.store.settings import load_settings

PROG = "freecell-tui config"


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "config",
        help=COMMAND_HELP["config"],
        description=(
            "Print where the config file is ($FREECELL_TUI_CONFIG, else config.toml in the "
            "user config folder) and whether it exists, what is wrong with it, the theme the "
            "game starts with, and the keys the file sets. The game reads the file at start and "
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
    theme, theme_problems, names = _theme(config, args)
    problems = (*config.problems, *theme_problems)
    out = sys.stdout
    path = printable(str(config.path))
    if config.found:
        out.write(f"Config file: {path}\n")
    else:
        out.write(
            f"Config file: {path} (there is none: the game's defaults apply; "
            "freecell-tui config --example prints one to start from)\n"
        )
    if problems:
        out.write("Problems (the game starts with its defaults for these):\n")
        out.writelines(f"  {problem}\n" for problem in problems)
    out.write(f"Theme: {theme}\n")
    if names:
        out.write(f"Themes: {', '.join(names)}\n")
    if config.keys:
        out.write("Keys the file sets (the others are the game's own, as docs/keys.md lists):\n")
        width = max(len(command) for command in config.keys)
        for command, keys in config.keys.items():
            shown = _keys_text(keys)
            out.write(f"  {printable(command).ljust(width)}  {shown}\n")
    else:
        out.write("Keys: the game's own (docs/keys.md lists them; ? in the game shows them)\n")
    return 1 if problems else 0


def _theme(config: Config, args: argparse.Namespace) -> tuple[str, tuple[str, ...], list[str]]:
    """The theme the game starts with and why, the problems with the file's theme, and the
    names of the game's themes (empty without Textual, which then cannot check them)."""
    try:
        from freecell_tui.ui.themes import DEFAULT_THEME, config_theme, known_themes
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in ("textual", "rich"):
            raise
        named = config.theme or (config.own_theme.name if config.own_theme else None)
        said = f"{named}, from the config file" if named else "not known here"
        return f"{said} (textual is not installed: themes are not checked)", (), []
    themes = known_themes()
    chosen = config_theme(config, themes)
    names = sorted(themes)
    if chosen.own is not None:
        return f"{chosen.own.name}, the config file's [theme]", chosen.problems, names
    if chosen.name is not None:
        return f"{chosen.name}, from the config file", chosen.problems, names
    saved = load_settings(data_dir(getattr(args, "data_dir", None))).settings.theme
    if saved is not None and saved in themes:
        return f"{saved}, chosen in the game", chosen.problems, names
    return f"{DEFAULT_THEME}, the default", chosen.problems, names


def _keys_text(keys: object) -> str:
    """A ``[keys]`` value as written: its keys with commas."""
    if isinstance(keys, tuple):
        return ", ".join(printable(str(key)) for key in keys) or "(none)"
    return printable(str(keys))
