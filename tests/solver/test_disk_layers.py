"""A proof's layers on disk (``benchmarks/disk_layers.py``, for ``fewest_cells.py prove
--spill``): a set that is its own queue, as :class:`PackedKeys` is; a proof through them reaches
the same positions with the same verdict, and one stopped anywhere (out of time, out of its
table, or killed after a checkpoint) resumes to the same end."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.solver import proof as proof_module
from freecell_tui.core.solver.packed import PackedKeys
from freecell_tui.core.solver.proof import ProofResult, prove
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import parse_variant

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fewest_cells.py"
#: A table of some 89,000 slots.
SMALL = 0.001


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fewest_cells_disk", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def disk(script: ModuleType) -> ModuleType:
    return script.sys.modules["disk_layers"]  # type: ignore[no-any-return]


def start(number: int, cells: int) -> GameState:
    return deal(number, parse_variant("freecell", cells))


def stopping_after(looks: int) -> object:
    """A ``should_stop`` that answers True at its ``looks``-th call."""
    calls = iter(range(looks, 0, -1))
    return lambda: next(calls, 0) <= 1


def test_keys_are_kept_once_in_the_order_added(disk: ModuleType, tmp_path: Path) -> None:
    rng = random.Random(5)
    keys = [bytes(rng.randrange(256) for _ in range(rng.randint(1, 255))) for _ in range(3000)]
    keys += keys[:500]  # met again
    layer = disk.DiskProof(tmp_path, SMALL).layer(3)
    packed = PackedKeys()
    assert [layer.add(k) for k in keys] == [packed.add(k) for k in keys]
    assert len(layer) == len(packed) == len(set(keys))
    assert list(layer) == list(packed)
    assert [p.name for p in tmp_path.iterdir()] == ["layer3.z"]


def test_a_walk_sees_the_keys_added_during_it(
    disk: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(disk, "FRAME", 64)  # frames written while the walk reads
    layer = disk.DiskProof(tmp_path, SMALL).layer(0)
    layer.add(b"\x01")
    seen = []
    for key in layer:
        seen.append(key)
        if len(key) < 40:
            layer.add(key + bytes([len(key) + 1]))
            layer.add(key)  # not again
    assert [len(k) for k in seen] == list(range(1, 41))


@pytest.mark.parametrize(("number", "cells"), [(150, 0), (36, 1), (41, 1)])
def test_a_proof_on_disk_reaches_the_same_positions(
    disk: ModuleType, tmp_path: Path, number: int, cells: int
) -> None:
    packed = prove(start(number, cells))
    proof = disk.DiskProof(tmp_path, SMALL)
    on_disk = prove(start(number, cells), layer=proof.layer)
    assert on_disk.status == packed.status == "unwinnable"
    assert (on_disk.positions, on_disk.peak) == (packed.positions, packed.peak)
    assert (proof.reached, proof.peak) == (packed.positions, packed.peak)


def test_a_table_smaller_than_the_proof_is_emptied_of_the_layers_searched(
    disk: ModuleType, tmp_path: Path
) -> None:
    whole = prove(start(41, 1))  # 2,880 positions, 1,044 held at most
    proof = disk.DiskProof(tmp_path, 3000 * disk.SLOT_BYTES / 2**30)  # 2,550 keys
    assert whole.peak < proof.seen.limit // 2 < proof.seen.limit < whole.positions
    result = prove(start(41, 1), layer=proof.layer)
    assert result.status == "unwinnable"
    assert (result.positions, result.peak) == (whole.positions, whole.peak)
    assert (proof.reached, proof.peak) == (whole.positions, whole.peak)
    assert proof.compactions >= 1


def test_a_table_full_in_a_layer_makes_room_and_one_too_small_gives_up(
    disk: ModuleType, tmp_path: Path
) -> None:
    whole = prove(start(41, 1))  # 2,880 positions, 1,044 held at most
    proof = disk.DiskProof(tmp_path / "room", 1240 * disk.SLOT_BYTES / 2**30)  # 1,054 keys
    result = prove(start(41, 1), layer=proof.layer)  # full while a layer is searched, too
    assert result.status == "unwinnable"
    assert (result.positions, result.peak) == (whole.positions, whole.peak)
    assert proof.reached == whole.positions and proof.compactions > 3
    small = disk.DiskProof(tmp_path / "small", 1200 * disk.SLOT_BYTES / 2**30)  # 1,020 keys
    with pytest.raises(disk.Full):
        prove(start(41, 1), layer=small.layer)
    assert small.peak <= small.seen.limit < whole.peak


def resumed_to_the_end(
    disk: ModuleType, folder: Path, state: GameState, *, looks: int, save: bool, slots: int
) -> tuple[ProofResult, int, int, Any]:
    """The proof of ``state`` in ``folder`` with a table of ``slots``, stopped every ``looks``
    looks at the clock and run again: saved at each stop (``save``) or left as a kill would
    leave it. Its last result, how many runs it took, how many times its runs emptied the table
    of searched layers' keys, and its last run's proof."""
    runs = compactions = 0
    memory = slots * disk.SLOT_BYTES / 2**30
    while True:
        runs += 1
        proof = disk.DiskProof(folder, memory, every=0.0)  # a checkpoint at every look
        result = prove(
            state, should_stop=stopping_after(looks), layer=proof.layer, layers=proof.resume()
        )
        compactions += proof.compactions
        if result.status != "gave-up":
            return result, runs, compactions, proof
        if save:
            proof.save()
        for layer in [*proof.live.values(), *proof._done]:  # noqa: SLF001 -- a process's end
            layer.close()


@pytest.mark.parametrize(
    ("save", "slots", "looks"),
    [(True, 100_000, 9), (False, 100_000, 9), (True, 2500, 15), (False, 2500, 15)],
    ids=["stopped", "killed", "stopped-small-table", "killed-small-table"],
)
def test_a_proof_stopped_again_and_again_ends_as_one_run(
    disk: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    save: bool,
    slots: int,
    looks: int,
) -> None:
    monkeypatch.setattr(disk, "LOOK_EVERY", 50)  # a checkpoint every 50 keys read
    monkeypatch.setattr(proof_module, "CHECK_EVERY", 40)  # a stop every looks × 40 expanded
    state = start(41, 1)
    whole = prove(state)  # 2,880 positions: 2,500 slots (2,125 keys) are emptied on the way
    result, runs, compactions, proof = resumed_to_the_end(
        disk, tmp_path, state, looks=looks, save=save, slots=slots
    )
    assert runs > 3 and proof.runs == runs  # a killed run's checkpoints count it too
    assert (compactions > 0) == (slots < whole.positions)
    assert result.status == whole.status == "unwinnable"
    assert (proof.reached, proof.peak) == (whole.positions, whole.peak)
    proof.remove()
    assert list(tmp_path.iterdir()) == []


def test_a_proof_out_of_table_resumes_with_more_memory(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``prove --spill``: the table full is a give-up with a checkpoint; the same proof run
    again with more memory goes on from it, and its line adds the runs up."""
    whole = prove(start(36, 1))
    memory = whole.positions // 3 * 12 / 2**30  # a third of the positions
    first = script.proof((36, 1, 60.0, memory, str(tmp_path)))
    assert first["status"] == "gave-up" and first["spilled"] is True
    assert 0 < first["positions"] < whole.positions
    saved = json.loads((tmp_path / "36-1" / "checkpoint.json").read_text())
    assert saved["reached"] == first["positions"] and saved["runs"] == 1
    assert script._stopped(str(tmp_path), 36, 1)  # noqa: SLF001
    kept = (tmp_path / "36-1" / "checkpoint.json").read_text()
    again = script.proof((36, 1, 60.0, memory / 2, str(tmp_path)))  # cannot even resume
    assert again["status"] == "gave-up" and again["positions"] == first["positions"]
    assert (tmp_path / "36-1" / "checkpoint.json").read_text() == kept
    second = script.proof((36, 1, 60.0, 0.01, str(tmp_path)))
    assert second["status"] == "unsolvable" and second["runs"] == 2
    assert 0 < second["rebuilt_in"] < second["cpu"] - first["cpu"]
    assert (second["positions"], second["peak"]) == (whole.positions, whole.peak)
    assert second["cpu"] > first["cpu"] and second["timeout"] > 60.0
    assert list((tmp_path / "36-1").iterdir()) == []
    assert "spilled" not in script.proof((36, 1, 60.0, 1.0, None))


def test_a_checkpoint_that_does_not_match_its_files_is_refused(
    disk: ModuleType, tmp_path: Path
) -> None:
    proof = disk.DiskProof(tmp_path, SMALL)
    prove(start(36, 1), should_stop=stopping_after(2), layer=proof.layer)
    proof.save()
    saved = json.loads((tmp_path / "checkpoint.json").read_text())
    assert saved["cpu"] > 0 and saved["s"] > 0  # a run's time is kept at every checkpoint
    level = next(iter(saved["layers"]))
    saved["layers"][level][1] += 1
    (tmp_path / "checkpoint.json").write_text(json.dumps(saved))
    with pytest.raises(ValueError, match="keys on disk"):
        disk.DiskProof(tmp_path, SMALL).resume()
