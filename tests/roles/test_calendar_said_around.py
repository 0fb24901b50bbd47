"""Calendar changes said around the verb (issue 15), by family, with our own paraphrases.

- the day before the verb: "<day> <delete verb> <event>" ("tomorrow cancel my dentist");
- the event wanted gone, verb last: "i want / i'd like / i need <event> (to be) removed",
  "<event> should / needs to / has to be cancelled", "get <event> off my calendar";
- found, then changed: "find / look up <event> and delete / move it";
- a clock range as the event's span: "from <a> to <b>", "between <a> and <b>", said in words;
- a street address after "at": a place, not a time ("at 22 baker street").

On a fake clock: Monday 5 January 2026, 09:00 in Paris.
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.roles import Clarification, RoleCall
from agent_system.runtime import Runtime
from roles.calendar import ROLE


def interpret(runtime: Runtime, text: str) -> Any:
    return ROLE.interpret(text, {}, runtime, [])


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("hey olly on the twentieth clear my calendar", "calendar on the 20th"),
        ("tomorrow cancel my dentist appointment", "dentist appointment tomorrow"),
        ("on friday please delete the team lunch", "team lunch on friday"),
        ("for saturday, scrap the barbecue", "barbecue for saturday"),
        ("cancel my dentist appointment", "dentist appointment"),  # nothing before the verb
        ("please just cancel the dentist", "dentist"),  # only courtesy before the verb
    ],
)
def test_a_day_said_before_the_verb_names_the_event_too(
    runtime: Runtime, text: str, event: str
) -> None:
    assert interpret(runtime, text) == RoleCall("calendar.delete", {"event": event})


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("i want the dentist appointment removed from my calendar", "dentist appointment"),
        ("i wish the team lunch to be cancelled", "team lunch"),
        ("i'd like the yoga class on friday to be deleted", "yoga class on friday"),
        ("we'd like the gym class off our calendar please", "gym class"),
        ("i need my meeting with ana deleted", "meeting with ana"),
        ("the book club should be taken off my calendar", "book club"),
        ("my dentist appointment needs to be cancelled", "dentist appointment"),
        ("the team lunch on friday has to be removed", "team lunch on friday"),
        ("please get the dentist off my calendar", "dentist"),
    ],
)
def test_an_event_wanted_gone_with_the_verb_last_is_deleted(
    runtime: Runtime, text: str, event: str
) -> None:
    assert interpret(runtime, text) == RoleCall("calendar.delete", {"event": event})


@pytest.mark.parametrize(
    "text",
    [
        "i wish this event to be removed from my calendar",
        "i want this entry deleted",
        "can you remove that on my calendar",
    ],
)
def test_an_event_wanted_gone_without_a_name_asks_which(runtime: Runtime, text: str) -> None:
    # with no event in the conversation the tool asks, naming the next events
    assert interpret(runtime, text) == RoleCall("calendar.delete", {})


def test_a_question_whether_an_event_is_cancelled_changes_nothing(runtime: Runtime) -> None:
    result = interpret(runtime, "is the party on friday cancelled")
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.list"


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("find my next event and delete it", RoleCall("calendar.delete", {"event": "next event"})),
        (
            "could you find dinner with mom on my calendar and cancel it",
            RoleCall("calendar.delete", {"event": "dinner with mom"}),
        ),
        (
            "look up the dentist appointment and move it to 4pm",
            RoleCall("calendar.update", {"event": "dentist appointment", "start": "4pm"}),
        ),
        (
            "check my next meeting, then remove it",
            RoleCall("calendar.delete", {"event": "next meeting"}),
        ),
    ],
)
def test_an_event_found_then_changed_is_one_change(
    runtime: Runtime, text: str, call: RoleCall
) -> None:
    assert interpret(runtime, text) == call


@pytest.mark.parametrize(
    ("text", "title", "start", "end"),
    [
        ("add a meeting from eight am to twelve pm tomorrow", "Meeting", "06T08:00", "06T12:00"),
        ("reminder about meeting from eight am to twelve pm", "Meeting", "06T08:00", "06T12:00"),
        ("schedule a workshop tomorrow from nine to eleven am", "Workshop", "06T09:00", "06T11:00"),
        ("add yoga on saturday between nine and ten thirty am", "Yoga", "10T09:00", "10T10:30"),
        ("put the offsite on friday from 10am until 4pm", "Offsite", "09T10:00", "09T16:00"),
    ],
)
def test_a_clock_range_is_the_events_span(
    runtime: Runtime, text: str, title: str, start: str, end: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.create"
    arguments = result.arguments
    assert arguments["title"] == title
    assert (arguments["start"][8:16], arguments["end"][8:16]) == (start, end)


@pytest.mark.parametrize(
    ("text", "title", "place", "start"),
    [
        (
            "add jane's party at one hundred and twenty three main for two pm tomorrow",
            "Jane's party",
            "123 main",
            "2026-01-06T14:00",
        ),
        (
            "add lunch at 42 elm street on friday at 1pm",
            "Lunch",
            "42 elm street",
            "2026-01-09T13:00",
        ),
        (
            "schedule a meeting at twenty two baker street tomorrow at 10am",
            "Meeting",
            "22 baker street",
            "2026-01-06T10:00",
        ),
        (
            "book a viewing on 7 park avenue on thursday at 5pm",
            "Viewing",
            "7 park avenue",
            "2026-01-08T17:00",
        ),
    ],
)
def test_a_street_address_is_the_place_not_a_time(
    runtime: Runtime, text: str, title: str, place: str, start: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    arguments = result.arguments
    assert (arguments["title"], arguments["location"], arguments["start"][:16]) == (
        title,
        place,
        start,
    )


@pytest.mark.parametrize(
    "text",
    [
        "make a calendar entry for next saturday at ten am please",
        "put something in my calendar for the 14th at 10am",
        "schedule one for tomorrow at 4pm",
    ],
)
def test_an_entry_with_no_name_asks_for_one(runtime: Runtime, text: str) -> None:
    assert interpret(runtime, text) == Clarification(
        "What should I call the event?", missing=("title",)
    )
