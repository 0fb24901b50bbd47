"""People asked along to an event (issue 15, dogfooding): "and invite Ben" after adding one.

Events keep no guest list, so the people join the title ('Yoga with Ben') and the reply says so
and that no invitation is sent. Through the public API, offline, on a fake clock (Monday 2 March
2026, 09:00), one thread per conversation.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("follow_up", "title"),
    [
        ("and invite Ben", "Yoga with Ben"),
        ("can you invite ben and sara as well", "Yoga with Ben and Sara"),
        ("ask tom to join us", "Yoga with Tom"),
        ("add jo to it", "Yoga with Jo"),
        ("sam is coming too", "Yoga with Sam"),
        ("send an invite to ben smith", "Yoga with Ben Smith"),
    ],
)
async def test_people_asked_along_join_the_event_just_added(
    system: AgentSystem, follow_up: str, title: str
) -> None:
    added = await system.arun("add yoga on thursday at 6pm")
    assert added.reply == "Added 'Yoga' on Thu 5 Mar, 18:00-19:00."
    invited = await system.arun(follow_up, thread_id=added.thread_id)
    assert invited.reply.startswith("Added ")
    assert f"to 'Yoga' (now '{title}') on Thu 5 Mar, 18:00-19:00" in invited.reply
    assert invited.reply.endswith("no invitation is sent.")
    listed = await system.arun("what's on thursday")
    assert listed.reply == f"Thu 5 Mar: 1 event: 18:00-19:00 {title}."


async def test_people_join_those_already_named(system: AgentSystem) -> None:
    added = await system.arun("add dinner with Jo and Sam on friday at 7pm")
    thread = added.thread_id
    first = await system.arun("invite ben too", thread_id=thread)
    assert "(now 'Dinner with Jo, Sam and Ben')" in first.reply
    again = await system.arun("and invite ben", thread_id=thread)
    assert (
        again.reply
        == "'Dinner with Jo, Sam and Ben' (on Fri 6 Mar, 19:00-20:00) already names Ben."
    )


async def test_the_one_event_a_question_found_takes_them(system: AgentSystem) -> None:
    await system.arun("add dentist appointment on friday at 10am")
    await system.arun("add team review tomorrow at 3pm")
    asked = await system.arun("when is my team review")
    invited = await system.arun("please invite my manager", thread_id=asked.thread_id)
    assert invited.reply.startswith("Added my manager to 'Team review' (now 'Team review with")
    listed = await system.arun("what's on friday")
    assert listed.reply == "Fri 6 Mar: 1 event: 10:00-11:00 Dentist appointment."  # unchanged


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add yoga on thursday at 6pm and invite ben", "Yoga with Ben"),
        ("book a meeting on thursday at 3 and invite ben and sara", "Meeting with Ben and Sara"),
        ("put lunch with sam on thursday at 1, and also ask jo to join", "Lunch with sam and Jo"),
    ],
)
async def test_people_asked_along_in_the_same_request(
    system: AgentSystem, text: str, title: str
) -> None:
    await system.arun(text)
    listed = await system.arun("what's on thursday")
    assert listed.reply.endswith(f" {title}.")
    assert listed.reply.startswith("Thu 5 Mar: 1 event:")


async def test_with_no_event_before_an_invite_adds_nothing(system: AgentSystem) -> None:
    await system.arun("invite ben")
    listed = await system.arun("what's on this week")
    assert "Ben" not in listed.reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "invite ben to dinner on friday at 7",
            "Added 'Dinner with Ben' on Fri 6 Mar, 19:00-20:00.",
        ),
        (
            "please invite ben and sara over for lunch tomorrow at 1",
            "Added 'Lunch with Ben and Sara' tomorrow, 13:00-14:00.",
        ),
        (
            "can you invite my parents to the bbq on saturday at 4",
            "Added 'Bbq with my parents' on Sat 7 Mar, 16:00-17:00.",
        ),
    ],
)
async def test_an_event_said_by_whom_it_is_with(system: AgentSystem, text: str, reply: str) -> None:
    assert (await system.arun(text)).reply == reply
