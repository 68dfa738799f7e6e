"""The config file's colours in the game: a named theme is the theme at every start (the
settings keep the palette's choice for when the file names none), a ``[theme]`` table's colours
are drawn on the board with inks kept readable, and what is wrong with the file is one line at
start while the game plays with the defaults for it. The file as read: ``tests/test_config.py``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.color import Color
from textual.message import Message
from textual.notifications import Notify

from freecell_tui.config import EXAMPLE, Config, OwnTheme, read_config
from freecell_tui.store.settings import SETTINGS_NAME
from freecell_tui.ui.board.inks import TEXT_RATIO, contrast
from freecell_tui.ui.keymap import effective_keys
from freecell_tui.ui.themes import CLASSIC, DEFAULT_THEME, ConfigTheme, config_theme, known_themes

from .helpers import COMPACT, SIZE, background_on, colour_on, game, make_app, pile_widget

THEMES = known_themes()


def config_file(tmp_path: Path, text: str | bytes) -> Config:
    path = tmp_path / "config.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return read_config(path)


def notices(messages: list[Message]) -> list[tuple[str, str]]:
    return [
        (m.notification.title, m.notification.message) for m in messages if isinstance(m, Notify)
    ]


def saved_theme(data_dir: Path) -> object:
    path = data_dir / SETTINGS_NAME
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))["theme"]


# ---------------------------------------------------------------------- the theme asked for
def test_a_named_theme_is_that_theme_and_an_unknown_name_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    assert config_theme(Config(path, theme="nord"), THEMES) == ConfigTheme("nord")
    assert config_theme(Config(path), THEMES) == ConfigTheme()
    assert config_theme(Config(path, theme="nrod"), THEMES) == ConfigTheme(
        problems=(
            f'In your config file {path}, theme = "nrod" is not a theme of the game (did you '
            "mean nord?): freecell-tui config lists them.",
        )
    )


def test_a_theme_table_is_built_on_its_base_for_what_it_leaves_out(tmp_path: Path) -> None:
    own = OwnTheme(
        name="mine",
        base="nord",
        colours={"background": "#102030", "card-face": "ivory"},
        dark=False,
    )
    chosen = config_theme(Config(tmp_path / "c.toml", own_theme=own), THEMES)
    assert chosen.problems == () and chosen.name == "mine"
    theme, nord = chosen.own, THEMES["nord"]
    assert theme is not None
    assert (theme.name, theme.background, theme.dark) == ("mine", "#102030", False)
    assert (theme.primary, theme.surface, theme.panel) == (nord.primary, nord.surface, nord.panel)
    assert theme.variables == {**nord.variables, "card-face": "ivory"}
    assert THEMES["nord"].background != "#102030"  # the base itself is left as it was
    # By default the classic look is the base: its cards, too.
    plain = config_theme(
        Config(tmp_path / "c.toml", own_theme=OwnTheme(colours={"background": "#000000"})),
        THEMES,
    ).own
    assert plain is not None and plain.name == "custom"
    assert plain.variables == CLASSIC.variables and plain.primary == CLASSIC.primary


def test_a_bad_colour_a_taken_name_or_an_unknown_base_is_one_line_each(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    own = OwnTheme(
        name="nord",
        base="drakula",
        colours={"background": "#12", "card-red": "rgb(1, 2)", "accent": "#ff0000"},
    )
    chosen = config_theme(Config(path, own_theme=own), THEMES)
    where = f"In your config file {path}"
    assert chosen.problems == (
        f'{where}, [theme] name = "nord" is the name of one of the game\'s themes: your theme '
        'is called "custom".',
        f'{where}, [theme] base = "drakula" is not a theme of the game (did you mean '
        'dracula?): your theme is built on "classic".',
        f"{where}, [theme] background = \"#12\" is not a colour (failed to parse '#12' as a "
        "color): the classic theme's is used.",
        f'{where}, [theme] card-red = "rgb(1, 2)" is not a colour (failed to parse \'rgb(1, '
        "2)' as a color): the classic theme's is used.",
    )
    theme = chosen.own
    assert theme is not None and chosen.name == "custom"
    assert (theme.name, theme.background, theme.accent) == ("custom", CLASSIC.background, "#ff0000")
    assert theme.variables["card-red"] == CLASSIC.variables["card-red"]


# ---------------------------------------------------------------------- in the game
async def test_the_files_theme_is_the_theme_at_every_start_and_the_palettes_is_remembered(
    tmp_path: Path,
) -> None:
    config = config_file(tmp_path, 'theme = "nord"\n')
    data = tmp_path / "data"
    app = make_app(data, config=config, check=True)
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "nord"
        await pilot.pause()
        assert saved_theme(data) is None  # the file's theme is the file's, not a setting
        app.theme = "dracula"  # chosen in the palette
        await pilot.pause()
    assert saved_theme(data) == "dracula"
    app = make_app(data, config=config, check=True)
    async with app.run_test(size=SIZE):
        assert app.theme == "nord"  # the file wins at start
    app = make_app(data, config=config_file(tmp_path, ""), check=True)
    async with app.run_test(size=SIZE):
        assert app.theme == "dracula"  # no theme in the file: the palette's choice


async def test_a_theme_tables_colours_are_drawn_and_its_red_is_made_readable(
    tmp_path: Path,
) -> None:
    config = config_file(
        tmp_path,
        '[theme]\nname = "mine"\nbackground = "#203040"\ncard-face = "#FFFFF0"\n'
        'card-ink = "#101010"\ncard-red = "#FFB0B0"\n',
    )
    app = make_app(tmp_path, config=config)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "mine"
        column_1 = pile_widget(app, "col-1")
        assert background_on(column_1, "2♠") == {"#fffff0"}  # the player's card face
        assert colour_on(column_1, "2♠") == {"#101010"}  # the player's black ink, readable as is
        (red,) = colour_on(column_1, "K♦")
        # The player's pale red would not read on the face: the board darkens it (same hue).
        assert red != "#ffb0b0"
        assert contrast(Color.parse(red), Color.parse("#FFFFF0")) >= TEXT_RATIO
        assert Color.parse(red).hsl.h == pytest.approx(Color.parse("#FFB0B0").hsl.h, abs=0.02)
        assert "#203040" in background_on(app.game_screen.message, " ")  # the table


async def test_problems_with_the_file_are_one_line_each_at_start_and_the_game_plays(
    tmp_path: Path,
) -> None:
    config = config_file(
        tmp_path, '[colours]\nx = 1\n[theme]\nbackground = "#zzz"\nsurface = "#333333"\n'
    )
    seen: list[Message] = []
    app = make_app(tmp_path / "data", config=config)
    async with app.run_test(size=COMPACT, message_hook=seen.append) as pilot:
        where = f"In your config file {config.path}"
        assert notices(seen) == [
            ("Config file", f"{where}, there is no section [colours]: it is ignored."),
            (
                "Config file",
                f'{where}, [theme] background = "#zzz" is not a colour (failed to parse '
                "'#zzz' as a color): the classic theme's is used.",
            ),
        ]
        assert app.theme == "custom"  # what is right is kept
        assert app.current_theme.surface == "#333333"
        assert app.current_theme.background == CLASSIC.background
        await pilot.press("3", "a")
        assert game(app).move_count == 1


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe\x00binary", "theme = nord\n", "# " + "x" * 200_000],
    ids=["binary", "not-toml", "huge"],
)
async def test_a_damaged_file_starts_the_game_with_the_defaults_and_says_so_once(
    tmp_path: Path, content: str | bytes
) -> None:
    config = config_file(tmp_path, content)
    seen: list[Message] = []
    app = make_app(tmp_path / "data", config=config)
    async with app.run_test(size=COMPACT, message_hook=seen.append) as pilot:
        (said,) = notices(seen)
        assert said[0] == "Config file"
        assert said[1].startswith(f"Your config file {config.path} is not used (")
        assert app.theme == DEFAULT_THEME
        await pilot.press("3", "a")
        assert game(app).move_count == 1


# ---------------------------------------------------------------------- the file's keys
async def test_the_files_keys_are_the_games_and_what_cannot_apply_is_one_line(
    tmp_path: Path,
) -> None:
    config = config_file(tmp_path, '[keys]\nundo = "z"\nundoo = "y"\n')
    seen: list[Message] = []
    app = make_app(tmp_path / "data", config=config)
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        assert app.keys["undo"] == ("z",)
        assert notices(seen) == [
            ("Keys", "keys: there is no 'undoo' (`freecell-tui config` lists them)")
        ]
        await pilot.press("3", "a")
        assert game(app).move_count == 1
        await pilot.press("z")
        assert game(app).move_count == 0


def test_the_examples_keys_apply_as_they_are(tmp_path: Path) -> None:
    """Every line of the example uncommented: its keys clash with none of the game's."""
    lines = [
        re.sub(r"^# (?=[a-z-]+ = |\[)", "", line)
        for line in EXAMPLE.splitlines()
        if not line.startswith("# theme =")
    ]
    config = config_file(tmp_path, "\n".join(lines))
    keys, problems = effective_keys(config.keys)
    assert config.keys and problems == ()
    assert keys["undo"] == ("u", "ctrl+z", "backspace")
