"""Saying which one (issue 15): after "cancel my alarm" asks which of two, "the 8am one", "the
second one", "both", "the one for friday" or "the pasta one" completes that request; right after
one was cancelled, "the other one" cancels the one left. Several clock times after one "for"
set one alarm each ("set alarms for quarter past six and half past seven tomorrow")."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _two_alarms(system: AgentSystem, thread: str) -> str:
    await system.arun("set an alarm for 7am", thread_id=thread)
    await system.arun("set an alarm for 8am", thread_id=thread)
    asked = await system.arun("cancel my alarm", thread_id=thread)
    assert "say which one" in asked.reply
    return asked.reply


async def _alarms(system: AgentSystem) -> str:
    return (await system.arun("what alarms do i have", thread_id="look")).reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("pick", "left"),
    [
        ("the 8am one", "07:00"),
        ("um the one at 8", "07:00"),
        ("7 am please", "08:00"),
        ("the second one", "07:00"),
        ("the first alarm", "08:00"),
        ("the last one", "07:00"),
    ],
)
async def test_which_alarm_is_said_after_the_question(
    system: AgentSystem, pick: str, left: str
) -> None:
    await _two_alarms(system, "t")
    done = await system.arun(pick, thread_id="t")
    assert done.route is not None and done.route.role == "timer"
    assert done.reply.startswith("Cancelled alarm")
    listed = await _alarms(system)
    assert left in listed and listed.count(":00") == 1


@pytest.mark.anyio
@pytest.mark.parametrize("pick", ["both", "all of them", "both of them please"])
async def test_both_cancels_every_one_asked_about(system: AgentSystem, pick: str) -> None:
    await _two_alarms(system, "t")
    await system.arun(pick, thread_id="t")
    assert "no alarms" in await _alarms(system)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "other", ["the other one", "and the other one too", "cancel the other alarm as well"]
)
async def test_the_other_one_after_a_cancel_is_the_one_left(
    system: AgentSystem, other: str
) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    await system.arun("set an alarm for 8am", thread_id="t")
    first = await system.arun("turn off my 7am alarm", thread_id="t")
    assert "07:00" in first.reply
    second = await system.arun(other, thread_id="t")
    assert "08:00" in second.reply
    assert "no alarms" in await _alarms(system)


@pytest.mark.anyio
async def test_a_day_or_a_label_names_the_one(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="d")
    await system.arun("set an alarm for 9am on friday", thread_id="d")
    await system.arun("delete my alarm", thread_id="d")
    await system.arun("the one for friday", thread_id="d")
    assert "Fri" not in await _alarms(system)
    await system.arun("set a timer for 10 minutes called pasta", thread_id="p")
    await system.arun("set a timer for 5 minutes called eggs", thread_id="p")
    await system.arun("pause the timer", thread_id="p")
    paused = await system.arun("the pasta one", thread_id="p")
    assert paused.reply.startswith("Paused") and "pasta" in paused.reply


@pytest.mark.anyio
async def test_a_pick_with_nothing_asked_sets_or_cancels_nothing(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="n")
    plan = await system.aplan("the other one", thread_id="n")
    assert all(step.tool != "timer.cancel" for step in plan.steps)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "times"),
    [
        ("set alarms for quarter past six and half past seven tomorrow", ["06:15", "07:30"]),
        ("i need alarms at 6, 6:20 and 6:40 on friday", ["06:00", "06:20", "06:40", "Fri"]),
        ("wake me up at 5 and half past 5 tomorrow please", ["05:00", "05:30"]),
        ("alarms for 6 and 7 pm", ["18:00", "19:00"]),
    ],
)
async def test_clock_times_listed_after_one_for_are_one_alarm_each(
    system: AgentSystem, said: str, times: list[str]
) -> None:
    result = await system.arun(said, thread_id="s")
    assert result.plan is not None
    count = len([t for t in times if ":" in t])
    assert [s.tool for s in result.plan.steps] == ["timer.alarm"] * count
    for time in times:
        assert time in result.reply


@pytest.mark.anyio
async def test_a_listed_time_with_more_than_a_moment_is_not_split(system: AgentSystem) -> None:
    plan = await system.aplan("set an alarm for 7 and 8 minutes")
    assert len([s for s in plan.steps if s.tool == "timer.alarm"]) <= 1
