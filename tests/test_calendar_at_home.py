"""Calendar moves, removals and answers said the way people say them at home (issue 15).

Families, with paraphrases of our own: a move asked or told ("can we shift lunch with jo to
1:30", "the book club is now at 8pm", "my haircut has been moved to monday at 11"), a move by a
length ("make the doctor's appointment half an hour later"), an event that is off ("the vet
appointment isn't happening anymore", "i can't make the doctor's appointment, cancel it"); the
answers to "What time is 'Dentist'?" ("it's at 11 in the morning", "all day", "in the morning",
"not sure yet"); a part of the day with no hour, whose hour the reply says. Through the public
API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests._plans import planned_steps

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "event", "start"),
    [
        ("can we shift lunch with jo to 1:30", "lunch with jo", "1:30"),
        ("could we push the team review to friday", "team review", "friday"),
        ("let's move pilates till thursday", "pilates", "thursday"),
        ("postpone the plumber until wednesday", "plumber", "wednesday"),
        ("change the time of my massage to 5pm", "massage", "5 pm"),
        ("update the date for the dentist to the 15th", "dentist", "the 15th"),
        ("bring the meeting with sam forward to 2pm", "meeting with sam", "2 pm"),
        ("the book club is now at 8pm", "book club", "8 pm"),
        ("lunch with jo is now on friday", "lunch with jo", "friday"),
        ("the dentist moved to the 15th", "dentist", "the 15th"),
        ("my haircut has been moved to monday at 11", "haircut", "monday at 11"),
        ("our yoga class got pushed back to 7pm", "yoga class", "7 pm"),
        ("swimming lessons moved to sunday", "swimming lessons", "sunday"),
    ],
)
async def test_a_move_asked_or_told_moves_the_event(
    system: AgentSystem, text: str, event: str, start: str
) -> None:
    assert await planned_steps(system, text) == [
        ("calendar.update", {"event": event, "start": start})
    ]


@pytest.mark.parametrize(
    ("text", "event", "shift"),
    [
        ("make the doctor's appointment half an hour later", "doctor's appointment", "30 minutes"),
        ("make my yoga class an hour earlier", "yoga class", "-1 hour"),
        ("put the gym back an hour", "gym", "1 hour"),
        ("make the school run 15 minutes earlier", "school run", "-15 minutes"),
        ("postpone the haircut till next week", "haircut", "7 days"),
        ("push the dentist to next week", "dentist", "7 days"),
    ],
)
async def test_a_move_by_a_length_shifts_the_event(
    system: AgentSystem, text: str, event: str, shift: str
) -> None:
    assert await planned_steps(system, text) == [
        ("calendar.update", {"event": event, "shift": shift})
    ]


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("the vet appointment isn't happening anymore", "vet appointment"),
        ("lunch with jo is no longer on", "lunch with jo"),
        ("the party on saturday won't go ahead", "party on saturday"),
        ("i can't make the doctor's appointment, cancel it", "doctor's appointment"),
        ("we can't make dinner with the smiths on friday", "dinner with the smiths on friday"),
        ("i'm not going to the gym on monday anymore", "gym on monday"),
        ("get rid of the plumber appointment", "plumber appointment"),
        ("the school play won't take place", "school play"),
        ("i'm not going to pilates anymore", "pilates"),
    ],
)
async def test_an_event_said_to_be_off_is_deleted(
    system: AgentSystem, text: str, event: str
) -> None:
    assert await planned_steps(system, text) == [("calendar.delete", {"event": event})]


@pytest.mark.parametrize(
    "text",
    [
        "move my money to savings",
        "the package moved to the depot",
        "my flight has been moved to 6pm",
        "the game is now on",
        "the kitchen lights are now on",
        "can we move the sofa to the window",
        "the parcel has been moved to tomorrow",
        "my alarm got moved to 7",
        "i can't make it work",
    ],
)
async def test_moves_of_things_that_are_no_event_stay_off_the_calendar(
    system: AgentSystem, text: str
) -> None:
    assert not [
        tool for tool, _ in await planned_steps(system, text) if tool.startswith("calendar.")
    ]


async def test_a_move_told_changes_the_stored_event(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add book club on thursday at 7pm")
        moved = await system.arun("the book club is now at 8pm")
        assert moved.status == "success" and "20:00" in moved.reply
        listed = await system.arun("what's on thursday")
        assert "Book club" in listed.reply and "20:00" in listed.reply
        gone = await system.arun("the book club isn't happening anymore")
        assert gone.status == "success" and "Book club" in gone.reply
        assert "Book club" not in (await system.arun("what's on thursday")).reply


async def test_everyday_questions_list_the_day(system: AgentSystem) -> None:
    [(tool, first)] = await planned_steps(system, "what's first thing tomorrow")
    assert tool == "calendar.list" and first["limit"] == 1
    assert first["start"].startswith("2026-01-06T00:00")
    [(tool, left)] = await planned_steps(system, "what's left on today")
    assert tool == "calendar.list" and left["start"].startswith("2026-01-05T09:00")
    assert left["end"].startswith("2026-01-06T00:00")
    [(tool, born)] = await planned_steps(system, "are there any birthdays this month")
    assert tool == "calendar.list" and born["query"] == "birthdays"


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("we're going to the cinema friday at 8", "Cinema", "2026-01-09T20:00"),
        ("add parents evening on the 14th at 6pm", "Parents evening", "2026-01-14T18:00"),
        ("add quiz night on friday at 8", "Quiz night", "2026-01-09T20:00"),
        (
            "put in a reminder on my calendar for the bin collection thursday at 7",
            "The bin collection",
            "2026-01-08T07:00",
        ),
        ("note in my diary that jo visits on sunday at 2", "Jo visits", "2026-01-11T14:00"),
    ],
)
async def test_events_said_at_home_are_added_with_their_name(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    [(tool, arguments)] = await planned_steps(system, text)
    assert tool == "calendar.create" and arguments["title"] == title
    assert arguments["start"].startswith(start)


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ("it's at 11 in the morning", "Added 'Dentist' on Mon 12 Jan, 11:00-12:00."),
        ("um it starts at half two", "Added 'Dentist' on Mon 12 Jan, 14:30-15:30."),
        ("all day", "Added 'Dentist' on Mon 12 Jan (all day)."),
        ("it's an all-day thing", "Added 'Dentist' on Mon 12 Jan (all day)."),
        (
            "in the morning",
            "Added 'Dentist' on Mon 12 Jan, 09:00-10:00. I took morning as 09:00; say another"
            " time to move it.",
        ),
        (
            "the afternoon",
            "Added 'Dentist' on Mon 12 Jan, 15:00-16:00. I took afternoon as 15:00; say another"
            " time to move it.",
        ),
    ],
)
async def test_what_time_is_answered_the_way_people_answer(
    tmp_path: Path, answer: str, said: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        first = await system.arun("put dentist on the calendar for the 12th")
        assert first.reply == "What time is 'Dentist'?"
        result = await system.arun(answer, thread_id=first.thread_id)
        assert result.reply == said


async def test_as_a_reminder_is_no_part_of_the_title(system: AgentSystem) -> None:
    asked = await system.arun("put mum's birthday in my calendar as a reminder")
    assert asked.reply == 'When is "Mum\'s birthday"?'


@pytest.mark.parametrize("answer", ["not sure yet", "i don't know", "no idea"])
async def test_not_knowing_the_time_adds_nothing(tmp_path: Path, answer: str) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        first = await system.arun("add dinner with the neighbours on saturday")
        assert first.reply == "What time is 'Dinner with the neighbours'?"
        result = await system.arun(answer, thread_id=first.thread_id)
        assert result.reply == "OK, never mind."
        listed = await system.arun("what's on saturday")
        assert "Dinner" not in listed.reply


async def test_a_time_alone_for_which_day_next_week_asks_the_day_again(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        first = await system.arun("schedule a meeting with sam next week")
        question = "Which day next week is 'Meeting with sam'?"
        assert first.reply == question
        timed = await system.arun("3pm", thread_id=first.thread_id)
        assert timed.reply == question  # not today at 15:00
        done = await system.arun("tuesday", thread_id=first.thread_id)
        assert done.reply == "Added 'Meeting with sam' on Tue 13 Jan, 15:00-16:00."


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "add a hair appointment friday morning",
            "Added 'Hair appointment' on Fri 9 Jan, 09:00-10:00. I took morning as 09:00; say"
            " another time to move it.",
        ),
        (
            "add drinks with tom friday night",
            "Added 'Drinks with tom' on Fri 9 Jan, 20:00-21:00. I took night as 20:00; say"
            " another time to move it.",
        ),
        (
            "add dinner with mum sunday evening at seven",
            "Added 'Dinner with mum' on Sun 11 Jan, 19:00-20:00.",
        ),
    ],
)
async def test_a_part_of_the_day_with_no_hour_says_the_hour_it_took(
    tmp_path: Path, text: str, said: str
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        assert (await system.arun(text)).reply == said
