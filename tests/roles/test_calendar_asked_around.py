"""Questions about one's own plans said around the event (issue 15), each family with our own
paraphrases (none of them in the data sets):

- "anything <fun / special / exciting ...> <happening / planned / on> <day>" lists that day;
- "where is / how long is <event>" looks the event up (its place and hours are in the reply);
- "my next <event>", "the next <event>", "when do i next see <someone>" is that event's next one;
- "(give me / i want) (all) the details / info about <event> on <day>" lists that event that day;
- "find <event> on my calendar and cancel it" deletes that event (not one called 'find ...');
- "pencil <event> in for <day> at <time>" adds it under its own name.

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add dentist appointment on friday at 10am",
        "add dentist appointment on the 20th at 11am",
        "add team review on thursday at 3pm at Rosewood Hall",
        "add book club on friday at 7pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "anything fun going on this weekend",
            "Nothing on your calendar from Sat 7 Mar to Sun 8 Mar.",
        ),
        ("is anything special planned for saturday", "Nothing on your calendar on Sat 7 Mar."),
        (
            "got anything exciting on friday",
            "Fri 6 Mar: 2 events: 10:00-11:00 Dentist appointment; 19:00-20:00 Book club.",
        ),
    ],
)
async def test_anything_said_with_a_word_about_it_lists_the_day(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "where's the team review",
            "Coming up: 1 event: Thu 5 Mar 15:00-16:00 Team review (Rosewood Hall).",
        ),
        (
            "how long is the team review",
            "Coming up: 1 event: Thu 5 Mar 15:00-16:00 Team review (Rosewood Hall).",
        ),
        (
            "when is my next dentist appointment",
            "Next: Dentist appointment, on Fri 6 Mar, 10:00-11:00.",
        ),
        ("when do i next see the dentist", "Next: Dentist appointment, on Fri 6 Mar, 10:00-11:00."),
        (
            "when is the next team review",
            "Next: Team review (Rosewood Hall), on Thu 5 Mar, 15:00-16:00.",
        ),
        (
            "can you give me the details about the book club on friday",
            "Fri 6 Mar: 1 event: 19:00-20:00 Book club.",
        ),
        (
            "i want all the info on the team review on thursday",
            "Thu 5 Mar: 1 event: 15:00-16:00 Team review (Rosewood Hall).",
        ),
    ],
)
async def test_a_question_naming_the_event_finds_it(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply


async def test_a_question_changes_nothing(system: AgentSystem) -> None:
    await _seeded(system)
    before = (await system.arun("what do i have coming up in the next 3 months")).reply
    for text in ("where's the team review", "when is my next dentist appointment"):
        await system.arun(text)
    assert (await system.arun("what do i have coming up in the next 3 months")).reply == before


async def test_find_an_event_and_cancel_it_deletes_that_event(system: AgentSystem) -> None:
    await system.arun("add dinner with mom on saturday at 7pm")
    gone = await system.arun("find dinner with mom on my calendar and cancel it")
    assert gone.reply.endswith("Deleted 'Dinner with mom' (on Sat 7 Mar, 19:00-20:00).")
    assert (
        await system.arun("what's on saturday")
    ).reply == "Nothing on your calendar on Sat 7 Mar."


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "pencil coffee with liz in for wednesday at 9",
            "Added 'Coffee with liz' on Wed 4 Mar, 09:00-10:00.",
        ),
        (
            "could you squeeze a haircut in on saturday at 11",
            "Added 'Haircut' on Sat 7 Mar, 11:00-12:00.",
        ),
    ],
)
async def test_a_verb_said_around_the_event_names_it_not(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert (await system.arun(text)).reply == reply
