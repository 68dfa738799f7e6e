"""Statistics over finished games: pure functions over :class:`GameResult` rows.

*Played* counts finished games, and each is one of three: won by the player, solved by the
computer (auto-solve played a move of it: not the player's win), or lost (left unfinished for
another game, or abandoned at the resume prompt). The three add up to Played. The game on the
board and unfinished games waiting to be resumed count when they end; a game without a move never
counts. Streaks run in the order games finished; the current
streak is the run of the player's wins ending with the latest game. The daily streak counts days
in a row whose daily deal the player won on that very day (:func:`daily_streaks`): an earlier
day's daily won later is a win, but not for the daily streak. Best times and fewest moves
count the player's wins only. A deal's par is the par in the autoplay mode of its best win (of
its latest game when it has no win): par counts turns, and how many a deal needs depends on which
cards go home by themselves.
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.codes import STORED_CODE_LENGTH, BadCode, decode
from freecell_tui.core.difficulty import Band, rating
from freecell_tui.core.game import Game
from freecell_tui.core.variant import FREECELL, Variant

__all__ = [
    "NO_GAMES",
    "RECENT_GAMES",
    "DailyPlay",
    "DealStats",
    "GameResult",
    "Pars",
    "Result",
    "Statistics",
    "band_wins",
    "compute_statistics",
    "daily_streaks",
    "format_duration",
    "format_statistics",
    "statistics_rows",
    "wins_by_band_text",
]

#: How many of the latest games the recent results keep, and how many of the latest wins with
#: a known par the moves over par keep.
RECENT_GAMES = 30

#: What the statistics say before the first finished game.
NO_GAMES = (
    "No finished games yet: a game counts once it is won, solved by the computer or left for "
    "a new one."
)


class Result(enum.Enum):
    WON = "won"
    LEFT = "left"  # left unfinished for a new game: counts as a loss
    SOLVED = "solved"  # auto-solve played a move of the winning line: the computer's win


@dataclass(frozen=True, slots=True)
class DailyPlay:
    """A daily deal played: its date, and whether it finished on that date by the player's
    clock (only then does its win count for the daily streak)."""

    day: date
    on_day: bool


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game. ``deal_number`` is ``None`` for a custom position, then ``position``
    (its start text) tells such games apart."""

    deal_number: int | None
    position: str | None
    result: Result
    move_count: int
    elapsed_seconds: float
    finished_at: datetime
    hints: int = 0
    autoplay: AutoplayMode | None = None
    """The autoplay mode it was finished in (``None``: finished before the mode was recorded)."""
    code: str | None = None
    """Its game code (:mod:`freecell_tui.core.codes`: the start and the moves), as stored;
    ``None`` for a game finished before games kept their moves."""
    daily: DailyPlay | None = None
    """The daily deal it was (``None``: not a daily)."""
    variant: Variant = FREECELL
    """The game it was a game of (classic FreeCell for every game finished before games
    recorded theirs)."""

    def game(self) -> Game | str:
        """The game itself, read from its code; or why it cannot be (the end of a sentence that
        names the game: "… was finished before games kept their moves: it has no game code")."""
        if self.code is None:
            return "was finished before games kept their moves: it has no game code"
        game = decode(self.code, longest=STORED_CODE_LENGTH)
        if isinstance(game, BadCode):
            return f"is stored with a code that does not read: {game}"
        return game

    @property
    def deal_key(self) -> str:
        if self.deal_number is not None:
            return f"#{self.deal_number}"
        return "custom position"


@dataclass(frozen=True, slots=True)
class DealStats:
    """One deal's record: how often played and won, best time and fewest moves among its wins,
    and the deal's par when the solver found it (``None`` otherwise)."""

    label: str
    deal_number: int | None
    played: int
    won: int
    best_seconds: float | None
    fewest_moves: int | None
    last_played: datetime
    par: int | None = None


