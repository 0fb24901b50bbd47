"""Check a plan before it runs, reporting every problem at once.

`check_plan` returns a list of `ErrorInfo` (empty when the plan is sound); `validate_plan` raises
`PlanValidationError` with all of them, or returns a copy of the plan with step numbers assigned
in a stable topological order.

Arguments are checked against each tool's schema with references treated as "present but
unknown": a field holding a ``$ref`` or ``$template`` is never reported missing, and its type is
checked by the executor once the reference is resolved.
"""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import ValidationError

from agent_system.errors import ErrorCode, ErrorInfo, PlanValidationError
from agent_system.planning._conditions import condition_problems, condition_refs
from agent_system.planning._refs import (
    ReferenceResolutionError,
    find_refs,
    ref_paths,
    template_problems,
)
from agent_system.planning.models import MAX_STEPS, ExecutionPlan, ExecutionStep, Ref
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec

__all__ = [
    "StepChecker",
    "ancestors",
    "check_plan",
    "find_cycles",
    "similar_names",
    "step_dependencies",
    "topological_order",
    "validate_plan",
]

Loc = tuple[str | int, ...]


def similar_names(name: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """Up to `n` candidates close to `name` (difflib), best first."""
    names = list(candidates)
    close = difflib.get_close_matches(name, names, n=n, cutoff=0.6)
    if not close and "." in name:  # 'weather.now' -> tools of the same action or domain
        domain, _, action = name.partition(".")
        close = [c for c in names if c.startswith(domain + ".") or c.endswith("." + action)][:n]
    return close


def step_dependencies(step: ExecutionStep) -> list[str]:
    """Ids the step waits for: `depends_on` plus the steps its arguments and `when` read.

    Malformed references are ignored here; `check_plan` reports them.
    """
    deps = list(dict.fromkeys(step.depends_on))
    for ref in _safe_refs(step):
        if ref.step not in deps:
            deps.append(ref.step)
    return deps


def _safe_refs(step: ExecutionStep) -> list[Ref]:
    refs: list[Ref] = []
    try:
        refs.extend(find_refs(step.arguments))
    except ReferenceResolutionError:
        pass
    if step.when is not None:
        try:
            refs.extend(condition_refs(step.when))
        except ReferenceResolutionError:
            pass
    return refs


def ancestors(steps: Sequence[ExecutionStep]) -> dict[str, set[str]]:
    """For each step id, every step it reaches through `depends_on`, transitively."""
    edges = {s.id: [d for d in s.depends_on if d != s.id] for s in steps}
    result: dict[str, set[str]] = {}
    for start in edges:
        seen: set[str] = set()
        stack = list(edges[start])
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            stack.extend(edges.get(node, ()))
        seen.discard(start)
        result[start] = seen
    return result


def find_cycles(edges: dict[str, list[str]]) -> list[list[str]]:
    """One cycle (as a closed path ``[a, b, ..., a]``) per strongly connected component."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work: list[tuple[str, int]] = [(root, 0)]
        while work:  # iterative Tarjan: plans may hold up to MAX_STEPS steps
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            targets = [t for t in edges.get(node, ()) if t in edges]
            if child < len(targets):
                work.append((node, child + 1))
                target = targets[child]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return [_cycle_in(component, edges) for component in components]


def _cycle_in(component: list[str], edges: dict[str, list[str]]) -> list[str]:
    members = set(component)
    start = min(component, key=list(edges).index)
    path, seen, node = [start], {start}, start
    while True:
        node = next(t for t in edges[node] if t in members)
        if node in seen:
            return [*path[path.index(node) :], node]
        path.append(node)
        seen.add(node)


def topological_order(steps: Sequence[ExecutionStep]) -> list[ExecutionStep]:
    """Steps in dependency order; among ready steps, plan order wins (stable)."""
    position = {s.id: i for i, s in enumerate(steps)}
    deps = {s.id: {d for d in step_dependencies(s) if d in position and d != s.id} for s in steps}
    dependants: dict[str, list[str]] = {s.id: [] for s in steps}
    for sid, ds in deps.items():
        for d in ds:
            dependants[d].append(sid)
    waiting = {sid: len(ds) for sid, ds in deps.items()}
    ready = [position[sid] for sid, n in waiting.items() if n == 0]
    heapq.heapify(ready)
    order: list[ExecutionStep] = []
    while ready:
        step = steps[heapq.heappop(ready)]
        order.append(step)
        for child in dependants[step.id]:
            waiting[child] -= 1
            if waiting[child] == 0:
                heapq.heappush(ready, position[child])
    if len(order) != len(steps):
        raise PlanValidationError(
            [
                ErrorInfo(
                    code=ErrorCode.INVALID_PLAN, message="The steps' dependencies form a cycle."
                )
            ]
        )
    return order


def _problem(code: ErrorCode, message: str, step_id: str | None, **details: Any) -> ErrorInfo:
    return ErrorInfo(code=code, message=message, step_id=step_id, details=details)


def _argument_problems(spec: ToolSpec, arguments: dict[str, Any]) -> list[str]:
    """Schema problems of the literal arguments, ignoring positions filled by references."""
    try:
        holes = ref_paths(arguments)
    except ReferenceResolutionError as exc:
        return [exc.message]

    def hidden(loc: Sequence[str | int]) -> bool:
        return any(tuple(loc[: len(h)]) == h for h in holes)

    problems: list[str] = []
    if spec.args_model is not None:
        try:
            spec.args_model.model_validate(arguments)
        except ValidationError as exc:
            for err in exc.errors():
                if not hidden(err["loc"]):
                    where = ".".join(str(p) for p in err["loc"]) or "(arguments)"
                    problems.append(f"{where}: {err['msg']}")
        return problems
    from jsonschema import Draft202012Validator

    for err in sorted(
        Draft202012Validator(spec.parameters).iter_errors(arguments), key=lambda e: list(e.path)
    ):
        if not hidden(list(err.absolute_path)):
            where = ".".join(str(p) for p in err.absolute_path) or "(arguments)"
            problems.append(f"{where}: {err.message}")
    return problems


def _check_step(
    step: ExecutionStep,
    registry: ToolRegistry,
    ids: set[str],
    ancestry: set[str],
) -> list[ErrorInfo]:
    problems: list[ErrorInfo] = []
    sid = step.id
    spec = registry.get(step.tool)
    if spec is None:
        close = similar_names(step.tool, registry.names())
        hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        problems.append(
            _problem(
                ErrorCode.UNKNOWN_TOOL,
                f"Unknown tool {step.tool!r}.{hint} Use one of the registered tools.",
                sid,
                tool=step.tool,
                suggestions=close,
            )
        )
    else:
        for text in _argument_problems(spec, step.arguments):
            problems.append(
                _problem(
                    ErrorCode.INVALID_ARGUMENTS,
                    f"Invalid arguments for tool {step.tool!r}: {text}",
                    sid,
                    tool=step.tool,
                )
            )
    try:
        for text in template_problems(step.arguments):
            problems.append(_problem(ErrorCode.INVALID_ARGUMENTS, text.capitalize(), sid))
    except ReferenceResolutionError:
        pass  # reported by _argument_problems or the reference check below
    for dep in dict.fromkeys(step.depends_on):
        if dep == sid:
            problems.append(
                _problem(ErrorCode.INVALID_PLAN, f"Step {sid!r} depends on itself.", sid)
            )
        elif dep not in ids:
            close = similar_names(dep, ids)
            hint = f" Did you mean {close[0]!r}?" if close else ""
            problems.append(
                _problem(
                    ErrorCode.INVALID_PLAN,
                    f"Step {sid!r} depends on {dep!r}, which is not a step of this plan.{hint}",
                    sid,
                    missing=dep,
                )
            )
    problems.extend(_reference_problems(step, ids, ancestry))
    if step.when is not None:
        for text in condition_problems(step.when):
            problems.append(
                _problem(ErrorCode.CONDITION_ERROR, f"Condition of step {sid!r}: {text}", sid)
            )
    return problems


def _reference_problems(step: ExecutionStep, ids: set[str], ancestry: set[str]) -> list[ErrorInfo]:
    sid = step.id
    refs: list[tuple[str, Ref]] = []
    problems: list[ErrorInfo] = []
    try:
        refs.extend(("arguments", r) for r in find_refs(step.arguments))
    except ReferenceResolutionError as exc:
        problems.append(_problem(ErrorCode.INVALID_ARGUMENTS, exc.message, sid))
    if step.when is not None:
        try:
            refs.extend(("condition", r) for r in condition_refs(step.when))
        except ReferenceResolutionError as exc:
            problems.append(_problem(ErrorCode.CONDITION_ERROR, exc.message, sid))
    reported: set[str] = set()
    for where, ref in refs:
        if ref.step in reported:
            continue
        if ref.step == sid:
            message = f"The {where} of step {sid!r} refer to its own output."
        elif ref.step not in ids:
            message = (
                f"The {where} of step {sid!r} refer to {ref.step!r}, "
                "which is not a step of this plan."
            )
        elif ref.step not in ancestry:
            message = (
                f"The {where} of step {sid!r} read the output of {ref.step!r}, but {sid!r} does "
                f"not depend on it; add {ref.step!r} to its depends_on."
            )
        else:
            continue
        reported.add(ref.step)
        problems.append(
            _problem(ErrorCode.INVALID_PLAN, message, sid, ref_step=ref.step, path=ref.path)
        )
    return problems


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def check_plan(plan: ExecutionPlan, registry: ToolRegistry) -> list[ErrorInfo]:
    """Every problem of `plan` against `registry`; an empty list means it can run."""
    problems: list[ErrorInfo] = []
    steps = plan.steps
    if not steps:
        problems.append(_problem(ErrorCode.INVALID_PLAN, "The plan has no steps.", None))
    if len(steps) > MAX_STEPS:
        problems.append(
            _problem(
                ErrorCode.INVALID_PLAN,
                f"The plan has {len(steps)} steps; at most {MAX_STEPS} are allowed. "
                "Split the request.",
                None,
            )
        )
    seen: set[str] = set()
    for step in steps:
        if step.id in seen:
            problems.append(
                _problem(
                    ErrorCode.INVALID_PLAN,
                    f"Step id {step.id!r} is used more than once; give each step its own id.",
                    step.id,
                )
            )
        seen.add(step.id)
    ancestry = ancestors(steps)
    for step in steps:
        problems.extend(_check_step(step, registry, seen, ancestry.get(step.id, set())))
    edges: dict[str, list[str]] = {}
    for step in steps:
        edges.setdefault(step.id, []).extend(d for d in step.depends_on if d != step.id)
    for cycle in find_cycles(edges):
        problems.append(
            _problem(
                ErrorCode.INVALID_PLAN,
                f"Steps depend on each other in a cycle: {' -> '.join(cycle)}. "
                "Remove one of these depends_on entries.",
                cycle[0],
                cycle=cycle,
            )
        )
    if plan.deadline is not None:
        earliest = _aware(plan.created_at) + timedelta(seconds=plan.timeout_s)
        if _aware(plan.deadline) < earliest:
            problems.append(
                _problem(
                    ErrorCode.INVALID_PLAN,
                    f"The deadline {plan.deadline.isoformat()} is earlier than created_at + "
                    f"timeout_s ({earliest.isoformat()}); lower timeout_s or move the deadline.",
                    None,
                )
            )
    return problems


class StepChecker:
    """Checks the steps of a plan one at a time, as a streamed plan delivers them.

    A step may depend on (and reference) only steps checked before it, so a streamed plan can
    never form a cycle. `check` returns the step's problems (none: it can run), or, for a sound
    step, a copy marked `requires_approval` when its tool needs it and numbered in stream order,
    the same as `validate_plan` would.
    """

    def __init__(self, registry: ToolRegistry, known: Iterable[str] = ()) -> None:
        self.registry = registry
        self.ids: set[str] = set(known)
        self.ancestry: dict[str, set[str]] = {sid: set() for sid in self.ids}
        self.count = 0

    def check(self, step: ExecutionStep) -> tuple[ExecutionStep, list[ErrorInfo]]:
        """The step ready to run and no problems, or the step as given and its problems."""
        if step.id in self.ids:
            problem = _problem(
                ErrorCode.INVALID_PLAN,
                f"Step id {step.id!r} is used more than once; give each step its own id.",
                step.id,
            )
            return step, [problem]
        if self.count >= MAX_STEPS:
            message = f"The plan has more than {MAX_STEPS} steps. Split the request."
            return step, [_problem(ErrorCode.INVALID_PLAN, message, step.id)]
        ancestry: set[str] = set()
        for dep in dict.fromkeys(step.depends_on):
            if dep in self.ancestry:
                ancestry |= {dep, *self.ancestry[dep]}
        problems = _check_step(step, self.registry, self.ids, ancestry)
        self.ids.add(step.id)  # known even when invalid: dependants are held, not misreported
        self.ancestry[step.id] = ancestry
        if problems:
            return step, problems
        self.count += 1
        spec = self.registry.get(step.tool)
        update: dict[str, Any] = {"number": self.count}
        if spec is not None and spec.needs_approval(step.arguments):
            update["requires_approval"] = True
        return step.model_copy(update=update), []


def validate_plan(plan: ExecutionPlan, registry: ToolRegistry) -> ExecutionPlan:
    """A copy of a sound plan with step numbers 1..n assigned; `PlanValidationError` otherwise.

    Numbers are (re)assigned in a stable topological order when any step has number 0 or the
    numbers are not exactly 1..n; the list order of the steps is kept. A step whose tool
    requires approval is marked so, whatever the planner wrote: every path to execution
    (fast reply, plan, replan) goes through here, so none can skip the approval.
    """
    problems = check_plan(plan, registry)
    if problems:
        raise PlanValidationError(problems)
    # New step objects (their numbers and approval flags change below); a deep copy of every
    # argument value would cost more than the rest of a fast reply's validation.
    copy = plan.model_copy(update={"steps": [s.model_copy() for s in plan.steps]})
    for step in copy.steps:
        spec = registry.get(step.tool)
        if spec is not None and spec.needs_approval(step.arguments):
            step.requires_approval = True
    numbers = sorted(s.number for s in copy.steps)
    if numbers != list(range(1, len(copy.steps) + 1)):
        for number, step in enumerate(topological_order(copy.steps), start=1):
            step.number = number
    return copy
