"""Questions about the user's alarms in everyday words (issue 15): a wake-up asked about, a
request that ends in a question mark, and a weekend said as "the weekend"."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
async def test_when_do_i_wake_up_reads_the_alarms_and_sets_none(system: AgentSystem) -> None:
    await system.arun("set an alarm for 6:30am tomorrow", thread_id="t")
    for text in (
        "what time will i wake up",
        "when am i getting up tomorrow",
        "what's my wake up time",
        "wake up time tomorrow?",
        "alarm for tomorrow?",
    ):
        asked = await system.arun(text, thread_id="t")
        assert asked.route is not None and asked.route.role == "timer", text
        assert asked.reply == "Alarm for tomorrow at 06:30.", text
    none = await system.arun("no alarms set?", thread_id="t")
    advice = await system.aroute("what time should i wake up")
    listing = await system.arun("list my alarms", thread_id="t")
    assert none.reply == "Alarm for tomorrow at 06:30."
    assert advice.role != "timer"  # advice, not the user's alarm
    assert listing.reply == "Alarm for tomorrow at 06:30."  # the questions set nothing


@pytest.mark.anyio
async def test_the_weekend_filters_alarms_to_read_and_to_cancel(system: AgentSystem) -> None:
    await system.arun("set an alarm for 8am on saturday", thread_id="t")
    await system.arun("set an alarm for 9am on sunday", thread_id="t")
    await system.arun("set an alarm for 7am on friday", thread_id="t")
    weekend = await system.arun("what alarms are on for the weekend", thread_id="t")
    cancelled = await system.arun("cancel my alarms for the weekend", thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert (
        weekend.reply == "You have 2: alarm for Sat 7 Mar at 08:00; alarm for Sun 8 Mar at 09:00."
    )
    assert cancelled.reply.startswith("Cancelled 2")
    assert left.reply == "Alarm for Fri 6 Mar at 07:00."


@pytest.mark.anyio
@pytest.mark.parametrize(
    "asked", ["what's my next reminder", "when is my next reminder", "what is the next reminder?"]
)
async def test_the_next_reminder_is_the_timer_roles(system: AgentSystem, asked: str) -> None:
    await system.arun("remind me tomorrow at 9 to call mom", thread_id="t")
    await system.arun("remind me in an hour to check the oven", thread_id="t")
    result = await system.arun(asked, thread_id="t")
    assert result.route is not None and result.route.role == "timer"
    assert result.reply.startswith("You have 2: reminder for ")
    assert result.reply.index("check the oven") < result.reply.index("call mom")  # soonest first
