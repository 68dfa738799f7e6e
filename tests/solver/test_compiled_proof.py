"""The compiled proof search (``benchmarks/prove.c``, for ``fewest_cells.py prove --compiled``)
reaches the positions :func:`freecell_tui.core.solver.proof.prove` reaches: the same verdicts,
and for a proof the same count of positions and the same peak, on random positions with no
cell and on deals with 0, 1 and 3 (against its recorded proofs too); a table too small for what it holds is emptied and refilled with the same
end, or gives up. Skipped where no C compiler or LZ4's headers are."""

from __future__ import annotations

import functools
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.solver.facts import ColumnFacts
from freecell_tui.core.solver.keys import FITS
from freecell_tui.core.solver.moves import (
    COL_TO_COL,
    autoplay,
    is_safe,
    play_step,
    root,
    steps_from,
)
from freecell_tui.core.solver.proof import prove
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import parse_variant
from tests.solver.test_proof import PROVED_HELD, random_position

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


#: A table of so many slots (8 bytes each), seven eighths of them usable.
def slots(count: int) -> float:
    return count * 8 / 2**30


def load(name: str) -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """``compiled_proof``, its own copy, building into a folder of the tests'."""
    module = load("compiled_proof")
    module.BUILD = tmp_path_factory.mktemp("build")
    try:
        module.build()
    except module.NoCompiler as why:
        pytest.skip(f"prove.c cannot be built here: {why}")
    return module


def run(
    compiled: ModuleType, state: GameState, folder: Path, memory: float = 0.01
) -> dict[str, object]:
    module = compiled
    answer: dict[str, object] = module.prove_compiled(
        state, memory=memory, folder=folder, timeout=600
    )
    return answer


#: Cards out in random positions with no free cell: some are proved unwinnable, some won, holding
#: at most 1,500 positions (:data:`tests.solver.test_proof.PROVED_HELD`).
OUT = (24, 34)


def test_random_positions_get_the_verdicts_and_counts_of_prove(
    compiled: ModuleType, tmp_path: Path
) -> None:
    rng = random.Random(100)
    decided = []
    for _ in range(6):
        state = random_position(rng, 0, rng.randint(*OUT))
        expected = prove(state, max_positions=PROVED_HELD)
        if expected.status == "gave-up":
            continue
        answer = run(compiled, state, tmp_path)
        assert answer["status"] == expected.status, state
        if expected.status == "unwinnable":
            assert (answer["positions"], answer["peak"]) == (expected.positions, expected.peak)
        decided.append(expected.status)
    assert decided.count("unwinnable") >= 2 and "winnable" in decided


#: Deals whose proofs by :func:`prove` are in ``benchmarks/results`` (50,000 to 190,000
#: positions), with 0, 1 and 3 cells.
RECORDED = [(4155, 0), (17718, 1), (1420, 1), (20217, 1), (25129, 3), (31675, 3)]


@pytest.fixture(scope="module")
def recorded() -> dict[tuple[int, int], dict[str, Any]]:
    """The searches in ``benchmarks/results``, by (deal, cells)."""
    paths = sorted((BENCHMARKS / "results").glob("fewest-cells-*.jsonl.gz"))
    searches: dict[tuple[int, int], dict[str, Any]] = load("fewest_cells").read(paths)
    return searches


@pytest.mark.parametrize(("number", "cells"), RECORDED)
def test_the_recorded_proofs_reach_as_many_positions(
    compiled: ModuleType,
    recorded: dict[tuple[int, int], dict[str, Any]],
    tmp_path: Path,
    number: int,
    cells: int,
) -> None:
    record = recorded[(number, cells)]
    assert record["status"] == "unsolvable" and record["proof"]
    answer = run(compiled, deal(number, parse_variant("freecell", cells)), tmp_path)
    assert (answer["status"], answer["positions"]) == ("unwinnable", record["positions"])
    assert answer["peak"] == record["peak"]


#: Deals proved unwinnable with these cells in a few thousand positions.
DEALS = [(20246, 1), (1125, 1), (24104, 3), (36, 1)]


@pytest.mark.parametrize(("number", "cells"), DEALS)
def test_deals_get_the_verdicts_and_counts_of_prove(
    compiled: ModuleType, tmp_path: Path, number: int, cells: int
) -> None:
    start = deal(number, parse_variant("freecell", cells))
    expected = prove(start)
    answer = run(compiled, start, tmp_path)
    assert answer["status"] == expected.status
    if expected.status == "unwinnable":
        assert (answer["positions"], answer["peak"]) == (expected.positions, expected.peak)
    assert not list(tmp_path.iterdir())  # the layers' files go with the search


