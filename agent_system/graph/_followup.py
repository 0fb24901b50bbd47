"""A routed request's calls: follow-ups resolved against the thread's frame, else the role's choice.

Shared by the graph's fast-reply node and `AgentSystem.aplan`, so what a plan shows is what a run
does. The frame is `Turn.calls` in the thread's history (see `agent_system.understanding._frame`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system.errors import InvalidArgumentsError
from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus
from agent_system.registry.spec import SideEffect
from agent_system.roles import (
    Clarification,
    Role,
    RoleCall,
    RolePlan,
    calls_of,
    declaration,
    role_slots,
)
from agent_system.understanding._dismiss import DROPPED, asked
from agent_system.understanding._frame import is_question, resolve_follow_up
from agent_system.understanding._opener import without_opener
from agent_system.understanding.locale import home_location

if TYPE_CHECKING:
    from agent_system.registry._registry import ToolRegistry
    from agent_system.routing.models import RouteDecision, Turn
    from agent_system.runtime import Runtime

__all__ = ["role_calls", "role_plan", "turn_calls"]

_ASK_FIRST = (
    "Should I change anything? Say what to do, for example 'add it on Friday too'; "
    "a question on its own changes nothing."
)


async def role_calls(
    role: Role,
    text: str,
    decision: RouteDecision,
    runtime: Runtime,
    history: list[Turn],
    registry: ToolRegistry,
    user: str | None = None,
) -> list[RoleCall] | RolePlan | Clarification:
    """The calls `role` makes for `text`; a follow-up question never changes data, and a
    dropped question ("never mind", the router's ``dismissed`` slot) nothing at all.

    Roles that need the user's home (`RoleDeclaration.needs_home`: weather, a home command at
    sunset) get it in the ``home`` slot, empty when none is known.
    """
    if decision.slots.get("dismissed"):  # "never mind" after "Which city?": nothing changes
        return Clarification(DROPPED)
    if decision.slots.get("asked_again") and history and asked(history[-1]):
        return Clarification(history[-1].reply)  # "cancel" after "Which timer should I cancel?"
    follow_up = bool(decision.slots.get("follow_up"))
    slots = {**role_slots(role, text), **decision.slots}
    wants = declaration(role).needs_home
    if wants is True or (not isinstance(wants, bool) and wants.search(text)):
        slots["home"] = await home_location(runtime.settings, runtime.store, user)
    if follow_up:
        resolved = resolve_follow_up(text, history, runtime.clock.now())
        if resolved is not None and resolved.refusal:
            return Clarification(resolved.refusal)  # "turn it up" after the coffee machine
        if resolved is not None and all(
            _takes(c.tool, c.arguments, registry) for c in resolved.calls
        ):
            calls = [RoleCall(c.tool, dict(c.arguments)) for c in resolved.calls]
            if resolved.question and any(_changes_data(c.tool, registry) for c in calls):
                return Clarification(_ASK_FIRST)
            return calls
    choice = role.interpret(without_opener(text), slots, runtime, history)
    if isinstance(choice, Clarification):
        return choice
    changes = any(_changes_data(c.tool, registry) for c in calls_of(choice))
    if follow_up and is_question(text) and changes:
        return Clarification(_ASK_FIRST)
    return choice if isinstance(choice, RolePlan) else [choice]


def _takes(tool: str, arguments: dict[str, Any], registry: ToolRegistry) -> bool:
    """Whether `tool` accepts `arguments`: a follow-up the frame built wrong is left to the role
    rather than run into an "invalid arguments" error."""
    spec = registry.get(tool)
    if spec is None:
        return False
    try:
        spec.validate_arguments(dict(arguments))
    except InvalidArgumentsError:
        return False
    return True


def _changes_data(tool: str, registry: ToolRegistry) -> bool:
    spec = registry.get(tool)
    return spec is not None and spec.side_effects != SideEffect.NONE


def role_plan(
    request: str, role: str, calls: list[RoleCall] | RolePlan, registry: ToolRegistry
) -> ExecutionPlan:
    """A plan of `calls` in order, each step after the one before; a `RolePlan`'s calls are
    independent steps that run in parallel ("the fan and the lamp")."""
    parallel = isinstance(calls, RolePlan)
    steps: list[ExecutionStep] = []
    for number, call in enumerate(calls_of(calls) if isinstance(calls, RolePlan) else calls, 1):
        spec = registry.get(call.tool)
        steps.append(
            ExecutionStep(
                id=f"s{number}",
                number=number,
                tool=call.tool,
                arguments=call.arguments,
                depends_on=[steps[-1].id] if steps and not parallel else [],
                requires_approval=bool(spec and spec.needs_approval(call.arguments)),
                description=request,
            )
        )
    return ExecutionPlan(
        request=request,
        reasoning=f"fast reply by the {role} role",
        steps=steps,
        planner=f"role:{role}",
    )


def turn_calls(plan: ExecutionPlan | None, results: dict[str, StepResult]) -> list[dict[str, Any]]:
    """The calls of `plan` that succeeded, for the thread's frame."""
    if plan is None:
        return []
    calls: list[dict[str, Any]] = []
    for step in plan.steps:
        result = results.get(step.id)
        if result is None or result.status != StepStatus.SUCCEEDED:
            continue
        output = result.output
        if isinstance(output, list) and len(output) == 1:
            output = output[0]  # a read that found one thing ("when is the wedding"): that one
        ref = output.get("id") if isinstance(output, dict) else None
        calls.append(
            {
                "tool": step.tool,
                "arguments": step.arguments,
                "ref": str(ref) if ref is not None else None,
            }
        )
    return calls
