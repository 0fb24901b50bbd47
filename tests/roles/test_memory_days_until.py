"""How long until a day the user told the assistant (issue 15): "remember my sister's birthday is
june 3" ... "how many days until my sister's birthday" was not understood."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("told", "asked", "answer"),
    [
        ("remember my sister's birthday is june 3", "how many days until my sister's birthday",
         "Your sister's birthday is on Wednesday 3 June 2026: 93 days to go."),
        ("remember that our anniversary is on may 12", "how long till our anniversary?",
         "Your anniversary is on Tuesday 12 May 2026: 71 days to go."),
        ("my mom's birthday is august 14th, remember that", "so how many sleeps until mom's bday",
         "Your mom's birthday is on Friday 14 August 2026: 165 days to go."),
        ("remember my dad's birthday is the 3rd of june", "how many weeks until my dad's birthday",
         "Your dad's birthday is on Wednesday 3 June 2026: 13 weeks and 2 days to go."),
        ("remember my wedding anniversary is january 20", "countdown to my anniversary",
         "Your anniversary is on Wednesday 20 January 2027: 324 days to go."),
        ("remember my birthday is march 2", "days left until my birthday",
         "Your birthday is today, Monday 2 March 2026!"),
    ],
)  # fmt: skip
async def test_a_remembered_day_is_counted_to(
    system: AgentSystem, told: str, asked: str, answer: str
) -> None:
    await system.arun(told, thread_id="t")
    result = await system.arun(asked, thread_id="other")  # memories are the user's, any thread
    assert result.route is not None and result.route.role == "memory"
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["memory.days_until"]
    assert result.reply == answer


async def test_someone_elses_birthday_is_not_yours(system: AgentSystem) -> None:
    await system.arun("remember my sister's birthday is june 3", thread_id="t")
    result = await system.arun("how many days until my birthday", thread_id="t")
    assert result.reply == (
        "I don't know when your birthday is; tell me the date and I'll remember it."
    )


async def test_a_day_said_in_the_question_is_the_clocks(system: AgentSystem) -> None:
    result = await system.arun("how many days until my birthday on june 3rd", thread_id="t")
    assert result.route is not None and result.route.role == "conversation"
    assert result.reply == "93 days to go: it's Wednesday 3 June 2026."