@pytest.mark.parametrize(("number", "won"), [(20246, False), (36, False), (1634, True)])
def test_the_highest_layer_first_wins_sooner_and_proves_the_same(
    compiled: ModuleType, tmp_path: Path, number: int, won: bool
) -> None:
    """``highest``: the won deals (with one cell) are won, within fewer positions than the
    layers in order reach first; the lost ones reach the same positions, every one kept."""
    module = compiled
    start = deal(number, parse_variant("freecell", 1))
    answers = [
        module.prove_compiled(start, memory=0.05, folder=tmp_path, timeout=600, order=order)
        for order in ("lowest", "highest")
    ]
    in_order, first = answers
    assert first["order"] == "highest" and in_order["order"] == "lowest"
    assert first["status"] == in_order["status"] == ("winnable" if won else "unwinnable")
    if won:
        assert first["positions"] < in_order["positions"]
    else:
        assert first["positions"] == first["peak"] == in_order["positions"]


@pytest.mark.parametrize(("number", "cells"), [*DEALS, (17718, 1), (25129, 3), (1634, 1)])
def test_a_layer_held_by_depths_reaches_the_same_positions(
    compiled: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    number: int,
    cells: int,
) -> None:
    """``frontier``: the verdict and the positions of the layers in order, at a peak no higher;
    with three codes for the depths (the table refilled at each depth) the same again."""
    module = compiled
    start = deal(number, parse_variant("freecell", cells))

    def search(order: str) -> dict[str, Any]:
        answer: dict[str, Any] = module.prove_compiled(
            start, memory=0.01, folder=tmp_path, timeout=600, order=order
        )
        return answer

    in_order, by_depths = search("lowest"), search("frontier")
    monkeypatch.setenv("PROVE_DEPTH_CODES", "3")
    refilled = search("frontier")
    assert by_depths["order"] == "frontier"
    assert in_order["status"] == by_depths["status"] == refilled["status"]
    if in_order["status"] == "unwinnable":
        assert in_order["positions"] == by_depths["positions"] == refilled["positions"]
        assert by_depths["peak"] == refilled["peak"] <= in_order["peak"]
    else:
        assert in_order["status"] == "winnable"
    assert refilled["refills"] > by_depths["refills"]
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("number", "room", "won"), [(17718, 7000, False), (1634, 30000, True)])
def test_a_table_too_small_for_the_layers_left_holds_only_the_depths(
    compiled: ModuleType, tmp_path: Path, number: int, room: int, won: bool
) -> None:
    """``frontier`` with a table that cannot hold the layers left (no ``grow``): they leave it
    (``spills``), their keys met again are queued again, and each is made one key each as its
    search begins: the verdict and the positions of a roomy table, at a peak no higher than the
    table; too small even for the depths, a lost deal's search gives up."""
    module = compiled
    start = deal(number, parse_variant("freecell", 1))

    def search(memory: float) -> dict[str, Any]:
        answer: dict[str, Any] = module.prove_compiled(
            start, memory=memory, folder=tmp_path, timeout=600, order="frontier"
        )
        return answer

    roomy, small = search(0.05), search(slots(room))
    assert roomy["spills"] == 0 and small["spills"] > 0
    assert roomy["status"] == small["status"] == ("winnable" if won else "unwinnable")
    if not won:
        assert small["positions"] == roomy["positions"]
        assert small["peak"] <= room * 7 // 8 < roomy["peak"]
        assert search(slots(3000))["status"] == "gave-up"
    assert not list(tmp_path.iterdir())


#: A position as :func:`prove` plays it: its columns (sorted), cells and foundations.
Position = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]


@pytest.mark.parametrize(("number", "cells"), [(24966, 1), (13599, 1), (1, 3), (617, 4)])
def test_a_step_within_a_layer_is_undone_by_a_step(number: int, cells: int) -> None:
    """What ``frontier`` rests on: with its steps (:func:`steps_from`'s, and every part of a run
    to an empty column), every step that keeps a position's layer leads to a position with a
    step back to it (so a position met again is at most a depth from where it was met first);
    checked on the positions met by a search from the deal, taken at random."""
    rng = random.Random(number)
    cols, start_cells, found = root(deal(number, parse_variant("freecell", cells)), is_safe)
    start: Position = (tuple(sorted(cols)), start_cells, tuple(found))
    met, waiting, checked = {start}, [start], 0
    while waiting and checked < 3000:
        here = waiting.pop(rng.randrange(len(waiting)))
        children = children_of(here, cells)
        for child in children:
            if child not in met:
                met.add(child)
                waiting.append(child)
        same = [child for child in children if layer_of(child) == layer_of(here)]
        if same:
            child = rng.choice(same)
            assert here in children_of(child, cells), (here, child)
            checked += 1
    assert checked == 3000


