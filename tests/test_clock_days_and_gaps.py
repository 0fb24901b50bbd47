"""Days of the month, a holiday on a date, time gaps and "be my clock" (issue 15).

"is there a 31st in november" / "does february have a 29th" say yes with the date or no with
the month's length; "is christmas on the 22nd" says no and when it is; "how far ahead is london
from new york", "what's the time gap between ...", "is tokyo ahead or behind london" give the
difference; "be my clock" tells the time. Through the public API on the fake clock (Monday 5
January 2026, 09:00 UTC); the sentences are our own paraphrases of each family.
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
        ("is there a 31st in november", "No, November 2026 has 30 days."),
        ("does november have a thirty first", "No, November 2026 has 30 days."),
        ("do we have thirty first day on this month", "Yes, Saturday 31 January 2026."),
        ("will there be a 31st next month", "No, February 2026 has 28 days."),
        ("does february have a twenty ninth this year", "No, February 2026 has 28 days."),
        ("is there a 30th in april 2027", "Yes, Friday 30 April 2027."),
    ],
)
async def test_whether_a_month_has_a_day(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("is christmas on the 22nd", "No, it's Friday 25 December 2026."),
        ("is there christmas on twenty second", "No, it's Friday 25 December 2026."),
        ("does christmas fall on the 25th", "Yes, it's Friday 25 December 2026."),
    ],
)
async def test_whether_a_holiday_is_on_a_date(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how far ahead is london from new york", "London is 5 hours ahead of New York."),
        ("what's the time gap between paris and chicago", "Paris is 7 hours ahead of Chicago."),
        ("time offset between berlin and tokyo", "Berlin is 8 hours behind Tokyo."),
        ("how far behind is chicago", "Chicago is 6 hours behind here."),
        ("how many hours ahead of us is sydney", "Sydney is 11 hours ahead of here."),
        ("is tokyo ahead or behind london", "Tokyo is 9 hours ahead of London."),
    ],
)
async def test_time_gaps_said_other_ways(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize("text", ["be my clock", "can you be my clock", "what does the clock say"])
async def test_be_my_clock_tells_the_time(system: AgentSystem, text: str) -> None:
    assert await _reply(system, text) == "It's 09:00 (UTC)."


async def test_a_length_in_seconds_stays_a_length(system: AgentSystem) -> None:
    plan = await system.aplan("set a twenty second timer")
    assert [s.tool for s in plan.steps] == ["timer.set"]
    assert plan.steps[0].arguments["duration"] in ("20 seconds", "20 second")
    bought = await system.arun("buy me a clock")
    assert "09:00" not in bought.reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what will be the date after 10 days", "It's Thursday 15 January 2026."),
        ("what was the date 3 days back", "It was Friday 2 January 2026."),
        ("date of next tuesday", "It's Tuesday 6 January 2026."),
        ("tell me current time of mumbai", "It's 14:30 in Mumbai (IST)."),
        ("which timezone am i in", "Your time zone is UTC; it's 09:00 (UTC)."),
        ("is it night time now", "It's 09:00 (UTC)."),
        (
            "tell me the days remaining for christmas",
            "354 days to go: it's Friday 25 December 2026.",
        ),
        ("count the days to june 5", "151 days to go: it's Friday 5 June 2026."),
        ("how many days have passed this year", "Today is day 5 of 2026."),
    ],
)
async def test_dates_and_counts_said_short(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


async def test_the_time_of_something_not_a_place_is_no_clock_question(system: AgentSystem) -> None:
    decision = await system.aroute("what's the time of the meeting")
    assert decision.role != "conversation"


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what quarter are we in", "It's the first quarter of 2026 (Q1)."),
        ("which quarter of the year is it now", "It's the first quarter of 2026 (Q1)."),
        ("how many weeks are left this year", "51 weeks and 3 days left in this year after today."),
        ("how many weeks left in the month", "3 weeks and 5 days left in this month after today."),
    ],
)
async def test_the_quarter_and_weeks_left(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


async def test_a_quarter_of_a_game_is_no_clock_question(system: AgentSystem) -> None:
    assert (await system.aroute("what quarter is the game in")).role != "conversation"
