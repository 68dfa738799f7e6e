"""The resume prompt shown at start when an unfinished game is waiting: resume it (the default,
``Enter``), start a new game (``n``), or quit (``q``: the game waits for next time)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import Button, Label, Static

from freecell_tui.core.words import plural
from freecell_tui.session.words import start_phrase
from freecell_tui.store import SavedGame, format_duration
from freecell_tui.ui.screens.answer import AnswerScreen
from freecell_tui.ui.screens.dialogs import dialog_frame_css
from freecell_tui.ui.widgets.preview import PositionPreview

__all__ = ["ResumeChoice", "ResumeScreen"]


class ResumeChoice(enum.Enum):
    RESUME = "resume"  # store.resume(saved), then play saved.game
    NEW = "new"  # store.discard_autosave(saved) (recorded as left), then a new deal
    QUIT = "quit"  # leave everything as it is and exit


class ResumeScreen(AnswerScreen[ResumeChoice]):
    """Ask whether to resume ``saved``; returns a :class:`ResumeChoice`."""

    DEFAULT_CSS = (
        dialog_frame_css("ResumeScreen", width="auto", max_width="80")
        + """
    ResumeScreen #summary { width: 100%; margin: 1 0; }
    ResumeScreen PositionPreview { margin: 0 0 1 0; }
    ResumeScreen Horizontal { width: auto; height: auto; align: center middle; }
    ResumeScreen Button { margin: 0 1; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape", "choose('resume')", "Resume", show=False),
        Binding("n", "choose('new')", "New game"),
        Binding("q", "choose('quit')", "Quit"),
    ]
    ENTER = "resume"

    def __init__(
        self, saved: SavedGame, *, then: Callable[[ResumeChoice | None], None] | None = None
    ) -> None:
        super().__init__(then=then)
        self.saved = saved

    def compose(self) -> ComposeResult:
        game = self.saved.game
        start = start_phrase(game)
        start = start[:1].upper() + start[1:]
        saved_at = self.saved.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
        moves, home = game.move_count, game.state.cards_home
        summary = (
            f"{start}: {plural(moves, 'move')}, "
            f"{plural(home, 'card')} home, "
            f"{format_duration(self.saved.elapsed_seconds)} played; saved {saved_at}."
        )
        with Vertical():
            yield Label("You have an unfinished game", classes="title")
            yield Static(Content(summary), id="summary")
            preview = PositionPreview(id="preview")
            preview.state = game.state
            yield preview
            with Horizontal():
                yield Button("Resume (Enter)", id="resume", variant="primary")
                yield Button("New game (n)", id="new")
                yield Button("Quit (q)", id="quit")

    def on_mount(self) -> None:
        # Answered before it was drawn (Enter read at once), it mounts without its insides.
        self._fit(self.app.size)
        for button in self.query("#resume").results(Button):
            button.focus()

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        """Keep the buttons on screen: the miniature gives up its lowest cards first."""
        for preview in self.query(PositionPreview):
            preview.styles.max_height = max(3, size.height - 14)

    def choose(self, choice: str) -> None:
        self.dismiss(ResumeChoice(choice))
