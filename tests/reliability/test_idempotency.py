"""Idempotency keys (issue 14.9): a step run again after a retry or a crash applies once.

Every tool call gets `ToolContext.idempotency_key` (thread, plan and step); HTTP tools send it as
the ``Idempotency-Key`` header, and the built-in tools with local effects store it with the rows
they write, so a second call with the same key returns the first result and writes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system._storage import Database
from agent_system.idempotency import IDEMPOTENCY_HEADER, idempotency_key
from agent_system.registry._loaders.functions import parse_function_specs
from agent_system.registry.spec import ToolContext, ToolSpec
from agent_system.runtime import FakeClock, Runtime
from agent_system.testing import make_runtime
from roles.calendar import tools as calendar_tools
from roles.timer import tools as timer_tools
from tests.roles.conftest import MONDAY_9AM, PARIS

pytestmark = pytest.mark.anyio


@pytest.fixture
def runtime(tmp_path: Path) -> Runtime:
    return make_runtime(clock=FakeClock(MONDAY_9AM, tz=PARIS), db=Database(tmp_path / "a.db"))


def ctx(runtime: Runtime, step: str = "s1", plan: str = "p1") -> ToolContext:
    return ToolContext(runtime=runtime, user="ann", thread_id="t.1", plan_id=plan, step_id=step)


def spec(func: Callable[..., Any]) -> ToolSpec:
    result: ToolSpec = func.__tool_spec__  # type: ignore[attr-defined]
    return result


def test_the_key_names_the_step_and_is_the_same_on_every_attempt() -> None:
    key = idempotency_key("t.1", "p1", "s1")
    assert key == idempotency_key("t.1", "p1", "s1")
    assert key is not None and key.isascii() and len(key) < 64
    others = {idempotency_key("t.1", "p1", "s2"), idempotency_key("t.2", "p1", "s1")}
    others |= {idempotency_key("t.1", "p2", "s1")}
    assert key not in others and len(others) == 3
    assert idempotency_key("t", None, "s1") is None  # no plan: no key (tools call)


def _count(runtime: Runtime, collection: str) -> int:
    query = "SELECT COUNT(*) AS n FROM records WHERE collection = ?"
    return int(runtime.db.query(query, (collection,))[0]["n"])


def _bodies(runtime: Runtime, collection: str) -> list[dict[str, Any]]:
    rows = runtime.db.query("SELECT body FROM records WHERE collection = ?", (collection,))
    return [json.loads(row["body"]) for row in rows]


TOOLS: list[tuple[str, Callable[..., Any], dict[str, Any], str]] = [
    ("timer.set", timer_tools.set_timer, {"duration": "10 minutes"}, "timers"),
    ("timer.alarm", timer_tools.alarm, {"at": "7:30 am"}, "timers"),
    ("timer.remind", timer_tools.remind, {"text": "call Jo", "when": "in 1 hour"}, "timers"),
    (
        "calendar.create",
        calendar_tools.create,
        {"title": "Dentist", "start": "tomorrow at 3 pm"},
        "calendar",
    ),
]


@pytest.mark.parametrize(
    ("tool", "arguments", "table"), [t[1:] for t in TOOLS], ids=[t[0] for t in TOOLS]
)
async def test_a_local_tool_run_twice_with_one_key_writes_once(
    runtime: Runtime, tool: Callable[..., Any], arguments: dict[str, Any], table: str
) -> None:
    first = await spec(tool).ainvoke(dict(arguments), ctx(runtime))
    again = await spec(tool).ainvoke(dict(arguments), ctx(runtime))  # a resumed step
    assert _count(runtime, table) == 1
    assert again.display == first.display
    assert json.dumps(again.data, default=str) == json.dumps(first.data, default=str)
    await spec(tool).ainvoke(dict(arguments), ctx(runtime, step="s2"))  # another step acts
    assert _count(runtime, table) == 2


async def test_changes_to_a_row_apply_once_per_step(runtime: Runtime) -> None:
    await spec(timer_tools.set_timer).ainvoke({"duration": "10 minutes"}, ctx(runtime, "a"))
    for _ in range(2):
        out = await spec(timer_tools.extend).ainvoke({"by": "5 minutes"}, ctx(runtime, "b"))
    [timer] = _bodies(runtime, "timers")
    assert timer["due_at"] == MONDAY_9AM.timestamp() + 15 * 60  # extended once, not twice
    assert out.display and "09:15" in out.display
    await spec(calendar_tools.create).ainvoke(
        {"title": "Dentist", "start": "tomorrow at 3 pm"}, ctx(runtime, "c")
    )
    await spec(calendar_tools.update).ainvoke(
        {"event": "Dentist", "title": "Dentist (moved)"}, ctx(runtime, "d")
    )
    again = await spec(calendar_tools.update).ainvoke(
        {"event": "Dentist", "title": "Dentist (moved)"}, ctx(runtime, "d")
    )
    [event] = _bodies(runtime, "calendar")
    assert event["title"] == "Dentist (moved)" and again.display


async def test_a_failed_call_is_not_remembered(runtime: Runtime) -> None:
    from agent_system.errors import ToolExecutionError

    with pytest.raises(ToolExecutionError):
        await spec(timer_tools.cancel).ainvoke({"target": "pasta"}, ctx(runtime, "x"))
    await spec(timer_tools.set_timer).ainvoke(
        {"duration": "1 minute", "label": "pasta"}, ctx(runtime, "y")
    )
    await spec(timer_tools.cancel).ainvoke({"target": "pasta"}, ctx(runtime, "x"))  # retried
    assert [t["state"] for t in _bodies(runtime, "timers")] == ["cancelled"]


async def test_without_a_plan_the_tool_just_runs(runtime: Runtime) -> None:
    plain = ToolContext(runtime=runtime, user="ann")
    for _ in range(2):
        await spec(timer_tools.set_timer).ainvoke({"duration": "1 minute"}, plain)
    assert _count(runtime, "timers") == 2


async def test_http_tools_send_the_key_as_the_idempotency_key_header(runtime: Runtime) -> None:
    [tool] = parse_function_specs(
        [
            {
                "name": "pay",
                "description": "Pay.",
                "parameters": {"type": "object"},
                "x-url": "http://pay.test/pay",
            }
        ]
    )
    with respx.mock(assert_all_called=True) as mock:
        route = mock.post("http://pay.test/pay").mock(return_value=httpx.Response(200, json={}))
        await tool.ainvoke({}, ctx(runtime))
        await tool.ainvoke({}, ctx(runtime))
    keys = [call.request.headers.get(IDEMPOTENCY_HEADER) for call in route.calls]
    assert keys == [ctx(runtime).idempotency_key] * 2


async def test_role_http_requests_that_change_something_carry_the_key(runtime: Runtime) -> None:
    from agent_system.registry.spec import spec_from_function
    from roles._http import request_json

    async def toggle(ctx: ToolContext) -> Any:
        """Toggle a light at a home server."""
        await request_json(
            ctx.runtime.http, "GET", "http://ha.test/api/states", service="x", timeout_s=1
        )
        return await request_json(
            ctx.runtime.http, "POST", "http://ha.test/api/services", service="x", timeout_s=1
        )

    tool = spec_from_function(toggle, name="test.toggle")
    with respx.mock(assert_all_called=True) as mock:
        read = mock.get("http://ha.test/api/states").mock(return_value=httpx.Response(200, json=[]))
        write = mock.post("http://ha.test/api/services").mock(
            return_value=httpx.Response(200, json=[])
        )
        await tool.ainvoke({}, ctx(runtime, step="light"))
    assert IDEMPOTENCY_HEADER not in read.calls.last.request.headers
    assert (
        write.calls.last.request.headers[IDEMPOTENCY_HEADER]
        == ctx(runtime, "light").idempotency_key
    )


async def test_a_webhook_notification_carries_the_key(runtime: Runtime) -> None:
    from tools import notification

    with respx.mock(assert_all_called=True) as mock:
        hook = mock.post("http://hook.test/n").mock(return_value=httpx.Response(204))
        await spec(notification.send).ainvoke(
            {"title": "Done", "channel": "webhook", "url": "http://hook.test/n"}, ctx(runtime, "n")
        )
    assert hook.calls.last.request.headers[IDEMPOTENCY_HEADER] == ctx(runtime, "n").idempotency_key


async def test_list_changes_apply_once_per_step(runtime: Runtime) -> None:
    from roles.lists import tools as lists_tools

    for _ in range(2):
        out = await spec(lists_tools.add).ainvoke({"items": ["eggs", "milk"]}, ctx(runtime, "a"))
    assert out.display == "Added eggs and milk to your shopping list."
    for _ in range(2):  # the second would fail ("couldn't find eggs") without the key
        done = await spec(lists_tools.complete).ainvoke({"item": "eggs"}, ctx(runtime, "b"))
        gone = await spec(lists_tools.remove).ainvoke({"item": "milk"}, ctx(runtime, "c"))
    assert done.display == "Checked off eggs on your shopping list."
    assert gone.display == "Removed milk from your shopping list."
    [record] = runtime.db.query("SELECT body FROM records WHERE collection = 'lists'")
    items = json.loads(record["body"])["items"]
    assert [(i["text"], i["done"]) for i in items] == [("eggs", True)]


async def test_memories_are_kept_and_forgotten_once_per_step(runtime: Runtime) -> None:
    from tools import memory

    for _ in range(2):
        kept = await spec(memory.remember).ainvoke({"fact": "my bike is blue"}, ctx(runtime, "a"))
    assert kept.display == "Got it, I'll remember that your bike is blue."
    await spec(memory.remember).ainvoke({"fact": "I like tea"}, ctx(runtime, "b"))
    for _ in range(2):  # the second would fail ("no remembered fact matches") without the key
        await spec(memory.forget).ainvoke({"memory": "bike"}, ctx(runtime, "c"))
    store = runtime.store
    assert store is not None
    mine = memory.namespace_for("ann")
    facts = [i.value["fact"] for i in await store.asearch(mine) if tuple(i.namespace) == mine]
    assert facts == ["I like tea"]
    everything = [i.value for ns in await store.alist_namespaces() for i in await store.asearch(ns)]
    assert not any("bike" in json.dumps(v) for v in everything)  # forgetting keeps no copy
