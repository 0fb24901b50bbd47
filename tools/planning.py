"""Planning as tools: `planning.create_execution_plan` and `planning.replan`.

They expose the system's own planner and replanner, which the engine installs on the runtime as
typed dependencies (`agent_system.deps`)::

    runtime.provide(deps.PLANNER, planner)        # a `Planner`
    runtime.provide(deps.REPLANNER, replanner)    # a `Replanner`
    runtime.provide(deps.REGISTRY, registry)      # the `ToolRegistry` plans may use

Both return the typed plan as JSON (``plan.model_dump(mode="json", by_alias=True)``), so references
keep their ``$ref`` form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, TypeVar

from pydantic import Field, ValidationError

from agent_system import deps
from agent_system.errors import AgentSystemError, ErrorCode, ErrorInfo, ToolExecutionError
from agent_system.planning.models import ExecutionPlan, ReplanRequest, StepResult, StepStatus
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.runtime import Dependency

if TYPE_CHECKING:
    from agent_system.planning import Planner, Replanner
    from agent_system.registry import ToolRegistry
    from agent_system.registry.spec import ToolSpec

__all__ = [
    "PLANNER_KEY",
    "REGISTRY_KEY",
    "REPLANNER_KEY",
    "create_execution_plan",
    "replan",
]

PLANNER_KEY = deps.PLANNER.name
REPLANNER_KEY = deps.REPLANNER.name
REGISTRY_KEY = deps.REGISTRY.name
_SELF = ("planning.create_execution_plan", "planning.replan")
T = TypeVar("T")


def _resource(ctx: ToolContext, dependency: Dependency[T], what: str) -> T:
    if not ctx.runtime.has(dependency):
        key = dependency.name
        raise ToolExecutionError(
            f"No {what} is installed on this runtime, so {key.split('.')[-1]} cannot run; the "
            f"engine must call runtime.provide({key!r}, ...) before plans use the planning tools.",
            recoverable=False,
        )
    return ctx.runtime.get(dependency)


def _tools_for(
    ctx: ToolContext, registry: ToolRegistry, text: str, must: set[str]
) -> list[ToolSpec]:
    """The registry's best tools for `text` (never the planning tools), plus the named ones."""
    k = ctx.runtime.settings.tools_per_plan
    chosen = [spec for spec, _ in registry.search(text, k + len(_SELF)) if spec.name not in _SELF]
    chosen = chosen[:k]
    if not chosen:
        chosen = [spec for spec in registry if spec.name not in _SELF][:k]
    names = {spec.name for spec in chosen}
    chosen += [spec for name in sorted(must - names) if (spec := registry.get(name)) is not None]
    return chosen


def _summary(plan: ExecutionPlan) -> str:
    if not plan.steps:
        return "The plan has no steps" + (
            f"; not covered: {', '.join(plan.unsupported)}." if plan.unsupported else "."
        )
    steps = "; ".join(f"{s.id}: {s.tool}" for s in plan.steps)
    return f"Plan v{plan.version} with {len(plan.steps)} step(s): {steps}."


def _failed(action: str, exc: Exception) -> ToolExecutionError:
    message = exc.message if isinstance(exc, AgentSystemError) else f"{type(exc).__name__}: {exc}"
    return ToolExecutionError(f"The {action} failed: {message}", details={"cause": repr(exc)})


@tool(tags=("plan", "decompose", "steps"))
async def create_execution_plan(
    ctx: ToolContext,
    request: Annotated[str, Field(min_length=1, max_length=20_000)],
) -> ToolOutput:
    """Break a request into an execution plan of tool steps, without running it.

    Args:
        request: What the user wants done, in their words, e.g. "check the weather in Paris
            and set a timer for 10 minutes".
    """
    planner: Planner = _resource(ctx, deps.PLANNER, "planner")
    registry: ToolRegistry = _resource(ctx, deps.REGISTRY, "tool registry")
    tools = _tools_for(ctx, registry, request, set())
    try:
        plan = await planner.plan(request, tools)
    except Exception as exc:
        raise _failed(f"planner {getattr(planner, 'name', '?')!r}", exc) from exc
    return ToolOutput(data=plan.model_dump(mode="json", by_alias=True), display=_summary(plan))


@tool(tags=("plan", "replan", "recover"))
async def replan(
    ctx: ToolContext,
    plan: dict[str, Any],
    failed_step: Annotated[str, Field(min_length=1)],
    reason: Annotated[str, Field(min_length=1, max_length=4_000)],
) -> ToolOutput:
    """Revise a plan after one of its steps failed; finished steps are kept.

    Args:
        plan: The plan as returned by planning.create_execution_plan.
        failed_step: The id of the step that failed.
        reason: Why it failed, e.g. the error message.
    """
    try:
        current = ExecutionPlan.model_validate(plan)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(plan)'}: {e['msg']}" for e in exc.errors()
        )
        raise ToolExecutionError(
            f"The plan to revise is not a valid execution plan: {problems}",
            code=ErrorCode.INVALID_ARGUMENTS,
        ) from None
    try:
        step = current.step(failed_step)
    except KeyError:
        known = ", ".join(s.id for s in current.steps) or "(none)"
        raise ToolExecutionError(
            f"The plan has no step {failed_step!r}; its steps are: {known}.",
            code=ErrorCode.INVALID_ARGUMENTS,
        ) from None
    replanner: Replanner = _resource(ctx, deps.REPLANNER, "replanner")
    registry: ToolRegistry = _resource(ctx, deps.REGISTRY, "tool registry")
    failure = StepResult(
        step_id=step.id,
        tool=step.tool,
        status=StepStatus.FAILED,
        error=ErrorInfo(code=ErrorCode.TOOL_ERROR, message=reason, step_id=step.id),
        plan_version=current.version,
    )
    completed = {
        s.id: StepResult(step_id=s.id, tool=s.tool, status=s.status, plan_version=current.version)
        for s in current.steps
        if s.status == StepStatus.SUCCEEDED
    }
    request = ReplanRequest(plan=current, completed=completed, failed=[failure], reason=reason)
    tools = _tools_for(ctx, registry, current.request or reason, {s.tool for s in current.steps})
    try:
        revised = await replanner.replan(request, tools)
    except Exception as exc:
        raise _failed(f"replanner {getattr(replanner, 'name', '?')!r}", exc) from exc
    if revised is None:
        raise ToolExecutionError(
            f"The replanner found no way around the failure of step {failed_step!r} ({reason}).",
            recoverable=False,
        )
    return ToolOutput(
        data=revised.model_dump(mode="json", by_alias=True), display=_summary(revised)
    )