def test_without_every_part_of_a_run_a_step_is_not_always_undone() -> None:
    """Why ``frontier`` takes every part of a run to an empty column. In this position of deal
    24966 (one cell, no card in it), J♣ 10♦ (a column) go whole onto K♣ Q♦; to an empty column
    they go back only as part of the run K♣ Q♦ J♣ 10♦, which :func:`steps_from` moves by one
    card or by the most that may go (three), not by two."""
    cols = (
        b"",
        b"\x85\x1e\x06\x0e.+&#\x1d\x1b\x15\x10",
        b"\x89",
        b"\x98\x16\x13\r",
        b"\xa0\x023\x0c\x012/)'!\x1f\x19\x17\x12\x0f\n",
        b"\xa8%",
        b"\xb0-",
        b'\xb1,*$"\x1c\x1a\x14\x11',
    )
    here: Position = (cols, b"", (3, 0, 0, 3))
    child = next(c for c in children_of(here, 1) if b"\xb0-(%" in c[0])
    assert layer_of(child) == layer_of(here)
    assert here in children_of(child, 1)
    assert here not in children_of(child, 1, every_part=False)


FACTS = ColumnFacts()


def children_of(position: Position, cell_count: int, every_part: bool = True) -> list[Position]:
    """Each position a step leads to, safe cards sent home (as :func:`prove` plays them); with
    ``every_part``, ``frontier``'s steps: every part of a run to an empty column too."""
    cols, cells, found = position
    steps = steps_from(cols, cells, found, FACTS, cell_count)
    if every_part and cols[0] == b"":
        # steps_from moves one card or the most that may go: the parts between
        free = cell_count - len(cells)
        limit = (free + 1) << (cols.count(b"") - 1)
        for s, col in enumerate(cols):
            if len(col) > 1:
                most = min(FACTS[col][0], limit, len(col) - 1)
                steps += [(COL_TO_COL, s, 0, n) for n in range(2, most)]
    children = []
    for step in steps:
        new = list(cols)
        new_cells = play_step(new, cells, home := list(found), step)
        new_cells = autoplay(new, new_cells, home, is_safe)
        children.append((tuple(sorted(new)), bytes(sorted(new_cells)), tuple(home)))
    return children


def layer_of(position: Position) -> int:
    """Cards home less breaks (a card on one it does not build on)."""
    cols, _, found = position
    breaks = sum(
        1 for col in cols for i in range(1, len(col)) if col[i] & 0x3F not in FITS[col[i - 1]]
    )
    return sum(found) - breaks


def kept(
    module: ModuleType,
    state: GameState,
    folder: Path,
    order: str,
    timeout: float = 600,
    memory: float = slots(12000),
) -> dict[str, Any]:
    """A ``keep`` proof of ``state`` in ``folder``, in ``order``, by default a table of 12,000
    slots (deal 17718's is refilled as it goes)."""
    answer: dict[str, Any] = module.prove_compiled(
        state, memory=memory, folder=folder, timeout=timeout, order=order, keep=True
    )
    return answer


