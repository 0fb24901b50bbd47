"""Home Assistant's timer intents: time added to or taken off a named timer, and timers named
by their label or their length ("pause the pizza timer", "status of the 1 hour timer")."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext
from agent_system.repository import open_repository
from agent_system.roles import RoleCall
from agent_system.runtime import Runtime
from roles.timer import ROLE, TimerStore
from roles.timer import tools as timer_tools

pytestmark = pytest.mark.anyio


async def call(runtime: Runtime, name: str, **arguments: Any) -> Any:
    spec = getattr(timer_tools, name).__tool_spec__
    return await spec.ainvoke(arguments, ToolContext(runtime=runtime, user="ann"))


def timer_store(runtime: Runtime) -> TimerStore:
    return TimerStore(open_repository(runtime), runtime.clock)


def interpret(runtime: Runtime, text: str) -> Any:
    return ROLE.interpret(text, {}, runtime, [])


@pytest.mark.parametrize(
    ("text", "tool", "target"),
    [
        ("add 5 minutes to pizza timer", "timer.extend", "pizza timer"),
        ("add 5 minutes to timer for 1 hour", "timer.extend", "1 hour timer"),
        ("increase kitchen timer by 5 minutes", "timer.extend", "kitchen timer"),
        ("add 5 minutes to timer", "timer.extend", "timer"),
        ("take 5 minutes off my timer", "timer.shorten", "timer"),
        ("remove 5 minutes from timer named pizza", "timer.shorten", "pizza timer"),
        ("decrease timer for 1 hour by 5 minutes", "timer.shorten", "1 hour timer"),
        ("take 5 minutes from timer in kitchen", "timer.shorten", "kitchen timer"),
    ],
)
async def test_more_or_less_time_on_a_timer(
    runtime: Runtime, text: str, tool: str, target: str
) -> None:
    assert interpret(runtime, text) == RoleCall(tool, {"by": "5 minutes", "target": target})


@pytest.mark.parametrize(
    ("text", "tool", "target"),
    [
        ("pause pizza timer", "timer.pause", "pizza timer"),
        ("resume 1 hour timer", "timer.resume", "1 hour timer"),
        ("stop my timer for pizza", "timer.cancel", "pizza timer"),
        ("cancel kitchen timer", "timer.cancel", "kitchen timer"),
    ],
)
async def test_a_timer_named_by_label_or_length(
    runtime: Runtime, text: str, tool: str, target: str
) -> None:
    assert interpret(runtime, text) == RoleCall(tool, {"target": target})


async def test_status_of_the_one_hour_timer_asks_about_that_one(runtime: Runtime) -> None:
    call_ = interpret(runtime, "status of 1 hour timer")
    assert call_.tool == "timer.list" and call_.arguments["target"] == "1 hour"


async def test_time_comes_off_the_timer_of_that_length(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="1 hour")
    await call(runtime, "set_timer", duration="10 minutes", label="pizza")
    out = await call(runtime, "shorten", by="5 minutes", target="1 hour")
    store = timer_store(runtime)
    (hour,) = [t for t in await store.list_timers("ann") if not t.label]
    assert hour.remaining(runtime.clock.now()) == timedelta(minutes=55)
    assert out.display.startswith("Took 5 minutes off")
    more = await call(runtime, "extend", by="5 minutes", target="pizza")
    assert "Added 5 minutes" in more.display


async def test_more_than_is_left_is_refused(runtime: Runtime) -> None:
    await call(runtime, "set_timer", duration="3 minutes", label="tea")
    with pytest.raises(ToolExecutionError, match="only 3 minutes left"):
        await call(runtime, "shorten", by="5 minutes", target="tea")
    (tea,) = await timer_store(runtime).list_timers("ann")
    assert tea.remaining(runtime.clock.now()) == timedelta(minutes=3)


@pytest.mark.parametrize(
    ("text", "kind", "target"),
    [
        ("list my timers", "timer", None),
        ("show my timers", "timer", None),
        ("check my timers", "timer", None),
        ("display my alarms please", "alarm", None),
        ("show me the pasta timer", "timer", "pasta"),
        ("what is the status of the pizza timer", "timer", "pizza"),
    ],
)
def test_the_asking_words_are_not_a_timers_name(
    runtime: Runtime, text: str, kind: str, target: str | None
) -> None:
    """'list my timers' lists them all; before, it looked for a timer named 'list my'."""
    call = interpret(runtime, text)
    assert isinstance(call, RoleCall) and call.tool == "timer.list", call
    assert call.arguments.get("kind") == kind
    assert call.arguments.get("target") == target
