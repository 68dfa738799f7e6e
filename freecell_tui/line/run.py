"""``freecell-tui play --plain``: FreeCell one command a line.

Made for screen readers, pipes and dumb terminals: no cursor movement, no colour, one line per
pile, and nothing but plain text on standard output (flushed after every answer, so a program
driving the game through a pipe sees each answer as soon as it is written). At a terminal the
prompt (``> ``) has line editing and history (readline, where Python has it).

Line mode shares the store with the full-screen game (``--data-dir``) through the same
:class:`~freecell_tui.session.PlaySession`: every change is written before its answer is printed,
an unfinished game is offered at start when no ``--deal`` is given (the answer is the next input
line, so it works through a pipe), and each game is recorded once when it is won or left.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from datetime import date
from typing import BinaryIO, Final, TextIO

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import game_start
from freecell_tui.core.daily import daily_day, daily_deal
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.game import Game
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import plural
from freecell_tui.line.board_text import ASCII_SUITS
from freecell_tui.line.mode import LineMode
from freecell_tui.line.watch import Reviewer, Watcher
from freecell_tui.session.par import LINE_PAR_SECONDS
from freecell_tui.session.parse import MAX_COMMAND
from freecell_tui.session.play import PlaySession
from freecell_tui.session.replay import Replay
from freecell_tui.session.review import REVIEW_SECONDS
from freecell_tui.session.words import start_phrase
from freecell_tui.store import SavedGame, Store, format_duration

__all__ = ["MAX_LINE_BYTES", "run_line_mode", "run_watch"]

#: An input line longer than this is not a command: the rest of it is skipped (a game code is
#: ASCII: a line holding the longest one and its command word fits).
MAX_LINE_BYTES: Final = MAX_COMMAND


def _can_write_suits(out: TextIO) -> bool:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        "♣♦♥♠–×“”—…−≤→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Lines:
    """The input: lines of text from a pipe (bytes decoded leniently: a line that is not UTF-8
    reads with replacement characters and is refused as a command, not a crash), or from a
    terminal with line editing."""

    def __init__(self, source: TextIO | None, interactive: bool) -> None:
        self._text = source
        self._bytes: BinaryIO | None = None
        if source is None:
            self._text = sys.stdin
            self._bytes = getattr(sys.stdin, "buffer", None)
        self.interactive = interactive
        if interactive:
            with contextlib.suppress(ImportError):  # Python without readline: plain input()
                import readline  # noqa: F401  (line editing and history for input())

    def read(self) -> str | None:
        """The next line, or ``None`` at the end of input."""
        if self.interactive:
            try:
                return input("> ")
            except EOFError:
                print()
                return None
            except UnicodeDecodeError:
                return "\ufffd"
        if self._bytes is not None:
            raw = self._bytes.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return None
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                while True:  # skip the rest of an overlong line
                    rest = self._bytes.readline(MAX_LINE_BYTES)
                    if not rest or rest.endswith(b"\n"):
                        break
                return "\ufffd" * 8
            return raw.decode("utf-8", errors="replace")
        assert self._text is not None
        line = self._text.readline(MAX_LINE_BYTES + 1)
        return line if line else None


def _chosen_deal(
    args: argparse.Namespace,
) -> tuple[int | GameState | None, date | None, Variant | None]:
    """The deal (a number, a game code's position, or ``None``: not chosen), the daily deal's
    date and the game the options ask for; ``NotationError`` for options that do not read or
    do not go together."""
    deal_arg = getattr(args, "deal", None)
    variant: Variant | None = getattr(args, "variant", None)
    number: int | GameState | None = None
    if deal_arg is not None:
        number, variant = game_start(deal_arg, variant)
    try:
        daily = daily_day(getattr(args, "daily", False), date.today())
    except NotationError as error:
        raise NotationError(f"--daily: {error}") from None
    if daily is not None:
        if number is not None:
            raise NotationError("--daily and --deal both choose the deal: give one of them")
        number = daily_deal(daily, variant or FREECELL)  # each game has its own daily
    return number, daily, variant


def run_line_mode(
    args: argparse.Namespace,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    par_seconds: float = LINE_PAR_SECONDS,
) -> int:
    """Run line mode until ``quit`` or the end of input. Returns the exit code: 0, or 2 for a bad
    ``--deal`` / ``--autoplay`` (one line on stderr). ``par_seconds`` bounds the background par search of a
    win (0: none).

    Without ``--deal``, an unfinished game in the store (``--data-dir``) is offered first; the
    answer is the next input line. With ``--deal`` it is left waiting for next time."""
    out = stdout if stdout is not None else sys.stdout
    if stdout is None and hasattr(sys.stdout, "reconfigure"):
        # Text a terminal's encoding cannot show (a save's name) is replaced, never a crash.
        sys.stdout.reconfigure(errors="replace")
    try:
        number, daily, variant = _chosen_deal(args)
        mode_arg = getattr(args, "autoplay", None)
        mode = AutoplayMode.parse(mode_arg) if mode_arg is not None else None
    except FreeCellError as error:
        print(f"freecell-tui play: error: {error}", file=sys.stderr)
        return 2
    ascii = bool(getattr(args, "ascii", False)) or not _can_write_suits(out)
    source = stdin if stdin is not None else sys.stdin
    if source is None:  # started with standard input closed (<&-): no command can come
        print(
            "freecell-tui play: error: standard input is closed: line mode reads its commands "
            "from it (a terminal, a file or a pipe)",
            file=sys.stderr,
        )
        return 2
    interactive = stdin is None and source.isatty() and out.isatty()
    lines = Lines(stdin, interactive)
    opened = Store.open(getattr(args, "data_dir", None))
    store = opened.store
    found = store.autosaves.offer()
    offer = found.saved if number is None and variant is None else None
    if isinstance(number, GameState):  # a game code's custom position
        start = Game.from_position(number, autoplay=mode or AutoplayMode.SAFE)
    else:
        first = number if number is not None else random_deal_number()
        start = Game.new(first, autoplay=mode or AutoplayMode.SAFE, variant=variant or FREECELL)
    session = PlaySession(store, start, offer=offer, autoplay=mode, daily=daily, variant=variant)
    line = LineMode(session, out, ascii=ascii, par_seconds=par_seconds)
    for problem in (*opened.warnings, *found.problems):
        line.say(f"Note: {problem}")
    answer = _ask_resume(line, offer, lines) if offer is not None else ""
    if answer == "quit":
        line.say("Goodbye: the unfinished game waits for next time.")
        store.close()
        return 0
    note = _opening_note(line, offer, answer, found.saved)
    if note is None and _rated_start(args):
        note = session.difficulty().said
    line.start(note)
    try:
        while line.running:
            text = lines.read()
            if text is None:
                break
            line.handle(text)
    finally:
        line.par_hunt.stop()
        session.close()
    return 0


def _rated_start(args: argparse.Namespace) -> bool:
    """Whether the deal was chosen by its difficulty or is played with its fewest cells: then
    line mode says why before the first board."""
    cells = getattr(args, "cells", None)
    return getattr(args, "difficulty", None) is not None or (
        isinstance(cells, str) and cells.strip().lower() == "fewest"
    )


def _opening_note(
    line: LineMode, offer: SavedGame | None, answer: str, waiting: SavedGame | None
) -> str | None:
    """Act on the answer to the resume prompt (``resume`` or ``new``) and say how it went before
    the first board; or say that an unfinished game waits."""
    session = line.session
    if offer is not None:
        step = session.resume_offer() if answer == "resume" else session.decline_offer()
        for notice in step.notices:
            line.say(f"Note: {notice}")
        if answer == "new":
            return f"The unfinished game counts as lost. {step.said}"
        if session.game is offer.game or session.game.turns == offer.game.turns:
            return "Resumed where you left off: undo and redo work as before."
        return step.said  # it could not be resumed: a new game instead
    if waiting is not None:
        game = waiting.game
        return (
            f"Your unfinished game of {start_phrase(game)} "
            f"({plural(game.move_count, 'move')}) is kept: start without --deal to resume it."
        )
    return None


def _ask_resume(line: LineMode, saved: SavedGame, lines: Lines) -> str:
    """Ask whether to resume ``saved``: ``"resume"`` (Enter or y), ``"new"`` (n, then y to the
    question whether the old game may count as lost) or ``"quit"`` (also at the end of input:
    nothing is decided, so the game waits)."""
    game = saved.game
    line.say(
        f"You have an unfinished game: {start_phrase(game)}, "
        f"{plural(game.move_count, 'move')}, {game.state.cards_home} of 52 cards home, "
        f"{format_duration(saved.elapsed_seconds)} played, "
        f"saved {saved.saved_at.astimezone():%Y-%m-%d %H:%M}.",
        "Resume it? Enter or y resumes, n starts a new game (this one counts as lost), "
        "q quits (it waits for next time). [Y/n/q]",
    )
    while True:
        text = lines.read()
        if text is None:
            return "quit"
        answer = text.strip().lower()
        if answer in ("", "y", "yes", "resume"):
            return "resume"
        if answer in ("q", "quit"):
            return "quit"
        if answer in ("n", "no", "new"):
            question = line.session.question_decline()
            line.say(f"{question.title} {question.detail} [y/N]")
            confirm = lines.read()
            if confirm is None:
                return "quit"
            if confirm.strip().lower() in ("y", "yes"):
                return "new"
            line.say("Resume it? Enter or y resumes, n starts a new game, q quits. [Y/n/q]")
            continue
        line.say("Please answer y (resume), n (new game) or q (quit). [Y/n/q]")


def run_watch(
    game: Game,
    *,
    ascii: bool = False,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    reviewed: bool = False,
    reviewer: Reviewer | None = None,
    seconds: float = REVIEW_SECONDS,
) -> None:
    """The text viewer of ``game`` on its own (``freecell-tui watch``): its moves, then one
    command a line (``next``, ``back``, ``to N``, ``board`` …) until ``quit`` or the end of
    input, so that it works in pipes and scripts as at a terminal. ``reviewed``: print the game's
    review instead (``watch --review``) and read nothing. A review (asked for either way) is
    ``reviewer``'s (by default with no par known: it is searched), its searches taking
    ``seconds`` at most."""
    out = stdout if stdout is not None else sys.stdout
    if stdout is None and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")
    ascii = ascii or not _can_write_suits(out)
    table = ASCII_SUITS if ascii else {}

    def say(*lines: str) -> None:
        out.write("".join(line.translate(table) + "\n" for line in lines))
        out.flush()

    watcher = Watcher(
        Replay.of(game), say, ascii=ascii, leaves="ends", reviewer=reviewer, review_seconds=seconds
    )
    if reviewed:
        watcher.print_review()
        return
    watcher.open()
    source = stdin if stdin is not None else sys.stdin
    if source is None:  # standard input closed: the list of moves is all there is to show
        return
    lines = Lines(stdin, stdin is None and source.isatty() and out.isatty())
    while (text := lines.read()) is not None and watcher.handle(text):
        pass
