"""The "watch Klondike" screen: the automatic player plays game after game at a pace a person can
follow, with the running money.

The rules and the record come from :mod:`freecell_tui.klondike.table` (its :func:`play`); this
screen only steps through a game's record on a timer and draws each frozen
:class:`~freecell_tui.klondike.table.Table`. Keys: ``space`` pause or go on, ``right`` one move
(when paused), ``+``/``-`` faster/slower, ``n`` finish this game at once and deal the next,
``escape`` close.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from freecell_tui.core.cards import ALL_CARDS, Card, Suit
from freecell_tui.core.words import plural
from freecell_tui.klondike.deck import Deck, random_seed, shuffled_decks
from freecell_tui.klondike.money import STAKE, Summary, dollars, net
from freecell_tui.klondike.table import (
    PILES,
    KlondikeMove,
    KlondikeRecord,
    Table,
    Zone,
    cards_from_indexes,
    play,
)
from freecell_tui.ui.keys import DecidesKeys
from freecell_tui.ui.widgets.footer import KeyFooter

__all__ = ["SPEEDS", "KlondikeScreen"]

#: Seconds between moves, slowest first.
SPEEDS: tuple[float, ...] = (2.0, 1.0, 0.6, 0.3, 0.15, 0.08, 0.04)
_DEFAULT_SPEED = 2
#: Pause after a game ends before the next is dealt, in moves' time.
_END_PAUSE_TICKS = 4

_RED = "bold $text-error"
_BLACK = "bold $foreground"
_BACK = "$primary"
_MOVED = "reverse"
_MUTED = "$foreground-muted"


def _card(card: Card, ascii: bool, *, moved: bool = False) -> tuple[str, str]:
    style = _RED if card.is_red else _BLACK
    return card.text(ascii=ascii).rjust(3), f"{style} {_MOVED}" if moved else style


#: The footer's ranks of the screen's keys: the pace's keys (named on the line above it too)
#: give way first on a narrow terminal.
_FOOTER_RANKS: Final = {"close": 1, "toggle_pause": 2, "step": 3, "next_game": 3}


class KlondikeScreen(DecidesKeys, Screen[None]):
    """Watch the automatic Klondike player, one move at a time, game after game."""

    DEFAULT_CSS = """
    KlondikeScreen { layout: vertical; }
    KlondikeScreen #klondike-title { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    KlondikeScreen #klondike-top { height: 2; padding: 0 1; margin: 1 0 0 0; }
    KlondikeScreen #klondike-piles { height: 1fr; min-height: 8; padding: 0 1; }
    KlondikeScreen .klondike-pile { width: 1fr; max-width: 8; height: 100%; }
    KlondikeScreen #klondike-bottom { height: auto; }
    KlondikeScreen #klondike-move { height: 2; padding: 0 1; color: $text; }
    KlondikeScreen #klondike-money { height: 1; padding: 0 1; background: $boost; }
    KlondikeScreen #klondike-status { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("space", "toggle_pause", "Pause/go"),
        Binding("right", "step", "One move"),
        Binding("plus,equals_sign", "speed(1)", "Faster"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("n", "next_game", "Next game"),
    ]

    def __init__(
        self,
        *,
        seed: int | None = None,
        decks: Sequence[Deck] | None = None,
        paused: bool = False,
        ascii: bool = False,
        speed: int = _DEFAULT_SPEED,
    ) -> None:
        """Play the decks shuffled from ``seed`` (random when None), or ``decks`` in order (then
        the screen stops after the last). ``paused`` starts without the timer running."""
        super().__init__()
        self._leaving = False
        self._decks: Iterator[Deck]
        self.seed: int | None = None
        if decks is not None:
            self._decks = iter(decks)
        else:
            self.seed = random_seed() if seed is None else seed
            self._decks = shuffled_decks(self.seed, 0, 2**62)
        self.ascii = ascii
        self.paused = paused
        self.speed = max(0, min(speed, len(SPEEDS) - 1))
        self.summary = Summary()
        self.game_number = 0
        self.move_number = 0
        self.last_move: KlondikeMove | None = None
        self.record: KlondikeRecord | None = None  # the current game, played to its end
        self.table: Table | None = None  # the table shown: the record's after move_number moves
        self.finished = False  # the current game is over (its result is in the summary)
        self.out_of_decks = False
        self._end_ticks = 0
        self._timer: Timer | None = None

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="klondike-title")
        yield Static(id="klondike-top")
        with Horizontal(id="klondike-piles"):
            for index in range(PILES):
                yield Static(classes="klondike-pile", id=f"klondike-pile-{index + 1}")
        with Vertical(id="klondike-bottom"):
            yield Static(id="klondike-move")
            yield Static(id="klondike-money")
            yield Static(id="klondike-status")
        yield KeyFooter(ranks=_FOOTER_RANKS)

    def on_mount(self) -> None:
        self._deal_next()
        self._restart_timer()

    def on_resize(self) -> None:
        self.call_after_refresh(self._refresh)  # piles may need folding their backs

    # ------------------------------------------------------------------ playing
    def _deal_next(self) -> None:
        deck = next(self._decks, None)
        if deck is None:
            self.out_of_decks = True
            self.paused = True
            self._restart_timer()
            self._refresh()
            return
        self.game_number += 1
        self.record = play(cards_from_indexes(deck))
        self.table = self.record.start
        self.move_number = 0
        self.last_move = None
        self.finished = False
        self._end_ticks = 0
        self._refresh()

    def _step(self) -> None:
        """One move of the current game; at its end, the result goes into the money."""
        if self.record is None or self.out_of_decks:
            return
        if self.finished:
            self._deal_next()
            return
        if self.move_number == len(self.record.steps):
            self._finish()
        else:
            self.last_move, self.table = self.record.steps[self.move_number]
            self.move_number += 1
        self._refresh()

    def _finish(self) -> None:
        assert self.table is not None
        self.finished = True
        self.summary = self.summary + Summary.of([self.table.cards_home])

    def _tick(self) -> None:
        if self.finished and self._end_ticks < _END_PAUSE_TICKS:
            self._end_ticks += 1  # leave the end of a game on screen a moment
            return
        self._step()

    def _restart_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if not self.paused and not self.out_of_decks:
            self._timer = self.set_interval(SPEEDS[self.speed], self._tick)

    # ------------------------------------------------------------------ actions
    def action_close(self) -> None:
        if not self._leaving:  # a second Esc before the screen is gone is ignored
            self._leaving = True
            self.dismiss()

    def action_toggle_pause(self) -> None:
        self.paused = not self.paused
        self._restart_timer()
        self._refresh()

    def action_step(self) -> None:
        """One move at a time, while paused."""
        if not self.paused:
            self.paused = True
            self._restart_timer()
        self._step()

    def action_speed(self, change: int) -> None:
        self.speed = max(0, min(self.speed + change, len(SPEEDS) - 1))
        self._restart_timer()
        self._refresh()

    def action_next_game(self) -> None:
        """Play the rest of this game at once (its result counts), then deal the next."""
        if self.record is None or self.out_of_decks:
            return
        if not self.finished:
            if self.move_number < len(self.record.steps):
                self.last_move, self.table = self.record.steps[-1]
                self.move_number = len(self.record.steps)
            self._finish()
        self._deal_next()
        self._restart_timer()

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        if self.table is None:
            return
        table = self.table
        where = f"seed {self.seed}" if self.seed is not None else "decks given"
        self.query_one("#klondike-title", Static).update(
            Content(f"Watch Klondike · game {self.game_number:,} · {where}")
        )
        self.query_one("#klondike-top", Static).update(self._top_line(table))
        moved = self._moved_cards()
        for index, pile in enumerate(table.piles):
            widget = self.query_one(f"#klondike-pile-{index + 1}", Static)
            parts: list[str | tuple[str, str]] = [(f"pile {index + 1}\n", _MUTED)]
            down = len(pile.down)
            if 1 + down + len(pile.up) > widget.size.height > 0 and down > 1:
                parts.append((f"▒▒▒×{down}\n", _BACK))  # a short terminal: one line of backs
            else:
                parts += [("▒▒▒\n", _BACK)] * down
            for card in pile.up:
                parts += [_card(card, self.ascii, moved=card in moved), "\n"]
            widget.update(Content.assemble(*parts))
        self.query_one("#klondike-move", Static).update(self._move_line())
        self.query_one("#klondike-money", Static).update(self._money_line())
        state = "paused" if self.paused else "playing"
        if self.out_of_decks:
            state = "no more decks"
        status = self.query_one("#klondike-status", Static)
        room = status.content_size.width or self.app.size.width - 2
        words = [state, f"{1 / SPEEDS[self.speed]:.1f} moves a second"]
        for hint in ("space pause", "→ one move", "+/- speed", "n next game", "esc close"):
            if len(" · ".join([*words, hint])) > room:
                break  # a narrow terminal: the keys that do not fit are in the footer
            words.append(hint)
        status.update(Content(" · ".join(words)))

    def _moved_cards(self) -> frozenset[Card]:
        move = self.last_move
        if move is None or move.target.zone in (Zone.OUTPUT, Zone.WASTE):
            return frozenset()
        return frozenset(move.cards)

    def _top_line(self, table: Table) -> Content:
        parts: list[str | tuple[str, str]] = [("Stock ", _MUTED), f"{len(table.stock):>2}   "]
        parts.append(("Waste ", _MUTED))
        if table.waste:
            if len(table.waste) > 1:
                parts.append((f"({len(table.waste) - 1} under) ", _MUTED))
            last = self.last_move
            parts.append(
                _card(
                    table.waste[-1],
                    self.ascii,
                    moved=last is not None and last.target.zone is Zone.WASTE,
                )
            )
        else:
            parts.append(("empty", _MUTED))
        parts.append(("\nOutput ", _MUTED))
        for suit in Suit:
            rank = table.output[suit.index]
            if rank:
                parts += [_card(ALL_CARDS[(rank - 1) * 4 + suit.index], self.ascii), " "]
            else:
                symbol = suit.letter if self.ascii else suit.symbol
                parts += [(f" -{symbol}", _MUTED), " "]
        parts.append((f"  {table.cards_home} home", _MUTED))
        return Content.assemble(*parts)

    def _move_line(self) -> Content:
        assert self.table is not None
        if self.out_of_decks:
            return Content("No more decks to play.")
        if self.finished:
            home = self.table.cards_home
            how = "all 52 cards home" if home == 52 else "the stock is used up, no move left"
            return Content(
                f"Game over after {plural(self.move_number, 'move')}: {how}. "
                f"{home} cards home, net {dollars(net(home))} for this game."
            )
        if self.last_move is None:
            return Content("Dealt. The first stock card is turned next.")
        return Content.assemble(
            (f"Move {self.move_number} · {self.last_move.rule.label}: ", "bold"),
            self.last_move.describe(ascii=self.ascii),
        )

    def _money_line(self) -> Content:
        summary = self.summary
        games = summary.games
        text = (
            f"Games finished {games:,} · cards home {summary.cards_home:,} · "
            f"paid ${STAKE * games:,} · net winnings {dollars(summary.net)}"
        )
        if summary.mean is not None:
            text += f" · {dollars(summary.mean, cents=True)} a game"
        return Content(text)
