"""The save-slot screen: the named saves, a miniature of the highlighted one, and every action on
them (save new, overwrite, load, rename, delete, export, import) by key or by mouse.

Below the named saves it lists the unfinished games no running copy is playing (a game set aside
by loading a save, or left by a copy that quit): they can be loaded, or deleted (abandoned, which
counts as a loss).

The screen takes the store and the current game (``None`` when there is none to save) and does the
slot actions itself; it returns only what the game screen must act on: the
:class:`~freecell_tui.store.SavedGame` the player chose to load (for ``Store.switch_to``), or
``None``. Slot names are shown
as plain text (never parsed as markup: a name may hold ``[`` and ``]``), and every refusal from
the store appears on the message line in the store's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.geometry import Size
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, Label, Static

from freecell_tui.core.cards import Suit
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.store import (
    ErrorKind,
    SavedGame,
    SlotInfo,
    Store,
    StoreError,
    UnfinishedInfo,
    format_duration,
)
from freecell_tui.ui.screens.dialogs import ConfirmScreen, dialog_frame_css

__all__ = ["PositionPreview", "SaveSlotsScreen"]


def _key(entry: SlotInfo | UnfinishedInfo) -> tuple[str, str]:
    """A row's identity, to keep the highlight and the preview cache: a save by its name, an
    unfinished game by its row id."""
    if isinstance(entry, SlotInfo):
        return ("slot", entry.name)
    return ("unfinished", str(entry.autosave_id))


Prompt = Literal["new", "rename", "export", "import"]

_PROMPTS: dict[Prompt, str] = {
    "new": "Name for the new save (1–40 characters):",
    "rename": "New name:",
    "export": "Export to file:",
    "import": "Import from file:",
}


class PositionPreview(Widget):
    """A miniature of a position: free cells and foundations on one line, then the columns
    side by side, one card a line. Set ``state`` (or ``note`` for a message instead)."""

    DEFAULT_CSS = """
    PositionPreview {
        width: 34;
        height: auto;
        min-height: 8;
        padding: 0 1;
    }
    PositionPreview > .preview--red { color: $text-error; }
    PositionPreview > .preview--black { color: $foreground; }
    PositionPreview > .preview--muted { color: $foreground-muted; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"preview--red", "preview--black", "preview--muted"}

    state: reactive[GameState | None] = reactive(None, layout=True)
    note: reactive[str] = reactive("", layout=True)

    def render(self) -> Content:
        if self.state is None:
            return Content.styled(self.note, self.get_visual_style("preview--muted"))
        state = self.state
        muted = self.get_visual_style("preview--muted")

        def card(text: str, red: bool) -> tuple[str, Style]:
            return (
                text.ljust(4),
                self.get_visual_style("preview--red" if red else "preview--black"),
            )

        parts: list[tuple[str, Style] | str] = []
        for cell in state.cells:
            parts.append(card(cell.label, cell.is_red) if cell else ("·   ", muted))
        for suit in Suit:
            top = state.foundation_top(suit)
            parts.append(card(top.label, top.is_red) if top else (f"{suit.symbol}   ", muted))
        parts.append("\n")  # a blank line between the top row and the columns
        depth = max((len(column) for column in state.columns), default=0)
        for row in range(depth):
            parts.append("\n")
            for column in state.columns:
                if row < len(column):
                    parts.append(card(column[row].label, column[row].is_red))
                else:
                    parts.append("    ")
        return Content.assemble(*parts)


