"""Questions about the reminders, answered by the calendar (issue 15), with our own paraphrases:

- "<any / what / show / do i have> reminders <pending / coming up / a day / a period>" lists the
  reminders due then, and only them (the calendar's events are not asked about);
- what follows such a listing ("cancel it", "and on friday?") is about the reminders, never
  about an event of the calendar;
- counting reminders, "my next reminder" and timers or alarms stay the timer's.

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem, RunResult

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem, thread: str = "t") -> None:
    for text in (
        "remind me to call the plumber tomorrow at 8am",
        "remind me to water the plants on thursday at 7pm",
        "add dentist tomorrow at 11am",
    ):
        await system.arun(text, thread_id=thread)


def _tools(result: RunResult) -> list[str]:
    assert result.plan is not None
    return [step.tool for step in result.plan.steps]


@pytest.mark.parametrize(
    ("text", "plumber", "plants"),
    [
        ("any reminders tomorrow?", True, False),
        ("got any reminders for thursday", False, True),
        ("show me the reminders coming up this week", True, True),
        ("what reminders are still pending", True, True),
        ("are there reminders set for today", False, False),
        ("i'd like to see my reminders for next week", False, False),
    ],
)
async def test_a_question_about_reminders_lists_the_reminders_of_its_period(
    system: AgentSystem, text: str, plumber: bool, plants: bool
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    result = await system.arun(text)
    assert _tools(result) == ["calendar.list"]
    assert ("call the plumber" in result.reply, "water the plants" in result.reply) == (
        plumber,
        plants,
    )
    assert "Dentist" not in result.reply
    if not (plumber or plants):
        assert result.reply.startswith("You have no reminders")


async def test_cancelling_after_a_listing_of_reminders_cancels_the_reminder(
    system: AgentSystem,
) -> None:
    await _seeded(system)
    listed = await system.arun("do i have any reminders tomorrow", thread_id="t")
    assert listed.reply == "Reminder for tomorrow at 08:00: call the plumber."
    cancelled = await system.arun("cancel it", thread_id="t")
    assert _tools(cancelled) == ["timer.cancel"]
    assert "call the plumber" not in (await system.arun("what reminders do i have")).reply
    assert "Dentist" in (await system.arun("what's on tomorrow")).reply


async def test_another_day_after_a_listing_of_reminders_asks_that_days_reminders(
    system: AgentSystem,
) -> None:
    await _seeded(system)
    await system.arun("any reminders for tomorrow", thread_id="t")
    other = await system.arun("and on thursday?", thread_id="t")
    assert "water the plants" in other.reply
    assert "plumber" not in other.reply and "Dentist" not in other.reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how many reminders do i have", "You have 2 reminders"),
        ("what's my next reminder", "You have 2: reminder for tomorrow at 08:00"),
    ],
)
async def test_counting_and_the_next_reminder_stay_the_timers(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "timer"
    assert _tools(result) == ["timer.list"]
    assert result.reply.startswith(reply)
