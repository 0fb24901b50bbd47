"""Several events in one calendar request (issue 15), each family with our own paraphrases:

- "<add> <event> <day/time> and <event> <day/time>" adds each event (a side with only a time
  takes the other side's day); a title or a time range holding an "and" stays one event;
- "<cancel> my <time> and <time> <events>" / "the <event> and the <event>" deletes each one,
  also when only the last hour says its half of the day ("the 3 and 5 pm meetings").

Through the public API, offline, on a fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem, RunResult

pytestmark = pytest.mark.anyio

WEEK = "what's on my calendar this week"


def _tools(result: RunResult) -> list[str]:
    assert result.plan is not None
    return [step.tool for step in result.plan.steps]


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        (
            "add dentist tomorrow at 3pm and gym friday at 7am",
            "Added 'Dentist' tomorrow, 15:00-16:00.\nAdded 'Gym' on Fri 6 Mar, 07:00-08:00.",
        ),
        (
            "put a haircut on saturday at 11 and brunch with mia on sunday at noon",
            "Added 'Haircut' on Sat 7 Mar, 11:00-12:00.\n"
            "Added 'Brunch with mia' on Sun 8 Mar, 12:00-13:00.",
        ),
        (
            "book tennis friday at 8am plus a massage friday at 4pm",
            "Added 'Tennis' on Fri 6 Mar, 08:00-09:00.\nAdded 'Massage' on Fri 6 Mar, 16:00-17:00.",
        ),
        (
            "add team call on tuesday at 10 and lunch with dad at 1",
            "Added 'Team call' tomorrow, 10:00-11:00.\n"
            "Added 'Lunch with dad' tomorrow, 13:00-14:00.",
        ),
        (
            "add drinks at 6 and dinner with jo at 8 on thursday",
            "Added 'Drinks' on Thu 5 Mar, 18:00-19:00.\n"
            "Added 'Dinner with jo' on Thu 5 Mar, 20:00-21:00.",
        ),
    ],
)
async def test_two_events_said_each_with_its_time_are_two_events(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert (await system.aroute(text)).role == "calendar"
    result = await system.arun(text)
    assert result.reply == reply
    assert _tools(result) == ["calendar.create", "calendar.create"]
    assert "2 events" in (await system.arun(WEEK)).reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("add dinner with jo and sam tomorrow at 7", "Added 'Dinner with jo and sam' tomorrow"),
        ("add a meeting tomorrow between 2 and 4 pm", "Added 'Meeting' tomorrow, 14:00-16:00."),
        ("add yoga on thursday at 6pm and invite ben", "Added 'Yoga with Ben' on Thu 5 Mar"),
        ("schedule rock and roll class on friday at 6pm", "Added 'Rock and roll class' on Fri"),
    ],
)
async def test_an_and_inside_one_event_stays_one_event(
    system: AgentSystem, text: str, reply: str
) -> None:
    result = await system.arun(text)
    assert result.reply.startswith(reply)
    assert _tools(result) == ["calendar.create"]


async def _seeded(system: AgentSystem) -> None:
    for text in (
        "add dentist on wednesday at 3pm",
        "add team sync on wednesday at 5pm",
        "add gym on thursday at 7am",
        "add book club on friday at 7pm",
    ):
        assert (await system.arun(text)).reply.startswith("Added")


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("cancel my 3pm and 5pm meetings", ("Dentist", "Team sync")),
        ("delete the dentist and the gym", ("Dentist", "Gym")),
        ("scrap my 3pm, 5pm and 7am", ("Dentist", "Team sync", "Gym")),
        ("call off the gym and the book club", ("Gym", "Book club")),
        ("remove my 7am and my 7pm", ("Gym", "Book club")),
        ("cancel the 3 and 5 pm meetings", ("Dentist", "Team sync")),
        ("drop the three and five pm meetings on wednesday", ("Dentist", "Team sync")),
        ("cancel the 3 and 5 meetings", ("Dentist", "Team sync")),
        ("cancel the 3, 5 and 7 pm events", ("Dentist", "Team sync", "Book club")),
    ],
)
async def test_each_event_named_in_a_removal_is_deleted(
    system: AgentSystem, text: str, gone: tuple[str, ...]
) -> None:
    await _seeded(system)
    assert (await system.aroute(text)).role == "calendar"
    result = await system.arun(text)
    assert _tools(result) == ["calendar.delete"] * len(gone)
    assert result.reply.count("Deleted") == len(gone)
    left = (await system.arun(WEEK)).reply
    assert all(f" {title}" not in left for title in gone)
    assert f"{4 - len(gone)} event" in left


async def test_an_event_named_in_a_removal_that_is_not_there_is_said(
    system: AgentSystem,
) -> None:
    await _seeded(system)
    result = await system.arun("cancel my 3pm and 4pm meetings")
    assert "Deleted 'Dentist'" in result.reply
    assert "No event in your calendar matches '4 pm meeting'" in result.reply
