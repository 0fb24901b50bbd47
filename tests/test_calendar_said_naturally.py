"""The calendar the way people say it (issue 15), by family, with paraphrases of our own.

Spoken dates with spoken years ("march third twenty twenty seven"), clock times said before the
event ("my ten thirty meeting"), removals of someone's event ("cancel sam's party"), yes/no
checks answered from the calendar and never added ("march one is susan's birthday, right"),
and plans said with someone and a day ("church with mom and dad on sunday"). Through the
public API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
async def system(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AgentSystem]:
    home: Path = tmp_path_factory.mktemp("calnatural") / "home"
    async with AgentSystem(make_settings(home), clock=FakeClock()) as engine:
        yield engine


async def _step(system: AgentSystem, text: str) -> tuple[str, dict[str, Any]]:
    assert (await system.aroute(text)).role == "calendar"
    plan = await system.aplan(text)
    ((tool, arguments),) = [(step.tool, dict(step.arguments)) for step in plan.steps]
    return tool, arguments


@pytest.mark.parametrize(
    ("text", "tool", "day"),
    [
        ("do i have anything on march third twenty twenty seven", "calendar.list", "2027-03-03"),
        (
            "am i free on april one two thousand and twenty seven",
            "calendar.free_time",
            "2027-04-01",
        ),
        (
            "what's on for the twenty second of march twenty twenty eight",
            "calendar.list",
            "2028-03-22",
        ),
        (
            "add the dentist on june fifth twenty twenty seven at 3pm",
            "calendar.create",
            "2027-06-05",
        ),
    ],
)
async def test_spoken_years_name_that_year(
    system: AgentSystem, text: str, tool: str, day: str
) -> None:
    called, arguments = await _step(system, text)
    assert called == tool
    assert str(arguments.get("start", arguments.get("date"))).startswith(day)
    assert "20" not in arguments.get("title", "")  # "Dentist", not "Dentist 20 27"


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("twelve thirty meeting with the team", "Meeting with the team", "2026-01-05T12:30"),
        ("schedule a two thirty call with legal on friday", "Call with legal", "2026-01-09T14:30"),
        ("put my four forty five dentist appointment on thursday", "Dentist appointment",
         "2026-01-08T16:45"),
    ],
)  # fmt: skip
async def test_a_clock_time_said_before_the_event_is_its_time(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    assert await _step(system, text) == (
        "calendar.create",
        {"title": title, "start": start + ":00+00:00"},
    )


async def test_my_ten_thirty_meeting_is_the_meeting_at_10_30(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add the budget review today at 10:30")
        await system.arun("add lunch with sam today at 12:30")
        gone = await system.arun("cancel my ten thirty meeting")
        assert "Deleted 'Budget review'" in gone.reply
        assert "Lunch with sam" in (await system.arun("what's on today")).reply


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("cancel sam's party", "sam's party"),
        ("call off dad's retirement party", "dad's retirement party"),
        ("delete the two fifteen call", "2:15 call"),
    ],
)
async def test_someones_event_is_removed_by_name(
    system: AgentSystem, text: str, event: str
) -> None:
    assert await _step(system, text) == ("calendar.delete", {"event": event})


@pytest.mark.parametrize(
    ("text", "query", "start"),
    [
        ("march one is susan's birthday right", "susan's birthday", "2026-03-01T00:00"),
        ("tomorrow is jo's party, isn't it", "jo's party", "2026-01-06T00:00"),
        ("the dentist is on thursday right", "dentist", "2026-01-08T00:00"),
        ("is mary's birthday party tonight", "mary's birthday party", "2026-01-05T18:00"),
        ("is dad's birthday on march third", "dad's birthday", "2026-03-03T00:00"),
    ],
)
async def test_a_yes_no_check_looks_at_the_calendar(
    system: AgentSystem, text: str, query: str, start: str
) -> None:
    tool, arguments = await _step(system, text)
    assert (tool, arguments["query"]) == ("calendar.list", query)
    assert arguments["start"].startswith(start)


@pytest.mark.parametrize(
    "text",
    [
        "is the store open on sunday right",
        "is my car ready tomorrow",
        "is the vacuum running at 9am",
    ],
)
async def test_a_state_on_a_day_is_no_calendar_check(system: AgentSystem, text: str) -> None:
    plan = await system.aplan(text)
    assert not any(step.tool.startswith("calendar.") for step in plan.steps)


async def test_a_check_never_adds_the_event(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add susan's birthday on march 1")
        found = await system.arun("march one is susan's birthday right")
        assert "Susan's birthday" in found.reply
        for text in ("tomorrow is jo's party, isn't it", "the dentist is on thursday right"):
            reply = (await system.arun(text)).reply
            assert not reply.startswith("Added") and "?" not in reply
        everything = await system.arun("what do i have coming up in the next 3 months")
        assert "Dentist" not in everything.reply and "Jo's party" not in everything.reply


async def test_a_plan_with_someone_and_a_day_is_added(system: AgentSystem) -> None:
    assert await _step(system, "golf with jim tomorrow at 9") == (
        "calendar.create",
        {"title": "Golf with jim", "start": "2026-01-06T09:00:00+00:00"},
    )
    assert await _step(system, "coffee with the neighbours on saturday at 10") == (
        "calendar.create",
        {"title": "Coffee with the neighbours", "start": "2026-01-10T10:00:00+00:00"},
    )
    asked = await system.arun("church with mom and dad on sunday")
    assert asked.reply == "What time is 'Church with mom and dad'?"
    assert (await system.aroute("pizza with extra cheese tomorrow")).role != "calendar"


@pytest.mark.parametrize(
    ("text", "title", "day"),
    [
        ("take note of friday as my first date with bob", "First date with bob", "2026-01-09"),
        ("flag friday as my rest day", "Rest day", "2026-01-09"),
        ("today needs to be marked as my cheat day", "Cheat day", "2026-01-05"),
        ("saturday should be flagged as our anniversary", "Anniversary", "2026-01-10"),
        ("note down tuesday as mum's birthday", "Mum's birthday", "2026-01-06"),
    ],
)
async def test_a_day_marked_as_the_users_own_is_an_all_day_event(
    system: AgentSystem, text: str, title: str, day: str
) -> None:
    assert await _step(system, text) == ("calendar.create", {"title": title, "start": day})


@pytest.mark.parametrize(
    ("text", "query", "start"),
    [
        ("check my meetings on march third", "meetings", "2026-03-03T00:00"),
        ("look at my appointments for the 12th", "appointments", "2026-01-12T00:00"),
        ("read out my meetings for tomorrow", "meetings", "2026-01-06T00:00"),
        ("when is the potluck again", "potluck", "2026-01-05T09:00"),
        ("what time am i supposed to pick up john again", "john", "2026-01-05T09:00"),
    ],
)
async def test_check_look_at_and_again_are_questions(
    system: AgentSystem, text: str, query: str, start: str
) -> None:
    tool, arguments = await _step(system, text)
    assert (tool, arguments["query"]) == ("calendar.list", query)
    assert arguments["start"].startswith(start)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("first week of march meetings", "2026-03-01", "2026-03-08"),
        ("what do i have the second week of april", "2026-04-08", "2026-04-15"),
        ("show my schedule for the last week of june", "2026-06-24", "2026-07-01"),
    ],
)
async def test_a_week_of_a_month_is_that_week(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    tool, arguments = await _step(system, text)
    assert tool == "calendar.list"
    assert (arguments["start"][:10], arguments["end"][:10]) == (start, end)


async def test_a_removal_keeps_the_day_said_after_the_calendar(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add the doctor's appointment on february 12 at 9am")
        await system.arun("add the doctor's appointment on february 19 at 9am")
        await system.arun("add yoga class on tuesday at 6pm")
        await system.arun("add yoga class on thursday at 6pm")
        gone = await system.arun(
            "remove the doctor's appointment i added to my calendar for february twelfth at nine am"
        )
        assert "Thu 12 Feb" in gone.reply and gone.reply.startswith("Deleted")
        off = await system.arun("take the yoga class off my calendar for tuesday")
        assert off.reply.startswith("Deleted") and "tomorrow" in off.reply  # Tue 6 Jan
        assert "19 Feb" in (await system.arun("what's on my calendar in february")).reply
        assert "Yoga class" in (await system.arun("what's on thursday")).reply


async def test_a_time_before_a_place_is_no_street(system: AgentSystem) -> None:
    assert await _step(system, "add an appointment at nine am wednesday at dr greens office") == (
        "calendar.create",
        {"title": "Appointment at dr greens office", "start": "2026-01-07T09:00:00+00:00"},
    )
    assert await _step(system, "add bola birthday of twelveth july to my calendar") == (
        "calendar.create",
        {"title": "Bola birthday", "start": "2026-07-12"},
    )


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("what do i need to know about the party tomorrow", "party"),
        ("what should i know about my meeting with ana", "meeting ana"),
        ("what do i need to know about sam's dinner on friday", "sam's dinner"),
    ],
)
async def test_what_to_know_about_an_event_is_looked_up(
    system: AgentSystem, text: str, query: str
) -> None:
    tool, arguments = await _step(system, text)
    assert (tool, arguments["query"]) == ("calendar.list", query)


@pytest.mark.parametrize("text", ["what do i have next", "what have i got next", "what's up next"])
async def test_what_is_next_is_the_next_event(system: AgentSystem, text: str) -> None:
    tool, arguments = await _step(system, text)
    assert (tool, arguments["limit"]) == ("calendar.list", 1)


async def test_that_on_my_calendar_is_the_event_just_added(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        for add, remove, title in (
            ("add lunch with sam on friday at 1", "can you remove that on my calendar", "Lunch"),
            ("add the dentist tomorrow at 3pm", "please delete this calendar event", "Dentist"),
            ("add yoga on monday at 6pm", "take that off my calendar", "Yoga"),
        ):
            added = await system.arun(add)
            gone = await system.arun(remove, thread_id=added.thread_id)
            assert gone.reply.startswith(f"Deleted '{title}")
        asked = await system.arun("take that off my calendar")  # a new thread: no event yet
        assert asked.reply == "Your calendar has nothing coming up to delete."  # all deleted
