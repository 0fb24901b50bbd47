"""Counting questions are never a timer's name, and replies never show a timer's internal
number (issue 15, item 3): "how many timers are running" after two timers answered "You have no
timer called 'how many' (you have: #3, #2)", and "add 5 minutes" answered "Added 5 minutes to
#1". The clock: Monday 2 March 2026, 09:00."""

from __future__ import annotations

import re

import pytest

from agent_system.api import AgentSystem

_NUMBERED = re.compile(r"#\d")


async def _two_timers(system: AgentSystem, thread: str) -> None:
    await system.arun("set a timer for 10 minutes", thread_id=thread)
    await system.arun("set another for 5", thread_id=thread)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "question",
    [
        "how many timers are running",
        "how many timers are on",
        "how many of my timers are still running",
        "number of timers running",
        "how many timers are running right now?",
    ],
)
async def test_a_count_of_running_timers_counts_them_in_any_thread_state(
    system: AgentSystem, question: str
) -> None:
    await _two_timers(system, "t")
    await system.arun("set an alarm for 7am", thread_id="t")
    after_timers = await system.arun(question, thread_id="t")
    fresh = await system.arun(question, thread_id="fresh")
    for result in (after_timers, fresh):
        assert result.reply.startswith("You have 2 timers running: "), result.reply
        assert "called" not in result.reply and not _NUMBERED.search(result.reply)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("how many alarms are set", "You have 1 alarm: alarm for tomorrow at 07:00."),
        ("how many alarms have i got set", "You have 1 alarm: alarm for tomorrow at 07:00."),
        ("how many reminders", "You have no reminders."),
        ("what's the number of reminders i have", "You have no reminders."),
        ("count my timers", "You have 2 timers: "),
        ("how many timers do i have", "You have 2 timers: "),
    ],
)
async def test_counts_of_each_kind_after_timers(
    system: AgentSystem, question: str, reply: str
) -> None:
    await system.arun("set an alarm for 7am", thread_id="a")
    await _two_timers(system, "t")
    result = await system.arun(question, thread_id="t")
    assert result.reply.startswith(reply), result.reply


@pytest.mark.anyio
async def test_a_count_of_one_named_timer_keeps_the_name(system: AgentSystem) -> None:
    await system.arun("set a timer for 10 minutes called pasta", thread_id="t")
    await system.arun("set a timer for 5 minutes", thread_id="t")
    result = await system.arun("how many pasta timers are running", thread_id="t")
    assert result.reply == "You have 1 timer running: timer 'pasta': 10 minutes left."


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("more", "reply"),
    [
        (
            "add 5 minutes",
            "Added 5 minutes to your timer: 15 minutes left now (ends at 09:15).",
        ),
        (
            "give it 2 more minutes",
            "Added 2 minutes to your timer: 12 minutes left now (ends at 09:12).",
        ),
        (
            "add 5 minutes to it",
            "Added 5 minutes to your timer: 15 minutes left now (ends at 09:15).",
        ),
    ],
)
async def test_time_added_to_the_only_timer_says_the_time_it_has_left(
    system: AgentSystem, more: str, reply: str
) -> None:
    await system.arun("set a timer for 10 minutes", thread_id="t")
    assert (await system.arun(more, thread_id="t")).reply == reply


@pytest.mark.anyio
async def test_which_one_and_not_found_name_them_in_words(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    await system.arun("set an alarm for 7am", thread_id="t")
    await system.arun("set a timer for 10 minutes", thread_id="t")
    missing = await system.arun("how long is left on the rice timer", thread_id="u")
    many = await system.arun("cancel my alarm", thread_id="v")
    second = await system.arun("the second one", thread_id="v")
    short = await system.arun("take 20 minutes off the 10 minute timer", thread_id="w")
    assert missing.reply == "You have no timer called 'rice' (you have: the 10-minute timer)."
    assert many.reply == "You have 2 alarms (two alarms for tomorrow at 07:00); say which one."
    assert second.reply == "Cancelled alarm for tomorrow at 07:00."
    assert short.reply == (
        "The 10-minute timer has only 10 minutes left, so I can't take 20 minutes off; nothing"
        " was changed."
    )
    for result in (missing, many, second, short):
        assert not _NUMBERED.search(result.reply)
