"""The daily deal: one deal a date, the same for every player, found with no network.

``daily_deal(day)`` is a fixed function of the date: the SHA-256 digest of the date's ISO text
(``2026-11-26``, UTF-8), its first eight bytes read as a big-endian number, taken modulo 32,000
and plus one — a deal of the classic range 1–32,000. Deal 11982, the one deal of that range no
player can win, is never the daily: its date gets the next deal, 11983. So every daily is
winnable, and anyone can work out a date's deal by hand (``docs/rules.md`` says how).

Every other game has a daily of its own, ``daily_deal(day, variant)``: the same rule on the
date followed by a space and the game's name in files (``2026-11-26 seahaven``; with the
cells when they are not the game's own, ``2026-11-26 freecell 2 cells``), a deal of 1–32,000
in that game's numbering. No deal is left out of another game's daily: its deals are not all
proved winnable, and the winnability check says when one is not.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Final

from freecell_tui.core.errors import NotationError
from freecell_tui.core.variant import FREECELL, Variant
from freecell_tui.core.words import quoted

__all__ = [
    "DAILY_DEALS",
    "TODAY",
    "UNWINNABLE",
    "daily_day",
    "daily_deal",
    "daily_label",
    "daily_title",
    "not_out_yet",
    "parse_day",
]

#: The deals the daily chooses among: the classic Windows range.
DAILY_DEALS: Final = 32_000
#: The deals of 1–32,000 that no sequence of moves wins (proved by every solver since 1994).
UNWINNABLE: Final = frozenset({11982})


def daily_deal(day: date, variant: Variant = FREECELL) -> int:
    """The daily deal of ``day`` in ``variant``'s game, a deal of 1–32,000, the same for
    everyone: classic FreeCell's is winnable (see the module's docstring)."""
    import hashlib  # OpenSSL's library: loaded by the commands that pick a daily deal only

    digest = hashlib.sha256(_daily_text(day, variant).encode("utf-8")).digest()
    number = int.from_bytes(digest[:8], "big") % DAILY_DEALS + 1
    while variant.is_classic and number in UNWINNABLE:
        number = number % DAILY_DEALS + 1
    return number


def _daily_text(day: date, variant: Variant) -> str:
    """What the digest of ``day``'s daily in ``variant``'s game is taken of: ``2026-11-26``
    (classic FreeCell), ``2026-11-26 seahaven``, ``2026-11-26 freecell 2 cells``."""
    if variant.is_classic:
        return day.isoformat()
    if variant.cells == variant.standard_cells:
        return f"{day.isoformat()} {variant.key}"
    return f"{day.isoformat()} {variant.key} {variant.cells} cells"


def daily_label(day: date) -> str:
    """How a daily is named to a player: ``Daily 2026-11-26``."""
    return f"Daily {day.isoformat()}"


def daily_title(day: date, variant: Variant = FREECELL) -> str:
    """The daily as a sentence names it: ``the daily deal of 2026-11-26`` (classic FreeCell),
    ``the Seahaven Towers daily of 2026-11-26``."""
    if variant.is_classic:
        return f"the daily deal of {day.isoformat()}"
    return f"the {variant.name} daily of {day.isoformat()}"


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


#: The value of the command line's ``--daily`` given without a date.
TODAY: Final = "today"


def not_out_yet(day: date, today: date) -> str | None:
    """Why the daily deal of ``day`` cannot be played on ``today`` (a day still to come: its
    deal is not out), or ``None``."""
    if day > today:
        return f"the daily deal of {day.isoformat()} is not out yet: today is {today.isoformat()}"
    return None


def daily_day(value: object, today: date) -> date | None:
    """The date the command line's ``--daily`` asks for: ``None`` when it was not given
    (``False`` or ``None``), ``today`` for :data:`TODAY` (or ``True``), else the date its text
    writes — :class:`NotationError` for one that does not read or is still to come."""
    if value is None or value is False:
        return None
    if value is True or value == TODAY:
        return today
    day = parse_day(str(value))
    problem = not_out_yet(day, today)
    if problem is not None:
        raise NotationError(problem)
    return day
