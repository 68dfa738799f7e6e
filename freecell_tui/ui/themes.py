"""The game's own theme: *classic*, the look of a card table — light card faces with red and black
ink on green baize. Chosen like any theme (the palette's *Change theme*, or *Classic look*) and
remembered with the other settings.

And the theme the player's config file asks for (:func:`config_theme`): one by name, or a
theme of the player's own built from its ``[theme]`` table (see ``docs/config.md``).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from textual import constants
from textual.color import Color, ColorParseError
from textual.theme import BUILTIN_THEMES, Theme

from freecell_tui.config import CARD_VARIABLES, OWN_THEME_NAME, Config
from freecell_tui.core.words import printable

__all__ = [
    "CLASSIC",
    "CLASSIC_NAME",
    "DEFAULT_THEME",
    "ConfigTheme",
    "config_theme",
    "known_themes",
]

CLASSIC_NAME = "classic"
#: The theme when none is chosen: Textual's default (``$TEXTUAL_THEME``, else textual-dark).
DEFAULT_THEME = constants.DEFAULT_THEME

CLASSIC = Theme(
    name=CLASSIC_NAME,
    primary="#F2C14E",
    secondary="#7FD6FF",
    accent="#FFC83D",
    warning="#FFC83D",
    error="#FF8A80",
    success="#8CF0A8",
    foreground="#F3F1E7",
    background="#0F6B35",
    surface="#0C5A2C",
    panel="#094522",
    dark=True,
    variables={
        # The cards: paper faces, black and red ink (made readable by the board's inks).
        "card-face": "#FBF9F1",
        "card-ink": "#141414",
        "card-red": "#C41E3A",
        "card-edge": "#8C8C86",
        # Highlights that read on green baize and on white cards alike.
        "card-select": "#FFC83D",
        "card-target": "#2FC4FF",
        "card-hint": "#E86AF0",
        "card-cursor": "#141414",
        "footer-key-foreground": "#FFC83D",
    },
)


def known_themes() -> dict[str, Theme]:
    """Every theme the game knows by name: Textual's and the classic look."""
    return {**BUILTIN_THEMES, CLASSIC_NAME: CLASSIC}


@dataclass(frozen=True)
class ConfigTheme:
    """What the config file asks of the colours: ``name``, the theme to start with (``None``:
    the file names none, or one that does not exist); ``own``, the player's own theme to
    register first; ``problems``, one line each."""

    name: str | None = None
    own: Theme | None = None
    problems: tuple[str, ...] = ()


def config_theme(config: Config, themes: Mapping[str, Theme]) -> ConfigTheme:
    """The theme ``config`` asks for, among ``themes`` (the app's, by name). A name that is not
    one of them, a base that is not, an own theme named as one of them and a colour Textual
    cannot read are each a problem: the theme, or the colour, is left out."""
    where = f"In your config file {printable(str(config.path))}"
    if config.theme is not None:
        if config.theme in themes:
            return ConfigTheme(config.theme)
        return ConfigTheme(
            problems=(
                f'{where}, theme = "{config.theme}" is not a theme of the game'
                f"{_guess(config.theme, themes)}: freecell-tui config lists them.",
            )
        )
    own = config.own_theme
    if own is None:
        return ConfigTheme()
    problems: list[str] = []
    name = own.name
    if name in themes:
        problems.append(
            f'{where}, [theme] name = "{name}" is the name of one of the game\'s themes: '
            f'your theme is called "{OWN_THEME_NAME}".'
        )
        name = OWN_THEME_NAME
    base = themes.get(own.base)
    if base is None:
        problems.append(
            f'{where}, [theme] base = "{own.base}" is not a theme of the game'
            f'{_guess(own.base, themes)}: your theme is built on "{CLASSIC_NAME}".'
        )
        base = CLASSIC
    fields: dict[str, Any] = {}  # Theme's fields, by the names THEME_COLOURS gives
    variables = dict(base.variables)
    for entry, value in own.colours.items():
        try:
            Color.parse(value)
        except ColorParseError as error:
            problems.append(
                f'{where}, [theme] {entry} = "{printable(value)}" is not a colour '
                f"({printable(str(error))}): the {base.name} theme's is used."
            )
            continue
        if entry in CARD_VARIABLES:
            variables[entry] = value
        else:
            fields[entry] = value
    theme = replace(
        base,
        name=name,
        dark=base.dark if own.dark is None else own.dark,
        variables=variables,
        **fields,
    )
    return ConfigTheme(name, theme, tuple(problems))


def _guess(name: str, themes: Mapping[str, Theme]) -> str:
    close = difflib.get_close_matches(name, list(themes), n=1)
    return f" (did you mean {close[0]}?)" if close else ""
