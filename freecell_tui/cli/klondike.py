"""``freecell-tui klondike``: the automatic Klondike player, many games, for money."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from freecell_tui.cli import COMMAND_HELP, fail
from freecell_tui.cli.progress import Advance, progress_bar
from freecell_tui.core.words import printable, quoted, shorten
from freecell_tui.files import InputError
from freecell_tui.klondike.deck import (
    MAX_SEED,
    Deck,
    DeckFileError,
    random_seed,
    read_decks,
    shuffled_decks,
)
from freecell_tui.klondike.money import Summary, net
from freecell_tui.klondike.runner import default_jobs, play_decks, play_seeded
from freecell_tui.klondike.table import cards_from_indexes, play
from freecell_tui.klondike.text import format_record, format_summary

PROG = "freecell-tui klondike"
DEFAULT_GAMES = 100
DEFAULT_SHOW = 2
#: Bad deck lines reported before the rest are only counted.
_MAX_PROBLEMS = 10


#: The most games one run plays (about half a day on two cores): a bigger number is a typo.
MAX_GAMES = 1_000_000_000
#: The most processes one run starts.
MAX_JOBS = 256
_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_MAX_DIGITS = 25  # more than any maximum here has


def _count(name: str, *, least: int, most: int) -> Any:
    """An argparse type: a whole number from ``least`` to ``most`` in ASCII digits
    (``1,000,000`` and ``1_000_000`` accepted); too many digits are refused before reading."""

    def parse(text: str) -> int:
        raw = text.strip().replace(",", "").replace("_", "")
        if not _WHOLE.fullmatch(raw):
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, not {quoted(text)}")
        if len(raw.lstrip("+-").lstrip("0")) > _MAX_DIGITS:  # refused before int() reads it
            sign = "0 or more" if raw.startswith("-") else f"at most {most:,}"
            raise argparse.ArgumentTypeError(f"{name} must be {sign}, not {shorten(raw)}")
        negative = raw.startswith("-")
        value = int(raw.lstrip("+-").lstrip("0") or "0") * (-1 if negative else 1)
        if value < least:
            raise argparse.ArgumentTypeError(f"{name} must be {least} or more, not {value}")
        if value > most:
            raise argparse.ArgumentTypeError(f"{name} must be at most {most:,}, not {value:,}")
        return value

    return parse


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "klondike",
        # --game is the FreeCell game's option: never read as an abbreviation of --games.
        allow_abbrev=False,
        help=COMMAND_HELP["klondike"],
        description=(
            "Play Klondike games by fixed rules (see docs/klondike.md): pay $52 a game, win $5 "
            "for each card that reaches the output piles. Prints the complete record of the first "
            "games, then the games played, the cards home, the net winnings and the mean a game "
            "with its 95% confidence interval. Exit 0, or 2 for bad arguments or a bad decks file."
        ),
    )
    parser.add_argument(
        "--games",
        type=_count("the number of games", least=0, most=MAX_GAMES),
        metavar="N",
        help=f"games to play (default {DEFAULT_GAMES})",
    )
    parser.add_argument(
        "--seed",
        type=_count("the seed", least=0, most=MAX_SEED),
        metavar="S",
        help="seed of the shuffles, 0 to 2^64-1 (default: a random seed, which is printed)",
    )
    parser.add_argument(
        "--show",
        type=_count("the number of games to show", least=0, most=MAX_GAMES),
        default=DEFAULT_SHOW,
        metavar="K",
        help=f"print the complete record of the first K games (default {DEFAULT_SHOW})",
    )
    parser.add_argument(
        "--jobs",
        type=_count("the number of processes", least=1, most=MAX_JOBS),
        metavar="J",
        help="processes to play in (default: all cores); results do not depend on it",
    )
    parser.add_argument(
        "--decks",
        metavar="FILE",
        help="play the decks in FILE, one a line, 52 cards top first (AS TD 9H ...)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='print one JSON object a game ({"game": i, "cards_home": k, "net": 5*k-52}), '
        "then a summary object",
    )
    parser.add_argument("--ascii", action="store_true", help="write suits as C D H S")
    parser.set_defaults(handler=run)


def _error(message: str) -> int:
    return fail(PROG, message)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    jobs = args.jobs if args.jobs is not None else default_jobs()
    decks: list[Deck] | None = None
    seed: int | None = None
    if args.decks is not None:
        if args.games is not None or args.seed is not None:
            return _error("--decks plays the decks in the file: leave out --games and --seed")
        try:
            decks = read_decks(args.decks)
        except DeckFileError as error:
            problems = error.problems
            for line, message in problems[:_MAX_PROBLEMS]:
                where = f"{printable(error.path)} line {line}" if line else printable(error.path)
                _error(f"{where}: {message}")
            if len(problems) > _MAX_PROBLEMS:
                _error(f"{printable(error.path)}: {len(problems) - _MAX_PROBLEMS} more bad lines")
            print(f"{PROG}: nothing was played", file=sys.stderr)
            return 2
        except InputError as error:
            return _error(str(error))
        games = len(decks)
        heading = f"Decks: {games:,} from {printable(args.decks)}"
    else:
        games = DEFAULT_GAMES if args.games is None else args.games
        if args.seed is None:
            seed = random_seed()
            heading = f"Seed: {seed} (chosen at random; --seed {seed} plays these games again)"
        else:
            seed = args.seed
            heading = f"Seed: {seed}"

    shown = min(args.show, games)
    show_decks: Iterable[Deck]
    if decks is not None:
        results = play_decks(decks, jobs)
        show_decks = decks[:shown]
    else:
        assert seed is not None
        results = play_seeded(seed, games, jobs)
        show_decks = shuffled_decks(seed, 0, shown)
    games_run = _Games(games, seed, heading, show_decks)
    with progress_bar(games, "Klondike", "games") as advance:
        # Standard output is looked up inside the bar: at a terminal it prints above it.
        _write(args, sys.stdout if out is None else out, games_run, _counted(results, advance))
    return 0


@dataclass(frozen=True)
class _Games:
    """What a run plays: how many games, from which seed (none for a decks file), the line
    that says so, and the decks whose complete record is shown."""

    count: int
    seed: int | None
    heading: str
    show_decks: Iterable[Deck]


def _counted(results: Iterator[bytes], advance: Advance) -> Iterator[bytes]:
    """``results``, telling ``advance`` of each block's games as it is played."""
    for block in results:
        advance(len(block))
        yield block


