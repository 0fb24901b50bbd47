"""Events said the everyday way are added with the time said (issue 15 item 3).

Through the public API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.routing.slots import parse_when
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
async def system(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AgentSystem]:
    home: Path = tmp_path_factory.mktemp("caladding") / "home"
    async with AgentSystem(make_settings(home), clock=FakeClock()) as engine:
        yield engine


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        (
            "add the budget review on wednesday eight hundred am to my calendar",
            "Budget review",
            "2026-01-07T08:00",
        ),
        ("add to my calendar that i have yoga on wednesday at 6", "Yoga", "2026-01-07T18:00"),
        ("i've got a haircut on saturday at 11", "Haircut", "2026-01-10T11:00"),
        (
            "we're having dinner with the smiths on saturday at 7",
            "Dinner with the smiths",
            "2026-01-10T19:00",
        ),
        ("add yoga on friday at six thirty pm", "Yoga", "2026-01-09T18:30"),
        ("save the date june 12 for the wedding", "The wedding", "2026-06-12"),
        ("stick a meeting in my calendar for thursday at 2", "Meeting", "2026-01-08T14:00"),
        ("pop the dentist in my calendar for monday at 9", "Dentist", "2026-01-12T09:00"),
        ("can we schedule a catch up with tom next tuesday at 3", "Catch up with tom", "2026-01"),
        ("let's do lunch with jane on friday at 12", "Lunch with jane", "2026-01-09T12:00"),
        ("insert an event tomorrow at 9 called planning", "Planning", "2026-01-06T09:00"),
        ("book me in for a haircut on saturday at 10", "Haircut", "2026-01-10T10:00"),
        ("please add football practice every tuesday at 6", "Football practice", "2026-01"),
        ("schedule 30 minutes with ana tomorrow at 11", "Meeting with ana", "2026-01-06T11:00"),
        ("add team sync tomorrow starting at 9", "Team sync", "2026-01-06T09:00"),
        ("put a workshop on friday that starts at 2pm", "Workshop", "2026-01-09T14:00"),
        ("book yoga on saturday beginning at half past eight", "Yoga", "2026-01-10T08:30"),
        ("add the match tomorrow kicking off at 3 in the afternoon", "Match", "2026-01-06T15:00"),
        ("schedule a review for noon on thursday", "Review", "2026-01-08T12:00"),
        ("add a meeting tomorrow 10am-11am", "Meeting", "2026-01-06T10:00"),
        ("add lunch with kim tomorrow around 1", "Lunch with kim", "2026-01-06T13:00"),
        ("schedule a call at 3ish on friday", "Call", "2026-01-09T15:00"),
        ("put drinks on thursday at about 6pm", "Drinks", "2026-01-08T18:00"),
        ("add yoga on friday at half six", "Yoga", "2026-01-09T18:30"),
        ("add a half marathon on sunday at 8am", "Half marathon", "2026-01-11T08:00"),
        ("add a talk about 3 topics tomorrow at 5pm", "Talk about 3 topics", "2026-01-06T17:00"),
    ],
)
async def test_events_are_added_with_their_title_and_the_time_said(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    plan = await system.aplan(text)
    ((step),) = plan.steps
    assert step.tool == "calendar.create"
    assert (step.arguments["title"], step.arguments["start"][: len(start)]) == (title, start)


async def test_a_reminder_of_an_event_never_lists_the_calendar(system: AgentSystem) -> None:
    plan = await system.aplan("remind me the upcoming meeting at 4 today")
    ((step),) = plan.steps
    assert step.tool in ("calendar.create", "timer.remind")
    assert "16:00" in str(step.arguments)


@pytest.mark.parametrize(
    ("text", "hour", "minute"),
    [("at 800 am", 8, 0), ("130 pm", 13, 30), ("at 1230pm", 12, 30), ("7:15am", 7, 15)],
)
def test_a_clock_time_run_together_before_am_or_pm_is_read(
    text: str, hour: int, minute: int
) -> None:
    found = parse_when(text, datetime(2026, 1, 5, 6, tzinfo=UTC))
    assert found is not None and found.has_time
    assert (found.value.hour, found.value.minute) == (hour, minute)


@pytest.mark.parametrize(
    ("text", "day"),
    [("wednesday the 14th", "2026-01-14"), ("on monday, the 12th", "2026-01-12")],
)
def test_a_weekday_said_with_its_day_of_the_month_is_that_day(text: str, day: str) -> None:
    found = parse_when(text, datetime(2026, 1, 5, 6, tzinfo=UTC))
    assert found is not None and found.value.date().isoformat() == day


async def test_an_event_said_as_a_plan_is_stored_once(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("we're having dinner with the smiths on saturday at 7")
        assert "Dinner with the smiths" in added.reply and "19:00" in added.reply
        listed = await system.arun("what's on for saturday")
        assert listed.reply.count("Dinner with the smiths") == 1


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("schedule a meeting tomorrow from half past two to four", "T14:30", "T16:00"),
        ("add a workshop on friday from a quarter past nine to eleven", "T09:15", "T11:00"),
        ("add tennis on saturday from 10 to 12", "T10:00", "T12:00"),
    ],
)
async def test_a_range_said_with_bare_or_worded_hours_has_its_end(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    plan = await system.aplan(text)
    ((step),) = plan.steps
    assert step.tool == "calendar.create"
    assert (step.arguments["start"][10:16], step.arguments["end"][10:16]) == (start, end)
