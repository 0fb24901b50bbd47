"""The LLM planner, replanner and synthesizer.

`LLMPlanner` makes ONE structured-output call (`invoke_structured`, or `stream_structured` for a
plan whose steps start as they arrive) that returns a `PlanDraft` (`planning._draft`), then
turns it into an `ExecutionPlan`. The schema asked for is `planning._schema.plan_schema`: a
step is one selected tool's call with its own typed arguments beside its id, or the whole step
JSON-encoded (for a condition, a failure policy, a ``$template`` or a free-form tool). A draft
that does not parse, names a tool that was not offered, or references an unknown step is sent
back to the model once with the problems listed (`agent_system.planning._validation.check_plan`
does the checking); a second bad draft raises `LLMOutputError`. Every failure is an `LLMError`,
so the engine can fall back to the embedded planner.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import ValidationError

from agent_system.errors import AgentSystemError
from agent_system.llm._budget import Budget
from agent_system.llm._chat import complete, message_text
from agent_system.llm._structured import (
    StructuredMode,
    corrective_messages,
    invoke_structured,
    stream_structured,
)
from agent_system.llm._usage import UsageTracker
from agent_system.planning._base import StepCallback
from agent_system.planning._draft import PlanDraft, PlannedStep, read_step, to_step, unfenced
from agent_system.planning._prompts import (
    planner_messages,
    replanner_messages,
    synthesizer_messages,
)
from agent_system.planning._schema import plan_schema
from agent_system.planning._stream import StepScanner
from agent_system.planning._validation import check_plan
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    PlanResult,
    ReplanRequest,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec
from agent_system.routing.models import Turn

__all__ = ["LLMPlanner", "LLMReplanner", "PlanDraft", "PlannedStep", "llm_synthesize"]


class _Drafting:
    """A model asked for `PlanDraft`s, and the accounting its calls share."""

    def __init__(
        self,
        model: BaseChatModel,
        *,
        usage: UsageTracker | None = None,
        budget: Budget | None = None,
        mode: StructuredMode = "auto",
    ) -> None:
        self.model = model
        self.usage = usage
        self.budget = budget
        self.mode = mode

    async def _draft(
        self,
        messages: Sequence[BaseMessage],
        tools: list[ToolSpec],
        check: _Checker,
        *,
        reasoning: bool = False,
        attempts: int = 2,
    ) -> PlanDraft:
        """One structured call; a draft `check` finds problems in goes back to be fixed
        (`attempts` calls in all)."""
        return await invoke_structured(
            self.model,
            PlanDraft,
            messages,
            usage=self.usage,
            budget=self.budget,
            mode=self.mode,
            check=check,
            json_schema=_schema_for(tools, reasoning=reasoning),
            attempts=attempts,
        )


class LLMPlanner(_Drafting):
    """Plans with one structured-output LLM call over the selected tools only."""

    name = "llm"

    def __init__(
        self,
        model: BaseChatModel,
        *,
        usage: UsageTracker | None = None,
        budget: Budget | None = None,
        mode: StructuredMode = "auto",
        timeout_s: float = 300.0,
    ) -> None:
        super().__init__(model, usage=usage, budget=budget, mode=mode)
        self.timeout_s = timeout_s

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        """Plan `request` with `tools`; raises `LLMError` (or `BudgetExceededError`) on failure."""
        checker = _Checker(tools, lambda draft: self._to_plan(request, draft))
        draft = await self._draft(planner_messages(request, tools, history), tools, checker)
        return self._to_plan(request, draft, tools=tools)

    async def stream_plan(
        self,
        request: str,
        tools: list[ToolSpec],
        history: list[Turn] | None,
        on_step: StepCallback,
    ) -> ExecutionPlan:
        """The same call, streamed: each step goes to `on_step` the moment its JSON object
        closes (a step that cannot be read goes as an `InvalidStep`, for the caller to repair
        by replanning). A reply that is not a plan at all, with nothing handed over, gets one
        corrective call whose plan is returned whole (no step goes to `on_step`). Raises
        `LLMError` when a call fails or the corrected reply is still not a plan."""
        scanner = StepScanner()
        steps: list[ExecutionStep] = []

        def on_text(text: str) -> None:
            for raw in scanner.feed(text):
                item = read_step(raw)
                if isinstance(item, ExecutionStep):
                    steps.extend(_described([item], tools))
                on_step(item)

        text = await stream_structured(
            self.model,
            PlanDraft,
            planner_messages(request, tools, history),
            on_text,
            usage=self.usage,
            budget=self.budget,
            mode=self.mode,
            json_schema=_schema_for(tools),
        )
        if not scanner.full_text and text:  # a model that does not stream gave it all at once
            on_text(text)
        try:
            draft = PlanDraft.model_validate_json(unfenced(text), strict=False)
        except ValidationError as exc:
            if steps:  # what was handed over stands; the rest of the reply is lost
                return self._to_plan(request, PlanDraft(reasoning="(reply cut short)"), steps)
            # Nothing was handed over: one corrective call, as the whole-plan path makes.
            problems = [
                f"{'.'.join(str(p) for p in e['loc']) or '(reply)'}: {e['msg']}"
                for e in exc.errors(include_url=False)[:20]
            ]
            messages = planner_messages(request, tools, history)
            checker = _Checker(tools, lambda draft: self._to_plan(request, draft))
            fixing = corrective_messages(messages, text, problems)
            draft = await self._draft(fixing, tools, checker, attempts=1)
            return self._to_plan(request, draft, tools=tools)  # whole: handed over at once
        return self._to_plan(request, draft, steps)

    def _to_plan(
        self,
        request: str,
        draft: PlanDraft,
        steps: list[ExecutionStep] | None = None,
        tools: Sequence[ToolSpec] = (),
    ) -> ExecutionPlan:
        return ExecutionPlan(
            request=request,
            reasoning=draft.reasoning,
            steps=_described([to_step(s) for s in draft.steps], tools) if steps is None else steps,
            unsupported=list(draft.unsupported),
            planner=self.name,
            timeout_s=self.timeout_s,
        )


class LLMReplanner(_Drafting):
    """Revises the rest of a plan after a failure, keeping completed steps as they are."""

    name = "llm"

    async def replan(self, request: ReplanRequest, tools: list[ToolSpec]) -> ExecutionPlan | None:
        """The next plan version, or None when the model finds no way around the failure."""
        kept = [s for s in request.plan.steps if s.id in request.completed]
        kept_ids = {s.id for s in kept}

        def revise(draft: PlanDraft) -> ExecutionPlan:
            if reused := sorted(kept_ids.intersection(s.id for s in draft.steps)):
                raise ValueError(
                    f"step id(s) {', '.join(reused)} belong to completed steps; choose new ids "
                    "and reference completed outputs with $ref"
                )
            plan = request.plan
            return plan.model_copy(
                update={
                    "version": plan.version + 1,
                    "steps": [*kept, *_described([to_step(s) for s in draft.steps], tools)],
                    "reasoning": draft.reasoning,
                    "unsupported": [*plan.unsupported, *draft.unsupported],
                    "planner": self.name,
                }
            )

        checker = _Checker(tools, revise, known_steps=kept)
        draft = await self._draft(
            replanner_messages(request, tools), tools, checker, reasoning=True
        )
        if not draft.steps:
            return None
        return revise(draft)


async def llm_synthesize(
    model: BaseChatModel,
    request: str,
    plan_result: PlanResult,
    *,
    stream: Callable[[str], None] | None = None,
    plan: ExecutionPlan | None = None,
    usage: UsageTracker | None = None,
    budget: Budget | None = None,
) -> str:
    """The final answer, written by the LLM from the step results; failures said plainly.

    Args:
        model: The chat model.
        request: The user's request.
        plan_result: What ran, with outputs and errors.
        stream: Receives the answer token by token as it is written.
        plan: The plan, for step descriptions and the parts it could not cover.
        usage: Records tokens and cost.
        budget: The call is reserved against it.

    Raises:
        LLMError: The call failed; the caller can fall back to an extractive answer.
    """
    reply = await complete(
        model,
        synthesizer_messages(request, plan_result, plan),
        usage=usage,
        budget=budget,
        stream=stream,
    )
    return message_text(reply).strip()


class _Checker:
    """Converts a draft to a plan and lists its problems, for the one corrective retry."""

    def __init__(
        self,
        tools: Sequence[ToolSpec],
        convert: Callable[[PlanDraft], ExecutionPlan],
        known_steps: Sequence[ExecutionStep] = (),
    ) -> None:
        self.registry = ToolRegistry({t.name: t for t in tools}.values())
        self.convert = convert
        self.known = {s.id for s in known_steps}

    def __call__(self, draft: PlanDraft) -> list[str]:
        if not draft.steps:
            return []
        try:
            plan = self.convert(draft)
        except (ValueError, AgentSystemError) as exc:  # ValidationError is a ValueError
            return [str(exc)]
        return [
            f"step {p.step_id!r}: {p.message}" if p.step_id else p.message
            for p in check_plan(plan, self.registry)
            if p.step_id is None or p.step_id not in self.known
        ]


def _described(steps: list[ExecutionStep], tools: Sequence[ToolSpec]) -> list[ExecutionStep]:
    """`steps`, each without a description given its tool's own first sentence: a plain step
    is written as its call alone, and what a user is asked to approve, or told was skipped,
    is named in words, not by a tool's name."""
    about = {spec.name: spec.summary for spec in tools}
    for step in steps:
        if not step.description:
            step.description = about.get(step.tool, "")
    return steps


def _schema_for(tools: Sequence[ToolSpec], *, reasoning: bool = False) -> dict[str, Any]:
    """The compact plan schema over `tools` (`plan_schema`), made once per tool set."""
    key = (reasoning, *((spec.name, id(spec)) for spec in tools))
    cached = _SCHEMAS.get(key)
    if cached is None:
        cached = (list(tools), plan_schema(tools, reasoning=reasoning))
        if len(_SCHEMAS) >= 128:
            _SCHEMAS.pop(next(iter(_SCHEMAS)))
        _SCHEMAS[key] = cached
    return copy.deepcopy(cached[1])


_SCHEMAS: dict[tuple[Any, ...], tuple[list[ToolSpec], dict[str, Any]]] = {}
"""Plan schemas by the tools they were made for (the specs kept, so an id is never reused)."""
