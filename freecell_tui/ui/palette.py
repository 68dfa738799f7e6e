"""The command palette, guarded against Textual's own crashes.

Textual 8.2's palette dies of upstream bugs a fast player (or a key storm) meets: ``PageDown``
while the results are still loading (``KeyError: 0`` in the option list, which pages before its
lines are built), a click where no widget is (``NoWidget``), and a search still running when the
palette closes (``NoMatches`` in its worker, which exits the app); and closing it twice pops the
screen below. :class:`GuardedPalette` keeps the palette and drops just those.
"""

from __future__ import annotations

from textual import work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.events import Click

from freecell_tui.ui.tiny import TinyDialog

__all__ = ["GuardedPalette"]


class GuardedPalette(TinyDialog, CommandPalette):
    """Textual's command palette without its known crash paths."""

    _dismissed_once = False

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except (KeyError, IndexError):  # paging before the list's lines are built (upstream)
            return

    def _on_click(self, event: Click) -> None:  # type: ignore[override]
        # Textual calls the handler of every class up the chain: prevent_default stops it calling
        # the palette's own after this one.
        event.prevent_default()
        try:
            super()._on_click(event)
        except NoWidget:  # a click where no widget is (the terminal shrank): nothing to do
            return

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP, exit_on_error=False)
    async def _gather_commands(self, search_value: str) -> None:
        # The palette's own search, whose failure once the palette is gone no longer ends the
        # game (a failed worker without exit_on_error is just a failed worker).
        gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]
        try:
            await gather(self, search_value)
        except NoMatches:  # the palette closed while it searched (upstream)
            return

    def _start_no_matches_countdown(self, search_value: str) -> None:
        super()._start_no_matches_countdown(search_value)
        timer = self._no_matches_timer
        if timer is not None:
            show = timer._callback

            def show_if_open() -> None:
                # Its "No matches found" after the palette's list is gone (closing): upstream
                # queried the list and raised NoMatches (the 20,000-event storm).
                if self.query(CommandList):
                    show()  # type: ignore[misc]

            timer._callback = show_if_open

    def dismiss(self, result: object = None) -> AwaitComplete:
        if self._dismissed_once:
            return AwaitComplete.nothing()  # type: ignore[no-untyped-call, no-any-return]
        self._dismissed_once = True
        return super().dismiss(result)
