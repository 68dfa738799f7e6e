"""Each variant against fc-solve, run by hand: our solver (the general search; the fast one
for FreeCell with 4 cells or fewer) and fc-solve's preset on
the same deals, one process each, one deal at a time.

    python benchmarks/variants_bench.py                            # every game, deals 1-20
    python benchmarks/variants_bench.py --game eight_off --from 1 --to 100 --timeout 30
    python benchmarks/variants_bench.py --game freecell --cells 2 --from 1 --to 32000 \\
        --timeout 10 --jsonl fc2.jsonl                              # stop and run again: resumes
    python benchmarks/variants_bench.py summary fc2.jsonl other.jsonl
    python benchmarks/variants_bench.py --game freecell --cells 2 --deals 891,982 \\
        --timeout 120 --memory 8 --no-fcsolve --jsonl again.jsonl   # give-ups, longer
    python benchmarks/variants_bench.py --game forecell --from 1 --to 100 --jsonl new.jsonl \\
        --theirs old.jsonl                                          # fc-solve's verdicts kept
    python benchmarks/variants_bench.py --game freecell --cells 2 --to 32000 --no-fcsolve \\
        --jsonl fc2.jsonl                  # ours alone, against fc-solve's published figures

A run prints one summary line per game. With ``--jsonl FILE`` it also appends one line per deal
(game, cells, deal, our status, our seconds and positions, fc-solve's verdict and seconds, the
timeouts), flushed as each deal ends, and skips the deals of that game already in the file: a
long run is made in parts, interrupted and resumed at will. ``summary`` reads such files and
prints the same lines, with the deals each game covers. ``--theirs FILE`` takes fc-solve's
verdict and time for each deal FILE records (a run of ours compared with the same fc-solve
answers, without running it again); ``--no-fcsolve`` runs ours alone (its verdict "not run").

For each game: our solved / proved unsolvable / gave up and total time; fc-solve's solved / not
solved (``fc-solve -g KEY [--freecells-num N] -m -snx``, no iteration limit, its own timeout) and
total time; and the disagreements: a deal one solves and the other proves unsolvable (our
solutions are replayed through the rules to a win). fc-solve's preset does not search every
move: when it cannot solve a deal we solve, its atomic moves (``-to 01ABCDE``, a complete search)
are asked too, and a deal they solve is listed apart, as the preset's miss. A deal we give up on
is no disagreement, only a count.
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import deal
from freecell_tui.core.game import Game, Outcome
from freecell_tui.core.position import format_position
from freecell_tui.core.solver import solve
from freecell_tui.core.variant import VARIANTS, Variant, parse_variant


def games(name: str | None, cells: int | None = None) -> list[Variant]:
    if name is not None:
        return [parse_variant(name, cells)]
    others = [VARIANTS[key] for key in VARIANTS if key != "freecell"]
    return [*others, *(parse_variant("freecell", n) for n in (0, 1, 2, 3))]


#: fc-solve's atomic moves (one card, or a run as its game allows, at a time): a slower search
#: than its preset's, but a complete one. Its preset's own order of moves is not: it gives up
#: ("I could not solve") on some deals its atomic moves solve (FreeCell with 2 cells, 266, 333).
ATOMIC: Final = ("-to", "01ABCDE")


def fcsolve(
    variant: Variant, number: int, timeout: float, extra: tuple[str, ...] = ()
) -> tuple[str, float]:
    started = time.monotonic()
    try:
        out = subprocess.run(
            ["fc-solve", *variant.fcsolve_args, *extra, "-m", "-snx", "-"],
            input=format_position(deal(number, variant)),
            capture_output=True,
            text=True,
            timeout=timeout,
        ).stdout
    except subprocess.TimeoutExpired:
        return "timed out", time.monotonic() - started
    verdict = "solved" if "This game is solveable." in out else "unsolvable"
    return verdict, time.monotonic() - started


def run_deal(
    variant: Variant,
    number: int,
    timeout: float,
    their_timeout: float,
    known: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Both programs on one deal: the record a ``--jsonl`` line holds. ``known``: a record of
    the same deal from an earlier run, whose fc-solve verdict and time are taken (fc-solve is
    not run again)."""
    result = solve(deal(number, variant), timeout=timeout)
    if result.solved:
        game = Game.new(number, autoplay=AutoplayMode.OFF, variant=variant)
        for move in result.moves:
            game = game.play(move)
        assert game.outcome is Outcome.WON, (variant.name, number)
    if known is not None:
        verdict, seconds = known["fcsolve"], known["fcsolve_s"]
        their_timeout = known["fcsolve_timeout"]
    elif their_timeout <= 0:
        verdict, seconds = "not run", 0.0
    else:
        verdict, seconds = fcsolve(variant, number, their_timeout)
    record: dict[str, Any] = {
        "game": variant.name,
        "key": variant.key,
        "cells": variant.cells,
        "deal": number,
        "ours": result.status,
        "our_s": round(result.seconds, 3),
        "positions": result.positions,
        "moves": len(result.moves),
        "fcsolve": verdict,
        "fcsolve_s": round(seconds, 3),
        "timeout": timeout,
        "fcsolve_timeout": their_timeout,
    }
    if result.solved and verdict == "unsolvable":
        if known is not None and "fcsolve_atomic" in known:
            record["fcsolve_atomic"] = known["fcsolve_atomic"]
        else:
            record["fcsolve_atomic"] = fcsolve(variant, number, 5 * their_timeout, ATOMIC)[0]
    return record


