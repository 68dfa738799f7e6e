"""Help: every key and command (from the command table), the mouse, the viewer's keys, and the
rules in a few lines (``?`` or ``F1``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.events import Key
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from freecell_tui.core.variant import FREECELL, Build, EmptyColumn, Moving, Variant
from freecell_tui.core.words import plural
from freecell_tui.session.table import COMMANDS, SECTIONS
from freecell_tui.ui.commands import (
    DEFAULT_KEYS,
    KeyTable,
    command_keys,
    key_label,
    keys_text,
)
from freecell_tui.ui.screens.answer import OnceScreen
from freecell_tui.ui.screens.dialogs import dialog_frame_css
from freecell_tui.ui.screens.viewer_keys import VIEWER_BINDINGS
from freecell_tui.ui.web.browser import open_link

__all__ = ["EXTRA", "HelpScreen", "KeyRows", "binding_rows", "help_sections", "rules_rows"]

#: The keys column: its indent, its width (longer keys wrap at a space) and the gap after it.
KEYS_INDENT, KEYS_WIDTH, KEYS_GAP = 2, 15, 1


def binding_rows(bindings: Iterable[Binding]) -> tuple[tuple[str, str], ...]:
    """A screen's keys as help rows: each binding's keys (as a player reads them) and what they
    do (its tooltip, else its label), the keys that do the same thing on one row."""
    rows: dict[str, list[str]] = {}
    for binding in bindings:
        keys = binding.key.split(",")
        said = binding.tooltip or binding.description.lower()
        rows.setdefault(said, []).extend(
            key_label(key)
            for key in keys
            if not (key.startswith("shift+") and key[6:].upper() in keys)
        )
    return tuple(("  ".join(keys), said) for said, keys in rows.items())


#: Help that is not a command: the mouse, the viewer, the status line, the rules.
EXTRA: Final[tuple[tuple[str, tuple[tuple[str, str], ...]], ...]] = (
    (
        "Mouse",
        (
            ("click", "pick up a card; a covered card picks up the run from it to the top"),
            ("click again", "drop on the pile clicked (the same pile puts it down)"),
            ("double-click", "send a top card home, else to a free cell"),
            ("drag", "drag a card or run and drop it on a pile"),
            ("hover", "shows what a click would pick up, or where it would drop"),
        ),
    ),
    (
        "The viewer (:watch, :watch CODE, :watch solution)",
        binding_rows(VIEWER_BINDINGS),
    ),
    (
        "Status line",
        (
            ("winnable", "the winnability check: winnable, checking…, or no longer winnable"),
            ("", "with how many moves to undo; :winnable off hides it (no spoilers)"),
        ),
    ),
)


def rules_rows(variant: Variant) -> tuple[tuple[str, str], ...]:
    """The rules of ``variant``'s game in a few lines."""
    if variant.build is Build.SAME_SUIT:
        build = "build down in the same suit: the 6♠ on the 7♠"
    else:
        build = "build down in alternating colours: a red 6 on a black 7"
    cells = (
        f"{plural(variant.cells, 'free cell')}: each holds any one card"
        if variant.cells
        else "this game has no free cells"
    )
    if variant.empty_column is EmptyColumn.KINGS_ONLY:
        empty = "only a king (or a run from a king) fills an empty column"
    else:
        empty = "an empty column takes any card"
    runs = {
        Moving.ONE_CARD: "one card moves at a time",
        Moving.UNLIMITED: "a whole run moves at once",
    }.get(variant.moving)
    if runs is None and variant.empty_column is EmptyColumn.KINGS_ONLY:
        runs = "move together when no longer than (empty cells + 1)"
    elif runs is None:
        runs = "move together when no longer than (empty cells + 1) × 2^(empty columns)"
    return (
        ("columns", build),
        ("home", "each suit from ace to king; the game is won when all 52 are home"),
        ("free cells", f"{cells}; {empty}"),
        ("runs", runs),
    )


def _pile_help(variant: Variant, text: str) -> str:
    """The pile keys' help in ``variant``'s game: with what its less usual keys mean."""
    notes = []
    if variant.columns == 10:
        notes.append("0 is column 10")
    if variant.cells == 8:
        notes.append("k is the eighth free cell, h being home")
    return f"{text} ({'; '.join(notes)})" if notes else text


#: Further reading: links that open in a browser (a new tab when the game is played in one).
LINKS: Final = (
    ("FreeCell's rules and history", "https://en.wikipedia.org/wiki/FreeCell"),
    ("Microsoft deal numbers and solvers", "https://fc-solve.shlomifish.org/"),
    ("Textual, the library this game is built with", "https://textual.textualize.io/"),
)


