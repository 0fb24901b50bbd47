"""The timer role's everyday phrasing through the public API (issue 15): moving reminders and
alarms, parts of the day, wake-up phrasing, and what a refusal leaves behind."""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from tests.roles.conftest import MONDAY_MORNING as NOW


async def _plan(system: AgentSystem, text: str) -> tuple[str, dict[str, Any]]:
    plan = await system.aplan(text)
    assert len(plan.steps) == 1, (text, plan.unsupported, plan.reasoning)
    return plan.steps[0].tool, plan.steps[0].arguments


@pytest.mark.anyio
async def test_reminders_and_alarms_move_to_a_new_time(system: AgentSystem) -> None:
    await system.arun("remind me to call mom at 5pm", thread_id="t")
    changed = await system.arun("change my reminder to 7pm", thread_id="t")
    moved = await system.arun("move my reminder to 4pm", thread_id="t")
    await system.arun("set an alarm for 6:30am tomorrow", thread_id="t")
    alarm = await system.arun("change my alarm to 7", thread_id="t")  # that morning, not 19:00
    later = await system.arun("push my reminder back 30 minutes", thread_id="t")
    listing = await system.arun("what reminders and alarms do I have", thread_id="t")
    assert changed.route is not None and changed.route.role == "timer"
    assert changed.reply == "Moved your reminder to 19:00: call mom."
    assert moved.reply == "Moved your reminder to 16:00: call mom."
    assert alarm.reply == "Moved your alarm to tomorrow at 07:00."
    assert later.reply == "Added 30 minutes to your reminder for 16:30."
    assert "16:30" in listing.reply and "07:00" in listing.reply and "17:00" not in listing.reply


@pytest.mark.anyio
async def test_which_one_to_move_is_read_from_its_time_and_an_answer_completes_it(
    system: AgentSystem,
) -> None:
    await system.arun("set an alarm for 8am on friday", thread_id="t")
    await system.arun("set an alarm for 6:30am tomorrow", thread_id="t")
    moved = await system.arun("change my 8am alarm to 9am", thread_id="t")
    asked = await system.arun("change my 6:30 alarm", thread_id="t")
    answered = await system.arun("7:15am", thread_id="t")
    listing = await system.arun("list my alarms", thread_id="t")
    assert moved.reply == "Moved your alarm to Fri 6 Mar at 09:00."
    assert asked.reply == "What time should I move the alarm to?"
    assert answered.reply == "Moved your alarm to tomorrow at 07:15."
    assert "07:15" in listing.reply and "09:00" in listing.reply
    assert "06:30" not in listing.reply and "08:00" not in listing.reply


@pytest.mark.anyio
async def test_a_bad_new_time_moves_nothing(system: AgentSystem) -> None:
    await system.arun("remind me to call mom at 5pm", thread_id="t")
    refused = await system.arun("move my reminder to 25:00", thread_id="t")
    listing = await system.arun("what reminders do I have", thread_id="t")
    assert refused.reply == "I didn't move it: 25:00 is not a time of day."
    assert "17:00" in listing.reply


@pytest.mark.anyio
async def test_parts_of_the_day_pick_the_alarms_that_ring_then(system: AgentSystem) -> None:
    await system.arun("set an alarm for 6am tomorrow", thread_id="t")
    await system.arun("set an alarm for 7pm tomorrow", thread_id="t")
    morning = await system.arun("do I have any alarms for tomorrow morning", thread_id="t")
    cancelled = await system.arun("remove my alarm for tomorrow evening", thread_id="t")
    left = await system.arun("list my alarms", thread_id="t")
    assert "06:00" in morning.reply and "19:00" not in morning.reply
    assert cancelled.reply == "Cancelled alarm for tomorrow at 19:00."
    assert "06:00" in left.reply and "19:00" not in left.reply


@pytest.mark.anyio
async def test_a_clock_time_without_am_or_pm_finds_the_alarm_either_way(
    system: AgentSystem,
) -> None:
    await system.arun("set an alarm for 6:30am tomorrow", thread_id="t")
    cancelled = await system.arun("cancel my 6:30 alarm", thread_id="t")
    assert cancelled.reply == "Cancelled alarm for tomorrow at 06:30."


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "tool", "expected"),
    [
        ("i need to get up at seven am", "timer.alarm", {"at": "2026-03-03T07:00"}),
        ("please make me wake up at four am tomorrow", "timer.alarm", {"at": "2026-03-03T04:00"}),
        ("set an alarm for four in the afternoon", "timer.alarm", {"at": "2026-03-02T16:00"}),
        ("set my alarm for six thirty in the morning tomorrow", "timer.alarm", {"at": "T06:30"}),
        ("set an alarm for 7:15am", "timer.alarm", {"at": "2026-03-03T07:15"}),
        ("please set a reminder for me to go to work in ten minutes", "timer.remind", {}),
        ("set a pasta timer for five minutes", "timer.set", {"label": "pasta"}),
        ("wake me up on friday at five in the morning", "timer.alarm", {"at": "2026-03-06T05:00"}),
        ("i no longer need the 5 pm alarm", "timer.cancel", {"when": "17:00"}),
        ("move my reminder to 5pm", "timer.move", {"to": "5 pm"}),
    ],
)
async def test_everyday_timer_phrasing_plans_the_right_call(
    system: AgentSystem, text: str, tool: str, expected: dict[str, str]
) -> None:
    planned, arguments = await _plan(system, text)
    assert planned == tool
    for key, value in expected.items():
        assert value in str(arguments[key]), (key, arguments)


@pytest.mark.anyio
async def test_set_reminder_alone_asks_what_about_and_the_answer_is_kept(
    system: AgentSystem,
) -> None:
    asked = await system.arun("set reminder", thread_id="t")
    assert asked.reply == "What should I remind you about?"
    assert asked.route is not None and asked.route.role == "timer"


def test_a_timer_for_a_thing_is_named_after_the_thing() -> None:
    from agent_system.roles import RoleCall
    from agent_system.testing import make_runtime
    from roles.timer.role import ROLE

    runtime = make_runtime(clock=FakeClock(NOW))
    found = ROLE.interpret("set a timer for five minutes for cookies", {}, runtime, [])
    assert found == RoleCall("timer.set", {"duration": "5 minutes", "label": "cookies"})


@pytest.mark.parametrize(
    ("text", "at"),
    [
        ("alert me at 7am", "2026-03-03T07:00"),
        ("let me know when it is ten", "2026-03-02T10:00"),
        ("tell me when it's 5pm", "2026-03-02T17:00"),
    ],
)
def test_tell_me_when_it_is_a_time_sets_an_alarm(text: str, at: str) -> None:
    from agent_system.roles import RoleCall
    from agent_system.testing import make_runtime
    from roles.timer.role import ROLE

    found = ROLE.interpret(text, {}, make_runtime(clock=FakeClock(NOW)), [])
    assert isinstance(found, RoleCall) and found.tool == "timer.alarm"
    assert found.arguments["at"].startswith(at)
