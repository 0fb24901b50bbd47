"""The meta-planner under test, in its two forms.

- **LLM**: `AgentSystem` with `LLMPlanner`/`LLMReplanner` on a `ScriptedChatModel` that, after
  the simulated latency, returns the scenario's plan (one structured-output call) and, after a
  failure, the revision. A reply is a template when every step gave display text (no LLM call);
  otherwise the same model writes it (one call, counted). Routing: `PlanningRouter`, which sends
  every request to the planner (what the embedded router does with a request that matches no
  built-in role, in well under a millisecond).
- **Offline**: `AgentSystem` with the embedded router and planner and no LLM at all, over the
  built-in roles whose tools are replaced by simulated-latency tools of the same names.
- **As shipped** (`OursLLM(..., shipped=True)`): what `AgentSystem(settings, chat_model=...)`
  builds with nothing else given: the hybrid router (embedded, the LLM when unsure, on the same
  simulated LLM), the hybrid planner, the default SQLite persistence, and the simulated tools
  added beside the built-in ones as a plugin author's tools are.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore
from pydantic import SecretStr

from agent_system import events as ev
from agent_system.api import AgentSystem
from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._models import resolve_model
from agent_system.planning._base import InvalidStep, StepCallback
from agent_system.planning._llm_planner import LLMPlanner, LLMReplanner
from agent_system.planning._prompts import PLANNER_SYSTEM, REPLANNER_SYSTEM
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, ToolSpec
from agent_system.routing._llm import ROUTER_SYSTEM
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.testing import make_settings
from benchmarks._openai_sim import OpenAISim
from benchmarks.baseline import RunSample, call_tokens, planning_call_parts
from benchmarks.workload import Latency, Scenario, compact_json, make_registry

__all__ = [
    "OursLLM",
    "OursOffline",
    "PlanningRouter",
    "close_and_clean",
    "offline_available",
    "planner_policy",
    "simulated_builtin_registry",
]


class PlanningRouter:
    """Routes every request to the meta-planner (no built-in role fits the simulated tools)."""

    name = "planning-only"

    def decide(self, request: RouteRequest) -> RouteDecision:
        return RouteDecision(
            target=RouteTarget.META_PLANNING,
            confidence=0.0,
            reason="benchmark: the simulated tools belong to no built-in role",
            router="embedded",
        )

    async def route(self, request: RouteRequest) -> RouteDecision:
        return self.decide(request)


ROUTE_CHOICE = {
    "target": "meta_planning",
    "role": None,
    "confidence": 0.9,
    "follow_up": False,
    "reason": "Steps over tools no role owns.",
}
"""What the simulated LLM answers the hybrid router: the scenarios need the planner."""


def planner_policy(scenario: Scenario) -> Any:
    """The scripted LLM: the plan for a planner prompt, the revision for a replanner prompt,
    the route for a router prompt."""

    def turn(messages: list[BaseMessage]) -> str:
        system = str(messages[0].content) if messages else ""
        if system.startswith(ROUTER_SYSTEM):
            return compact_json(ROUTE_CHOICE)
        if system.startswith(REPLANNER_SYSTEM):
            return compact_json(scenario.replan_reply())
        if system.startswith(PLANNER_SYSTEM):
            return compact_json(scenario.reply())
        return "Here is what I found."  # a synthesis call (counted like any other)

    return turn


def _settings(home: Path, **extra: Any) -> Any:
    return make_settings(home, max_concurrency=256, plan_timeout_s=600.0, **extra)


def _home() -> Path:
    return Path(tempfile.mkdtemp(prefix="agent-system-bench-"))


async def close_and_clean(system: AgentSystem) -> None:
    """Close the system and delete its temporary data directory."""
    await system.aclose()
    shutil.rmtree(system.settings.home, ignore_errors=True)


def _steps(result: Any) -> list[Any]:
    return list(result.result.steps) if result.result is not None else []


class _TimedPlanner(LLMPlanner):
    """The LLM planner, noting when each step's JSON object closed in the stream."""

    def __init__(self, model: BaseChatModel) -> None:
        super().__init__(model)
        self.closed: dict[str, datetime] = {}
        self.called: datetime | None = None

    async def stream_plan(
        self,
        request: str,
        tools: list[ToolSpec],
        history: list[Turn] | None,
        on_step: StepCallback,
    ) -> ExecutionPlan:
        def timed(item: ExecutionStep | InvalidStep) -> None:
            self.closed[item.id] = datetime.now(UTC)
            on_step(item)

        self.called = datetime.now(UTC)
        return await super().stream_plan(request, tools, history, timed)


