"""Questions about the event just named (issue 15): after "what's my next meeting" or "add lunch
with Sam tomorrow at 1pm", "when is it", "where is it", "who's coming", "how long is it", "what
time does it end" answer about that event, one plain sentence, and never change it.

Families (each with paraphrases of our own): when / where / who / how long / when it ends,
said with "it", "that" or "the meeting", with a lead ("and", "so") or "again".
Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

ASKED = {
    "when": (
        ["when is it", "and when's that?", "what day is it on", "when does it start again"],
        "'Team review' is tomorrow, 15:00-16:30.",
    ),
    "where": (
        ["where is it", "where's that happening?", "so where is the meeting", "what's the address"],
        "'Team review' is at 22 baker street (tomorrow, 15:00-16:30).",
    ),
    "who": (
        ["who's coming", "who else is coming?", "who will be there", "who's it with"],
        "'Team review' (tomorrow, 15:00-16:30) names nobody else; your calendar keeps no guest "
        "list.",
    ),
    "length": (
        ["how long is it", "how long does it last?", "how long will the meeting go on"],
        "'Team review' lasts 1 hour 30 minutes (tomorrow, 15:00-16:30).",
    ),
    "end": (
        ["what time does it end", "when does it finish?", "when will it be over", "till when"],
        "'Team review' ends tomorrow at 16:30.",
    ),
}
CASES = [(said, reply) for said_all, reply in ASKED.values() for said in said_all]


async def _seeded(system: AgentSystem) -> None:
    added = await system.arun(
        "add team review tomorrow from 3pm to 4:30pm at 22 baker street", thread_id="seed"
    )
    assert added.reply.startswith("Added 'Team review' tomorrow, 15:00-16:30")
    assert (await system.arun("add dentist on friday at 10am")).reply.startswith("Added")


@pytest.mark.parametrize(("text", "reply"), CASES)
async def test_after_the_next_meeting(system: AgentSystem, text: str, reply: str) -> None:
    await _seeded(system)
    found = await system.arun("what's my next meeting", thread_id="t")
    assert found.reply.startswith("Next: Team review")
    answered = await system.arun(text, thread_id="t")
    assert answered.reply == reply
    assert answered.plan is not None
    assert [s.tool for s in answered.plan.steps] == ["calendar.list"]


@pytest.mark.parametrize(("text", "reply"), CASES[::2])
async def test_after_adding_it(system: AgentSystem, text: str, reply: str) -> None:
    await _seeded(system)
    answered = await system.arun(text, thread_id="seed")
    assert answered.reply == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("who's coming", "'Lunch with Sam' (tomorrow, 13:00-14:00) is with Sam; your calendar "
         "keeps no other guest list."),
        ("where is it", "'Lunch with Sam' (tomorrow, 13:00-14:00) has no place on your calendar."),
        ("how long is it", "'Lunch with Sam' lasts 1 hour (tomorrow, 13:00-14:00)."),
        ("what time does it end", "'Lunch with Sam' ends tomorrow at 14:00."),
    ],
)  # fmt: skip
async def test_lunch_with_sam(system: AgentSystem, text: str, reply: str) -> None:
    await system.arun("add lunch with Sam tomorrow at 1pm", thread_id="lunch")
    assert (await system.arun(text, thread_id="lunch")).reply == reply


async def test_a_question_changes_nothing_and_keeps_the_event(system: AgentSystem) -> None:
    await _seeded(system)
    await system.arun("what's my next meeting", thread_id="t")
    for text in ("where is it", "how long is it", "who's coming", "when is it"):
        await system.arun(text, thread_id="t")
    moved = await system.arun("move it to 5pm", thread_id="t")  # still that event
    assert moved.reply.startswith("Moved 'Team review': tomorrow, 17:00-18:30")
    listed = await system.arun("what's on friday")
    assert listed.reply == "Fri 6 Mar: 1 event: 10:00-11:00 Dentist."


@pytest.mark.parametrize("text", ["what time is it", "where is paris", "who is coming to dinner"])
async def test_other_questions_are_not_about_the_event(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    await system.arun("what's my next meeting", thread_id="t")
    answered = await system.arun(text, thread_id="t")
    assert "Team review" not in answered.reply
