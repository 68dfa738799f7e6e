"""A set of short byte strings on the least memory Python gives: the proof search's positions.

A ``set`` of ``bytes`` costs each key an object (a header, its length and hash) and a slot of
the set's table besides its own bytes: 115 to 130 bytes a key of 45 under PyPy, more under
CPython. Here the keys' bytes are packed one after another in a few large ``bytearray`` blocks,
each after a byte that gives its length, and an open-addressing table of 64-bit integers
(``array``) holds, for each key, where it starts and a part of its hash. A key then takes its
bytes, one more, and 11 to 21 bytes of table: about half.

The keys are kept in the order they were first added, and iterating visits every key added
before the iteration reaches the end, those added during it too: a search can walk the set as
its own queue.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator
from typing import Final

__all__ = ["PackedKeys"]

#: The longest key: its length is one byte, and a zero length ends a block.
MAX_KEY: Final = 255
#: Bits of a slot that say where its key starts, plus one: its block, and its place there.
PLACE_BITS: Final = 41
PLACE_MASK: Final = (1 << PLACE_BITS) - 1
#: Bits of a slot that keep part of its key's hash, to skip comparing most other keys' bytes.
TAG_BITS: Final = 21
TAG_MASK: Final = (1 << TAG_BITS) - 1
#: The blocks: the first is small (a set of few keys stays small), each next twice the last
#: up to the largest (a block is never copied when it fills: the next is begun). A key's place
#: is its block's number times the largest block's size plus where it starts in the block.
FIRST_BLOCK: Final = 1 << 10
LARGEST_BLOCK_BITS: Final = 24
LARGEST_BLOCK: Final = 1 << LARGEST_BLOCK_BITS


class PackedKeys:
    """Distinct ``bytes`` keys of 1 to :data:`MAX_KEY` bytes each, in the order first added."""

    __slots__ = ("_blocks", "_count", "_end", "_limit", "_mask", "_slots")

    def __init__(self, keys: Iterable[bytes] = ()) -> None:
        self._blocks: list[bytearray] = []
        self._end = 0  # the bytes used in the last block
        self._slots = array("q", bytes(8 * 8))
        self._mask = 7
        self._limit = 6  # keys before the table grows: three quarters full
        self._count = 0
        for key in keys:
            self.add(key)

    def __len__(self) -> int:
        return self._count

    @property
    def nbytes(self) -> int:
        """The memory the keys and the table take (the blocks as allocated)."""
        return sum(map(len, self._blocks)) + 8 * len(self._slots)

    def add(self, key: bytes) -> bool:
        """Add ``key``; whether it was new."""
        size = len(key)
        if not 0 < size <= MAX_KEY:
            raise ValueError(f"a key is 1 to {MAX_KEY} bytes, not {size}")
        hashed = hash(key)
        i, found = self._probe(key, size, hashed)
        if found:
            return False
        tag = (hashed >> 32) & TAG_MASK
        self._slots[i] = (tag << PLACE_BITS) | (self._append(key, size) + 1)
        self._count += 1
        if self._count > self._limit:
            self._grow()
        return True

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, bytes) or not 0 < len(key) <= MAX_KEY:
            return False
        return self._probe(key, len(key), hash(key))[1]

    def _probe(self, key: bytes, size: int, hashed: int) -> tuple[int, bool]:
        """The slot holding ``key`` (and True), or the empty slot where it would go."""
        tag = (hashed >> 32) & TAG_MASK
        slots = self._slots
        mask = self._mask
        i = hashed & mask
        while slot := slots[i]:
            if slot >> PLACE_BITS == tag:  # the same key only if the same bytes
                place = (slot & PLACE_MASK) - 1
                data = self._blocks[place >> LARGEST_BLOCK_BITS]
                at = place & (LARGEST_BLOCK - 1)
                if data[at] == size and data.startswith(key, at + 1):
                    return i, True
            i = (i + 1) & mask
        return i, False

    def __iter__(self) -> Iterator[bytes]:
        """Every key in the order added, those added while this runs too."""
        block = 0
        at = 0
        while block < len(self._blocks):
            data = self._blocks[block]
            size = data[at] if at < len(data) else 0
            if size == 0:  # the block's end: the next, if one was begun
                if block == len(self._blocks) - 1:
                    return
                block += 1
                at = 0
                continue
            yield bytes(data[at + 1 : at + 1 + size])
            at += 1 + size

    def _append(self, key: bytes, size: int) -> int:
        """Write ``key`` after the last; its place."""
        blocks = self._blocks
        if not blocks or self._end + 1 + size >= len(blocks[-1]):  # a zero byte stays at the end
            length = min(LARGEST_BLOCK, 2 * len(blocks[-1])) if blocks else FIRST_BLOCK
            blocks.append(bytearray(length))
            self._end = 0
        data = blocks[-1]
        at = self._end
        data[at] = size
        data[at + 1 : at + 1 + size] = key
        self._end = at + 1 + size
        return ((len(blocks) - 1) << LARGEST_BLOCK_BITS) | at

    def _grow(self) -> None:
        """A table twice as large, every key placed again by its hash."""
        mask = 2 * len(self._slots) - 1
        slots = array("q", bytes(8 * (mask + 1)))
        for slot in self._slots:
            if slot:
                place = (slot & PLACE_MASK) - 1
                data = self._blocks[place >> LARGEST_BLOCK_BITS]
                at = place & (LARGEST_BLOCK - 1)
                i = hash(bytes(data[at + 1 : at + 1 + data[at]])) & mask
                while slots[i]:
                    i = (i + 1) & mask
                slots[i] = slot
        self._slots = slots
        self._mask = mask
        self._limit = (mask + 1) * 3 // 4
