"""The proof search compiled (``prove.c``), for ``fewest_cells.py prove --compiled``: the same
positions as :func:`freecell_tui.core.solver.proof.prove` (the same steps, autoplay, keys and
layers: its counts are equal), some ten times quicker than under PyPy.

* **Built on first use** with the machine's C compiler and LZ4 (Debian's ``liblz4-dev``), into
  ``build/prove-<hash of the source>`` beside this file: a changed source builds anew.
* **Its memory is given**: one table of keys met, 8 bytes a slot (6 if ``narrow``), seven
  eighths of it usable
  (``memory`` GiB); each layer's keys in a file of ``folder`` (LZ4, about 15 bytes a position),
  deleted as the search ends. A table full even of the layers left gives up.
* **A checkpoint with** ``keep`` (the layers in order): the files stay in ``folder``, with
  :data:`CHECKPOINT` written as a depth begins, once 50 million positions have been searched
  since the last; run again on the same folder (after a give-up, a kill or the machine's stop),
  the proof goes on from there. Without
  ``keep`` a run stopped starts again. Its line on stdout is this module's answer.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Final, Literal

from freecell_tui.core.solver.moves import is_safe, root
from freecell_tui.core.state import GameState
from freecell_tui.core.variant import FREECELL

SOURCE: Final = Path(__file__).with_name("prove.c")
BUILD: Final = Path(__file__).with_name("build")
FLAGS: Final = ("-O2", "-march=native", "-Wall", "-Wextra", "-Werror")

#: The order the layers are searched in (:func:`prove_compiled`).
Order = Literal["lowest", "highest", "frontier"]

#: The file of a ``keep`` proof's folder that it goes on from.
CHECKPOINT: Final = "prove.checkpoint"


class NoCompiler(RuntimeError):
    """The program cannot be built here: no C compiler, or no LZ4 headers."""


def build(folder: Path | None = None) -> Path:
    """The compiled program, built into ``folder`` (:data:`BUILD`) unless it is there for this
    source."""
    folder = BUILD if folder is None else folder
    source = SOURCE.read_bytes()
    target = folder / f"prove-{hashlib.sha256(source).hexdigest()[:12]}"
    if target.exists():
        return target
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise NoCompiler("no C compiler (cc or gcc) on the PATH")
    folder.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".{os.getpid()}")
    made = subprocess.run(
        [compiler, *FLAGS, "-o", str(partial), str(SOURCE), "-llz4"],
        capture_output=True,
        text=True,
        check=False,
    )
    if made.returncode:
        raise NoCompiler(f"{compiler} failed: {made.stderr.strip()[-500:]}")
    partial.replace(target)  # whole or not at all: another process may build it too
    return target


def root_key(state: GameState) -> bytes:
    """The canonical key of ``state`` after autoplay: where the proof starts."""
    cols, cells, _ = root(state, is_safe)
    return b"".join(cols) + cells


def prove_compiled(
    state: GameState,
    *,
    memory: float,
    folder: Path,
    timeout: float,
    order: Order = "lowest",
    narrow: bool = False,
    grow: bool = False,
    keep: bool = False,
) -> dict[str, Any]:
    """The compiled proof search of ``state`` (FreeCell with four free cells or fewer): its line
    (``status``: ``unwinnable``, ``winnable`` or ``gave-up``; ``positions`` reached, ``peak``
    held, ``refills`` and ``spills`` of its table, ``s`` and ``cpu`` seconds). Its progress, once a CPU minute,
    goes to stderr.

    ``order``: ``lowest``, the layers from the lowest up, each breadth first and held whole
    until searched (the positions and the peak of :func:`.proof.prove`).

    ``frontier``: the same order, but a layer is searched depth by depth (breadth first) and
    only three of its depths are held at once, the one searched, the one before and the one it
    leads to. A table that cannot hold the layers waiting (after ``grow``) lets them go
    (``spills``) and holds only the depths: a key of theirs met again is queued again, and each
    such layer is made one key each as its search begins, so the positions are the same. Its steps take every part of a run to an empty column (``steps_from`` takes one
    card or the most that may go; single cards reach the same positions), so a step within a
    layer is undone by another and a position met again is at most a depth away: the depths
    further back are never met again. The same positions are reached; the peak is the largest
    three depths and the layers waiting, not the largest layer. A position met again from
    further back would be searched again, never skipped: the proof holds either way.

    ``highest`` searches the highest layer first (the most cards home less breaks), each
    position as soon as its layer is the highest with positions waiting, and keeps every layer:
    the same positions in the end, but a won deal is mostly won within a small part of them
    (deal 5 with one cell: 1.4 million positions, where the layers in order give up past 31
    million). A won position it reaches is a win; a table full, a give-up.

    ``narrow`` slots are 6 bytes, not 8: a third more keys in the same memory, and a new key is
    taken for one met (a position skipped) with odds 65,536 times higher, some 1 in 10¹² a slot
    looked at. That is for a search of a win (a win reached is a win; a position skipped may only
    hide one), not for a proof.

    ``grow``: a table that the layers left do not fit in is made larger (twice, or as much as
    the system has available less 4 GiB, or less ``PROVE_RESERVE_GIB`` of the environment) and
    refilled, rather than given up: a proof started beside another takes its memory as it
    ends (``grows`` counts it).

    ``keep`` (``lowest`` or ``frontier``): the files stay in ``folder`` with a checkpoint
    (:data:`CHECKPOINT`: the counts, where the search is, each file's length), written as a depth
    begins (a layer, with ``lowest``) once 50 million positions (``PROVE_CHECKPOINT_EVERY`` in
    the environment; a minute or two) have been searched since the last. A proof run again on that folder goes on from it: the files are
    cut back to their lengths and the table is refilled from them. The line's ``positions``,
    ``peak``, ``s`` and ``cpu`` are the whole proof's (a run's work after its last checkpoint is
    done again and counted once); ``runs`` counts the runs. A proof that ends deletes its files;
    one given up (of time or of memory) keeps them."""
    cells = state.variant.cells
    if cells > 4 or state.variant != FREECELL.with_cells(cells):
        raise ValueError("proofs are for FreeCell with four free cells or fewer")
    if keep and order == "highest":
        raise ValueError("a search of the highest layer first keeps no checkpoint")
    folder.mkdir(parents=True, exist_ok=True)
    ran = subprocess.run(
        [
            str(build()),
            root_key(state).hex(),
            str(cells),
            str(memory),
            str(folder),
            str(timeout),
            *([] if order == "lowest" else [order]),
            *(["narrow"] if narrow else []),
            *(["grow"] if grow else []),
            *(["keep"] if keep else []),
        ],
        stdout=subprocess.PIPE,  # its progress, on stderr, goes where this process's goes
        text=True,
        check=False,
    )
    if ran.returncode:
        raise RuntimeError(f"prove failed with exit status {ran.returncode}")
    answer: dict[str, Any] = json.loads(ran.stdout)
    return answer
