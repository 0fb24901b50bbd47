"""The calendar role: tools, interpretation, and ICS import/export."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import SideEffect, ToolContext, ToolSpec
from agent_system.repository import open_repository
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import Turn
from agent_system.runtime import FakeClock, Runtime
from roles.calendar import ROLE, CalendarStore, export_ics, import_ics
from roles.calendar import tools as calendar_tools

from .conftest import PARIS

pytestmark = pytest.mark.anyio


def spec(name: str) -> ToolSpec:
    result: ToolSpec = getattr(calendar_tools, name).__tool_spec__
    return result


async def call(runtime: Runtime, name: str, user: str = "ann", **arguments: Any) -> Any:
    return await spec(name).ainvoke(arguments, ToolContext(runtime=runtime, user=user))


def store(runtime: Runtime) -> CalendarStore:
    return CalendarStore(open_repository(runtime), runtime.clock)


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 1, day, hour, minute, tzinfo=PARIS)


# --- tools ------------------------------------------------------------------------------------
def test_deleting_is_irreversible_and_creating_is_reversible() -> None:
    assert spec("delete").side_effects is SideEffect.IRREVERSIBLE
    assert spec("create").side_effects is SideEffect.REVERSIBLE
    assert spec("update").side_effects is SideEffect.REVERSIBLE
    assert spec("list_events").name == "calendar.list"


async def test_creating_an_event_stores_it_with_a_one_hour_default(runtime: Runtime) -> None:
    out = await call(runtime, "create", title="Dentist", start="on the 14th at 10am")
    assert out.display == "Added 'Dentist' on Wed 14 Jan, 10:00-11:00."
    [event] = await store(runtime).all_events("ann")
    assert (event.start, event.end) == (at(14, 10), at(14, 11))


async def test_an_overlap_is_reported_when_creating(runtime: Runtime) -> None:
    await call(runtime, "create", title="Standup", start="today at 10", duration="30 minutes")
    out = await call(runtime, "create", title="Review", start="today at 10:15", end="11am")
    assert out.display == (
        "Added 'Review' today, 10:15-11:00. Note: overlaps with 'Standup' 10:00-10:30."
    )


async def test_a_day_without_a_time_makes_an_all_day_event(runtime: Runtime) -> None:
    out = await call(runtime, "create", title="Holiday", start="friday", location="Nice")
    assert out.display == "Added 'Holiday' on Fri 9 Jan (all day) at Nice."
    [event] = await store(runtime).all_events("ann")
    assert event.all_day and event.end - event.start == timedelta(days=1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"title": " ", "start": "tomorrow at 3pm"}, "what the event is called"),
        ({"title": "Call", "start": "someday"}, "couldn't read 'someday'"),
        ({"title": "Call", "start": "tomorrow at 3pm", "duration": "-10 minutes"}, "positive"),
        ({"title": "Call", "start": "tomorrow at 3pm", "end": "tomorrow at 2pm"}, "end after"),
    ],
)
async def test_bad_input_creates_nothing(
    runtime: Runtime, arguments: dict[str, str], message: str
) -> None:
    with pytest.raises(ToolExecutionError, match=message):
        await call(runtime, "create", **arguments)
    assert await store(runtime).all_events("ann") == []


async def test_listing_a_day_shows_its_events_in_order(runtime: Runtime) -> None:
    await call(runtime, "create", title="Lunch", start="today at 12:30", location="Cafe")
    await call(runtime, "create", title="Standup", start="today at 10", duration="15 min")
    await call(runtime, "create", title="Gym", start="tomorrow at 7pm")
    out = await call(runtime, "list_events", period="today")
    assert out.display == "Today: 2 events: 10:00-10:15 Standup; 12:30-13:30 Lunch (Cafe)."
    out = await call(runtime, "list_events", period="this week")
    assert out.display.startswith("From Mon 5 Jan to Sun 11 Jan: 3 events: Mon 5 Jan 10:00")
    out = await call(runtime, "list_events", period="next week")
    assert out.display == "Nothing on your calendar from Mon 12 Jan to Sun 18 Jan."


async def test_events_are_kept_per_user(runtime: Runtime) -> None:
    await call(runtime, "create", user="ann", title="Dentist", start="tomorrow at 3pm")
    out = await call(runtime, "list_events", user="bob", period="tomorrow")
    assert out.display == "Nothing on your calendar tomorrow."
    with pytest.raises(ToolExecutionError, match="No event"):
        await call(runtime, "delete", user="bob", event="dentist")


async def test_moving_an_event_keeps_its_length_and_reports_conflicts(runtime: Runtime) -> None:
    await call(runtime, "create", title="Dentist", start="tomorrow at 3pm", duration="45 min")
    await call(runtime, "create", title="Standup", start="thursday at 11")
    out = await call(runtime, "update", event="the dentist appointment", start="thursday")
    assert out.display == "Moved 'Dentist': on Thu 8 Jan, 15:00-15:45."
    out = await call(runtime, "update", event="dentist", start="11:30")
    assert out.display == (
        "Moved 'Dentist': on Thu 8 Jan, 11:30-12:15. Note: overlaps with 'Standup' 11:00-12:00."
    )
    out = await call(runtime, "update", event="dentist", title="Orthodontist")
    assert out.display.startswith(
        "Updated 'Dentist' (now 'Orthodontist'): on Thu 8 Jan, 11:30-12:15. Note: overlaps"
    )


async def test_an_ambiguous_reference_lists_the_candidates(runtime: Runtime) -> None:
    await call(runtime, "create", title="Standup", start="tomorrow at 10")
    await call(runtime, "create", title="Standup", start="wednesday at 10")
    with pytest.raises(ToolExecutionError, match=r"2 events match 'standup'.*#1.*#2"):
        await call(runtime, "delete", event="standup")
    out = await call(runtime, "delete", event="#2")
    assert out.display == "Deleted 'Standup' (on Wed 7 Jan, 10:00-11:00)."
    assert len(await store(runtime).all_events("ann")) == 1


async def test_a_shift_moves_an_event_by_a_length_keeping_its_length(runtime: Runtime) -> None:
    await call(runtime, "create", title="Standup", start="tomorrow at 3pm", duration="30 minutes")
    out = await call(runtime, "update", event="my 3 o'clock", shift="1 hour")
    assert out.display == "Moved 'Standup': tomorrow, 16:00-16:30."
    out = await call(runtime, "update", event="standup", shift="-90 minutes")
    assert out.display == "Moved 'Standup': tomorrow, 14:30-15:00."
    with pytest.raises(ToolExecutionError, match="positive duration"):
        await call(runtime, "update", event="standup", shift="soon")


async def test_an_update_with_nothing_to_change_is_refused(runtime: Runtime) -> None:
    await call(runtime, "create", title="Dentist", start="tomorrow at 3pm")
    with pytest.raises(ToolExecutionError, match="Say what to change"):
        await call(runtime, "update", event="dentist")


async def test_free_time_is_the_gaps_between_events(runtime: Runtime) -> None:
    await call(runtime, "create", title="Standup", start="tomorrow at 10", duration="30 min")
    await call(runtime, "create", title="Lunch", start="tomorrow at 12")
    out = await call(runtime, "free_time", date="tomorrow", duration="1 hour")
    assert out.display == "Free tomorrow: 09:00-10:00, 10:30-12:00, 13:00-18:00."
    out = await call(runtime, "free_time", date="tomorrow", duration="3 hours")
    assert out.display == "Free tomorrow: 13:00-18:00."


async def test_free_time_today_starts_now(runtime: Runtime, clock: FakeClock) -> None:
    clock.advance(3 * 3600)
    out = await call(runtime, "free_time", date="today", duration="30 minutes")
    assert out.display == "Free today: 12:00-18:00."
    clock.advance(6 * 3600)
    out = await call(runtime, "free_time", date="today")
    assert out.display == "No free slot of 30 minutes between 09:00 and 18:00 today."


# --- ICS --------------------------------------------------------------------------------------
async def test_ics_export_then_import_round_trips_every_field(runtime: Runtime) -> None:
    await call(runtime, "create", title="Dentist", start="on the 14th at 10am", location="Rue X")
    await call(runtime, "create", title="Holiday", start="friday")
    text = await export_ics(store(runtime), "ann")
    assert "BEGIN:VCALENDAR" in text and "SUMMARY:Dentist" in text
    result = await import_ics(store(runtime), text, "bob")
    assert (result.added, result.updated) == (2, 0)

    async def fields(user: str) -> list[tuple[object, ...]]:
        events = await store(runtime).all_events(user)
        return [(e.title, e.start, e.end, e.all_day, e.location) for e in events]

    assert await fields("bob") == await fields("ann")


async def test_importing_the_same_file_twice_updates_instead_of_duplicating(
    runtime: Runtime,
) -> None:
    await call(runtime, "create", title="Dentist", start="tomorrow at 3pm")
    text = await export_ics(store(runtime), "ann")
    result = await import_ics(store(runtime), text, "ann")
    assert (result.added, result.updated) == (0, 1)
    assert len(await store(runtime).all_events("ann")) == 1


async def test_import_reads_floating_times_durations_and_recurrence(runtime: Runtime) -> None:
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        "BEGIN:VEVENT\r\nUID:a@x\r\nSUMMARY:Yoga\r\nDTSTART:20260107T180000\r\n"
        "DURATION:PT90M\r\nRRULE:FREQ=WEEKLY\r\nEND:VEVENT\r\n"
        "BEGIN:VEVENT\r\nUID:b@x\r\nSUMMARY:Broken\r\nDTSTART:20260107T180000\r\n"
        "DTEND:20260107T170000\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    result = await import_ics(store(runtime), text, "ann")
    assert (result.added, result.recurring) == (1, [])
    assert result.skipped == ["'Broken': ends before it starts"]
    [event] = await store(runtime).all_events("ann")
    assert (event.start, event.end) == (at(7, 18), at(7, 19, 30))
    assert (event.repeat, event.interval) == ("wed", 1)  # weekly on the day it starts


async def test_a_rule_that_cannot_be_kept_is_its_first_occurrence(runtime: Runtime) -> None:
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        "BEGIN:VEVENT\r\nUID:a@x\r\nSUMMARY:Yoga\r\nDTSTART:20260107T180000\r\n"
        "DURATION:PT90M\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=7\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    result = await import_ics(store(runtime), text, "ann")
    assert (result.added, result.recurring) == (1, ["Yoga"])
    [event] = await store(runtime).all_events("ann")
    assert event.repeat == ""


async def test_a_repeating_event_round_trips_through_ics(runtime: Runtime) -> None:
    await call(runtime, "create", title="Gym", start="monday at 7am", repeat="mon,thu", interval=2)
    gym = store(runtime)
    [event] = await gym.all_events("ann")
    later = await gym.between("ann", event.start, event.start + timedelta(days=30))
    await gym.skip(later[1])
    result = await import_ics(gym, await export_ics(gym, "ann"), "bob")
    assert (result.added, result.recurring) == (1, [])
    [copy] = await gym.all_events("bob")
    assert (copy.repeat, copy.interval, copy.skipped) == (
        "mon,thu",
        2,
        (later[1].start.date().isoformat(),),
    )
    again = await gym.between("bob", event.start, event.start + timedelta(days=30))
    assert [e.start for e in again] == [e.start for e in later if e.start != later[1].start]


async def test_import_of_a_non_calendar_says_what_to_do(runtime: Runtime) -> None:
    with pytest.raises(ToolExecutionError, match=r"not a valid iCalendar .*Export it again"):
        await import_ics(store(runtime), "hello, world", "ann")
    assert await store(runtime).all_events("ann") == []


# --- interpretation ---------------------------------------------------------------------------
def interpret(runtime: Runtime, text: str, history: list[Turn] | None = None) -> Any:
    return ROLE.interpret(text, {}, runtime, history or [])


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        (
            "what's on my calendar today",
            "calendar.list",
            {"start": "2026-01-05T00:00:00+01:00", "end": "2026-01-06T00:00:00+01:00"},
        ),
        (
            "show my agenda for next week",
            "calendar.list",
            {"start": "2026-01-12T00:00:00+01:00", "end": "2026-01-19T00:00:00+01:00"},
        ),
        (
            "schedule a meeting with Bob tomorrow at 3pm",
            "calendar.create",
            {"title": "Meeting with Bob", "start": "2026-01-06T15:00:00+01:00"},
        ),
        (
            "book lunch with Sam at Luigi's on friday at 1pm for 90 minutes",
            "calendar.create",
            {
                "title": "Lunch with Sam",
                "start": "2026-01-09T13:00:00+01:00",
                "duration": "1 hour 30 minutes",
                "location": "Luigi's",
            },
        ),
        (
            "create an event called team review on wednesday from 2 to 4pm",
            "calendar.create",
            {
                "title": "Team review",
                "start": "2026-01-07T14:00:00+01:00",
                "end": "2026-01-07T16:00:00+01:00",
            },
        ),
        (
            "add mom's birthday on march 3rd",
            "calendar.create",
            {"title": "Mom's birthday", "start": "2026-03-03"},
        ),
        (
            "move the dentist to thursday at 11",
            "calendar.update",
            {"event": "dentist", "start": "thursday at 11"},
        ),
        (
            "rename standup to daily sync",
            "calendar.update",
            {"event": "standup", "title": "daily sync"},
        ),
        ("cancel my dentist appointment", "calendar.delete", {"event": "dentist appointment"}),
        (
            "push my 3 o'clock back an hour",
            "calendar.update",
            {"event": "3 o'clock", "shift": "1 hour"},
        ),
        (
            "bring the review forward 30 minutes",
            "calendar.update",
            {"event": "review", "shift": "-30 minutes"},
        ),
        ("delete the team review from my calendar", "calendar.delete", {"event": "team review"}),
        (
            "do I have a free hour on wednesday",
            "calendar.free_time",
            {"date": "2026-01-07", "duration": "1 hour"},
        ),
        (
            "when am I free this week",
            "calendar.free_time",
            {"date": "this week", "duration": "30 minutes"},
        ),
    ],
)
def test_interpret_picks_the_tool_from_the_words(
    runtime: Runtime, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    assert interpret(runtime, text) == RoleCall(tool, arguments)


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("add dentist", "When is 'Dentist'?"),
        ("schedule a meeting with Bob tomorrow", "What time is 'Meeting with Bob'?"),
        ("add an event tomorrow at 3pm", "What should I call the event?"),
        ("move the dentist", "What should I change 'dentist' to?"),
    ],
)
def test_missing_information_becomes_a_question(runtime: Runtime, text: str, question: str) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, Clarification)
    assert result.question == question


def test_an_answer_to_a_question_completes_the_earlier_request(runtime: Runtime) -> None:
    history = [
        Turn(
            text="schedule a meeting with Bob tomorrow",
            role="calendar",
            reply="What time is 'Meeting with Bob'?",
        )
    ]
    assert interpret(runtime, "at 3pm", history) == RoleCall(
        "calendar.create", {"title": "Meeting with Bob", "start": "2026-01-06T15:00:00+01:00"}
    )


async def test_an_interpreted_create_runs_through_its_tool(runtime: Runtime) -> None:
    role_call = interpret(runtime, "put standup on my calendar tomorrow at 9:30 for 15 minutes")
    out = await call(runtime, "create", **role_call.arguments)
    assert out.display == "Added 'Standup' tomorrow, 09:30-09:45."


def test_the_role_has_enough_examples() -> None:
    assert len(ROLE.examples) >= 20
    assert ROLE.name == "calendar"
