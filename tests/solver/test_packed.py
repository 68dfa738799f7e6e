"""The proof search's set of positions (:class:`.packed.PackedKeys`) answers as a ``set`` of
``bytes`` does, keeps the order the keys came in, and takes about half the memory."""

from __future__ import annotations

import random

import pytest

from freecell_tui.core.solver.packed import FIRST_BLOCK, MAX_KEY, PackedKeys


def random_keys(rng: random.Random, count: int) -> list[bytes]:
    """Keys of every length, many of them twice (a few bytes of few values: they repeat)."""
    return [
        bytes(rng.randrange(4 if rng.random() < 0.5 else 256) for _ in range(rng.randint(1, 9)))
        for _ in range(count)
    ]


def test_it_answers_as_a_set_and_keeps_the_first_order() -> None:
    rng = random.Random(7)
    keys = random_keys(rng, 30_000)
    packed = PackedKeys()
    plain: dict[bytes, None] = {}  # a set that keeps the order it was given
    for key in keys:
        assert packed.add(key) == (key not in plain)
        plain[key] = None
    assert len(packed) == len(plain) < len(keys)  # the repeats were refused
    assert list(packed) == list(plain)
    assert all(key in packed for key in keys)
    absent = [key for key in random_keys(random.Random(8), 2_000) if key not in plain]
    assert absent and not any(key in packed for key in absent)
    assert "text" not in packed and b"" not in packed


def test_the_longest_keys_fill_blocks_one_after_another() -> None:
    rng = random.Random(3)
    keys = [bytes(rng.randrange(256) for _ in range(MAX_KEY)) for _ in range(4 * FIRST_BLOCK)]
    packed = PackedKeys(iter(keys))
    assert len(packed) == len(keys)
    assert list(packed) == keys
    assert not any(packed.add(key) for key in keys)
    # The keys take their bytes and one more each, and the table a fraction of that.
    assert len(keys) * (MAX_KEY + 1) < packed.nbytes < 3 * len(keys) * (MAX_KEY + 1)


def test_a_walk_sees_what_is_added_during_it() -> None:
    """The proof search walks a layer's positions while adding to them: every key added before
    the walk ends is visited once."""
    packed = PackedKeys((b"a",))
    visited = []
    for key in packed:
        visited.append(key)
        if len(key) < 10:
            packed.add(key + b"a")
            packed.add(b"a" + key)  # the same key: added once
    assert visited == [b"a" * n for n in range(1, 11)]


@pytest.mark.parametrize("key", [b"", bytes(MAX_KEY + 1)])
def test_a_key_of_no_bytes_or_too_many_is_refused(key: bytes) -> None:
    with pytest.raises(ValueError, match="a key is 1 to 255 bytes"):
        PackedKeys().add(key)
