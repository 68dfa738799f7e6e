"""``freecell-tui solve``: solve Microsoft deals or a position with the built-in solver.

Exit codes: 0 when every deal was solved; 2 when at least one was proved unsolvable; 3 when at
least one ran out of time and none was proved unsolvable; 64 for bad arguments or an unreadable
board file (64 is ``EX_USAGE`` of ``sysexits.h``: 2 already means "unsolvable" here).

Deals are solved as they are read: a range is never built as a list (``--range 1 8589934591``
starts at once and runs in constant memory), and with ``--jobs`` a bounded number of deals is in
flight at any time. Each worker formats its own output, so the parent only writes it, in order.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import stat
import sys
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Final, NoReturn

from freecell_tui.cli import COMMAND_HELP, fail
from freecell_tui.cli.progress import progress_bar
from freecell_tui.core.autoplay import AutoplayMode
from freecell_tui.core.deals import MAX_DEAL, deal, parse_deal_number
from freecell_tui.core.errors import FreeCellError, NotationError
from freecell_tui.core.position import parse_position
from freecell_tui.core.solver import SolveResult, solve
from freecell_tui.core.solver.turns import turns
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import os_reason
from freecell_tui.session.par import PAR_SECONDS, shortest_line
from freecell_tui.workers import end_with_parent, worker_context

PROG = "freecell-tui solve"
EXIT_SOLVED = 0
EXIT_UNSOLVABLE = 2
EXIT_GAVE_UP = 3
EXIT_USAGE = 64
DEFAULT_TIMEOUT = 30.0
#: The longest --budget: an hour a deal. Par searches stop improving long before (solver.md),
#: and a bound keeps a mistyped budget (1e308) from a search that never ends.
MAX_BUDGET: Final = 3600.0
#: Bounds the memory of one search (about 300 bytes a stored position: under 450 MB).
MAX_POSITIONS = 1_500_000
MAX_JOBS: Final = 256
#: A position file is a few hundred bytes; anything much larger is not one.
MAX_BOARD_BYTES: Final = 1_000_000
MOVES_PER_LINE = 10
#: Deals sent to a worker at once, and how many such batches each worker may have waiting.
BATCH: Final = 16
AHEAD: Final = 4


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve",
        help=COMMAND_HELP["solve"],
        description=(
            "Solve Microsoft deals (or the position in FILE) and print each solution in standard "
            "notation as a player plays it with --autoplay MODE: the moves home that autoplay "
            "makes are left out, so 'freecell-tui replay --deal N --autoplay MODE' (the same "
            "default, safe), line mode and the game in MODE play it to a win; with --autoplay off "
            "every move home is written out, as fc-solve does. --fewest prints the deal's par "
            "first (the fewest moves its search finds, counted as the game's Moves counter counts "
            "them in that autoplay mode), as the game does, within --budget seconds a deal. "
            "Exit 0 when all were solved, 2 when "
            "one was proved unsolvable, 3 when one ran out of time (and none was unsolvable), 64 "
            "for bad arguments. --game solves another game's deals (or position): its rules, its "
            "deal numbers."
        ),
    )
    parser.error = _usage_error
    from freecell_tui.cli import add_variant_options

    add_variant_options(parser)
    parser.add_argument("deals", nargs="*", metavar="N", help="deal numbers, 1 to 8,589,934,591")
    parser.add_argument(
        "--board", metavar="FILE", help="solve the position in FILE (fc-solve layout)"
    )
    parser.add_argument(
        "--range",
        nargs=2,
        action="append",
        metavar=("A", "B"),
        help="solve deals A to B, both included (may be given more than once)",
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
        metavar="SECONDS",
        help=f"give up on a deal after this long (default {DEFAULT_TIMEOUT:g}; not with --fewest)",
    )
    parser.add_argument(
        "--fewest",
        action="store_true",
        help="the deal's par: the game's own search for the line of fewest moves, counted as the "
        "game counts them (its Moves counter) in --autoplay MODE",
    )
    parser.add_argument(
        "--budget",
        type=float,
        metavar="SECONDS",
        help=f"with --fewest: the most time for each deal (default {PAR_SECONDS:g}, as the game's; "
        f"at most {MAX_BUDGET:,.0f}); a search it cuts short finds no par",
    )
    parser.add_argument(
        "--autoplay",
        metavar="MODE",
        default="safe",
        help="off, safe (default) or all: which cards go home by themselves in the game solved "
        "(the moves printed are the ones a player makes in that game)",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help='one JSON object a line: {"deal", "status", "moves", "seconds", "positions", '
        '"player_moves"}, with --fewest also "par" (null: the search was cut short) and '
        '"complete"',
    )
    parser.set_defaults(handler=run, usage_error=_usage_error)


def _usage_error(message: str) -> NoReturn:
    print(f"{PROG}: error: {message} (see {PROG} --help)", file=sys.stderr)
    raise SystemExit(EXIT_USAGE)


@dataclass(frozen=True, slots=True)
class Options:
    """How each deal is solved and printed (sent to the worker processes)."""

    timeout: float = DEFAULT_TIMEOUT
    fewest: bool = False
    budget: float = PAR_SECONDS
    autoplay: AutoplayMode = AutoplayMode.SAFE
    json: bool = False
    variant: Variant = FREECELL


@dataclass(frozen=True, slots=True)
class DealAnswer:
    """A deal's or board's answer: the solver's ``result``, its moves as a player plays them,
    and for ``--fewest`` whether the search finished its work (``None`` without ``--fewest``):
    only then is the line's length par."""

    result: SolveResult
    complete: bool | None = None

    @property
    def par(self) -> int | None:
        """Par, counted as the game counts moves (``None``: no ``--fewest``, no line, or a
        search cut short)."""
        return len(self.result.moves) if self.complete and self.result.solved else None


