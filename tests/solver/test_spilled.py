"""A proof's layers with their keys on disk (``benchmarks/fewest_cells.py``'s ``SpilledKeys``, for
``prove --spill``): a set that is its own queue, as :class:`PackedKeys` is, and a proof through
them reaches the same positions with the same verdict."""

from __future__ import annotations

import importlib.util
import random
from functools import partial
from pathlib import Path
from types import ModuleType

import pytest

from freecell_tui.core.deals import deal
from freecell_tui.core.solver.packed import PackedKeys
from freecell_tui.core.solver.proof import prove
from freecell_tui.core.variant import parse_variant

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fewest_cells.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fewest_cells_spilled", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_keys_are_kept_once_in_the_order_added(script: ModuleType, tmp_path: Path) -> None:
    rng = random.Random(5)
    keys = [bytes(rng.randrange(256) for _ in range(rng.randint(1, 255))) for _ in range(3000)]
    keys += keys[:500]  # met again
    spilled = script.SpilledKeys(tmp_path)
    packed = PackedKeys()
    assert [spilled.add(k) for k in keys] == [packed.add(k) for k in keys]
    assert len(spilled) == len(packed) == len(set(keys))
    assert list(spilled) == list(packed)
    assert spilled.nbytes < 32 * len(spilled) < packed.nbytes
    assert list(tmp_path.iterdir()) == []  # its file has no name: it goes with the layer


def test_a_walk_sees_the_keys_added_during_it(script: ModuleType, tmp_path: Path) -> None:
    spilled = script.SpilledKeys(tmp_path, write_every=64)  # keys written while the walk reads
    spilled.add(b"\x01")
    seen = []
    for key in spilled:
        seen.append(key)
        if len(key) < 40:
            spilled.add(key + bytes([len(key) + 1]))
            spilled.add(key)  # not again
    assert [len(k) for k in seen] == list(range(1, 41))


@pytest.mark.parametrize(("number", "cells"), [(150, 0), (36, 1), (41, 1)])
def test_a_proof_through_spilled_layers_reaches_the_same_positions(
    script: ModuleType, tmp_path: Path, number: int, cells: int
) -> None:
    start = deal(number, parse_variant("freecell", cells))
    packed = prove(start)
    spilled = prove(start, layer=partial(script.SpilledKeys, tmp_path))
    assert spilled.status == packed.status == "unwinnable"
    assert (spilled.positions, spilled.peak) == (packed.positions, packed.peak)


def test_the_bound_of_a_spilled_proof_is_in_its_own_bytes(
    script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``prove --spill``: the memory given bounds the positions held at SPILLED_BYTES each, and
    the line says the layers were spilled."""
    given: dict[str, object] = {}

    def fake_prove(state: object, **options: object) -> object:
        given.update(options)
        return prove(deal(36, parse_variant("freecell", 1)))

    monkeypatch.setattr(script, "prove", fake_prove)
    record = script.proof((36, 1, 60.0, 1.0, str(tmp_path)))
    assert given["max_positions"] == 2**30 // script.SPILLED_BYTES
    assert isinstance(given["layer"](), script.SpilledKeys)  # type: ignore[operator]
    assert record["status"] == "unsolvable" and record["spilled"] is True
    assert "spilled" not in script.proof((36, 1, 60.0, 1.0, None))
    assert given["max_positions"] == int(2**30 / script.PROOF_BYTES)
    assert given["layer"] is PackedKeys
