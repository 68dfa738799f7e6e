"""The daily deal: a fixed function of the date, always a winnable deal of 1–32,000."""

from __future__ import annotations

from datetime import date, timedelta

from freecell_tui.core.daily import daily_deal, daily_label
from freecell_tui.core.deals import deal
from freecell_tui.core.solver import solve


def test_a_date_gives_the_same_deal_for_everyone() -> None:
    # Worked out by hand from the rule in docs/rules.md: sha256("2026-11-26"), first 8 bytes.
    assert daily_deal(date(2026, 11, 26)) == 28225
    assert daily_deal(date(2026, 11, 27)) == 6355


def test_the_daily_deal_is_winnable() -> None:
    for day in (date(2026, 11, 26), date(2026, 11, 27), date(2027, 1, 1)):
        assert solve(deal(daily_deal(day)), timeout=60).status == "solved"


def test_the_unwinnable_deal_is_never_the_daily() -> None:
    # sha256("2165-01-17") points at deal 11982, the one unwinnable deal of 1-32,000.
    assert daily_deal(date(2165, 1, 17)) == 11983


def test_dates_mostly_get_different_deals() -> None:
    days = [date(2026, 1, 1) + timedelta(days=i) for i in range(366)]
    deals = [daily_deal(day) for day in days]
    assert all(1 <= number <= 32_000 for number in deals)
    assert len(set(deals)) > 350


def test_the_label_names_the_date() -> None:
    assert daily_label(date(2026, 11, 26)) == "Daily 2026-11-26"


def test_each_game_has_its_own_daily_by_the_documented_rule() -> None:
    from freecell_tui.core.variant import EIGHT_OFF, FREECELL, SEAHAVEN, parse_variant

    day = date(2026, 11, 26)
    # docs/rules.md: sha256 of "2026-11-26 seahaven", "2026-11-26 eight_off", "… 2 cells".
    assert daily_deal(day, SEAHAVEN) == 12519
    assert daily_deal(day, EIGHT_OFF) == 25945
    assert daily_deal(day, parse_variant(None, 2)) == 22165
    assert daily_deal(day, FREECELL) == daily_deal(day) == 28225  # classic's is unchanged