@dataclass
class Tally:
    """One game's figures over the deals recorded."""

    game: str
    ours: dict[str, int] = field(
        default_factory=lambda: {"solved": 0, "unsolvable": 0, "gave-up": 0}
    )
    theirs: dict[str, int] = field(
        default_factory=lambda: {"solved": 0, "unsolvable": 0, "timed out": 0, "not run": 0}
    )
    our_time: float = 0.0
    their_time: float = 0.0
    deals: list[int] = field(default_factory=list)
    disagree: list[int] = field(default_factory=list)
    preset_missed: list[int] = field(default_factory=list)
    gave_up_they_solved: list[int] = field(default_factory=list)
    timeouts: set[float] = field(default_factory=set)

    def add(self, record: dict[str, Any]) -> None:
        self.ours[record["ours"]] += 1
        self.theirs[record["fcsolve"]] += 1
        self.our_time += record["our_s"]
        self.their_time += record["fcsolve_s"]
        self.deals.append(record["deal"])
        self.timeouts.add(record["timeout"])
        if {record["ours"], record["fcsolve"]} == {"solved", "unsolvable"}:
            if record.get("fcsolve_atomic") == "solved":
                self.preset_missed.append(record["deal"])
            else:
                self.disagree.append(record["deal"])
        if record["ours"] == "gave-up" and record["fcsolve"] == "solved":
            self.gave_up_they_solved.append(record["deal"])

    def line(self) -> str:
        o, t = self.ours, self.theirs
        spans = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in _spans(self.deals))
        limits = "/".join(f"{s:g}" for s in sorted(self.timeouts))
        not_run = f", not run on {t['not run']}" if t["not run"] else ""
        return (
            f"{self.game:26} {len(self.deals):5} deals ({spans}; {limits} s a deal) "
            f"| ours {o['solved']} solved {o['unsolvable']} unsolvable {o['gave-up']} gave up "
            f"{self.our_time:.1f} s | fc-solve {t['solved']} solved {t['unsolvable']} not "
            f"{t['timed out']} timed out{not_run} {self.their_time:.1f} s "
            f"| disagreements {self.disagree or 'none'} "
            f"| fc-solve's preset missed, its atomic moves solve {self.preset_missed or 'none'} "
            f"| we gave up, fc-solve solved {self.gave_up_they_solved or 'none'}"
        )


