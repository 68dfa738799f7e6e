"""The two lines under the board: the status (deal, moves, time, autoplay, run limit, what is
picked up, and a slot for extra text such as winnability) and the message line (what the last
action did, or why it was refused)."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

__all__ = ["MessageLine", "StatusLine", "format_elapsed"]


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


class MessageLine(Widget):
    """What the last action did (``3a: 7♣ to free cell a``) or why it was refused."""

    DEFAULT_CSS = """
    MessageLine {
        height: 1;
        padding: 0 1;
        color: $foreground;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    MessageLine.-error { color: $text-error; text-style: bold; }
    MessageLine.-success { color: $text-success; text-style: bold; }
    """

    text: reactive[str] = reactive("")
    tone: reactive[str] = reactive("info")
    """``info``, ``error`` or ``success``."""

    def watch_tone(self, old: str, new: str) -> None:
        self.remove_class(f"-{old}")
        self.add_class(f"-{new}")

    def render(self) -> Content:
        return Content(self.text)

    def say(self, text: str, tone: str = "info") -> None:
        """Show ``text`` (never parsed as markup)."""
        self.text = text
        self.tone = tone
