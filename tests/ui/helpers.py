"""The one way to build the app for tests, and what the tests read off it.

:func:`make_app` gives a :class:`FreeCellApp` on the test's own data dir with a fixed deal, a
frozen clock (unless the test brings its own), known random deals (617) and no animations; the
winnability check is off unless the test is about it (its solver thread would only slow every
key press down: Pilot waits for the process to be idle after each key).

What is drawn is read off the rendered widgets — text (:func:`lines`, :func:`drawn_top`,
:func:`status_text`), colours (:func:`colour_on`, :func:`background_on`) and whole looks
(:func:`look`, :func:`changed_piles`) — not off flags. Waits have a deadline and fail saying what
never came (:func:`wait_for`, the tests' one wait in the app: ``tests/waiting.py``).
:func:`type_command` types a command as a quick typist does.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

from rich.style import Style
from textual import events
from textual.color import Color
from textual.pilot import Pilot
from textual.widget import Widget

from freecell_tui.core.game import Game
from freecell_tui.store import DB_NAME, Store
from freecell_tui.ui.app import FreeCellApp
from freecell_tui.ui.board.board import Board
from freecell_tui.ui.board.piles import PileWidget

# Textual's insides (tests/harness.py) and the one wait (tests/waiting.py), where the UI tests
# import them.
from ..harness import end_search_finding_nothing as end_search_finding_nothing
from ..harness import key_of, no_matches_seconds
from ..harness import no_matches_due as no_matches_due
from ..harness import screen_lines as screen_lines
from ..harness import screen_stack as screen_stack
from ..harness import set_terminal_size as set_terminal_size
from ..harness import timers_clock_moves as timers_clock_moves
from ..waiting import wait_for_app as wait_for  # noqa: F401

SIZE = (100, 32)
COMPACT = (80, 24)
#: The deal a "random" new game gets in tests.
RANDOM_DEAL = 617


def make_app(
    data_dir: Path,
    deal: int | None = 1,
    start: Game | None = None,
    *,
    check: bool = False,
    **options: object,
) -> FreeCellApp:
    """The app on ``data_dir`` playing ``deal`` (``None``: as ``freecell-tui`` starts without
    ``--deal``, offering an unfinished game) or ``start``. ``check``: the winnability check as
    the player's settings say (on by default); otherwise it is off for this run (the settings
    file is not touched). The background search for par is off unless ``par_seconds`` is given
    (pars in the store are still shown). The first game's card is off unless ``intro`` is
    given."""
    options.setdefault("clock", lambda: 0.0)
    options.setdefault("deal_source", lambda: RANDOM_DEAL)
    options.setdefault("par_seconds", None)
    options.setdefault("intro", False)  # the first game's card: its own tests turn it on
    app = FreeCellApp(deal=deal, data_dir=data_dir, start=start, **options)  # type: ignore[arg-type]
    app.animation_level = "none"
    if not check:
        app.settings = replace(app.settings, winnability_check=False)
    return app


def the_board(app: FreeCellApp) -> Board:
    return app.game_screen.board


def game(app: FreeCellApp) -> Game:
    return app.session.game


def message(app: FreeCellApp) -> str:
    return app.game_screen.message.text


def hinted(app: FreeCellApp) -> bool:
    """The message line says a hint (not that one is being looked for)."""
    text = message(app)
    return text.startswith("Hint:") and not text.startswith("Hint: looking")


def tone(app: FreeCellApp) -> str:
    return app.game_screen.message.tone.value


def column(app: FreeCellApp, number: int) -> tuple[str, ...]:
    """Column ``number`` (1–8) of the game, as card codes, deepest first."""
    return tuple(card.code for card in game(app).state.columns[number - 1])


def pile_widget(app: FreeCellApp, selector: str) -> PileWidget:
    """A pile widget by id: ``col-3``, ``cell-a``, ``home-S``."""
    return app.game_screen.query_one(f"#{selector}", PileWidget)


# ---------------------------------------------------------------------- what is drawn
def lines(widget: Widget) -> list[str]:
    """The widget's text as it is drawn now, one string a line."""
    return [strip.text for strip in widget.render_lines(widget.region.reset_offset)]


def drawn_top(widget: Widget) -> str:
    """The card label drawn last in a pile (its top card: the bottom line of a full card, or the
    last line of a compact pile); empty when the pile is drawn empty."""
    for line in reversed(lines(widget)):
        words = [w for w in line.strip(" ╭╮╰╯│▏▕─┌┐└┘╎╌·").split() if w.strip("─")]
        if words:
            label = words[-1]
            return label if any(ch.isdigit() or ch in "AJQK" for ch in label) else ""
    return ""


def status_text(app: FreeCellApp) -> str:
    """The status line as drawn (without the blanks that fill it)."""
    return lines(app.game_screen.status)[0].rstrip()


