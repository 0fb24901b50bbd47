"""Calendar counts, weekdays and zone times asked the everyday way are answered offline.

The shared offline `system` (tests/conftest.py) is on Monday 5 January 2026, 09:00 UTC.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings
from roles.conversation._clock import clock_answer


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how many days are in this month", "January has 31 days."),
        ("how many days are there in the year", "2026 has 365 days."),
        ("how many days are left in this month", "26 days left in this month after today."),
        ("how many days are left in the year", "360 days left in this year after today."),
        ("what week of the year is it", "It's week 2 of 2026."),
        ("what week number is it today", "It's week 2 of 2026."),
        ("what day of the year is it", "Today is day 5 of 2026."),
        ("is the twenty third of april a saturday", "No, it's Thursday 23 April 2026."),
        ("what is the current eastern time", "It's 04:00 in Eastern (EST)."),
        ("show me the time now in boston", "It's 04:00 in Boston (EST)."),
        ("what time zone am i in", "Your time zone is UTC; it's 09:00 (UTC)."),
        ("show me my timezone", "Your time zone is UTC; it's 09:00 (UTC)."),
    ],
)
async def test_calendar_counts_and_zone_times_are_answered(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation"
    assert (await system.arun(text)).reply == reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "how many days are left on my lease",
        "what week is the meeting",
        "how many days are in my vacation",
    ],
)
async def test_the_users_own_spans_are_not_calendar_counts(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert "time or the date" not in (decision.reason or "")


def test_the_time_zone_answer_honours_the_zone_and_clock_settings(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, timezone="Europe/Paris", clock="12h")
    now = datetime(2026, 1, 5, 15, 30, tzinfo=ZoneInfo("Europe/Paris"))
    assert clock_answer("what is my time zone", now, settings) == (
        "Your time zone is Europe/Paris; it's 3:30 PM (CET)."
    )
