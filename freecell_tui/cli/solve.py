"""``freecell-tui solve``: solve Microsoft deals or a position with the built-in solver.

Exit codes: 0 when every deal was solved; 2 when at least one was proved unsolvable; 3 when at
least one ran out of time and none was proved unsolvable; 64 for bad arguments or an unreadable
board file (64 is ``EX_USAGE`` of ``sysexits.h``: 2 already means "unsolvable" here).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn

from freecell_tui.cli import fail
from freecell_tui.core.deals import deal, parse_deal_number
from freecell_tui.core.errors import FreeCellError
from freecell_tui.core.position import parse_position
from freecell_tui.core.solver import SolveResult, solve
from freecell_tui.core.state import GameState
from freecell_tui.core.words import os_reason

PROG = "freecell-tui solve"
EXIT_SOLVED = 0
EXIT_UNSOLVABLE = 2
EXIT_GAVE_UP = 3
EXIT_USAGE = 64
DEFAULT_TIMEOUT = 30.0
#: Bounds the memory of one search (about 190 bytes a position with its queue: under 300 MB).
MAX_POSITIONS = 1_500_000
MOVES_PER_LINE = 10


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve deals or a position with the built-in solver",
        description=(
            "Solve Microsoft deals (or the position in FILE) and print each solution in standard "
            "notation, every move home written out, so that 'freecell-tui replay --deal N' (autoplay "
            "off) plays it to a win. Exit 0 when all were solved, 2 when one was proved unsolvable, "
            "3 when one ran out of time (and none was unsolvable), 64 for bad arguments."
        ),
    )
    parser.error = _usage_error
    parser.add_argument("deals", nargs="*", metavar="N", help="deal numbers, 1 to 8,589,934,591")
    parser.add_argument(
        "--board", metavar="FILE", help="solve the position in FILE (fc-solve layout)"
    )
    parser.add_argument(
        "--range", nargs=2, metavar=("A", "B"), help="solve deals A to B, both included"
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="J",
        help=f"solve J deals at once in separate processes (default: all {os.cpu_count() or 1} cores)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"give up on a deal after this long (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='one JSON object a line: {"deal", "status", "moves", "seconds"}',
    )
    parser.set_defaults(handler=run, usage_error=_usage_error)


def _usage_error(message: str) -> NoReturn:
    print(f"{PROG}: error: {message} (see {PROG} --help)", file=sys.stderr)
    raise SystemExit(EXIT_USAGE)


def _solve_deal(job: tuple[int, float]) -> tuple[int, SolveResult]:
    """Worker: solve one deal (top level so that worker processes can run it)."""
    number, timeout = job
    return number, solve(deal(number), timeout=timeout, max_positions=MAX_POSITIONS)


def _deal_numbers(args: argparse.Namespace) -> list[int]:
    numbers = [parse_deal_number(text) for text in args.deals]
    if args.range is not None:
        first, last = (parse_deal_number(text) for text in args.range)
        if first > last:
            raise FreeCellError(f"--range {first} {last}: the first deal comes after the last")
        numbers.extend(range(first, last + 1))
    return numbers


def _results(numbers: list[int], timeout: float, jobs: int) -> Iterator[tuple[int, SolveResult]]:
    """Results in deal order, solved ``jobs`` at a time."""
    work = [(number, timeout) for number in numbers]
    if jobs <= 1 or len(work) <= 1:
        yield from map(_solve_deal, work)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(work))) as pool:
        yield from pool.map(_solve_deal, work, chunksize=1 if len(work) < 64 else 4)


def _print_text(label: str, result: SolveResult) -> None:
    if result.status == "solved":
        print(f"{label}: solved in {len(result.moves)} moves ({result.seconds:.2f} s)")
        words = [str(move) for move in result.moves]
        for i in range(0, len(words), MOVES_PER_LINE):
            print(" ".join(words[i : i + MOVES_PER_LINE]))
    elif result.status == "unsolvable":
        print(
            f"{label}: unsolvable: no line of play wins "
            f"({result.positions:,} positions searched, {result.seconds:.2f} s)"
        )
    else:
        print(f"{label}: gave up after {result.seconds:.2f} s without a solution or a proof")


def _print_json(deal_number: int | None, board: str | None, result: SolveResult) -> None:
    record: dict[str, object] = {
        "deal": deal_number,
        "status": result.status,
        "moves": [str(move) for move in result.moves],
        "seconds": round(result.seconds, 4),
        "positions": result.positions,
    }
    if board is not None:
        record["board"] = board
    print(json.dumps(record), flush=True)


def _exit_code(statuses: Iterable[str]) -> int:
    seen = set(statuses)
    if "unsolvable" in seen:
        return EXIT_UNSOLVABLE
    if "gave-up" in seen:
        return EXIT_GAVE_UP
    return EXIT_SOLVED


def run(args: argparse.Namespace) -> int:
    if not 0 < args.timeout < math.inf:
        return _fail(f"--timeout {args.timeout:g}: give a number of seconds above 0")
    if args.jobs is not None and args.jobs < 1:
        return _fail(f"--jobs {args.jobs}: give at least 1")
    try:
        numbers = _deal_numbers(args)
    except FreeCellError as error:
        return _fail(str(error))
    if args.board is None and not numbers:
        return _fail("name deals (N ...), a --range A B, or a --board FILE")
    if args.board is not None and numbers:
        return _fail("--board solves one position: give it without deal numbers or --range")

    statuses: list[str] = []
    if args.board is not None:
        try:
            state: GameState = parse_position(Path(args.board).read_text(encoding="utf-8"))
        except FreeCellError as error:
            return _fail(f"{args.board}: {error}")
        except (OSError, UnicodeDecodeError) as error:
            return _fail(f"cannot read {args.board}: {os_reason(error)}")
        result = solve(state, timeout=args.timeout, max_positions=MAX_POSITIONS)
        if args.json:
            _print_json(None, args.board, result)
        else:
            _print_text(f"board {args.board}", result)
        return _exit_code([result.status])

    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    for number, result in _results(numbers, args.timeout, jobs):
        statuses.append(result.status)
        if args.json:
            _print_json(number, None, result)
        else:
            _print_text(f"deal {number}", result)
            sys.stdout.flush()
    return _exit_code(statuses)


def _fail(message: str) -> int:
    return fail(PROG, message, EXIT_USAGE)
