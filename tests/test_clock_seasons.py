"""Seasons, leap years, the date in a format, weekends and more ways to ask the time are
answered offline by the conversation role (issue 15).

The shared offline `system` (tests/conftest.py) is on Monday 5 January 2026, 09:00 UTC. The
sentences are our own paraphrases of each family, not rows of the data sets.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _reply(system: AgentSystem, text: str) -> str:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.role, decision.reason)
    return (await system.arun(text)).reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        # seasons: the equinoxes and solstices of 2026 (21 June 08:24 UTC, 23 September 00:05)
        ("when does summer start", "Summer starts on Sunday 21 June 2026."),
        ("when is the first day of spring next year", "Spring starts on Saturday 20 March 2027."),
        (
            "what week of the year does the summer season start",
            "Summer starts in week 25, on Sunday 21 June 2026.",
        ),
        ("when does fall begin", "Autumn starts on Wednesday 23 September 2026."),
        ("when is the winter solstice", "The winter solstice is on Monday 21 December 2026."),
        ("when is the longest day of the year", "The longest day is on Sunday 21 June 2026."),
        # leap years
        ("is it a leap year", "No, 2026 is not a leap year; the next one is 2028."),
        ("is 2028 a leap year", "Yes, 2028 is a leap year."),
        ("when is the next leap year", "The next leap year is 2028."),
        # the date in a format
        ("let me know today's date in american format", "Today is 01/05/2026."),
        ("what's the date in european format", "Today is 05/01/2026."),
        ("tell me the date in iso format", "Today is 2026-01-05."),
        # weekends and weekdays of a holiday
        (
            "does christmas fall on a weekend this year",
            "No, Christmas Day is on Friday 25 December 2026.",
        ),
        (
            "is christmas on a saturday next year",
            "Yes, Christmas Day is on Saturday 25 December 2027.",
        ),
        ("is halloween on a weekday", "No, Halloween is on Saturday 31 October 2026."),
        ("what day will christmas be", "It's Friday 25 December 2026."),
        # more ways to ask the time and the date
        ("what day of the month is it", "Today is Monday 5 January 2026."),
        ("what time is it where you are", "It's 09:00 (UTC)."),
        ("what's the time back home", "It's 09:00 (UTC)."),
        ("is it morning or afternoon", "It's 09:00 (UTC)."),
        ("is it am or pm", "It's 09:00 (UTC)."),
        ("is it night or day", "It's 09:00 (UTC)."),
        ("is it day or night right now", "It's 09:00 (UTC)."),
        ("is it still monday", "Yes, today is Monday 5 January 2026."),
        ("what time is it over there in la", "It's 01:00 in LA (PST)."),
        ("i want the date of last monday of this month", "It's Monday 26 January 2026."),
        ("tell me the date of next tuesday", "It's Tuesday 6 January 2026."),
    ],
)
async def test_more_calendar_and_clock_questions_are_answered(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    "text",
    [
        "when does the summer sale start",
        "when does my spring break begin",
        "what time does the autumn fair start",
        "is the meeting on a weekend",
    ],
)
async def test_events_named_after_a_season_are_not_the_seasons(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != "A question about the time or the date.", text
