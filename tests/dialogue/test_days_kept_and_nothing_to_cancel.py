"""Follow-ups that change the day keep the question; bare "cancel" / "stop" with nothing going
on; forgetting a fact just kept; fixed-date holidays as days. Through the public API, offline,
on the fake clock (Monday 5 January 2026, 09:00 UTC) unless a test sets another."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.events import RunResult
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

CANT = "I can't do that offline"


def tools(result: RunResult) -> list[str]:
    return [step.tool for step in result.plan.steps] if result.plan else []


def arguments(result: RunResult) -> dict[str, object]:
    assert result.plan is not None
    return dict(result.plan.steps[-1].arguments)


# --- 1. a follow-up that changes the day keeps the question ------------------------------


@pytest.mark.parametrize(
    ("first", "then", "day"),
    [
        ("set an alarm for 7am tomorrow", "and on friday?", "2026-01-09"),
        ("wake me up at 6:30 tomorrow", "what about thursday?", "2026-01-08"),
        ("set an alarm for 7am tomorrow", "and the day after?", "2026-01-07"),
        ("what time is my alarm tomorrow", "and on saturday?", "2026-01-10"),
    ],
)
async def test_a_day_asked_after_an_alarm_lists_that_days_alarms(
    system: AgentSystem, first: str, then: str, day: str
) -> None:
    await system.arun(first, thread_id="t")
    result = await system.arun(then, thread_id="t")
    assert tools(result) == ["timer.list"]
    assert arguments(result) == {"kind": "alarm", "when": day}
    assert "that day" not in result.reply
    mine = await system.arun("list my alarms", thread_id="other")
    assert mine.reply.count("Alarm") <= 1  # the question set nothing


async def test_the_day_asked_is_named_in_the_reply(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am on friday", thread_id="t")
    await system.arun("is my alarm set for tomorrow", thread_id="t")
    none = await system.arun("and for tuesday next week?", thread_id="t")
    friday = await system.arun("and on friday?", thread_id="t")
    assert none.reply == "You have no alarms set for Tue 13 Jan."
    assert friday.reply == "Alarm for Fri 9 Jan at 07:00."


async def test_a_reminder_then_another_day_asks_about_reminders(system: AgentSystem) -> None:
    await system.arun("remind me to water the plants tomorrow at 6pm", thread_id="t")
    result = await system.arun("what about on sunday?", thread_id="t")
    assert arguments(result) == {"kind": "reminder", "when": "2026-01-11"}
    assert result.reply == "You have no reminders set for Sun 11 Jan."


async def test_and_on_a_day_said_as_an_order_sets_one_more_alarm(system: AgentSystem) -> None:
    await system.arun("set an alarm for 6:45am tomorrow", thread_id="t")
    result = await system.arun("and on friday", thread_id="t")
    assert tools(result) == ["timer.alarm"]
    assert result.reply == "Alarm set for Fri 9 Jan at 06:45."
    both = await system.arun("list my alarms", thread_id="t")
    assert "06:45" in both.reply and both.reply.startswith("You have 2")


@pytest.mark.parametrize(
    ("then", "reply"),
    [
        ("what about tomorrow?", "In Tokyo, tomorrow is Tuesday 6 January 2026"),
        ("what about sunday?", "In Tokyo, that's Sunday 11 January 2026"),
        ("and on friday?", "In Tokyo, that's Friday 9 January 2026"),
    ],
)
async def test_the_time_in_a_place_then_another_day_says_that_days_date_there(
    system: AgentSystem, then: str, reply: str
) -> None:
    await system.arun("what time is it in tokyo", thread_id="t")
    result = await system.arun(then, thread_id="t")
    assert result.reply.startswith(reply)
    assert "18:00 there now" in result.reply
    assert CANT not in result.reply


async def test_a_place_and_a_day_asked_at_once(system: AgentSystem) -> None:
    late = await system.arun("what's the time in sydney tomorrow", thread_id="a")
    plain = await system.arun("what time is it in new york", thread_id="b")
    assert late.reply.startswith("In Sydney, tomorrow is Tuesday 6 January 2026")
    assert "Tomorrow" not in late.reply
    assert plain.reply == "It's 04:00 in New York (EST)."


async def test_the_weather_then_a_day_keeps_working(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("weather in paris", thread_id="t")
    result = await system.arun("and on friday?", thread_id="t")
    assert tools(result) == ["weather.forecast"]
    assert arguments(result)["day"] == "2026-01-09"


# --- 2. a bare "cancel" / "stop" with nothing to cancel ----------------------------------


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("cancel", "There's nothing to cancel."),
        ("Cancel.", "There's nothing to cancel."),
        ("ok cancel that", "There's nothing to cancel."),
        ("just cancel it please", "There's nothing to cancel."),
        ("abort", "There's nothing to cancel."),
        ("stop", "There's nothing to stop."),
        ("stop it", "There's nothing to stop."),
        ("stop everything", "There's nothing to stop."),
        ("please stop what you're doing", "There's nothing to stop."),
        ("never mind", "OK, never mind."),
    ],
)
async def test_a_bare_cancel_opening_a_thread_is_answered_plainly(
    system: AgentSystem, said: str, reply: str
) -> None:
    result = await system.arun(said, thread_id="fresh")
    assert result.reply == reply
    assert result.route is not None and result.route.role == "conversation"
    assert tools(result) == ["conversation.reply"]


async def test_cancel_after_an_answer_has_nothing_to_cancel(
    system: AgentSystem, weather: respx.MockRouter
) -> None:
    await system.arun("what's the weather in rome", thread_id="t")
    after_weather = await system.arun("cancel", thread_id="t")
    await system.arun("tell me a joke", thread_id="u")
    after_joke = await system.arun("stop", thread_id="u")
    assert after_weather.reply == "There's nothing to cancel."
    assert after_joke.reply == "There's nothing to stop."


async def test_cancel_in_a_new_thread_with_a_timer_running_says_which(
    system: AgentSystem,
) -> None:
    await system.arun("set a timer for 20 minutes", thread_id="kitchen")
    result = await system.arun("cancel", thread_id="hall")
    assert result.reply == "Nothing is going on here. To cancel a timer, say which one."
    running = await system.arun("how many timers do i have", thread_id="hall")
    assert running.reply.startswith("You have 1 timer")  # nothing was cancelled


async def test_cancel_right_after_a_timer_still_cancels_it(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun("cancel", thread_id="t")
    assert tools(result) == ["timer.cancel"]


# --- 3. forgetting what was just remembered ----------------------------------------------


async def test_forget_a_fact_by_what_it_is_about(system: AgentSystem) -> None:
    await system.arun("remember that sam's flight lands at 6", thread_id="t")
    result = await system.arun("forget sam's flight", thread_id="t")
    kept = await system.arun("what do you remember", thread_id="t")
    assert tools(result) == ["memory.forget"]
    assert "forgotten" in result.reply and "Sam's flight" in result.reply
    assert "Sam" not in kept.reply


@pytest.mark.parametrize("said", ["forget it", "forget that", "no wait, delete that", "erase it"])
async def test_forget_it_right_after_a_fact(system: AgentSystem, said: str) -> None:
    await system.arun("remember that the gate code is 2580", thread_id="t")
    result = await system.arun(said, thread_id="t")
    kept = await system.arun("what do you remember", thread_id="t")
    assert tools(result) == ["memory.forget"]
    assert result.reply.startswith("OK, I've forgotten")
    assert "2580" not in kept.reply


async def test_forget_my_thing_in_a_new_thread(system: AgentSystem) -> None:
    await system.arun("remember that my bike lock combination is 907", thread_id="a")
    result = await system.arun("please forget my bike lock combination", thread_id="b")
    assert tools(result) == ["memory.forget"]
    unknown = await system.arun("forget my shoe size", thread_id="c")
    assert unknown.reply.startswith("I don't remember anything about")


async def test_forget_it_after_a_timer_keeps_no_fact_from_being_dropped(
    system: AgentSystem,
) -> None:
    await system.arun("remember that the spare key is in the shed", thread_id="a")
    await system.arun("set a timer for 3 minutes", thread_id="b")
    result = await system.arun("forget it", thread_id="b")
    kept = await system.arun("what do you remember", thread_id="a")
    assert "memory.forget" not in tools(result)
    assert "shed" in kept.reply


async def test_forget_the_milk_is_still_the_lists(system: AgentSystem) -> None:
    await system.arun("add milk to my shopping list", thread_id="t")
    result = await system.arun("forget the milk", thread_id="u")
    assert tools(result) == ["lists.remove"]


# --- 4. fixed-date holidays said as days ---------------------------------------------------


@pytest.fixture
def december() -> FakeClock:
    return FakeClock(datetime(2026, 12, 20, 9, 0, tzinfo=UTC))  # a Sunday


@pytest.fixture
async def near_christmas(tmp_path: Path, december: FakeClock) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "xmas"), clock=december) as system:
        yield system


async def test_holidays_are_days_for_the_calendar(near_christmas: AgentSystem) -> None:
    added = await near_christmas.arun("add dinner at gran's on christmas eve at 7pm")
    boxing = await near_christmas.arun("add a walk in the park on boxing day at 11am")
    listed = await near_christmas.arun("what's on my calendar for christmas eve")
    assert arguments(added)["start"] == "2026-12-24T19:00:00+00:00"
    assert arguments(boxing)["start"] == "2026-12-26T11:00:00+00:00"
    assert "Dinner at gran's" in listed.reply


async def test_holidays_are_days_for_alarms_and_reminders(near_christmas: AgentSystem) -> None:
    alarm = await near_christmas.arun("set an alarm for new year's day at 10am")
    nudge = await near_christmas.arun("remind me to call my aunt on christmas day at noon")
    assert arguments(alarm)["at"] == "2027-01-01T10:00:00+00:00"
    assert arguments(nudge)["when"] == "2026-12-25T12:00:00+00:00"


async def test_a_holiday_is_a_day_for_the_weather(
    near_christmas: AgentSystem, weather: respx.MockRouter
) -> None:
    result = await near_christmas.arun("will it snow in oslo on christmas day?")
    follow = await near_christmas.arun("what's the weather in oslo", thread_id="w")
    eve = await near_christmas.arun("and on new year's eve?", thread_id="w")
    assert arguments(result)["day"] == "2026-12-25"
    assert follow.reply
    assert arguments(eve)["day"] == "2026-12-31"


async def test_a_holiday_past_this_year_is_next_years(system: AgentSystem) -> None:
    result = await system.arun("add a picnic on independence day at 1pm", thread_id="t")
    assert arguments(result)["start"] == "2026-07-04T13:00:00+00:00"


async def test_holiday_words_in_a_title_or_an_item_are_no_day(system: AgentSystem) -> None:
    party = await system.arun("add the halloween party on friday at 8pm", thread_id="t")
    lights = await system.arun("add christmas lights to my shopping list", thread_id="t")
    assert arguments(party)["start"] == "2026-01-09T20:00:00+00:00"
    assert "Halloween party" in party.reply
    assert arguments(lights)["items"] == ["christmas lights"]


async def test_a_holiday_before_with_is_the_title(system: AgentSystem) -> None:
    result = await system.arun("add valentine's day with sam tomorrow at 7pm", thread_id="t")
    assert arguments(result)["start"] == "2026-01-06T19:00:00+00:00"
    assert "Valentine's day with sam" in result.reply
