"""Calendar requests said the everyday way reach the calendar (issue 15 item 3).

Through the public API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from tests._plans import planned_steps

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("what are my plans for tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("any plans for the weekend", "2026-01-10T00:00", "2026-01-12T00:00"),
        ("what's happening on friday", "2026-01-09T00:00", "2026-01-10T00:00"),
        ("am i busy tomorrow afternoon", "2026-01-06T12:00", "2026-01-06T18:00"),
        ("do i have anywhere to be this afternoon", "2026-01-05T12:00", "2026-01-05T18:00"),
        ("my weekly schedule", "2026-01-05T00:00", "2026-01-12T00:00"),
        ("anything planned for saturday", "2026-01-10T00:00", "2026-01-11T00:00"),
        ("show me the events for me today", "2026-01-05T00:00", "2026-01-06T00:00"),
    ],
)
async def test_everyday_calendar_questions_list_the_day_asked(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.list"
    assert (arguments["start"][:16], arguments["end"][:16]) == (start, end)


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("when is mom's birthday party", "mom's birthday"),
        ("what date is my anniversary", "anniversary"),
        ("when is the wedding scheduled", "wedding"),
    ],
)
async def test_when_is_my_event_looks_ahead_for_it(
    system: AgentSystem, text: str, query: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.list"
    assert arguments["query"] == query
    assert arguments["end"][:4] == "2027"


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("i have a meeting with Priya on thursday at 10", "Meeting with Priya", "2026-01-08T10:00"),
        ("i'm going to lunch with dad tomorrow at noon", "Lunch with dad", "2026-01-06T12:00"),
        ("i'll be seeing the dentist on tuesday at 4pm", "Dentist", "2026-01-06T16:00"),
        ("a new event on friday at 6 called pottery", "Pottery", "2026-01-09T18:00"),
        ("make a calendar entry for golf on sunday at 9", "Golf", "2026-01-11T09:00"),
        ("create an event named team sync on monday at 9", "Team sync", "2026-01-12T09:00"),
    ],
)
async def test_statements_of_plans_and_named_events_are_created(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.create"
    assert (arguments["title"], arguments["start"][:16]) == (title, start)


async def test_scheduling_an_event_with_no_day_asks_when(system: AgentSystem) -> None:
    assert (await system.aroute("schedule dinner with Sara and Jamie")).role == "calendar"
    result = await system.arun("schedule dinner with Sara and Jamie")
    assert result.reply == "When is 'Dinner with Sara and Jamie'?"


@pytest.mark.parametrize(
    "text",
    [
        "add eggs for tomorrow",
        "i need to call mom tomorrow",
        "what's happening on facebook today",
        "what's happening in Chicago this weekend",
        "i need the full date for today",
        "when is my plane scheduled to land",
    ],
)
async def test_lists_calls_feeds_dates_and_flights_are_not_claimed(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "user's own calendar" not in (decision.reason or "")
