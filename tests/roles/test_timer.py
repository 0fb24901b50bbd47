"""The timer role: tools, interpretation, and the service that fires timers."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from typing import Any

import pytest

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolSpec
from agent_system.repository import open_repository
from agent_system.roles import Clarification, RoleCall, load_roles
from agent_system.routing.models import Turn
from agent_system.runtime import FakeClock, Runtime
from roles.timer import ROLE, FiredTimer, TimerService, TimerStore
from roles.timer import tools as timer_tools

from .conftest import MONDAY_9AM, PARIS

pytestmark = pytest.mark.anyio


def spec(name: str) -> ToolSpec:
    func = getattr(timer_tools, name)
    result: ToolSpec = func.__tool_spec__
    return result


async def call(runtime: Runtime, name: str, user: str = "ann", **arguments: Any) -> Any:
    return await spec(name).ainvoke(arguments, ToolContext(runtime=runtime, user=user))


def store(runtime: Runtime) -> TimerStore:
    return TimerStore(open_repository(runtime), runtime.clock)


# --- tools ------------------------------------------------------------------------------------
def test_tool_names_follow_the_role_dot_function_convention() -> None:
    names = {spec(n).name for n in timer_tools.__all__}
    assert names == {
        "timer.set",
        "timer.alarm",
        "timer.remind",
        "timer.list",
        "timer.cancel",
        "timer.pause",
        "timer.resume",
        "timer.extend",
        "timer.shorten",
    }
    assert "ctx" not in spec("set_timer").parameters["properties"]


async def test_setting_a_timer_stores_it_and_says_when_it_ends(runtime: Runtime) -> None:
    out = await call(runtime, "set_timer", duration="10 minutes")
    assert out.display == "Timer set for 10 minutes (ends at 09:10)."
    [timer] = await store(runtime).list_timers("ann")
    assert timer.kind == "timer"
    assert timer.due_at == MONDAY_9AM + timedelta(minutes=10)


async def test_a_labelled_timer_is_named_in_the_reply(runtime: Runtime) -> None:
    out = await call(runtime, "set_timer", duration="two and a half minutes", label="pasta")
    assert out.display == "Timer 'pasta' set for 2 minutes 30 seconds (ends at 09:02)."
    assert out.data["label"] == "pasta"


@pytest.mark.parametrize("duration", ["-5 minutes", "0 minutes", "soon", "10"])
async def test_a_bad_duration_is_refused_and_nothing_is_stored(
    runtime: Runtime, duration: str
) -> None:
    with pytest.raises(ToolExecutionError) as error:
        await call(runtime, "set_timer", duration=duration)
    assert duration in error.value.message
    assert await store(runtime).list_timers(None) == []


async def test_timers_longer_than_a_week_are_refused_with_a_pointer_to_alarms(
    runtime: Runtime,
) -> None:
    with pytest.raises(ToolExecutionError, match="alarm or a reminder"):
        await call(runtime, "set_timer", duration="8 days")


async def test_timers_are_kept_per_user(runtime: Runtime) -> None:
    await call(runtime, "set_timer", user="ann", duration="5 minutes", label="tea")
    out = await call(runtime, "list_timers", user="bob")
    assert out.display == "You have no timers, alarms or reminders set."
    with pytest.raises(ToolExecutionError, match="no timers"):
        await call(runtime, "cancel", user="bob", target="tea")
    assert len(await store(runtime).list_timers("ann")) == 1


async def test_an_alarm_rings_at_the_next_matching_time(runtime: Runtime) -> None:
    out = await call(runtime, "alarm", at="7:30 am")
    assert out.display == "Alarm set for tomorrow at 07:30."
    [timer] = await store(runtime).list_timers("ann")
    assert timer.due_at == datetime(2026, 1, 6, 7, 30, tzinfo=PARIS)


@pytest.mark.parametrize(
    ("at", "message"),
    [("whenever", "couldn't read"), ("tomorrow", "time of day"), ("today at 8am", "passed")],
)
async def test_an_alarm_without_a_usable_future_time_is_refused(
    runtime: Runtime, at: str, message: str
) -> None:
    with pytest.raises(ToolExecutionError, match=message):
        await call(runtime, "alarm", at=at)
    assert await store(runtime).list_timers(None) == []


async def test_a_reminder_keeps_its_text_and_accepts_a_delay(runtime: Runtime) -> None:
    out = await call(runtime, "remind", text="to call mom", when="in 20 minutes")
    assert out.display == "Reminder set for 09:20: call mom."
    out = await call(runtime, "remind", text="water the plants", when="45 minutes")
    assert out.data["due_at"] == (MONDAY_9AM + timedelta(minutes=45)).isoformat()
    with pytest.raises(ToolExecutionError, match="what the reminder is about"):
        await call(runtime, "remind", text="  ", when="in 5 minutes")


async def test_listing_shows_time_left_for_each_timer(runtime: Runtime, clock: FakeClock) -> None:
    await call(runtime, "set_timer", duration="10 minutes", label="pasta")
    await call(runtime, "alarm", at="tomorrow at 7am")
    clock.advance(150)
    out = await call(runtime, "list_timers")
    assert out.display == (
        "You have 2: timer 'pasta': 7 minutes 30 seconds left; alarm for tomorrow at 07:00."
    )
    assert [item["kind"] for item in out.data] == ["timer", "alarm"]


async def test_cancel_by_label_leaves_the_other_timers(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="10 minutes", label="pasta")
    await call(runtime, "set_timer", duration="4 minutes", label="eggs")
    out = await call(runtime, "cancel", target="pasta timer")
    assert out.display == "Cancelled timer 'pasta'."
    assert [t.label for t in await store(runtime).list_timers("ann")] == ["eggs"]


async def test_cancel_without_a_target_needs_a_single_candidate(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="10 minutes", label="pasta")
    await call(runtime, "set_timer", duration="4 minutes", label="eggs")
    with pytest.raises(ToolExecutionError, match=r"2 timers.*say which one"):
        await call(runtime, "cancel")
    out = await call(runtime, "cancel", target="all")
    assert out.display == "Cancelled 2: eggs, pasta."
    assert await store(runtime).list_timers("ann") == []


async def test_cancel_all_alarms_keeps_the_timers(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="10 minutes")
    await call(runtime, "alarm", at="6am")
    await call(runtime, "alarm", at="7am")
    await call(runtime, "cancel", target="all alarms")
    assert [t.kind for t in await store(runtime).list_timers("ann")] == ["timer"]


async def test_an_unknown_label_names_the_timers_there_are(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="10 minutes", label="pasta")
    with pytest.raises(ToolExecutionError, match=r"called 'rice'; you have: pasta"):
        await call(runtime, "cancel", target="rice")


async def test_pause_keeps_the_time_left_and_resume_restarts_from_it(
    runtime: Runtime, clock: FakeClock
) -> None:
    await call(runtime, "set_timer", duration="10 minutes", label="pasta")
    clock.advance(120)
    out = await call(runtime, "pause")
    assert out.display == "Paused timer 'pasta': 8 minutes left."
    clock.advance(3600)
    out = await call(runtime, "list_timers")
    assert out.display == "Timer 'pasta': 8 minutes left (paused)."
    out = await call(runtime, "resume", target="pasta")
    assert out.display == "Resumed timer 'pasta': 8 minutes left (ends at 10:10)."
    [timer] = await store(runtime).list_timers("ann")
    assert timer.due_at == MONDAY_9AM + timedelta(seconds=120 + 3600 + 480)


async def test_resuming_a_running_timer_is_refused(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="10 minutes")
    with pytest.raises(ToolExecutionError, match="no timers to resume"):
        await call(runtime, "resume")


async def test_extend_moves_the_end_of_a_running_and_of_a_paused_timer(
    runtime: Runtime,
) -> None:
    await call(runtime, "set_timer", duration="10 minutes", label="pasta")
    out = await call(runtime, "extend", by="5 minutes")
    assert out.display == "Added 5 minutes to the pasta timer: 15 minutes left now (ends at 09:15)."
    await call(runtime, "pause")
    await call(runtime, "extend", by="1 minute", target="pasta")
    [timer] = await store(runtime).list_timers("ann")
    assert timer.remaining(MONDAY_9AM) == timedelta(minutes=16)
    with pytest.raises(ToolExecutionError, match="must be positive"):
        await call(runtime, "extend", by="-3 minutes")


# --- the service ------------------------------------------------------------------------------
class Inbox:
    def __init__(self) -> None:
        self.items: list[FiredTimer] = []

    async def __call__(self, fired: FiredTimer) -> None:
        self.items.append(fired)


async def test_a_timer_fires_once_when_it_is_due(runtime: Runtime, clock: FakeClock) -> None:
    inbox = Inbox()
    service = TimerService(runtime, inbox)
    await call(runtime, "set_timer", duration="1 minute", label="tea")
    clock.advance(59)
    assert await service.tick() == []
    clock.advance(1)
    [fired] = await service.tick()
    assert (fired.timer.label, fired.late, fired.text) == ("tea", False, "Timer 'tea' is done.")
    clock.advance(10)
    assert await service.tick() == []
    assert len(inbox.items) == 1
    assert await store(runtime).get(fired.timer.id) is not None
    assert await store(runtime).list_timers("ann") == []


async def test_two_services_on_one_database_fire_a_timer_once(
    runtime: Runtime, clock: FakeClock
) -> None:
    first, second = Inbox(), Inbox()
    await call(runtime, "set_timer", duration="1 minute")
    clock.advance(60)
    results = await asyncio.gather(
        TimerService(runtime, first).tick(), TimerService(runtime, second).tick()
    )
    assert sum(len(r) for r in results) == 1
    assert len(first.items) + len(second.items) == 1


async def test_paused_timers_do_not_fire(runtime: Runtime, clock: FakeClock) -> None:
    service = TimerService(runtime, Inbox())
    await call(runtime, "set_timer", duration="1 minute")
    await call(runtime, "pause")
    clock.advance(600)
    assert await service.tick() == []
    await call(runtime, "resume")
    clock.advance(59)
    assert await service.tick() == []
    clock.advance(1)
    assert len(await service.tick()) == 1


async def test_cancelled_timers_do_not_fire(runtime: Runtime, clock: FakeClock) -> None:
    service = TimerService(runtime, Inbox())
    await call(runtime, "set_timer", duration="1 minute")
    await call(runtime, "cancel")
    clock.advance(120)
    assert await service.tick() == []


async def test_timers_due_while_nothing_ran_fire_late_on_the_first_tick(
    runtime: Runtime, clock: FakeClock
) -> None:
    await call(runtime, "remind", text="call mom", when="in 5 minutes")
    clock.advance(3600)
    inbox = Inbox()
    [fired] = await TimerService(runtime, inbox).tick()
    assert fired.late
    assert fired.text == "Reminder: call mom (it was due at 09:05; nothing was running then)."
    assert (await store(runtime).get(fired.timer.id)).late  # type: ignore[union-attr]


async def test_a_failing_notification_does_not_stop_the_others(
    runtime: Runtime, clock: FakeClock
) -> None:
    seen: list[str] = []

    async def notify(fired: FiredTimer) -> None:
        seen.append(fired.timer.label)
        if fired.timer.label == "a":
            raise RuntimeError("webhook down")

    await call(runtime, "set_timer", duration="1 minute", label="a")
    await call(runtime, "set_timer", duration="2 minutes", label="b")
    clock.advance(120)
    assert len(await TimerService(runtime, notify).tick()) == 2
    assert seen == ["a", "b"]


async def test_the_run_loop_fires_timers_and_stops_when_asked(
    runtime: Runtime, clock: FakeClock
) -> None:
    stop = asyncio.Event()
    fired: list[FiredTimer] = []

    async def notify(item: FiredTimer) -> None:
        fired.append(item)
        stop.set()

    await call(runtime, "set_timer", duration="3 seconds")
    await asyncio.wait_for(TimerService(runtime, notify).run(stop, interval=0.5), timeout=5)
    assert len(fired) == 1
    assert clock.now() == MONDAY_9AM + timedelta(seconds=3)


# --- interpretation ---------------------------------------------------------------------------
def interpret(runtime: Runtime, text: str, history: list[Turn] | None = None) -> Any:
    return ROLE.interpret(text, {}, runtime, history or [])


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("set a timer for 10 minutes", "timer.set", {"duration": "10 minutes", "label": ""}),
        (
            "set a timer for 10 minutes to take the bread out",
            "timer.set",
            {"duration": "10 minutes", "label": "take the bread out"},
        ),
        (
            "start a pasta timer for an hour and a half",
            "timer.set",
            {"duration": "1 hour 30 minutes", "label": "pasta"},
        ),
        ("cancel the pasta timer", "timer.cancel", {"target": "pasta timer"}),
        ("cancel all my alarms", "timer.cancel", {"target": "all alarm"}),
        ("stop timer number 3", "timer.cancel", {"target": "3 timer"}),
        ("pause the timer", "timer.pause", {"target": "timer"}),
        ("resume the timer", "timer.resume", {"target": "timer"}),
        ("how much time is left on my timer", "timer.list", {"kind": "timer"}),
        ("how much time do i have left on my timer", "timer.list", {"kind": "timer"}),
        ("how long have we got left on the timer", "timer.list", {"kind": "timer"}),
        ("how much time is there left on the timer", "timer.list", {"kind": "timer"}),
        (
            "how much time do i have left on the pasta timer",
            "timer.list",
            {"kind": "timer", "target": "pasta"},
        ),
        ("what alarms do I have", "timer.list", {"kind": "alarm"}),
        ("how long is left on my tea timer", "timer.list", {"kind": "timer", "target": "tea"}),
        ("report alarm settings", "timer.list", {"kind": "alarm"}),
        ("all alarms", "timer.list", {"kind": "alarm"}),
        ("what time is my alarm set for", "timer.list", {"kind": "alarm"}),
        (
            "how many timers do I have running",
            "timer.list",
            {"kind": "timer", "count": True, "state": "running"},
        ),
        ("add 5 minutes to the timer", "timer.extend", {"by": "5 minutes", "target": "timer"}),
        ("snooze for 10 minutes", "timer.snooze", {"by": "10 minutes"}),
        ("set another timer for 5 minutes", "timer.set", {"duration": "5 minutes", "label": ""}),
    ],
)
def test_interpret_picks_the_tool_from_the_words(
    runtime: Runtime, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    assert interpret(runtime, text) == RoleCall(tool, arguments)


def test_interpret_resolves_alarm_and_reminder_times_to_iso(runtime: Runtime) -> None:
    call_ = interpret(runtime, "set an alarm for tomorrow at 6:30am")
    assert call_ == RoleCall("timer.alarm", {"at": "2026-01-06T06:30:00+01:00", "label": ""})
    call_ = interpret(runtime, "remind me to cancel the gym at 5pm")
    assert call_ == RoleCall(
        "timer.remind", {"text": "cancel the gym", "when": "2026-01-05T17:00:00+01:00"}
    )


def test_wake_me_up_at_a_bare_hour_means_the_morning(runtime: Runtime) -> None:
    call_ = interpret(runtime, "wake me up at 7")
    assert call_.arguments["at"] == "2026-01-06T07:00:00+01:00"


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("set a timer", "How long should the timer run?"),
        ("set a timer for soon", "How long should the timer run?"),
        ("set an alarm", "What time should the alarm go off?"),
        ("set an alarm for next friday", "What time on Fri 9 Jan should the alarm go off?"),
        ("remind me to call mom", "When should I remind you?"),
        ("remind me at 5pm", "What should I remind you about?"),
    ],
)
def test_missing_information_becomes_a_question(runtime: Runtime, text: str, question: str) -> None:
    result = interpret(runtime, text)
    assert isinstance(result, Clarification)
    assert result.question == question


def test_an_answer_to_a_question_completes_the_earlier_request(runtime: Runtime) -> None:
    asked = "What time should the alarm go off?"
    history = [Turn(text="set an alarm", role="timer", reply=asked)]
    result = interpret(runtime, "7am", history)
    assert result == RoleCall("timer.alarm", {"at": "2026-01-06T07:00:00+01:00", "label": ""})
    history = [Turn(text="set a timer", role="timer", reply="How long should the timer run?")]
    assert interpret(runtime, "10 minutes", history) == RoleCall(
        "timer.set", {"duration": "10 minutes", "label": ""}
    )


async def test_interpreted_calls_run_through_their_tools(runtime: Runtime) -> None:
    role_call = interpret(runtime, "set a timer for 90 sec called eggs")
    assert role_call.tool == "timer.set"
    out = await call(runtime, "set_timer", **role_call.arguments)
    assert out.display == "Timer 'eggs' set for 1 minute 30 seconds (ends at 09:01)."


def test_the_role_is_found_by_the_loader_and_has_enough_examples() -> None:
    roles = load_roles(("timer",))
    assert roles["timer"] is ROLE
    assert len(ROLE.examples) >= 20


@pytest.mark.parametrize(
    ("seconds", "name"),
    [(3, "3-second"), (90, "90-second"), (600, "10-minute"), (5400, "90-minute"), (7200, "2-hour")],
)
def test_an_unlabelled_timer_is_named_by_its_length(seconds: int, name: str) -> None:
    from datetime import timedelta

    from roles.timer.service import length_name

    assert length_name(timedelta(seconds=seconds)) == name
