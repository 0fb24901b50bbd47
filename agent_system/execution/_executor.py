"""Run one step: validate, consult the breaker and the cache, call with a timeout, retry.

`StepExecutor.execute` never raises for a tool's failure (or a tool's bug): it returns a
`StepResult` whose `error` says what went wrong. Only cancellation propagates.

Order of checks: unknown tool, argument validation (the tool is not called), cache (idempotent
tools), then per attempt: circuit breaker, call under ``asyncio.timeout``, audit row for tools
with side effects, backoff sleep via the runtime clock.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic_core import to_jsonable_python

from agent_system._audit import write_audit
from agent_system._storage import AuditEntry, audit_params, is_storage_failure, storage_error
from agent_system.errors import (
    AgentSystemError,
    ErrorCode,
    ErrorInfo,
    InvalidArgumentsError,
    ToolExecutionError,
    ToolTimeoutError,
)
from agent_system.execution._breaker import BreakerBoard
from agent_system.execution._cache import ResultCache, cache_key
from agent_system.planning._validation import similar_names
from agent_system.planning.models import (
    ExecutionStep,
    FailurePolicy,
    RetrySpec,
    StepResult,
    StepStatus,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import Intent, SideEffect, ToolContext, ToolOutput, ToolSpec
from agent_system.runtime import Runtime
from agent_system.understanding.locale import locale_scope

__all__ = ["MIN_RETRY_ATTEMPTS", "IntentSink", "StepExecutor", "normalise_output"]

log = logging.getLogger(__name__)

MIN_RETRY_ATTEMPTS = 3
"""Attempts a step with ``on_failure=retry`` gets at least."""

IntentSink = Callable[[Intent, ToolContext], Awaitable[None]]
AttemptHook = Callable[[int], None]


@dataclass(frozen=True)
class _Cached:
    output: Any
    display: str | None


def normalise_output(value: Any) -> tuple[Any, str | None, list[Intent]]:
    """A tool's return value as (JSON-able output, display text, intents)."""
    if isinstance(value, ToolOutput):
        return to_jsonable_python(value.data, fallback=str), value.display, list(value.intents)
    display = value if isinstance(value, str) else None
    return to_jsonable_python(value, fallback=str), display, []


