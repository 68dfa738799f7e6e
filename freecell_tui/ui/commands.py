"""The full-screen game's keys, footer and palette, made from the command table
(:mod:`freecell_tui.session.table`: each command's default keys, as Textual's key names, its
footer label and rank, its palette title and help).

Each key runs a *binding* (:class:`Bound`), named by its id: the command's name, or for a
command whose keys take arguments, each :class:`~freecell_tui.session.command.KeyAct`'s
(``pile_3``, ``more``, ``cursor_left``). A :data:`KeyTable` gives each binding its keys: :data:`DEFAULT_KEYS`, or the
player's (:func:`freecell_tui.ui.keymap.effective_keys`). The game screen's bindings (they show
the keys in the footer, with the player's keys through Textual's keymap), what each key does
(decided as it is read: :meth:`GameScreen.decide_key
<freecell_tui.ui.screens.game.GameScreen.decide_key>`), the command palette, the help screen and
the commands table of ``docs/keys.md`` are generated from the command table and one key table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from textual.binding import Binding, BindingType
from textual.keys import key_to_character

from freecell_tui.core.notation import Pile, cell_piles
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.session.table import COMMANDS, SECTIONS, Command, by_name
from freecell_tui.ui.board.selection import quick_key

__all__ = [
    "BOUND",
    "DEFAULT_KEYS",
    "Bound",
    "KeyTable",
    "command_keys",
    "footer_hidden",
    "footer_ranks",
    "key_actions",
    "key_label",
    "key_name",
    "keyed_text",
    "pile_names",
    "keys_markdown",
    "keys_text",
    "palette_commands",
    "screen_bindings",
    "with_keys",
]

#: A table of keys: each binding id and its keys (Textual key names).
KeyTable = Mapping[str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Bound:
    """What a binding runs: ``command`` with ``args`` (see :attr:`target`); ``id`` is the
    binding's id (the command's name, or its :class:`~freecell_tui.session.command.KeyAct`'s).
    ``Bound(name, name)`` is what a command's palette entry and its typed word without an
    operand run."""

    id: str
    command: str
    args: tuple[object, ...] = ()

    @property
    def target(self) -> tuple[str, tuple[object, ...]]:
        """The game screen's action it runs and the action's arguments: ``action_<command>``
        with ``args``, or, for a command that is a session call (the table's ``call``),
        ``action_call`` with the command's name: it calls the session and presents the answer."""
        if by_name(self.command).call is not None:
            return "call", (self.command,)
        return self.command, self.args

    @property
    def action(self) -> str:
        """Textual's action string for it (``pile('3')``, ``call('restart')``), for the
        bindings Textual shows and the palette."""
        name, args = self.target
        if not args:
            return name
        return f"{name}({', '.join(repr(arg) for arg in args)})"


def _bindings() -> Iterator[tuple[Bound, tuple[str, ...]]]:
    """Every binding of the full-screen game and its default keys, in the table's order."""
    for command in COMMANDS:
        if not command.screen:
            continue
        if command.keys:
            yield Bound(command.name, command.name), command.keys
        for act in command.each:
            yield Bound(act.id, command.name, act.args), act.keys


#: Every binding of the full-screen game, by id, in the command table's order.
BOUND: Final[Mapping[str, Bound]] = MappingProxyType({bound.id: bound for bound, _ in _bindings()})
#: The keys of every binding as the game comes (the player's own: :mod:`.keymap`).
DEFAULT_KEYS: Final[KeyTable] = MappingProxyType({bound.id: keys for bound, keys in _bindings()})


def screen_bindings() -> list[BindingType]:
    """The game screen's ``BINDINGS``, each with its binding id, so that the player's keys (the
    app's keymap, :meth:`App.set_keymap`) replace the defaults in the footer and Textual's key
    panel; the ones with a footer label are shown in the footer. (The screen decides its keys
    itself as they are read, from :func:`key_actions` of the same table.) ``pile_f`` is left
    out: its key is "home or cell" in most games."""
    result: list[BindingType] = []
    for bound, keys in _bindings():
        if bound.id == "pile_f":
            continue
        command = by_name(bound.command)
        label = command.footer or command.palette or bound.id.replace("_", " ")
        result.append(
            Binding(",".join(keys), bound.action, label, show=bool(command.footer), id=bound.id)
        )
    return result


def _has_cell_f(variant: Variant) -> bool:
    """``variant``'s game has a free cell f: ``f`` picks up from it."""
    return quick_key(variant) != "f"


def key_actions(variant: Variant = FREECELL, keys: KeyTable = DEFAULT_KEYS) -> dict[str, Bound]:
    """What each key of ``keys`` does in ``variant``'s game. The keys of ``pile_f`` pick up from
    free cell f in a game that has one; elsewhere the keys of ``quick`` they share are
    "home or cell"."""
    cell_f = _has_cell_f(variant)
    actions: dict[str, Bound] = {}
    for name, bound in BOUND.items():
        if name != "pile_f" or cell_f:
            for key in keys.get(name, ()):
                actions.setdefault(key, bound)
    for key in keys.get("pile_f", ()):
        actions.setdefault(key, BOUND["pile_f"])
    return actions


def footer_hidden(variant: Variant, keys: KeyTable = DEFAULT_KEYS) -> frozenset[str]:
    """The keys the footer leaves out in ``variant``'s game: those of "home or cell" that pick up
    from free cell f there."""
    return frozenset(keys.get("pile_f", ())) if _has_cell_f(variant) else frozenset()


def footer_ranks() -> dict[str, int]:
    """Each footer key's rank, by the action its key runs (1 is kept longest)."""
    return {
        bound.action: command.footer_rank
        for bound in BOUND.values()
        if (command := by_name(bound.command)).footer
    }


def key_name(keys: KeyTable, name: str) -> str:
    """The first key of binding ``name`` as a player reads it (``?``); without a key, the
    command as typed on the ``:`` line (``:help``)."""
    found = keys.get(name, ())
    return key_label(found[0]) if found else f":{BOUND[name].command}"


def pile_names(keys: KeyTable) -> dict[str, str]:
    """The player's key of each pile, by pile code, where it is not the code (``{"3": "e"}``;
    column 10's key is ``0``): the board names a pile by the key that picks it. Notation, on
    disk and in lists of moves, stays the code."""
    names = {}
    for name, bound in BOUND.items():
        if bound.command == "pile":
            code, key = str(bound.args[0]), key_name(keys, name)
            if key != code:
                names[code] = key
    return names


def keyed_text(
    text: str, source: Pile, dest: Pile, names: Mapping[str, str], *, after: str = ""
) -> str:
    """``text``, which says a move from ``source`` to ``dest`` in notation after ``after`` (as
    the session says a move: ``10a: 9♣ to free cell a``, ``Hint: 10a — …``), with the move
    named by the player's keys (``0a``; ``wa`` with column 3 on ``w``); other texts as they
    are."""
    head = after + source.code + dest.code
    if not names or not text.startswith(head):
        return text
    keyed = names.get(source.code, source.code) + names.get(dest.code, dest.code)
    return after + keyed + text[len(head) :]


class _KeyNames(dict[str, str]):
    """``{undo}`` in a text: the player's key of ``undo``."""

    def __init__(self, keys: KeyTable) -> None:
        super().__init__()
        self.table = keys

    def __missing__(self, name: str) -> str:
        return key_name(self.table, name)


def with_keys(text: str, keys: KeyTable = DEFAULT_KEYS) -> str:
    """``text`` with each ``{name}`` replaced by the player's key of binding ``name``."""
    return text.format_map(_KeyNames(keys))


def palette_commands() -> Iterator[Command]:
    """The commands the command palette lists, in the table's order."""
    return (command for command in COMMANDS if command.screen and command.palette)


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
    character = key_to_character(key)
    if character is not None and character.isprintable() and not character.isspace():
        return character  # semicolon: ;
    return key


def command_keys(command: Command, keys: KeyTable = DEFAULT_KEYS) -> tuple[str, ...]:
    """Every key of ``command`` in ``keys`` (Textual key names), in the table's order."""
    names = [act.id for act in command.each] or [command.name]
    return tuple(key for name in names for key in keys.get(name, ()))


def keys_text(
    command: Command, variant: Variant | None = None, keys: KeyTable = DEFAULT_KEYS
) -> str:
    """``u  ctrl+z``: the keys of ``command`` in ``variant``'s game (``None``: every game's,
    for the docs); the pile keys as ``1–8  a–d  h`` (FreeCell), ``1–9  0  a–d  h`` (Seahaven
    Towers), ``1–8  a–g  k  h`` (Eight Off), or each pile's key in order where the player
    changed them."""
    if command.name == "pile":
        if variant is None:
            return "1–8  a–d  h  9  0  e–g  k"
        return _pile_keys(variant, keys)
    found = command_keys(command, keys)
    if command.name == "quick" and variant is not None:
        hidden = footer_hidden(variant, keys)
        found = tuple(key for key in found if key not in hidden)
    return "  ".join(key_label(key) for key in found)


def _pile_keys(variant: Variant, keys: KeyTable) -> str:
    """The pile keys of ``variant``'s game, as :func:`keys_text` writes them."""
    piles = [
        *(str(n) for n in range(1, variant.columns + 1)),
        *(pile.code for pile in cell_piles(variant)),
        "h",
    ]
    if any(keys.get(f"pile_{code}") != DEFAULT_KEYS[f"pile_{code}"] for code in piles):
        return "  ".join(key_name(keys, f"pile_{code}") for code in piles)
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
            keys = keys_text(command) if command.screen else ""
            keys_cell = " ".join(f"`{key}`" for key in keys.split("  ")) if keys else "–"
            typed = f"`{command.typed}`".replace("|", "\\|") if command.typed else "–"
            where = "" if command.screen else " (line mode only)"
            if command.palette:
                where += f"; palette: *{command.palette}*"
            note = _DOCS_NOTES.get(command.name, "")
            rows.append(f"| {keys_cell} | {typed} | {command.help}{note}{where} |")
    return "\n".join(rows) + "\n"