def _titled(title: str, text: str) -> str:
    """``Title: text``, unless the text names it already before its colon (``the classic look:
    …``): then the text alone, capitalised."""
    named = text.partition(":")[0].lower().endswith(title.lower())
    said = text if named else f"{title}: {text}"
    return said[:1].upper() + said[1:]


def help_sections(
    variant: Variant = FREECELL, keys: KeyTable = DEFAULT_KEYS
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The help screen's sections in ``variant``'s game: every full-screen command of the
    command table (its keys in that game from the player's ``keys``, or its typed form after
    ``:``), then :data:`EXTRA`, then the game's rules."""
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    for section in SECTIONS:
        rows = []
        for command in COMMANDS:
            if command.section != section or not command.screen:
                continue
            if command.palette and not command_keys(command) and not command.words:
                rows.append(("ctrl+p", _titled(command.palette, command.help)))
                continue
            told = keys_text(command, variant, keys) or f":{command.typed}"
            text = _pile_help(variant, command.help) if command.name == "pile" else command.help
            rows.append((told, text))
        if rows:
            sections.append((section, rows))
    sections.extend((title, list(rows)) for title, rows in EXTRA)
    sections.append((f"Rules of {variant.name}", list(rules_rows(variant))))
    return sections


class KeyRows(Widget):
    """A section's rows in two columns, the keys (bold) then what they do, each wrapped in its
    column: one widget for a section, its lines made once for each width (a grid of two
    widgets a row made the help take 2.6 times as long to open)."""

    DEFAULT_CSS = "KeyRows { height: auto; }"

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows
        self._made: tuple[int, list[Content]] | None = None

    def lines(self, width: int) -> list[Content]:
        """The rows laid out ``width`` cells wide, a line each."""
        if self._made is not None and self._made[0] == width:
            return self._made[1]
        indent, text_at = " " * KEYS_INDENT, KEYS_INDENT + KEYS_WIDTH + KEYS_GAP
        lines: list[Content] = []
        for keys, text in self.rows:
            keys_lines = Content(keys).stylize("bold").wrap(KEYS_WIDTH)
            text_lines = Content(text).wrap(max(width - text_at, 1))
            for number in range(max(len(keys_lines), len(text_lines))):
                key = keys_lines[number] if number < len(keys_lines) else Content()
                said = text_lines[number] if number < len(text_lines) else Content()
                gap = " " * (KEYS_WIDTH - key.cell_length + KEYS_GAP)
                lines.append(Content.assemble(indent, key, gap, said))
        self._made = (width, lines)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Content:
        return Content("\n").join(self.lines(self.content_region.width))


class HelpScreen(OnceScreen[None]):
    """The list of keys and mouse actions of ``variant``'s game, and its rules — or, given
    ``sections``, those alone under ``title`` (another screen's keys); any of Esc, q, ? or F1
    closes it."""

    DEFAULT_CSS = (
        dialog_frame_css("HelpScreen", box="VerticalScroll", width="96", padding="0 1")
        + """
    HelpScreen .section { color: $text-accent; text-style: bold; margin-top: 1; }
    HelpScreen .link { color: $text-primary; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "dismiss", "Close"),
    ]

    async def decide_key(self, event: Key) -> bool:
        if event.key in self.keys.get("help", ()):
            self.dismiss()
            return True
        return await super().decide_key(event)

    def __init__(
        self,
        variant: Variant = FREECELL,
        *,
        title: str = "",
        sections: list[tuple[str, list[tuple[str, str]]]] | None = None,
        keys: KeyTable = DEFAULT_KEYS,
    ) -> None:
        super().__init__()
        self.variant = variant
        #: The player's keys: shown, and the help's own key closes it too.
        self.keys = keys
        self.title_text = title or f"{variant.name}: keys and mouse"
        self.sections = sections

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = self.title_text
            scroll.border_subtitle = "Esc closes"
            for section, entries in self.sections or help_sections(self.variant, self.keys):
                yield Static(section, classes="section", markup=False)
                yield KeyRows(entries)
            if self.sections is not None:
                return
            yield Static("More (click a link)", classes="section", markup=False)
            for title, url in LINKS:
                link = Content.from_markup(
                    f"  [@click=screen.open_link({url!r})]$title[/]: $url", title=title, url=url
                )
                yield Static(link, classes="link")

    def action_open_link(self, url: str) -> None:
        """A link of the help: a new tab in a browser, the desktop's browser in a terminal (or
        its address, when no browser can open)."""
        self.notify(open_link(self.app, url), markup=False)
