"""The daily deal: one deal a date, the same for every player, found with no network.

``daily_deal(day)`` is a fixed function of the date: the SHA-256 digest of the date's ISO text
(``2026-11-26``, UTF-8), its first eight bytes read as a big-endian number, taken modulo 32,000
and plus one — a deal of the classic range 1–32,000. Deal 11982, the one deal of that range no
player can win, is never the daily: its date gets the next deal, 11983. So every daily is
winnable, and anyone can work out a date's deal by hand (``docs/rules.md`` says how).
"""

from __future__ import annotations

import hashlib
import re
from datetime import date
from typing import Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.words import quoted

__all__ = ["DAILY_DEALS", "UNWINNABLE", "daily_deal", "daily_label", "parse_day"]

#: The deals the daily chooses among: the classic Windows range.
DAILY_DEALS: Final = 32_000
#: The deals of 1–32,000 that no sequence of moves wins (proved by every solver since 1994).
UNWINNABLE: Final = frozenset({11982})


def daily_deal(day: date) -> int:
    """The daily deal of ``day``: a winnable deal of 1–32,000, the same for everyone."""
    digest = hashlib.sha256(day.isoformat().encode("utf-8")).digest()
    number = int.from_bytes(digest[:8], "big") % DAILY_DEALS + 1
    while number in UNWINNABLE:
        number = number % DAILY_DEALS + 1
    return number


def daily_label(day: date) -> str:
    """How a daily is named to a player: ``Daily 2026-11-26``."""
    return f"Daily {day.isoformat()}"


_DAY_RE: Final = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def parse_day(text: str) -> date:
    """A date as ``YYYY-MM-DD``, or :class:`NotationError` saying what is wrong with it."""
    raw = text.strip()
    if _DAY_RE.fullmatch(raw):
        try:
            return date.fromisoformat(raw)
        except ValueError:
            pass
    raise NotationError(f"{quoted(raw)} is not a date: write it as 2026-11-26")
