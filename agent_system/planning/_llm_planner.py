"""The LLM planner, replanner and synthesizer.

`LLMPlanner` makes ONE structured-output call (`invoke_structured`, or `stream_structured` for a
plan whose steps start as they arrive) that returns a `PlanDraft`, then turns it into an
`ExecutionPlan`. The schema asked for is `planning._schema.plan_schema`: each step's ``call``
names one selected tool with its own typed arguments (or, for a ``$template`` or a free-form
tool, the arguments as one JSON-encoded string); ``when`` is a JSON-encoded condition. A draft
that does not parse, names a tool that was not offered, or references an unknown step is sent
back to the model once with the problems listed (`agent_system.planning._validation.check_plan`
does the checking); a second bad draft raises `LLMOutputError`. Every failure is an `LLMError`,
so the engine can fall back to the embedded planner.
"""

from __future__ import annotations

import copy
import json
import zlib
from collections.abc import Callable, Sequence
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

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
from agent_system.planning._base import InvalidStep, StepCallback
from agent_system.planning._conditions import condition_refs
from agent_system.planning._prompts import (
    planner_messages,
    replanner_messages,
    synthesizer_messages,
)
from agent_system.planning._refs import find_refs
from agent_system.planning._schema import NESTED_KEYS, plan_schema
from agent_system.planning._stream import StepScanner
from agent_system.planning._validation import check_plan
from agent_system.planning.models import (
    Condition,
    ExecutionPlan,
    ExecutionStep,
    FailurePolicy,
    PlanResult,
    ReplanRequest,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec
from agent_system.routing.models import Turn

__all__ = ["LLMPlanner", "LLMReplanner", "PlanDraft", "PlannedStep", "llm_synthesize"]

_CONDITION: TypeAdapter[Any] = TypeAdapter(Condition)


class PlannedStep(BaseModel):
    """One step as the LLM writes it (strict-JSON-schema friendly)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="Short unique step id: letters, digits, '_', '-', '.'.")
    tool: str = Field(description="Exact name of one of the listed tools.")
    arguments: str = Field(
        default="{}",
        description='The arguments as one JSON object encoded in a string, e.g. "{\\"city\\": '
        '\\"Paris\\"}"; values may be {"$ref": step_id, "path": "/json/pointer"} references.',
    )
    depends_on: list[str] = Field(default_factory=list, description="Ids of steps to wait for.")
    when: str | None = Field(
        default=None, description="null, or a condition encoded as a JSON string."
    )
    on_failure: Literal["halt", "skip", "retry", "replan"] = "halt"
    description: str = ""

    @model_validator(mode="before")
    @classmethod
    def _flatten_call(cls, data: Any) -> Any:
        """The schema's ``call`` (``{"tool": name, **arguments}``, nested as ``{"tool": name,
        "arguments": {...}}``, or either JSON-encoded as ``{"json": "..."}``) as ``tool`` and
        ``arguments``."""
        if not isinstance(data, dict) or "call" not in data:
            return data
        data = dict(data)
        call = data.pop("call")
        if isinstance(call, dict) and call.keys() == {"json"} and isinstance(call["json"], str):
            try:
                call = json.loads(call["json"])
            except json.JSONDecodeError as exc:
                raise ValueError(f"call.json is not JSON ({exc})") from None
        if not isinstance(call, dict) or not isinstance(call.get("tool"), str):
            raise ValueError('call must be an object naming its "tool"')
        if call.keys() == NESTED_KEYS and isinstance(call["arguments"], dict | str):
            arguments = call["arguments"]
        else:
            arguments = {k: v for k, v in call.items() if k != "tool"}
        return {**data, "tool": call["tool"], "arguments": arguments}

    @field_validator("arguments", mode="before")
    @classmethod
    def _encode_arguments(cls, value: Any) -> Any:
        if isinstance(value, dict):  # typed arguments; null = an optional one left out
            return json.dumps({k: v for k, v in value.items() if v is not None})
        return value

    @field_validator("arguments")
    @classmethod
    def _arguments_are_an_object(cls, value: str) -> str:
        try:
            decoded = json.loads(value or "{}")
        except json.JSONDecodeError as exc:
            raise ValueError(
                f"arguments must be a JSON object encoded as a string ({exc})"
            ) from None
        if not isinstance(decoded, dict):
            raise ValueError(f"arguments must encode a JSON object, not {type(decoded).__name__}")
        return value or "{}"

    @field_validator("when", mode="before")
    @classmethod
    def _encode_when(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return json.dumps(value)
        if isinstance(value, str) and value.strip() in ("", "null", "None"):
            return None
        return value

    @field_validator("when")
    @classmethod
    def _when_is_a_condition(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                _CONDITION.validate_json(value)
            except ValidationError as exc:
                first = exc.errors(include_url=False)[0]
                raise ValueError(f"when is not a valid condition: {first['msg']}") from None
        return value

    def decoded_arguments(self) -> dict[str, Any]:
        """The arguments as a dict (validated to be a JSON object)."""
        decoded: dict[str, Any] = json.loads(self.arguments or "{}")
        return decoded

    def condition(self) -> Condition | None:
        """The parsed `when` condition."""
        if self.when is None:
            return None
        parsed: Condition = _CONDITION.validate_json(self.when)
        return parsed


class PlanDraft(BaseModel):
    """The planner's structured output."""

    model_config = ConfigDict(extra="forbid")

    reasoning: str = Field(default="", description="One or two sentences on the plan.")
    steps: list[PlannedStep] = Field(default_factory=list)
    unsupported: list[str] = Field(
        default_factory=list, description="Parts of the request no listed tool can do."
    )


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
        return self._to_plan(request, draft)

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
                item = _read_step(raw)
                if isinstance(item, ExecutionStep):
                    steps.append(item)
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
            draft = PlanDraft.model_validate_json(_unfenced(text), strict=False)
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
            return self._to_plan(request, draft)  # whole: handed to the caller at once
        return self._to_plan(request, draft, steps)

    def _to_plan(
        self, request: str, draft: PlanDraft, steps: list[ExecutionStep] | None = None
    ) -> ExecutionPlan:
        return ExecutionPlan(
            request=request,
            reasoning=draft.reasoning,
            steps=[_to_step(s) for s in draft.steps] if steps is None else steps,
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
                    "steps": [*kept, *(_to_step(s) for s in draft.steps)],
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


def _read_step(raw: str) -> ExecutionStep | InvalidStep:
    """One streamed step's JSON text as a step, or why it cannot be one."""
    try:
        return _to_step(PlannedStep.model_validate_json(raw))
    except (ValidationError, ValueError, AgentSystemError) as exc:
        try:
            loose = json.loads(raw)
        except json.JSONDecodeError:
            loose = {}
        loose = loose if isinstance(loose, dict) else {}
        problem = str(exc)
        if isinstance(exc, ValidationError):
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(p) for p in first["loc"]) or "(step)"
            problem = f"{where}: {first['msg']}"
        return InvalidStep(
            id=str(loose.get("id") or f"invalid-{zlib.crc32(raw.encode()) % 10_000}"),
            tool=str(loose.get("tool") or ""),
            problem=problem,
        )


def _unfenced(text: str) -> str:
    text = text.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text


def _to_step(step: PlannedStep) -> ExecutionStep:
    arguments = step.decoded_arguments()
    condition = step.condition()
    referenced = [r.step for r in find_refs(arguments)]
    if condition is not None:
        referenced += [r.step for r in condition_refs(condition)]
    depends_on = list(dict.fromkeys([*step.depends_on, *referenced]))
    return ExecutionStep(
        id=step.id,
        tool=step.tool,
        arguments=arguments,
        depends_on=depends_on,
        when=condition,
        on_failure=FailurePolicy(step.on_failure),
        description=step.description,
    )