class SaveSlotsScreen(ModalScreen[SavedGame | None]):
    """The named saves. Returns the loaded game, or ``None`` when closed without loading."""

    DEFAULT_CSS = (
        dialog_frame_css(
            "SaveSlotsScreen", width="124", padding="0 1", extra="overflow: hidden hidden;"
        )
        + """
    SaveSlotsScreen #body { height: 16; }
    SaveSlotsScreen DataTable { width: 1fr; height: 100%; }
    SaveSlotsScreen PositionPreview { height: 100%; }
    SaveSlotsScreen #message { height: auto; min-height: 1; margin: 1 0 0 0; }
    SaveSlotsScreen #message.-error { color: $text-error; }
    SaveSlotsScreen #prompt { height: auto; display: none; }
    SaveSlotsScreen #prompt.-open { display: block; }
    SaveSlotsScreen #actions {
        layout: grid;
        grid-size: 4;
        grid-gutter: 0 1;
        grid-rows: 1;
        height: auto;
        margin-top: 1;
    }
    SaveSlotsScreen #actions Button { width: 100%; }
    SaveSlotsScreen.-narrow PositionPreview { display: none; }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "save_new", "Save new"),
        Binding("o", "overwrite", "Overwrite"),
        Binding("l", "load", "Load"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
        Binding("e", "export", "Export"),
        Binding("i", "import", "Import"),
        Binding("escape", "close", "Close"),
    ]

    def __init__(
        self, store: Store, game: Game | None = None, elapsed_seconds: float = 0.0
    ) -> None:
        super().__init__()
        self.store = store
        self.game = game
        self.elapsed_seconds = elapsed_seconds
        self._entries: list[SlotInfo | UnfinishedInfo] = []
        self._prompt: Prompt | None = None
        self._previews: dict[tuple[str, str], GameState | str] = {}  # by _key
        self._renaming = ""  # the slot a rename prompt is for
        self._exporting = ""  # the slot an export prompt is for

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Saved games", classes="title")
            with Horizontal(id="body"):
                yield DataTable(id="slots", cursor_type="row", zebra_stripes=True)
                yield PositionPreview(id="preview")
            yield Static(id="message", markup=False)
            with Vertical(id="prompt"):
                yield Label("", id="prompt-label", markup=False)
                yield Input(id="prompt-input", select_on_focus=False)
            with Container(id="actions"):
                for label, action, variant in (
                    ("Save new (n)", "save_new", "primary"),
                    ("Overwrite (o)", "overwrite", "default"),
                    ("Load (⏎)", "load", "default"),
                    ("Rename (r)", "rename", "default"),
                    ("Delete (d)", "delete", "error"),
                    ("Export (e)", "export", "default"),
                    ("Import (i)", "import", "default"),
                    ("Close (Esc)", "close", "default"),
                ):
                    yield Button(label, id=action, variant=variant, compact=True)  # type: ignore[arg-type]

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Fit an 80×24 terminal: a shorter list, and no miniature below 112 columns (the
        list needs the room)."""
        self.set_class(size.width < 112, "-narrow")
        self.query_one("#body").styles.height = max(4, min(16, size.height - 16))

    def on_mount(self) -> None:
        self._fit(self.app.size)
        table = self.query_one("#slots", DataTable)
        table.add_columns("Name", "Deal", "Moves", "Home", "Time", "Saved")
        self.refresh_slots()
        if self.game is None:
            self.query_one("#save_new", Button).disabled = True
            self.query_one("#overwrite", Button).disabled = True
        table.focus()

    # ------------------------------------------------------------------ state
    @property
    def entry(self) -> SlotInfo | UnfinishedInfo | None:
        """The highlighted row: a named save or an unfinished game (``None`` when empty)."""
        table = self.query_one("#slots", DataTable)
        if not 0 <= table.cursor_row < len(self._entries):
            return None
        return self._entries[table.cursor_row]

    @property
    def selected(self) -> SlotInfo | None:
        """The highlighted named save (``None`` when the row is an unfinished game)."""
        entry = self.entry
        return entry if isinstance(entry, SlotInfo) else None

    def refresh_slots(self, highlight: str | None = None) -> None:
        """Read the saves and the unfinished games again, keeping the highlight on
        ``highlight`` (a save's name) if given, else on the row highlighted before."""
        table = self.query_one("#slots", DataTable)
        current = ("slot", highlight) if highlight else (_key(self.entry) if self.entry else None)
        try:
            self._entries = [*self.store.list_slots(), *self.store.unfinished_games()]
        except StoreError as error:
            self._entries = []
            self.say(error.message, error=True)
        self._previews.clear()
        table.clear()
        for slot in self._entries:
            if isinstance(slot, SlotInfo):
                name = Text(slot.name)
            else:
                name = Text("unfinished game", style="italic")
            table.add_row(
                name,
                Text(slot.deal_label),
                Text(str(slot.move_count), justify="right"),
                Text(str(slot.cards_home), justify="right"),
                Text(format_duration(slot.elapsed_seconds), justify="right"),
                Text(slot.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")),
            )
        keys = [_key(entry) for entry in self._entries]
        if current in keys:
            table.move_cursor(row=keys.index(current))
        self._show_preview()
        if not self._entries and self._prompt is None:
            self.say("No saves yet. Press n to save this game under a name.")

    def _show_preview(self) -> None:
        preview = self.query_one(PositionPreview)
        entry = self.entry
        if entry is None:
            preview.state = None
            preview.note = ""
            return
        key = _key(entry)
        if key not in self._previews:
            try:
                self._previews[key] = self._load(entry).game.state
            except StoreError as error:
                self._previews[key] = error.message
        found = self._previews[key]
        if isinstance(found, str):
            preview.state = None
            preview.note = found
        else:
            preview.state = found

    def _load(self, entry: SlotInfo | UnfinishedInfo) -> SavedGame:
        if isinstance(entry, SlotInfo):
            return self.store.load_slot(entry.name)
        return self.store.load_unfinished(entry.autosave_id)

    def _named_only(self, doing: str) -> SlotInfo | None:
        """The highlighted named save, or ``None`` with a message saying why not."""
        if isinstance(self.entry, UnfinishedInfo):
            self.say(
                f"An unfinished game has no name to {doing}: load it, then save it under a name.",
                error=True,
            )
            return None
        if self.entry is None:
            self.say(f"There is no save to {doing}.", error=True)
        return self.selected

    def say(self, message: str, *, error: bool = False) -> None:
        line = self.query_one("#message", Static)
        line.update(Content(message))
        line.set_class(error, "-error")

    def _fail(self, error: StoreError) -> None:
        self.say(error.message, error=True)

    # ------------------------------------------------------------------ the prompt
    def _open_prompt(self, kind: Prompt, value: str = "") -> None:
        self._prompt = kind
        self.query_one("#prompt-label", Label).update(Content(_PROMPTS[kind]))
        box = self.query_one("#prompt-input", Input)
        box.value = value
        box.cursor_position = len(value)
        self.query_one("#prompt").add_class("-open")
        box.focus()

    def _close_prompt(self) -> None:
        self._prompt = None
        self.query_one("#prompt").remove_class("-open")
        self.query_one("#slots", DataTable).focus()

    @on(Input.Submitted, "#prompt-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        kind, value = self._prompt, event.value
        if kind is None:
            return
        handlers: dict[Prompt, Callable[[str], bool]] = {
            "new": self._save_new,
            "rename": self._rename,
            "export": self._export,
            "import": self._import,
        }
        if handlers[kind](value):
            self._close_prompt()

    # ------------------------------------------------------------------ actions
    def action_save_new(self) -> None:
        if self.game is None:
            self.say("There is no game to save.", error=True)
            return
        deal = self.game.deal_number
        self._open_prompt("new", f"Deal {deal}" if deal is not None else "Custom position")

    def _save_new(self, name: str) -> bool:
        assert self.game is not None
        try:
            slot = self.store.save_slot(name, self.game, self.elapsed_seconds)
        except StoreError as error:
            if error.kind is ErrorKind.EXISTS:
                self.say(f"{error.message} Choose another name, or use Overwrite (o).", error=True)
            else:
                self._fail(error)
            return False
        self.refresh_slots(highlight=slot.name)
        self.say(f"Saved as “{slot.name}”.")
        return True

    def action_overwrite(self) -> None:
        if self.game is None:
            self.say("There is no game to save.", error=True)
            return
        if self.entry is None:
            self.say("There is no save to overwrite: use Save new (n).", error=True)
            return
        slot = self._named_only("overwrite")
        if slot is None:
            return
        game, seconds = self.game, self.elapsed_seconds

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.store.save_slot(slot.name, game, seconds, overwrite=True)
            except StoreError as error:
                self._fail(error)
                return
            self.refresh_slots(highlight=slot.name)
            self.say(f"“{slot.name}” now holds this game.")

        self.app.push_screen(
            ConfirmScreen(
                f"Overwrite “{slot.name}”?",
                f"It holds deal {slot.deal_label} at {slot.move_count} moves; "
                "it will hold this game instead.",
                yes="Overwrite",
                no="Cancel",
            ),
            answered,
        )

    def action_load(self) -> None:
        entry = self.entry
        if entry is None:
            self.say("There is no save to load.", error=True)
            return
        try:
            saved = self._load(entry)
        except StoreError as error:
            self._fail(error)
            return
        self.dismiss(saved)

    @on(DataTable.RowSelected, "#slots")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_load()

    @on(DataTable.RowHighlighted, "#slots")
    def _row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._show_preview()

    def action_rename(self) -> None:
        slot = self._named_only("rename")
        if slot is None:
            return
        self._renaming = slot.name
        self._open_prompt("rename", slot.name)

    def _rename(self, name: str) -> bool:
        try:
            new = self.store.rename_slot(self._renaming, name)
        except StoreError as error:
            self._fail(error)
            return False
        self.refresh_slots(highlight=new)
        self.say(f"Renamed “{self._renaming}” to “{new}”.")
        return True

    def action_delete(self) -> None:
        entry = self.entry
        if isinstance(entry, UnfinishedInfo):
            self._abandon(entry)
            return
        slot = self.selected
        if slot is None:
            self.say("There is no save to delete.", error=True)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.store.delete_slot(slot.name)
            except StoreError as error:
                self._fail(error)
                return
            self.refresh_slots()
            self.say(f"Deleted “{slot.name}”.")

        self.app.push_screen(
            ConfirmScreen(
                f"Delete “{slot.name}”?", "This cannot be undone.", yes="Delete", no="Keep"
            ),
            answered,
        )

    def _abandon(self, entry: UnfinishedInfo) -> None:
        """Delete an unfinished game: it is recorded as a loss, like leaving it for a new one."""
        try:
            saved = self.store.load_unfinished(entry.autosave_id)
        except StoreError as error:
            self._fail(error)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            error = self.store.discard_autosave(saved)
            if error is not None:
                self._fail(error)
                return
            self.refresh_slots()
            self.say("The unfinished game was abandoned (it counts as a loss).")

        self.app.push_screen(
            ConfirmScreen(
                "Abandon this unfinished game?",
                f"Deal {entry.deal_label} at {entry.move_count} moves. It counts as a loss.",
                yes="Abandon",
                no="Keep",
            ),
            answered,
        )

    def action_export(self) -> None:
        slot = self._named_only("export")
        if slot is None:
            return
        self._exporting = slot.name
        safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in slot.name).strip("-")
        self._open_prompt("export", f"~/freecell-{safe or 'save'}.json")

    def _export(self, path: str, *, overwrite: bool = False) -> bool:
        if not path.strip():
            self.say("Give a file name to export to.", error=True)
            return False
        try:
            written = self.store.export_slot(self._exporting, path.strip(), overwrite=overwrite)
        except StoreError as error:
            if error.kind is ErrorKind.EXISTS and not overwrite:

                def answered(yes: bool | None) -> None:
                    if yes and self._export(path, overwrite=True):
                        self._close_prompt()

                self.app.push_screen(
                    ConfirmScreen(error.message, "Replace it?", yes="Replace", no="Cancel"),
                    answered,
                )
            else:
                self._fail(error)
            return False
        self.say(f"Exported “{self._exporting}” to {written}.")
        return True

    def action_import(self) -> None:
        self._open_prompt("import", "~/")

    def _import(self, path: str) -> bool:
        if not path.strip():
            self.say("Give the file to import.", error=True)
            return False
        try:
            slot = self.store.import_file(path.strip())
        except StoreError as error:
            self._fail(error)
            return False
        self.refresh_slots(highlight=slot.name)
        self.say(f"Imported “{slot.name}”: deal {slot.deal_label}, {slot.move_count} moves.")
        return True

    def action_close(self) -> None:
        if self._prompt is not None:
            self._close_prompt()
            self.say("")
            return
        self.dismiss(None)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        event.stop()
        action = getattr(self, f"action_{event.button.id}", None)
        if action is not None:
            action()