def _write(args: argparse.Namespace, out: TextIO, games: _Games, results: Iterator[bytes]) -> None:
    """The output: one JSON line a game and a summary object, or the heading, the first games'
    records and the summary."""
    if args.json:
        summary = _write_json(out, results)
        summary_object: dict[str, object] = {
            "summary": True,
            "games": summary.games,
            "cards_home": summary.cards_home,
            "won": summary.won,
            "net": summary.net,
            "mean": summary.mean,
            "ci95": list(summary.ci95) if summary.ci95 else None,
            "seed": games.seed,
        }
        out.write(json.dumps(summary_object) + "\n")
        return

    out.write(games.heading + "\n\n")
    for number, deck in enumerate(games.show_decks, start=1):
        record = play(cards_from_indexes(deck))
        title = f"Game {number:,} of {games.count:,}"
        out.write(format_record(record, title, ascii=args.ascii))
        out.write("\n")
    summary = Summary()
    for block in results:
        summary = summary + Summary.of(block)
    out.write(format_summary(summary))


def _write_json(out: TextIO, results: Iterator[bytes]) -> Summary:
    summary = Summary()
    number = 0
    for block in results:
        lines = []
        for cards_home in block:
            number += 1
            lines.append(
                f'{{"game": {number}, "cards_home": {cards_home}, "net": {net(cards_home)}}}\n'
            )
        out.write("".join(lines))
        summary = summary + Summary.of(block)
    return summary
