"""A removal that names no event, with none in the conversation (issue 15): the role asks which,
naming the next few events, and the next turn's answer deletes that one.

Families (paraphrases of our own): "<verb> this/an/the event" x "from my calendar" x word
orders ("this event needs to go", "event delete"); answers by title, by order ("the second
one", "the last"), "yes" when one is listed; "my next event" is the next one; an empty
calendar is said so. Through the public API, offline, on a fake clock (Monday 2 March 2026,
09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

_THREE = (
    "Which event should I delete: 'Yoga' (Wed 4 Mar 18:00), 'Dentist' (Thu 5 Mar 10:00) or "
    "'Gym' (Fri 6 Mar 07:00)?"
)


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add gym every friday at 7am",
        "add dentist on thursday at 10am",
        "add yoga on wednesday at 6pm",
    ):
        await system.arun(text)


@pytest.mark.parametrize(
    "text",
    [
        "remove this event",
        "could you please get rid of this calendar event",
        "this event has to be removed",
        "event delete",
        "take an event off my calendar",
        "can you delete one of my events",
    ],
)
async def test_a_removal_naming_no_event_asks_which_naming_the_next_ones(
    system: AgentSystem, text: str
) -> None:
    await _seeded(system)
    asked = await system.arun(text, thread_id="t")
    assert asked.reply == _THREE
    listed = await system.arun("what's on my calendar this week")
    assert listed.reply.count(":") >= 4  # nothing deleted yet: three events listed
    assert "Yoga" in listed.reply and "Dentist" in listed.reply


@pytest.mark.parametrize(
    ("answer", "gone"),
    [
        ("the dentist", "Deleted 'Dentist' (on Thu 5 Mar, 10:00-11:00)."),
        ("the second one", "Deleted 'Dentist' (on Thu 5 Mar, 10:00-11:00)."),
        ("the first", "Deleted 'Yoga' (on Wed 4 Mar, 18:00-19:00)."),
        ("the last one", "Deleted 'Gym' on Fri 6 Mar, 07:00-08:00; it still repeats every Friday."),
        ("gym", "Deleted 'Gym' on Fri 6 Mar, 07:00-08:00; it still repeats every Friday."),
    ],
)
async def test_the_answer_deletes_the_event_picked(
    system: AgentSystem, answer: str, gone: str
) -> None:
    await _seeded(system)
    await system.arun("remove this event", thread_id="t")
    deleted = await system.arun(answer, thread_id="t")
    assert deleted.reply == gone


async def test_a_new_request_is_no_answer(system: AgentSystem) -> None:
    await _seeded(system)
    await system.arun("this event needs to be removed", thread_id="t")
    other = await system.arun("what time is it", thread_id="t")
    assert "Deleted" not in other.reply
    week = await system.arun("what's on my calendar this week")
    assert "Yoga" in week.reply and "Dentist" in week.reply


async def test_one_event_listed_yes_deletes_it(system: AgentSystem) -> None:
    await system.arun("add haircut on saturday at 11am")
    asked = await system.arun("please remove the event", thread_id="t")
    assert asked.reply == "Which event should I delete: 'Haircut' (Sat 7 Mar 11:00)?"
    done = await system.arun("yes", thread_id="t")
    assert done.reply == "Deleted 'Haircut' (on Sat 7 Mar, 11:00-12:00)."


@pytest.mark.parametrize("text", ["erase my next event", "delete my next event please"])
async def test_my_next_event_is_the_next_one(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    assert (await system.arun(text)).reply == "Deleted 'Yoga' (on Wed 4 Mar, 18:00-19:00)."


async def test_nothing_coming_up_is_said(system: AgentSystem) -> None:
    asked = await system.arun("delete this event")
    assert asked.reply == "Your calendar has nothing coming up to delete."
