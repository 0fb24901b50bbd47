"""Each role understands its everyday phrasing, offline, through the public API (issue 15)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

NOW = datetime(2026, 3, 2, 9, 0)  # a Monday morning


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


async def _tool(system: AgentSystem, text: str) -> tuple[str, dict[str, Any]]:
    plan = await system.aplan(text)
    assert len(plan.steps) == 1, (text, plan.unsupported, plan.reasoning)
    return plan.steps[0].tool, plan.steps[0].arguments


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("do I have anything on tomorrow", "calendar.list"),
        ("what's my next meeting", "calendar.list"),
        ("cancel lunch with Sam", "calendar.delete"),
        ("move lunch with Sam to 2pm", "calendar.update"),
        ("mark my calendar for the dentist on friday at 3pm", "calendar.create"),
        ("search for the best pizza dough recipe", "search.web"),
        ("look up the opening hours of the Louvre", "search.web"),
        ("who wrote Dune", "search.web"),
        ("how many timers do I have running?", "timer.list"),
        ("list my alarms", "timer.list"),
        ("how long is left on the pasta timer", "timer.list"),
    ],
)
async def test_everyday_requests_reach_the_right_tool(
    system: AgentSystem, text: str, tool: str
) -> None:
    assert (await _tool(system, text))[0] == tool


@pytest.mark.anyio
async def test_calendar_phrasings_carry_their_arguments(system: AgentSystem) -> None:
    assert (await _tool(system, "cancel lunch with Sam"))[1] == {"event": "lunch with Sam"}
    _, created = await _tool(system, "mark my calendar for the dentist on friday at 3pm")
    assert created["title"] == "The dentist" or created["title"].lower() == "dentist"
    assert created["start"].startswith("2026-03-06T15:00")
    _, listed = await _tool(system, "what's my next meeting")
    assert listed["limit"] == 1


@pytest.mark.anyio
async def test_whats_my_next_meeting_answers_with_the_next_event_only(system: AgentSystem) -> None:
    await system.arun("add standup tomorrow at 9:30am", thread_id="t")
    await system.arun("add dentist on friday at 3pm", thread_id="t")
    result = await system.arun("what's my next meeting", thread_id="t")
    assert "Standup" in result.reply and "entist" not in result.reply


@pytest.mark.anyio
async def test_alarms_timers_and_reminders_are_counted_and_listed_apart(
    system: AgentSystem,
) -> None:
    for text in (
        "set a timer for 10 minutes",
        "set a pasta timer for 12 minutes",
        "set an alarm for 7am tomorrow",
        "remind me to call mom at 5pm",
    ):
        await system.arun(text, thread_id="t")
    await system.arun("pause the pasta timer", thread_id="t")

    running = await system.arun("how many timers do I have running?", thread_id="t")
    assert running.reply.startswith("You have 1 timer running")
    alarms = await system.arun("list my alarms", thread_id="t")
    assert "alarm" in alarms.reply.lower() and "timer" not in alarms.reply.lower()
    assert "reminder" not in alarms.reply.lower()
    left = await system.arun("how long is left on the pasta timer", thread_id="t")
    assert "pasta" in left.reply and "12 minutes" in left.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("set a timer for -5 minutes", "negative"),
        ("set an alarm for 25:00", "not a time of day"),
        ("wake me up at 7:75", "not a time of day"),
    ],
)
async def test_impossible_durations_and_clock_times_are_refused_and_nothing_is_set(
    system: AgentSystem, text: str, reason: str
) -> None:
    result = await system.arun(text, thread_id="t")
    assert reason in result.reply
    listing = await system.arun("what timers alarms and reminders do I have", thread_id="t")
    assert "no timers" in listing.reply.lower()


class _TwoWayDoubt:
    """A classifier torn between two roles for every request (timer 0.45, calendar 0.4)."""

    def __init__(self) -> None:
        self.meta: dict[str, Any] = {"scripted": True}

    def probabilities(self, text: str) -> dict[str, float]:
        return {"timer": 0.45, "calendar": 0.4, "other": 0.15}


@pytest.mark.anyio
async def test_when_two_roles_share_the_doubt_the_reply_asks_which_one(tmp_path: Path) -> None:
    from agent_system.routing._embedded import EmbeddedRouter

    router = EmbeddedRouter(_TwoWayDoubt())
    settings = make_settings(tmp_path / "home")
    async with AgentSystem(settings, router=router, clock=FakeClock(NOW)) as engine:
        decision = await engine.aroute("put the dentist in for friday")
        result = await engine.arun("put the dentist in for friday", thread_id="t")
    assert decision.slots["candidates"] == ["timer", "calendar"]
    assert result.reply == "Did you mean a timer, alarm or reminder, or your calendar?"


@pytest.mark.anyio
async def test_spoken_dates_in_words_make_the_event_on_that_day(system: AgentSystem) -> None:
    _, created = await _tool(system, "set meeting with jack on ten march at three pm")
    assert created == {"title": "Meeting with jack", "start": created["start"]}
    assert created["start"].startswith("2026-03-10T15:00")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("do i have anything going on at five", "2026-03-02", "2026-03-02"),  # 17:00-18:00
        ("how does my week look", "2026-03-02", "2026-03-09"),
        ("what does my thursday look like", "2026-03-05", "2026-03-06"),
        ("show me my events for april", "2026-04-01", "2026-05-01"),
        ("what time is the party tonight", "2026-03-02", "2026-03-03"),
    ],
)
async def test_calendar_questions_said_the_everyday_way_list_the_right_days(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    tool, arguments = await _tool(system, text)
    assert tool == "calendar.list"
    assert (arguments["start"][:10], arguments["end"][:10]) == (start, end)


@pytest.mark.anyio
async def test_book_a_haircut_creates_the_event(system: AgentSystem) -> None:
    result = await system.arun("book a haircut for saturday at 11")
    assert result.plan is not None
    assert [(s.tool, s.arguments) for s in result.plan.steps] == [
        ("calendar.create", {"title": "Haircut", "start": "2026-03-07T11:00:00+00:00"})
    ]
    listing = await system.arun("what's on my calendar on saturday")
    assert "Haircut" in listing.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("what's the chance of rain tomorrow in Oslo", "Oslo"),
        ("whats the average temperature in mangalore for this week", "Mangalore"),
        ("will I need a raincoat when I go to glasgow on sunday", "Glasgow"),
        ("weather in salt lake city tomorrow", "Salt Lake City"),
    ],
)
async def test_weather_reads_the_place_not_a_weather_word(
    tmp_path: Path, text: str, place: str
) -> None:
    settings = make_settings(tmp_path / "home", location="London")
    async with AgentSystem(settings, clock=FakeClock(NOW)) as system:
        tool, arguments = await _tool(system, text)
    assert tool.startswith("weather.") and arguments["place"] == place


@pytest.mark.anyio
async def test_the_chance_of_rain_is_about_home_not_a_place_called_rain(tmp_path: Path) -> None:
    settings = make_settings(tmp_path / "home", location="London")
    async with AgentSystem(settings, clock=FakeClock(NOW)) as system:
        _, arguments = await _tool(system, "what's the chance of rain tomorrow")
    assert arguments["place"] in ("", "London")


@pytest.mark.anyio
@pytest.mark.parametrize("text", ["play some jazz", "put on some jazz", "play the beatles"])
async def test_a_music_request_never_switches_a_device(system: AgentSystem, text: str) -> None:
    for area in (None, "kitchen", "living room"):
        plan = await system.aplan(text, area=area)
        assert not any(s.tool in ("smart_home.turn_on", "smart_home.turn_off") for s in plan.steps)
        assert not any(s.tool.startswith("smart_home.set_") for s in plan.steps)
