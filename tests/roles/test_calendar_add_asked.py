"""An add missing its day or its name asks the missing piece in one plain question and the
answers complete it (issue 15).

Families (paraphrases of our own): "<add verb> <event> (for / in / sometime) next week | next
month | this weekend" asks "Which day <period> is '<title>'?" and a weekday or "the 12th" is that
day within the period; "<add verb> something / an event (to my calendar)" asks "What's the
event, and when is it?" and the answer ("yoga on friday at 6pm", or "dentist" then "friday at
3") adds it; "new year" stays in the title. Through the public API, offline, on a fake clock
(Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "question", "answers", "added"),
    [
        (
            "add new year with family next week",
            "Which day next week is 'New year with family'?",
            ["on tuesday", "at 7pm"],
            "Added 'New year with family' on Tue 10 Mar, 19:00-20:00.",
        ),
        (
            "schedule coffee with ana sometime next week",
            "Which day next week is 'Coffee with ana'?",
            ["thursday at 10am"],
            "Added 'Coffee with ana' on Thu 12 Mar, 10:00-11:00.",
        ),
        (
            "add birthday with mom for next month",
            "Which day next month is 'Birthday with mom'?",
            ["the 12th"],
            "Added 'Birthday with mom' on Sun 12 Apr (all day).",
        ),
        (
            "add a bbq with the neighbours this weekend",
            "Which day this weekend is 'Bbq with the neighbours'?",
            ["sunday at 1pm"],
            "Added 'Bbq with the neighbours' on Sun 8 Mar, 13:00-14:00.",
        ),
    ],
)
async def test_a_period_without_a_day_asks_which_day_in_it(
    system: AgentSystem, text: str, question: str, answers: list[str], added: str
) -> None:
    asked = await system.arun(text, thread_id="t")
    assert asked.reply == question
    for answer in answers:
        reply = (await system.arun(answer, thread_id="t")).reply
    assert reply == added


@pytest.mark.parametrize(
    "text",
    [
        "i want to add something to my calendar",
        "add an event",
        "can you add a new entry to my diary",
        "add something to my calendar please",
    ],
)
async def test_an_add_naming_nothing_asks_what_and_when(system: AgentSystem, text: str) -> None:
    asked = await system.arun(text, thread_id="t")
    assert asked.reply == "What's the event, and when is it?"
    done = await system.arun("yoga on friday at 6pm", thread_id="t")
    assert done.reply == "Added 'Yoga' on Fri 6 Mar, 18:00-19:00."


async def test_the_name_then_the_time(system: AgentSystem) -> None:
    await system.arun("i'd like to add something to my calendar", thread_id="t")
    asked = await system.arun("dentist", thread_id="t")
    assert asked.reply == "When is 'Dentist'?"
    done = await system.arun("friday at 3", thread_id="t")
    assert done.reply == "Added 'Dentist' on Fri 6 Mar, 15:00-16:00."


async def test_a_new_request_is_no_answer(system: AgentSystem) -> None:
    await system.arun("add an event", thread_id="t")
    other = await system.arun("what time is it", thread_id="t")
    assert "Added" not in other.reply
    assert "Nothing" in (await system.arun("what's on my calendar this week")).reply
