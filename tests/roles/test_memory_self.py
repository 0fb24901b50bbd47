"""Things people say about themselves, kept without the word "remember" and asked about later:
"my favourite colour is green" ... "what's my favorite color" (issue 15 item 7)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 3, 2, 9, 0)


@pytest.fixture
async def system(tmp_path: Path) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock(NOW)) as engine:
        yield engine


@pytest.mark.parametrize(
    ("said", "asked", "answer"),
    [
        (
            "my favourite colour is green",
            "what's my favorite color?",
            "Your favourite colour is green.",
        ),
        ("btw my fave band is Queen", "do you know my favourite band", "Your fave band is Queen."),
        (
            "my all-time favorite movie is alien",
            "what is my favourite movie",
            "Your all-time favorite movie is alien.",
        ),
        ("my wife's name is kate", "what is the name of my wife", "Your wife's name is Kate."),
        ("my dog is called rex", "what's my dog's name", "Your dog's name is Rex."),
        ("I'm allergic to peanuts", "what am i allergic to", "You're allergic to peanuts."),
    ],
)
async def test_a_thing_said_about_oneself_is_kept_and_told_back(
    system: AgentSystem, said: str, asked: str, answer: str
) -> None:
    kept = await system.arun(said, thread_id="t")
    assert kept.reply.startswith("Got it, I'll remember that "), kept.reply
    told = await system.arun(asked, thread_id="elsewhere")
    assert told.reply == answer


async def test_a_favourite_changes_nothing_at_home(system: AgentSystem) -> None:
    plan = await system.aplan("my favourite colour is green")
    assert [s.tool for s in plan.steps] == ["memory.remember"]


async def test_a_new_favourite_replaces_the_old_one_whatever_the_spelling(
    system: AgentSystem,
) -> None:
    await system.arun("my favourite colour is green", thread_id="t")
    changed = await system.arun("my favorite color is blue", thread_id="t")
    assert "instead of: your favourite colour is green" in changed.reply
    told = await system.arun("what's my fave colour", thread_id="t")
    assert told.reply == "Your favorite color is blue."


async def test_a_question_before_anything_was_said_is_answered_plainly(
    system: AgentSystem,
) -> None:
    for asked in ("what's my favourite colour", "what is my sister's name"):
        told = await system.arun(asked, thread_id="t")
        assert told.reply.startswith("I don't know your "), told.reply
        assert told.reply.endswith(" yet."), told.reply


@pytest.mark.parametrize(
    "text",
    [
        "my favourite song is playing",
        "what's my favourite song playing on the radio",
        "my name is on the list",
        "my sister is coming tomorrow at 5",
    ],
)
async def test_look_alikes_are_not_kept(system: AgentSystem, text: str) -> None:
    plan = await system.aplan(text)
    assert not any(s.tool == "memory.remember" for s in plan.steps), text


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (
            "remember that my locker code is 4512",
            "Got it, I'll remember that your locker code is 4512.",
        ),
        (
            "remember I'm allergic to peanuts",
            "Got it, I'll remember that you're allergic to peanuts.",
        ),
        (
            "remember that Sam's car is the red one",
            "Got it, I'll remember that Sam's car is the red one.",
        ),
        (
            "remember that the spare key is under the blue pot",
            "Got it, I'll remember that the spare key is under the blue pot.",
        ),
    ],
)
async def test_a_fact_kept_is_said_back_to_the_user(
    system: AgentSystem, said: str, reply: str
) -> None:
    kept = await system.arun(said, thread_id="t")
    assert kept.reply == reply


async def test_a_new_value_and_a_repeat_are_said_back_too(system: AgentSystem) -> None:
    await system.arun("remember my wifi password is hunter22", thread_id="t")
    changed = await system.arun("remember my wifi password is tulip7", thread_id="t")
    assert changed.reply == (
        "Got it, I'll remember that your wifi password is tulip7 "
        "(instead of: your wifi password is hunter22)."
    )
    again = await system.arun("remember my wifi password is tulip7", thread_id="t")
    assert again.reply == "I already know that your wifi password is tulip7."


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        (
            "remember that my train leaves at 7:40",
            "Got it, I'll remember that your train leaves at 7:40.",
        ),
        (
            "please remember that the party is at 8 on saturday",
            "Got it, I'll remember that the party is at 8 on saturday.",
        ),
        (
            "keep in mind that the boiler service is due in march",
            "Got it, I'll remember that the boiler service is due in march.",
        ),
    ],
)
async def test_a_fact_that_names_a_time_is_kept_when_asked_to_remember_it(
    system: AgentSystem, said: str, reply: str
) -> None:
    """ "remember that ..." with a time in it is still a fact to keep (it got the can't-do
    sentence: the time made it a reminder's, and no reminder was asked for)."""
    kept = await system.arun(said, thread_id="t")
    assert kept.reply == reply


@pytest.mark.parametrize(
    "said", ["remember to call mom at 5", "remember that i need to call mom at 5"]
)
async def test_something_to_do_at_a_time_is_not_kept_as_a_fact(
    system: AgentSystem, said: str
) -> None:
    plan = await system.aplan(said)
    assert "memory.remember" not in [step.tool for step in plan.steps]
