"""Par benchmark, run by hand: ``solve --fewest --autoplay all`` against the published near-optimal
solutions of Microsoft deals 1-1,000,000 (github.com/macroxue/freecell, "solutions/block.*").

    python benchmarks/par_bench.py --published PATH [--deals 100] [--budget 10] [--jobs 2]
    python benchmarks/par_bench.py --game NAME [--cells N] [--deals 20] [--budget 10] [--jobs 1]

PATH is where the published solutions are: the ``solutions`` folder of a clone of
https://github.com/macroxue/freecell (files ``block.1`` ... ``block.1000``, one line ``N:MOVES``
a deal, two characters a move, every card sent home as soon as it can go), or a table made from
them with one line ``N<TAB>LENGTH<TAB>KIND`` a deal (KIND ``A`` for solved with every card sent
home at once, ``S`` for only with safe autoplay, ``X`` for unsolvable; ``#`` lines are comments).
Nothing of it is in this repository.

The deals are spread evenly over 1-1,000,000 (only those solved with every card sent home at
once). Prints, with the load average before and after:

* the mean player moves (moves not to a foundation) of our ``--fewest`` solutions and of the
  published ones for the same deals, their ratio, and how many of ours are as short;
* the same for our fast solver (``--autoplay all``) and for fc-solve (``-l lg``), for scale;
* the budget, the wall and CPU time of the ``--fewest`` run;
* that every ``--fewest`` solution (the moves a player makes with autoplay ``all``, as ``solve
  --autoplay all`` prints them) wins in a game with autoplay ``all`` and takes exactly the player
  moves it claims.

With ``--game`` (another game than classic FreeCell: Baker's Game, Eight Off, Seahaven Towers,
FreeCell with 2 cells …) there is no published table: deals 1 to ``--deals`` are solved with
``--game NAME --fewest --autoplay all`` and without ``--fewest`` (the variant solver's first
solution, which par never exceeds), and with fc-solve's preset for the game and its solution
optimiser (``fc-solve -g KEY -opt``, for scale: fc-solve has no fewest-moves search). Prints a
line per deal (player moves and seconds of each), the means over the deals all three solved,
and whether every ``--fewest`` solution wins by the game's rules with autoplay ``all`` and
takes the player moves it claims.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from freecell_tui.core.autoplay import AutoplayMode, run_autoplay
from freecell_tui.core.deals import deal, deal_text
from freecell_tui.core.notation import parse_moves
from freecell_tui.core.position import format_position
from freecell_tui.core.rules import apply_move
from freecell_tui.core.variant import FREECELL, Variant, parse_variant

ROOT = Path(__file__).resolve().parent.parent
CHATTER = ("-=-=", "This game", "I could not", "Total number", "This scan")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def published(path: Path) -> dict[int, tuple[int, str]]:
    """Deal → (length, kind) from a clone's ``solutions`` folder or from a table."""
    table: dict[int, tuple[int, str]] = {}
    if path.is_dir():
        for block in path.glob("block.*"):
            for line in block.read_text().splitlines():
                number, _, moves = line.partition(":")
                moves = moves.strip()
                kind = "X" if not moves else "S" if "h" in moves else "A"
                table[int(number)] = (len(moves) // 2, kind)
        return table
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            number, length, kind = line.split("\t")
            table[int(number)] = (int(length), kind.strip())
    return table


def spread(table: dict[int, tuple[int, str]], count: int) -> list[int]:
    """``count`` deals spread evenly over 1-1,000,000, each moved on to the next deal solved with
    every card sent home at once."""
    deals: list[int] = []
    for i in range(count):
        number = 1 + round(i * 999_999 / max(count - 1, 1))
        while table.get(number, (0, "X"))[1] != "A":
            number += 1
        deals.append(number)
    return deals


def run_ours(
    deals: list[int], options: list[str], variant: Variant = FREECELL
) -> tuple[list[dict[str, Any]], float, float]:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    started = time.perf_counter()
    game = [] if variant == FREECELL else ["--game", variant.key, "--cells", str(variant.cells)]
    command = [
        sys.executable, "-m", "freecell_tui", "solve", *game, *map(str, deals), *options, "--json"
    ]  # fmt: skip
    out = subprocess.run(command, capture_output=True, text=True, cwd=ROOT).stdout
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (
        [json.loads(line) for line in out.splitlines()],
        wall,
        usage.ru_utime + usage.ru_stime - cpu,
    )


def fc_solve_player_moves(number: int, variant: Variant = FREECELL) -> int | None:
    """The moves not to a foundation of fc-solve's solution: ``-l lg`` for classic FreeCell,
    the game's preset with its solution optimiser for another game."""
    options = ["-l", "lg"] if variant == FREECELL else [*variant.fcsolve_args, "-opt"]
    board = deal_text(number) if variant == FREECELL else format_position(deal(number, variant))
    out = subprocess.run(
        ["fc-solve", *options, "-m", "-snx", "-"],
        input=board,
        capture_output=True,
        text=True,
        timeout=300,
    ).stdout
    if "This game is solveable." not in out:
        return None
    words = [w for line in out.splitlines() if not line.startswith(CHATTER) for w in line.split()]
    return sum(1 for word in words if not word.endswith("h"))


def check(record: dict[str, Any], variant: Variant = FREECELL) -> bool:
    """The solution (the moves a player makes with autoplay ``all``) wins in such a game of
    ``variant``, and takes the player moves it claims."""
    moves = parse_moves(" ".join(record["moves"]), variant)
    state = deal(record["deal"], variant)
    for move in moves:
        state, _ = run_autoplay(apply_move(state, move), AutoplayMode.ALL)
    played = sum(1 for move in moves if not move.dest.is_foundation)
    return state.is_won and played == record["player_moves"]


def compare(name: str, ours: dict[int, int], reference: dict[int, int]) -> None:
    both = sorted(set(ours) & set(reference))
    mine = statistics.mean(ours[n] for n in both)
    theirs = statistics.mean(reference[n] for n in both)
    as_short = sum(1 for n in both if ours[n] <= reference[n])
    print(
        f"{name:>9}: mean {mine:.2f} player moves against {theirs:.2f} published "
        f"({mine / theirs:.3f}x, +{100 * (mine / theirs - 1):.1f}%) over {len(both)} deals; "
        f"as short or shorter on {as_short}, longest excess "
        f"{max(ours[n] - reference[n] for n in both):+d}"
    )


def run_game(variant: Variant, count: int, budget: float, jobs: int) -> None:
    """Deals 1 to ``count`` of ``variant``: the variant solver's first solution, par and
    fc-solve's optimised solution, a line each, then the means."""
    deals = list(range(1, count + 1))
    print(
        f"{variant.name}: deals 1-{count}, budget {budget:g} s a deal, jobs {jobs}, "
        f"cores {os.cpu_count()}; load average before: {load()}"
    )
    fast, fast_wall, _ = run_ours(deals, ["--autoplay", "all", "--jobs", str(jobs)], variant)
    options = ["--fewest", "--budget", str(budget), "--autoplay", "all", "--jobs", str(jobs)]
    records, wall, cpu = run_ours(deals, options, variant)
    first = {r["deal"]: r for r in fast}
    pars = {r["deal"]: r for r in records}
    theirs = (
        {n: fc_solve_player_moves(n, variant) for n in deals} if shutil.which("fc-solve") else {}
    )
    print(f"{'deal':>5} {'first':>6} {'s':>6} {'par':>5} {'s':>6} {'fc-solve -opt':>14}")
    for n in deals:
        one, par = first.get(n, {}), pars.get(n, {})
        if par.get("status") != "solved":
            print(f"{n:>5} {one.get('status', '?'):>6} {one.get('seconds', 0):>6.2f} "
                  f"{par.get('status', '?')}")  # fmt: skip
            continue
        print(
            f"{n:>5} {one['player_moves']:>6} {one['seconds']:>6.2f} {par['player_moves']:>5} "
            f"{par['seconds']:>6.2f} {theirs.get(n) or '-':>14}"
        )
    solved = [n for n in deals if pars.get(n, {}).get("status") == "solved"]
    both = [n for n in solved if theirs.get(n) is not None]
    if solved:
        mean_first = statistics.mean(first[n]["player_moves"] for n in solved)
        mean_par = statistics.mean(pars[n]["player_moves"] for n in solved)
        shorter = sum(1 for n in solved if pars[n]["player_moves"] < first[n]["player_moves"])
        never_longer = all(pars[n]["player_moves"] <= first[n]["player_moves"] for n in solved)
        print(
            f"solved {len(solved)}/{count}: mean player moves first {mean_first:.2f}, par "
            f"{mean_par:.2f} ({mean_par / mean_first:.3f}x); par shorter on {shorter}; "
            f"never longer: {never_longer}"
        )
        if both:
            mine = statistics.mean(pars[n]["player_moves"] for n in both)
            other = statistics.mean(theirs[n] or 0 for n in both)
            print(
                f"over the {len(both)} fc-solve solved: par {mine:.2f}, fc-solve -opt {other:.2f}"
            )
    print(
        f"first solutions {fast_wall:.1f} s wall; --fewest {wall:.1f} s wall, {cpu:.1f} s CPU "
        f"({cpu / count:.1f} s CPU a deal)"
    )
    bad = [r["deal"] for r in records if r["status"] == "solved" and not check(r, variant)]
    print(
        f"every --fewest solution replays to a win of {variant.name} and takes its player moves "
        f"with autoplay all: {not bad} {bad[:10]}"
    )
    print(f"load average after: {load()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--published", type=Path, metavar="PATH")
    parser.add_argument("--game", metavar="NAME", help="another game than classic FreeCell")
    parser.add_argument("--cells", type=int, metavar="N", help="with --game: its free cells")
    parser.add_argument("--deals", type=int, help="how many deals (default 100; 20 with --game)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds a deal (default 10)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    variant = parse_variant(args.game, args.cells)
    if variant != FREECELL:
        run_game(variant, args.deals or 20, args.budget, args.jobs)
        return 0
    if args.published is None:
        parser.error("classic FreeCell is measured against --published PATH")
    args.deals = args.deals or 100
    table = published(args.published)
    deals = spread(table, args.deals)
    reference = {n: table[n][0] for n in deals}
    print(
        f"{len(deals)} deals from {deals[0]} to {deals[-1]}, budget {args.budget:g} s a deal, "
        f"jobs {args.jobs}, cores {os.cpu_count()}; load average before: {load()}"
    )

    options = ["--fewest", "--budget", str(args.budget), "--autoplay", "all", "--jobs"]
    records, wall, cpu = run_ours(deals, [*options, str(args.jobs)])
    solved = [r for r in records if r["status"] == "solved"]
    print(
        f"--fewest: {len(solved)}/{len(deals)} solved in {wall:.1f} s wall, {cpu:.1f} s CPU "
        f"({cpu / len(deals):.1f} s CPU a deal)"
    )
    compare("--fewest", {r["deal"]: r["player_moves"] for r in solved}, reference)
    fast, _, _ = run_ours(deals, ["--autoplay", "all", "--jobs", str(args.jobs)])
    compare(
        "fast", {r["deal"]: r["player_moves"] for r in fast if r["status"] == "solved"}, reference
    )
    if shutil.which("fc-solve"):
        fc = {n: m for n in deals if (m := fc_solve_player_moves(n)) is not None}
        compare("fc-solve", fc, reference)
    bad = [r["deal"] for r in solved if not check(r)]
    print(
        f"every --fewest solution replays to a win and takes its player moves with autoplay all: "
        f"{not bad} {bad[:10]}"
    )
    print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
