"""The fewest free cells each Microsoft deal needs, and the 4-cell search's effort: the facts
behind ``freecell_tui/core/data/deal_facts.bin`` (docs/rules.md, "Difficulty").

    python benchmarks/fewest_cells.py run --jsonl cells.jsonl                  # 1-32,000
    python benchmarks/fewest_cells.py run --jsonl cells.jsonl \\
        --known benchmarks/results/variants-2026-11-26-fc2-32000-10s.jsonl.gz  # 2-cell verdicts
    python benchmarks/fewest_cells.py run --jsonl cells.jsonl --timeout 90 --memory 6   # give-ups
    python benchmarks/fewest_cells.py run --jsonl cells.jsonl --cells 0,1 --no-effort   # 0, 1 only
    python benchmarks/fewest_cells.py summary cells.jsonl
    python benchmarks/fewest_cells.py table cells.jsonl   # writes the package's table
    python benchmarks/fewest_cells.py check 0 --winnable benchmarks/results/fc-solve-0fc.txt \
        cells.jsonl                        # per deal, against fc-solve's complete searches
    python benchmarks/fewest_cells.py check 1 --won \
        benchmarks/results/fc-solve-lg-one-cell-2026-11-29.txt cells.jsonl   # and its wins
    python benchmarks/fewest_cells.py undecided cells.jsonl   # the deals each count leaves open
    python benchmarks/fewest_cells.py prove --jsonl proofs.jsonl --cells 0,1 \
        --known cells.jsonl --timeout 1800 --memory 4     # the give-ups, by the proof search

A deal's fewest cells is found by trying 0 cells, then 1, and so on: a deal proved unwinnable
with N cells needs more than N, a deal solved with N needs N at most (a cell more never loses a
win). Each round tries, for every deal not yet decided, the smallest count not yet known; the
rounds go on until no deal has a count left to try. ``run`` also solves every deal once with
four cells (the classic game), for the effort its search spends (positions stored, a
deterministic count) and the length of its solution.

``--jsonl FILE`` gets one line per search (deal, cells, verdict, seconds, positions, moves, the
timeout), appended as each ends; a search already there is not run again, except a give-up
whose timeout was shorter than this run's: so a run stopped anywhere resumes, and a second run
with a longer ``--timeout`` (and ``--memory``) decides the give-ups. ``--known FILE`` reads
verdicts of earlier runs (this script's lines, or ``variants_bench.py``'s for FreeCell with N
cells) as if they were the file's. ``--jobs`` worker processes (2 by default); run it niced.

``prove`` takes the searches given up on in the ``--known`` files (with ``--cells`` cells) to the
exhaustive proof search (:mod:`freecell_tui.core.solver.proof`): a proof is written as the
search's ``unsolvable``; a won position it reaches sends the deal to :func:`solve` again (the
same time), whose line is written as ``solved``, or as ``winnable`` (won, with no line) when it
finds none; the lines carry ``"proof": true`` and the ``memory`` given (GiB). Run under PyPy
(``benchmarks/pypy.py``) with one worker a deal and most of the machine's memory: a proof holds
about 60 bytes a position on a long proof (:data:`PROOF_BYTES` bounds it at 75). With
``--spill FOLDER`` the layers' keys are kept in files of ``FOLDER/<deal>-<cells>``
and only 12 bytes of each in memory (:mod:`disk_layers`): some 14 bytes a position reached,
about 7 on disk; a proof stopped (out of time or memory, or killed) resumes from its last
checkpoint when run again on the same folder, with the same ``--jsonl`` or another.
With ``--compiled`` the proofs run in the compiled search (``prove.c``, :mod:`compiled_proof`:
the same positions, some ten times quicker than PyPy; a C compiler and ``liblz4-dev``), with a
table of ``--memory`` GiB (8 bytes a position held, more than the peak: searched layers' slots
are reused) and the layers' files in ``FOLDER/<deal>-<cells>`` of ``--spill``, with a checkpoint
(the layers in order: ``lowest`` or ``frontier``), resumed as above; without ``--spill``, or with
``--order highest``, in a temporary folder, and a run stopped starts again.
``--order frontier`` holds three depths of a layer, not the whole layer, and ``--order highest``
searches the highest layer first instead (:func:`compiled_proof.prove_compiled`): a won deal is
won sooner, but no layer is forgotten; ``--narrow`` takes 6 bytes a slot
instead of 8, for a search of a win only (a search it ends is written as given up); ``--grow``
lets a full table grow into the memory the system has free.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import multiprocessing
import shutil
import sys
import tempfile
import time
import zlib
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final, get_args

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import portfolio, solve
from freecell_tui.core.solver.proof import PROOF_BYTES, prove
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import parse_variant

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compiled_proof import CHECKPOINT as COMPILED_CHECKPOINT  # noqa: E402
from compiled_proof import Order, prove_compiled  # noqa: E402
from disk_layers import CHECKPOINT, DiskProof, Full  # noqa: E402

#: The min-freecells project's published fewest cells over Microsoft deals 1-32,000.
PUBLISHED: Final = {0: 69, 1: 6_220, 2: 19_092, 3: 6_420, 4: 198, 5: 1}
#: The classic game's cells: the count whose search's effort is a difficulty fact.
EFFORT_CELLS: Final = 4
MAX_CELLS: Final = 8
TABLE: Final = Path(__file__).parent.parent / "freecell_tui/core/data/deal_facts.bin"

Key = tuple[int, int]  # (deal, cells)
#: The verdicts of a won search: ``solved`` (a line found) or ``winnable`` (a won position the
#: proof search reached, when ``solve`` then found no line in its time).
WON: Final = ("solved", "winnable")


def read(paths: Iterable[Path]) -> dict[Key, dict[str, Any]]:
    """The searches recorded in ``paths`` (``.jsonl`` or ``.jsonl.gz``), by (deal, cells); a
    search recorded twice counts as the last line, except that a give-up never hides a
    verdict. A torn last line (a run killed mid-write) is skipped."""
    found: dict[Key, dict[str, Any]] = {}
    for path in paths:
        if not path.exists():
            continue
        data = path.read_bytes()
        if path.suffix == ".gz":
            data = gzip.decompress(data)
        for text in data.decode().splitlines():
            try:
                raw = json.loads(text)
            except json.JSONDecodeError:
                continue
            record = _normal(raw)
            if record is None:
                continue
            key = (record["deal"], record["cells"])
            old = found.get(key)
            if old is not None and old["status"] != "gave-up" and record["status"] == "gave-up":
                continue
            found[key] = record
    return found


def _normal(raw: dict[str, Any]) -> dict[str, Any] | None:
    """A line of this script's, or of ``variants_bench.py``'s for FreeCell with N cells."""
    if "status" in raw:
        return raw
    if raw.get("key") != "freecell" or raw.get("cells") is None:
        return None
    return {
        "deal": raw["deal"],
        "cells": raw["cells"],
        "status": raw["ours"],
        "s": raw["our_s"],
        "positions": raw["positions"],
        "moves": raw["moves"],
        "timeout": raw["timeout"],
    }


def bounds(known: dict[Key, dict[str, Any]], number: int) -> tuple[int, int | None]:
    """(the fewest cells deal ``number`` may need, the fewest it is known to be won with or
    None): the first is one more than the most cells it was proved unwinnable with."""
    low, high = 0, None
    for cells in range(MAX_CELLS + 1):
        record = known.get((number, cells))
        if record is None:
            continue
        if record["status"] == "unsolvable":
            low = max(low, cells + 1)
        elif record["status"] in WON and high is None:
            high = cells
    return low, high


def fewest(known: dict[Key, dict[str, Any]], number: int) -> int | None:
    """The fewest cells deal ``number`` needs, when the searches decided it."""
    low, high = bounds(known, number)
    return low if high == low else None


def next_search(known: dict[Key, dict[str, Any]], number: int, timeout: float) -> Key | None:
    """The search that narrows deal ``number``'s fewest cells: the smallest count between the
    bounds not searched yet, or given up on at a shorter timeout than this run's (past a count
    given up on, the next: a win there bounds the deal from above)."""
    low, high = bounds(known, number)
    for cells in range(low, MAX_CELLS + 1 if high is None else high):
        if _wants((number, cells), known, timeout):
            return number, cells
    return None


def _init(memory: float | None) -> None:
    if memory:  # a bound for a run by hand, past what a player's search may take
        portfolio.GENERAL_MAX_POSITIONS = int(memory * 2_000_000)  # type: ignore[misc]


def search(task: tuple[int, int, float]) -> dict[str, Any]:
    number, cells, timeout = task
    started = time.monotonic()
    result = solve(deal(number, parse_variant("freecell", cells)), timeout=timeout)
    return {
        "deal": number,
        "cells": cells,
        "status": result.status,
        "s": round(time.monotonic() - started, 3),
        "positions": result.positions,
        "moves": len(result.moves),
        "player_moves": result.player_moves,
        "timeout": timeout,
    }


def proof(task: tuple[int, int, float, float, str | None]) -> dict[str, Any]:
    """The proof search on deal ``number`` with ``cells`` cells: ``timeout`` seconds of CPU (a
    loaded machine's share does not decide) and at most ``memory`` GiB of positions held (the
    search's own figure of bytes a position), or with its layers in files of a folder of
    ``spill`` when one is given (:mod:`disk_layers`: ``memory`` GiB for the table of positions
    met; a proof stopped there before goes on, and the line's figures are its runs' sums)."""
    number, cells, timeout, memory, spill = task
    started = time.monotonic()
    cpu = time.process_time()
    state = deal(number, parse_variant("freecell", cells))
    stop = lambda: time.process_time() > cpu + timeout  # noqa: E731
    disk = None if spill is None else DiskProof(_folder(spill, number, cells), memory)
    try:
        if disk is None:
            result = prove(state, should_stop=stop, max_positions=int(memory * 2**30 / PROOF_BYTES))
        else:  # a checkpoint's layers go back into the table first: Full there too
            result = prove(state, should_stop=stop, layer=disk.layer, layers=disk.resume())
        status = result.status
    except Full:
        status = "gave-up"
    record = {
        "deal": number,
        "cells": cells,
        "status": "unsolvable" if status == "unwinnable" else "gave-up",
        "moves": 0,
        "player_moves": 0,
        "timeout": timeout,
        "proof": True,
        "memory": memory,  # GiB: a give-up whose peak is memory × 2³⁰ / PROOF_BYTES ran out of it
    }
    if disk is None:
        record.update(positions=result.positions, peak=result.peak)
        record["bytes_per_position"] = round(result.bytes_per_position, 1)
    else:  # the figures of the earlier runs of a resumed proof added in
        before = disk.before
        record.update(
            positions=disk.reached if disk.ready else before["reached"],
            peak=max(disk.peak, disk.held()) if disk.ready else before["peak"],
            bytes_per_position=round(disk.seen.nbytes / max(disk.reached, 1), 1),
            spilled=True,
            timeout=timeout + before.get("cpu", 0.0),
        )
        if before:
            record["runs"] = disk.runs
            record["rebuilt_in"] = round(disk.rebuilt_in, 3)  # CPU s, of this run's
        if disk.compactions:  # this run's: the table emptied of searched layers' keys
            record["compactions"] = disk.compactions
            record["compacted_in"] = round(disk.compacted_in, 3)  # CPU s
    if sys.implementation.name != "cpython":  # PyPy (benchmarks/pypy.py): the same source
        record["build"] = sys.implementation.name
    if status == "winnable":
        _line_of_win(record, state, timeout)
    spent = {
        "s": round(time.monotonic() - started + (disk.before.get("s", 0.0) if disk else 0.0), 3),
        "cpu": round(time.process_time() - cpu + (disk.before.get("cpu", 0.0) if disk else 0.0), 3),
    }
    record.update(spent)
    if disk is not None:
        if record["status"] == "gave-up":
            disk.save(**spent)
        else:
            disk.remove()
    return record


def compiled_proof(
    task: tuple[int, int, float, float, str | None],
    order: Order = "lowest",
    narrow: bool = False,
    grow: bool = False,
) -> dict[str, Any]:
    """The compiled proof search (:mod:`compiled_proof`) on deal ``number`` with ``cells``
    cells: ``timeout`` CPU seconds, a table of ``memory`` GiB, the layers' files in a folder of
    ``spill`` (or of the system's temporary folder), the layers in ``order``, 6 bytes a slot if
    ``narrow``, a table that may grow if ``grow``; a won deal goes to
    :func:`solve` as in :func:`proof`."""
    number, cells, timeout, memory, spill = task
    state = deal(number, parse_variant("freecell", cells))
    search = functools.partial(
        prove_compiled, state, memory=memory, timeout=timeout, order=order, narrow=narrow, grow=grow
    )
    if spill is None or order == "highest":
        with tempfile.TemporaryDirectory(dir=spill) as temporary:
            answer = search(folder=Path(temporary))
    else:  # kept, with a checkpoint: a proof stopped there before goes on
        kept = _folder(spill, number, cells)
        answer = search(folder=kept, keep=True)
        if answer["status"] != "gave-up":
            shutil.rmtree(kept, ignore_errors=True)
    return compiled_record(state, number, timeout, memory, answer)


def compiled_record(
    state: GameState, number: int, timeout: float, memory: float, answer: dict[str, Any]
) -> dict[str, Any]:
    """The line of a compiled proof search's ``answer`` (its JSON line, which ``prove.c`` run by
    hand prints too) on deal ``number``'s ``state``, given ``timeout`` CPU seconds and
    ``memory`` GiB; a won deal goes to :func:`solve` as in :func:`proof`."""
    status = answer["status"]
    record = {
        "deal": number,
        "cells": state.variant.cells,
        "status": "unsolvable" if status == "unwinnable" else "gave-up",
        "s": answer["s"],
        "cpu": answer["cpu"],
        "positions": answer["positions"],
        "peak": answer["peak"],
        "moves": 0,
        "player_moves": 0,
        "timeout": timeout,
        "proof": True,
        "memory": memory,
        "refills": answer["refills"],
        "grows": answer["grows"],
        "order": answer["order"],
        "slot_bytes": answer["slot_bytes"],
        "build": "c",
    }
    if answer.get("runs", 1) > 1:  # resumed from a checkpoint
        record["runs"] = answer["runs"]
    if answer.get("spills"):  # the layers waiting left the table
        record["spills"] = answer["spills"]
    if answer["slot_bytes"] < 8 and status == "unwinnable":  # a position may have been skipped
        record["status"] = "gave-up"
    if status == "winnable":
        _line_of_win(record, state, timeout)
    return record


def _line_of_win(record: dict[str, Any], state: GameState, timeout: float) -> None:
    """A proof search reached a won position of ``state``: ``solve`` looks for a line in
    ``timeout`` seconds, written into ``record``; the win is certain even when it finds none
    (``winnable``, no moves)."""
    won = solve(state, timeout=timeout)
    record.update(
        status=won.status if won.solved else "winnable",
        moves=len(won.moves),
        player_moves=won.player_moves,
    )


def run_proofs(args: argparse.Namespace) -> None:
    """The proof search on every give-up of the ``--known`` files with ``--cells`` cells that
    ``--jsonl`` has no line for."""
    out = Path(args.jsonl)
    known = read(Path(p) for p in args.known)
    done = read([out])
    tasks = sorted(
        (
            (n, c, args.timeout, args.memory, args.spill)
            for (n, c), record in known.items()
            if record["status"] == "gave-up"
            and c in args.cells
            and ((n, c) not in done or _stopped(args.spill, n, c))
            and args.start <= n <= args.stop
        ),
        key=lambda task: (task[1], task[0]),
    )
    print(f"{len(tasks)} proofs", _counts((n, c) for n, c, *_ in tasks), flush=True)
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs) as pool, out.open("a") as handle:
        work = (
            functools.partial(compiled_proof, order=args.order, narrow=args.narrow, grow=args.grow)
            if args.compiled
            else proof
        )
        for record in pool.imap_unordered(work, tasks):
            handle.write(json.dumps(record) + "\n")
            handle.flush()


def _folder(spill: str, number: int, cells: int) -> Path:
    """The folder of ``spill`` that keeps the proof of deal ``number`` with ``cells`` cells."""
    return Path(spill) / f"{number}-{cells}"


def _stopped(spill: str | None, number: int, cells: int) -> bool:
    """Whether a proof of ``spill`` was stopped with a checkpoint to resume from."""
    folder = None if spill is None else _folder(spill, number, cells)
    return folder is not None and any(
        (folder / name).exists() for name in (CHECKPOINT, COMPILED_CHECKPOINT)
    )


def run(args: argparse.Namespace) -> None:
    out = Path(args.jsonl)
    extra = [Path(p) for p in args.known]
    deals = range(args.start, args.stop + 1)
    context = multiprocessing.get_context("fork")
    with context.Pool(args.jobs, _init, (args.memory,)) as pool:
        while True:
            known = read([*extra, out])
            tasks = {key for n in deals if (key := next_search(known, n, args.timeout))}
            if args.cells is not None:
                tasks = {key for key in tasks if key[1] in args.cells}
            if args.effort:
                tasks |= {
                    (n, EFFORT_CELLS)
                    for n in deals
                    if _wants((n, EFFORT_CELLS), known, args.timeout)
                }
            if not tasks:
                break
            ordered = sorted(tasks, key=lambda key: (_first(key[1]), key))
            print(f"round: {len(ordered)} searches", _counts(ordered), flush=True)
            work = [(n, cells, args.timeout) for n, cells in ordered]
            with out.open("a") as handle:
                for record in pool.imap_unordered(search, work, chunksize=8):
                    handle.write(json.dumps(record) + "\n")
                    handle.flush()
    summary([*extra, out], args.start, args.stop)


#: The order of a round's searches by their cells: 0 cells, then the 4-cell searches (the
#: effort every band needs), then 1 cell (checked against the published counts), then the rest.
FIRST: Final = (0, EFFORT_CELLS, 1)


def _first(cells: int) -> int:
    """A search's place in its round (:data:`FIRST`, then by cells)."""
    return FIRST.index(cells) if cells in FIRST else len(FIRST) + cells


def _wants(key: Key, known: dict[Key, dict[str, Any]], timeout: float) -> bool:
    record = known.get(key)
    return record is None or (record["status"] == "gave-up" and record["timeout"] < timeout)


def _counts(keys: Iterable[Key]) -> str:
    tally = Counter(cells for _, cells in keys)
    return ", ".join(f"{tally[c]} with {c} cells" for c in sorted(tally))


def summary(paths: Iterable[Path], start: int = 1, stop: int = 32_000) -> None:
    known = read(paths)
    deals = range(start, stop + 1)
    needs = Counter(fewest(known, n) for n in deals)
    print(f"deals {start}-{stop}: fewest cells (ours / published)")
    for cells in sorted(c for c in needs if c is not None):
        print(f"  {cells}: {needs[cells]} / {PUBLISHED.get(cells, 0)}")
    undecided = [n for n in deals if fewest(known, n) is None]
    print(f"  undecided: {len(undecided)} {[(n, bounds(known, n)) for n in undecided][:40]}")
    for cells in range(MAX_CELLS + 1):
        runs = [known[n, cells] for n in deals if (n, cells) in known]
        if not runs:
            continue
        states = Counter(r["status"] for r in runs)
        seconds = sum(r["s"] for r in runs)
        winnable = sum(1 for n in deals if (b := bounds(known, n))[1] is not None and b[1] <= cells)
        lost = sum(1 for n in deals if bounds(known, n)[0] > cells)
        no_line = f"{states['winnable']} won with no line, " if states["winnable"] else ""
        print(
            f"  {cells} cells: searched {len(runs)}: {states['solved']} solved, {no_line}"
            f"{states['unsolvable']} unsolvable, {states['gave-up']} gave up, {seconds:.0f} s; "
            f"so winnable {winnable}, unwinnable {lost}, undecided {len(deals) - winnable - lost}"
            f" (published winnable: {sum(v for c, v in PUBLISHED.items() if c <= cells)})"
        )


def table(paths: Iterable[Path], out: Path) -> None:
    """Write the package's table (zlib-compressed): per deal 1-32,000, five bytes: the fewest
    cells the searches allow, at least (high nibble) and at most (low nibble; 0xF unknown), equal
    when decided; the positions the 4-cell search stored (24 bits, at most 16,777,215; 0 when it
    gave up); and its solution's moves (0 when it found none)."""
    known = read(paths)
    data = bytearray()
    for number in range(1, 32_001):
        low, high = bounds(known, number)
        effort = known.get((number, EFFORT_CELLS))
        positions = moves = 0
        if effort is not None and effort["status"] != "gave-up":
            positions, moves = min(0xFF_FFFF, effort["positions"]), min(255, effort["moves"])
        cells = low << 4 | (0xF if high is None else high)
        data += bytes([cells, *positions.to_bytes(3, "big"), moves])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(zlib.compress(bytes(data), 9))
    print(f"{out}: {len(data)} bytes, {out.stat().st_size} compressed")
    if out == TABLE:
        bands()


def bands() -> None:
    """The bands' sizes over 1-32,000 and their facts' medians, by the package's table."""
    from statistics import median

    from freecell_tui.core.difficulty import RATED_DEALS, Band, rating

    rated = [r for n in range(1, RATED_DEALS + 1) if (r := rating(n)) is not None]
    for band in Band:
        group = [r for r in rated if r.band is band]
        needs = Counter(r.needs.removeprefix("needs ") for r in group)
        print(
            f"{band}: {len(group)} deals, positions median {median(r.positions for r in group):g}"
            f", moves median {median(r.moves for r in group):g}; {dict(needs.most_common())}"
        )


def check(paths: Iterable[Path], cells: int, listed: Path, kind: str) -> None:
    """Our verdicts with ``cells`` cells, deal by deal, against a list of deals of 1-32,000
    another solver decided with that many: ``winnable`` or ``unwinnable``, the verdicts of its
    complete search (a deal not listed has the other); ``won``, the deals an incomplete search
    won (a deal not listed is not decided). Prints the deals both decide alike, the
    contradictions, and the deals ours leaves undecided."""
    known = read(paths)
    lines = (line for line in listed.read_text().splitlines() if not line.startswith("#"))
    theirs = {int(word) for line in lines for word in line.split() if word.isdigit()}
    theirs = {n for n in theirs if 1 <= n <= 32_000}
    agree, against, open_ = 0, [], []
    for number in range(1, 32_001):
        low, high = bounds(known, number)
        ours = True if high is not None and high <= cells else False if low > cells else None
        if kind == "won" and number not in theirs:
            continue
        if ours is None:
            open_.append(number)
        elif ours == ((number in theirs) == (kind != "unwinnable")):
            agree += 1
        else:
            against.append(number)
    print(
        f"{cells} cells: {len(theirs)} listed {kind}; agree on {agree}, contradict on "
        f"{against or 'none'}; undecided by ours {len(open_)}: "
        f"{[(n, n in theirs) for n in open_][:60]}"
    )


def undecided(paths: Iterable[Path], start: int = 1, stop: int = 32_000) -> None:
    """For each count of cells, the deals whose verdict with that many the searches leave open
    (neither won with that many or fewer nor proved lost), by number, with their bounds."""
    known = read(paths)
    deals = range(start, stop + 1)
    print(f"# Deals {start}-{stop} whose verdict with N free cells is not known: deal (bounds)")
    for cells in range(MAX_CELLS + 1):
        open_ = [n for n in deals if _open(bounds(known, n), cells)]
        if not open_:
            continue
        print(f"{cells} cells: {len(open_)}")
        for row in range(0, len(open_), 8):
            print("  " + " ".join(_bounded(n, bounds(known, n)) for n in open_[row : row + 8]))


def _open(bound: tuple[int, int | None], cells: int) -> bool:
    low, high = bound
    return low <= cells and (high is None or high > cells)


def _bounded(number: int, bound: tuple[int, int | None]) -> str:
    low, high = bound
    return f"{number} ({low}-{'?' if high is None else high})"


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    go = sub.add_parser("run")
    go.add_argument("--jsonl", required=True)
    go.add_argument("--known", action="append", default=[], metavar="FILE")
    go.add_argument("--from", dest="start", type=int, default=1)
    go.add_argument("--to", dest="stop", type=int, default=32_000)
    go.add_argument("--timeout", type=float, default=10.0, help="seconds a search")
    go.add_argument("--memory", type=float, help="GiB a search of fewer than 4 cells may take")
    go.add_argument("--jobs", type=int, default=2)
    go.add_argument(
        "--no-effort", dest="effort", action="store_false", help="skip the 4-cell searches"
    )
    go.add_argument(
        "--cells",
        type=lambda text: {int(n) for n in text.split(",")},
        help="only the searches with these cells (0,1), besides the 4-cell ones",
    )
    derive = sub.add_parser("prove")
    derive.add_argument("--jsonl", required=True)
    derive.add_argument("--known", action="append", default=[], metavar="FILE", required=True)
    derive.add_argument("--from", dest="start", type=int, default=1)
    derive.add_argument("--to", dest="stop", type=int, default=32_000)
    derive.add_argument("--timeout", type=float, default=600.0, help="CPU seconds a proof")
    derive.add_argument("--memory", type=float, default=2.0, help="GiB a proof may hold")
    derive.add_argument("--jobs", type=int, default=2)
    derive.add_argument(
        "--cells", type=lambda text: {int(n) for n in text.split(",")}, default={0, 1}
    )
    derive.add_argument(
        "--spill",
        metavar="FOLDER",
        help="keep each proof's layers in files of FOLDER/<deal>-<cells>, resumed from its"
        " checkpoint when run again (disk_layers; with --compiled, prove.c's own)",
    )
    derive.add_argument(
        "--compiled",
        action="store_true",
        help="the compiled search (prove.c; a C compiler and liblz4-dev): checkpoints in"
        " --spill's folder, the layers in order",
    )
    derive.add_argument(
        "--order",
        choices=get_args(Order),
        default="lowest",
        help="with --compiled: lowest (the layers from the lowest up), frontier (the same, three"
        " depths of a layer held) or highest (the highest layer first: wins sooner, every"
        " position kept)",
    )
    derive.add_argument(
        "--narrow",
        action="store_true",
        help="with --compiled: 6-byte slots, for a search of a win (its 'unwinnable' is no proof)",
    )
    derive.add_argument(
        "--grow",
        action="store_true",
        help="with --compiled: a table too small grows into the memory free (less 4 GiB)",
    )
    tell = sub.add_parser("summary")
    tell.add_argument("files", nargs="+")
    name = sub.add_parser("undecided")
    name.add_argument("files", nargs="+")
    make = sub.add_parser("table")
    make.add_argument("files", nargs="+")
    make.add_argument("--out", default=str(TABLE))
    test = sub.add_parser("check")
    test.add_argument("cells", type=int)
    test.add_argument("files", nargs="+")
    listed = test.add_mutually_exclusive_group(required=True)
    listed.add_argument("--winnable", help="a file of the deals winnable with that many cells")
    listed.add_argument("--unwinnable", help="a file of the deals unwinnable with that many")
    listed.add_argument("--won", help="a file of deals an incomplete search won with that many")
    args = parser.parse_args(argv)
    if args.command == "check":
        kind = next(k for k in ("winnable", "unwinnable", "won") if getattr(args, k))
        check((Path(p) for p in args.files), args.cells, Path(getattr(args, kind)), kind)
    elif args.command == "run":
        run(args)
    elif args.command == "prove":
        run_proofs(args)
    elif args.command == "summary":
        summary(Path(p) for p in args.files)
    elif args.command == "undecided":
        undecided(Path(p) for p in args.files)
    else:
        table((Path(p) for p in args.files), Path(args.out))


if __name__ == "__main__":
    main()
