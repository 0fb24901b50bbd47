"""The graph's nodes, as methods of `Engine` (which holds the router, roles, planners, tools).

route ─► fast_reply ─┐
   └──► select_tools ─► plan ─► approve ─► execute ─► synthesize
                                   ▲          │
                                   └─ replan ◄┘
"""

from __future__ import annotations

import logging
import time
import uuid
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, cast

from langchain_core.runnables import RunnableConfig
from langgraph.config import get_stream_writer
from langgraph.graph import END
from langgraph.types import Command, interrupt

from agent_system import events as ev
from agent_system.errors import (
    AgentSystemError,
    BudgetExceededError,
    ErrorCode,
    ErrorInfo,
    LLMError,
    PlanValidationError,
    Severity,
)
from agent_system.graph.compensate import compensate
from agent_system.graph.followup import role_calls, role_plan, turn_calls
from agent_system.graph.journal import StepJournal
from agent_system.graph.state import HISTORY_LIMIT, AgentState
from agent_system.graph.synthesize import can_template, extractive_reply, template_reply
from agent_system.llm.chat import RunScope, current_scope, run_scope
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    PlanResult,
    PlanStatus,
    ReplanRequest,
    RunStatus,
    StepResult,
    StepStatus,
    run_status,
)
from agent_system.planning.validation import validate_plan
from agent_system.roles import SPEAKER_AREA, Clarification, Role
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn

if TYPE_CHECKING:
    from agent_system.execution import StepExecutor
    from agent_system.planning.base import Planner, Replanner
    from agent_system.registry.registry import ToolRegistry
    from agent_system.routing.models import Router
    from agent_system.runtime import Runtime

__all__ = ["Engine"]

log = logging.getLogger(__name__)


def _thread_id(config: RunnableConfig) -> str | None:
    value = config.get("configurable", {}).get("thread_id")
    return str(value) if value is not None else None


def _emit(event: Any) -> None:
    get_stream_writer()(event)


