"""Decks: shuffled from a seed, or read from a file of one deck a line.

A deck is 52 cards, top first. In memory a deck is a tuple of card indexes 0-51 (``Card.index``),
the form the engine takes.

Shuffled decks come in fixed blocks of :data:`BLOCK` games: block ``b`` of seed ``s`` is shuffled
by its own ``random.Random`` seeded from ``(s, b)``, so game ``i`` has the same deck however the
games are split between processes.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from freecell_tui.core.cards import ALL_CARDS, Card
from freecell_tui.core.errors import NotationError
from freecell_tui.core.words import quoted
from freecell_tui.files import read_text

__all__ = [
    "BLOCK",
    "MAX_DECKS_BYTES",
    "MAX_SEED",
    "DeckError",
    "DeckFileError",
    "parse_deck",
    "random_seed",
    "read_decks",
    "shuffled_decks",
]

#: Games shuffled by one generator; fixed, so results do not depend on the number of processes.
BLOCK: Final = 1000
#: The largest decks file read: 100,000 decks of 52 two-letter cards and more.
MAX_DECKS_BYTES: Final = 16_000_000
#: Seeds are 0 to MAX_SEED.
MAX_SEED: Final = 2**64 - 1
_ORDERED: Final = tuple(range(52))
Deck = tuple[int, ...]


class DeckError(ValueError):
    """A deck line that is not 52 different cards; the message says what is wrong."""


@dataclass(frozen=True)
class DeckFileError(Exception):
    """A decks file that cannot be used: ``problems`` are ``(line number, message)`` pairs."""

    path: str
    problems: tuple[tuple[int, str], ...]

    def __str__(self) -> str:
        return "\n".join(
            f"{self.path} line {line}: {message}" if line else f"{self.path}: {message}"
            for line, message in self.problems
        )


def random_seed() -> int:
    """A fresh seed from the system's randomness."""
    return secrets.randbelow(MAX_SEED + 1)


def _block_generator(seed: int, block: int) -> random.Random:
    return random.Random(f"klondike {seed} {block}")


def shuffled_decks(seed: int, start: int, count: int) -> Iterator[Deck]:
    """The decks of games ``start`` to ``start + count - 1`` (numbered from 0) for ``seed``."""
    block, skip = divmod(start, BLOCK)
    while count > 0:
        shuffle = _block_generator(seed, block).shuffle
        for index in range(BLOCK):
            deck = list(_ORDERED)
            shuffle(deck)
            if index < skip:
                continue
            yield tuple(deck)
            count -= 1
            if count == 0:
                return
        block += 1
        skip = 0


def parse_deck(text: str) -> Deck:
    """Read a deck line such as ``AS TD 9H ...`` (52 cards, top first, separated by spaces).

    Raises :class:`DeckError` naming the problem: a wrong count, an unknown or a repeated card.
    """
    words = text.replace(",", " ").split()
    indexes: list[int] = []
    seen: dict[int, int] = {}
    for position, word in enumerate(words, start=1):
        try:
            card = Card.parse(word)
        except NotationError:
            raise DeckError(
                f"card {position}, {quoted(word)}, is not a card (e.g. AS, TD, 10D, 9H)"
            ) from None
        if card.index in seen:
            raise DeckError(f"{card.code} appears twice (cards {seen[card.index]} and {position})")
        seen[card.index] = position
        indexes.append(card.index)
    if len(indexes) != 52:
        missing = " ".join(c.code for c in ALL_CARDS if c.index not in seen)
        detail = f"; missing {missing}" if 0 < 52 - len(indexes) <= 8 else ""
        raise DeckError(f"{len(indexes)} cards, a deck needs 52{detail}")
    return tuple(indexes)


def read_decks(path: str | Path) -> list[Deck]:
    """Every deck in the file at ``path``, one a line; blank lines and ``#`` comments skipped.

    Raises :class:`DeckFileError` listing every bad line (nothing is played then), or
    :class:`~freecell_tui.files.InputError` when the file cannot be read, is not UTF-8 or is
    larger than :data:`MAX_DECKS_BYTES` (only that much is ever read: ``/dev/zero`` is refused).
    """
    text = read_text(path, MAX_DECKS_BYTES, "a decks file")
    decks: list[Deck] = []
    problems: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0]
        if not content.strip():
            continue
        try:
            decks.append(parse_deck(content))
        except DeckError as error:
            problems.append((number, str(error)))
    if problems:
        raise DeckFileError(str(path), tuple(problems))
    if not decks:
        raise DeckFileError(str(path), ((0, "no decks in the file"),))
    return decks
