"""Repeating events with an end (issue 15): "every monday until june", "for the next 4 weeks",
"every day this week", "4 times", "through april 15"; the end goes into the ICS RRULE (UNTIL) and
comes back on import (UNTIL or COUNT).

Families (paraphrases of our own): an end said as a last day (until / till / through / up to
<month | date | weekday | the end of the month>) x a length (for (the next) <n> weeks / days)
x a count (<n> times) x a span (this week, next week), each after a repeat (every <day>, every
weekday, daily). Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pytest

from agent_system.api import AgentSystem
from agent_system.registry.spec import ToolContext
from agent_system.repository import open_repository
from agent_system.runtime import Runtime
from roles.calendar import CalendarStore, export_ics, import_ics
from roles.calendar import tools as calendar_tools

if TYPE_CHECKING:
    from agent_system.events import RunResult

pytestmark = pytest.mark.anyio


def _listed(done: RunResult, title: str) -> list[dict[str, Any]]:
    """The occurrences of `title` the listing found (its data: every one of them)."""
    assert done.result is not None
    [step] = done.result.steps
    return [e for e in step.output or [] if e["title"] == title]


@pytest.mark.parametrize(
    ("text", "reply", "count"),
    [
        (
            "add yoga every monday until june at 6pm",
            "Added 'Yoga' every Monday, 18:00-19:00, from Mon 9 Mar to Mon 25 May.",
            12,
        ),
        (
            "add yoga every monday at 6pm till the end of april",
            "Added 'Yoga' every Monday, 18:00-19:00, from Mon 9 Mar to Mon 27 Apr.",
            8,
        ),
        (
            "put yoga on mondays at 6pm up to april 13",
            "Added 'Yoga' every Monday, 18:00-19:00, from Mon 9 Mar to Mon 13 Apr.",
            6,
        ),
        (
            "add yoga every monday at 6pm for the next 4 weeks",
            "Added 'Yoga' every Monday, 18:00-19:00, from Mon 9 Mar to Mon 23 Mar.",
            3,
        ),
        (
            "schedule yoga every monday at 6pm for six weeks",
            "Added 'Yoga' every Monday, 18:00-19:00, from Mon 9 Mar to Mon 6 Apr.",
            5,
        ),
        (
            "add yoga every monday at 6pm 3 times",
            "Added 'Yoga' every Monday, 18:00-19:00, from Mon 9 Mar to Mon 23 Mar.",
            3,
        ),
    ],
)
async def test_a_repeat_stops_on_the_day_said(
    system: AgentSystem, text: str, reply: str, count: int
) -> None:
    added = await system.arun(text)
    assert added.reply == reply
    found = 0
    for month in ("march", "april", "may", "june"):
        listed = await system.arun(f"show me my events for {month}")
        found += len(_listed(listed, "Yoga"))  # each occurrence listed (the reply says it once)
    assert found == count


@pytest.mark.parametrize(
    ("text", "reply", "days"),
    [
        (
            "add standup every day this week at 8am",
            "Added 'Standup' every day, 08:00-09:00, from tomorrow to Sun 8 Mar.",
            6,
        ),
        (
            "add standup every weekday next week at 8am",
            "Added 'Standup' every weekday, 08:00-09:00, from Mon 9 Mar to Fri 13 Mar.",
            5,
        ),
        (
            "add standup daily at 8am until friday",
            "Added 'Standup' every day, 08:00-09:00, from tomorrow to Fri 6 Mar.",
            4,
        ),
    ],
)
async def test_a_span_said_bounds_a_daily_repeat(
    system: AgentSystem, text: str, reply: str, days: int
) -> None:
    assert (await system.arun(text)).reply == reply
    month = await system.arun("what's on my calendar this month")
    assert len(_listed(month, "Standup")) == days


async def test_the_end_round_trips_through_ics(runtime: Runtime) -> None:
    spec = calendar_tools.create.__tool_spec__  # type: ignore[attr-defined]
    ctx = ToolContext(runtime=runtime, user="ann")
    arguments = {"title": "Gym", "start": "monday at 7am", "repeat": "mon", "until": "2026-02-02"}
    await spec.ainvoke(arguments, ctx)
    store = CalendarStore(open_repository(runtime), runtime.clock)
    ics = await export_ics(store, "ann")
    assert re.search(r"RRULE:FREQ=WEEKLY;UNTIL=20260202T\d{6}Z;BYDAY=MO", ics)
    result = await import_ics(store, ics, "bob")
    assert (result.added, result.recurring) == (1, [])
    [copy] = await store.all_events("bob")
    assert (copy.repeat, copy.until) == ("mon", "2026-02-02")
    mine = await store.between("ann", copy.start, copy.start.replace(month=4))
    theirs = await store.between("bob", copy.start, copy.start.replace(month=4))
    assert [e.start for e in theirs] == [e.start for e in mine]
    assert len(mine) == 4  # Mondays 12 Jan to 2 Feb


async def test_a_count_in_an_ics_rule_is_its_last_day(runtime: Runtime) -> None:
    text = (
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
        "BEGIN:VEVENT\r\nUID:a@x\r\nSUMMARY:Swim\r\nDTSTART:20260107T180000\r\n"
        "DURATION:PT1H\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VEVENT\r\n"
        "END:VCALENDAR\r\n"
    )
    store = CalendarStore(open_repository(runtime), runtime.clock)
    result = await import_ics(store, text, "ann")
    assert (result.added, result.recurring) == (1, [])
    [swim] = await store.all_events("ann")
    assert (swim.repeat, swim.until) == ("wed", "2026-01-21")


async def test_an_end_before_the_start_is_said_and_nothing_added(system: AgentSystem) -> None:
    added = await system.arun("add yoga every monday at 6pm until march 3")
    assert added.reply == (
        "It would stop on Tue 3 Mar, before its first day (Mon 9 Mar); say a later last day."
    )
    assert "Nothing" in (await system.arun("what's on monday the 9th")).reply
