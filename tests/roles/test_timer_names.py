"""Timers named the way a person can answer: "cancel all my timers" cancels them all (it looked
for a timer called "all all my timer"), and "which one?" lists them (soonest to end first) by
label or length, not by internal number; "a timer for 25:00" is 25 minutes. The clock: Monday 2
March 2026, 09:00."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    "cancel", ["cancel all my timers", "clear all my timers", "delete all the timers"]
)
async def test_all_my_timers_are_all_of_them(system: AgentSystem, cancel: str) -> None:
    await system.arun("set a timer for 20 minutes called roast", thread_id="t")
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun(cancel, thread_id="t")
    assert result.reply == "Cancelled 2: the 5-minute timer, roast."


@pytest.mark.anyio
async def test_which_timer_names_them_by_label_or_length(system: AgentSystem) -> None:
    for request in (
        "set a timer for 20 minutes called roast",
        "set a timer for 5 minutes",
        "set a timer for 10 minutes",
        "set a timer for 10 minutes",
    ):
        await system.arun(request, thread_id="t")
    result = await system.arun("pause the timer", thread_id="t")
    assert result.reply == (
        "You have 4 timers (the 5-minute timer, two 10-minute timers, roast); say which one."
    )
    missing = await system.arun("cancel the rice timer", thread_id="t")
    assert "None of your timers is called" in missing.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("set a timer for 25:00", "Timer set for 25 minutes (ends at 09:25)."),
        ("start a timer for 1:30:00", "Timer set for 1 hour 30 minutes (ends at 10:30)."),
        ("set a timer for 2:30", "Timer set for 2 minutes 30 seconds (ends at 09:02)."),
        ("set an alarm for 25:00", "I didn't set an alarm: 25:00 is not a time of day."),
    ],
)
async def test_a_timer_for_a_stopwatch_reading_is_that_long(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert (await system.arun(text, thread_id="t")).reply == reply
