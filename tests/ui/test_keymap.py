"""The player's keys: overrides made into the game's one key table at start (what cannot apply
is one line and keeps its default), and that table deciding and showing every key — the game's
dispatch, the footer, the help, the palette, the status and message lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.events import Paste
from textual.message import Message
from textual.notifications import Notify

from freecell_tui.core.variant import EIGHT_OFF, FREECELL
from freecell_tui.ui.commands import DEFAULT_KEYS, footer_hidden, key_actions, keys_text
from freecell_tui.ui.keymap import effective_keys, key_name_of, keys_toml
from freecell_tui.ui.screens.help import HelpScreen, KeyRows, help_sections
from freecell_tui.ui.widgets.footer import KeyFooter

from .helpers import SIZE, game, lines, make_app, message, pile_widget, status_text

# ---------------------------------------------------------------------- the table (pure)


def test_overrides_replace_the_default_keys_of_their_binding() -> None:
    keys, problems = effective_keys({"undo": ["z", "ctrl+z"], "hint": "?", "help": "F1, h"})
    # help cannot take h, so it keeps ?: then hint's ? clashes with it.
    assert problems == (
        "keys: 'help' = 'h' clashes with 'pile_h' (the foundations); help keeps ?, F1",
        "keys: 'hint' = '?' clashes with 'help'; hint keeps i",
    )
    assert keys["undo"] == ("z", "ctrl+z")
    assert keys["hint"] == DEFAULT_KEYS["hint"]
    assert keys["help"] == DEFAULT_KEYS["help"]
    assert {name: found for name, found in keys.items() if name != "undo"} == {
        name: found for name, found in DEFAULT_KEYS.items() if name != "undo"
    }


def test_a_comma_string_and_characters_name_keys_as_textual_does() -> None:
    keys, problems = effective_keys({"more": "+, =", "help": "?,f1", "undo": "Ctrl+Z"})
    assert problems == ()
    assert keys["more"] == ("plus", "equals_sign")
    assert keys["help"] == ("question_mark", "f1")
    assert keys["undo"] == ("ctrl+z",)
    assert [key_name_of(text) for text in ("ctrl++", "PageUp", "ctrl+", "wat", "é")] == [
        "ctrl+plus",
        "pageup",
        None,
        None,
        "é",
    ]


def test_unknown_names_bad_keys_and_the_games_own_keys_are_one_line_each() -> None:
    keys, problems = effective_keys(
        {"undoo": "z", "redo": "ctrl+", "restart": 3, "hint": "ctrl+p", "solve": "v", "new": ""}
    )
    assert problems == (
        "keys: there is no 'undoo' (`freecell-tui config` lists them)",
        "keys: 'redo': 'ctrl+' is not a key name (as u, ctrl+z, question_mark or f2); "
        "redo keeps ctrl+y",
        "keys: 'restart': is neither a key nor a list of keys; restart keeps r",
        "keys: 'hint' = 'ctrl+p' is the command palette's; hint keeps i",
        "keys: 'solve' = 'v' is the card count's (18v3); solve keeps p",
        "keys: 'new': no key given (a binding keeps at least one); new keeps n, F2",
    )
    assert keys == DEFAULT_KEYS


def test_two_bindings_may_swap_keys_and_a_clash_a_reverted_key_makes_is_caught() -> None:
    keys, problems = effective_keys({"undo": "h", "pile_h": "u"})
    assert problems == ()
    assert (keys["undo"], keys["pile_h"]) == (("h",), ("u",))
    # undo cannot take h, so it keeps u: then redo's u clashes with it and keeps ctrl+y.
    keys, problems = effective_keys({"redo": "u", "undo": "h"})
    assert keys["undo"] == DEFAULT_KEYS["undo"] and keys["redo"] == DEFAULT_KEYS["redo"]
    assert len(problems) == 2


def test_the_free_cell_f_and_home_or_cell_share_f_by_game() -> None:
    keys, problems = effective_keys({"quick": "o", "pile_f": "f"})
    assert problems == ()
    assert key_actions(FREECELL, keys)["o"].id == "quick"
    assert key_actions(EIGHT_OFF, keys)["f"].id == "pile_f"
    assert key_actions(FREECELL)["f"].id == "quick"
    assert footer_hidden(EIGHT_OFF) == {"f"} and footer_hidden(FREECELL) == frozenset()


def test_the_config_section_lists_every_binding_and_marks_the_changed() -> None:
    keys, _ = effective_keys({"undo": "z"})
    text = keys_toml(keys)
    assert text.startswith('[keys]\npile_1 = ["1"]\n')
    assert 'undo = ["z"]  # changed\n' in text
    assert 'redo = ["ctrl+y"]\n' in text
    assert len(text.splitlines()) == len(DEFAULT_KEYS) + 1


def test_the_help_tells_the_players_keys() -> None:
    keys, _ = effective_keys({"undo": "z", "pile_3": "e", "pile_e": "3"})
    rows = {text: told for _, entries in help_sections(FREECELL, keys) for told, text in entries}
    undo = next(told for text, told in rows.items() if text.startswith("undo"))
    assert undo == "z"
    assert keys_text_of("pile", keys) == "1  2  e  4  5  6  7  8  a  b  c  d  h"


def keys_text_of(name: str, keys: object) -> str:
    from freecell_tui.session.table import COMMANDS

    command = next(command for command in COMMANDS if command.name == name)
    return keys_text(command, FREECELL, keys)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the game


async def test_a_rebound_key_plays_and_the_old_one_no_longer_does(tmp_path: Path) -> None:
    app = make_app(tmp_path, keys={"undo": "z", "pile_3": "w"})
    async with app.run_test(size=SIZE) as pilot:
        assert lines(pile_widget(app, "col-3"))[0].strip() == "w"  # the pile's header
        assert lines(pile_widget(app, "col-4"))[0].strip() == "4"
        await pilot.press("w")
        assert status_text(app).endswith("w (2♥) → ?")  # the pile named by the player's key
        await pilot.press("a")
        assert game(app).move_count == 1
        assert message(app) == "wa: 2♥ to free cell a"  # the move as the player typed it
        assert [str(move) for move in game(app).moves] == ["3a"]  # on record: notation
        await pilot.press("u")
        assert game(app).move_count == 1
        assert message(app) == "u does nothing here: ? shows the keys"
        await pilot.press("3")
        assert message(app) == "3 does nothing here: ? shows the keys"
        await pilot.press("z")
        assert game(app).move_count == 0


async def test_the_footer_and_help_show_the_players_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, keys={"undo": "z", "help": "f1"})
    async with app.run_test(size=SIZE) as pilot:
        footer = app.screen.query_one(KeyFooter)
        shown = [(item.display, item.description) for _, item in footer.shown()]
        assert ("z", "Undo") in shown and ("u", "Undo") not in shown
        labels = [label for _, label in shown]
        assert labels.index("Undo") < labels.index("Redo")  # the table's order, rebound or not
        assert ("f1", "Help") in shown
        assert message(app).endswith("F1 for help.")
        await pilot.press("f1")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = [row for widget in help_screen.query(KeyRows) for row in widget.rows]
        assert ("z", "undo a move (with the cards autoplay sent home after it), or a restart") in [
            (told, text.split(";")[0]) for told, text in rows
        ]
        await pilot.press("f1")  # the help's own key closes it
        assert not isinstance(app.screen, HelpScreen)


async def test_the_palette_names_the_players_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, keys={"hint": "w"})
    async with app.run_test(size=SIZE):
        helps = {command.title: command.help for command in app.get_system_commands(app.screen)}
        assert helps["Hint"] == "Light up the next move of a solution (w)"


def notices(messages: list[Message]) -> list[tuple[str, str]]:
    return [
        (m.notification.title, m.notification.message) for m in messages if isinstance(m, Notify)
    ]


@pytest.mark.parametrize(
    ("keys", "said"),
    [
        (
            {"undo": "h"},
            "keys: 'undo' = 'h' clashes with 'pile_h' (the foundations); undo keeps u, ctrl+z",
        ),
        ({"undoo": "z"}, "keys: there is no 'undoo' (`freecell-tui config` lists them)"),
    ],
)
async def test_a_clash_or_an_unknown_name_is_one_line_at_start_and_keeps_the_default(
    tmp_path: Path, keys: dict[str, str], said: str
) -> None:
    seen: list[Message] = []
    app = make_app(tmp_path, keys=keys)
    async with app.run_test(size=SIZE, message_hook=seen.append) as pilot:
        await pilot.press("3", "a", "u")
        assert game(app).move_count == 0  # u still undoes
        assert notices(seen) == [("Keys", said)]


async def test_the_messages_name_the_players_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, keys={"quick": "o", "pile_3": "w", "command_line": "semicolon"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        assert message(app) == (
            "pick a card (1 2 w 4 5 6 7 8 a b c d, or the cursor) for o to send home or to a cell"
        )
        await pilot.press("space")
        assert message(app).endswith("o sends home.")
        app.post_message(Paste("hello"))
        await pilot.pause()
        assert message(app) == "A paste on the board plays a list of moves; for a command, ; first"
        await pilot.press("w")
        assert message(app).startswith("Picked up from column 3. It may go to:")


async def test_a_search_says_the_players_key_that_stops_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, keys={"cancel": "backspace"})
    async with app.run_test(size=SIZE):
        assistant = app.game_screen.assistant
        said = assistant.ask_hint().said
        assert said[-1].text == "Hint: looking for a solution… (backspace stops looking)"
