"""Calendar times the way people mean them, and the time and date asked every way (issue 15).

Through the public API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from agent_system.understanding import normalize

pytestmark = pytest.mark.anyio


async def _step(system: AgentSystem, text: str) -> tuple[str, dict[str, Any]]:
    plan = await system.aplan(text)
    assert len(plan.steps) == 1, plan.steps
    return plan.steps[0].tool, dict(plan.steps[0].arguments)


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("add dinner with Jo tomorrow at 7", "2026-01-06T19:00:00+00:00"),
        ("add dinner with Jo at 7", "2026-01-05T19:00:00+00:00"),
        ("put drinks with Sam on friday at 8 on my calendar", "2026-01-09T20:00:00+00:00"),
        ("add breakfast with Ana tomorrow at 8", "2026-01-06T08:00:00+00:00"),
        ("schedule a meeting with Bob tomorrow at 3", "2026-01-06T15:00:00+00:00"),
        ("book lunch with Sam on friday at 1", "2026-01-09T13:00:00+00:00"),
        ("add standup tomorrow at 9", "2026-01-06T09:00:00+00:00"),
        ("add dinner with Jo tomorrow at 7am", "2026-01-06T07:00:00+00:00"),
    ],
)
async def test_an_event_hour_without_am_or_pm_is_read_as_meant(
    system: AgentSystem, text: str, start: str
) -> None:
    tool, arguments = await _step(system, text)
    assert tool == "calendar.create"
    assert arguments["start"] == start


async def test_an_alarm_hour_keeps_the_next_occurrence_rule(system: AgentSystem) -> None:
    tool, arguments = await _step(system, "set an alarm at 7")
    assert tool == "timer.alarm"
    assert arguments["at"] == "2026-01-05T19:00:00+00:00"  # 07:00 has passed at 09:00


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        (
            "do I have anything on saturday between two and four pm",
            "2026-01-10T14:00:00+00:00",
            "2026-01-10T16:00:00+00:00",
        ),
        (
            "what's on between 8 am and 5 pm today",
            "2026-01-05T08:00:00+00:00",
            "2026-01-05T17:00:00+00:00",
        ),
        (
            "am I busy on wednesday evening",
            "2026-01-07T18:00:00+00:00",
            "2026-01-08T00:00:00+00:00",
        ),
        (
            "do I have anything going on at five",
            "2026-01-05T17:00:00+00:00",
            "2026-01-05T18:00:00+00:00",
        ),
        (
            "what is my afternoon schedule tomorrow",
            "2026-01-06T12:00:00+00:00",
            "2026-01-06T18:00:00+00:00",
        ),
        (
            "what's on my calendar for march seventh",
            "2026-03-07T00:00:00+00:00",
            "2026-03-08T00:00:00+00:00",
        ),
        (
            "what is my schedule for june fourteenth two thousand and twenty seven",
            "2027-06-14T00:00:00+00:00",
            "2027-06-15T00:00:00+00:00",
        ),
    ],
)
async def test_a_calendar_question_lists_the_part_of_the_day_asked_about(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    tool, arguments = await _step(system, text)
    assert tool == "calendar.list"
    assert (arguments["start"], arguments["end"]) == (start, end)


async def test_a_listed_window_says_which_hours_it_covers(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add dinner with Jo tomorrow at 7")
        assert "19:00" in added.reply
        evening = await system.arun("do I have anything tomorrow evening")
        assert evening.reply.startswith("Tomorrow from 18:00")
        assert "Dinner with Jo" in evening.reply
        morning = await system.arun("what's on tomorrow between 8 and 11 am")
        assert "Nothing" in morning.reply and "08:00 to 11:00" in morning.reply


@pytest.mark.parametrize(
    ("said", "normalized"),
    [
        ("march twenty first at ten", "march 21st at 10"),
        ("on fifteenth march", "on 15th march"),
        ("june fourteenth two thousand and seventeen", "june 14th 2017"),
        ("the twenty second of may", "the 22nd of may"),
        ("wait a second", "wait a second"),
    ],
)
def test_spoken_ordinals_and_years_become_digits(said: str, normalized: str) -> None:
    assert normalize(said) == normalized


async def test_a_spoken_compound_ordinal_makes_the_event_on_that_day(system: AgentSystem) -> None:
    tool, arguments = await _step(system, "i have a meeting with al on march twenty first at ten")
    assert tool == "calendar.create"
    assert arguments["start"] == "2026-03-21T10:00:00+00:00"
    assert arguments["title"] == "Meeting with al"


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what time is it", "It's 09:00"),
        ("what time is it in Tokyo", "It's 18:00 in Tokyo (JST)."),
        ("tell me the current time in orlando florida", "It's 04:00 in Orlando, Florida (EST)."),
        ("new york time", "It's 04:00 in New York (EST)."),
        ("can you give me the time in india", "It's 14:30 in India (IST)."),
        ("what's the date", "Today is Monday 5 January 2026."),
        ("what day is it today", "Today is Monday 5 January 2026."),
        ("what day of the week is june 27th", "It's Saturday 27 June 2026."),
        ("is march 6th a saturday", "No, it's Friday 6 March 2026."),
        ("what day is christmas", "It's Friday 25 December 2026."),
        ("what date is easter this year", "It's Sunday 5 April 2026."),
        ("how many days until halloween", "299 days to go: it's Saturday 31 October 2026."),
    ],
)
async def test_time_and_date_questions_are_answered_offline(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation"
    result = await system.arun(text)
    assert result.reply.startswith(reply)


async def test_an_unknown_place_says_so_and_gives_the_local_time(system: AgentSystem) -> None:
    result = await system.arun("what time is it in Zzyzxville")
    assert result.reply == "I don't know the time zone of Zzyzxville; here it's 09:00."


@pytest.mark.parametrize(
    "text",
    ["what time is the party tonight", "wake me up at this time", "what time does the bank open"],
)
async def test_questions_about_a_things_time_are_not_clock_questions(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert not (decision.role == "conversation" and "time or the date" in (decision.reason or ""))


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("cancel lunch with Sam", "calendar.delete"),
        ("move lunch with Sam to 2pm", "calendar.update"),
        ("what events do I have coming up", "calendar.list"),
        ("how many meetings do I have next week", "calendar.list"),
        ("delete the dentist appointment on the 12th", "calendar.delete"),
        ("clear my schedule for friday", "calendar.delete"),
        ("put the school play on my calendar for friday at 6", "calendar.create"),
        ("set up a meeting with Priya on thursday at 10", "calendar.create"),
    ],
)
async def test_requests_naming_the_calendar_or_a_meeting_are_the_calendars(
    system: AgentSystem, text: str, tool: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "calendar"
    assert (await _step(system, text))[0] == tool


@pytest.mark.parametrize(
    "text",
    [
        "schedule an uber to the airport",
        "make an appointment to get my oil changed",
        "what events are happening in Chicago this weekend",
        "set a reminder for my meeting at 5pm",
        "add milk to my shopping list",
    ],
)
async def test_rides_car_care_city_events_reminders_and_lists_are_not_claimed(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "user's own calendar" not in (decision.reason or "")


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("today's date please", "Today is Monday 5 January 2026."),
        ("what is the date of next saturday", "It's Saturday 10 January 2026."),
        ("what day is it on the fifth of december", "It's Saturday 5 December 2026."),
        ("is today march sixth", "No, today is Monday 5 January 2026."),
        ("what is time now in california", "It's 01:00 in California (PST)."),
        ("on what date is easter this year", "It's Sunday 5 April 2026."),
    ],
)
async def test_more_date_shapes_are_answered(system: AgentSystem, text: str, reply: str) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("please block off friday at 8 am on my calendar", "Busy", "2026-01-09T08:00:00+00:00"),
        ("block out friday at 2pm for focus time", "Focus time", "2026-01-09T14:00:00+00:00"),
        (
            "note the school play on my calendar for friday at 6",
            "School play",
            "2026-01-09T18:00:00+00:00",
        ),
        ("jot down dentist on tuesday at 10 in my diary", "Dentist", "2026-01-06T10:00:00+00:00"),
    ],
)
async def test_block_off_and_note_down_create_an_event(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    tool, arguments = await _step(system, text)
    assert tool == "calendar.create"
    assert (arguments["title"], arguments["start"]) == (title, start)