def solve_position(state: GameState, options: Options) -> DealAnswer:
    """The solution of ``state`` as a player plays it with ``options.autoplay``: the moves home
    that autoplay makes are left out (all of them are moves with autoplay off). With
    ``--fewest``, the game's own par search (:func:`~freecell_tui.session.par.shortest_line`)."""
    if options.fewest:
        found = shortest_line(state, options.autoplay, budget=options.budget)
        return DealAnswer(replace(found.result, moves=found.moves), found.complete)
    result = solve(
        state, timeout=options.timeout, max_positions=MAX_POSITIONS, autoplay=options.autoplay
    )
    if not result.solved:
        return DealAnswer(result)
    return DealAnswer(replace(result, moves=turns(state, result.moves, options.autoplay)))


def report(
    deal_number: int | None, board: str | None, answer: DealAnswer, json_: bool, budget: float = 0.0
) -> str:
    """The output for one deal or board: a JSON line, or a header line and the moves. With
    ``--fewest`` the header says par first (``deal 1: par 41``), counted as the game counts
    moves, or that the search was cut short at its ``budget`` (no par)."""
    result = answer.result
    solved = result.status == "solved"
    words = [str(move) for move in result.moves]
    if json_:
        record: dict[str, object] = {
            "deal": deal_number,
            "status": result.status,
            "moves": words,
            "seconds": round(result.seconds, 4),
            "positions": result.positions,
            "player_moves": result.player_moves if solved else None,
        }
        if answer.complete is not None:
            record["par"] = answer.par
            record["complete"] = answer.complete
        if board is not None:
            record["board"] = board
        return json.dumps(record) + "\n"
    label = f"deal {deal_number}" if board is None else f"board {board}"
    if solved:
        if answer.par is not None:
            header = f"{label}: par {answer.par} ({result.seconds:.2f} s)"
        elif answer.complete is False:
            header = (
                f"{label}: {len(words)} moves, not par: the search was cut short at {budget:g} s "
                "(a longer --budget lets it finish)"
            )
        else:
            header = f"{label}: solved in {len(words)} moves ({result.seconds:.2f} s)"
        lines = [header]
        lines += [
            " ".join(words[i : i + MOVES_PER_LINE]) for i in range(0, len(words), MOVES_PER_LINE)
        ]
        return "".join(line + "\n" for line in lines)
    if result.status == "unsolvable":
        return (
            f"{label}: unsolvable: no line of play wins "
            f"({result.positions:,} positions searched, {result.seconds:.2f} s)\n"
        )
    return f"{label}: gave up after {result.seconds:.2f} s without a solution or a proof\n"


def _solve_batch(job: tuple[tuple[int, ...], Options]) -> list[tuple[str, str]]:
    """Worker: solve a batch of deals; (status, output) for each, in order."""
    numbers, options = job
    out: list[tuple[str, str]] = []
    for number in numbers:
        answer = solve_position(deal(number, options.variant), options)
        out.append(
            (answer.result.status, report(number, None, answer, options.json, options.budget))
        )
    return out


def _results(
    numbers: Iterable[int], count: int, options: Options, jobs: int
) -> Iterator[tuple[str, str]]:
    """(status, output) for each deal, in deal order, ``jobs`` worker processes at a time; at most
    ``jobs × AHEAD`` batches are in flight, so any number of deals runs in constant memory."""
    size = 1 if options.fewest or count < 4 * jobs * BATCH else BATCH
    batches = iter(lambda: tuple(itertools.islice(numbers, size)), ())
    if jobs <= 1 or count <= 1:
        for batch in batches:
            yield from _solve_batch((batch, options))
        return
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, count),
        mp_context=worker_context(__name__),
        initializer=end_with_parent,
    )
    try:
        pending: deque[Future[list[tuple[str, str]]]] = deque()
        for batch in batches:
            pending.append(pool.submit(_solve_batch, (batch, options)))
            if len(pending) >= jobs * AHEAD:
                yield from pending.popleft().result()
        while pending:
            yield from pending.popleft().result()
    finally:
        # The reader went away or Ctrl-C: batches not started are dropped, not solved.
        pool.shutdown(wait=True, cancel_futures=True)