@pytest.mark.parametrize(
    ("order", "room"), [("lowest", 12000), ("frontier", 12000), ("frontier", 7000)]
)
def test_a_proof_killed_goes_on_from_its_checkpoint(
    compiled: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, order: str, room: int
) -> None:
    """``keep``: a proof killed anywhere (``PROVE_KILL_AT``: the process ends at that many
    positions expanded, its unwritten keys lost), and killed again once resumed, goes on from its
    last checkpoint to the positions and peak of a proof never stopped, the table refilled as it
    goes; its files are gone when it ends (and a file no checkpoint names). A checkpoint at every
    depth (every layer: lowest), and once 2,500 positions were searched since the last (files
    closed since then must stay); resumed with another count of depth codes too. With 7,000
    slots the layers left the table (``spills``): the same positions (the peak and the refills
    then depend on where the run was stopped)."""
    module = compiled
    start = deal(17718, parse_variant("freecell", 1))
    whole = kept(module, start, tmp_path / "whole", order, memory=slots(room))
    assert (whole["status"], whole["runs"]) == ("unwinnable", 1) and whole["refills"] > 2
    assert (whole["spills"] > 0) == (room < 12000)
    runs = [
        (every, kills)
        for every in (0, 2500)
        for kills in ([3000], [20000], [45000], [10000, 30000])
    ]
    for every, kills in runs:
        monkeypatch.setenv("PROVE_CHECKPOINT_EVERY", str(every))
        folder = tmp_path / f"{every}-{'-'.join(map(str, kills))}"
        resumed = 0  # runs that went on from a checkpoint (a kill before the first: none)
        for kill in kills:
            resumed += (folder / module.CHECKPOINT).exists()
            monkeypatch.setenv("PROVE_KILL_AT", str(kill))
            with pytest.raises(RuntimeError, match="exit status 9"):
                kept(module, start, folder, order, memory=slots(room))
            assert (folder / module.CHECKPOINT).exists() or (every and kill < 2 * every)
        monkeypatch.delenv("PROVE_KILL_AT")
        resumed += (folder / module.CHECKPOINT).exists()
        (folder / "layer77.depth5.z").write_bytes(b"a file no checkpoint names: deleted")
        if len(kills) > 1:  # codes for the depths as this run gives them
            monkeypatch.setenv("PROVE_DEPTH_CODES", "3")
        answer = kept(module, start, folder, order, memory=slots(room))
        monkeypatch.delenv("PROVE_DEPTH_CODES", raising=False)
        assert answer["status"] == "unwinnable"
        assert answer["positions"] == whole["positions"]
        assert answer["peak"] == whole["peak"] or whole["spills"]
        assert answer["expanded"] == whole["expanded"] == whole["positions"] == 50308
        assert answer["runs"] == resumed + 1
        assert resumed == len(kills) or every
        assert not list(folder.iterdir())


