"""A proof's layers on disk, for proofs wider than memory, that a stopped run resumes
(``fewest_cells.py prove --spill FOLDER``).

* **On disk.** Each layer's keys are in a file of the proof's folder (``layer<level>.z``), in the
  order added: zlib frames of keys (each after its length byte), each frame after its size (4
  bytes). A layer is its own queue, as :class:`freecell_tui.core.solver.packed.PackedKeys` is:
  iterating reads the frames and writes the keys added meanwhile as it reaches them. Keys of a
  proof's layers shrink six to seven times in zlib's fastest level.
* **Met once.** One table (:class:`Seen`) tells a key met before for the whole proof: 96 bits of
  each key (the 64 of ``hash(key)`` and 32 of the hash of its bytes reversed), 12 bytes a slot,
  its size fixed at the start by the memory given and at most :data:`FILL` full; past that the
  proof gives up (:class:`Full`). Positions of layers already searched stay in it until it is
  over half full and they are most of it, or it is full and they are a tenth of it: then (as a
  layer ends, or at once) it is emptied and refilled from the files of the layers left (no later
  position leads back to a searched layer's: a step never lowers a position's level). A resume
  refills it so too.
  Two keys with the same 96 bits would be taken for one, and the proof would then skip a
  position: among two billion keys, the odds that any two share them are about 3 in 10¹¹.
* **Resumable.** Every :data:`EVERY` seconds and when the proof stops (out of time or of
  table), :meth:`DiskProof.save` writes every layer's keys and then ``checkpoint.json``: each
  layer's bytes and keys, and the frame and key of the layer being searched. A run started on
  the folder again (after a stop, or a kill at any point) cuts each file back to the checkpoint,
  deletes what came after, rebuilds the table from the files (checking each layer's count) and
  goes on from that key: the keys after it were searched again, which only meets positions held.
"""

from __future__ import annotations

import json
import os
import struct
import time
import zlib
from array import array
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

#: A slot of :class:`Seen`: 8 bytes of one hash, 4 of the other.
SLOT_BYTES: Final = 12
#: The share of :class:`Seen`'s slots that may be taken (linear probing: some 22 slots looked
#: at for a key not there, at the end).
FILL: Final = 0.85
#: The keys' bytes gathered before a frame is written.
FRAME: Final = 1 << 20
#: Seconds between checkpoints.
EVERY: Final = 300.0
#: Keys read between looks at the clock for a checkpoint.
LOOK_EVERY: Final = 1 << 16
CHECKPOINT: Final = "checkpoint.json"
_SIZE: Final = struct.Struct("<I")


class Full(Exception):
    """The proof's table of keys met is full: more memory is needed."""


