"""How the full-screen game presents the commands of the command table
(:mod:`freecell_tui.session.table`): the keys that press each one (Textual's key names), its
footer label and rank, its palette title — the UI's words, kept here, by the command's name.

The game screen's bindings (they show the keys in the footer), the key each key runs (decided as
it is read: :meth:`GameScreen.take_key <freecell_tui.ui.screens.game.GameScreen.take_key>`), the
command palette, the help screen and the commands table of ``docs/keys.md`` are generated from
the two tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Final

from textual.binding import Binding, BindingType

from freecell_tui.core.notation import cell_piles
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session.table import COMMANDS, SECTIONS, Command
from freecell_tui.ui.board.selection import quick_key

__all__ = [
    "SCREEN",
    "footer_hidden",
    "footer_ranks",
    "ScreenCommand",
    "key_actions",
    "key_label",
    "keys_markdown",
    "keys_text",
    "palette_commands",
    "screen_bindings",
    "shown",
]

#: The piles' keys: columns 1–9 and 0 (column 10), free cells a–e, g and k (the eighth cell's
#: letter is fc-solve's), h the foundations. ``f`` is "home or cell", except in a game with a
#: free cell f (:func:`key_actions`); ``x`` is "home or cell" in every game.
_PILES = tuple("1234567890abcdegkh")
_QUICK_KEYS = ("f", "x")


@dataclass(frozen=True, slots=True)
class ScreenCommand:
    """How the full-screen game presents one command. ``keys`` are Textual key names; each runs
    ``action`` (default: the command's name) with the matching entry of ``args`` when given
    (``pile('3')``). ``footer`` is the footer's label (empty: not in the footer; ``footer_rank``
    1 is kept longest on a narrow terminal), ``palette`` the command palette's title (empty: not
    there)."""

    keys: tuple[str, ...] = ()
    args: tuple[str, ...] = ()
    action: str = ""
    footer: str = ""
    footer_rank: int = 9
    palette: str = ""
    palette_help: str = ""


#: Each full-screen command's presentation, by name (a command absent here is typed only).
SCREEN: Final[dict[str, ScreenCommand]] = {
    "pile": ScreenCommand(keys=_PILES, args=tuple(f"'{key}'" for key in _PILES)),
    "count": ScreenCommand(keys=("plus", "equals_sign", "minus"), args=("1", "1", "-1")),
    "cancel": ScreenCommand(keys=("escape",)),
    "quick": ScreenCommand(
        keys=_QUICK_KEYS,
        args=tuple(f"'{key}'" for key in _QUICK_KEYS),
        footer="Home/cell",
        footer_rank=6,
    ),
    "cursor": ScreenCommand(
        keys=("left", "right", "up", "down"), args=("0, -1", "0, 1", "-1, 0", "1, 0")
    ),
    "cursor_act": ScreenCommand(keys=("space", "enter")),
    "undo": ScreenCommand(
        keys=("u", "ctrl+z"),
        footer="Undo",
        footer_rank=3,
        palette="Undo",
        palette_help="Take back the last move, or a restart",
    ),
    "redo": ScreenCommand(
        keys=("ctrl+y",),
        footer="Redo",
        footer_rank=5,
        palette="Redo",
        palette_help="Play again what was undone",
    ),
    "restart": ScreenCommand(
        keys=("r",),
        footer="Restart",
        footer_rank=7,
        palette="Restart",
        palette_help="Back to the start of this deal (u takes it back)",
    ),
    "new": ScreenCommand(
        keys=("n", "f2"),
        footer="New",
        footer_rank=4,
        palette="New game",
        palette_help="Deal a new random game (asks first when a game is under way)",
    ),
    "help": ScreenCommand(
        keys=("question_mark", "f1"),
        footer="Help",
        footer_rank=1,
        palette="Keys and mouse",
        palette_help="Every key, command and mouse action",
    ),
    "command_line": ScreenCommand(keys=("colon",), footer="Command", footer_rank=8),
    "quit": ScreenCommand(keys=("q",), footer="Quit", footer_rank=1),
    "hint": ScreenCommand(
        keys=("i",),
        footer="Hint",
        footer_rank=5,
        palette="Hint",
        palette_help="Light up the next move of a solution (i)",
    ),
    "solve": ScreenCommand(
        keys=("p",),
        footer="Solve",
        footer_rank=8,
        palette="Auto-solve",
        palette_help="Play a solution from here, step by step (p; Esc stops)",
    ),
    "winnable": ScreenCommand(
        palette="Winnability check",
        palette_help="Say in the status line whether this game can still be won (toggle)",
    ),
    "daily": ScreenCommand(
        palette="Daily deal",
        palette_help="Today's deal of this game, the same for everyone; it counts for the "
        "game's daily streak",
    ),
    "deals": ScreenCommand(
        palette="Winnable deals only",
        palette_help="New random games skip deals the solver proves unsolvable (toggle)",
    ),
    "saves": ScreenCommand(
        keys=("s", "ctrl+s"),
        footer="Saves",
        footer_rank=7,
        palette="Saved games",
        palette_help="Save this game under a name, load, rename, export…",
    ),
    "share": ScreenCommand(
        palette="Share as a game code",
        palette_help="This game's deal and moves in one short word, copied to the clipboard",
    ),
    "watch": ScreenCommand(
        palette="Watch this game",
        palette_help="Play this game back step by step in the viewer (:watch CODE for a code)",
    ),
    "watch_solution": ScreenCommand(
        palette="Watch the solution",
        palette_help="The solver's solution from here, step by step; t plays on from any move",
    ),
    "stats": ScreenCommand(
        keys=("t", "f4"),
        footer="Stats",
        footer_rank=8,
        palette="Statistics",
        palette_help="Games played and won, streaks, best times",
    ),
    "klondike": ScreenCommand(
        palette="Watch Klondike",
        palette_help="The automatic Klondike player, at a pace you can follow",
    ),
    "four_colour": ScreenCommand(
        palette="Four-colour deck",
        palette_help="Clubs green, diamonds blue, hearts red, spades black (toggle)",
    ),
    "ascii": ScreenCommand(
        palette="ASCII suits", palette_help="Draw suits as the letters C D H S (toggle)"
    ),
    "motion": ScreenCommand(
        palette="Motion",
        palette_help="Cards glide to their place; off: they jump there at once (toggle)",
    ),
    "classic": ScreenCommand(
        palette="Classic look",
        palette_help="Light card faces with red and black ink on a green table (toggle)",
    ),
}

_NONE: Final = ScreenCommand()


def shown(command: Command) -> ScreenCommand:
    """How ``command`` is presented (nothing but its typed form when absent from SCREEN)."""
    return SCREEN.get(command.name, _NONE)


def bindings(command: Command) -> Iterator[tuple[str, str]]:
    """``(keys, action string)`` for the keys of ``command`` (``keys`` comma-separated)."""
    look = shown(command)
    action = look.action or command.name
    if not look.args:
        if look.keys:
            yield ",".join(look.keys), action
        return
    for key, arg in zip(look.keys, look.args, strict=True):
        yield key, f"{action}({arg})"


def screen_bindings() -> list[BindingType]:
    """The game screen's ``BINDINGS``: every key of every full-screen command; the ones with a
    footer label are shown in the footer. (The screen decides its keys itself as they are read,
    from :func:`key_actions`; the bindings only show them.)"""
    result: list[BindingType] = []
    for command in COMMANDS:
        if not command.screen:
            continue
        look = shown(command)
        for key, action in bindings(command):
            label = look.footer or look.palette or command.name.replace("_", " ")
            result.append(Binding(key, action, label, show=bool(look.footer)))
    return result


@cache
def key_actions(variant: Variant = FREECELL) -> dict[str, str]:
    """What each key of the full-screen game does in ``variant``'s game: its action string
    (``pile('3')``). In a game with a free cell ``f``, ``f`` picks up from it."""
    actions = {
        key: action
        for command in COMMANDS
        if command.screen
        for keys, action in bindings(command)
        for key in keys.split(",")
    }
    if quick_key(variant) != "f":
        actions["f"] = "pile('f')"
    return actions


def footer_hidden(variant: Variant) -> frozenset[str]:
    """The actions whose keys the footer leaves out in ``variant``'s game: of the two
    "home or cell" keys, the one the game does not use for it (``x`` while ``f`` does it)."""
    shown_key = quick_key(variant)
    return frozenset(f"quick('{key}')" for key in _QUICK_KEYS if key != shown_key)


def footer_ranks() -> dict[str, int]:
    """Each footer key's rank, by the action its key runs (1 is kept longest)."""
    return {
        action: look.footer_rank
        for command in COMMANDS
        if (look := shown(command)).footer
        for _, action in bindings(command)
    }


