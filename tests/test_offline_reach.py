"""Everything built in is reachable offline: memory, notifications, summaries (issue 15)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

NOW = datetime(2026, 3, 2, 9, 0)


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


@pytest.mark.anyio
async def test_a_fact_remembered_is_recalled_listed_and_forgotten(system: AgentSystem) -> None:
    kept = await system.arun("remember that my sister's birthday is june 3", thread_id="t")
    assert "remember" in kept.reply.lower() and "june 3" in kept.reply

    recalled = await system.arun("when is my sister's birthday?", thread_id="t2")
    assert "june 3" in recalled.reply

    listed = await system.arun("what do you remember about me", thread_id="t2")
    assert "sister's birthday" in listed.reply

    forgotten = await system.arun("forget my sister's birthday", thread_id="t2")
    assert forgotten.reply == "OK, I've forgotten your sister's birthday."
    again = await system.arun("when is my sister's birthday?", thread_id="t3")
    assert "june 3" not in again.reply


@pytest.mark.anyio
async def test_remember_to_do_something_sets_a_reminder_not_a_fact(system: AgentSystem) -> None:
    plan = await system.aplan("remember to call the bank at 4pm")
    assert [s.tool for s in plan.steps] == ["timer.remind"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("notify me at 5pm to leave for the station", "timer.remind"),
        ("notify me in 20 minutes to check the oven", "timer.remind"),
        ("send me a notification saying dinner is ready", "notification.send"),
    ],
)
async def test_notifications_are_planned_offline(system: AgentSystem, text: str, tool: str) -> None:
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == [tool], plan.unsupported


@pytest.mark.anyio
async def test_notify_me_when_something_happens_says_what_works_offline(
    system: AgentSystem,
) -> None:
    result = await system.arun("notify me when it starts raining", thread_id="t")
    assert "at a time" in result.reply and "OPENAI" not in result.reply


@pytest.mark.anyio
async def test_given_text_is_summarized_offline(system: AgentSystem) -> None:
    text = (
        "summarize: The council met on Monday to discuss the new bike lanes. After a long "
        "debate it approved the budget for the river path. Construction starts in April and "
        "ends in September. Residents can comment online until the end of the month."
    )
    result = await system.arun(text, thread_id="t")
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["summarization.summarize"]
    assert plan.steps[0].arguments["text"].startswith("The council met on Monday")
    assert result.reply and len(result.reply) < len(text)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("can you remember that the spare key is under the mat", "The spare key is under the mat"),
        ("i want you to remember that my dentist is Dr Lee", "My dentist is Dr Lee"),
        ("save this: the wifi password is tulip77", "The wifi password is tulip77"),
        ("keep in mind i'm vegetarian", "I'm vegetarian"),
        ("my gym locker is 112, remember that", "My gym locker is 112"),
        ("the boiler code is 4491 - please note that", "The boiler code is 4491"),
    ],
)
async def test_facts_said_the_everyday_way_are_remembered(
    system: AgentSystem, text: str, fact: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "memory"
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments) for s in plan.steps] == [("memory.remember", {"fact": fact})]


@pytest.mark.anyio
async def test_a_fact_said_first_is_found_again(system: AgentSystem) -> None:
    await system.arun("my gym locker is 112, remember that", thread_id="t")
    recalled = await system.arun("what is my gym locker", thread_id="t2")
    assert "112" in recalled.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["what do you know about me", "list everything you remember", "what have you saved"]
)
async def test_asking_what_was_kept_lists_the_memories(system: AgentSystem, text: str) -> None:
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["memory.list"]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text",
    [
        "remember to call mom at 5",
        "what did i want to remember",
        "list the things i wanted to remember",
        "remember that my meeting is at 3 tomorrow",
        "add remember to register for the race on my calendar",
    ],
)
async def test_reminders_and_other_roles_requests_are_not_facts_to_keep(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "remembered" not in (decision.reason or "")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "minutes", "message"),
    [
        ("ping me in 10 minutes", 10, "your notification"),
        ("can you notify me in 15 minutes", 15, "your notification"),
        ("ping me at 9:45 to stretch", 45, "stretch"),
        ("send me a notification at 9:30 saying take out the trash", 30, "take out the trash"),
        ("send me a notification saying the bins go out at 9:20", 20, "the bins go out"),
        (
            "can you send me an alert in 10 minutes that says the laundry is done",
            10,
            "the laundry is done",
        ),
    ],
)
async def test_a_notification_at_a_time_is_a_reminder_then(
    system: AgentSystem, text: str, minutes: int, message: str
) -> None:
    assert (await system.aroute(text)).role == "notify"
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["timer.remind"]
    assert plan.steps[0].arguments["text"] == message
    assert plan.steps[0].arguments["when"] == f"2026-03-02T09:{minutes:02d}:00+00:00"


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "what's the gist of this: the bus company will cut two routes in may",
            "the bus company will cut two routes in may",
        ),
        (
            "boil this down: the school closes at noon, so pick the kids up early",
            "the school closes at noon, so pick the kids up early",
        ),
        (
            "can you give me a summary of this text: the budget passed, the hire starts monday,"
            " then we set a timer for the demo",
            "the budget passed, the hire starts monday, then we set a timer for the demo",
        ),
        (  # calendar words in the text: still the text to summarize, not a calendar question
            "summarize: the meeting ran long and we decided to move the launch to march",
            "the meeting ran long and we decided to move the launch to march",
        ),
        (
            "summarize this: lunch with sam moved to friday and the dentist is on tuesday",
            "lunch with sam moved to friday and the dentist is on tuesday",
        ),
        (
            "tldr: the lights in the kitchen stay on until the electrician comes next week",
            "the lights in the kitchen stay on until the electrician comes next week",
        ),
    ],
)
async def test_the_whole_text_after_a_summarize_command_is_summarized(
    system: AgentSystem, text: str, body: str
) -> None:
    assert (await system.aroute(text)).role == "summarize"
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments["text"]) for s in plan.steps] == [
        ("summarization.summarize", body)
    ]
