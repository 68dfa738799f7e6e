"""Small typed modal screens: confirm, won, no move left. Each answers through ``dismiss``: to
its ``then`` at once (the game screen's dialogs), or to a ``push_screen`` callback."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Button, Label

from freecell_tui.core.codes import BadCode, shared_code
from freecell_tui.core.game import Game
from freecell_tui.session.words import code_note
from freecell_tui.ui.commands import key_label
from freecell_tui.ui.screens.answer import AnswerScreen

__all__ = [
    "CodeScreen",
    "ConfirmScreen",
    "NoticeScreen",
    "StuckScreen",
    "WinScreen",
    "choice_bindings",
    "dialog_frame_css",
]


def dialog_frame_css(
    screen: str,
    *,
    box: str = "Vertical",
    width: str = "60",
    max_width: str = "100%",
    padding: str = "1 2",
    extra: str = "",
) -> str:
    """The frame every modal screen of the game shares: the board dimmed behind, and ``box`` (the
    screen's outer container) centred in a thick border in the theme's colours. Each screen adds
    its own rules for what is inside."""
    return f"""
{screen} {{ align: center middle; background: $background 60%; }}
{screen} > {box} {{
    width: {width};
    max-width: {max_width};
    height: auto;
    max-height: 100%;
    padding: {padding};
    border: thick $primary;
    background: $surface;
    {extra}
}}
{screen} .title {{ text-style: bold; width: 100%; content-align: center middle; }}
"""


# The dialog is 60 columns wide, or the whole terminal when it is narrower (64 at the least); the
# buttons sit in a grid of two columns (two rows for four choices), so every label fits at 64x24.
_DIALOG_CSS = """
{name} .body {{ width: 100%; margin: 1 0; }}
{name} .choices {{
    width: 100%;
    height: auto;
    grid-size: 2;
    grid-columns: 1fr 1fr;
    grid-rows: auto;
    grid-gutter: 0 2;
}}
{name} Button {{ width: 100%; }}
"""


class ConfirmScreen(AnswerScreen[bool]):
    """Ask a yes/no question: ``y``/Enter on Yes answer True, ``n``/Escape False."""

    DEFAULT_CSS = dialog_frame_css("ConfirmScreen") + _DIALOG_CSS.format(name="ConfirmScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]
    ENTER = "no"

    def __init__(
        self,
        question: str,
        detail: str = "",
        *,
        yes: str = "Yes",
        no: str = "No",
        then: Callable[[bool | None], None] | None = None,
    ) -> None:
        super().__init__(then=then)
        self.question = question
        self.detail = detail
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, classes="title", markup=False)
            if self.detail:
                yield Label(self.detail, classes="body", markup=False)
            with Grid(classes="choices"):
                yield Button(f"{self.yes} (y)", id="yes", variant="primary")
                yield Button(f"{self.no} (n)", id="no")

    def on_mount(self) -> None:
        # Answered before it was drawn (a key read at once), it is closed without its buttons.
        for button in self.query("#no").results(Button):
            button.focus()

    def choose(self, choice: str) -> None:
        self.dismiss(choice == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def choice_bindings(choices: tuple[tuple[str, str, str], ...]) -> list[BindingType]:
    """A choice screen's ``BINDINGS``, from its ``CHOICES``: each choice's keys answer it."""
    return [Binding(keys, f"choose({answer!r})", label) for answer, keys, label in choices]


class _ChoiceScreen(AnswerScreen[str | None]):
    """A notice with a row of choices; each button's id is the answer, ``close`` answers None.
    ``CHOICES`` are (answer, keys, label), the keys Textual's names (the first one shown on its
    button); its ``BINDINGS`` are made from them (:func:`choice_bindings`)."""

    CHOICES: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    def __init__(
        self,
        title: str,
        body: str,
        *,
        then: Callable[[str | None], None] | None = None,
        after_typing: bool = False,
    ) -> None:
        super().__init__(then=then)
        self.title_text = title
        self.body_text = body
        #: Opened by a move typed by its keys: Space and Enter right after it separate typed
        #: moves (a list of moves typed whole ends with a line end) and answer nothing.
        self._after_typing = after_typing

    async def decide_key(self, event: events.Key) -> bool:
        if self._after_typing and event.key in ("space", "enter"):
            return True
        self._after_typing = False
        return await super().decide_key(event)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title", markup=False)
            yield Label(self.body_text, classes="body", markup=False)
            with Grid(classes="choices"):
                for index, (answer, keys, label) in enumerate(self.CHOICES):
                    yield Button(
                        f"{label} ({key_label(keys.split(',')[0])})",
                        id=answer,
                        variant="primary" if index == 0 else "default",
                    )

    def on_mount(self) -> None:
        # A notice pushed while the app is closing can mount without its buttons: nothing to focus.
        buttons = self.query(Button)
        if buttons:
            buttons.first().focus()

    def set_body(self, text: str) -> None:
        """Say more (a par that arrived after the win)."""
        self.body_text = text
        self.query_one(".body", Label).update(text)

    def choose(self, choice: str) -> None:
        self.dismiss(None if choice == "close" else choice)


class WinScreen(_ChoiceScreen):
    """The game is won: moves and time, and a new game on ``n``."""

    DEFAULT_CSS = dialog_frame_css("WinScreen") + _DIALOG_CSS.format(name="WinScreen")
    CHOICES = (("new", "n", "New game"), ("close", "escape", "Look at the board"))
    ENTER = "new"
    BINDINGS: ClassVar[list[BindingType]] = choice_bindings(CHOICES)


class StuckScreen(_ChoiceScreen):
    """No legal move is left: undo, restart or a new game."""

    DEFAULT_CSS = dialog_frame_css("StuckScreen") + _DIALOG_CSS.format(name="StuckScreen")
    CHOICES = (
        ("undo", "u", "Undo"),
        ("restart", "r", "Restart"),
        ("new", "n", "New game"),
        ("close", "escape", "Close"),
    )
    ENTER = "undo"
    BINDINGS: ClassVar[list[BindingType]] = choice_bindings(CHOICES)


class NoticeScreen(_ChoiceScreen):
    """Something the player must see before playing on (the game offered to resume was taken
    up elsewhere): keys typed meanwhile stop here instead of playing a board not yet seen."""

    DEFAULT_CSS = (
        dialog_frame_css("NoticeScreen")
        + _DIALOG_CSS.format(name="NoticeScreen")
        + "NoticeScreen .choices { grid-size: 1; grid-columns: 1fr; padding: 0 13; }"  # centred
    )
    CHOICES = (("close", "enter,escape", "OK"),)
    ENTER = "close"
    BINDINGS: ClassVar[list[BindingType]] = choice_bindings(CHOICES)


class CodeScreen(NoticeScreen):
    """A game's code, shown to copy (select it with the terminal's own selection: in most
    terminals, with Shift held) and sent to the clipboard as the dialog opens (Textual's
    ``copy_to_clipboard``: the browser's clipboard under ``serve``, OSC 52 in a terminal that
    takes it); or why the game has none (it is too long for one)."""

    DEFAULT_CSS = (
        dialog_frame_css("CodeScreen", width="90")
        + _DIALOG_CSS.format(name="CodeScreen")
        + "CodeScreen .choices { grid-size: 1; grid-columns: 1fr; padding: 0 13; }"
        + "CodeScreen .code { width: 100%; text-style: bold; color: $accent; }"
        # A long code (thousands of moves) scrolls in a few lines: the note and OK stay in view.
        + "CodeScreen .code-box { height: auto; max-height: 8; margin-top: 1; }"
    )

    def __init__(self, game: Game, *, then: Callable[[str | None], None] | None = None) -> None:
        code = shared_code(game)
        #: The code shown and copied (``None``: the game has none).
        self.code = None if isinstance(code, BadCode) else code
        if isinstance(code, BadCode):
            super().__init__(
                "No game code", f"{code.reason[:1].upper()}{code.reason[1:]}.", then=then
            )
            return
        copied = " It is sent to your clipboard where the terminal allows it."
        super().__init__("Game code", code_note(game) + copied, then=then)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title", markup=False)
            if self.code is not None:
                with VerticalScroll(classes="code-box", can_focus=False):
                    yield Label(self.code, classes="code", markup=False)
            yield Label(self.body_text, classes="body", markup=False)
            with Grid(classes="choices"):
                yield Button("OK (Enter)", id="close", variant="primary")

    def on_mount(self) -> None:
        super().on_mount()
        if self.code is not None:
            self.app.copy_to_clipboard(self.code)