@dataclass(frozen=True, slots=True)
class Statistics:
    played: int
    won: int
    current_streak: int
    best_streak: int
    deals: tuple[DealStats, ...]  # most recently played first
    solved: int = 0
    """Games auto-solve finished: played, but not the player's wins."""
    won_with_hints: int = 0
    """The player's wins in which hints were shown."""
    recent: tuple[Result, ...] = ()
    """The results of the latest :data:`RECENT_GAMES` games, oldest first."""
    over_par: tuple[int, ...] = ()
    """Moves over par (below par: negative) of the latest :data:`RECENT_GAMES` wins of the
    player whose deal's par is known in the mode the game was won in, oldest first."""
    daily_streak: int = 0
    """Days in a row, up to today or yesterday, whose daily deal was won on its day."""
    best_daily_streak: int = 0
    """The most days in a row whose daily deal was won on its day."""
    wins_by_band: tuple[tuple[Band, int], ...] = ()
    """The player's wins of rated deals (classic FreeCell, deals 1–32,000) per difficulty,
    easiest first (empty for another game)."""

    @property
    def lost(self) -> int:
        return self.played - self.won - self.solved

    @property
    def win_rate(self) -> float | None:
        """Wins over games played (0.0 to 1.0); ``None`` before the first game."""
        return self.won / self.played if self.played else None

    @property
    def win_rate_text(self) -> str:
        rate = self.win_rate
        return "–" if rate is None else f"{rate:.0%}"


#: The pars known: autoplay mode → deal number → par.
Pars = Mapping[AutoplayMode, Mapping[int, int]]


def daily_streaks(won_on_day: Iterable[date], today: date) -> tuple[int, int]:
    """The current and the best daily streak from the days whose daily deal was won on that
    day: the current one is the run of days in a row ending today, or yesterday while today's
    daily is still to be won; a day missed ends a run."""
    days = sorted(set(won_on_day))
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = run if previous is not None and today - previous <= timedelta(days=1) else 0
    return current, best


def compute_statistics(
    results: Iterable[GameResult],
    pars: Pars | None = None,
    mode: AutoplayMode = AutoplayMode.SAFE,
    today: date | None = None,
    variant: Variant = FREECELL,
) -> Statistics:
    """The figures over ``results`` (any order: they are sorted by finishing time). ``pars``
    gives each deal's par per autoplay mode, where known; a deal shows the par of the mode of its
    best win (else of its latest game), ``mode`` standing for games that did not record theirs.
    ``today`` (the player's date unless given) ends the current daily streak. Each game has
    statistics of its own: only the results of ``variant``'s game count (``pars`` are that
    game's)."""
    pars = pars or {}
    ordered = sorted((r for r in results if r.variant == variant), key=lambda r: r.finished_at)
    won = streak = best = solved = hinted = 0
    per_deal: dict[tuple[int | None, str | None], list[GameResult]] = {}
    for result in ordered:
        if result.result is Result.WON:
            won += 1
            streak += 1
            best = max(best, streak)
            hinted += result.hints > 0
        else:
            streak = 0
            solved += result.result is Result.SOLVED
        key = (result.deal_number, result.position if result.deal_number is None else None)
        per_deal.setdefault(key, []).append(result)
    deals = []
    for games in per_deal.values():
        wins = [g for g in games if g.result is Result.WON]
        deals.append(
            DealStats(
                label=games[0].deal_key,
                deal_number=games[0].deal_number,
                played=len(games),
                won=len(wins),
                best_seconds=min((g.elapsed_seconds for g in wins), default=None),
                fewest_moves=min((g.move_count for g in wins), default=None),
                last_played=games[-1].finished_at,
                par=_par(games, wins, pars, mode),
            )
        )
    deals.sort(key=lambda d: d.last_played, reverse=True)
    wins_with_par = (
        (g.move_count, game_par(g.deal_number, g.autoplay, pars, mode))
        for g in ordered
        if g.result is Result.WON
    )
    over_par = [moves - par for moves, par in wins_with_par if par is not None]
    daily, best_daily = daily_streaks(
        (
            g.daily.day
            for g in ordered
            if g.result is Result.WON and g.daily is not None and g.daily.on_day
        ),
        today or date.today(),
    )
    return Statistics(
        len(ordered),
        won,
        streak,
        best,
        tuple(deals),
        solved,
        hinted,
        tuple(g.result for g in ordered[-RECENT_GAMES:]),
        tuple(over_par[-RECENT_GAMES:]),
        daily,
        best_daily,
        band_wins(deals, variant),
    )


