"""Calendar conversations that never do the wrong thing (issue 15, items 3-5).

Each thread is said turn by turn on one thread, through the public API, offline, on a fake clock
(Monday 5 January 2026, 09:00 UTC); what counts is what is stored afterwards (read from the
calendar's store), and a few replies. Families: a follow-up add with a time and no day keeps the
day of the turn before ("book yoga at 6pm friday" ... "and dinner at 8"); "another one at 3";
"one with sara at 4"; a series said once in listings; "is it still on tuesday?" after a move
says where it is; "what's my first meeting tomorrow" on an empty day; corrections ("no, 3pm",
"make that 8" for an evening event) and length changes ("make it an hour longer"); questions
that must never change anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from agent_system.api import AgentSystem
from agent_system.repository import open_repository
from agent_system.runtime import FakeClock
from agent_system.testing import make_runtime, make_settings
from roles.calendar import CalendarStore

if TYPE_CHECKING:
    from pathlib import Path

    from roles.calendar.store import Event

pytestmark = pytest.mark.anyio


def _said(event: Event) -> str:
    said = f"{event.title} {event.start:%a %d %b %H:%M}-{event.end:%H:%M}"
    return said + (f" every {event.repeat}" if event.repeat else "")


async def _thread(home: Path, turns: list[str]) -> tuple[list[str], list[str]]:
    """The replies to `turns` said on one thread, and the events stored after them."""
    runtime = make_runtime(clock=FakeClock())
    replies: list[str] = []
    async with AgentSystem(make_settings(home), runtime=runtime) as system:
        thread = None
        for turn in turns:
            done = await system.arun(turn, thread_id=thread)
            thread = done.thread_id
            replies.append(done.reply)
        events = await CalendarStore(open_repository(runtime), runtime.clock).all_events("")
    return replies, sorted(_said(e) for e in events)


# --- a follow-up add keeps the day of the turn before ----------------------------------------

_SAME_DAY = [
    (["book yoga at 6pm friday", "and dinner at 8"], ["Dinner Fri 09 Jan 20:00-21:00"]),
    (
        ["add date night on friday at 8pm", "and drinks after at 10"],
        ["Drinks Fri 09 Jan 22:00-23:00"],
    ),
    (
        ["add dinner with alex saturday at 7pm", "and drinks at 9"],
        ["Drinks Sat 10 Jan 21:00-22:00"],
    ),
    (["add gym on thursday at 7am", "also a haircut at 11"], ["Haircut Thu 08 Jan 11:00-12:00"]),
    (["what's on my calendar friday", "and lunch at 1"], ["Lunch Fri 09 Jan 13:00-14:00"]),
    (["what's on my calendar friday", "add yoga at 6"], ["Yoga Fri 09 Jan 18:00-19:00"]),
    (
        ["what do i have tomorrow", "put lunch with tom at 1"],
        ["Lunch with tom Tue 06 Jan 13:00-14:00"],
    ),
    (["am i free on friday afternoon", "book a haircut at 3"], ["Haircut Fri 09 Jan 15:00-16:00"]),
    (
        ["what's on wednesday", "schedule a call with the bank at 4pm"],
        ["Call with the bank Wed 07 Jan 16:00-17:00"],
    ),
]


@pytest.mark.parametrize(("turns", "added"), _SAME_DAY)
async def test_a_follow_up_add_keeps_the_day_before(
    tmp_path: Path, turns: list[str], added: list[str]
) -> None:
    _, stored = await _thread(tmp_path / "home", turns)
    assert set(added) <= set(stored)
    assert not [s for s in stored if " Mon 05 Jan " in s]  # nothing landed on today


async def test_a_day_said_in_the_follow_up_is_kept(tmp_path: Path) -> None:
    _, stored = await _thread(
        tmp_path / "home", ["book yoga at 6pm friday", "and dinner tomorrow at 8"]
    )
    assert stored == ["Dinner Tue 06 Jan 20:00-21:00", "Yoga Fri 09 Jan 18:00-19:00"]


@pytest.mark.parametrize(
    ("turns", "stored"),
    [
        (
            ["add dentist friday at 2pm", "add another one at 3"],
            ["Dentist Fri 09 Jan 14:00-15:00", "Dentist Fri 09 Jan 15:00-16:00"],
        ),
        (
            ["add physio on tuesday at 9am", "book another on thursday"],
            ["Physio Thu 08 Jan 09:00-10:00", "Physio Tue 06 Jan 09:00-10:00"],
        ),
        (
            ["add a tutoring session tomorrow at 4pm", "one more at 6"],
            ["Tutoring session Tue 06 Jan 16:00-17:00", "Tutoring session Tue 06 Jan 18:00-19:00"],
        ),
        (
            ["add meeting with tom at 2pm tomorrow", "and one with sara at 4"],
            ["Meeting with sara Tue 06 Jan 16:00-17:00", "Meeting with tom Tue 06 Jan 14:00-15:00"],
        ),
        (
            ["add lunch with sam on friday at noon", "and another with jo on saturday at 1"],
            ["Lunch with jo Sat 10 Jan 13:00-14:00", "Lunch with sam Fri 09 Jan 12:00-13:00"],
        ),
        (
            ["add physio on tuesday at 9am", "and on thursday too"],
            ["Physio Thu 08 Jan 09:00-10:00", "Physio Tue 06 Jan 09:00-10:00"],
        ),
        (
            ["add book club on the 20th at 7pm", "and on the 27th too"],
            ["Book club Tue 20 Jan 19:00-20:00", "Book club Tue 27 Jan 19:00-20:00"],
        ),
        (
            ["add physio on tuesday at 9am", "and the day after"],
            ["Physio Tue 06 Jan 09:00-10:00", "Physio Wed 07 Jan 09:00-10:00"],
        ),
    ],
)
async def test_another_one_is_the_same_event_again(
    tmp_path: Path, turns: list[str], stored: list[str]
) -> None:
    assert (await _thread(tmp_path / "home", turns))[1] == stored


# --- a series is said once -------------------------------------------------------------------


async def test_a_series_asked_about_is_said_once(tmp_path: Path) -> None:
    replies, stored = await _thread(
        tmp_path / "home", ["add team meeting every monday at 10", "when is the team meeting"]
    )
    assert replies[1] == "Team meeting: every Monday, 10:00-11:00; next on Mon 12 Jan."
    assert stored == ["Team meeting Mon 12 Jan 10:00-11:00 every mon"]


@pytest.mark.parametrize(
    ("turns", "reply"),
    [
        (
            ["add standup every weekday at 9:15", "what's on this week"],
            "From Mon 5 Jan to Sun 11 Jan: 1 event: Standup every weekday, 09:15-10:15 (Mon 5"
            " Jan, Tue 6 Jan, Wed 7 Jan, Thu 8 Jan, Fri 9 Jan).",
        ),
        (
            ["add book club every other wednesday at 7pm", "what's on this month"],
            "From Mon 5 Jan to Sat 31 Jan: 1 event: Book club every other Wednesday, "
            "19:00-20:00 (Wed 7 Jan, Wed 21 Jan).",
        ),
        (
            ["add swimming every saturday at 9am", "when is swimming?"],
            "Swimming: every Saturday, 09:00-10:00; next on Sat 10 Jan.",
        ),
        (
            ["add stretching to my calendar every day at 7am", "what's coming up"],
            "From Mon 5 Jan to Sun 11 Jan: 1 event: Stretching every day, 07:00-08:00 (Tue 6 "
            "Jan to Sun 11 Jan).",
        ),
    ],
)
async def test_listings_say_a_series_once(tmp_path: Path, turns: list[str], reply: str) -> None:
    replies, stored = await _thread(tmp_path / "home", turns)
    assert replies[-1] == reply
    assert len(stored) == 1


async def test_a_series_among_other_events_keeps_its_place(tmp_path: Path) -> None:
    replies, _ = await _thread(
        tmp_path / "home",
        [
            "add standup every weekday at 9:15",
            "add dentist on wednesday at 3pm",
            "what's on this week",
        ],
    )
    assert replies[-1] == (
        "From Mon 5 Jan to Sun 11 Jan: 2 events: Standup every weekday, 09:15-10:15 (Mon 5 Jan, "
        "Tue 6 Jan, Wed 7 Jan, Thu 8 Jan, Fri 9 Jan); Wed 7 Jan 15:00-16:00 Dentist."
    )


# --- where it is now, and empty days ---------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "reply"),
    [
        (
            [
                "add dentist on tuesday at 3pm",
                "move the dentist to wednesday",
                "is the dentist still on tuesday?",
            ],
            "No, it's on Wed 7 Jan at 15:00.",
        ),
        (
            [
                "add meeting with legal on wednesday at 11",
                "move it to thursday",
                "is it still on wednesday?",
            ],
            "No, it's on Thu 8 Jan at 11:00.",
        ),
        (
            ["add dentist on friday at 3pm", "is the dentist on thursday?"],
            "No, it's on Fri 9 Jan at 15:00.",
        ),
        (
            ["add dentist on friday at 3pm", "is the dentist on friday?"],
            "Yes, Dentist is on Fri 9 Jan, 15:00-16:00.",
        ),
        (
            ["add run club on saturday at 8am", "is it still on saturday?"],
            "Yes, Run club is on Sat 10 Jan, 08:00-09:00.",
        ),
        (
            ["add vet appointment on monday at 11", "is it on sunday?"],
            "No, it's on Mon 12 Jan at 11:00.",
        ),
    ],
)
async def test_a_check_says_where_the_event_is(
    tmp_path: Path, turns: list[str], reply: str
) -> None:
    replies, stored = await _thread(tmp_path / "home", turns)
    assert replies[-1] == reply
    assert len(stored) == 1  # a question never adds or moves


async def test_a_listing_that_misses_the_event_says_when_it_is(tmp_path: Path) -> None:
    replies, _ = await _thread(
        tmp_path / "home", ["add piano lesson on thursday at 5pm", "is piano lesson on friday"]
    )
    assert replies[-1] == (
        "Nothing called 'piano lesson' on your calendar on Fri 9 Jan; it's on Thu 8 Jan at 17:00."
    )


@pytest.mark.parametrize(
    "question",
    [
        "what's my first meeting tomorrow",
        "what's first thing tomorrow",
        "what's my first appointment tomorrow",
    ],
)
async def test_the_first_event_of_an_empty_day(tmp_path: Path, question: str) -> None:
    replies, stored = await _thread(
        tmp_path / "home", ["add lunch with sam on friday at noon", question]
    )
    assert replies[-1] == "Nothing on your calendar tomorrow."
    assert stored == ["Lunch with sam Fri 09 Jan 12:00-13:00"]


# --- corrections and length changes ----------------------------------------------------------


@pytest.mark.parametrize(
    ("turns", "stored"),
    [
        (
            ["add lunch with priya on thursday at 12:30", "no, 1pm"],
            ["Lunch with priya Thu 08 Jan 13:00-14:00"],
        ),
        (
            ["schedule a dentist appointment for friday at 10am", "actually make it 11"],
            ["Dentist appointment Fri 09 Jan 11:00-12:00"],
        ),
        (
            ["add a call with dad tomorrow at 6pm", "sorry, 7pm"],
            ["Call with dad Tue 06 Jan 19:00-20:00"],
        ),
        (
            ["add book club on wednesday at 7pm", "actually make that 8"],
            ["Book club Wed 07 Jan 20:00-21:00"],
        ),
        (
            ["add a work drinks on friday at 6pm", "no wait, make it 7"],
            ["Work drinks Fri 09 Jan 19:00-20:00"],
        ),
        (
            ["add meeting with tom at 2pm tomorrow", "move it to 11"],
            ["Meeting with tom Tue 06 Jan 11:00-12:00"],
        ),
        (
            ["add gym on wednesday at 7am", "make it thursday instead"],
            ["Gym Thu 08 Jan 07:00-08:00"],
        ),
        (["put team sync on tuesday at 2pm", "push it to 4"], ["Team sync Tue 06 Jan 16:00-17:00"]),
        (
            ["add coffee with jo tomorrow at 10", "push it back an hour"],
            ["Coffee with jo Tue 06 Jan 11:00-12:00"],
        ),
        (
            ["add piano lesson tomorrow at 4pm", "make it an hour longer"],
            ["Piano lesson Tue 06 Jan 16:00-18:00"],
        ),
        (
            [
                "add piano lesson tomorrow at 4pm",
                "can you make that meeting half an hour shorter please",
            ],
            ["Piano lesson Tue 06 Jan 16:00-16:30"],
        ),
        (
            ["add a workshop on friday at 1pm", "extend it by 30 minutes"],
            ["Workshop Fri 09 Jan 13:00-14:30"],
        ),
        (
            ["add a workshop on friday at 1pm", "make it last 3 hours"],
            ["Workshop Fri 09 Jan 13:00-16:00"],
        ),
        (
            ["book a massage on sunday at 11am", "make it 90 minutes"],
            ["Massage Sun 11 Jan 11:00-12:30"],
        ),
        (
            ["add choir every thursday at 7:30pm", "move choir to 8pm"],
            ["Choir Thu 08 Jan 20:00-21:00 every thu"],
        ),
        (
            ["add vet on friday at 9am", "the vet has been moved to 10"],
            ["Vet Fri 09 Jan 10:00-11:00"],
        ),
        (
            ["add dentist on friday at 3pm", "actually, the dentist is on thursday"],
            ["Dentist Thu 08 Jan 15:00-16:00"],
        ),
        (["add dentist on friday at 3pm", "sorry, it's at 4"], ["Dentist Fri 09 Jan 16:00-17:00"]),
        (
            ["add lunch with jo on friday at 1", "no, lunch is at 2"],
            ["Lunch with jo Fri 09 Jan 14:00-15:00"],
        ),
        (["add cinema on friday at 7pm", "wait no, saturday"], ["Cinema Sat 10 Jan 19:00-20:00"]),
        (["add gym friday at 7am", "move it to the evening"], ["Gym Fri 09 Jan 18:00-19:00"]),
        (
            ["add the quarterly review next monday at 10", "move it to the afternoon"],
            ["Quarterly review Mon 12 Jan 15:00-16:00"],
        ),
        (
            ["add lunch with kim tomorrow at noon", "change it to 1:30"],
            ["Lunch with kim Tue 06 Jan 13:30-14:30"],
        ),
    ],
)
async def test_corrections_change_the_event_just_added(
    tmp_path: Path, turns: list[str], stored: list[str]
) -> None:
    assert (await _thread(tmp_path / "home", turns))[1] == stored


async def test_a_correction_about_another_event_moves_nothing(tmp_path: Path) -> None:
    _, stored = await _thread(
        tmp_path / "home", ["add lunch with jo on friday at 1", "actually the party is on saturday"]
    )
    assert stored == ["Lunch with jo Fri 09 Jan 13:00-14:00"]


async def test_a_length_change_past_nothing_asks(tmp_path: Path) -> None:
    replies, stored = await _thread(
        tmp_path / "home", ["add a call on friday at 1pm", "make it 2 hours shorter"]
    )
    assert "30 minutes" in replies[-1] and "1 hour" in replies[-1]
    assert stored == ["Call Fri 09 Jan 13:00-14:00"]


# --- questions never change anything ---------------------------------------------------------


@pytest.mark.parametrize(
    "questions",
    [
        ["when is it?", "where is it?", "how long is it?"],
        ["what time is run club?", "when's run club", "is it still on saturday?"],
        ["is that still at 8", "who is coming?", "what time does it end?"],
        ["do i have anything on saturday?", "what's on this weekend", "and next week?"],
    ],
)
async def test_questions_after_an_add_change_nothing(tmp_path: Path, questions: list[str]) -> None:
    replies, stored = await _thread(
        tmp_path / "home", ["add run club on saturday at 8am", *questions]
    )
    assert stored == ["Run club Sat 10 Jan 08:00-09:00"]
    assert not [r for r in replies[1:] if r.startswith(("Added", "Moved", "Deleted", "Updated"))]
    assert not [r for r in replies[1:] if "can't do that" in r]


@pytest.mark.parametrize(
    ("turns", "stored"),
    [
        (["add haircut saturday at 10am", "cancel it"], []),
        (["add coffee with ana tomorrow at 9", "what's on tomorrow", "cancel the coffee"], []),
        (["add gym every monday at 6am", "delete the gym series"], []),
        (
            ["add pottery class every thursday at 7pm", "cancel pottery class next thursday"],
            ["Pottery class Thu 08 Jan 19:00-20:00 every thu"],
        ),
        (
            ["add dinner with mum on sunday at 6pm", "what's on sunday", "and monday?"],
            ["Dinner with mum Sun 11 Jan 18:00-19:00"],
        ),
        (
            ["put lunch with maria on friday at 12:30", "and invite ben"],
            ["Lunch with maria and Ben Fri 09 Jan 12:30-13:30"],
        ),
    ],
)
async def test_cancels_and_listings_do_what_was_said(
    tmp_path: Path, turns: list[str], stored: list[str]
) -> None:
    assert (await _thread(tmp_path / "home", turns))[1] == stored


@pytest.mark.parametrize(
    ("turns", "reply"),
    [
        (
            ["add conference call at 4pm tomorrow", "and remind me 15 minutes before"],
            "Reminder set for tomorrow at 15:45: Conference call.",
        ),
        (
            ["add flight to rome on saturday at 8am", "set an alarm 2 hours before"],
            "Alarm 'Flight to rome' set for Sat 10 Jan at 06:00.",
        ),
        (
            [
                "add a parents meeting on thursday at 6pm",
                "and give me a heads up 30 minutes before it",
            ],
            "Reminder set for Thu 8 Jan at 17:30: Parents meeting.",
        ),
    ],
)
async def test_a_reminder_before_the_event_just_added(
    tmp_path: Path, turns: list[str], reply: str
) -> None:
    replies, stored = await _thread(tmp_path / "home", turns)
    assert replies[-1] == reply
    assert len(stored) == 1  # the event stays as it was


async def test_one_day_of_a_series_just_added_is_skipped(tmp_path: Path) -> None:
    replies, stored = await _thread(
        tmp_path / "home",
        ["add school run every weekday at 8am", "skip it tomorrow", "what's on this week"],
    )
    assert (
        replies[1] == "Deleted 'School run' tomorrow, 08:00-09:00; it still repeats every weekday."
    )
    assert replies[2] == (
        "From Mon 5 Jan to Sun 11 Jan: 1 event: School run every weekday, 08:00-09:00 (Wed 7 Jan,"
        " Thu 8 Jan, Fri 9 Jan)."
    )
    assert stored == ["School run Tue 06 Jan 08:00-09:00 every weekdays"]


async def test_a_day_of_the_month_follows_a_check(tmp_path: Path) -> None:
    replies, stored = await _thread(
        tmp_path / "home",
        ["add book club on the 20th at 7pm", "is book club on the 20th?", "and on the 21st?"],
    )
    assert replies[-1] == (
        "Nothing called 'book club' on your calendar on Wed 21 Jan; it's on Tue 20 Jan at 19:00."
    )
    assert stored == ["Book club Tue 20 Jan 19:00-20:00"]


async def test_a_question_naming_another_thing_is_not_the_event(tmp_path: Path) -> None:
    replies, stored = await _thread(
        tmp_path / "home", ["add call on friday at 3", "can you call mom?", "when is the call?"]
    )
    assert replies[-1] == "'Call' is on Fri 9 Jan, 15:00-16:00."
    assert stored == ["Call Fri 09 Jan 15:00-16:00"]
