"""Spans of the clock, asked the everyday way, are answered offline (issue 15).

Days since a day, days between two days, the time left until a clock time, whether today is a
holiday, "what weekday is ...", the time and the date together, the day after a holiday, whether
a date is a weekend, the season we are in, daylight saving time of the user's own zone. Through
the public API on the fake clock (Monday 5 January 2026, 09:00 UTC); the sentences are our own
paraphrases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


async def _reply(system: AgentSystem, text: str) -> str:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.role, decision.reason)
    return (await system.arun(text)).reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "how many days has it been since january 1st",
            "4 days ago: it was Thursday 1 January 2026.",
        ),
        ("how many days since new year's day", "4 days ago: it was Thursday 1 January 2026."),
        ("how long ago was the fourth of july", "185 days ago: it was Friday 4 July 2025."),
        ("olly how many days ago was christmas", "11 days ago: it was Thursday 25 December 2025."),
        (
            "how many weeks since march 1st",
            "44 weeks and 2 days ago: it was Saturday 1 March 2025.",
        ),
    ],
)
async def test_days_since_a_day(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "how many days between march 3 and april 10",
            "38 days from Tuesday 3 March 2026 to Friday 10 April 2026.",
        ),
        (
            "how many days are there from today to june 1st",
            "147 days from Monday 5 January 2026 to Monday 1 June 2026.",
        ),
        (
            "how many weeks from today until june 1st",
            "21 weeks from Monday 5 January 2026 to Monday 1 June 2026.",
        ),
        (
            "can you tell me how many days from december 20 to january 3",
            "14 days from Sunday 20 December 2026 to Sunday 3 January 2027.",
        ),
    ],
)
async def test_days_between_two_days(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how many hours until 5pm", "8 hours to go: it's 09:00 now."),
        ("how long till noon", "3 hours to go: it's 09:00 now."),
        ("how many minutes until midnight", "15 hours (900 minutes) to go: it's 09:00 now."),
        ("how much time is left until 6:30 pm", "9 hours and 30 minutes to go: it's 09:00 now."),
        ("how many hours till 8am", "23 hours to go: it's 09:00 now."),
    ],
)
async def test_time_left_until_a_clock_time(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("is today a holiday", "Today is no holiday that I know of (Monday 5 January 2026)."),
        ("what holiday is it today", "Today is no holiday that I know of (Monday 5 January 2026)."),
        ("what weekday is the 12th of march", "It's Thursday 12 March 2026."),
        ("which weekday is valentine's day", "It's Saturday 14 February 2026."),
        ("what's the time and date", "Today is Monday 5 January 2026, 09:00."),
        ("time and date please", "Today is Monday 5 January 2026, 09:00."),
        (
            "how many days until my birthday on june 3rd",
            "149 days to go: it's Wednesday 3 June 2026.",
        ),
    ],
)
async def test_holidays_weekdays_and_both_time_and_date(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    "text",
    [
        "how many hours until my flight",
        "how long since my last haircut",
        "how many days until my dentist appointment",
        "how many minutes until the timer is done",
    ],
)
async def test_spans_to_the_users_own_things_are_not_the_clocks(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != "A question about the time or the date.", text


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's the day after christmas", "It's Saturday 26 December 2026."),
        ("what is the date of the day before thanksgiving", "It's Wednesday 25 November 2026."),
        ("is the 30th a weekend", "No, Friday 30 January 2026 is a weekday."),
        ("will the 14th be a working day", "Yes, Wednesday 14 January 2026 is a weekday."),
        ("is saturday the 10th on a weekday", "No, Saturday 10 January 2026 is the weekend."),
        ("what season is it", "It's winter; spring starts on Friday 20 March 2026."),
        ("which season are we in right now", "It's winter; spring starts on Friday 20 March 2026."),
        ("the time please olly", "It's 09:00 (UTC)."),
        ("how late is it now", "It's 09:00 (UTC)."),
        ("is it daylight saving time", "Your time zone (UTC) has no daylight saving time."),
    ],
)
async def test_days_next_to_others_weekends_seasons_and_wake_words(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "is it daylight saving time",
            "No, daylight saving time is off until Sunday 8 March 2026 (America/New_York).",
        ),
        (
            "when do the clocks change",
            "The clocks go forward an hour on Sunday 8 March 2026 (America/New_York).",
        ),
        (
            "when do the clocks go back",
            "The clocks go back an hour on Sunday 1 November 2026 (America/New_York).",
        ),
        (
            "when does daylight saving end",
            "The clocks go back an hour on Sunday 1 November 2026 (America/New_York).",
        ),
        (
            "when does daylight savings time start this year",
            "The clocks go forward an hour on Sunday 8 March 2026 (America/New_York).",
        ),
    ],
)
async def test_daylight_saving_time_of_the_users_own_zone(
    tmp_path: Path, text: str, reply: str
) -> None:
    settings = make_settings(tmp_path / "home", timezone="America/New_York")
    async with AgentSystem(settings, clock=FakeClock()) as system:
        assert await _reply(system, text) == reply
