"""The save-slot screen: the named saves, a miniature of the highlighted one, and every action on
them (save new, overwrite, load, rename, delete, export, import) by key or by mouse.

Below the named saves it lists the unfinished games no running copy is playing (a game set aside
by loading a save, or left by a copy that quit): they can be loaded, or deleted (abandoned, which
counts as a loss). The screen returns only what the game screen must act on: the
:class:`~freecell_tui.store.SavedGame` the player chose to load, or ``None``. Names are shown as
plain text, and every refusal from the store appears on the message line in the store's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on, work
from textual.binding import Binding, BindingType
from textual.events import Key, Paste
from textual.widgets import DataTable, Input

from freecell_tui.core.words import deal_phrase, plural, printable
from freecell_tui.store import ErrorKind, SlotInfo, StoreError, UnfinishedInfo
from freecell_tui.ui.keys import bound_actions, edit_line, paste_line
from freecell_tui.ui.screens.dialogs import ConfirmScreen
from freecell_tui.ui.screens.saves_base import PromptKind, SavesBase
from freecell_tui.ui.web import deliver_export, download_name
from freecell_tui.ui.widgets.prompt import Prompt

__all__ = ["SaveSlotsScreen"]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class SaveSlotsScreen(SavesBase):
    """The named saves. Returns the loaded game, or ``None`` when closed without loading."""

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
    _actions: ClassVar[dict[str, str]] = bound_actions(BINDINGS)

    async def take_key(self, event: Key) -> bool:
        """A key, decided as it is read (ui/keys.py): the open prompt's, edited here and
        answered on Enter before the next key is read; else the screen's own keys."""
        if self._prompt is None:
            action = self._actions.get(event.key)
            if action is None:
                return False  # the list's own keys (arrows, Enter on a row…)
            await self.run_action(action)
            return True
        prompt = self.query_one("#prompt-input", Prompt)
        if event.key == "enter":
            self._answer_prompt(prompt.value)
        elif event.key == "escape":
            self.action_close()
        elif event.key in ("tab", "shift+tab"):
            prompt.action_complete()
        elif not edit_line(prompt, event.key, event.character):
            return False
        return True

    def take_paste(self, event: Paste) -> bool:
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
                f"It holds {deal_phrase(slot.deal_number)} at {plural(slot.move_count, 'move')}; "
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
                f"{_capital(deal_phrase(entry.deal_number))} at {plural(entry.move_count, 'move')}. "
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

    def action_import(self) -> None:
        if self.app.is_web:
            self.say(
                "In a browser the game cannot read your files: on the machine that serves the "
                "game, run freecell-tui import FILE, and the save appears here.",
                error=True,
            )
            return
        self._open_prompt("import", "~/")

    def _import(self, path: str) -> bool:
        if not path.strip():
            self.say("Give the file to import.", error=True)
            return False
        self._import_file(path.strip())
        return False  # the prompt closes once the file is imported

    @work(thread=True, exclusive=True, group="import")
    def _import_file(self, path: str) -> None:
        """Read, check and store the file in a worker: a file is never read on the UI thread,
        so a slow disk or a long game never stops the keys."""
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
            f"Imported “{printable(slot.name)}”: {deal_phrase(slot.deal_number)}, "
            f"{plural(slot.move_count, 'move')}."
        )
