"""The two lines under the board: the status (deal, moves, time, autoplay, run limit, what is
picked up, and a slot for extra text such as winnability) and the message line (what the last
action did, or why it was refused)."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from freecell_tui.session.steps import Tone
from freecell_tui.ui.layout import board_layout

__all__ = ["MessageLine", "StatusLine", "fit_words", "format_elapsed"]


def format_elapsed(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:03``."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


class StatusLine(Widget):
    """``Deal 1 · Moves 4 · 0:42 · Autoplay safe · Runs up to 5 · 3 → ?``."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1;
        background: $panel;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    StatusLine > .status--key { color: $foreground-muted; }
    StatusLine > .status--pending { color: $accent; text-style: bold; }
    StatusLine > .status--extra { color: $text-primary; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"status--key", "status--pending", "status--extra"}

    deal: reactive[str] = reactive("")
    moves: reactive[int] = reactive(0)
    elapsed: reactive[float] = reactive(0.0)
    autoplay: reactive[str] = reactive("safe")
    run_limit: reactive[int] = reactive(1)
    pending: reactive[str] = reactive("")
    """What is picked up and what the keys expect next (``3 → ?``)."""
    extra: reactive[str] = reactive("")
    """Free text at the end of the line (the winnability check writes here)."""
    extra_short: reactive[str] = reactive("")
    """A shorter form of :attr:`extra`, shown when the whole line would not fit."""

    def render(self) -> Content:
        key = self.get_visual_style("status--key")
        fields = (
            ("Deal", self.deal),
            ("Moves", str(self.moves)),
            ("Time", format_elapsed(self.elapsed)),
            ("Autoplay", self.autoplay),
            ("Run", f"≤{self.run_limit}"),
        )
        pieces: list[Content] = [Content(" ")]
        for name, value in fields:
            pieces.append(Content.assemble((f"{name} ", key), value, "  "))
        if self.pending:
            pieces.append(Content.styled(self.pending, self.get_visual_style("status--pending")))
            pieces.append(Content("  "))
        line = Content("").join(pieces)
        extra = self.extra
        if self.extra_short and line.cell_length + len(extra) > self.size.width:
            extra = self.extra_short
        if extra:
            line += Content.styled(extra, self.get_visual_style("status--extra"))
        return line


def fit_words(text: str, width: int, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` cells, broken between words; what does
    not fit is left out at a word boundary, and an ellipsis says so (a word wider than a line is
    the only thing ever cut)."""
    if width < 1 or lines < 1:
        return []
    out: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            out.append(line)
        line = word
    if line:
        out.append(line)
    cut = len(out) > lines
    out = out[:lines]
    if cut:
        kept = out[-1].split()
        while kept and cell_len(" ".join(kept) + " …") > width:
            kept.pop()
        out[-1] = " ".join(kept) + " …" if kept else out[-1]
    return [
        piece if cell_len(piece) <= width else piece[: max(width - 1, 0)] + "…" for piece in out
    ]


class MessageLine(Widget):
    """What the last action did (``3a: 7♣ to free cell a``) or why it was refused: one or two
    lines (:attr:`lines`, as the terminal's height allows), broken between words, never cut in
    the middle of one."""

    DEFAULT_CSS = """
    MessageLine {
        height: 1;
        padding: 0 1;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    MessageLine.-error { color: $text-error; text-style: bold; }
    MessageLine.-success { color: $text-success; text-style: bold; }
    """

    text: reactive[str] = reactive("")
    tone: reactive[Tone] = reactive(Tone.INFO)
    """Information, a refusal (``-error``) or a success (``-success``)."""
    lines: reactive[int] = reactive(1)
    """How many lines the message may take (the screen sets it from the board's layout)."""

    def watch_tone(self, old: Tone, new: Tone) -> None:
        self.remove_class(f"-{old.value}")
        self.add_class(f"-{new.value}")

    def on_mount(self) -> None:
        # As the board's layout will have it for this terminal (the screen keeps it so).
        self.lines = board_layout(self.app.size.width, self.app.size.height).message_lines

    def watch_lines(self, lines: int) -> None:
        self.styles.height = lines

    def render(self) -> Content:
        return Content("\n".join(fit_words(self.text, self.content_size.width, self.lines)))

    def say(self, text: str, tone: Tone = Tone.INFO) -> None:
        """Show ``text`` (never parsed as markup)."""
        self.text = text
        self.tone = tone
