"""One of two set in a thread, named as "the other one" or by its time, and a when answered
with words around it (issue 15 items 3-5): the right one changes, nothing else does."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _say(system: AgentSystem, *turns: str, thread: str = "t") -> list[str]:
    return [(await system.arun(turn, thread_id=thread)).reply for turn in turns]


@pytest.mark.anyio
async def test_time_left_on_the_other_one_after_the_first_was_cancelled(
    system: AgentSystem,
) -> None:
    replies = await _say(
        system,
        "set a timer for 10 minutes",
        "set another one for 20 minutes",
        "cancel the first one",
        "how much time is left on the other one",
    )
    assert replies[2] == "Cancelled the 10-minute timer."
    assert replies[3] == "The 20-minute timer: 20 minutes left."
    assert await _say(system, "list my timers", thread="x") == [
        "The 20-minute timer: 20 minutes left."
    ]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        ("cancel the other one", "3-minute", "9-minute"),
        ("get rid of the other timer please", "3-minute", "9-minute"),
        ("and stop the other one too", "3-minute", "9-minute"),
    ],
)
async def test_the_other_one_right_after_the_second_is_the_first(
    system: AgentSystem, said: str, gone: str, kept: str
) -> None:
    replies = await _say(system, "set a timer for 3 minutes", "set a timer for 9 minutes", said)
    assert replies[-1] == f"Cancelled the {gone} timer."
    (left,) = await _say(system, "list my timers", thread="x")
    assert kept in left and gone not in left


@pytest.mark.anyio
async def test_pausing_then_adding_to_the_other_one_changes_the_one_not_named(
    system: AgentSystem,
) -> None:
    replies = await _say(
        system,
        "set a timer for 5 minutes",
        "set a timer for 15 minutes",
        "pause the other one",
        "give the other one 2 more minutes",
    )
    assert replies[2] == "Paused the 5-minute timer: 5 minutes left."
    assert replies[3].startswith("Added 2 minutes to the 15-minute timer: 17 minutes left")
    (left,) = await _say(system, "list my timers", thread="x")
    assert left.startswith("You have 2:")  # no new 2-minute timer
    assert "5 minutes left (paused)" in left


@pytest.mark.anyio
async def test_the_other_alarm_is_turned_off_and_the_new_one_kept(system: AgentSystem) -> None:
    replies = await _say(
        system, "set an alarm for 6am", "set an alarm for 7am", "turn off the other alarm"
    )
    assert replies[-1] == "Cancelled alarm for tomorrow at 06:00."
    assert await _say(system, "list my alarms", thread="x") == ["Alarm for tomorrow at 07:00."]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said", ["cancel the 8am one", "delete the one at 8", "remove the 8 am one"]
)
async def test_an_alarm_named_by_its_time_never_deletes_a_calendar_event(
    system: AgentSystem, said: str
) -> None:
    await _say(system, "add a meeting at 8am tomorrow to my calendar", thread="c")
    replies = await _say(system, "set an alarm for 7am", "set another for 8am", said)
    assert replies[-1] == "Cancelled alarm for tomorrow at 08:00."
    assert await _say(system, "list my alarms", thread="x") == ["Alarm for tomorrow at 07:00."]
    (calendar,) = await _say(system, "what's on my calendar tomorrow", thread="x")
    assert "Meeting" in calendar


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("asked", "answer", "stored"),
    [
        ("remind me to call the dentist", "make it tomorrow at 10", "tomorrow at 10:00: call the dentist"),  # noqa: E501
        ("remind me to renew my passport", "how about friday at noon please", "Fri 6 Mar at 12:00: renew my passport"),  # noqa: E501
        ("remind me to feed the fish", "ok let's say in 2 hours", "11:00: feed the fish"),
    ],
)  # fmt: skip
async def test_a_when_said_with_words_around_it_keeps_the_reminder_text_clean(
    system: AgentSystem, asked: str, answer: str, stored: str
) -> None:
    replies = await _say(system, asked, answer)
    assert replies == ["When should I remind you?", f"Reminder set for {stored}."]
    assert await _say(system, "list my reminders", thread="x") == [f"Reminder for {stored}."]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("made", "said", "kept"),
    [
        ("set an alarm for 7am every weekday", "skip tomorrow's", "Alarm for Wed 4 Mar at 07:00 (every weekday)."),  # noqa: E501
        ("remind me to take my pills every day at 8am", "ok skip tomorrow's one", "Reminder for Wed 4 Mar at 08:00 (every day): take my pills."),  # noqa: E501
    ],
)  # fmt: skip
async def test_skip_tomorrows_after_a_repeating_one_skips_that_ring_and_keeps_the_series(
    system: AgentSystem, made: str, said: str, kept: str
) -> None:
    replies = await _say(system, made, said)
    assert replies[-1].startswith("Skipped the ")
    kind = "alarms" if "alarm" in made else "reminders"
    assert await _say(system, f"list my {kind}", thread="x") == [kept]


@pytest.mark.anyio
async def test_cancel_all_timers_and_alarms_cancels_both_kinds(system: AgentSystem) -> None:
    await _say(system, "set a timer for 5 minutes", "set an alarm for 7am", "set an alarm for 8am")
    await _say(system, "remind me to call mom at 5pm", thread="r")
    (cancelled,) = await _say(system, "cancel all my timers and alarms", thread="u")
    assert cancelled.startswith("Cancelled 3:")
    assert await _say(system, "list my timers", "list my alarms", thread="x") == [
        "You have no timers set.",
        "You have no alarms set.",
    ]
    assert await _say(system, "list my reminders", thread="x") == ["Reminder for 17:00: call mom."]


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "first", "second"),
    [
        ("remind me to call mom at 5 and dad at 6", "17:00: call mom", "18:00: call dad"),
        ("remind me to water the plants at 8 and feed the cat at 9", "20:00: water the plants", "21:00: feed the cat"),  # noqa: E501
    ],
)  # fmt: skip
async def test_two_reminders_said_with_one_verb_are_two(
    system: AgentSystem, said: str, first: str, second: str
) -> None:
    await _say(system, said)
    (listing,) = await _say(system, "list my reminders", thread="x")
    assert listing == f"You have 2: reminder for {first}; reminder for {second}."