class StepExecutor:
    """Runs steps against a registry with one runtime, breaker board and cache."""

    def __init__(
        self,
        registry: ToolRegistry,
        runtime: Runtime,
        *,
        breakers: BreakerBoard | None = None,
        cache: ResultCache | None = None,
        intent_sink: IntentSink | None = None,
    ) -> None:
        self.registry = registry
        self.runtime = runtime
        self.breakers = breakers
        self.cache = cache
        self.intent_sink = intent_sink

    def retry_spec(self, step: ExecutionStep, spec: ToolSpec) -> RetrySpec:
        """The step's retry spec, else the tool's; ``on_failure=retry`` means >= 3 attempts."""
        retry = step.retry or spec.retry
        if step.on_failure == FailurePolicy.RETRY and retry.max_attempts < MIN_RETRY_ATTEMPTS:
            retry = retry.model_copy(update={"max_attempts": MIN_RETRY_ATTEMPTS})
        return retry

    def timeout_for(self, step: ExecutionStep, spec: ToolSpec) -> float:
        """Step timeout, else the tool's, else `settings.step_timeout_s`."""
        return step.timeout_s or spec.timeout_s or self.runtime.settings.step_timeout_s

    async def execute(
        self,
        step: ExecutionStep,
        arguments: dict[str, Any],
        *,
        user: str | None = None,
        thread_id: str | None = None,
        plan_id: str | None = None,
        attempt_hook: AttemptHook | None = None,
        held_audit: list[dict[str, Any]] | None = None,
    ) -> StepResult:
        """Run `step` with resolved `arguments`; failures come back as a failed `StepResult`.

        `held_audit`: the audit row of a call that succeeded is added to it (`audit_params`)
        instead of being written, for the caller to write with the step's journal entry."""
        started_at = self.runtime.clock.now()
        t0 = time.perf_counter()

        def finish(
            status: StepStatus,
            *,
            output: Any = None,
            display: str | None = None,
            error: ErrorInfo | None = None,
            attempts: int = 0,
            cached: bool = False,
        ) -> StepResult:
            return StepResult(
                step_id=step.id,
                tool=step.tool,
                status=status,
                output=output,
                display=display,
                error=error,
                attempts=attempts,
                cached=cached,
                started_at=started_at,
                finished_at=self.runtime.clock.now(),
                duration_ms=(time.perf_counter() - t0) * 1000,
            )

        spec = self.registry.get(step.tool)
        if spec is None:
            close = similar_names(step.tool, self.registry.names())
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            error = ErrorInfo(
                code=ErrorCode.UNKNOWN_TOOL,
                message=f"Unknown tool {step.tool!r}.{hint}",
                step_id=step.id,
                recoverable=True,
                details={"tool": step.tool, "suggestions": close},
            )
            return finish(StepStatus.FAILED, error=error)
        try:
            values = spec.validate_arguments(arguments)  # once: every attempt reuses them
        except InvalidArgumentsError as exc:
            return finish(StepStatus.FAILED, error=exc.to_info(step.id))

        key = cache_key(spec.name, arguments, user=user) if self._cacheable(spec) else None
        if key is not None and self.cache is not None:
            hit = self.cache.get(key)
            if isinstance(hit, _Cached):
                return finish(
                    StepStatus.SUCCEEDED, output=hit.output, display=hit.display, cached=True
                )

        retry = self.retry_spec(step, spec)
        timeout = self.timeout_for(step, spec)
        last: AgentSystemError | None = None
        calls = 0
        for attempt in range(1, retry.max_attempts + 1):
            if attempt > 1:
                await self.runtime.clock.sleep(retry.delay(attempt - 1))
            breaker = self.breakers.get(spec.name) if self.breakers is not None else None
            if breaker is not None:
                try:
                    breaker.before_call(spec.title)
                except AgentSystemError as exc:
                    last = last or exc  # after a real failure, report that failure
                    break
            calls = attempt
            if attempt_hook is not None:
                attempt_hook(attempt)
            ctx = ToolContext(
                runtime=self.runtime,
                user=user,
                thread_id=thread_id,
                step_id=step.id,
                plan_id=plan_id,
            )
            try:
                with locale_scope(self.runtime.settings):
                    raw = await self._call(spec, values, ctx, timeout)
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():  # we are being cancelled: stop
                    if breaker is not None:
                        breaker.release()
                    await self._audit(spec, arguments, ctx, "cancelled", "the step was cancelled")
                    raise
                # The tool raised CancelledError on its own (e.g. an inner task it awaited was
                # cancelled): a failure of that tool, not a cancellation of the plan.
                last = ToolExecutionError(f"Tool {spec.name!r} was cancelled while running.")
                if breaker is not None:
                    breaker.record_failure()
                await self._audit(spec, arguments, ctx, "failed", last.message)
                continue
            except AgentSystemError as exc:
                last = exc
                # Bad arguments, or a tool saying what it needs to hear ("which one?", "I couldn't
                # find 'tent' on your list"): the tool works, so no retry and no breaker count.
                said_no = (
                    isinstance(exc, InvalidArgumentsError) or exc.code == ErrorCode.NEEDS_INPUT
                )
                if breaker is not None and not said_no:
                    breaker.record_failure()
                elif breaker is not None:
                    breaker.release()
                await self._audit(spec, arguments, ctx, "failed", exc.message)
                if said_no or not exc.recoverable:
                    break
                continue
            if breaker is not None:
                breaker.record_success()
            await self._audit(spec, arguments, ctx, "succeeded", None, held_audit)
            output, display, intents = normalise_output(raw)
            if key is not None and self.cache is not None and spec.cache_ttl_s:
                self.cache.put(key, _Cached(output, display), spec.cache_ttl_s)
            await self._deliver([*intents, *ctx.intents], ctx)
            return finish(StepStatus.SUCCEEDED, output=output, display=display, attempts=calls)
        assert last is not None
        return finish(StepStatus.FAILED, error=last.to_info(step.id), attempts=calls)

    @staticmethod
    def _cacheable(spec: ToolSpec) -> bool:
        return spec.idempotent and bool(spec.cache_ttl_s)

    async def _call(
        self, spec: ToolSpec, values: dict[str, Any], ctx: ToolContext, timeout_s: float
    ) -> Any:
        """One call under a timeout; every exception a tool raises becomes an AgentSystemError."""
        try:
            async with asyncio.timeout(timeout_s) as scope:
                return await spec.acall(values, ctx)
        except AgentSystemError:
            raise
        except TimeoutError as exc:
            if scope.expired():
                raise ToolTimeoutError(spec.name, timeout_s) from None
            raise _unexpected(spec, exc) from exc
        except Exception as exc:
            if is_storage_failure(exc):  # disk full, locked, read-only: say so, do not retry
                error = storage_error(self.runtime.db.path, exc)
                raise ToolExecutionError(
                    f"I couldn't save that. {error.message}",
                    recoverable=False,
                    details={"tool": spec.name, "exception": type(exc).__name__},
                ) from exc
            raise _unexpected(spec, exc) from exc

    async def _audit(
        self,
        spec: ToolSpec,
        arguments: dict[str, Any],
        ctx: ToolContext,
        outcome: str,
        detail: str | None,
        held: list[dict[str, Any]] | None = None,
    ) -> None:
        if spec.side_effects == SideEffect.NONE:
            return
        try:
            entry = AuditEntry(
                tool=spec.name,
                arguments=arguments,
                outcome=outcome,
                thread_id=ctx.thread_id,
                user_id=ctx.user,
                plan_id=ctx.plan_id,
                step_id=ctx.step_id,
                detail=detail,
            )
            if held is not None:
                held.append(audit_params(entry))
                return
            await write_audit(self.runtime, entry)
        except Exception:
            log.exception("Could not write the audit row for tool %r", spec.name)

    async def _deliver(self, intents: list[Intent], ctx: ToolContext) -> None:
        if self.intent_sink is None:
            return
        for intent in intents:
            try:
                await self.intent_sink(intent, ctx)
            except Exception:
                log.exception(
                    "Intent %r of step %r could not be delivered", intent.kind, ctx.step_id
                )


def _unexpected(spec: ToolSpec, exc: BaseException) -> ToolExecutionError:
    text = str(exc) or "(no message)"
    return ToolExecutionError(
        f"Tool {spec.name!r} raised {type(exc).__name__}: {text}",
        details={"tool": spec.name, "exception": type(exc).__name__},
    )
