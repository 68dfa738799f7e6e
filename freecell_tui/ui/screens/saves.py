"""The save-slot screen: the named saves, a miniature of the highlighted one, and every action on
them (save new, overwrite, load, rename, delete, export, import, share as a game code) by key
or by mouse, and ``w`` to watch one in the viewer. The import prompt takes a file, or a game code (pasted or typed): the code's game
becomes a new save.

Below the named saves it lists the unfinished games no running copy is playing (a game set aside
by loading a save, or left by a copy that quit): they can be loaded, or deleted (abandoned, which
counts as a loss). The screen returns only what the game screen must act on: the
:class:`~freecell_tui.store.SavedGame` the player chose to load, a watched game to play on from,
or ``None``. Names are shown as
plain text, and every refusal from the store appears on the message line in the store's words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import ClassVar, Literal

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.events import Key, Paste, Resize
from textual.geometry import Size
from textual.widgets import Button, DataTable, Input, Label, Static

from freecell_tui.core.codes import BadCode, decode, looks_like_code
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.core.words import plural, printable, quoted
from freecell_tui.session.steps import Ask, Decision, Step
from freecell_tui.session.words import game_deal_phrase
from freecell_tui.store import (
    ErrorKind,
    SavedGame,
    SlotInfo,
    Store,
    StoreError,
    UnfinishedInfo,
    format_duration,
)
from freecell_tui.ui.keys import edit_line, paste_line
from freecell_tui.ui.screens.answer import OnceScreen
from freecell_tui.ui.screens.dialogs import CodeScreen, ConfirmScreen, dialog_frame_css
from freecell_tui.ui.screens.viewer import watch_from
from freecell_tui.ui.web.browser import deliver_export, download_name
from freecell_tui.ui.widgets.preview import PositionPreview
from freecell_tui.ui.widgets.prompt import Prompt

__all__ = ["PromptKind", "SaveSlotsScreen"]


def _key(entry: SlotInfo | UnfinishedInfo) -> tuple[str, str]:
    """A row's identity, to keep the highlight and the preview cache: a save by its name, an
    unfinished game by its row id."""
    if isinstance(entry, SlotInfo):
        return ("slot", entry.name)
    return ("unfinished", str(entry.autosave_id))


PromptKind = Literal["new", "rename", "export", "import"]

#: The screen's actions on the saves, which wait while a prompt is open.
_SLOT_ACTIONS = frozenset(
    {"save_new", "overwrite", "load", "rename", "delete", "export", "import", "share", "watch"}
)

_PROMPTS: dict[PromptKind, str] = {
    "new": "Name for the new save (1–40 characters):",
    "rename": "New name:",
    "export": "Export to file:",
    "import": "Import from a file, or paste a game code:",
}
#: The import prompt in a browser, where the game cannot read the player's files (on the machine
#: that serves the game, ``freecell-tui import FILE`` imports one).
_WEB_IMPORT = "Paste a game code (a browser's game cannot read your files):"


#: The longest path a file is opened by (Linux's ``PATH_MAX``): a longer text names no file.
MAX_PATH = 4096


def code_in(text: str) -> str | None:
    """The game code the import prompt's ``text`` holds, or ``None`` when it names a file: a
    text that starts with the codes' format letter, with no dot or slash (a file's name has
    them) and naming no file. Looks at the disk: run it off the UI thread."""
    if not looks_like_code(text) or any(ch in text for ch in "./\\"):
        return None
    try:
        named = Path(text).exists()
    except OSError:  # a name too long for a file (a long code), or unreadable: no file
        named = False
    return None if named else text


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class SaveSlotsScreen(OnceScreen[SavedGame | Decision | Game | None]):
    """The named saves. Returns what loading did (a step to show; the chosen save itself when
    no ``load`` was given), a watched game to play on from (``w``, then ``t`` in the viewer), or
    ``None`` when closed without either."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "save_new", "Save new"),
        Binding("o", "overwrite", "Overwrite"),
        Binding("l", "load", "Load"),
        Binding("r", "rename", "Rename"),
        Binding("d,delete", "delete", "Delete"),
        Binding("e", "export", "Export"),
        Binding("i", "import", "Import"),
        Binding("s", "share", "Share"),
        Binding("w", "watch", "Watch"),
        Binding("escape", "close", "Close"),
    ]

    async def decide_key(self, event: Key) -> bool:
        """A key, decided as it is read (ui/keys.py): the open prompt's, edited here and
        answered on Enter before the next key is read; else the screen's own keys (others are
        the list's own: arrows, Enter on a row…)."""
        if self._prompt is None:
            return await super().decide_key(event)
        prompt = self.query_one("#prompt-input", Prompt)
        if event.key == "enter":
            self._answer_prompt(prompt.value)
        elif event.key == "escape":
            self.action_close()
        elif event.key in ("tab", "shift+tab"):
            prompt.action_complete()
        elif not await edit_line(prompt, event.key, event.character):
            return False
        return True

    def decide_paste(self, event: Paste) -> bool:
        if self._prompt is None:
            return False
        paste_line(self.query_one("#prompt-input", Prompt), event.text)
        return True

    @on(Input.Submitted, "#prompt-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._answer_prompt(event.value)

    def _answer_prompt(self, value: str) -> None:
        kind = self._prompt
        if kind is None:
            return
        handlers: dict[PromptKind, Callable[[str], bool]] = {
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
            slot = self.store.slots.save(name, self.game, self.elapsed_seconds)
        except StoreError as error:
            if error.kind is ErrorKind.EXISTS:
                self.say(f"{error.message} Choose another name, or use Overwrite (o).", error=True)
            else:
                self._fail(error)
            return False
        self.refresh_slots(highlight=slot.name)
        self.say(f"Saved as “{printable(slot.name)}”.")
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
                self.store.slots.save(slot.name, game, seconds, overwrite=True)
            except StoreError as error:
                self._fail(error)
                return
            self.refresh_slots(highlight=slot.name)
            self.say(f"“{printable(slot.name)}” now holds this game.")

        self.app.push_screen(
            ConfirmScreen(
                f"Overwrite “{printable(slot.name)}”?",
                f"It holds {game_deal_phrase(slot.deal_number, slot.variant)} at {plural(slot.move_count, 'move')}; "
                "it will hold this game instead.",
                yes="Overwrite",
                no="Cancel",
            ),
            answered,
        )

    def action_load(self) -> None:
        """Load the highlighted entry: the game's own question first when a game is under way,
        asked over this screen (no: back here, nothing changed); once loaded, the screen closes
        with the step to show."""
        saved = self._highlighted("load")
        if saved is None:
            return
        if self._loader is None:
            self.dismiss(saved)
            return
        decision = self._loader(saved)
        if not isinstance(decision, Ask):
            self._loaded(decision)
            return
        ask = decision

        def answered(yes: bool | None) -> None:
            if yes:
                self._loaded(ask.yes())
            else:
                self.say(ask.no)

        question = ask.question
        self.app.push_screen(
            ConfirmScreen(
                question.title, question.detail, yes=question.yes, no=question.no, then=answered
            )
        )

    def _loaded(self, step: Decision | None) -> None:
        """Close with what loading did; a refusal (the game was taken up elsewhere) is said
        here instead, and the screen stays."""
        if isinstance(step, Step) and step.refused:
            self.say(step.said, error=True)
            return
        self.dismiss(step)

    @on(DataTable.RowSelected, "#slots")
    def _row_chosen(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self.app.screen is not self:  # chosen before a dialog opened over this screen
            return
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
            new = self.store.slots.rename(self._renaming, name)
        except StoreError as error:
            self._fail(error)
            return False
        self.refresh_slots(highlight=new)
        self.say(f"Renamed “{printable(self._renaming)}” to “{new}”.")
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
                self.store.slots.delete(slot.name)
            except StoreError as error:
                self._fail(error)
                return
            self.refresh_slots()
            self.say(f"Deleted “{printable(slot.name)}”.")

        self.app.push_screen(
            ConfirmScreen(
                f"Delete “{printable(slot.name)}”?",
                "This cannot be undone.",
                yes="Delete",
                no="Keep",
            ),
            answered,
        )

    def _abandon(self, entry: UnfinishedInfo) -> None:
        """Delete an unfinished game: it is recorded as a loss, like leaving it for a new one."""
        try:
            saved = self.store.autosaves.load(entry.autosave_id)
        except StoreError as error:
            self._fail(error)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            error = self.store.autosaves.discard(saved)
            if error is not None:
                self._fail(error)
                return
            self.refresh_slots()
            self.say("The unfinished game was abandoned (it counts as a loss).")

        self.app.push_screen(
            ConfirmScreen(
                "Abandon this unfinished game?",
                f"{_capital(game_deal_phrase(entry.deal_number, entry.variant))} at {plural(entry.move_count, 'move')}. "
                "It counts as a loss.",
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
        name = download_name(f"freecell-{slot.name}.json")
        if self.app.is_web:  # in a browser the file goes to the player, as a download
            try:
                text = self.store.slots.export_text(slot.name)
            except StoreError as error:
                self._fail(error)
                return
            self.say(deliver_export(self.app, name, text) or "")
            return
        self._open_prompt("export", f"~/{name}")

    def _export(self, path: str, *, overwrite: bool = False) -> bool:
        if not path.strip():
            self.say("Give a file name to export to.", error=True)
            return False
        try:
            written = self.store.slots.export(self._exporting, path.strip(), overwrite=overwrite)
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
        self.say(f"Exported “{printable(self._exporting)}” to {written}.")
        return True

    def action_share(self) -> None:
        """The highlighted entry's game code, shown and copied (the dialog ``:share`` opens)."""
        saved = self._highlighted("share")
        if saved is not None:
            self.app.push_screen(CodeScreen(saved.game))

    def action_watch(self) -> None:
        """The highlighted entry's game in the viewer; ``t`` there plays on from a move."""
        saved = self._highlighted("watch")
        if saved is not None:
            watch_from(self, saved.game, self.dismiss)

    def action_import(self) -> None:
        # Empty: a code is pasted as it is (Tab completes a path typed, ~/ included).
        self._open_prompt("import")

    def _import(self, text: str) -> bool:
        text = text.strip()
        if self.app.is_web:  # a browser's game cannot read files: the text is a code
            self._import_text(text, code=text)
        elif not text:
            self.say("Give the file to import, or a game code.", error=True)
        elif not looks_like_code(text) and len(text.encode()) > MAX_PATH:
            self.say(
                f"Nothing imported: {quoted(text)} is no file (a path is at most "
                f"{MAX_PATH:,} bytes) and no game code (a code starts with F1).",
                error=True,
            )
        else:
            self._import_text(text)
        return False  # the prompt closes once the game is imported

    @work(thread=True, exclusive=True, group="import")
    def _import_text(self, text: str, code: str | None = None) -> None:
        """Import ``code``, or the code or the file ``text`` names (:func:`code_in`), in a
        worker: a file is never read on the UI thread, so a slow disk or a long game (a long
        code is replayed move by move) never stops the keys."""
        code = code if code is not None else code_in(text)
        if code is None:
            self._import_file(text)
        else:
            self._import_code(code)

    def _import_code(self, code: str) -> None:
        game = decode(code)
        if isinstance(game, BadCode):
            failed = StoreError(ErrorKind.BAD_FILE, f"Nothing imported: {game.reason}.")
            self.app.call_from_thread(self._import_failed, failed)
            return
        number = game.deal_number
        base = f"Shared deal {number}" if number is not None else "Shared position"
        try:
            slot = self.store.slots.import_game(game, base)
        except StoreError as error:
            self.app.call_from_thread(self._import_failed, error)
            return
        self.app.call_from_thread(self._imported, slot)

    def _import_file(self, path: str) -> None:
        try:
            slot = self.store.slots.import_file(path)
        except StoreError as error:
            self.app.call_from_thread(self._import_failed, error)
            return
        self.app.call_from_thread(self._imported, slot)

    def _import_failed(self, error: StoreError) -> None:
        if self.is_mounted:
            self._fail(error)

    def _imported(self, slot: SlotInfo) -> None:
        if not self.is_mounted:
            return
        if self._prompt == "import":
            self._close_prompt()
        self.refresh_slots(highlight=slot.name)
        self.say(
            f"Imported “{printable(slot.name)}”: {game_deal_phrase(slot.deal_number, slot.variant)}, "
            f"{plural(slot.move_count, 'move')}."
        )

    # The rules below name the screen themselves (scoped, Textual would prefix each again).
    SCOPED_CSS = False
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
        grid-size: 5;
        grid-gutter: 0 1;
        grid-rows: 1;
        height: auto;
        margin-top: 1;
    }
    SaveSlotsScreen #actions Button { width: 100%; }
    SaveSlotsScreen.-narrow PositionPreview { display: none; }
    SaveSlotsScreen.-narrow #actions { grid-gutter: 0 0; }
    SaveSlotsScreen.-tight #actions { grid-size: 4; }
    """
    )

    def __init__(
        self,
        store: Store,
        game: Game | None = None,
        elapsed_seconds: float = 0.0,
        *,
        then: Callable[[SavedGame | Decision | Game | None], None] | None = None,
        load: Callable[[SavedGame], Decision] | None = None,
    ) -> None:
        super().__init__(then=then)
        #: Loads a save into the game (the session's ``load``: it asks first when a game is
        #: under way); ``None``: the chosen save is returned as it is.
        self._loader = load
        self.store = store
        self.game = game
        self.elapsed_seconds = elapsed_seconds
        self._entries: list[SlotInfo | UnfinishedInfo] = []
        self._prompt: PromptKind | None = None
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
                yield Prompt(id="prompt-input")
            with Container(id="actions"):
                for label, action, variant in (
                    ("Save new (n)", "save_new", "primary"),
                    ("Overwrite (o)", "overwrite", "default"),
                    ("Load (Enter)", "load", "default"),
                    ("Rename (r)", "rename", "default"),
                    ("Delete (d)", "delete", "error"),
                    ("Export (e)", "export", "default"),
                    ("Import (i)", "import", "default"),
                    ("Share (s)", "share", "default"),
                    ("Watch (w)", "watch", "default"),
                    ("Close (Esc)", "close", "default"),
                ):
                    yield Button(label, id=action, variant=variant, compact=True)  # type: ignore[arg-type]

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Fit an 80×24 terminal: a shorter list, and no miniature below 112 columns (the
        list needs the room); below 80 columns the buttons take three rows of four, and the
        list one line less."""
        tight = size.width < 80
        self.set_class(size.width < 112, "-narrow")
        self.set_class(tight, "-tight")
        self.query_one("#body").styles.height = max(4, min(16, size.height - 16 - tight))

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
        problems: tuple[str, ...] = ()
        try:
            slots, unfinished = self.store.slots.all(), self.store.autosaves.all()
            self._entries = [*slots.items, *unfinished.items]
            problems = (*slots.problems, *unfinished.problems)
        except StoreError as error:
            self._entries = []
            problems = (error.message,)
        self._previews.clear()
        table.clear()
        for slot in self._entries:
            if isinstance(slot, SlotInfo):
                name = Text(printable(slot.name))
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
        if problems:
            self.say(" ".join(problems), error=True)
        elif not self._entries and self._prompt is None:
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

    def _highlighted(self, doing: str) -> SavedGame | None:
        """The highlighted save or unfinished game, read; or ``None`` after saying why not
        (``doing``: what the player asked, to load, share or watch)."""
        entry = self.entry
        if entry is None:
            self.say(f"There is no save to {doing}.", error=True)
            return None
        try:
            return self._load(entry)
        except StoreError as error:
            self._fail(error)
            return None

    def _load(self, entry: SlotInfo | UnfinishedInfo) -> SavedGame:
        if isinstance(entry, SlotInfo):
            return self.store.slots.load(entry.name)
        return self.store.autosaves.load(entry.autosave_id)

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
    def _open_prompt(self, kind: PromptKind, value: str = "") -> None:
        self._prompt = kind
        label = _WEB_IMPORT if kind == "import" and self.app.is_web else _PROMPTS[kind]
        self.query_one("#prompt-label", Label).update(Content(label))
        box = self.query_one("#prompt-input", Prompt)
        self.query_one("#prompt").add_class("-open")
        box.focus()
        box.ask(value, paths=kind in ("export", "import"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While a prompt is open only the prompt gets keys: the screen's letters (load,
        export, rename…) wait until it is answered or closed with Esc."""
        return self._prompt is None or action not in _SLOT_ACTIONS

    @on(Prompt.Choices)
    def _choices(self, event: Prompt.Choices) -> None:
        event.stop()
        self.say("  ".join(event.names))

    def _close_prompt(self) -> None:
        self._prompt = None
        self.query_one("#prompt").remove_class("-open")
        self.query_one("#slots", DataTable).focus()

    def action_close(self) -> None:
        if self._prompt is not None:
            self._close_prompt()
            self.say("")
            return
        self.dismiss(None)

    @on(Button.Pressed)
    async def _button(self, event: Button.Pressed) -> None:
        event.stop()
        if self.app.screen is not self:  # chosen before a dialog opened over this screen
            return
        name = event.button.id or ""
        if self._prompt is not None and name in _SLOT_ACTIONS:
            self.say("Answer the prompt first (Enter), or close it (Esc).", error=True)
            return
        if name:
            await self.run_action(name)
