"""Calendar requests that name no calendar word, by family (issue 15).

Every family is tested with paraphrases of our own: "am I free / is my saturday clear <day>",
"got any plans / anything on / what's in store <day>", "when is / what time is <event>", "how
many <events> <day>", "i have <event> <day> at <time>", "book me in for ...", "scrap / ditch /
call off <event>", "the <event> is off", "i'm skipping <event>", "cancel everything <day>"; and
requests the calendar must leave alone. Through the public API, offline, on a fake clock (Monday
5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests._plans import planned_steps

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("got any plans saturday", "2026-01-10T00:00", "2026-01-11T00:00"),
        ("have we got anything on sunday", "2026-01-11T00:00", "2026-01-12T00:00"),
        ("anything on tonight", "2026-01-05T18:00", "2026-01-06T00:00"),
        ("anything happening thursday", "2026-01-08T00:00", "2026-01-09T00:00"),
        ("is there something going on this evening", "2026-01-05T18:00", "2026-01-06T00:00"),
        ("what's in store for tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("what's up for friday", "2026-01-09T00:00", "2026-01-10T00:00"),
        ("whats on this weekend", "2026-01-10T00:00", "2026-01-12T00:00"),
        ("whats my plan for today", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("are we doing anything this weekend", "2026-01-10T00:00", "2026-01-12T00:00"),
        ("how many calls have i got tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("how many things do i have on wednesday", "2026-01-07T00:00", "2026-01-08T00:00"),
    ],
)
async def test_questions_about_a_day_list_that_day(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.list"
    assert (arguments["start"][:16], arguments["end"][:16]) == (start, end)


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("when is the barbecue", "barbecue"),
        ("when's lily's school play", "play"),
        ("when is the potluck", "potluck"),
        ("when's soccer practice", "soccer practice"),
        ("what time is yoga tomorrow", "yoga"),
        ("what time is my call with ben", "call with ben"),
        ("at what time is my interview", "interview"),
        ("when do i have pilates", "pilates"),
    ],
)
async def test_when_is_an_event_looks_it_up(system: AgentSystem, text: str, query: str) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.list"
    assert query in arguments.get("query", "") or arguments["end"] > "2026-06"


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("is my saturday clear", "2026-01-10"),
        ("is thursday afternoon open", "2026-01-08"),
        ("is my evening free", "2026-01-05"),
    ],
)
async def test_is_a_day_clear_asks_for_free_time_and_deletes_nothing(
    system: AgentSystem, text: str, date: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert (tool, arguments["date"]) == ("calendar.free_time", date)


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("i have yoga tomorrow at 6pm", "Yoga", "2026-01-06T18:00"),
        ("we've got choir on thursday at 7pm", "Choir", "2026-01-08T19:00"),
        ("book me in for a massage friday at 4", "Massage", "2026-01-09T16:00"),
        ("book a physio session on wednesday at 11am", "Physio session", "2026-01-07T11:00"),
    ],
)
async def test_plans_said_plainly_or_booked_are_added(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.create"
    assert (arguments["title"], arguments["start"][:16]) == (title, start)


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("scrap my 3pm", "3 pm"),
        ("ditch the dentist appointment", "dentist appointment"),
        ("call off the barbecue", "barbecue"),
        ("unschedule the review", "review"),
        ("the party on saturday is off", "party on saturday"),
        ("i'm skipping the yoga class tonight", "yoga class tonight"),
        ("i don't need the 4pm meeting anymore", "4 pm meeting"),
        ("remove yoga from tuesday", "yoga"),
        ("i won't be going to the party tomorrow", "party tomorrow"),
    ],
)
async def test_removals_said_the_everyday_way_delete_the_event(
    system: AgentSystem, text: str, event: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.delete"
    assert event in arguments["event"]


@pytest.mark.parametrize(
    "text",
    [
        "when is the next bus",
        "what time is sunset tomorrow",
        "when is the super bowl",
        "when does the conference start",
        "when is the school play",
        "remove the sync from my phone",
        "when do i have some time off next",
        "is the pharmacy open today",
        "book a cab for tomorrow at 5",
        "i have to call mom tomorrow at 5",
        "when is my credit card payment due",
        "what time is the game on sunday",
        "how many calories did i burn today",
    ],
)
async def test_requests_the_calendar_does_not_own_stay_elsewhere(
    system: AgentSystem, text: str
) -> None:
    tools = [tool for tool, _ in await planned_steps(system, text)]
    assert not any(tool.startswith("calendar.") for tool in tools)


async def test_cancel_everything_on_a_day_takes_its_event_off(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add lunch with sam on friday at 1")
        await system.arun("add the review on thursday at 10am")
        cleared = await system.arun("cancel everything on friday")
        assert (
            cleared.reply == "Cleared Fri 9 Jan: deleted 1 event: 'Lunch with sam' (13:00-14:00)."
        )
        kept = await system.arun("is my thursday free")
        assert "Review" not in kept.reply and "Deleted" not in kept.reply
        assert "Review" in (await system.arun("what's on for thursday")).reply


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("add a call with mom tomorrow after lunch", "Call with mom", "2026-01-06T13:30"),
        (
            "put drinks with the team on thursday after work",
            "Drinks with the team",
            "2026-01-08T18:00",
        ),
        (
            "schedule a review with ana on friday first thing in the morning",
            "Review with ana",
            "2026-01-09T09:00",
        ),
        ("book a massage this evening at 7", "Massage", "2026-01-05T19:00"),
    ],
)
async def test_times_said_by_what_happens_then_are_hours(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.create"
    assert (arguments["title"], arguments["start"][:16]) == (title, start)


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("cancel my five pm daily call", "5 pm daily call"),
        ("please cancel my next hair cut", "next hair cut"),
        ("no lunch date tomorrow", "lunch date tomorrow"),
        ("no more yoga on friday", "yoga on friday"),
    ],
)
async def test_more_removals_delete_the_event(system: AgentSystem, text: str, event: str) -> None:
    assert (await system.aroute(text)).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, text)
    assert tool == "calendar.delete"
    assert event in arguments["event"]


async def test_a_no_that_names_no_event_removes_nothing(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add lunch with sam tomorrow at 1")
        again = await system.arun("no i meant tomorrow", thread_id=added.thread_id)
        assert "Deleted" not in again.reply
        assert "Lunch with sam" in (await system.arun("what's on tomorrow")).reply


async def test_when_am_i_supposed_to_see_someone_looks_it_up(system: AgentSystem) -> None:
    assert (await system.aroute("when am i meant to meet the plumber")).role == "calendar"
    ((tool, arguments),) = await planned_steps(system, "when am i meant to meet the plumber")
    assert (tool, arguments["query"]) == ("calendar.list", "plumber")


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("put me down for the gym at 7 tomorrow", "Gym"),
        ("put the dentist down for tuesday at 3", "Dentist"),
        ("put down soccer practice for wednesday at 4 in the afternoon", "Soccer practice"),
        ("add parent teacher conference to thursday at 7pm", "Parent teacher conference"),
        ("mark down coffee with liz on monday at 9", "Coffee with liz"),
        ("get me in for a haircut on saturday at 11", "Haircut"),
        ("remember that i have a meeting with tom friday at 2", "Meeting with tom"),
        ("i'm having lunch with dad on friday at noon", "Lunch with dad"),
        ("save tuesday at 6 for dinner with grandma", "Dinner with grandma"),
        ("my sister's recital is on friday at 5", "Sister's recital"),
    ],
)
async def test_the_title_is_the_event_not_the_words_around_it(
    system: AgentSystem, text: str, title: str
) -> None:
    ((tool, arguments),) = await planned_steps(system, text)
    assert (tool, arguments["title"]) == ("calendar.create", title)