def message_text(app: FreeCellApp) -> str:
    """The message line as drawn (without its padding)."""
    return lines(app.game_screen.message)[0].strip()


def styles_on(widget: Widget, text: str) -> list[Style]:
    """The styles of the characters of the first place ``text`` is drawn in ``widget``."""
    for strip in widget.render_lines(widget.region.reset_offset):
        found = strip.text.find(text)
        if found < 0:
            continue
        styles: list[Style] = []
        x = 0
        for segment in strip:
            for _ in segment.text:
                if found <= x < found + len(text):
                    styles.append(segment.style or Style())
                x += 1
        return styles
    raise AssertionError(f"{text!r} is not drawn in {widget!r}: {lines(widget)}")


def look(widget: Widget) -> tuple[tuple[tuple[str, str, str, bool, bool], ...], ...]:
    """Everything drawn in ``widget``: each line as runs of (text, colour, background, bold,
    reverse). Two looks are equal when the widget is drawn the same, character and colour."""

    def hexed(colour: object) -> str:
        return colour.get_truecolor().hex if colour is not None else "none"  # type: ignore[attr-defined]

    return tuple(
        tuple(
            (
                segment.text,
                hexed((segment.style or Style()).color),
                hexed((segment.style or Style()).bgcolor),
                bool((segment.style or Style()).bold),
                bool((segment.style or Style()).reverse),
            )
            for segment in strip
        )
        for strip in widget.render_lines(widget.region.reset_offset)
    )


#: Every pile widget's id.
PILE_IDS = (
    *(f"cell-{code}" for code in "abcd"),
    *(f"home-{suit}" for suit in "CDHS"),
    *(f"col-{number}" for number in range(1, 9)),
)


def looks(app: FreeCellApp) -> dict[str, object]:
    """Every pile's :func:`look`, by widget id."""
    return {name: look(pile_widget(app, name)) for name in PILE_IDS}


def changed_piles(app: FreeCellApp, before: dict[str, object]) -> set[str]:
    """The piles drawn differently from ``before``."""
    now = looks(app)
    return {name for name in PILE_IDS if now[name] != before[name]}


def background_on(widget: Widget, text: str) -> set[str]:
    """The background colours (hex) behind ``text`` where ``widget`` draws it."""
    return {
        style.bgcolor.get_truecolor().hex if style.bgcolor else "none"
        for style in styles_on(widget, text)
    }


def theme_colour(app: FreeCellApp, name: str) -> str:
    """A colour of the app's theme (``success``, ``accent``…) as :func:`look` writes colours."""
    return Color.parse(app.get_css_variables()[name]).hex.lower()


def colour_on(widget: Widget, text: str) -> set[str]:
    """The foreground colours (hex) of ``text`` where ``widget`` draws it."""
    return {
        style.color.get_truecolor().hex if style.color else "none"
        for style in styles_on(widget, text)
    }


# ---------------------------------------------------------------------- typing
async def type_command(pilot: Pilot[None], text: str, end: str = "enter") -> None:
    """Type ``:`` then ``text`` then ``end`` (Enter, or Escape) as a quick typist does: every key
    is queued before the first is handled (the command line must take the keys typed right after
    the ``:``), then wait until they are all handled."""
    keys = [("colon", ":"), *((key_of(ch), ch) for ch in text)]
    keys.append((end, "\r" if end == "enter" else None))
    for key, character in keys:
        pilot.app.post_message(events.Key(key, character))
    await pilot.pause()


# ---------------------------------------------------------------------- the store
def stored_turns(data_dir: Path) -> list[list[str]]:
    """The turns of every game in progress, read by a second connection, as another copy of the
    game (or a crash's survivor) would."""
    with sqlite3.connect(data_dir / DB_NAME) as connection:
        rows = connection.execute("SELECT turns FROM autosaves ORDER BY id").fetchall()
    return [json.loads(turns) for (turns,) in rows]


def leave_unfinished(data_dir: Path, game: Game, elapsed: float = 0.0) -> None:
    """Leave ``game`` in ``data_dir`` as a copy of the game that quit would."""
    store = Store.open(data_dir).store
    assert store.autosaves.save(game, elapsed) is None
    store.close()


class Clock:
    """A game clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def click_on_option(widget: Widget, option: int) -> events.Click:
    """A click on ``widget``'s first line, over the option list's ``option`` (as drawn when the
    click was read: the index an option list's line carries in its style)."""
    x, y = widget.region.x + 1, widget.region.y
    return events.Click(
        widget, 1, 0, 0, 0, 1, False, False, False, x, y, style=Style(meta={"option": option})
    )


#: How long the palette waits before it says "No matches found".
NO_MATCHES_SECONDS = no_matches_seconds()
