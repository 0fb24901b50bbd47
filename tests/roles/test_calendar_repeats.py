"""Repeating events (issue 15): "add gym every monday at 7am" is stored once with its rule and
shown on every matching day; one occurrence or the whole series can go.

Families (each with paraphrases of our own): an add that repeats (every <day>, every weekday,
daily, every other <day>) x add verbs; listings of a day, a week, the next one; deleting one
occurrence by its day; deleting the series ("series", "all the ... sessions"); a repeating
event named with no day is asked about; ICS export writes one VEVENT with its RRULE.
Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

from datetime import UTC, timedelta

import pytest

from agent_system.api import AgentSystem
from agent_system.registry.spec import ToolContext
from agent_system.repository import open_repository
from agent_system.runtime import Runtime
from roles.calendar import CalendarStore, export_ics
from roles.calendar import tools as calendar_tools

pytestmark = pytest.mark.anyio


_MONDAYS = "Mon 9 Mar, Mon 16 Mar, Mon 23 Mar, Mon 30 Mar"
_OTHER = "Mon 9 Mar, Mon 23 Mar"


@pytest.mark.parametrize(
    ("text", "said", "first", "days"),
    [
        ("add gym every monday at 7am", "every Monday", "Mon 9 Mar", _MONDAYS),
        ("put gym on my calendar every monday at 7am", "every Monday", "Mon 9 Mar", _MONDAYS),
        ("schedule gym every monday at 7am", "every Monday", "Mon 9 Mar", _MONDAYS),
        ("add gym every other monday at 7am", "every other Monday", "Mon 9 Mar", _OTHER),
        ("add gym every weekday at 7am", "every weekday", "tomorrow", "Tue 3 Mar to Tue 31 Mar"),
        ("add gym daily at 7am", "every day", "tomorrow", "Tue 3 Mar to Tue 31 Mar"),
    ],
)
async def test_an_event_that_repeats_shows_on_every_matching_day(
    system: AgentSystem, text: str, said: str, first: str, days: str
) -> None:
    added = await system.arun(text)
    assert added.reply == f"Added 'Gym' {said}, 07:00-08:00, from {first}."
    month = await system.arun("what's on my calendar this month")  # the series said once
    assert month.reply == (
        f"From Mon 2 Mar to Tue 31 Mar: 1 event: Gym {said}, 07:00-08:00 ({days})."
    )
    day = await system.arun("what's on my calendar on monday the 23rd")
    assert day.reply == "Mon 23 Mar: 1 event: 07:00-08:00 Gym."


@pytest.mark.parametrize(
    ("text", "title", "day", "later"),
    [
        ("schedule a team meeting every friday at 4pm", "Team meeting", "Fri 6 Mar", "the 20th"),
        ("book piano lessons every thursday at 5pm", "Piano lessons", "Thu 5 Mar", "the 19th"),
        ("add a call with mom every sunday at 6pm", "Call with mom", "Sun 8 Mar", "the 22nd"),
    ],
)
async def test_more_repeating_adds(
    system: AgentSystem, text: str, title: str, day: str, later: str
) -> None:
    added = await system.arun(text)
    assert added.reply.startswith(f"Added '{title}' every ")
    assert added.reply.endswith(f"from {day}.")
    assert title in (await system.arun(f"what's on my calendar on {later}")).reply


async def test_a_daily_name_is_no_repeat(system: AgentSystem) -> None:
    added = await system.arun("add daily standup tomorrow at 9")
    assert added.reply == "Added 'Daily standup' tomorrow, 09:00-10:00."
    assert "Nothing" in (await system.arun("what's on wednesday")).reply


@pytest.mark.parametrize(
    "text",
    [
        "cancel my gym session next monday",
        "cancel gym on monday the 9th",
        "delete next monday's gym",
    ],
)
async def test_one_occurrence_goes_and_the_series_stays(system: AgentSystem, text: str) -> None:
    await system.arun("add gym every monday at 7am")
    gone = await system.arun(text)
    assert gone.reply == "Deleted 'Gym' on Mon 9 Mar, 07:00-08:00; it still repeats every Monday."
    assert (await system.arun("what's on next monday")).reply == (
        "Nothing on your calendar on Mon 9 Mar."
    )
    assert (await system.arun("what's on my calendar on monday the 16th")).reply == (
        "Mon 16 Mar: 1 event: 07:00-08:00 Gym."
    )


@pytest.mark.parametrize(
    "text",
    [
        "delete my gym series",
        "remove the gym series",
        "delete all my gym sessions",
        "cancel my gym sessions for good",
    ],
)
async def test_the_series_goes_when_said(system: AgentSystem, text: str) -> None:
    await system.arun("add gym every monday at 7am")
    await system.arun("add dentist on friday at 10am")
    gone = await system.arun(text)
    assert gone.reply == "Deleted 'Gym' (every Monday) and all its repeats."
    month = await system.arun("what's on my calendar this month")
    assert month.reply == "From Mon 2 Mar to Tue 31 Mar: 1 event: Fri 6 Mar 10:00-11:00 Dentist."


async def test_a_repeating_event_named_without_a_day_is_asked_about(system: AgentSystem) -> None:
    await system.arun("add gym every monday at 7am")
    asked = await system.arun("cancel my gym session")
    assert asked.reply == (
        "'Gym' repeats every Monday: say 'cancel gym next monday' for one day, or 'delete the gym "
        "series' for all of them."
    )
    assert "Gym" in (await system.arun("what's on my calendar on monday the 16th")).reply


async def test_one_occurrence_moved_on_its_own(system: AgentSystem) -> None:
    await system.arun("add yoga every wednesday at 6pm")
    moved = await system.arun("move yoga on wednesday the 11th to 8pm")
    assert moved.reply == (
        "Moved 'Yoga' on Wed 11 Mar, 18:00-19:00 only: now on Wed 11 Mar, 20:00-21:00; it still "
        "repeats every Wednesday."
    )
    assert (await system.arun("what's on my calendar on wednesday the 11th")).reply == (
        "Wed 11 Mar: 1 event: 20:00-21:00 Yoga."
    )
    assert (await system.arun("what's on my calendar on wednesday the 18th")).reply == (
        "Wed 18 Mar: 1 event: 18:00-19:00 Yoga."
    )


async def test_a_clear_out_takes_the_day_off_a_series(system: AgentSystem) -> None:
    await system.arun("add gym every monday at 7am")
    cleared = await system.arun("clear my monday the 16th")
    assert cleared.reply == "Cleared Mon 16 Mar: deleted 1 event: 'Gym' (07:00-08:00)."
    assert "Gym" in (await system.arun("what's on my calendar on monday the 23rd")).reply
    asked = await system.arun("clear my calendar", thread_id="all")
    assert asked.status == "success"  # the series counts once: one event, no question
    assert asked.reply.startswith("Cleared from now on: deleted 1 event: 'Gym'")
    assert "Nothing" in (await system.arun("what's on my calendar on monday the 23rd")).reply


async def test_the_ics_export_writes_the_rule_once(runtime: Runtime) -> None:
    spec = calendar_tools.create.__tool_spec__  # type: ignore[attr-defined]
    ctx = ToolContext(runtime=runtime, user="ann")
    await spec.ainvoke(
        {"title": "Gym", "start": "monday at 7am", "repeat": "mon", "interval": 2}, ctx
    )
    store = CalendarStore(open_repository(runtime), runtime.clock)
    (gym,) = await store.all_events("ann")
    (_, second) = await store.between("ann", gym.start, gym.start + timedelta(days=15))
    await store.skip(second)
    ics = await export_ics(store, "ann")
    assert ics.count("BEGIN:VEVENT") == 1
    assert "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO" in ics
    assert f"EXDATE:{second.start.astimezone(UTC):%Y%m%dT%H%M%SZ}" in ics
    assert len(await store.between("ann", gym.start, gym.start + timedelta(days=29))) == 2


async def test_a_new_time_alone_moves_every_occurrence(system: AgentSystem) -> None:
    await system.arun("add yoga every wednesday at 6pm")
    moved = await system.arun("move my yoga class to 7pm")
    assert moved.reply == "Moved 'Yoga': every Wednesday, 19:00-20:00, from Wed 4 Mar."
    for day in ("wednesday the 11th", "wednesday the 25th"):
        listed = await system.arun(f"what's on my calendar on {day}")
        assert listed.reply.endswith("1 event: 19:00-20:00 Yoga.")