def _spans(numbers: Iterable[int]) -> Iterator[tuple[int, int]]:
    """Consecutive runs of the sorted distinct numbers, as (first, last)."""
    ordered = sorted(set(numbers))
    if not ordered:
        return
    first = last = ordered[0]
    for n in ordered[1:]:
        if n != last + 1:
            yield first, last
            first = n
        last = n
    yield first, last


def read_records(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """The deals recorded in ``paths`` (``.jsonl``, or ``.jsonl.gz`` as kept in
    ``benchmarks/results``); a deal recorded twice for one game counts once (the last record),
    and a torn last line (a run killed mid-write) is skipped."""
    records: dict[tuple[str, int], dict[str, Any]] = {}
    for path in paths:
        if not path.exists():
            continue
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
        for text in data.decode().splitlines():
            try:
                record = json.loads(text)
            except json.JSONDecodeError:
                continue
            records[record["game"], record["deal"]] = record
    return list(records.values())


def summarize(records: Iterable[dict[str, Any]]) -> list[Tally]:
    """One tally per game, in the order games first appear."""
    tallies: dict[str, Tally] = {}
    for record in records:
        tallies.setdefault(record["game"], Tally(record["game"])).add(record)
    return list(tallies.values())


def run(args: argparse.Namespace) -> None:
    out = Path(args.jsonl) if args.jsonl else None
    done = {(r["game"], r["deal"]) for r in read_records([out])} if out else set()
    theirs = {(r["game"], r["deal"]): r for r in read_records(Path(p) for p in args.theirs)}
    for variant in games(args.game, args.cells):
        tally = Tally(variant.name)
        for number in args.deals or range(args.start, args.stop + 1):
            if (variant.name, number) in done:
                continue
            known = theirs.get((variant.name, number))
            record = run_deal(variant, number, args.timeout, args.fcsolve_timeout, known)
            tally.add(record)
            if out is not None:
                with out.open("a") as handle:
                    handle.write(json.dumps(record) + "\n")
        print(tally.line(), flush=True)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["summary"]:
        for tally in summarize(read_records(Path(p) for p in argv[1:])):
            print(tally.line())
        return
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", help="one game (every game when not given)")
    parser.add_argument("--cells", type=int, help="the game's free cells")
    parser.add_argument("--from", dest="start", type=int, default=1)
    parser.add_argument("--to", dest="stop", type=int, default=20)
    parser.add_argument("--timeout", type=float, default=10.0, help="our seconds a deal")
    parser.add_argument(
        "--deals",
        type=lambda text: [int(n) for n in text.split(",")],
        help="these deals (1,5,9) instead of --from..--to",
    )
    parser.add_argument(
        "--memory",
        type=float,
        help="GiB a search of another game than classic FreeCell may take (2,000,000 positions "
        "a GiB; its default: 1,000,000 positions)",
    )
    parser.add_argument("--fcsolve-timeout", type=float, default=60.0)
    parser.add_argument(
        "--no-fcsolve",
        action="store_true",
        help="ours alone (fc-solve's verdict recorded as not run)",
    )
    parser.add_argument("--jsonl", help="append a line per deal; skip deals already there")
    parser.add_argument(
        "--theirs",
        action="append",
        default=[],
        metavar="FILE",
        help="take fc-solve's verdict and time for a deal from this earlier --jsonl file when "
        "it has the deal (fc-solve is not run again); may be given more than once",
    )
    args = parser.parse_args(argv)
    if args.memory:  # a bound for a run by hand, past what a player's search may take
        from freecell_tui.core.solver import portfolio

        portfolio.GENERAL_MAX_POSITIONS = int(args.memory * 2_000_000)  # type: ignore[misc]
    if args.no_fcsolve:
        args.fcsolve_timeout = 0.0
    run(args)


if __name__ == "__main__":
    main()
