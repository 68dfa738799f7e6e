"""The variants benchmark's summary over a tiny ``--jsonl`` file: the counts, the deals covered,
the disagreements (apart from the deals fc-solve's preset misses and its atomic moves solve), and
that a resumed run's duplicate or torn line does not count twice."""

from __future__ import annotations

import gzip
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parents[2] / "benchmarks" / "variants_bench.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("variants_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def record(
    game: str, number: int, ours: str, theirs: str, our_s: float = 1.0, atomic: str = ""
) -> str:
    fields = {
        "game": game,
        "deal": number,
        "ours": ours,
        "our_s": our_s,
        "fcsolve": theirs,
        "fcsolve_s": 0.5,
        "timeout": 10.0,
    }
    if atomic:
        fields["fcsolve_atomic"] = atomic
    return json.dumps(fields)


def test_summary_counts_each_game_and_flags_disagreements(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench()
    part1 = tmp_path / "part1.jsonl"
    part1.write_text(
        "\n".join(
            [
                record("Eight Off", 1, "solved", "solved"),
                record("Eight Off", 2, "unsolvable", "solved"),  # a disagreement
                record("Eight Off", 3, "solved", "unsolvable", atomic="unsolvable"),  # another
                record("Eight Off", 4, "solved", "unsolvable", atomic="solved"),  # preset missed
                record("FreeCell (2 cells)", 1, "gave-up", "solved"),
                record("FreeCell (2 cells)", 2, "unsolvable", "unsolvable"),
            ]
        )
        + "\n"
        + '{"game": "FreeCell (2 cells)", "de'  # a run killed mid-line
    )
    part2 = tmp_path / "part2.jsonl.gz"  # as benchmarks/results keeps a long run
    part2.write_bytes(
        gzip.compress(
            "\n".join(
                [
                    record("FreeCell (2 cells)", 2, "unsolvable", "unsolvable"),  # again
                    record("FreeCell (2 cells)", 5, "solved", "timed out", our_s=2.0),
                    record("FreeCell (2 cells)", 6, "unsolvable", "not run"),  # --no-fcsolve
                ]
            ).encode()
        )
    )
    bench.main(["summary", str(part1), str(part2)])
    eight_off, two_cells = capsys.readouterr().out.splitlines()
    assert eight_off.startswith("Eight Off")
    assert "4 deals (1-4; 10 s a deal)" in eight_off
    assert "ours 3 solved 1 unsolvable 0 gave up 4.0 s" in eight_off
    assert "fc-solve 2 solved 2 not 0 timed out 2.0 s" in eight_off
    assert "disagreements [2, 3]" in eight_off
    assert "fc-solve's preset missed, its atomic moves solve [4]" in eight_off
    assert "4 deals (1-2, 5-6; 10 s a deal)" in two_cells
    assert "ours 1 solved 2 unsolvable 1 gave up 5.0 s" in two_cells
    assert "fc-solve 1 solved 1 not 1 timed out, not run on 1 2.0 s" in two_cells
    assert "disagreements none" in two_cells
    assert "fc-solve's preset missed, its atomic moves solve none" in two_cells
    assert "we gave up, fc-solve solved [1]" in two_cells


def test_theirs_takes_fc_solves_verdicts_from_an_earlier_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_bench()

    def no_fcsolve(*_args: object, **_kwargs: object) -> tuple[str, float]:
        raise AssertionError("fc-solve was run again")

    monkeypatch.setattr(bench, "fcsolve", no_fcsolve)
    earlier = tmp_path / "earlier.jsonl"
    earlier.write_text(
        json.dumps(
            {
                "game": "Eight Off",
                "deal": 3,
                "ours": "gave-up",
                "our_s": 10.0,
                "fcsolve": "solved",
                "fcsolve_s": 0.25,
                "timeout": 10.0,
                "fcsolve_timeout": 60.0,
            }
        )
    )
    out = tmp_path / "new.jsonl"
    bench.main(
        ["--game", "eight_off", "--from", "3", "--to", "3", "--jsonl", str(out)]
        + ["--theirs", str(earlier)]
    )
    (line,) = out.read_text().splitlines()
    new = json.loads(line)
    assert (new["deal"], new["ours"], new["fcsolve"], new["fcsolve_s"]) == (
        3,
        "solved",
        "solved",
        0.25,
    )
    assert "ours 1 solved 0 unsolvable 0 gave up" in capsys.readouterr().out
