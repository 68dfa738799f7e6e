"""Money: the player pays $52 a game and wins $5 for each card on the output piles.

Results are kept as a histogram (how many games ended with k cards home, k = 0-52), which adds up
exactly across processes and gives every figure the summary prints.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

__all__ = ["PER_CARD", "STAKE", "Summary", "dollars", "net"]

#: What the player pays the house for each game.
STAKE: Final = 52
#: What the player wins for each card on the output piles.
PER_CARD: Final = 5
#: z for a two-sided 95% confidence interval.
_Z95: Final = 1.959963984540054


def net(cards_home: int) -> int:
    """The player's net money for one game: ``5 × cards home − 52``."""
    return PER_CARD * cards_home - STAKE


def dollars(amount: float, *, cents: bool = False) -> str:
    """``-$1,190``, ``+$35``, ``$0``; with ``cents``, ``-$37.21``."""
    text = f"{abs(amount):,.2f}" if cents else f"{abs(round(amount)):,}"
    if float(text.replace(",", "")) == 0:
        return f"${text}"
    if amount < 0:
        return f"-${text}"
    return f"+${text}"


@dataclass(frozen=True, slots=True)
class Summary:
    """How many games ended with each number of cards home (``counts[k]``, k = 0-52)."""

    counts: tuple[int, ...] = (0,) * 53

    @classmethod
    def of(cls, cards_home: Iterable[int]) -> Summary:
        counts = [0] * 53
        for k in cards_home:
            counts[k] += 1
        return cls(tuple(counts))

    def __add__(self, other: Summary) -> Summary:
        return Summary(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    @property
    def games(self) -> int:
        return sum(self.counts)

    @property
    def cards_home(self) -> int:
        """Cards home in all games together."""
        return sum(k * n for k, n in enumerate(self.counts))

    @property
    def won(self) -> int:
        """Games with all 52 cards home."""
        return self.counts[52]

    @property
    def net(self) -> int:
        """Net winnings over all games."""
        return PER_CARD * self.cards_home - STAKE * self.games

    @property
    def mean(self) -> float | None:
        """Net winnings a game; None with no games."""
        return self.net / self.games if self.games else None

    @property
    def ci95(self) -> tuple[float, float] | None:
        """The 95% confidence interval of the mean a game (normal approximation, sample
        standard deviation); None with fewer than 2 games."""
        n = self.games
        if n < 2:
            return None
        total = self.cards_home
        squares = sum(k * k * c for k, c in enumerate(self.counts))
        # Variance of cards home, exactly in integers, then scaled by 5² for money.
        variance = PER_CARD**2 * (n * squares - total * total) / (n * (n - 1))
        half = _Z95 * math.sqrt(variance / n)
        mean = self.net / n
        return mean - half, mean + half