def palette_commands() -> Iterator[tuple[Command, ScreenCommand]]:
    """The commands the command palette lists, in the table's order."""
    for command in COMMANDS:
        look = shown(command)
        if command.screen and look.palette:
            yield command, look


_KEY_NAMES: Final = {
    "question_mark": "?",
    "colon": ":",
    "plus": "+",
    "equals_sign": "=",
    "minus": "−",
    "escape": "Esc",
    "enter": "Enter",
    "space": "Space",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "home": "Home",
    "end": "End",
}


def key_label(key: str) -> str:
    """A Textual key name as a player reads it: ``?``, ``Esc``, ``F1``, ``ctrl+z``."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    if len(key) > 1 and key[0] == "f" and key[1:].isdigit():
        return key.upper()
    return key


def keys_text(command: Command, variant: Variant | None = None) -> str:
    """``u  ctrl+z``: the keys of ``command`` in ``variant``'s game (``None``: every game's,
    for the docs); the pile keys as ``1–8  a–d  h`` (FreeCell), ``1–9  0  a–d  h`` (Seahaven
    Towers), ``1–8  a–g  k  h`` (Eight Off)."""
    if command.name == "pile":
        return "1–8  a–d  h  9  0  e–g  k" if variant is None else _pile_keys(variant)
    keys = shown(command).keys
    if command.name == "quick" and variant is not None and quick_key(variant) != "f":
        keys = (quick_key(variant),)
    return "  ".join(key_label(key) for key in keys)


def _pile_keys(variant: Variant) -> str:
    """The pile keys of ``variant``'s game, as :func:`keys_text` writes them."""
    columns = "1" if variant.columns == 1 else f"1–{min(variant.columns, 9)}"
    if variant.columns == 10:
        columns += "  0"
    cells = [pile.code for pile in cell_piles(variant)]
    eighth = cells[7:]
    cells = cells[:7]
    cells_text = cells[0] if len(cells) == 1 else f"{cells[0]}–{cells[-1]}" if cells else ""
    return "  ".join(part for part in (columns, cells_text, *eighth, "h") if part)


