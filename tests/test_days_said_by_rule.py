"""Days said by a rule rather than a date: "the first monday in may", "the last friday of the
month", "monday after next", "friday next week", "a week from friday", "the end of the month".

Before, each of these gave a wrong day without a word of doubt ("the first monday in may" was
the coming Monday, "a week from friday" the coming Friday, and "a week" became the event's
length). Parser checks on a fixed clock, and the date question and an added event through the
public API, offline, on the shared fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from agent_system.api import AgentSystem
from agent_system.understanding import normalize
from agent_system.understanding._slots import (
    parse_date_range,
    parse_duration,
    parse_when,
    strip_when,
)

NOW = datetime(2026, 1, 5, 9, tzinfo=UTC)  # a Monday


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("the first monday in may", date(2026, 5, 4)),
        ("the second tuesday in march", date(2026, 3, 10)),
        ("the third thursday of june 2027", date(2027, 6, 17)),
        ("the last friday of the month", date(2026, 1, 30)),
        ("last sunday of this month", date(2026, 1, 25)),
        ("the 2nd tuesday of next month", date(2026, 2, 10)),
        ("the first friday in january", date(2027, 1, 1)),  # this year's is past
        ("the first monday in january", date(2026, 1, 5)),  # today
        ("monday after next", date(2026, 1, 19)),
        ("friday after next", date(2026, 1, 16)),
        ("friday next week", date(2026, 1, 16)),
        ("on wednesday of next week", date(2026, 1, 14)),
        ("monday this week", date(2026, 1, 5)),
        ("a week from friday", date(2026, 1, 16)),
        ("two weeks from tomorrow", date(2026, 1, 20)),
        ("in 2 weeks from tomorrow", date(2026, 1, 20)),
        ("3 days after the 14th", date(2026, 1, 17)),
        ("2 days before the 14th", date(2026, 1, 12)),
        ("the end of the month", date(2026, 1, 31)),
        ("end of next month", date(2026, 2, 28)),
        ("the start of next month", date(2026, 2, 1)),
        ("beginning of the month", date(2026, 1, 1)),
    ],
)
def test_a_day_said_by_a_rule_is_that_day(text: str, day: date) -> None:
    said = normalize(text)
    found = parse_when(said, NOW)
    assert found is not None and found.has_date and not found.has_time
    assert found.value.date() == day
    # one day, not the month or the week it is said in
    assert parse_date_range(said, NOW) == (
        datetime.combine(day, datetime.min.time(), tzinfo=UTC),
        datetime.combine(day + timedelta(days=1), datetime.min.time(), tzinfo=UTC),
    )


def test_a_weekday_the_month_does_not_have_is_no_day() -> None:
    assert parse_when(normalize("the fifth monday of february"), NOW) is None


def test_the_count_that_moves_a_day_is_no_length_and_goes_with_the_day() -> None:
    said = normalize("lunch with sam a week from friday at 1pm")
    found = parse_when(said, NOW)
    assert found is not None and found.value == datetime(2026, 1, 16, 13, tzinfo=UTC)
    assert parse_duration(said) is None
    assert strip_when(said) == "lunch with sam"
    assert parse_duration(normalize("a 2 hour meeting a week from friday")) == timedelta(hours=2)
    assert strip_when(normalize("pay rent 2 days before the end of the month")) == "pay rent"
    # counts in words, before normalisation too (a reminder's text is read from the words said)
    said = "remind me to renew my passport six weeks from today at 9am"
    assert strip_when(said) == "remind me to renew my passport"
    found = parse_when(said, NOW)
    assert found is not None and found.value == datetime(2026, 2, 16, 9, tzinfo=UTC)
    # a length on its own stays a length
    assert parse_duration("in 3 days") == timedelta(days=3)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's the date of the first monday in may", "It's Monday 4 May 2026."),
        ("what date is the last friday of the month", "It's Friday 30 January 2026."),
        ("what date is monday after next", "It's Monday 19 January 2026."),
        ("what date is the end of the month", "It's Saturday 31 January 2026."),
    ],
)
async def test_the_date_question_answers_the_day_the_rule_names(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert (await system.aroute(text)).role == "conversation"
    assert (await system.arun(text)).reply == reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("add lunch with sam a week from friday at 1pm", "2026-01-16T13:00"),
        ("put the team review on the first monday in february at 10am", "2026-02-02T10:00"),
        ("schedule a dentist appointment friday next week at 3pm", "2026-01-16T15:00"),
    ],
)
async def test_an_event_on_a_day_said_by_a_rule_starts_that_day(
    system: AgentSystem, text: str, start: str
) -> None:
    plan = await system.aplan(text)
    ((step),) = plan.steps
    assert step.tool == "calendar.create"
    assert step.arguments["start"].startswith(start)
    assert "duration" not in step.arguments or step.arguments["duration"] != "7 days"