class Seen:
    """The keys met, by 96 bits each, in an open-addressing table of ``slots`` slots."""

    __slots__ = ("_high", "_limit", "_low", "_slots", "count")

    def __init__(self, slots: int) -> None:
        self._slots = max(slots, 16)
        self._high = array("q", [0]) * self._slots  # hash(key); 0: an empty slot
        self._low = array("i", [0]) * self._slots
        self._limit = int(self._slots * FILL)
        self.count = 0

    @classmethod
    def for_memory(cls, gib: float) -> Seen:
        """The table ``gib`` GiB take."""
        return cls(int(gib * 2**30) // SLOT_BYTES)

    @property
    def nbytes(self) -> int:
        return SLOT_BYTES * self._slots

    @property
    def limit(self) -> int:
        """The keys the table may hold."""
        return self._limit

    def clear(self) -> None:
        """Forget every key, in place (a new table would need twice the memory for a while)."""
        chunk = min(self._slots, 1 << 20)
        highs, lows = array("q", [0]) * chunk, array("i", [0]) * chunk
        for i in range(0, self._slots, chunk):
            n = min(chunk, self._slots - i)
            self._high[i : i + n] = highs[:n]
            self._low[i : i + n] = lows[:n]
        self.count = 0

    def add(self, key: bytes) -> bool:
        """Add ``key``; whether it was new. Raises :class:`Full` for a new key past the fill."""
        high = hash(key) or 1
        low = (hash(key[::-1]) & 0xFFFFFFFF) - (1 << 31)
        highs, lows, slots = self._high, self._low, self._slots
        i = (high & 0x7FFFFFFFFFFF) % slots
        while slot := highs[i]:
            if slot == high and lows[i] == low:
                return False
            i += 1
            if i == slots:
                i = 0
        if self.count >= self._limit:
            raise Full
        highs[i] = high
        lows[i] = low
        self.count += 1
        return True


class DiskLayer:
    """One layer's keys in its file (see the module's docstring): a set that is its own queue
    (:class:`freecell_tui.core.solver.proof.Layer`). Iterating starts at ``start`` (the offset of
    a frame, the keys of that frame to skip) and goes on through the keys added meanwhile."""

    __slots__ = (
        "_count",
        "_fd",
        "_frame",
        "_index",
        "_pending",
        "_proof",
        "_size",
        "_start",
        "level",
        "path",
    )

    def __init__(
        self,
        proof: DiskProof,
        level: int,
        *,
        size: int = 0,
        count: int = 0,
        start: tuple[int, int] = (0, 0),
    ) -> None:
        self._proof = proof
        self.level = level
        self.path = proof.folder / f"layer{level}.z"
        self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if os.fstat(self._fd).st_size < size:
            os.close(self._fd)
            raise ValueError(f"{self.path} is shorter than its checkpoint says")
        os.ftruncate(self._fd, size)  # what came after the checkpoint
        self._size = size  # the bytes written
        self._count = count
        self._pending = bytearray()  # keys still to write, each after its length
        self._start = start
        self._frame, self._index = start  # the frame and key last read

    @property
    def at(self) -> tuple[int, int]:
        """The frame and key last read: where a resume starts."""
        return self._frame, self._index

    def __len__(self) -> int:
        return self._count

    @property
    def nbytes(self) -> int:
        """The memory the layer takes of its own (the table is the proof's)."""
        return len(self._pending)

    @property
    def size(self) -> int:
        """The file's bytes, once :meth:`write` has run."""
        return self._size

    def add(self, key: bytes) -> bool:
        """Add ``key`` (1 to 255 bytes); whether it was new to the proof. Raises :class:`Full`
        when the table is, and :meth:`DiskProof.make_room` finds no room."""
        try:
            new = self._proof.seen.add(key)
        except Full:
            if not self._proof.make_room():
                raise
            new = self._proof.seen.add(key)
        if not new:
            return False
        self._pending.append(len(key))
        self._pending += key
        if len(self._pending) >= FRAME:
            self.write()
        self._count += 1
        return True

    def write(self) -> None:
        """Write the keys added since the last write, as a frame."""
        if self._pending:
            packed = zlib.compress(self._pending, 1)
            self._size += os.pwrite(self._fd, _SIZE.pack(len(packed)) + packed, self._size)
            self._pending = bytearray()

    def __iter__(self) -> Iterator[bytes]:
        """Every key from ``start`` on, those added while this runs too."""
        proof = self._proof
        proof.current = self
        at, skip = self._start
        look = LOOK_EVERY
        while True:
            if at >= self._size:
                self.write()
                if at >= self._size:
                    break
            keys, after = self._read(at)
            self._frame, self._index = at, skip  # every key before it searched
            i = index = 0
            while i < len(keys):
                end = i + 1 + keys[i]
                if index >= skip:
                    self._index = index
                    look -= 1
                    if not look:
                        look = LOOK_EVERY
                        proof.look()
                    yield keys[i + 1 : end]
                i = end
                index += 1
            skip = 0
            at = after
        proof.finished(self)

    def written(self) -> Iterator[bytes]:
        """Every key in the file, from the first (what is written only)."""
        at = 0
        while at < self._size:
            keys, at = self._read(at)
            i = 0
            while i < len(keys):
                yield keys[i + 1 : i + 1 + keys[i]]
                i += 1 + keys[i]

    def _read(self, at: int) -> tuple[bytes, int]:
        """The keys of the frame at ``at`` (each after its length), and where the next begins."""
        (length,) = _SIZE.unpack(os.pread(self._fd, 4, at))
        return zlib.decompress(os.pread(self._fd, length, at + 4)), at + 4 + length

    def sync(self) -> None:
        """Write the keys added and have the file on disk."""
        self.write()
        os.fsync(self._fd)

    def close(self) -> None:
        os.close(self._fd)


class DiskProof:
    """The layers of one proof in ``folder`` and its table of ``memory`` GiB; resumed from the
    folder's checkpoint when there is one (:meth:`resume`: the layers it left, by level;
    :attr:`before`: the checkpoint's figures). ``layer`` is the factory ``prove`` takes."""

    def __init__(self, folder: Path, memory: float, *, every: float = EVERY) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.seen = Seen.for_memory(memory)
        self.every = every
        self.live: dict[int, DiskLayer] = {}
        self.current: DiskLayer | None = None
        self._done: list[DiskLayer] = []  # searched; their files go at the next checkpoint
        self.peak = 0
        self.before: dict[str, Any] = {}
        self.resumed: dict[int, DiskLayer] = {}
        self._reached_before = 0  # reached, less the keys of the layers resumed
        self._next = time.monotonic() + every
        self._began = (time.monotonic(), time.process_time())  # this run's
        #: Whether the layers are all in the table (a resume may run out of it first).
        self.ready = True
        #: CPU seconds the resume took to put the layers' keys back in the table.
        self.rebuilt_in = 0.0
        #: How many times this run emptied the table of searched layers' keys, and the CPU
        #: seconds that took (:meth:`finished`, :meth:`make_room`).
        self.compactions = 0
        self.compacted_in = 0.0
        checkpoint = folder / CHECKPOINT
        if checkpoint.exists():
            self.before = json.loads(checkpoint.read_text())
            self.ready = False
        else:
            for path in folder.glob("layer*.z"):
                path.unlink()
        #: The runs of the proof, this one counted (each checkpoint says so: a kill saves none).
        self.runs = self.before.get("runs", 0) + 1

    def resume(self) -> dict[int, DiskLayer]:
        """The layers the checkpoint left, by level, their keys back in the table (none for a
        new proof): ``prove``'s ``layers``. Raises :class:`Full` if the table cannot hold them,
        and ``ValueError`` if the files are not what the checkpoint says."""
        if not self.ready:
            started = time.process_time()
            self._resume(self.before)
            self.ready = True
            self.rebuilt_in = time.process_time() - started
        return self.resumed

    def _resume(self, saved: dict[str, Any]) -> None:
        kept = {f"layer{level}.z" for level in saved["layers"]}
        for path in self.folder.glob("layer*.z"):
            if path.name not in kept:
                path.unlink()
        for name, (size, count) in saved["layers"].items():
            level = int(name)
            start = tuple(saved["at"]) if level == saved["current"] else (0, 0)
            layer = DiskLayer(self, level, size=size, count=count, start=start)
            met = self._refill(layer)
            if met != count:
                raise ValueError(f"layer {level}: {met} keys on disk, the checkpoint says {count}")
            self.live[level] = self.resumed[level] = layer
        self.peak = saved["peak"]
        self._reached_before = saved["reached"] - self.seen.count

    def layer(self, level: int) -> DiskLayer:
        """A new layer at ``level`` (``prove``'s ``layer``)."""
        made = self.live[level] = DiskLayer(self, level)
        return made

    @property
    def reached(self) -> int:
        """The positions reached by the whole proof, its earlier runs too."""
        return self._reached_before + self.seen.count

    def held(self) -> int:
        return sum(map(len, self.live.values()))

    def _refill(self, layer: DiskLayer) -> int:
        """Put the keys of ``layer``'s file in the table; how many were new."""
        return sum(self.seen.add(key) for key in layer.written())

    def finished(self, layer: DiskLayer) -> None:
        """``layer`` is searched: forget it (its file goes at the next checkpoint), and empty
        the table of the searched layers' keys when it is over half full and they are most of
        it."""
        self.peak = max(self.peak, self.held())
        del self.live[layer.level]
        self._done.append(layer)
        if self.current is layer:
            self.current = None
        held = self.held()
        if self.seen.count > self.seen.limit // 2 and self.seen.count - held > held:
            self._compact()

    def make_room(self) -> bool:
        """The table is full: empty it of the searched layers' keys if they are a tenth of it or
        more (then whether it did). The layer being searched is refilled whole, the keys
        searched too: they are still met."""
        if self.seen.count - self.held() < self.seen.limit // 10:
            return False
        self._compact()
        return True

    def _compact(self) -> None:
        """Refill the table from the layers left's files alone."""
        started = time.process_time()
        self._reached_before += self.seen.count
        self.seen.clear()
        for live in self.live.values():
            live.write()
            self._refill(live)
        self._reached_before -= self.seen.count
        self.compactions += 1
        self.compacted_in += time.process_time() - started

    def look(self) -> None:
        """A checkpoint if one is due."""
        if time.monotonic() >= self._next:
            self.save()

    def save(self, **figures: Any) -> None:
        """Write every layer's keys and the checkpoint (its runs' seconds and CPU seconds so far,
        ``figures`` besides), then delete the files of the layers searched. Nothing is written
        before a resume is done: the checkpoint read stays."""
        if not self.ready:
            return
        self.peak = max(self.peak, self.held())
        for layer in self.live.values():
            layer.sync()
        current = self.current if self.current is not None else min(self.live.values(), key=_level)
        wall, cpu = self._began
        saved = {
            **self.before,
            "s": round(self.before.get("s", 0.0) + time.monotonic() - wall, 3),
            "cpu": round(self.before.get("cpu", 0.0) + time.process_time() - cpu, 3),
            **figures,
            "runs": self.runs,
            "layers": {str(lv): [layer.size, len(layer)] for lv, layer in self.live.items()},
            "current": current.level,
            "at": list(current.at),
            "reached": self.reached,
            "peak": self.peak,
        }
        temporary = self.folder / (CHECKPOINT + ".new")
        temporary.write_text(json.dumps(saved))
        os.replace(temporary, self.folder / CHECKPOINT)
        for layer in self._done:
            layer.close()
            layer.path.unlink(missing_ok=True)
        self._done.clear()
        self._next = time.monotonic() + self.every

    def remove(self) -> None:
        """The proof is over: delete its files and its checkpoint."""
        for layer in [*self.live.values(), *self._done]:
            layer.close()
            layer.path.unlink(missing_ok=True)
        (self.folder / CHECKPOINT).unlink(missing_ok=True)
        self.live.clear()
        self._done.clear()


def _level(layer: DiskLayer) -> int:
    return layer.level
