"""Timer follow-ups resolved against the previous turn's call and slots (issue 15 item 4)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
async def test_and_for_another_time_asks_the_same_question_then(system: AgentSystem) -> None:
    await system.arun("set an alarm for 8am tomorrow", thread_id="t")
    await system.arun("set an alarm for 9am tomorrow", thread_id="t")
    first = await system.arun("do I have an alarm for 8am", thread_id="t")
    nine = await system.arun("and for 9?", thread_id="t")
    ten = await system.arun("what about 10?", thread_id="t")
    listing = await system.arun("list my alarms", thread_id="t")
    assert first.reply == "Alarm for tomorrow at 08:00."
    assert nine.reply == "Alarm for tomorrow at 09:00."
    assert ten.reply == "You have no alarms set at that time."
    assert listing.reply.startswith("You have 2:")  # the questions changed nothing


@pytest.mark.anyio
async def test_make_it_changes_what_the_previous_turn_made(system: AgentSystem) -> None:
    await system.arun("set an alarm for 7am", thread_id="t")
    await system.arun("remind me to call mom at 5pm", thread_id="t")
    moved = await system.arun("make it 6pm", thread_id="t")
    again = await system.arun("actually make that 6:30", thread_id="t")
    alarms = await system.arun("list my alarms", thread_id="t")
    assert moved.reply == "Moved your reminder to 18:00: call mom."
    assert again.reply == "Moved your reminder to 18:30: call mom."
    assert alarms.reply == "Alarm for tomorrow at 07:00."  # the alarm before was left alone


@pytest.mark.anyio
async def test_what_to_remind_of_is_asked_then_the_answer_sets_the_reminder(
    system: AgentSystem,
) -> None:
    asked = await system.arun("remind me at five pm", thread_id="t")
    answered = await system.arun("to call the plumber", thread_id="t")
    assert asked.reply == "What should I remind you about?"
    assert answered.reply == "Reminder set for 17:00: call the plumber."
    other = await system.arun("remind me at six pm", thread_id="u")
    await system.arun("never mind", thread_id="u")  # no answer: nothing is set
    listing = await system.arun("list my reminders", thread_id="v")
    assert other.reply == "What should I remind you about?"
    assert listing.reply.count("call the plumber") == 1 and "six" not in listing.reply


@pytest.mark.anyio
async def test_a_timer_changed_then_another_then_cancel_it_in_one_thread(
    system: AgentSystem,
) -> None:
    five = await system.arun("set a timer for 5 minutes", thread_id="t")
    ten = await system.arun("make it 10", thread_id="t")
    twenty = await system.arun("and another for 20", thread_id="t")
    cancelled = await system.arun("cancel it", thread_id="t")
    left = await system.arun("list my timers", thread_id="t")
    assert five.reply == "Timer set for 5 minutes (ends at 09:05)."
    assert ten.reply.endswith("Timer set for 10 minutes (ends at 09:10).")
    assert twenty.reply == "Timer set for 20 minutes (ends at 09:20)."
    assert cancelled.route is not None and cancelled.route.role == "timer"
    assert cancelled.reply == "Cancelled the 20-minute timer."  # the one just set, not the other
    assert left.reply == "The 10-minute timer: 10 minutes left."


@pytest.mark.anyio
async def test_cancel_that_right_after_an_alarm_or_a_reminder_cancels_that_one(
    system: AgentSystem,
) -> None:
    await system.arun("set an alarm for 6am", thread_id="a")
    await system.arun("set an alarm for 7am", thread_id="a")
    alarm = await system.arun("actually cancel that", thread_id="a")
    await system.arun("remind me to call mom at 5pm", thread_id="r")
    reminder = await system.arun("delete it please", thread_id="r")
    alarms = await system.arun("list my alarms", thread_id="x")
    reminders = await system.arun("list my reminders", thread_id="x")
    assert alarm.reply == "Cancelled alarm for tomorrow at 07:00."
    assert reminder.reply == "Cancelled reminder for 17:00."
    assert alarms.reply == "Alarm for tomorrow at 06:00."
    assert reminders.reply == "You have no reminders set."
    first = await system.arun("cancel it", thread_id="new")  # nothing made in this thread
    assert "Cancelled" not in first.reply
    assert (await system.arun("list my alarms", thread_id="x")).reply == alarms.reply


@pytest.mark.anyio
async def test_pause_add_to_ask_and_stop_it_act_on_the_timer_just_set(system: AgentSystem) -> None:
    await system.arun("set a timer for 5 minutes", thread_id="t")
    await system.arun("set a pasta timer for 10 minutes", thread_id="t")
    paused = await system.arun("pause it", thread_id="t")
    left = await system.arun("how much time is left on it", thread_id="t")
    more = await system.arun("add 5 minutes to it", thread_id="t")
    resumed = await system.arun("resume it", thread_id="t")
    stopped = await system.arun("stop it", thread_id="t")
    listing = await system.arun("list my timers", thread_id="t")
    for result in (paused, left, more, resumed, stopped):
        assert result.route is not None and result.route.role == "timer"
    assert paused.reply == "Paused timer 'pasta': 10 minutes left."
    assert left.reply == "Timer 'pasta': 10 minutes left (paused)."
    assert more.reply == "Added 5 minutes to the pasta timer: 15 minutes left now (paused)."
    assert resumed.reply == "Resumed timer 'pasta': 15 minutes left (ends at 09:15)."
    assert stopped.reply == "Cancelled timer 'pasta'."
    assert listing.reply == "The 5-minute timer: 5 minutes left."  # the other one runs on


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("said", "made"),
    [
        ("and another for 25 minutes called bread", "Timer 'bread' set for 25 minutes"),
        ("one more for 15", "Timer set for 15 minutes"),
        ("a second one for 3 minutes", "Timer set for 3 minutes"),
    ],
)
async def test_another_timer_is_a_second_timer_never_a_change(
    system: AgentSystem, said: str, made: str
) -> None:
    await system.arun("set a 10 minute timer called pizza", thread_id="t")
    another = await system.arun(said, thread_id="t")
    listing = await system.arun("how many timers do i have", thread_id="u")
    assert another.reply.startswith(made)
    assert listing.reply.startswith("You have 2 timers")
    assert "timer 'pizza': 10 minutes left" in listing.reply  # the first is untouched


@pytest.mark.anyio
async def test_a_timer_named_by_its_label_alone_in_the_thread(system: AgentSystem) -> None:
    await system.arun("set a 10 minute timer called pizza", thread_id="t")
    await system.arun("and another for 25 minutes called bread", thread_id="t")
    cancelled = await system.arun("cancel the pizza one", thread_id="t")
    left = await system.arun("how long on bread", thread_id="t")
    paused = await system.arun("pause the bread one", thread_id="t")
    assert cancelled.reply == "Cancelled timer 'pizza'."
    assert left.reply == "Timer 'bread': 25 minutes left."
    assert paused.reply == "Paused timer 'bread': 25 minutes left."
    elsewhere = await system.aroute("cancel the pizza one", thread_id="fresh")
    assert elsewhere.role != "timer"  # with no timer talk before, a label alone claims nothing


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("first", "said", "reply"),
    [
        (
            "remind me to take the bins out tomorrow at 8",
            "push it back an hour",
            "Added 1 hour to your reminder for tomorrow at 09:00.",
        ),
        (
            "set an alarm for 7am tomorrow",
            "push it back 30 minutes",
            "Added 30 minutes to your alarm for tomorrow at 07:30.",
        ),
        (
            "set an alarm for 7am tomorrow",
            "bring it forward 15 minutes",
            None,
        ),
    ],
)
async def test_push_it_back_moves_the_reminder_or_alarm_just_set(
    system: AgentSystem, first: str, said: str, reply: str | None
) -> None:
    await system.arun(first, thread_id="t")
    moved = await system.arun(said, thread_id="t")
    if reply is not None:
        assert moved.reply == reply
    else:
        assert "06:45" in moved.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("set_text", "move_text", "reply"),
    [
        (
            "remind me to call mom at 5pm",
            "move it to 7",
            "Moved your reminder to 19:00: call mom.",
        ),
        ("remind me to stretch at 11am", "make it 10", "Moved your reminder to 10:00: stretch."),
        ("remind me to call mom at 5pm", "no, at 6", "Moved your reminder to 18:00: call mom."),
    ],
)
async def test_a_bare_hour_moves_a_reminder_near_its_own_time(
    system: AgentSystem, set_text: str, move_text: str, reply: str
) -> None:
    await system.arun(set_text, thread_id="t")
    moved = await system.arun(move_text, thread_id="t")
    listed = await system.arun("what reminders do i have", thread_id="t")
    assert moved.reply == reply
    assert listed.reply.count("Reminder") == 1  # moved, not a second one
