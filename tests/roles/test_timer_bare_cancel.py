"""A bare "cancel", and short questions about the timer just set (issue 15, dogfood and the
lead's notes): "cancel" right after setting a timer cancels it; with nothing set it says so
plainly; after another timer turn it asks which (one: "yes" cancels it, "no" keeps it); opening
a thread it is no timer request (CLINC150 files it out of scope). "how much longer"
and "is it done yet" after a timer say its time left; two timers of one length are told apart.

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

NONE_SET = "You have no timers, alarms or reminders set."


@pytest.mark.parametrize("said", ["cancel", "cancel please", "ok cancel"])
async def test_cancel_with_nothing_set_says_so(system: AgentSystem, said: str) -> None:
    listed = await system.arun("what timers do i have")
    assert (
        await system.arun(said, thread_id=listed.thread_id)
    ).reply == "There's nothing to cancel."


async def test_a_bare_cancel_opening_a_thread_touches_no_timer(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes for the eggs")
    said = await system.arun("cancel")
    assert "eggs" not in said.reply
    assert (await system.arun("what timers do i have")).reply == "Timer 'eggs': 5 minutes left."


@pytest.mark.parametrize("said", ["cancel", "actually cancel", "cancel please"])
async def test_cancel_right_after_setting_a_timer_cancels_it(
    system: AgentSystem, said: str
) -> None:
    await system.arun("set a timer for 20 minutes")
    made = await system.arun("set a timer for 5 minutes")
    cancelled = await system.arun(said, thread_id=made.thread_id)
    assert cancelled.reply == "Cancelled the 5-minute timer."
    assert (await system.arun("what timers do i have")).reply == (
        "The 20-minute timer: 20 minutes left."
    )


async def test_cancel_elsewhere_asks_about_the_one_set(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes for the eggs")
    listed = await system.arun("what alarms do i have")
    asked = await system.arun("cancel", thread_id=listed.thread_id)
    assert asked.reply == "Should I cancel the eggs timer? Say yes, or say which one."
    assert (await system.arun("what timers do i have")).reply == "Timer 'eggs': 5 minutes left."
    done = await system.arun("yes", thread_id=asked.thread_id)
    assert done.reply == "Cancelled timer 'eggs'."
    assert (await system.arun("what timers do i have")).reply == "You have no timers set."


async def test_no_to_the_question_keeps_it(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am tomorrow")
    listed = await system.arun("what timers do i have")
    asked = await system.arun("cancel", thread_id=listed.thread_id)
    assert asked.reply.startswith("Should I cancel your alarm for tomorrow at 07:00?")
    await system.arun("no", thread_id=asked.thread_id)
    assert (await system.arun("what alarms do i have")).reply == "Alarm for tomorrow at 07:00."


async def test_cancel_with_several_set_asks_which(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes")
    await system.arun("set an alarm for 7am tomorrow")
    listed = await system.arun("what reminders do i have")
    asked = await system.arun("cancel", thread_id=listed.thread_id)
    assert asked.reply == (
        "You have 2 set (the 5-minute timer, alarm for tomorrow at 07:00); say which one."
    )
    picked = await system.arun("the alarm", thread_id=asked.thread_id)
    assert picked.reply == "Cancelled alarm for tomorrow at 07:00."
    assert (await system.arun("what timers do i have")).reply == (
        "The 5-minute timer: 5 minutes left."
    )


@pytest.mark.parametrize("said", ["how much longer", "is it done yet", "is it ready?"])
async def test_how_long_on_the_timer_just_set(system: AgentSystem, said: str) -> None:
    made = await system.arun("set a timer for 3 minutes")
    asked = await system.arun(said, thread_id=made.thread_id)
    assert asked.reply == "The 3-minute timer: 3 minutes left."


async def test_two_timers_of_one_length_set_apart_differ_by_time_left(tmp_path: Path) -> None:
    clock = FakeClock(datetime(2026, 3, 2, 9, 0))
    async with AgentSystem(make_settings(tmp_path / "home"), clock=clock) as system:
        await system.arun("set a timer for 10 minutes")
        clock.advance(120)
        await system.arun("set a timer for 10 minutes")
        listed = await system.arun("what timers do i have")
    assert listed.reply == (
        "You have 2: the 10-minute timer: 8 minutes left; the 10-minute timer: 10 minutes left."
    )


async def test_two_timers_set_together_are_first_and_second(system: AgentSystem) -> None:
    made = await system.arun("set a timer for 10 minutes")
    await system.arun("set a timer for 10 minutes", thread_id=made.thread_id)
    listed = await system.arun("what timers do i have")
    assert listed.reply == (
        "You have 2: the first 10-minute timer: 10 minutes left; "
        "the second 10-minute timer: 10 minutes left."
    )
