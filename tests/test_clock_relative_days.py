"""The date of a day named from today, looking back as well as ahead, and other everyday ways
to ask the time or the date, answered offline.

The shared offline `system` (tests/conftest.py) is on Monday 5 January 2026, 09:00 UTC.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding import normalize
from roles.conversation._dates import day_asked


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's the date tomorrow", "It's Tuesday 6 January 2026."),
        ("what date is it tomorrow", "It's Tuesday 6 January 2026."),
        ("tomorrow's date please", "It's Tuesday 6 January 2026."),
        ("what's the date next friday", "It's Friday 9 January 2026."),
        ("what day will it be in three days", "It's Thursday 8 January 2026."),
        ("what will the date be in two weeks", "It's Monday 19 January 2026."),
        ("what's the date a week from today", "It's Monday 12 January 2026."),
        ("what was the date last monday", "It was Monday 29 December 2025."),
        ("what day was it yesterday", "It was Sunday 4 January 2026."),
        ("what was the date a week ago", "It was Monday 29 December 2025."),
        ("which week of the year is it", "It's week 2 of 2026."),
        ("what time is it in the uk", "It's 09:00 in the UK (GMT)."),
    ],
)
async def test_a_day_named_from_today_gets_its_date(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    "text",
    [
        "what's the date",  # today: the plain date answer
        "what's the date today",
        "what's the date of my meeting",  # the calendar's
        "what is the date of christmas",  # a holiday's own answer
        "what day is friday's game",
        "what's the date next week",  # a week, not a day
    ],
)
def test_only_a_day_said_whole_is_read_as_the_day_asked(text: str) -> None:
    assert day_asked(normalize(text), datetime(2026, 1, 5, 9, tzinfo=UTC)) is None


def test_the_day_is_read_from_the_question_alone() -> None:
    now = datetime(2026, 1, 5, 9, tzinfo=UTC)
    assert day_asked(normalize("what's the date the day after tomorrow"), now) == date(2026, 1, 7)
    assert day_asked(normalize("what was the date two days ago"), now) == date(2026, 1, 3)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's the time over in paris", "It's 10:00 in Paris (CET)."),
        ("what's the hour in tokyo", "It's 18:00 in Tokyo (JST)."),
        ("what time is it in the philippines", "It's 17:00 in the Philippines (PST)."),
        ("what time is it in portugal", "It's 09:00 in Portugal (WET)."),
        ("what hour is it", "It's 09:00 (UTC)."),
        ("do you have the time", "It's 09:00 (UTC)."),
        ("time check please", "It's 09:00 (UTC)."),
        ("what day are we", "Today is Monday 5 January 2026."),
        ("tell me the date and day", "Today is Monday 5 January 2026."),
        ("what time have you got", "It's 09:00 (UTC)."),
        ("what's the current hour", "It's 09:00 (UTC)."),
        ("which date today", "Today is Monday 5 January 2026."),
        ("what time and date is it", "Today is Monday 5 January 2026, 09:00."),
        ("what is the time and date in tokyo", "It's 18:00 in Tokyo (JST)."),
        ("how many days does this year have", "2026 has 365 days."),
        ("what's the day after tomorrow", "It's Wednesday 7 January 2026."),
        ("what was yesterday's date", "It was Sunday 4 January 2026."),
        ("which month are we in", "It's January 2026."),
        ("what year is it", "It's 2026."),
        ("how many days are there in february", "February 2026 has 28 days."),
        ("does this month have 31 days", "Yes, January 2026 has 31 days."),
        ("is it friday today", "No, today is Monday 5 January 2026."),
        ("is it a weekday", "Yes, today is Monday 5 January 2026."),
        ("is it friday yet", "No, today is Monday 5 January 2026."),
        ("is it the weekend already", "No, today is Monday 5 January 2026."),
        ("is it monday yet", "Yes, today is Monday 5 January 2026."),
        ("what day was new year's day this year", "It was Thursday 1 January 2026."),
        ("days until christmas", "354 days to go: it's Friday 25 December 2026."),
        ("countdown to christmas", "354 days to go: it's Friday 25 December 2026."),
        ("how long till the weekend", "5 days to go: it's Saturday 10 January 2026."),
        ("what's the week number", "It's week 2 of 2026."),
    ],
)
async def test_everyday_ways_to_ask_the_time_or_date_are_answered(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation"
    assert (await system.arun(text)).reply == reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    ["how many days until my vacation", "is it the weekend of the party", "what's the clock app"],
)
async def test_the_users_own_days_are_not_clock_questions(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert "time or the date" not in (decision.reason or "")
