"""More calendar phrasing families (issue 15), each with our own paraphrases.

- a question said with an add or set word: "did you add / have you put / did i schedule <event>",
  "(please) tell me what / when / if ..." list, never add;
- "tell me <when> to <do something>" is a reminder, like "remind me to";
- "<event> for <hour>" is the time when nothing else names one ("set meeting for twelve");
- free time in a clock window: "am i free between six and seven pm" looks in that window;
- a clock range leaves no word behind in what a reminder or event is for ("meeting to").

On a fake clock: Monday 5 January 2026, 09:00 in Paris.
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.roles import RoleCall
from agent_system.routing.models import RouteRequest
from agent_system.routing.slots import strip_when
from agent_system.runtime import Runtime
from roles.calendar import ROLE
from roles.calendar._stage import calendar_stage
from roles.timer.role import ROLE as TIMER


def interpret(runtime: Runtime, text: str) -> Any:
    return ROLE.interpret(text, {}, runtime, [])


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("did you add tomorrow's meeting to my calendar", "meeting"),
        ("have you put the dentist on my calendar", "dentist"),
        ("did i schedule the team lunch for friday", "team lunch"),
        ("can you tell me when the book club is scheduled", "book club"),
        ("tell me if i booked the haircut", "haircut"),
        ("please tell me what's planned for the potluck", "potluck"),
    ],
)
def test_a_question_with_an_add_word_lists(runtime: Runtime, text: str, query: str) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.list"
    assert result.arguments.get("query") == query


def test_asking_to_add_is_still_an_add(runtime: Runtime) -> None:
    result = interpret(runtime, "can you add the dentist on friday at 3pm")
    assert result == RoleCall(
        "calendar.create", {"title": "Dentist", "start": "2026-01-09T15:00:00+01:00"}
    )


@pytest.mark.parametrize(
    ("text", "words", "when"),
    [
        ("please tell me to call mom at 5", "call mom", "2026-01-05T17:00"),
        (
            "can you tell me on tuesday at 9 to give jane a call",
            "give jane a call",
            "2026-01-06T09:00",
        ),
        ("tell me tomorrow at 8am to take my pills", "take my pills", "2026-01-06T08:00"),
    ],
)
def test_tell_me_to_is_a_reminder(runtime: Runtime, text: str, words: str, when: str) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "timer.remind"
    assert (result.arguments["text"], result.arguments["when"][:16]) == (words, when)


def test_tell_me_what_to_do_is_no_reminder(runtime: Runtime) -> None:
    result = interpret(runtime, "tell me what to do tomorrow")
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.list"


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("on january twenty five set meeting for twelve", "Meeting", "2026-01-25T12:00"),
        ("book lunch with sam for 1 tomorrow", "Lunch with sam", "2026-01-06T13:00"),
        ("put the call with ben for noon tomorrow", "Call with ben", "2026-01-06T12:00"),
        ("schedule a call for two on thursday", "Call", "2026-01-08T14:00"),
        (
            "set a reminder for twelve thirty meeting with the boss",
            "Meeting with the boss",
            "2026-01-05T12:30",
        ),
    ],
)
def test_an_hour_said_with_for_is_the_time(
    runtime: Runtime, text: str, title: str, start: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.create"
    assert (result.arguments["title"], result.arguments["start"][:16]) == (title, start)


def test_a_length_said_with_for_stays_a_length(runtime: Runtime) -> None:
    result = interpret(runtime, "book a meeting for 2 hours tomorrow at 10")
    assert isinstance(result, RoleCall)
    assert result.arguments["start"][:16] == "2026-01-06T10:00"
    assert result.arguments["duration"] == "2 hours"


@pytest.mark.parametrize(
    ("text", "date", "window"),
    [
        ("am i free between six to seven pm", "2026-01-05", ("18:00", "19:00")),
        ("am i free from 2 to 4 tomorrow", "2026-01-06", ("14:00", "16:00")),
        ("am i available at 5 on friday", "2026-01-09", ("17:00", "18:00")),
        ("am i free this afternoon", "2026-01-05", ("12:00", "18:00")),
        ("is my saturday clear", "2026-01-10", None),
    ],
)
def test_free_time_looks_in_the_window_asked(
    runtime: Runtime, text: str, date: str, window: tuple[str, str] | None
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.free_time"
    assert result.arguments["date"] == date
    said = (result.arguments.get("day_start"), result.arguments.get("day_end"))
    assert said == (window or (None, None))


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("meeting from 8 am to 12 pm", "meeting"),
        ("the meeting from eight am to twelve pm tomorrow", "the meeting"),
        ("yoga between nine and ten thirty am", "yoga"),
        ("standup 9-9:15 on monday", "standup"),
        ("call mom at 5 to 6", "call mom"),  # "5 to 6" is 5:54, gone as before
        ("buy 2 to 3 eggs", "buy 2 to 3 eggs"),  # no clock word: no range
    ],
)
def test_a_clock_range_goes_whole(text: str, left: str) -> None:
    assert strip_when(text) == left


def test_a_reminder_with_a_range_is_for_the_event_not_to(runtime: Runtime) -> None:
    result = TIMER.interpret(
        "remind me about the meeting from eight am to twelve pm tomorrow", {}, runtime, []
    )
    assert isinstance(result, RoleCall)
    assert result.arguments["text"] == "the meeting"
    assert result.arguments["when"][:16] == "2026-01-06T08:00"


@pytest.mark.parametrize(
    ("text", "query", "start"),
    [
        ("what time is the evening meeting i have with john", "meeting john", "2026-01-05T18:00"),
        ("when is the morning standup", "standup", "2026-01-06T05:00"),
        ("what time is my afternoon call with ana", "call with ana", "2026-01-05T12:00"),
    ],
)
def test_a_part_of_the_day_is_the_window_not_the_title(
    runtime: Runtime, text: str, query: str, start: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert (result.arguments["query"], result.arguments["start"][:16]) == (query, start)


def test_free_time_on_a_spoken_date_with_its_year(runtime: Runtime) -> None:
    result = interpret(runtime, "am i free on june fourteenth two thousand and seventeen")
    assert isinstance(result, RoleCall)
    assert result.arguments["date"] == "2017-06-14"


@pytest.mark.parametrize(
    ("text", "claimed"),
    [
        ("what do i have coming up", True),
        ("what have we got planned for this weekend", True),
        ("what have i got lined up tomorrow", True),
        ("hey olly on the twentieth cancel the yoga class", True),
        ("what do i have planned to do with my savings", False),
    ],
)
def test_the_first_stage_claims_these_families(runtime: Runtime, text: str, claimed: bool) -> None:
    decision = calendar_stage(runtime)(RouteRequest(text=text))
    assert (decision is not None and decision.role == "calendar") is claimed


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("and add lunch with sam on friday at noon", "Lunch with sam"),
        ("oh and schedule a call with the bank tomorrow at 3", "Call with the bank"),
        ("also book the dentist on monday at 10", "Dentist"),
        ("then put yoga on thursday at 6pm", "Yoga"),
    ],
)
def test_a_request_opening_with_and_has_no_and_in_its_title(
    runtime: Runtime, text: str, title: str
) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, RoleCall)
    assert result.tool == "calendar.create"
    assert result.arguments["title"] == title
