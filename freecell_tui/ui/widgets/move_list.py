"""The viewer's move list: every step of a replay, ``N: notation — words``, the current one
highlighted and kept in view; a click on a move asks to jump there (:class:`MoveList.Chosen`).
A step can carry a :class:`Tag` (a review's mark: ``lost here``, ``par 5h``), drawn in its colour
right after the move's notation, where cutting a long entry to the list's width never reaches it.

Where each entry is drawn is worked out once, by :func:`list_rows` (plain arithmetic, tested
without a terminal): the same entries are drawn and found under the mouse. Two lines or more: one
move a line (its long entry, with fewer words or its short one where the long one does not
fit: never a word cut short), the window scrolled so the current move sits near the middle. One line (a narrow
terminal, the list under the board): the moves in notation side by side around the current one,
after a prefix (``27/95 ▶``) that stands in for the status line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from rich.cells import cell_len
from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from freecell_tui.core.words import ascii_text
from freecell_tui.ui.ascii import ascii_asked

__all__ = ["Entry", "MoveList", "Tag", "badge", "list_rows", "tagged"]

#: Blank cells between two moves of a one-line list.
_SEPARATOR = 2


@dataclass(frozen=True, slots=True)
class Entry:
    """One move drawn: step ``number``, its ``text`` (cut to fit), at ``x``, ``y`` of the list."""

    number: int
    text: str
    x: int
    y: int

    @property
    def width(self) -> int:
        return cell_len(self.text)


@dataclass(frozen=True, slots=True)
class Tag:
    """A mark beside a move: its ``text`` and what it is (``good``: the game could still be
    won; ``bad``: the move that lost it; ``note``: where par's line went another way)."""

    text: str
    kind: Literal["good", "bad", "note"]


def tagged(entry: str, short: str, tag: Tag | None) -> tuple[str, int]:
    """``entry`` (which starts with the move's ``short`` form) with ``tag`` drawn as a badge
    (`` lost here ``) right after that, and where the badge starts (-1: no tag)."""
    if tag is None:
        return entry, -1
    head = short if entry.startswith(short) else entry
    return f"{head} {badge(tag)}{entry[len(head) :]}", len(head) + 1


def badge(tag: Tag) -> str:
    """A tag as drawn: its text with a blank either side, in its colour."""
    return f" {tag.text} "


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, an ellipsis where it was cut."""
    if cell_len(text) <= width:
        return text
    out = ""
    for char in text:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return out + "…" if width > 0 else ""


#: What a long entry's words may leave out, as its notation says it already: the column a card
#: goes onto (``86 — 10♣ onto J♥``), how many cards a run holds.
_SAID_ALREADY = re.compile(r" in column \d+| \(\d+ cards\)")


def _fitted(long: str, short: str, width: int) -> str:
    """A move a line: its long entry where it fits ``width`` cells, else with fewer words (see
    :data:`_SAID_ALREADY`), else its short one (the words of the move shown are on the
    message line) — never a word cut short."""
    for entry in (long, _SAID_ALREADY.sub("", long)):
        if cell_len(entry) <= width:
            return entry
    return _cut(short, width)


def list_rows(
    long: Sequence[str],
    short: Sequence[str],
    at: int,
    width: int,
    height: int,
    prefix: str = "",
    focus: int | None = None,
) -> tuple[Entry, ...]:
    """Where the entries are drawn: ``long[i]`` (one a line) or, on a single line, ``short[i]``
    side by side after ``prefix``; always step ``focus`` among them (by default ``at``)."""
    count = len(long)
    if width <= 0 or height <= 0 or not count:
        return ()
    at = min(max(at if focus is None else focus, 0), count - 1)
    if height >= 2:
        first = min(max(at - height // 2, 0), max(count - height, 0))
        return tuple(
            Entry(number, _fitted(long[number], short[number], width), 0, number - first)
            for number in range(first, min(first + height, count))
        )
    start = cell_len(prefix) + 1 if prefix else 0
    room = width - start
    chosen = {at}
    used = cell_len(short[at])
    low, high = at - 1, at + 1
    growing = {"low": True, "high": True}
    while any(growing.values()):  # one after, one before, while each side fits
        for side in ("high", "low"):
            number = high if side == "high" else low
            if not growing[side]:
                continue
            need = cell_len(short[number]) + _SEPARATOR if 0 <= number < count else room + 1
            if used + need > room:
                growing[side] = False
                continue
            chosen.add(number)
            used += need
            high, low = (high + 1, low) if side == "high" else (high, low - 1)
    entries = []
    x = start
    for number in sorted(chosen):
        text = _cut(short[number], room) if number == at else short[number]
        entries.append(Entry(number, text, x, 0))
        x += cell_len(text) + _SEPARATOR
    return tuple(entries)


class MoveList(Widget):
    """See the module's docstring. The screen sets :attr:`long`, :attr:`short`, :attr:`at`,
    :attr:`picked` (a move chosen with the keys, not yet jumped to) and :attr:`prefix`."""

    DEFAULT_CSS = """
    MoveList {
        background: $panel;
        color: $foreground;
        padding: 0 1;
    }
    MoveList > .move-list--at { background: $accent; color: $text; text-style: bold; }
    MoveList > .move-list--picked { text-style: underline reverse; }
    MoveList > .move-list--prefix { color: $text-primary; text-style: bold; }
    MoveList > .move-list--good { background: $success-muted; color: $text-success; }
    MoveList > .move-list--bad { background: $error-muted; color: $text-error; }
    MoveList > .move-list--note { background: $warning-muted; color: $text-warning; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "move-list--at",
        "move-list--picked",
        "move-list--prefix",
        "move-list--good",
        "move-list--bad",
        "move-list--note",
    }

    long: reactive[tuple[str, ...]] = reactive(())
    short: reactive[tuple[str, ...]] = reactive(())
    at: reactive[int] = reactive(0)
    picked: reactive[int | None] = reactive(None)
    prefix: reactive[str] = reactive("")
    tags: reactive[Mapping[int, Tag]] = reactive(dict)

    @dataclass
    class Chosen(Message):
        """A move was clicked: jump to step ``number``."""

        number: int

    def _entries(self) -> tuple[list[str], list[str], dict[int, tuple[int, Tag]]]:
        """The long and short entries as drawn (tags in, ASCII suits if asked), and where each
        tag starts in them."""
        ascii = ascii_asked(self)
        long = [ascii_text(text) for text in self.long] if ascii else list(self.long)
        short = [ascii_text(text) for text in self.short] if ascii else list(self.short)
        spans: dict[int, tuple[int, Tag]] = {}
        for number, tag in self.tags.items():
            if 0 <= number < min(len(long), len(short)):
                long[number], start = tagged(long[number], short[number], tag)
                short[number], _ = tagged(short[number], short[number], tag)
                spans[number] = (start, tag)
        return long, short, spans

    def rows(self) -> tuple[Entry, ...]:
        """The entries as drawn at the list's size now."""
        size = self.content_size
        long, short, _ = self._entries()
        return list_rows(
            long, short, self.at, size.width, size.height, self.prefix, focus=self.picked
        )

    def render(self) -> Content:
        height = self.content_size.height
        lines: list[Content] = [Content("") for _ in range(max(height, 0))]
        styles = {
            "at": self.get_visual_style("move-list--at"),
            "picked": self.get_visual_style("move-list--picked"),
        }
        if height == 1 and self.prefix:
            lines[0] = Content.styled(self.prefix, self.get_visual_style("move-list--prefix"))
        long, short, spans = self._entries()
        size = self.content_size
        rows = list_rows(long, short, self.at, size.width, size.height, self.prefix, self.picked)
        for entry in rows:
            text = entry.text
            if height >= 2:
                text = text.ljust(self.content_size.width)
            style = (
                styles["at"]
                if entry.number == self.at
                else styles["picked"]
                if entry.number == self.picked
                else None
            )
            piece = Content.styled(text, style) if style is not None else Content(text)
            if entry.number in spans:
                start, tag = spans[entry.number]
                end = min(start + len(badge(tag)), len(entry.text))
                if start < end:
                    tag_style = self.get_visual_style(f"move-list--{tag.kind}")
                    piece = piece.stylize(tag_style, start, end)
            line = lines[entry.y]
            gap = entry.x - line.cell_length
            lines[entry.y] = line + Content(" " * max(gap, 0)) + piece
        return Content("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        x, y = event.x - self.gutter.left, event.y - self.gutter.top
        for entry in self.rows():
            if entry.y == y and entry.x <= x < entry.x + max(entry.width, 1):
                self.post_message(self.Chosen(entry.number))
                return