class OursLLM:
    """The meta-planner with the LLM planner for one scenario."""

    def __init__(
        self,
        scenario: Scenario,
        workload: Latency,
        *,
        stream: bool = True,
        plain: bool = False,
        shipped: bool = False,
        server: OpenAISim | None = None,
        **system_options: Any,
    ) -> None:
        """`plain`: the tools return plain data, no display text (`make_registry`);
        `shipped`: the product as `AgentSystem` builds it by default (module docstring);
        `server`: the LLM is reached over HTTP, through the official client, at this loopback
        OpenAI-compatible server (configured as a user would: ``OPENAI_BASE_URL``,
        ``OPENAI_API_KEY`` and the model name, resolved by the product's own model factory)."""
        latency = workload.tool_s if scenario.tool_latency_s is None else scenario.tool_latency_s
        self.scenario = scenario
        self.model = ScriptedChatModel(
            default=planner_policy(scenario),
            latency_s=workload.llm_s,
            first_chunk_s=workload.first_chunk_s,
            model_name="planner",
        )
        settings = _settings(_home(), stream_plans=stream)
        client: Any = self.model
        if server is not None:
            name = f"ours/{scenario.name}/{len(server.models)}"
            server.add(name, self.model)
            settings = settings.model_copy(
                update={
                    "model": f"openai:{name}",
                    "openai_base_url": server.base_url,
                    "openai_api_key": SecretStr("sim"),
                }
            )
            client = resolve_model(settings.model, settings)
        self.planner = _TimedPlanner(client)
        if shipped:
            registry = ToolRegistry.builtin()
            for spec in make_registry(latency, plain=plain):
                registry.add(spec)
            # Over HTTP no model is given: the product builds its own from the settings.
            self.system = AgentSystem(
                settings,
                registry=registry,
                chat_model=None if server is not None else self.model,
                **system_options,
            )
            return
        options: dict[str, Any] = {
            "checkpointer": InMemorySaver(),
            "store": InMemoryStore(),
            **system_options,
        }
        self.system = AgentSystem(
            settings,
            registry=make_registry(latency, plain=plain),
            router=PlanningRouter(),
            planner=self.planner,
            replanner=LLMReplanner(client),
            chat_model=client,
            roles={},
            **options,
        )

    async def aopen(self) -> None:
        """Build the system and open its storage (before the rounds, as the baseline's agent
        is compiled before them)."""
        await self.system.aopen()

    async def run(self) -> RunSample:
        before = len(self.model.calls)
        sent = datetime.now(UTC)
        started = time.perf_counter()
        first: float | None = None
        result: Any = None
        async for event in self.system.astream(self.scenario.text, thread_id=str(uuid.uuid4())):
            if first is None and isinstance(event, ev.ReplyDelta) and event.text:
                first = time.perf_counter() - started
            elif isinstance(event, ev.RunFinished):
                result = event.result
        wall = time.perf_counter() - started
        calls = len(self.model.calls) - before
        tokens_in, tokens_out = call_tokens(self.model.calls[before:])
        parts = planning_call_parts(self.model.calls[before]) if calls else None
        steps = _steps(result)
        done = {s.step_id.removesuffix("-alt") for s in steps if s.status == "succeeded"}
        ok = result.status in ("success", "partial") and done >= {s.id for s in self.scenario.steps}
        closed, self.planner.closed = self.planner.closed, {}
        called, self.planner.called = self.planner.called, None
        return RunSample(
            wall,
            calls,
            ok,
            result.reply[:80],
            steps,
            closed_at=closed,
            started_at=sent,
            planned_at=called,
            first_token_s=first,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
            token_parts=parts,
        )

    async def aclose(self) -> None:
        await close_and_clean(self.system)


# --- the offline path -------------------------------------------------------------------
_OUTPUTS: dict[str, dict[str, Any]] = {
    "weather.current": {
        "place": "Paris",
        "temp_c": 21.0,
        "condition": "sunny",
        "wind_kmh": 10.0,
    },
}


def _simulated(spec: ToolSpec, latency_s: float) -> ToolSpec:
    """The same tool (name, schema, validation) whose body only waits and answers."""
    import asyncio

    async def body(**arguments: Any) -> ToolOutput:
        await asyncio.sleep(latency_s)
        data = {**_OUTPUTS.get(spec.name, {}), **arguments, "simulated": True}
        shown = ", ".join(f"{k}={v}" for k, v in arguments.items() if k != "ctx")
        return ToolOutput(data=data, display=f"{spec.name}({shown}) done")

    return dataclasses.replace(spec, func=body, injected=(), idempotent=False)


def simulated_builtin_registry(latency_s: float) -> ToolRegistry:
    """The built-in tools, each replaced by a simulated-latency tool of the same name."""
    return ToolRegistry(_simulated(spec, latency_s) for spec in ToolRegistry.builtin())


def offline_available() -> str | None:
    """None when the embedded router can be loaded; else why not."""
    try:
        from agent_system.routing._embedded import load_default_router  # noqa: F401
    except ImportError as exc:
        return f"the embedded router is not available yet ({exc})"
    return None


class OursOffline:
    """The offline path (embedded router + planner, no LLM) for a built-in-role request."""

    def __init__(
        self, text: str, workload: Latency, expected_steps: int = 1, **system_options: Any
    ) -> None:
        self.text = text
        self.expected_steps = expected_steps
        options: dict[str, Any] = {
            "checkpointer": InMemorySaver(),
            "store": InMemoryStore(),
            **system_options,
        }
        self.system = AgentSystem(
            _settings(_home()),
            registry=simulated_builtin_registry(workload.tool_s),
            models={},
            **options,
        )

    async def aopen(self) -> None:
        """Build the system and open its storage."""
        await self.system.aopen()

    async def run(self) -> RunSample:
        started = time.perf_counter()
        result = await self.system.arun(self.text, thread_id=str(uuid.uuid4()))
        wall = time.perf_counter() - started
        steps = _steps(result)
        done = sum(1 for s in steps if s.status == "succeeded")
        ok = result.status == "success" and done == self.expected_steps
        return RunSample(wall, result.usage.llm_calls, ok, result.reply[:80], steps)

    async def aclose(self) -> None:
        await close_and_clean(self.system)
