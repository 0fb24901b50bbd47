"""The end of every turn: reply, status, result and the history turn (`synthesize` node)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import RunnableConfig

from agent_system import events as ev
from agent_system.errors import AgentSystemError, ErrorCode, Severity
from agent_system.graph._compensate import compensate
from agent_system.graph._followup import turn_calls
from agent_system.graph._state import HISTORY_LIMIT, AgentState
from agent_system.graph._synthesize import (
    CUT_NOTICE,
    can_template,
    extractive_reply,
    template_reply,
)
from agent_system.graph._view import StateView, emit, stream_writer, thread_id
from agent_system.planning.models import (
    ExecutionPlan,
    PlanResult,
    PlanStatus,
    RunStatus,
    StepResult,
    StepStatus,
    run_status,
)
from agent_system.roles import CANNOT_OFFLINE
from agent_system.routing.models import RouteDecision, Turn
from agent_system.understanding._history import NOTHING_BEFORE, follows_nothing

if TYPE_CHECKING:
    from agent_system.execution import StepExecutor
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role

__all__ = ["Finish", "Synthesize"]

log = logging.getLogger(__name__)

NOT_WORKED_OUT = "Sorry, I couldn't work out how to do that. Could you say it another way?"
"""The reply when nothing could run because the plan was not valid (the result's errors say why)."""
LLM_UNREACHED = (
    "I couldn't get through to the language model just now, so I can't do that yet; "
    "try again in a moment."
)
"""The reply when the LLM failed and nothing built in could serve the request: plain words for
whoever asked; the cause and its fix (a key, a server address) stay in the result's errors, the
log, and the CLI's note under the reply."""


@dataclass
class Finish:
    """Reply, result, status and the history turn, from the plan and results in a view."""

    registry: ToolRegistry
    executor: StepExecutor
    synthesizer: Any = None
    """async (request, plan, plan_result, on_delta) -> str; None offline."""
    roles: dict[str, Role] = field(default_factory=dict)
    """Roles that may answer a question no role placed from the user's own data (an optional
    async ``answer_unplaced(text, runtime, user)``: memory's facts)."""

    async def __call__(self, view: StateView, config: RunnableConfig) -> None:
        thread = thread_id(config)
        errors = view.errors
        plan = view.plan
        results = view.results
        reply = view.get("reply") or ""
        streamed = False
        plan_result: PlanResult | None = None
        status = run_status(plan, results, errors)
        if plan is not None:
            ordered = [results[s.id] for s in plan.steps if s.id in results]
            planned = {s.id for s in plan.steps}
            extra = [r for k, r in results.items() if k not in planned]
            plan_result = PlanResult(
                plan_id=plan.id,
                plan_version=plan.version,
                status=status,
                steps=[*ordered, *extra],
                errors=errors,
                replans=view.get("replans", 0),
                duration_ms=(time.time() - view.started_at) * 1000,
            )
            if not reply:
                reply, streamed = await self._reply(view.request, plan, plan_result, thread)
                if reply == CANNOT_OFFLINE:
                    reply = await self._unplaced(view.request, view.get("user")) or reply
                if reply == CANNOT_OFFLINE and follows_nothing(view.request, view.history):
                    reply = NOTHING_BEFORE  # "and in Boston?" as a thread's first words
            if view.get("abandoned"):
                undone = await compensate(
                    plan,
                    results,
                    registry=self.registry,
                    executor=self.executor,
                    user=view.get("user"),
                    thread_id=thread,
                    on_result=lambda r: emit(
                        (ev.StepFinished if r.status == StepStatus.SUCCEEDED else ev.StepFailed)(
                            result=r, thread_id=thread
                        )
                    ),
                )
                plan_result.steps.extend(undone)
                if undone:
                    lines = [f"- {r.tool}: {_outcome(r)}" for r in undone]
                    note = "\n\nThe plan was abandoned; rolled back:\n" + "\n".join(lines)
                    reply += note
                    if streamed:  # the rest is out already: stream just the note
                        emit(ev.ReplyDelta(text=note, thread_id=thread))
        elif errors:
            reply = reply or "; ".join(e.message for e in errors)
        if not reply:
            reply = "I'm not sure how to help with that."
        if not streamed:
            emit(ev.ReplyDelta(text=reply, thread_id=thread))
        decision = view.decision
        turn = Turn(
            text=view.request,
            role=_turn_role(decision, plan),
            slots=decision.slots if decision is not None else {},
            reply=reply[:2000],
            calls=turn_calls(plan, results),
        )
        history = [*view.state.get("history", []), turn.model_dump(mode="json")][-HISTORY_LIMIT:]
        if plan is not None and plan_result is not None:
            # The step journal is cleared by the API once this turn's last checkpoint is saved.
            view.set_plan(plan.model_copy(update={"status": _plan_status(status)}))
        view.set(
            reply=reply,
            status=status.value,
            history=history,
            result=plan_result.model_dump(mode="json") if plan_result else None,
        )
        if plan is None:
            view.set(plan=None)

    async def _unplaced(self, request: str, user: str | None) -> str | None:
        """A role's answer to a request nothing placed, from the user's own data; None if none."""
        for role in self.roles.values():
            answer = getattr(role, "answer_unplaced", None)
            if callable(answer) and (said := await answer(request, self.executor.runtime, user)):
                return str(said)
        return None

    async def _reply(
        self, request: str, plan: ExecutionPlan, outcome: PlanResult, thread: str | None
    ) -> tuple[str, bool]:
        """The reply text, and whether it was already streamed as it was written."""
        results = {r.step_id: r for r in outcome.steps}
        errors = outcome.errors
        if can_template(plan, results) and not errors:
            return template_reply(plan, results), False
        invalid = [e for e in errors if e.severity != Severity.WARNING]
        if not results and invalid:  # nothing ran: the plan itself was the problem
            # The user gets one plain sentence; the details stay in the result's errors and log.
            log.warning("no step ran: %s", "; ".join(e.message for e in invalid))
            return NOT_WORKED_OUT, False
        if not results and errors:  # the LLM failed and the embedded fallback could not help
            unplanned = extractive_reply(plan, results) + "\n\n" if plan.unsupported else ""
            if any(e.code == ErrorCode.LLM_ERROR for e in errors):
                # The operator's fix (a key, a server, a retry setting) is in the LLM error's
                # words: in the result's errors and the log, never in the reply to a user.
                return f"{unplanned}{LLM_UNREACHED}", False
            problems = "\n".join(f"- {e.message}" for e in errors)
            return f"{unplanned}It could not be done:\n{problems}", False
        if self.synthesizer is not None:
            writer = stream_writer()
            shown: list[str] = []

            def on_delta(delta: str) -> None:
                shown.append(delta)
                writer(ev.ReplyDelta(text=delta, thread_id=thread))

            try:
                written: str = await self.synthesizer(request, plan, outcome, on_delta)
                if written.strip():
                    return written, True
                log.warning("LLM synthesis wrote nothing; using the extractive reply")
            except AgentSystemError as exc:
                log.warning("LLM synthesis failed (%s); using the extractive reply", exc)
            if "".join(shown).strip():  # a cut answer is out already: say so before the rest
                writer(ev.ReplyDelta(text=CUT_NOTICE, thread_id=thread))
        return extractive_reply(plan, results), False


@dataclass
class Synthesize:
    """The `synthesize` node."""

    finish: Finish

    async def __call__(self, state: AgentState, config: RunnableConfig) -> dict[str, Any]:
        view = StateView(state)
        await self.finish(view, config)
        return view.update()


def _outcome(result: StepResult) -> str:
    if result.status == StepStatus.SUCCEEDED:
        return result.display or "undone"
    return f"could not be undone ({result.error.message if result.error else 'failed'})"


def _turn_role(decision: RouteDecision | None, plan: ExecutionPlan | None) -> str | None:
    if decision is not None and decision.role:
        return str(decision.role)
    if plan is not None and len({s.tool.split(".")[0] for s in plan.steps}) == 1 and plan.steps:
        return plan.steps[0].tool.split(".")[0]
    return None


def _plan_status(status: RunStatus) -> PlanStatus:
    return {
        RunStatus.SUCCESS: PlanStatus.SUCCEEDED,
        RunStatus.PARTIAL: PlanStatus.PARTIAL,
        RunStatus.FAILURE: PlanStatus.FAILED,
    }[status]
