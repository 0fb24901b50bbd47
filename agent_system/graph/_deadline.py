"""The request deadline (`request_timeout_s`): one bound on a whole turn.

Each LLM call has its own timeout and retries, and a turn makes several, so a hung endpoint could
hold a request for minutes. `bounded` runs the graph's stream in a task and stops it at the
deadline (cancelling whatever is in flight); `deadline_update` is the thread's final state for
such a turn: a reply written from a template (no LLM call) saying what finished and what did
not, so the turn still lands in the thread's history.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from agent_system.errors import ErrorCode, ErrorInfo, Severity
from agent_system.graph._state import HISTORY_LIMIT
from agent_system.planning.models import (
    ExecutionPlan,
    PlanResult,
    RunStatus,
    StepResult,
    StepStatus,
)
from agent_system.routing.models import Turn

__all__ = ["RequestTimeout", "bounded", "deadline_update", "producing"]

T = TypeVar("T")
_DONE = object()
_TIMEOUT = object()


class RequestTimeout(Exception):
    """The turn reached `request_timeout_s`; the stream was stopped."""


def bounded(stream: AsyncIterator[T], seconds: float) -> AsyncIterator[T]:
    """`stream`'s items until it ends or `seconds` pass (then `RequestTimeout`).

    The stream runs in its own task, so the deadline never cancels the consumer's code.
    """

    async def produce(put: Callable[[T], None]) -> None:
        async for item in stream:
            put(item)

    return producing(produce, seconds)


async def producing(
    produce: Callable[[Callable[[T], None]], Awaitable[None]], seconds: float
) -> AsyncIterator[T]:
    """The items `produce(put)` puts until it returns or `seconds` pass (then
    `RequestTimeout`); `produce` runs in its own task (see `bounded`)."""
    queue: asyncio.Queue[Any] = asyncio.Queue()

    async def pump() -> None:
        try:
            await produce(queue.put_nowait)
        except BaseException as exc:
            queue.put_nowait(exc)
            raise
        queue.put_nowait(_DONE)

    task = asyncio.create_task(pump())
    # One timer for the whole turn (not a `wait_for` task per item, which on Python 3.11 also
    # drops a cancel that arrives as the item does): at the deadline it stops the stream and
    # tells the consumer.
    timer = asyncio.get_running_loop().call_later(seconds, _expire, task, queue)
    try:
        while True:
            item = await queue.get()
            if item is _DONE:
                return
            if item is _TIMEOUT:
                raise RequestTimeout
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        timer.cancel()
        if not task.done():
            task.cancel()
        with contextlib.suppress(BaseException):
            await task


def _expire(task: asyncio.Task[None], queue: asyncio.Queue[Any]) -> None:
    """The deadline passed: the consumer gets `_TIMEOUT` before anything still queued."""
    task.cancel()
    pending = []
    while not queue.empty():
        pending.append(queue.get_nowait())
    queue.put_nowait(_TIMEOUT)
    for item in pending:
        queue.put_nowait(item)


def deadline_update(
    values: dict[str, Any], finished: dict[str, StepResult], seconds: float
) -> dict[str, Any]:
    """The state update that ends a turn stopped at the deadline (reply, status, history)."""
    plan = ExecutionPlan.model_validate(values["plan"]) if values.get("plan") else None
    results = {k: StepResult.model_validate(v) for k, v in (values.get("results") or {}).items()}
    results.update(finished)
    done = [r for r in results.values() if r.status == StepStatus.SUCCEEDED]
    error = ErrorInfo(
        code=ErrorCode.DEADLINE_EXCEEDED,
        message=f"Stopped after {seconds:g} s (request_timeout_s) before the request was done.",
        severity=Severity.ERROR,
    )
    if plan is None or not plan.steps:
        reply = (
            f"Sorry, I could not work out an answer within {seconds:g} seconds, so I stopped. "
            "Nothing was done; please try again."
        )
    else:
        lines = [f"I stopped after {seconds:g} seconds, before everything was done."]
        by_id = {s.id: s for s in plan.steps}
        if done:
            lines.append("Done:")
            lines += [f"- {r.display or _what(by_id.get(r.step_id), r)}" for r in done]
        undone = [s for s in plan.steps if s.id not in {r.step_id for r in done}]
        if undone:
            lines.append("Not done:")
            lines += [f"- {s.description or s.tool.replace('_', ' ')}" for s in undone]
        reply = "\n".join(lines)
    status = RunStatus.PARTIAL if done else RunStatus.FAILURE
    update: dict[str, Any] = {"reply": reply, "status": status.value}
    if plan is not None:
        ordered = [results[s.id] for s in plan.steps if s.id in results]
        update["result"] = PlanResult(
            plan_id=plan.id, plan_version=plan.version, status=status, steps=ordered, errors=[error]
        ).model_dump(mode="json")
    else:
        update["errors"] = [*values.get("errors", []), error.model_dump(mode="json")]
    decision = values.get("route") or {}
    turn = Turn(
        text=str(values.get("request", "")),
        role=decision.get("role"),
        slots=decision.get("slots", {}),
        reply=reply[:2000],
    )
    update["history"] = [*values.get("history", []), turn.model_dump(mode="json")][-HISTORY_LIMIT:]
    return update


def _what(step: Any, result: StepResult) -> str:
    return str(getattr(step, "description", "") or result.tool)
