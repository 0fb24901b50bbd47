"""Timer replies found wanting in use (issue 15): a reminder named by a word of its message in
another form, the ring a skip names, and the time left after time is added. The clock is
Wednesday 4 March 2026, 09:00."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

WEDNESDAY_MORNING = datetime(2026, 3, 4, 9, 0)


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    """An offline system in a fresh home, its clock stopped on a Wednesday morning."""
    async with AgentSystem(
        make_settings(tmp_path / "home"), clock=FakeClock(WEDNESDAY_MORNING)
    ) as s:
        yield s


async def _replies(system: AgentSystem, *texts: str, thread: str = "t") -> list[str]:
    return [(await system.arun(text, thread_id=thread)).reply for text in texts]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "stop",
    [
        "stop the pill reminder",
        "cancel my reminder about taking the pills",
        "delete the pills reminder",
    ],
)
async def test_a_reminder_is_found_by_a_word_of_its_message_in_another_form(
    system: AgentSystem, stop: str
) -> None:
    await _replies(system, "remind me to take my pills at 8pm", "remind me to call mom at 6pm")
    stopped = await _replies(system, stop, thread="u")
    left = await _replies(system, "list my reminders", thread="v")
    assert stopped == ["Cancelled reminder for 20:00."]
    assert left == ["Reminder for 18:00: call mom."]  # the other one stays


@pytest.mark.anyio
async def test_a_word_the_message_lacks_finds_no_reminder(system: AgentSystem) -> None:
    await _replies(system, "remind me to water the plants at 8pm")
    missed = await _replies(system, "cancel the pill reminder", thread="u")
    watering = await _replies(system, "delete the watering reminder", thread="v")
    assert missed[0].startswith("None of your reminders is called 'pill reminder'")
    assert watering == ["Cancelled reminder for 20:00."]


@pytest.mark.anyio
async def test_no_alarms_tomorrow_names_tomorrows_ring_and_then_the_next(
    system: AgentSystem,
) -> None:
    await _replies(system, "set an alarm for 7am every day")
    skipped = await _replies(system, "turn off my alarms for tomorrow", "list my alarms")
    assert skipped == [
        "Skipped the alarm for tomorrow at 07:00 (every day); it rings again on Fri 6 Mar at "
        "07:00.",
        "Alarm for Fri 6 Mar at 07:00 (every day).",
    ]


@pytest.mark.anyio
async def test_a_week_without_alarms_says_how_many_rings_it_skipped(system: AgentSystem) -> None:
    await _replies(system, "wake me up at 6:30 every weekday")
    skipped = await _replies(system, "no alarms this week")
    assert skipped == [
        "Skipped 2 rings of the alarm (every weekday), from tomorrow at 06:30; it rings again on "
        "Mon 9 Mar at 06:30."
    ]


@pytest.mark.anyio
async def test_time_added_to_a_timer_says_the_time_it_has_left_now(system: AgentSystem) -> None:
    added = await _replies(
        system, "set a timer for 10 minutes", "add 2 minutes to it", "give it another 3 minutes"
    )
    shorter = await _replies(system, "take 5 minutes off the timer")
    assert added[1:] == [
        "Added 2 minutes to your timer: 12 minutes left now (ends at 09:12).",
        "Added 3 minutes to your timer: 15 minutes left now (ends at 09:15).",
    ]
    assert shorter == ["Took 5 minutes off your timer: 10 minutes left now (ends at 09:10)."]


@pytest.mark.anyio
async def test_with_two_timers_the_one_changed_is_named(system: AgentSystem) -> None:
    await _replies(system, "set a timer for 10 minutes", "set a pasta timer for 8 minutes")
    added = await _replies(
        system, "add 2 minutes to the 10 minute timer", "add 1 minute to the pasta timer"
    )
    assert added == [
        "Added 2 minutes to the 10-minute timer: 12 minutes left now (ends at 09:12).",
        "Added 1 minute to the pasta timer: 9 minutes left now (ends at 09:09).",
    ]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "changed", "left"),
    [
        ("take 5 minutes off", "Took 5 minutes off", "5 minutes left now (ends at 09:05)"),
        ("knock 2 minutes off it", "Took 2 minutes off", "8 minutes left now (ends at 09:08)"),
        ("subtract 3 minutes", "Took 3 minutes off", "7 minutes left now (ends at 09:07)"),
        ("make it 4 minutes shorter", "Took 4 minutes off", "6 minutes left now (ends at 09:06)"),
        ("make it 2 minutes longer", "Added 2 minutes to", "12 minutes left now (ends at 09:12)"),
        ("5 more minutes", "Added 5 minutes to", "15 minutes left now (ends at 09:15)"),
    ],
)
async def test_time_taken_off_or_added_right_after_a_timer_changes_that_timer(
    system: AgentSystem, said: str, changed: str, left: str
) -> None:
    await _replies(system, "set a timer for 10 minutes")
    replies = await _replies(system, said, "list my timers")
    assert replies[0] == f"{changed} your timer: {left}."
    assert replies[1].count("left") == 1  # still one timer: none was replaced or added


@pytest.mark.anyio
async def test_a_timer_named_by_its_length_is_never_read_as_a_day(system: AgentSystem) -> None:
    await _replies(system, "set timers for 5 and 10 minutes")
    first = await _replies(system, "cancel the 5 minute one", "list my timers")
    await _replies(system, "set a timer for 3 minutes", thread="u")
    second = await _replies(system, "cancel the 10 minute timer", "list my timers", thread="u")
    assert first == ["Cancelled the 5-minute timer.", "The 10-minute timer: 10 minutes left."]
    assert second == ["Cancelled the 10-minute timer.", "The 3-minute timer: 3 minutes left."]


@pytest.mark.anyio
async def test_a_move_says_the_new_time_as_where_it_went(system: AgentSystem) -> None:
    moved = await _replies(system, "remind me to call the plumber at 4pm", "move it to 5")
    alarm = await _replies(system, "set a gym alarm for 6am", "move my gym alarm to 6:30")
    assert moved[1] == "Moved your reminder to 17:00: call the plumber."
    assert alarm[1] == "Moved your alarm 'gym' to tomorrow at 06:30."
