"""The play session: the rules of playing, saving and recording a game, in one pure object.

Both front ends — the full-screen game and line mode — are thin input and output over a
:class:`PlaySession`. It owns the game being played, the store, the play clock and the
assistance record, and every method that changes the game **commits it to the store before it
returns** (saved before shown): the front end draws only what is already on disk, so a crash or a
``kill -9`` right after a move loses nothing.

Every method returns a frozen :class:`Step` — what to say, whether the board changed, the turn
played, an event (won, stuck) and the notices to show once — and never raises for anything a
player can do: a refused move is a step with ``tone=ERROR`` and the reason. Leaving a game under
way (a new deal, loading a save, a new game at the resume prompt) is asked first: the ``question_*``
methods give the :class:`Question` to ask (or ``None`` when nothing is at stake), and say truly what
will happen to the game: recorded as a loss, or kept as an unfinished game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import BadCode, shared_code
from freecell_tui.core.commands import MoveCommand
from freecell_tui.core.daily import daily_deal, daily_label, daily_title, not_out_yet
from freecell_tui.core.deals import random_deal_number
from freecell_tui.core.difficulty import rating
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.game import Game, Outcome, Turn
from freecell_tui.core.notation import Move
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import deal_label, plural, printable
from freecell_tui.session.clock import PlayClock
from freecell_tui.session.par import ParSearch, par_phrase, shorter_way
from freecell_tui.session.steps import Ask, Decision, Event, Question, Step, Tone, refuse
from freecell_tui.session.words import (
    band_phrase,
    deal_difficulty,
    describe_turn,
    game_phrase,
    start_phrase,
    turn_summary,
)
from freecell_tui.store import (
    ErrorKind,
    Par,
    SavedGame,
    Store,
    StoreError,
    format_duration,
    win_par,
)
from freecell_tui.store.stats import DailyPlay

__all__ = ["Ask", "Decision", "Event", "PlaySession", "Question", "Step", "Tone"]


class PlaySession:
    """One player's session over a store.

    ``offer`` is an unfinished game waiting for the answer to the resume prompt: until
    :meth:`resume_offer` or :meth:`decline_offer`, the game shown is the offered one and nothing
    is written. ``autoplay`` (when given) applies to the resumed game too. ``deal_source`` gives
    random deal numbers (tests inject known ones). ``daily`` is the date whose daily deal
    ``game`` is; ``today`` gives the player's date (tests inject one). ``variant``: the game a
    new deal instead of the offered one is of (``game``'s when ``None``)."""

    def __init__(  # noqa: PLR0913 (keyword-only injection points: tests give the clock, deals, the date)
        self,
        store: Store,
        game: Game,
        *,
        clock: Callable[[], float] = time.monotonic,
        elapsed: float = 0.0,
        offer: SavedGame | None = None,
        autoplay: AutoplayMode | None = None,
        deal_source: Callable[[], int] = random_deal_number,
        daily: date | None = None,
        today: Callable[[], date] = date.today,
        variant: Variant | None = None,
    ) -> None:
        self.store = store
        #: The game a new deal at the resume prompt is of (the one asked for at start).
        self._chosen = variant
        #: The game of the deal a front end is looking for (:meth:`leave_for_deal`'s ``start``).
        self._next_variant: Variant | None = None
        self.deal_source = deal_source
        self.today = today
        self._daily = daily if offer is None else None
        self._autoplay = autoplay
        self._offer = offer
        if offer is not None:
            game, elapsed = offer.game, offer.elapsed_seconds
        self._game = game
        self._clock = PlayClock(clock, elapsed)
        if offer is not None:
            self._clock.hold("offer")  # the time at the resume prompt is not play time
        self._finished = game.state.is_won
        if self._finished:
            self._clock.stop()
        self._outcome = game.outcome
        self._reported: set[ErrorKind] = set()
        #: The par the won game is measured against: the par known before its win was kept
        #: (its own line may be par now), lowered by a search that ends after the win.
        self._par_before: Par | None = None

    # ------------------------------------------------------------------ what is played
    @property
    def game(self) -> Game:
        return self._game

    @property
    def daily(self) -> date | None:
        """The date whose daily deal the game is (``None``: not a daily deal)."""
        return self._daily

    @property
    def deal_text(self) -> str:
        """The game's deal as the status line names it: ``#617 · hard`` (a classic deal of
        1–32,000 with its difficulty), ``#40000``, ``custom``, or ``#28225 · medium · Daily
        2026-11-26`` for a daily deal; a game of another variant than classic FreeCell names
        it: ``#617 · Eight Off``."""
        label = deal_label(self._game.deal_number)
        variant = self.variant
        if not variant.is_classic:
            label = f"{label} · {variant.name}"
        elif self._game.deal_number is not None and (rated := rating(self._game.deal_number)):
            label = f"{label} · {rated.band}"
        return label if self._daily is None else f"{label} · {daily_label(self._daily)}"

    @property
    def variant(self) -> Variant:
        """The game being played (a new deal is of the same game unless told otherwise)."""
        return self._game.start.variant

    @property
    def next_variant(self) -> Variant:
        """The game the next new deal is of: the one :meth:`leave_for_deal` was asked for while
        its ``start`` looks for the deal, else this game's."""
        return self._next_variant or self.variant

    @property
    def elapsed(self) -> float:
        """Seconds this game has been played (final once it is won)."""
        return self._clock.elapsed

    @property
    def clock_running(self) -> bool:
        return self._clock.running

    @property
    def offer(self) -> SavedGame | None:
        """The unfinished game the resume prompt offers, until it is answered."""
        return self._offer

    @property
    def finished(self) -> bool:
        """The game is won and recorded: nothing more is written for it."""
        return self._finished

    @property
    def under_way(self) -> bool:
        """A game with any history (moves to undo or to redo) that is not finished: leaving it
        is asked first."""
        return self._offer is None and not self._finished and self._game.is_started

    def hold_clock(self, reason: str) -> None:
        """The player is away (a screen over the board): the clock waits until released."""
        self._clock.hold(reason)

    def release_clock(self, reason: str) -> None:
        self._clock.release(reason)

    # ------------------------------------------------------------------ the store
    def _report(self, error: StoreError | None) -> tuple[str, ...]:
        """A failed write, said once per kind: play goes on, and the previous save is intact."""
        if error is None or error.kind in self._reported:
            return ()
        self._reported.add(error.kind)
        return (f"{error.message} You can play on; this is said once.",)

    def _finish(self) -> StoreError | None:
        """Record the game as finished, with the daily deal it is, if any."""
        return self.store.autosaves.finish(
            self._game, self._clock.elapsed, self._daily_play(self._daily)
        )

    def _daily_play(self, day: date | None) -> DailyPlay | None:
        """The daily deal of ``day`` ended now: on its own day, or on another."""
        return None if day is None else DailyPlay(day, day == self.today())

    def _commit(self) -> tuple[str, ...]:
        """Write the game: the autosave after a change, or the result once it is won."""
        if self._offer is not None or self._finished:
            return ()
        if self._game.state.is_won:
            self._clock.stop()
            self._finished = True
            return self._report(self._finish()) + self._keep_win()
        return self._report(self.store.autosaves.save(self._game, self._clock.elapsed, self._daily))

    def _change(
        self,
        game: Game,
        said: str,
        *,
        new_game: bool = False,
        lines: tuple[str, ...] = (),
        turn: Turn | None = None,
        before: GameState | None = None,
    ) -> Step:
        """Make ``game`` the game, commit it, then say what happened."""
        self._game = game
        notices = self._commit()
        outcome = game.outcome
        event = None
        if outcome is not self._outcome:
            self._outcome = outcome
            event = {Outcome.WON: Event.WON, Outcome.STUCK: Event.STUCK}.get(outcome)
        return Step(
            said,
            changed=True,
            new_game=new_game,
            lines=lines,
            turn=turn,
            before=before,
            event=event,
            notices=notices,
        )

    def close(self) -> None:
        """The session ends: write the play time, then let the game wait for next time."""
        self._commit()
        self.store.close()

    # ------------------------------------------------------------------ moves
    def play(self, move: Move, *, command: MoveCommand | None = None, solver: bool = False) -> Step:
        """Play ``move`` (``command`` checks a menu command's foundation number; ``solver``:
        auto-solve plays it). Refused moves say why and change nothing."""
        if self._offer is not None:
            return refuse("answer the question about the unfinished game first")
        state = self._game.state
        try:
            if command is not None:
                command.check(state)
            game = self._game.play(move, solver=solver)
        except FreeCellError as error:
            return refuse(str(error))
        return self._played(game, state)

    def _played(self, game: Game, before: GameState) -> Step:
        """Make ``game``, one turn on from the position ``before``, the game, and tell that
        turn."""
        turn = game.turns[-1]
        return self._change(
            game,
            turn_summary(before, turn),
            lines=tuple(describe_turn(before, turn)),
            turn=turn,
            before=before,
        )

    def amend(self, move: Move) -> Step:
        """Play ``move`` in place of the last turn, a move between the same two columns with
        another count (``18`` typed by its keys, then ``v3``: ``18v3``), as one change. Refused,
        it says why and the last turn stays as played."""
        game = self._game
        last = game.turns[-1].move if game.turns and self._offer is None else None
        same_piles = last is not None and (last.source, last.dest) == (move.source, move.dest)
        if last is None or not same_piles or game.turns[-1].solver:
            return refuse(f"v and a count follow a move between two columns, as {move}")
        before = game.undo()
        try:
            amended = before.play(move)
        except FreeCellError as error:
            return refuse(f"{move}: {error}; {last} stays as played")
        return self._played(amended, before.state)

    def undo(self, count: int = 1, *, reason: str = "") -> Step:
        """Undo ``count`` turns as one change (``reason`` ends the message for several). One
        move undone names the cards autoplay sent home after it, which go back with it:
        ``Undid 13 with its 18 autoplay moves (redo plays it again).``"""
        game = self._game
        if not game.turns or self._offer is not None:
            return refuse("nothing to undo")
        count = max(1, min(count, len(game.turns)))
        last = game.turns[-1]
        for _ in range(count):
            game = game.undo()
        if count > 1:
            said = f"Undid {plural(count, 'move')}{reason} (redo plays them again)."
        elif last.is_restart:
            said = "Undid the restart: back where you were."
        else:
            autoplay = len(last.autoplay)
            with_autoplay = f" with its {plural(autoplay, 'autoplay move')}" if autoplay else ""
            said = f"Undid {last.move}{with_autoplay}{reason} (redo plays it again)."
        return self._change(game, said)

    def redo(self) -> Step:
        game = self._game
        if not game.redo_tail or self._offer is not None:
            return refuse("nothing to redo")
        turn = game.redo_tail[0]
        state = game.state
        redone = game.redo()
        said = "Redid the restart." if turn.is_restart else f"Redid {turn.move}."
        return self._change(redone, said, turn=turn, before=state)

    def restart(self) -> Step:
        """Back to the start as one undoable turn."""
        if self._offer is not None:
            return refuse("answer the question about the unfinished game first")
        try:
            game = self._game.restart()
        except FreeCellError as error:
            return refuse(str(error))
        return self._change(game, "Back to the start: u takes the restart back.")

    def set_autoplay(self, mode: AutoplayMode) -> Step:
        return self._change(self._game.with_autoplay(mode), f"Autoplay {mode} from now on.")

    def note_hint(self) -> tuple[str, ...]:
        """A hint was shown: it is part of the game's record (and its result)."""
        self._game = self._game.with_hint()
        return self._commit()

    # ------------------------------------------------------------------ other games
    def question_new(
        self, number: int | None = None, variant: Variant | None = None
    ) -> Question | None:
        """What to ask before a new game (of ``variant``'s game when given; ``None``: nothing
        is at stake). A new deal of the same game records this one as a loss; a game of another
        game keeps this one unfinished (as starting with ``--game`` does)."""
        if not self.under_way:
            return None
        other = self._is_other_game(variant)
        of = f" of {variant.name}" if other and variant is not None else ""
        title = f"Start deal {number}{of}?" if number is not None else f"Start a new game{of}?"
        fate = (
            "will be kept as an unfinished game: the saves list it."
            if other
            else "will be recorded as a loss."
        )
        return Question(
            title,
            f"Your game of {game_phrase(self._game)} {fate}",
            yes=f"Deal {number}" if number is not None else "New game",
        )

    def _is_other_game(self, variant: Variant | None) -> bool:
        return variant is not None and variant != self.variant

    def new_game(
        self,
        number: int | None = None,
        *,
        daily: date | None = None,
        variant: Variant | None = None,
    ) -> Step:
        """Deal ``number`` (random when ``None``; the daily deal of ``daily`` when given) of
        ``variant``'s game (this game's when ``None``; each game has its own daily),
        keeping the autoplay mode. A game under way is recorded as a loss, or kept unfinished
        when the new one is of another game (ask with :meth:`question_new` first)."""
        variant, self._next_variant = variant or self._next_variant, None
        if self.under_way and self._is_other_game(variant):
            error = self.store.autosaves.set_aside()
            if error is not None:
                return refuse(f"{error.message} Your game carries on.", error.kind)
            step = self._deal(number, self._game.autoplay, (), daily, variant)
            kept = " The game you were playing is kept: the saves list it."
            return replace(step, said=step.said + kept)
        notices = self._report(self._finish()) if self.under_way else ()
        return self._deal(number, self._game.autoplay, notices, daily, variant)

    def _deal(
        self,
        number: int | None,
        mode: AutoplayMode,
        notices: tuple[str, ...],
        daily: date | None = None,
        variant: Variant | None = None,
    ) -> Step:
        game_of = variant or self.variant
        if daily is not None:
            number = daily_deal(daily, game_of)
        number = number if number is not None else self.deal_source()
        game = Game.new(number, autoplay=mode, variant=game_of)
        self._start(game, 0.0, daily)
        rated = band_phrase(number, game_of)
        said = f"Deal {number}{rated}. Good luck!"
        if not game_of.is_classic:
            said = f"{game_of.name}, deal {number}{rated}. Good luck!"
        if daily is not None:
            title = daily_title(daily, game_of)
            said = f"{title[:1].upper()}{title[1:]}: deal {number}{rated}. Good luck!"
            if daily != self.today():
                said += " (Played on another day: it does not count for the daily streak.)"
        step = self._change(game, said, new_game=True)
        return replace(step, notices=notices + step.notices)

    def difficulty(self, number: int | None = None) -> Step:
        """How hard Microsoft deal ``number`` (this game's deal when ``None``) is, and the
        fewest free cells it is won with; shorter: its first clause, or its band and cells
        alone (``Deal 5: easy: needs 1 free cell.``)."""
        if number is not None:
            text = deal_difficulty(number, FREECELL)
        else:
            text = deal_difficulty(self._game.deal_number, self.variant)
        clause = text.partition("; ")[0].rstrip(".") + "."
        band = text.partition(", ")[0].rstrip(".") + "."
        return Step(text, shorter=(clause, band))

    def leave_for_daily(self, day: date | None = None) -> Decision | None:
        """The daily deal of ``day`` (today's when ``None``) of this game (each game has its
        own), asked first when a game is under way (it is recorded as a loss). A date still to
        come is refused: its deal is not out."""
        today = self.today()
        day = day if day is not None else today
        problem = not_out_yet(day, today)
        if problem is not None:
            return refuse(problem)
        variant = self.variant

        def begin() -> Step:
            return self.new_game(daily=day, variant=variant)

        if not self.under_way:
            return begin()
        question = Question(
            f"Start {daily_title(day, variant)}?",
            f"Your game of {game_phrase(self._game)} will be recorded as a loss.",
            yes="Daily deal",
        )
        return Ask(question, begin)

    def new_position(self, state: GameState) -> Step:
        """A new game from the custom position ``state``, keeping the autoplay mode. A game
        under way is recorded as a loss (:meth:`leave_for_position` asks first)."""
        notices: tuple[str, ...] = ()
        if self.under_way:
            notices = self._report(self._finish())
        game = Game.from_position(state, autoplay=self._game.autoplay)
        self._start(game, 0.0)
        step = self._change(game, "A custom position. Good luck!", new_game=True)
        return replace(step, notices=notices + step.notices)

    def _start(self, game: Game, elapsed: float, daily: date | None = None) -> None:
        self._game = game
        self._daily = daily
        self._finished = game.state.is_won
        self._clock.reset(elapsed, stopped=self._finished)
        self._outcome = Outcome.PLAYING

    def question_load(self, what: str) -> Question | None:
        """What to ask before playing ``what`` (``“my save”``, ``the unfinished game``)."""
        if not self.under_way:
            return None
        return Question(
            f"Load {what}?",
            f"Your game of {game_phrase(self._game)} will be kept as an unfinished game: "
            "the saves list it.",
            yes="Load",
        )

    def find_slot(self, name: str) -> SavedGame | Step:
        """The save ``name``, replayed and checked, or a refusal saying why not."""
        try:
            return self.store.slots.load(name)
        except StoreError as error:
            return refuse(error.message, error.kind)

    def play_saved(self, saved: SavedGame) -> Step:
        """Play ``saved`` (a named save or an unfinished game) from where it was: history,
        autoplay mode, play time. A game under way is kept as an unfinished game."""
        kept = self.under_way
        error = self.store.autosaves.switch_to(saved)
        if error is not None:
            return refuse(f"{error.message} Your game carries on.", error.kind)
        game = saved.game
        what = f"“{saved.name}”" if saved.name is not None else "the unfinished game"
        said = (
            f"Loaded {what}: {start_phrase(game)}, {plural(game.move_count, 'move')}, "
            f"{format_duration(saved.elapsed_seconds)} played."
        )
        if kept:
            said += " The game you were playing is kept: the saves list it."
        self._start(game, saved.elapsed_seconds, saved.daily)
        return self._change(game, said, new_game=True)

    def save_as(self, name: str, *, overwrite: bool = False) -> Step:
        """Save the game under ``name`` (``EXISTS`` when taken and not ``overwrite``)."""
        try:
            slot = self.store.slots.save(name, self._game, self._clock.elapsed, overwrite=overwrite)
        except StoreError as error:
            return refuse(error.message, error.kind)
        verb = "Saved over" if overwrite else "Saved as"
        return Step(f"{verb} “{slot.name}”: {plural(slot.move_count, 'move')}.", Tone.SUCCESS)

    # ------------------------------------------------------------------ flows: asked, then done
    def leave_for_deal(
        self,
        number: int | None = None,
        *,
        start: Callable[[], Decision | None] | None = None,
        variant: Variant | None = None,
    ) -> Decision | None:
        """A new game (deal ``number``, random when ``None``, of ``variant``'s game: this
        game's when ``None``), asked first when this one is under way (it is recorded as a
        loss). ``start`` deals instead (a front end that looks for a winnable deal first)."""

        def begin() -> Decision | None:
            # The game of the deal the front end looks for (none left from a search given up).
            self._next_variant = variant
            return self.new_game(number, variant=variant) if start is None else start()

        question = self.question_new(number, variant)
        return begin() if question is None else Ask(question, begin)

    def leave_for_position(self, state: GameState) -> Decision | None:
        """A new game from the custom position ``state`` (a game code's start), asked first
        when this one is under way (it is recorded as a loss)."""
        if not self.under_way:
            return self.new_position(state)
        question = Question(
            "Start this position?",
            f"Your game of {game_phrase(self._game)} will be recorded as a loss.",
            yes="Play it",
        )
        return Ask(question, lambda: self.new_position(state))

    def play_on_from(self, game: Game) -> Step:
        """Play on from ``game`` (a watched game at a move: its start and the turns that led
        there, so undo goes back through them and its code tells how it was reached). A game
        under way is kept as an unfinished game (:meth:`leave_for_game` asks first)."""
        if self._offer is not None:
            return refuse("answer the question about the unfinished game first")
        kept = self.under_way
        error = self.store.autosaves.set_aside() if kept else None
        if error is not None:
            return refuse(f"{error.message} Your game carries on.", error.kind)
        moves = plural(game.move_count, "move")
        said = f"Playing on from {start_phrase(game)} after {moves}"
        said += ": u takes them back one by one." if game.move_count else "."
        if kept:
            said += " The game you were playing is kept: the saves list it."
        self._start(game, 0.0)
        return self._change(game, said, new_game=True)

    def leave_for_game(self, game: Game) -> Decision:
        """:meth:`play_on_from`, asked first when this game is under way (it is kept,
        unfinished)."""
        if not self.under_way:
            return self.play_on_from(game)
        question = Question(
            "Play on from here?",
            f"Your game of {game_phrase(self._game)} will be kept as an unfinished game: the "
            "saves list it.",
            yes="Play from here",
        )
        return Ask(question, lambda: self.play_on_from(game), "Not started: your game goes on.")

    def load(self, saved: SavedGame) -> Decision:
        """Play ``saved``, asked first when this game is under way (it is kept, unfinished)."""
        what = f"“{printable(saved.name)}”" if saved.name is not None else "the unfinished game"
        question = self.question_load(what)
        if question is None:
            return self.play_saved(saved)
        return Ask(question, lambda: self.play_saved(saved), "Not loaded: your game goes on.")

    def load_named(self, name: str) -> Decision:
        """Play the save ``name`` (see :meth:`load`), or say why not."""
        found = self.find_slot(name)
        return found if isinstance(found, Step) else self.load(found)

    def save_named(self, name: str) -> Decision:
        """Save the game under ``name``; a name taken already asks before overwriting."""
        step = self.save_as(name)
        if step.error is not ErrorKind.EXISTS:
            return step
        return Ask(
            Question(step.said, "Overwrite it with this game?", yes="Overwrite", no="Keep it"),
            lambda: self.save_as(name, overwrite=True),
            "Not saved: the save is kept as it was.",
        )

    def decline(self) -> Ask:
        """A new game instead of the offered one, asked first (the offer counts as lost)."""
        return Ask(self.question_decline(), self.decline_offer, "Resume it, or quit.")

    # ------------------------------------------------------------------ the resume prompt
    def resume_offer(self) -> Step:
        """Take up the offered unfinished game (with ``autoplay``, when one was asked for)."""
        offer = self._require_offer()
        self._offer = None
        self._clock.release("offer")
        error = self.store.autosaves.switch_to(offer)
        mode = self._autoplay or offer.game.autoplay
        if error is not None:
            step = self._deal(None, mode, (), variant=self._chosen)
            said = f"{error.message} A new game starts instead."
            return replace(step, said=said, event=Event.TAKEN)
        game = offer.game.with_autoplay(mode)
        self._start(game, offer.elapsed_seconds, offer.daily)
        said = (
            f"Welcome back: {plural(game.move_count, 'move')}, "
            f"{format_duration(offer.elapsed_seconds)} played; undo and redo work as before."
        )
        return self._change(game, said, new_game=True)

    def question_decline(self) -> Question:
        """What to ask before a new game at the resume prompt."""
        offer = self._require_offer()
        return Question(
            "Start a new game?",
            f"The unfinished game of {game_phrase(offer.game, offer.elapsed_seconds)} will be "
            "recorded as a loss.",
            yes="New game",
            no="Back",
        )

    def decline_offer(self, number: int | None = None) -> Step:
        """A new game instead of the offered one, which is recorded as a loss."""
        offer = self._require_offer()
        self._offer = None
        self._clock.release("offer")
        notices = self._report(
            self.store.autosaves.discard(offer, daily=self._daily_play(offer.daily))
        )
        mode = self._autoplay or offer.game.autoplay
        return self._deal(number, mode, notices, variant=self._chosen)

    def _require_offer(self) -> SavedGame:
        if self._offer is None:
            raise RuntimeError("no unfinished game is offered")
        return self._offer

    # ------------------------------------------------------------------ par
    @property
    def par(self) -> Par | None:
        """The par of the deal in the game's autoplay mode, when the store knows it (never for
        a custom position)."""
        return self.par_of(self._game)

    def par_of(self, game: Game) -> Par | None:
        """The par of ``game``'s deal in its autoplay mode and game, when the store knows it (a
        game watched or reviewed, this one or another)."""
        number = game.deal_number
        if number is None:
            return None
        return self.store.pars.get(number, game.autoplay, game.start.variant)

    @property
    def par_shown(self) -> Par | None:
        """The par a won game is told (the par before its own line was kept); else the par."""
        return self._par_before if self._finished else self.par

    def par_to_find(self) -> tuple[int, AutoplayMode, Variant] | None:
        """The deal, autoplay mode and game whose par a search is to find: the game's, unless it
        is a custom position, a finished search of the solver is behind the par the store knows,
        or auto-solve played a move of it (such a game is not told par)."""
        game = self._game
        par = self.par
        if game.deal_number is None or game.solver_moves or (par is not None and par.searched):
            return None
        return game.deal_number, game.autoplay, game.start.variant

    def _keep_win(self) -> tuple[str, ...]:
        """The game was just won: the par known before is what it is measured against, and its
        line, when shorter, is the deal's par from now on (whoever played it)."""
        self._par_before = self.par
        found = win_par(self._game)
        if found is None:
            return ()
        return self._report(self.store.pars.keep_win(found))

    def keep_par(self, search: ParSearch, budget_seconds: float) -> Step:
        """A search for par (of ``budget_seconds`` at most) ended. Only a finished search's
        solution is par: it is kept (a shorter one replaces a longer one, never the reverse);
        a search cut short keeps nothing. What to show: the win's text again when this game is
        the deal of the par, won by the player (a par found after the win is added to it);
        otherwise nothing (``said`` empty). Notices of a failed write."""
        found = search.deal_par
        if found is None:
            return Step("")
        notices = self._report(self.store.pars.keep(found, budget_seconds))
        game = self._game
        mine = (game.deal_number, game.autoplay, self.variant) == (
            found.deal_number,
            found.autoplay,
            found.variant,
        )
        won = mine and self._finished and not game.solver_moves
        if won and (self._par_before is None or found.moves < self._par_before.moves):
            self._par_before = found  # the par this win is measured against
        return Step(self.win_text() if won else "", Tone.SUCCESS, notices=notices)

    # ------------------------------------------------------------------ the end of a game
    def win_text(self) -> str:
        """``You won deal 617 (hard) in 38 moves — par 27 — and 3:04.`` (``par not known yet`` until a
        finished search or a win found it; a win in fewer moves than par says the player found
        a shorter way), with the help the game had."""
        game = self._game
        moves = plural(game.move_count, "move")
        par = self.par_shown
        shorter = shorter_way(game.move_count, par, player=not game.solver_moves)
        if game.deal_number is not None and not shorter:
            moves += f" — {par_phrase(game.move_count, par)} —"
        rated = (
            band_phrase(game.deal_number, game.start.variant)
            if game.start.variant.is_classic
            else ""
        )
        text = (
            f"You won {start_phrase(game)}{rated} in {moves} and {format_duration(self.elapsed)}."
        )
        if shorter and not game.solver_moves:
            text += f" {shorter}"
        if game.solver_moves:
            # One sentence that stands alone (line mode) and under the dialog's title ("Solved
            # by the computer") without repeating it.
            total = game.move_count
            if game.solver_moves < total:
                played = f"{game.solver_moves} of the {total} moves"
            else:
                played = "the one move" if total == 1 else f"all {total} moves"
            text = f"Auto-solve played {played}, so this game is not counted as your win."
            if shorter:
                text += f" {shorter}"
        if game.hints:
            text += f" Hints used: {game.hints}."
        share = self.share_line()
        if share is not None:
            code = shared_code(game)  # a daily deal won in thousands of moves: the line alone
            text += f"\n{share}" + ("" if isinstance(code, BadCode) else f"  {code}")
        return text

    def share_line(self) -> str | None:
        """For the player's win of a daily deal, a line to share that gives nothing away:
        ``FreeCell daily 2026-11-26 · won in 31 moves, par 27 · 3:12`` (par when known; the
        game's name: ``Eight Off daily 2026-11-26 · …``); ``None`` for any other game."""
        game = self._game
        if self._daily is None or not game.state.is_won or game.solver_moves:
            return None
        par = self.par_shown
        moves = f"won in {plural(game.move_count, 'move')}"
        if par is not None:
            moves += f", par {par.moves}"
        return (
            f"{game.start.variant.name} daily {self._daily.isoformat()} · {moves} · "
            f"{format_duration(self.elapsed)}"
        )
