"""Reminders said to the calendar (issue 15): which requests are reminders, and reading them.

A reminder is "remind me (of|about|to) ...", "notify me of/about ...", "set / schedule (an
event) reminder (for) ..."; the timer sets it when it can, and the calendar adds the event it
names only when the timer cannot. Questions about reminders ("what are my reminders this week")
list the reminders of that period (`calendar.list` with `reminders`), not the calendar's events;
counting them and anything about timers or alarms stay the timer's. Our own paraphrases, on a
fake clock (Monday 5 January 2026, 09:00 in Paris).
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.roles import Clarification, RoleCall
from agent_system.runtime import Runtime
from roles.calendar import ROLE
from roles.calendar._reading import as_reminder, asks_reminders, reminded_event


def interpret(runtime: Runtime, text: str) -> Any:
    return ROLE.interpret(text, {}, runtime, [])


@pytest.mark.parametrize(
    ("text", "reminder"),
    [
        ("remind me to call mom at 5pm", "remind me to call mom at 5pm"),
        ("remind me of the meeting at 4", "remind me of the meeting at 4"),
        ("notify me of the dentist at 4pm tomorrow", "remind me of the dentist at 4pm tomorrow"),
        ("could you notify me about my haircut", "could you remind me about my haircut"),
        ("set an event reminder for the wedding", "set an event reminder for the wedding"),
        ("schedule a reminder for the vet", "schedule a reminder for the vet"),
        ("notify me when the meeting is moved", None),  # no "of"/"about": not a reminder
        ("add the dentist on friday at 3pm", None),
        ("what are my reminders for this week", None),
    ],
)
def test_which_requests_are_reminders(text: str, reminder: str | None) -> None:
    assert as_reminder(text) == reminder


def test_what_a_reminder_names_is_the_words_after_its_head() -> None:
    assert reminded_event("remind me of the meeting at 4") == "the meeting at 4"
    assert reminded_event("notify me about lunch with sam") == "lunch with sam"
    assert reminded_event("set a reminder for church on sunday") == "church on sunday"
    assert reminded_event("remind me") is None
    assert reminded_event("add lunch with sam") is None


@pytest.mark.parametrize(
    ("text", "words", "when"),
    [
        ("notify me of the dentist at 4pm tomorrow", "the dentist", "2026-01-06T16:00"),
        (
            "please notify me about the school play on the 12th at 6pm",
            "the school play",
            "2026-01-12T18:00",
        ),
        ("could you notify me about my haircut on thursday at 2", "my haircut", "2026-01-08T14:00"),
        ("schedule a reminder for the vet on friday at 3pm", "vet", "2026-01-09T15:00"),
    ],
)
def test_a_reminder_said_to_the_calendar_is_set_by_the_timer(
    runtime: Runtime, text: str, words: str, when: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "timer.remind"
    assert (result.arguments["text"], result.arguments["when"][:16]) == (words, when)


def test_a_reminder_with_nothing_named_gets_the_timers_question(runtime: Runtime) -> None:
    assert interpret(runtime, "remind me") == Clarification(
        "What should I remind you about?", missing=("text",)
    )


@pytest.mark.parametrize(
    ("text", "span"),
    [
        (
            "what are my reminders for this week",
            {"start": "2026-01-05T00:00:00+01:00", "end": "2026-01-12T00:00:00+01:00"},
        ),
        ("show today's reminders", {"start": "2026-01-05"}),
        ("do i have any reminders tomorrow", {"start": "2026-01-06"}),
        ("list my reminders for friday", {"start": "2026-01-09"}),
        ("any reminders for friday", {"start": "2026-01-09"}),
        ("what reminders have i got", {}),
        ("do i have any reminders pending", {}),
    ],
)
def test_questions_about_reminders_list_the_reminders(
    runtime: Runtime, text: str, span: dict[str, str]
) -> None:
    assert asks_reminders(text)
    result = interpret(runtime, text)
    assert result == RoleCall("calendar.list", {"reminders": True} | span)


@pytest.mark.parametrize(
    ("text", "arguments"),
    [
        ("how many reminders do i have", {"kind": "reminder", "count": True}),
        ("when is my next alarm", {"kind": "alarm"}),
    ],
)
def test_counting_reminders_and_asking_about_alarms_stay_the_timers(
    runtime: Runtime, text: str, arguments: dict[str, Any]
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "timer.list"
    assert arguments.items() <= result.arguments.items()


@pytest.mark.parametrize(
    "text",
    [
        "what meetings do i have this week",
        "do i need to be reminded of any meetings on monday",
        "what's on my calendar today",
        "show my event reminders on the calendar",
    ],
)
def test_questions_about_events_stay_on_the_calendar(runtime: Runtime, text: str) -> None:
    assert not asks_reminders(text)
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.list"


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("set a timer for five minutes for cookies", "timer.set"),
        ("set an alarm for 7am tomorrow", "timer.alarm"),
        ("cancel my 8pm alarm", "timer.cancel"),
    ],
)
def test_timers_and_alarms_said_to_the_calendar_are_the_timers(
    runtime: Runtime, text: str, tool: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == tool
