"""The calendar said without a calendar word (issue 15): an activity or an event-like noun with
a calendar verb is the calendar's.

Families (paraphrases of our own, none from the data sets): the next one ("what's my next <x>",
"when do i have my next <x>"); a move to a day or a time ("reschedule / move / push / bump <x>
to <when>"); a repeat stopped ("stop / quit / no more <x> every <day>", "<x> on <day>s") and one
occurrence skipped ("skip <x> <day>"); an add that repeats ("add <x> on <day>s at <time>");
look-alikes of other roles stay theirs ("move my money to savings", "skip this song", "move my
alarm to 7am"). Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add piano lesson every monday at 5pm",
        "add yoga on wednesday at 6pm",
        "add karate class on saturday at 10am",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's my next piano lesson", "Next: Piano lesson, on Mon 9 Mar, 17:00-18:00."),
        ("when is my next yoga", "Next: Yoga, on Wed 4 Mar, 18:00-19:00."),
        ("when do i have my next karate class", "Next: Karate class, on Sat 7 Mar, 10:00-11:00."),
        ("what time is my next piano", "Next: Piano lesson, on Mon 9 Mar, 17:00-18:00."),
    ],
)
async def test_the_next_one_is_found_by_its_name(
    system: AgentSystem, text: str, reply: str
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("reschedule yoga to 7pm", "Moved 'Yoga': on Wed 4 Mar, 19:00-20:00."),
        ("move yoga to thursday", "Moved 'Yoga': on Thu 5 Mar, 18:00-19:00."),
        ("could you push my yoga to 8pm", "Moved 'Yoga': on Wed 4 Mar, 20:00-21:00."),
        ("bump karate to sunday at 11", "Moved 'Karate class': on Sun 8 Mar, 11:00-12:00."),
    ],
)
async def test_a_move_to_a_day_or_a_time(system: AgentSystem, text: str, reply: str) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    "text",
    [
        "stop piano every monday",
        "no more piano lessons on mondays",
        "quit my piano lessons for good",
        "please stop piano each monday",
    ],
)
async def test_a_repeat_stopped_goes_whole(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    gone = await system.arun(text)
    assert gone.reply == "Deleted 'Piano lesson' (every Monday) and all its repeats."
    assert "Piano" not in (await system.arun("what's on my calendar this month")).reply


@pytest.mark.parametrize(
    "text", ["skip piano next monday", "skip my piano lesson on monday the 9th"]
)
async def test_one_occurrence_skipped(system: AgentSystem, text: str) -> None:
    await _seeded(system)
    gone = await system.arun(text)
    assert gone.reply == (
        "Deleted 'Piano lesson' on Mon 9 Mar, 17:00-18:00; it still repeats every Monday."
    )


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "add piano lesson on mondays at 5pm",
            "Added 'Piano lesson' every Monday, 17:00-18:00, from Mon 9 Mar.",
        ),
        (
            "put guitar class on thursdays at 6pm",
            "Added 'Guitar class' every Thursday, 18:00-19:00, from Thu 5 Mar.",
        ),
        (
            "schedule swimming on tuesdays at 7am",
            "Added 'Swimming' every Tuesday, 07:00-08:00, from tomorrow.",
        ),
    ],
)
async def test_an_add_on_plural_days_repeats(system: AgentSystem, text: str, reply: str) -> None:
    assert (await system.aroute(text)).role == "calendar"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("move my money to savings", "calendar"),
        ("skip this song", "calendar"),
        ("move my alarm to 7am", "calendar"),
        ("stop the music every monday", "calendar"),
        ("what's my next paycheck", "calendar"),
    ],
)
async def test_look_alikes_are_not_the_calendars(system: AgentSystem, text: str, role: str) -> None:
    assert (await system.aroute(text)).role != role