def test_a_proof_given_up_goes_on_with_more_time_and_wins(
    compiled: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A won deal's proof given up (out of CPU time) keeps its files; run again it wins."""
    module = compiled
    start = deal(1634, parse_variant("freecell", 1))
    monkeypatch.setenv("PROVE_CHECKPOINT_EVERY", "0")
    stopped = kept(module, start, tmp_path, "frontier", timeout=0, memory=0.01)
    assert stopped["status"] == "gave-up" and (tmp_path / module.CHECKPOINT).exists()
    won = kept(module, start, tmp_path, "frontier", memory=0.01)
    assert (won["status"], won["runs"]) == ("winnable", 2)
    whole = kept(module, start, tmp_path / "whole", "frontier", memory=0.01)
    assert won["positions"] == whole["positions"]
    assert not list(tmp_path.glob("*.z")) and not (tmp_path / module.CHECKPOINT).exists()


def test_a_checkpoint_of_another_proof_or_cut_short_is_refused(
    compiled: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder kept by another deal, another order or with a file shorter than its checkpoint
    says is not taken as this proof's: the run fails, and the files stay as they were."""
    module = compiled
    start = deal(17718, parse_variant("freecell", 1))
    monkeypatch.setenv("PROVE_CHECKPOINT_EVERY", "0")
    monkeypatch.setenv("PROVE_KILL_AT", "20000")
    with pytest.raises(RuntimeError, match="exit status 9"):
        kept(module, start, tmp_path, "frontier")
    monkeypatch.delenv("PROVE_KILL_AT")
    checkpoint = (tmp_path / module.CHECKPOINT).read_text()
    for other, order in [(deal(36, parse_variant("freecell", 1)), "frontier"), (start, "lowest")]:
        with pytest.raises(RuntimeError, match="exit status 2"):
            kept(module, other, tmp_path, order)
    assert (tmp_path / module.CHECKPOINT).read_text() == checkpoint
    layer = next(line.split() for line in checkpoint.splitlines() if line.startswith("layer "))
    cut = tmp_path / f"layer{layer[1]}.z"
    cut.write_bytes(cut.read_bytes()[: int(layer[2]) - 1])
    with pytest.raises(RuntimeError, match="exit status 2"):
        kept(module, start, tmp_path, "frontier")


def test_the_highest_layer_first_keeps_no_checkpoint(compiled: ModuleType, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no checkpoint"):
        kept(compiled, deal(36, parse_variant("freecell", 1)), tmp_path, "highest")


@pytest.mark.parametrize("narrow", [False, True])
def test_a_full_table_is_refilled_from_the_layers_left(
    compiled: ModuleType, tmp_path: Path, narrow: bool
) -> None:
    # ``narrow``: 6-byte slots, the same positions (1,400 slots in 6/8 of the memory)
    module = compiled
    start = deal(1125, parse_variant("freecell", 1))

    def run(state: GameState, folder: Path, memory: float = 0.01) -> dict[str, Any]:
        answer: dict[str, Any] = module.prove_compiled(
            state,
            memory=memory * (0.75 if narrow else 1),
            folder=folder,
            timeout=600,
            narrow=narrow,
        )
        assert answer["slot_bytes"] == (6 if narrow else 8)
        return answer

    roomy = run(start, tmp_path)
    refilled = run(start, tmp_path, memory=slots(1400))
    assert roomy["refills"] == 0 and refilled["refills"] > 0
    assert refilled["status"] == "unwinnable"
    assert refilled["positions"] == roomy["positions"] == 4665
    # a table the layers left do not fit in: given up, not a verdict
    assert run(start, tmp_path, memory=slots(1024))["status"] == "gave-up"


def test_a_table_too_small_grows_where_memory_is_free(
    compiled: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = compiled
    monkeypatch.setenv("PROVE_RESERVE_GIB", "0")  # all the memory available may be taken
    grown = module.prove_compiled(
        deal(1125, parse_variant("freecell", 1)),
        memory=slots(1024),
        folder=tmp_path,
        timeout=600,
        grow=True,
    )
    assert grown["grows"] >= 1 and grown["table_gib"] > slots(1024)
    assert (grown["status"], grown["positions"], grown["peak"]) == ("unwinnable", 4665, 943)


def test_the_script_writes_a_proof_line(
    tmp_path: Path, compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = load("fewest_cells")
    monkeypatch.setattr(script.sys.modules["compiled_proof"], "BUILD", compiled.BUILD)
    record = script.compiled_proof((20246, 1, 60.0, 0.01, str(tmp_path)))
    assert record["status"] == "unsolvable" and record["proof"] and record["build"] == "c"
    assert record["positions"] == 2418
    assert not list(tmp_path.iterdir())


def test_the_script_goes_on_with_a_proof_it_gave_up_on(
    tmp_path: Path, compiled: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--compiled --spill``: a proof given up keeps its folder (``<deal>-<cells>``) and is
    taken up again (``_stopped``); run again, it goes on from its checkpoint and the line says
    so (``runs``); the folder goes with the proof's end."""
    script = load("fewest_cells")
    monkeypatch.setattr(script.sys.modules["compiled_proof"], "BUILD", compiled.BUILD)
    monkeypatch.setenv("PROVE_CHECKPOINT_EVERY", "0")
    work = functools.partial(script.compiled_proof, order="frontier")
    stopped = work((17718, 1, 0.0, 0.01, str(tmp_path)))
    assert stopped["status"] == "gave-up" and script._stopped(str(tmp_path), 17718, 1)
    record = work((17718, 1, 60.0, 0.01, str(tmp_path)))
    assert (record["status"], record["positions"], record["runs"]) == ("unsolvable", 50308, 2)
    assert not list(tmp_path.iterdir()) and not script._stopped(str(tmp_path), 17718, 1)


def test_a_line_run_by_hand_is_recorded_as_the_script_records_it(
    tmp_path: Path, compiled: ModuleType
) -> None:
    """``compiled_record`` takes the JSON line of ``prove`` run by hand; a search with 6-byte
    slots (a position may have been skipped) is no proof."""
    script = load("fewest_cells")
    state = deal(20246, parse_variant("freecell", 1))
    for narrow in (False, True):
        answer = compiled.prove_compiled(
            state, memory=0.01, folder=tmp_path, timeout=60, narrow=narrow
        )
        record = script.compiled_record(state, 20246, 60.0, 0.01, answer)
        assert (record["deal"], record["cells"], record["positions"]) == (20246, 1, 2418)
        assert record["status"] == ("gave-up" if narrow else "unsolvable")


def test_only_freecell_with_four_cells_or_fewer_is_proved(
    compiled: ModuleType, tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="four free cells or fewer"):
        run(compiled, deal(1, parse_variant("freecell", 5)), tmp_path)
