"""The two lines under the board: the status (deal, moves, time, autoplay, run limit, what is
picked up, and a slot for extra text such as winnability) and the message line (what the last
action did, or why it was refused)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from rich.cells import cell_len
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from freecell_tui.core.words import ascii_text
from freecell_tui.session.steps import Tone
from freecell_tui.ui.ascii import ascii_asked
from freecell_tui.ui.board.layout import board_layout

__all__ = [
    "MessageLine",
    "PartsLine",
    "StatusLine",
    "fit_parts",
    "fit_words",
    "fits",
    "format_elapsed",
    "joined_parts",
]


def format_elapsed(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:03``."""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


#: Each part of the status line by name, most important first: what is picked up, the
#: winnability, then the fields. A line too narrow for them all drops the least important.
STATUS_RANKS: Final = ("pending", "extra", "Moves", "Deal", "Run", "Time", "Autoplay")
#: Cells between two parts, and before the first.
_GAP, _LEAD = 2, 1


def fit_parts(parts: Sequence[tuple[int, Sequence[int]]], width: int) -> list[int | None]:
    """Which form of each part a line of ``width`` cells shows. ``parts`` are (rank, the cells
    of each form, longest first); rank 1 is kept longest. The least important part still shown
    gives way first: to its shorter form if it has one, else it goes (the most important part
    there is only shortens). Returns each part's form, ``None`` for a part left out."""
    chosen: list[int | None] = [0 if forms else None for _, forms in parts]
    top = min((rank for rank, forms in parts if forms), default=0)

    def cells() -> int:
        shown = [parts[i][1][form] for i, form in enumerate(chosen) if form is not None]
        return _LEAD + sum(shown) + _GAP * max(len(shown) - 1, 0)

    while cells() > width:
        can_give = [
            i
            for i, form in enumerate(chosen)
            if form is not None and (parts[i][0] > top or form + 1 < len(parts[i][1]))
        ]
        if not can_give:
            break
        i = max(can_give, key=lambda i: (parts[i][0], i))
        form = chosen[i]
        assert form is not None
        chosen[i] = form + 1 if form + 1 < len(parts[i][1]) else None
    return chosen


class StatusLine(Widget):
    """``Deal 1  Moves 4 (par 41)  Time 0:42  Autoplay safe  Run ≤5  3 (2♥) → ?  winnable``: the
    parts that fit the width, whole (see :func:`fit_parts`; the moves lose their par first),
    never a word cut."""

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
    par: reactive[int | None] = reactive(None)
    """The deal's par, counted as :attr:`moves` is (``None``: not known, or no deal)."""
    elapsed: reactive[float] = reactive(0.0)
    autoplay: reactive[str] = reactive("safe")
    run_limit: reactive[int | None] = reactive(1)
    """The most cards one move carries now; None in a game that moves any run at once."""
    pending: reactive[str] = reactive("")
    """What is picked up and what the keys expect next (``3 → ?``)."""
    extra: reactive[str] = reactive("")
    """Free text at the end of the line (the winnability check writes here)."""
    extra_short: reactive[str] = reactive("")
    """A shorter form of :attr:`extra`, shown when the whole line would not fit."""

    def _text(self, text: str) -> str:
        return ascii_text(text) if ascii_asked(self) else text

    def _parts(self) -> dict[str, list[Content]]:
        """Each part's forms, longest first (an empty part has none)."""
        key = self.get_visual_style("status--key")
        fields = {
            "Deal": self.deal,
            "Moves": str(self.moves),
            "Time": format_elapsed(self.elapsed),
            "Autoplay": self.autoplay,
            "Run": "any" if self.run_limit is None else self._text(f"≤{self.run_limit}"),
        }
        parts = {
            name: [Content.assemble((f"{name} ", key), value)] for name, value in fields.items()
        }
        if self.par is not None:  # the moves beside par, shortened to the moves alone
            parts["Moves"].insert(
                0, parts["Moves"][0] + Content.assemble((" (par ", key), f"{self.par}", (")", key))
            )
        pending = self.get_visual_style("status--pending")
        parts["pending"] = (
            [Content.styled(self._text(self.pending), pending)] if self.pending else []
        )
        extra = self.get_visual_style("status--extra")
        texts = [text for text in (self.extra, self.extra_short) if text] if self.extra else []
        parts["extra"] = [Content.styled(self._text(text), extra) for text in texts]
        return parts

    def render(self) -> Content:
        parts = self._parts()
        order = ("Deal", "Moves", "Time", "Autoplay", "Run", "pending", "extra")
        width = self.size.width
        forms = fit_parts(
            [
                (STATUS_RANKS.index(name) + 1, [f.cell_length for f in parts[name]])
                for name in order
            ],
            width,
        )
        shown = [
            parts[name][form] for name, form in zip(order, forms, strict=True) if form is not None
        ]
        line = Content(" ") + Content("  ").join(shown)
        if line.cell_length + _GAP <= width:
            line += "  "  # the last part is followed by its gap too, where it fits
        if line.cell_length > width and len(shown) == 1:  # the most important part alone
            kept = fit_words(shown[0].plain, width - _LEAD, 1)
            text = kept[0] if kept else ""
            cut = len(text.removesuffix("…").rstrip())
            line = Content(" ") + shown[0][:cut] + text[cut:]
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


def joined_parts(parts: Sequence[str], width: int) -> str:
    """``parts`` joined by `` · `` in ``width`` cells: each whole or left out (the first,
    when too long alone, shortened between words)."""
    line = ""
    for part in parts:
        if not part:
            continue
        candidate = f"{line} · {part}" if line else part
        if cell_len(candidate) <= width:
            line = candidate
        elif not line:
            line = " ".join(fit_words(part, width, 1))
    return line


class PartsLine(Widget):
    """One line of parts (``Move 6 of 20 · paused · Deal 1``), most wanted first: a part that
    does not fit the width is left out whole (see :func:`joined_parts`)."""

    DEFAULT_CSS = "PartsLine { height: 1; text-wrap: nowrap; }"

    parts: reactive[tuple[str, ...]] = reactive(())

    def render(self) -> Content:
        text = joined_parts(self.parts, self.content_size.width)
        return Content(ascii_text(text) if ascii_asked(self) else text)


def fits(text: str, width: int, lines: int) -> bool:
    """Whether ``text`` fits whole in ``lines`` lines of ``width`` cells, broken between words."""
    return " ".join(fit_words(text, width, lines)).split() == text.split()


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
        self.remove_class(f"-{old.value}", update=False)  # restyled once, with the new class
        self.add_class(f"-{new.value}")

    def on_mount(self) -> None:
        # As the board's layout will have it for this terminal (the screen keeps it so).
        self.lines = board_layout(self.app.size.width, self.app.size.height).message_lines

    def watch_lines(self, lines: int) -> None:
        self.styles.height = lines

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        #: Shorter ways to say :attr:`text`, longest first: the first that fits whole is drawn
        #: where the text does not.
        self.shorter: tuple[str, ...] = ()

    def render(self) -> Content:
        width = self.content_size.width
        forms = (self.text, *self.shorter)
        if ascii_asked(self):
            forms = tuple(ascii_text(form) for form in forms)
        text = next((form for form in forms if fits(form, width, self.lines)), forms[-1])
        return Content("\n".join(fit_words(text, width, self.lines)))

    def say(self, text: str, tone: Tone = Tone.INFO, *shorter: str) -> None:
        """Show ``text`` (never parsed as markup); where it does not fit whole, the first of
        ``shorter`` that does."""
        self.shorter = shorter
        self.text = text
        self.tone = tone
        self.refresh()