def band_wins(deals: Iterable[DealStats], variant: Variant) -> tuple[tuple[Band, int], ...]:
    """The player's wins per difficulty band (:mod:`freecell_tui.core.difficulty`), easiest
    first, from the deals' records; none for another game than classic FreeCell."""
    if not variant.is_classic:
        return ()
    wins: Counter[Band] = Counter()
    for deal in deals:
        rated = rating(deal.deal_number) if deal.deal_number is not None else None
        if rated is not None:
            wins[rated.band] += deal.won
    return tuple((band, wins[band]) for band in Band)


def game_par(
    deal: int | None, played_in: AutoplayMode | None, pars: Pars, mode: AutoplayMode
) -> int | None:
    """The par of a game's deal in the mode it was played in (``mode`` when it did not record
    one); ``None`` for a custom position or a deal whose par is not known."""
    return None if deal is None else pars.get(played_in or mode, {}).get(deal)


def _par(
    games: list[GameResult], wins: list[GameResult], pars: Pars, mode: AutoplayMode
) -> int | None:
    """The par to set beside one deal's games: in the mode of its best win, else of its latest
    game (``mode`` when that game did not record one)."""
    game = min(wins, key=lambda g: g.move_count) if wins else games[-1]
    return game_par(game.deal_number, game.autoplay, pars, mode)


def format_duration(seconds: float | None) -> str:
    """``4:05`` or ``1:02:03``; ``–`` for none."""
    if seconds is None or not math.isfinite(seconds):  # never a crash on a strange value
        return "–"
    total = int(max(0.0, seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def statistics_rows(stats: Statistics) -> tuple[tuple[str, str], ...]:
    """The figures as (label, value) rows, the same in every front end: Played, then the three
    results that add up to it, then the rate, the wins with hints, the streaks and the daily
    streaks."""
    return (
        ("Played", str(stats.played)),
        ("Won", str(stats.won)),
        ("Solved by the computer", str(stats.solved)),
        ("Lost", str(stats.lost)),
        ("Win rate", stats.win_rate_text),
        ("Won with hints", str(stats.won_with_hints)),
        ("Current streak", str(stats.current_streak)),
        ("Best streak", str(stats.best_streak)),
        ("Daily streak", str(stats.daily_streak)),
        ("Best daily streak", str(stats.best_daily_streak)),
    )


def wins_by_band_text(stats: Statistics) -> str:
    """``easy 3, medium 1, hard 0, expert 0``: the wins per difficulty."""
    return ", ".join(f"{band} {count}" for band, count in stats.wins_by_band)


def format_statistics(stats: Statistics) -> str:
    """The statistics as plain text: :func:`statistics_rows` in two aligned columns, then a
    table of the deals (the command line's ``stats`` and line mode)."""
    rows = statistics_rows(stats)
    width = max(len(label) for label, _ in rows)
    lines = [f"{label:<{width}}  {value}" for label, value in rows]
    if any(count for _, count in stats.wins_by_band):
        lines.append(f"Wins by difficulty: {wins_by_band_text(stats)}")
    if stats.deals:
        with_par = any(deal.par is not None for deal in stats.deals)
        lines += [
            "",
            f"{'DEAL':>15}  {'PLAYED':>6}  {'WON':>4}  {'BEST TIME':>9}  {'FEWEST MOVES':>12}"
            + (f"  {'PAR':>4}" if with_par else ""),
        ]
        for deal in stats.deals:
            fewest = "–" if deal.fewest_moves is None else str(deal.fewest_moves)
            par = "–" if deal.par is None else str(deal.par)
            lines.append(
                f"{deal.label:>15}  {deal.played:>6}  {deal.won:>4}  "
                f"{format_duration(deal.best_seconds):>9}  {fewest:>12}"
                + (f"  {par:>4}" if with_par else "")
            )
    return "\n".join(lines) + "\n"
