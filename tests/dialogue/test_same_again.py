"""Follow-ups that ask for the last action again: on something else ("do the same for the
bedroom", "same with the bedroom", "likewise for the hall") or once more ("do that again").

Through the public API, offline, on a fake clock (Monday 2026-01-05 09:00 UTC), one thread.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


def _steps(result: object) -> list[tuple[str, dict[str, object]]]:
    plan = getattr(result, "plan", None)
    assert plan is not None
    return [(s.tool, dict(s.arguments)) for s in plan.steps]


@pytest.mark.parametrize(
    "again",
    [
        "do the same for the bedroom",
        "same with the bedroom",
        "could you do the same for the bedroom",
        "do that for the bedroom too",
        "likewise for the bedroom",
        "repeat that for the bedroom please",
    ],
)
async def test_the_same_switch_on_another_room(system: AgentSystem, again: str) -> None:
    await system.arun("turn on the kitchen light", thread_id="t")
    await system.arun("turn on the bedroom light", thread_id="t")
    await system.arun("turn off the kitchen light", thread_id="t")
    result = await system.arun(again, thread_id="t")
    assert _steps(result) == [("smart_home.turn_off", {"device": "bedroom light"})]
    assert result.reply == "Bedroom light is off."


@pytest.mark.parametrize(
    "again",
    ["do the same for the kitchen", "same for the kitchen", "will you do that for the kitchen"],
)
async def test_the_same_brightness_on_another_room(system: AgentSystem, again: str) -> None:
    await system.arun("set the living room lights to 30%", thread_id="t")
    result = await system.arun(again, thread_id="t")
    assert _steps(result) == [
        ("smart_home.set_brightness", {"brightness": 30, "device": "kitchen light"})
    ]
    assert result.reply.startswith("Kitchen light is on at 30%")


@pytest.mark.parametrize("again", ["and the fan", "do the same for the fan", "the fan too"])
async def test_a_device_named_after_a_light_is_that_device(system: AgentSystem, again: str) -> None:
    await system.arun("turn on the fan", thread_id="other")
    await system.arun("turn off the kitchen light", thread_id="t")
    result = await system.arun(again, thread_id="t")
    assert _steps(result) == [("smart_home.turn_off", {"device": "fan"})]
    assert result.reply == "Ceiling fan is off."


@pytest.mark.parametrize("again", ["do that again", "once more", "same again", "again please"])
async def test_again_sets_a_second_timer(system: AgentSystem, again: str) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun(again, thread_id="t")
    assert _steps(result) == [("timer.set", {"duration": "5 minutes", "label": ""})]
    listed = await system.arun("how many timers do i have", thread_id="other")
    assert "2" in listed.reply or "two" in listed.reply.lower()


@pytest.mark.parametrize(
    "again", ["do the same for friday", "same thing for friday", "likewise for friday"]
)
async def test_the_same_listing_on_another_day(system: AgentSystem, again: str) -> None:
    await system.arun("add yoga on friday at 6pm", thread_id="other")
    await system.arun("what's on my calendar tomorrow", thread_id="t")
    result = await system.arun(again, thread_id="t")
    assert [tool for tool, _ in _steps(result)] == ["calendar.list"]
    assert "Yoga" in result.reply


@pytest.mark.parametrize(
    "asked", ["do the same for friday?", "and on friday?", "what about friday?"]
)
async def test_a_question_after_adding_an_event_adds_nothing(
    system: AgentSystem, asked: str
) -> None:
    await system.arun("add dinner with jo tomorrow at 7pm", thread_id="t")
    result = await system.arun(asked, thread_id="t")
    assert all(tool == "calendar.list" for tool, _ in _steps(result))
    week = await system.arun("what's on my calendar this week", thread_id="other")
    assert week.reply.count("Dinner with jo") == 1


@pytest.mark.parametrize(
    "off", ["please turn it off", "could you switch it off", "can you turn that off again"]
)
async def test_a_polite_switch_back_is_the_same_device(system: AgentSystem, off: str) -> None:
    await system.arun("turn on the coffee machine", thread_id="t")
    result = await system.arun(off, thread_id="t")
    assert _steps(result) == [("smart_home.turn_off", {"device": "Coffee machine"})]
    assert result.reply == "Coffee machine is off."


@pytest.mark.parametrize(
    ("correction", "minutes"),
    [("no, 15", 15), ("sorry, i meant 10 minutes", 10), ("actually 10", 10), ("no 20", 20)],
)
async def test_a_correction_changes_the_timer_just_set(
    system: AgentSystem, correction: str, minutes: int
) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun(correction, thread_id="t")
    assert _steps(result) == [
        ("timer.cancel", {"target": "1"}),
        ("timer.set", {"duration": f"{minutes} minutes", "label": ""}),
    ]
    assert result.reply.startswith("Cancelled the 5-minute timer.\nTimer set for")


@pytest.mark.parametrize(
    ("correction", "hour"), [("no, 7:30", "07:30"), ("actually 8am", "08:00"), ("oops, 6", "06:00")]
)
async def test_a_correction_moves_the_alarm_just_set(
    system: AgentSystem, correction: str, hour: str
) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    result = await system.arun(correction, thread_id="t")
    tools = _steps(result)
    assert [tool for tool, _ in tools] == ["timer.cancel", "timer.alarm"]
    assert result.reply.endswith(f"Alarm set for tomorrow at {hour}.")


@pytest.mark.parametrize("correction", ["no, 3pm", "sorry i meant 3pm", "actually 3pm"])
async def test_a_correction_moves_the_event_just_added(
    system: AgentSystem, correction: str
) -> None:
    await system.arun("add lunch with sam on friday at 1pm", thread_id="t")
    result = await system.arun(correction, thread_id="t")
    assert result.reply == "Moved 'Lunch with sam': on Fri 9 Jan, 15:00-16:00."


@pytest.mark.parametrize("more", ["and another one for 8", "another for 8am", "one more at 8"])
async def test_another_alarm_keeps_the_first(system: AgentSystem, more: str) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    result = await system.arun(more, thread_id="t")
    assert [tool for tool, _ in _steps(result)] == ["timer.alarm"]
    assert result.reply == "Alarm set for tomorrow at 08:00."


async def test_no_with_a_value_and_nothing_before_changes_nothing(system: AgentSystem) -> None:
    decision = await system.aroute("no, 15")
    assert decision.slots.get("follow_up") is not True