#: What the docs add to a command's help, where the keys differ from game to game (the help
#: screen shows the keys of the game on the board).
_DOCS_NOTES: Final = {
    "pile": " — FreeCell's keys are 1–8, a–d and h; Seahaven Towers adds 9 and 0 (column 10), "
    "a game with more free cells e, f, g and k (Eight Off: a–g and k)",
    "quick": " — x in every game, f too unless the game has a free cell f (Eight Off)",
}


def keys_markdown() -> str:
    """The commands table of ``docs/keys.md``: every command, its keys and its words."""
    rows = ["| Keys | Typed (`:` line, line mode) | What it does |", "|------|------|------|"]
    for section in SECTIONS:
        for command in COMMANDS:
            if command.section != section:
                continue
            look = shown(command)
            keys = keys_text(command) if command.screen else ""
            keys_cell = " ".join(f"`{key}`" for key in keys.split("  ")) if keys else "–"
            typed = f"`{command.typed}`".replace("|", "\\|") if command.typed else "–"
            where = "" if command.screen else " (line mode only)"
            if look.palette:
                where += f"; palette: *{look.palette}*"
            note = _DOCS_NOTES.get(command.name, "")
            rows.append(f"| {keys_cell} | {typed} | {command.help}{note}{where} |")
    return "\n".join(rows) + "\n"