@dataclass
class Engine:
    """Everything the nodes need. One per `AgentSystem`."""

    runtime: Runtime
    registry: ToolRegistry
    router: Router
    roles: dict[str, Role]
    planner: Planner
    fallback_planner: Planner
    replanner: Replanner
    fallback_replanner: Replanner
    executor: StepExecutor
    synthesizer: Any = None
    """async (request, plan, plan_result, on_delta) -> str; None offline. `plan_result`
    carries the run's status, computed once by `run_status`."""

    # --- route ---------------------------------------------------------------------------
    async def route(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        history = [Turn(**t) for t in state.get("history", [])]
        decision = await self.router.route(RouteRequest(text=state["request"], history=history))
        _emit(ev.RouteDecided(decision=decision, thread_id=_thread_id(config)))
        update: dict[str, Any] = {"route": decision.model_dump(mode="json")}
        if state.get("owner") is None:
            update["owner"] = state.get("user")
        if decision.target == RouteTarget.FAST_REPLY and decision.role in self.roles:
            return Command(goto="fast_reply", update=update)
        return Command(goto="select_tools", update=update)

    # --- fast reply ----------------------------------------------------------------------
    async def fast_reply(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        decision = RouteDecision.model_validate(state["route"])
        role = self.roles[str(decision.role)]
        history = [Turn(**t) for t in state.get("history", [])]
        if state.get("area"):
            SPEAKER_AREA.set(state.get("area"))
        choice = await role_calls(
            role,
            state["request"],
            decision,
            self.runtime,
            history,
            self.registry,
            state.get("user"),
        )
        if isinstance(choice, Clarification):
            if state.get("preview"):  # the plan is a question back: nothing would run
                question = ExecutionPlan(
                    request=state["request"],
                    reasoning=f"the {role.name} role asks a question back",
                    unsupported=[choice.question],
                    planner=f"role:{role.name}",
                    timeout_s=self.runtime.settings.plan_timeout_s,
                )
                return Command(goto=END, update={"plan": _dump(question)})
            return Command(
                goto="synthesize", update={"reply": choice.question, "status": "success"}
            )
        plan = role_plan(state["request"], role.name, choice, self.registry)
        plan = plan.model_copy(
            update={
                "timeout_s": self.runtime.settings.plan_timeout_s,
                # The same id when this node runs again after a crash, so the step journal
                # (keyed by plan id) finds the step it had finished.
                "id": uuid.uuid5(
                    uuid.NAMESPACE_URL, f"{_thread_id(config)}/{state.get('started_at')}"
                ),
            }
        )
        command = await self._accept_plan(plan, config, preview=bool(state.get("preview")))
        if command.goto != "execute":
            return command
        # Nothing to approve: run the one step and answer here, saving two graph hops (and
        # their checkpoints) on the path most requests take.
        update: dict[str, Any] = dict(command.update or {})
        update.update(await self._run_steps(cast(AgentState, {**state, **update}), config))
        update.update(await self._finish(cast(AgentState, {**state, **update}), config))
        return Command(goto=END, update=update)

    # --- select tools and plan -----------------------------------------------------------
    async def select_tools(self, state: AgentState) -> dict[str, Any]:
        """The registry's best tools for the request, plus the tools of roles the router saw.

        A small registry is handed over whole; a large one costs the planner no more tokens.
        """
        k = self.runtime.settings.tools_per_plan
        if len(self.registry) <= k:
            return {"selected_tools": self.registry.names()}
        names = [spec.name for spec, _ in self.registry.search(state["request"], k)]
        scores = (state.get("route") or {}).get("scores", {})
        for role, score in sorted(scores.items(), key=lambda kv: -kv[1]):
            if score < 0.15 or role not in self.roles:
                continue
            for spec in self.registry:
                if spec.domain == role and spec.name not in names:
                    names.append(spec.name)
        return {"selected_tools": names[: 2 * k]}

    async def plan(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        tools = [s for name in state.get("selected_tools", []) if (s := self.registry.get(name))]
        history = [Turn(**t) for t in state.get("history", [])]
        errors: list[dict[str, Any]] = []
        if state.get("area"):
            SPEAKER_AREA.set(state.get("area"))
        try:
            plan = await self.planner.plan(state["request"], tools, history)
        except (LLMError, BudgetExceededError) as exc:
            log.warning("LLM planner failed (%s); using the embedded planner", exc.message)
            errors.append(_degraded(exc))
            plan = await self.fallback_planner.plan(state["request"], tools, history)
        return await self._accept_plan(plan, config, errors, preview=bool(state.get("preview")))

    async def _accept_plan(
        self,
        plan: ExecutionPlan,
        config: RunnableConfig,
        errors: list[dict[str, Any]] | None = None,
        *,
        preview: bool = False,
    ) -> Command[str]:
        """Validate the plan and send it on: to approval or execution, or, when `preview`
        (`AgentSystem.aplan`), to the end with nothing run (an invalid plan then raises)."""
        errors = list(errors or [])
        stop = "synthesize"
        if plan.steps:
            try:
                plan = validate_plan(plan, self.registry)
            except PlanValidationError as exc:
                if preview:
                    raise
                errors.extend(p.model_dump(mode="json") for p in exc.problems)
            else:
                stop = "approve" if any(s.requires_approval for s in plan.steps) else "execute"
        _emit(ev.PlanCreated(plan=plan, thread_id=_thread_id(config)))
        return Command(
            goto=END if preview else stop, update={"plan": _dump(plan), "errors": errors}
        )

    # --- approve -------------------------------------------------------------------------
    async def approve(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        plan = ExecutionPlan.model_validate(state["plan"])
        results = dict(state.get("results", {}))
        pending = [s for s in plan.steps if s.requires_approval and s.id not in results]
        if not pending:
            return Command(goto="execute")
        request = [
            {
                "step_id": s.id,
                "tool": s.tool,
                "arguments": s.arguments,
                "description": s.description or s.tool,
            }
            for s in pending
        ]
        # The API announces the pause (ApprovalRequired) once the run stops here; emitting it from
        # this node would repeat it on resume, when the node runs again.
        answer = interrupt({"type": "approval", "steps": request})
        approved = _approved_ids(answer, [s.id for s in pending])
        for step in pending:
            if step.id in approved:
                continue
            skipped = StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.SKIPPED,
                error=ErrorInfo(
                    code=ErrorCode.APPROVAL_REJECTED,
                    message=f"You did not approve {step.description or step.tool!r}.",
                    step_id=step.id,
                ),
            )
            results[step.id] = skipped.model_dump(mode="json")
            # Past the interrupt, so once per answer: a client sees each declined step skipped.
            _emit(ev.StepSkipped(result=skipped, thread_id=_thread_id(config)))
        return Command(goto="execute", update={"results": results})

    # --- execute -------------------------------------------------------------------------
    async def execute(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        update = await self._run_steps(state, config)
        if update["needs_replan"] and state.get("replans", 0) < self.runtime.settings.max_replans:
            return Command(goto="replan", update=update)
        return Command(goto="synthesize", update=update)

    async def _run_steps(self, state: AgentState, config: RunnableConfig) -> dict[str, Any]:
        """Run the plan in `state` with the DAG scheduler: the `results` and `needs_replan`."""
        from agent_system.execution import run_plan

        plan = ExecutionPlan.model_validate(state["plan"])
        thread_id = _thread_id(config)
        previous = dict(state.get("results", {}))
        plan, blocked = _without_rejected(plan, previous)
        previous.update(blocked)
        ids = {s.id for s in plan.steps}
        completed = {k: StepResult.model_validate(v) for k, v in previous.items() if k in ids}
        completed.update(await StepJournal(self.runtime.store).finished(thread_id, plan))
        writer = get_stream_writer()

        scope = current_scope()

        async def run_step(step: ExecutionStep, arguments: dict[str, Any]) -> StepResult:
            if scope is not None and scope.budget is not None:
                try:
                    scope.budget.reserve_tool()
                except BudgetExceededError as exc:
                    return StepResult(
                        step_id=step.id,
                        tool=step.tool,
                        status=StepStatus.FAILED,
                        error=exc.to_info(step.id).model_copy(update={"severity": Severity.ERROR}),
                    )
            step_scope = RunScope(scope.usage.child(), scope.budget) if scope is not None else None
            with run_scope(step_scope) if step_scope is not None else nullcontext():
                result = await self.executor.execute(
                    step,
                    arguments,
                    user=state.get("user"),
                    thread_id=thread_id,
                    plan_id=str(plan.id),
                )
            update: dict[str, Any] = {"plan_version": plan.version}
            if step_scope is not None:
                update["usage"] = step_scope.usage.usage
            result = result.model_copy(update=update)
            try:
                await StepJournal(self.runtime.store).record(thread_id, plan, result)
            except Exception:
                # The step ran (its effect happened): it stays succeeded, so no replan runs it
                # again. Only a resume after a crash could, since the journal lacks it.
                log.error(
                    "could not journal step %s of thread %s; a resume after a crash would "
                    "run it again",
                    step.id,
                    thread_id,
                    exc_info=True,
                )
            return result

        settings = self.runtime.settings
        elapsed = time.time() - state.get("started_at", time.time())
        # The plan's own timeout, `plan_timeout_s` (whoever planned it) and its absolute
        # `deadline`, whichever comes first.
        budget = min(plan.timeout_s, settings.plan_timeout_s) - elapsed
        if plan.deadline is not None:
            deadline = plan.deadline if plan.deadline.tzinfo else plan.deadline.replace(tzinfo=UTC)
            budget = min(budget, (deadline - datetime.now(UTC)).total_seconds())
        outcome = await run_plan(
            plan,
            run_step,
            completed=completed,
            max_concurrency=settings.max_concurrency,
            deadline_s=max(budget, 0.001),
            on_event=writer,
            thread_id=thread_id,
        )
        results = {k: v for k, v in previous.items() if k not in ids}
        results.update({k: r.model_dump(mode="json") for k, r in outcome.results.items()})
        return {
            "results": results,
            "needs_replan": list(outcome.needs_replan),
            "abandoned": outcome.halted or outcome.cancelled or outcome.deadline_hit,
        }

    # --- replan --------------------------------------------------------------------------
    async def replan(self, state: AgentState, config: RunnableConfig) -> Command[str]:
        plan = ExecutionPlan.model_validate(state["plan"])
        results = {k: StepResult.model_validate(v) for k, v in state.get("results", {}).items()}
        failed = [results[s] for s in state.get("needs_replan", []) if s in results]
        completed = {k: r for k, r in results.items() if r.status == StepStatus.SUCCEEDED}
        reason = "; ".join(r.error.message for r in failed if r.error) or "a step failed"
        request = ReplanRequest(
            plan=plan,
            completed=completed,
            failed=failed,
            reason=reason,
            attempt=state.get("replans", 0) + 1,
        )
        tools = [s for name in state.get("selected_tools", []) if (s := self.registry.get(name))]
        errors = list(state.get("errors", []))
        try:
            revised = await self.replanner.replan(request, tools)
        except (LLMError, BudgetExceededError) as exc:
            errors.append(_degraded(exc))
            revised = await self.fallback_replanner.replan(request, tools)
        update: dict[str, Any] = {"replans": state.get("replans", 0) + 1, "errors": errors}
        if revised is None or _repeats_failure(revised, plan, failed):
            update["abandoned"] = True
            errors.append(
                ErrorInfo(
                    code=ErrorCode.INVALID_PLAN,
                    message="Replanning stopped: the revision would repeat the failing step."
                    if revised is not None
                    else "Replanning found no way around the failure.",
                    severity=Severity.WARNING,
                ).model_dump(mode="json")
            )
            return Command(goto="synthesize", update=update)
        try:
            revised = validate_plan(revised, self.registry)
        except PlanValidationError as exc:
            errors.extend(p.model_dump(mode="json") for p in exc.problems)
            return Command(goto="synthesize", update=update)
        # Failed results leave the state so their steps (if kept) can run again.
        kept = {
            k: v.model_dump(mode="json")
            for k, v in results.items()
            if v.status == StepStatus.SUCCEEDED and any(s.id == k for s in revised.steps)
        }
        for step_id, result in results.items():
            if not any(s.id == step_id for s in revised.steps):
                kept[step_id] = result.model_dump(mode="json")
        _emit(ev.Replanned(plan=revised, reason=reason, thread_id=_thread_id(config)))
        update.update({"plan": revised.model_dump(mode="json", by_alias=True), "results": kept})
        needs_approval = any(s.requires_approval and s.id not in kept for s in revised.steps)
        return Command(goto="approve" if needs_approval else "execute", update=update)

    # --- synthesize ----------------------------------------------------------------------
    async def synthesize(self, state: AgentState, config: RunnableConfig) -> dict[str, Any]:
        return await self._finish(state, config)

    async def _finish(self, state: AgentState, config: RunnableConfig) -> dict[str, Any]:
        """Reply, result, status and the history turn, from the plan and results in `state`."""
        thread_id = _thread_id(config)
        errors = [ErrorInfo.model_validate(e) for e in state.get("errors", [])]
        plan = ExecutionPlan.model_validate(state["plan"]) if state.get("plan") else None
        results = {k: StepResult.model_validate(v) for k, v in state.get("results", {}).items()}
        reply = state.get("reply") or ""
        streamed = False
        plan_result: PlanResult | None = None
        status = run_status(plan, results, errors)
        if plan is not None:
            ordered = [results[s.id] for s in plan.steps if s.id in results]
            extra = [r for k, r in results.items() if all(s.id != k for s in plan.steps)]
            plan_result = PlanResult(
                plan_id=plan.id,
                plan_version=plan.version,
                status=status,
                steps=[*ordered, *extra],
                errors=errors,
                replans=state.get("replans", 0),
                duration_ms=(time.time() - state.get("started_at", time.time())) * 1000,
            )
            if not reply:
                reply, streamed = await self._reply(state["request"], plan, plan_result, thread_id)
            if state.get("abandoned"):
                undone = await compensate(
                    plan,
                    results,
                    registry=self.registry,
                    executor=self.executor,
                    user=state.get("user"),
                    thread_id=thread_id,
                    on_result=lambda r: _emit(
                        (ev.StepFinished if r.status == StepStatus.SUCCEEDED else ev.StepFailed)(
                            result=r, thread_id=thread_id
                        )
                    ),
                )
                plan_result.steps.extend(undone)
                if undone:
                    lines = [f"- {r.tool}: {_outcome(r)}" for r in undone]
                    note = "\n\nThe plan was abandoned; rolled back:\n" + "\n".join(lines)
                    reply += note
                    if streamed:  # the rest is out already: stream just the note
                        _emit(ev.ReplyDelta(text=note, thread_id=thread_id))
        elif errors:
            reply = reply or "; ".join(e.message for e in errors)
        if not reply:
            reply = "I'm not sure how to help with that."
        if not streamed:
            _emit(ev.ReplyDelta(text=reply, thread_id=thread_id))
        decision = state.get("route") or {}
        turn = Turn(
            text=state["request"],
            role=_turn_role(decision, plan),
            slots=decision.get("slots", {}),
            reply=reply[:2000],
            calls=turn_calls(plan, results),
        )
        history = [*state.get("history", []), turn.model_dump(mode="json")][-HISTORY_LIMIT:]
        if plan is not None and plan_result is not None:
            # The step journal is cleared by the API once this turn's last checkpoint is saved.
            plan = plan.model_copy(update={"status": _plan_status(status)})
        return {
            "reply": reply,
            "status": status.value,
            "history": history,
            "plan": plan.model_dump(mode="json", by_alias=True) if plan else None,
            "result": plan_result.model_dump(mode="json") if plan_result else None,
        }

    async def _reply(
        self, request: str, plan: ExecutionPlan, outcome: PlanResult, thread_id: str | None
    ) -> tuple[str, bool]:
        """The reply text, and whether it was already streamed as it was written."""
        results = {r.step_id: r for r in outcome.steps}
        errors = outcome.errors
        if can_template(plan, results) and not errors:
            return template_reply(plan, results), False
        invalid = [e for e in errors if e.severity != Severity.WARNING]
        if not results and invalid:  # nothing ran: the plan itself was the problem
            problems = "\n".join(f"- {e.message}" for e in invalid)
            return f"I could not make a valid plan for this request:\n{problems}", False
        if not results and errors:  # the LLM failed and the embedded fallback could not help
            problems = "\n".join(f"- {e.message}" for e in errors)
            unplanned = extractive_reply(plan, results) + "\n\n" if plan.unsupported else ""
            return f"{unplanned}The LLM could not plan it:\n{problems}", False
        if self.synthesizer is not None:
            writer = get_stream_writer()
            try:
                written: str = await self.synthesizer(
                    request,
                    plan,
                    outcome,
                    lambda delta: writer(ev.ReplyDelta(text=delta, thread_id=thread_id)),
                )
                return written, True
            except AgentSystemError as exc:
                log.warning("LLM synthesis failed (%s); using the extractive reply", exc)
        return extractive_reply(plan, results), False


def _dump(plan: ExecutionPlan) -> dict[str, Any]:
    return plan.model_dump(mode="json", by_alias=True)


def _without_rejected(
    plan: ExecutionPlan, results: dict[str, dict[str, Any]]
) -> tuple[ExecutionPlan, dict[str, dict[str, Any]]]:
    """Take steps the user rejected, and everything that needs them, out of the plan."""
    rejected = {
        k
        for k, v in results.items()
        if (v.get("error") or {}).get("code") == ErrorCode.APPROVAL_REJECTED
    }
    if not rejected:
        return plan, {}
    blocked: dict[str, dict[str, Any]] = {}
    removed = set(rejected)
    changed = True
    while changed:
        changed = False
        for step in plan.steps:
            if step.id in removed or not removed.intersection(step.depends_on):
                continue
            removed.add(step.id)
            changed = True
            blocked[step.id] = StepResult(
                step_id=step.id,
                tool=step.tool,
                status=StepStatus.SKIPPED,
                error=ErrorInfo(
                    code=ErrorCode.DEPENDENCY_FAILED,
                    message="Not run: it needs a step you did not approve.",
                    step_id=step.id,
                ),
            ).model_dump(mode="json")
    remaining = [s for s in plan.steps if s.id not in removed]
    return plan.model_copy(update={"steps": remaining}), blocked


def _outcome(result: StepResult) -> str:
    if result.status == StepStatus.SUCCEEDED:
        return result.display or "undone"
    return f"could not be undone ({result.error.message if result.error else 'failed'})"


def _degraded(exc: AgentSystemError) -> dict[str, Any]:
    """An LLM failure the run survived by falling back to the embedded engine.

    A spent budget stays an error (the run ends partial and says why); a transport or output
    failure of the LLM is a warning, since the embedded engine took over.
    """
    severity = Severity.ERROR if isinstance(exc, BudgetExceededError) else Severity.WARNING
    return exc.to_info().model_copy(update={"severity": severity}).model_dump(mode="json")


def _approved_ids(answer: Any, pending: list[str]) -> set[str]:
    """Accept True/False, "yes"/"no", {"approve": bool}, or {"approved": [ids]}."""
    if isinstance(answer, bool):
        return set(pending) if answer else set()
    if isinstance(answer, str):
        return set(pending) if answer.strip().lower() in ("y", "yes", "approve", "ok") else set()
    if isinstance(answer, dict):
        if "approved" in answer and isinstance(answer["approved"], list):
            return {str(s) for s in answer["approved"]} & set(pending)
        if "approve" in answer:
            return set(pending) if bool(answer["approve"]) else set()
    return set()


def _repeats_failure(revised: ExecutionPlan, plan: ExecutionPlan, failed: list[StepResult]) -> bool:
    """True when the revision would make a call that already failed, unchanged."""
    failed_calls = set()
    for result in failed:
        try:
            step = plan.step(result.step_id)
        except KeyError:
            continue
        failed_calls.add((step.tool, repr(sorted(step.arguments.items()))))
    return any((s.tool, repr(sorted(s.arguments.items()))) in failed_calls for s in revised.steps)


def _turn_role(decision: dict[str, Any], plan: ExecutionPlan | None) -> str | None:
    role = decision.get("role")
    if role:
        return str(role)
    if plan is not None and len({s.tool.split(".")[0] for s in plan.steps}) == 1 and plan.steps:
        return plan.steps[0].tool.split(".")[0]
    return None


def _plan_status(status: RunStatus) -> PlanStatus:
    return {
        RunStatus.SUCCESS: PlanStatus.SUCCEEDED,
        RunStatus.PARTIAL: PlanStatus.PARTIAL,
        RunStatus.FAILURE: PlanStatus.FAILED,
    }[status]