def _exit_code(statuses: Iterable[str]) -> int:
    seen = set(statuses)
    if "unsolvable" in seen:
        return EXIT_UNSOLVABLE
    if "gave-up" in seen:
        return EXIT_GAVE_UP
    return EXIT_SOLVED


def _deal_number(text: str) -> int:
    """A deal number from the command line; an absurdly long text is not echoed in full."""
    if len(text) > 40:
        raise NotationError(
            f"{text[:20]!r}… ({len(text):,} characters) is not a deal number: "
            f"use a whole number from 1 to {MAX_DEAL:,}"
        )
    return parse_deal_number(text)


def _seconds(value: float | None, option: str, most: float = math.inf) -> str | None:
    """Why ``value`` is not a usable number of seconds (None when it is, or is not given)."""
    if value is not None and not 0 < value < math.inf:
        return f"{option} {value:g}: give a number of seconds above 0"
    if value is not None and value > most:
        return f"{option} {value:g}: give at most {most:,.0f} seconds"
    return None


def _options(args: argparse.Namespace) -> Options:
    """The options, checked; raises FreeCellError with the message for a bad one."""
    for problem in (
        _seconds(args.timeout, "--timeout"),
        _seconds(args.budget, "--budget", MAX_BUDGET),
    ):
        if problem:
            raise FreeCellError(problem)
    if args.fewest and args.timeout is not None:
        raise FreeCellError("--fewest runs for --budget seconds a deal: give it no --timeout")
    if args.budget is not None and not args.fewest:
        raise FreeCellError("--budget is the time of a --fewest search: give --fewest too")
    return Options(
        timeout=DEFAULT_TIMEOUT if args.timeout is None else args.timeout,
        fewest=args.fewest,
        budget=PAR_SECONDS if args.budget is None else args.budget,
        autoplay=AutoplayMode.parse(args.autoplay),
        json=args.json,
        variant=getattr(args, "variant", None) or FREECELL,
    )


def read_board(path: str) -> str:
    """The text of a position file: a regular file of at most :data:`MAX_BOARD_BYTES`, UTF-8 (a
    byte-order mark is fine). Raises FreeCellError saying why not; never blocks on a FIFO."""
    shown = path if path.isprintable() else repr(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as error:
        raise FreeCellError(f"cannot read {shown}: {os_reason(error)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FreeCellError(f"cannot read {shown}: it is a directory")
        if not stat.S_ISREG(mode):
            raise FreeCellError(f"cannot read {shown}: it is not a regular file")
        data = b""
        while len(data) <= MAX_BOARD_BYTES:
            chunk = os.read(fd, MAX_BOARD_BYTES + 1 - len(data))
            if not chunk:
                break
            data += chunk
    except OSError as error:
        raise FreeCellError(f"cannot read {shown}: {os_reason(error)}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_BOARD_BYTES:
        raise FreeCellError(
            f"cannot read {shown}: it is over {MAX_BOARD_BYTES:,} bytes, too large for a position"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FreeCellError(f"cannot read {shown}: {os_reason(error)}") from None


def run(args: argparse.Namespace) -> int:
    try:
        options = _options(args)
        if args.jobs is not None and not 1 <= args.jobs <= MAX_JOBS:
            raise FreeCellError(f"--jobs {args.jobs}: give 1 to {MAX_JOBS}")
        numbers: Iterable[int] = [_deal_number(text) for text in args.deals]
        count = len(args.deals)
        for given in args.range or ():  # every range, in the order given, after the numbers
            first, last = (_deal_number(text) for text in given)
            if first > last:
                raise FreeCellError(f"--range {first} {last}: the first deal comes after the last")
            numbers = itertools.chain(numbers, range(first, last + 1))
            count += last - first + 1
        if args.board is None and not count:
            raise FreeCellError("name deals (N ...), a --range A B, or a --board FILE")
        if args.board is not None and count:
            raise FreeCellError(
                "--board solves one position: give it without deal numbers or --range"
            )
        if args.board is not None:
            text = read_board(args.board)
            try:
                state = parse_position(text, options.variant)
            except FreeCellError as error:
                shown = args.board if args.board.isprintable() else repr(args.board)
                raise FreeCellError(f"{shown}: {error}") from None
    except FreeCellError as error:
        return fail(PROG, str(error), EXIT_USAGE)

    if args.board is not None:
        answer = solve_position(state, options)
        sys.stdout.write(report(None, args.board, answer, options.json, options.budget))
        return _exit_code([answer.result.status])

    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    statuses: set[str] = set()
    with progress_bar(count, "Solving", "deals") as advance:
        for status, output in _results(iter(numbers), count, options, jobs):
            statuses.add(status)
            sys.stdout.write(output)
            sys.stdout.flush()
            advance(1)
    return _exit_code(statuses)
