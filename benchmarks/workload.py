"""The simulated workload both systems run: latency settings, tools and scenarios.

A scenario is a DAG of tool calls. From it come the plan the LLM planner "returns" (the plan
schema's JSON, typed arguments and ``$ref`` references), the waves the ReAct baseline calls in
parallel, and the simulated critical path. Tools sleep for the configured latency and return
display text, so a plan that succeeds gets a template reply.
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from agent_system.errors import ToolExecutionError
from agent_system.planning._llm_planner import PlanDraft
from agent_system.planning._refs import find_refs
from agent_system.planning.models import ExecutionPlan, ExecutionStep, FailurePolicy, Ref
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, spec_from_function

__all__ = [
    "Latency",
    "Scenario",
    "SimStep",
    "compact_json",
    "comparison_scenarios",
    "make_registry",
    "probe_scenario",
    "simulate_call",
]


@dataclass(frozen=True)
class Latency:
    """Simulated latencies in seconds (the same for both systems)."""

    llm_s: float = 0.5
    tool_s: float = 0.2
    first_chunk_s: float | None = 0.1
    """A streamed reply's first chunk; the rest spread until `llm_s` (None: not streamed)."""


@dataclass(frozen=True)
class SimStep:
    """One tool call of a scenario.

    ``fails`` makes the call raise; the planner (or the ReAct agent) then calls ``fallback``
    (a lookup of another key) instead. ``latency_s`` overrides the tool latency for this step.
    """

    id: str
    tool: str = "sim.lookup"
    deps: tuple[str, ...] = ()
    fails: bool = False
    latency_s: float | None = None

    @property
    def key(self) -> str:
        return f"k-{self.id}"


@dataclass(frozen=True)
class Scenario:
    """A request, its DAG, and the request text the offline path understands (if any)."""

    name: str
    title: str
    steps: tuple[SimStep, ...]
    tool_latency_s: float | None = None
    """None: the workload's tool latency; 0 for the 1,024-step plan."""
    offline_text: str | None = None
    """A request over the built-in roles with the same shape, for the embedded path."""
    single_intent: bool = False
    tags: tuple[str, ...] = field(default_factory=tuple)

    @property
    def text(self) -> str:
        """The request: its title plus the simulated tools it needs (for tool selection)."""
        verbs = sorted({s.tool.removeprefix("sim.") for s in self.steps} | {"lookup"})
        return f"{self.title} (use: {', '.join(verbs)})"

    def latency(self, step: SimStep, workload: Latency) -> float:
        if step.latency_s is not None:
            return step.latency_s
        return workload.tool_s if self.tool_latency_s is None else self.tool_latency_s

    def waves(self) -> list[list[SimStep]]:
        """The steps grouped by depth: what a ReAct agent can call in one turn."""
        depth: dict[str, int] = {}
        for step in self.steps:  # steps are listed after their dependencies
            depth[step.id] = 1 + max((depth[d] for d in step.deps), default=0)
        count = max(depth.values(), default=0)
        return [[s for s in self.steps if depth[s.id] == n] for n in range(1, count + 1)]

    def critical_path_s(self, workload: Latency) -> float:
        """Longest chain of tool latencies (a failing step counts its fallback too)."""
        finish: dict[str, float] = {}
        for step in self.steps:
            start = max((finish[d] for d in step.deps), default=0.0)
            cost = self.latency(step, workload) * (2 if step.fails else 1)
            finish[step.id] = start + cost
        return max(finish.values(), default=0.0)

    @property
    def replans(self) -> int:
        return sum(1 for s in self.steps if s.fails)

    def ideal_ours_s(self, workload: Latency) -> float:
        """One planning call (plus one per replan) and the tools' critical path; with a
        streamed plan, each step starting as its JSON object closes in the stream."""
        if workload.first_chunk_s is None:
            return workload.llm_s * (1 + self.replans) + self.critical_path_s(workload)
        closes = self.json_closes_s(workload)
        finish: dict[str, float] = {}
        for step in self.steps:
            start = max([closes[step.id], *(finish[d] for d in step.deps)])
            finish[step.id] = start + self.latency(step, workload)
            if step.fails:  # the replan (not streamed), then the backup lookup
                finish[step.id] += workload.llm_s + self.latency(step, workload)
        return max(finish.values(), default=workload.llm_s)

    def json_closes_s(self, workload: Latency) -> dict[str, float]:
        """When each step's JSON object closes in the simulated stream of the plan."""
        from langchain_core.messages import AIMessage

        from agent_system.llm._fake import _chunks
        from agent_system.planning._draft import read_step
        from agent_system.planning._stream import StepScanner

        first = workload.first_chunk_s or 0.0
        reply = AIMessage(content=compact_json(self.reply()))
        tokens = [str(c.message.content) for c in _chunks(reply) if c.message.content]
        most = max(1, int((workload.llm_s - first) * 1000))  # as the simulated server groups
        if len(tokens) > most:
            size = -(-len(tokens) // most)
            tokens = ["".join(tokens[i : i + size]) for i in range(0, len(tokens), size)]
        scanner = StepScanner()
        closes: dict[str, float] = {}
        last = max(1, len(tokens) - 1)
        for index, token in enumerate(tokens):
            for raw in scanner.feed(token):
                closes[read_step(raw).id] = first + (workload.llm_s - first) * index / last
        return closes

    def ideal_baseline_s(self, workload: Latency) -> float:
        """One LLM turn per wave (plus one per failure) plus the final answer turn."""
        turns = len(self.waves()) + self.replans + 1
        tools = sum(max(self.latency(s, workload) for s in wave) for wave in self.waves())
        tools += sum(self.latency(s, workload) for s in self.steps if s.fails)
        return turns * workload.llm_s + tools

    # --- what the LLM planner returns ----------------------------------------------------
    def arguments(self, step: SimStep) -> dict[str, Any]:
        if step.tool == "sim.transform":
            return {"value": Ref(step=step.deps[0], path="/value").model_dump(by_alias=True)}
        if step.tool == "sim.merge":
            left, right = step.deps[0], step.deps[1]
            return {
                "left": Ref(step=left, path="/value").model_dump(by_alias=True),
                "right": Ref(step=right, path="/value").model_dump(by_alias=True),
            }
        if step.tool == "sim.wait":
            return {"key": step.key, "seconds": step.latency_s or 0.0}
        return {"key": step.key}

    def reply(self) -> dict[str, Any]:
        """The plan as the LLM writes it under the plan schema: each step names its tool
        beside its typed arguments (references as ``{"$ref", "path"}`` objects)."""
        return {
            "steps": [
                _wire_step(
                    s.id,
                    s.tool,
                    self.arguments(s),
                    list(s.deps),
                    "replan" if s.fails else "halt",
                )
                for s in self.steps
            ],
            "unsupported": [],
        }

    def replan_reply(self) -> dict[str, Any]:
        """The revision after the failing steps: look up their fallback keys instead."""
        return {
            "reasoning": "The primary source failed; use the backup.",
            "steps": [
                _wire_step(
                    f"{s.id}-alt",
                    "sim.lookup",
                    {"key": f"{s.key}-backup"},
                    [],
                    "halt",
                )
                for s in self.steps
                if s.fails
            ],
            "unsupported": [],
        }

    def draft(self) -> PlanDraft:
        """`reply` read the way the planner reads it."""
        return PlanDraft.model_validate(self.reply())

    def plan(self) -> ExecutionPlan:
        """The same plan as an `ExecutionPlan` (for the engine-only measurements)."""
        return ExecutionPlan(
            request=self.text,
            planner="benchmark",
            steps=[
                ExecutionStep(
                    id=s.id,
                    tool=s.tool,
                    arguments=self.arguments(s),
                    depends_on=list(s.deps),
                    on_failure=FailurePolicy.REPLAN if s.fails else FailurePolicy.HALT,
                )
                for s in self.steps
            ],
        )


def _wire_step(
    step_id: str, tool: str, arguments: dict[str, Any], depends_on: list[str], on_failure: str
) -> dict[str, Any]:
    """One step as the plan schema has the model write it: the call with its id; a step that
    needs more than that (a failure policy other than halt, a dependency it does not
    reference) JSON-encoded whole."""
    referenced = {r.step for r in find_refs(arguments)}
    step = {"id": step_id, "tool": tool, **arguments}
    extra = [d for d in depends_on if d not in referenced]  # as the prompt asks
    if on_failure == "halt" and not extra:
        return step
    return {"json": compact_json({**step, "depends_on": extra, "on_failure": on_failure})}


def compact_json(value: Any) -> str:
    """JSON as a model writes it under a strict schema (no spaces)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


async def simulate_call(tool: str, arguments: dict[str, Any], latency_s: float) -> dict[str, Any]:
    """What every simulated tool does: wait, then return a value (or fail for sim.flaky)."""
    if latency_s > 0:
        await asyncio.sleep(latency_s)
    else:
        await asyncio.sleep(0)
    if tool == "sim.flaky":
        raise ToolExecutionError(f"the primary source for {arguments.get('key')!r} is down")
    if tool == "sim.transform":
        return {"value": f"t({arguments['value']})"}
    if tool == "sim.merge":
        return {"value": f"m({arguments['left']},{arguments['right']})"}
    return {"value": f"v-{arguments['key']}"}


def make_registry(latency_s: float, *, plain: bool = False) -> ToolRegistry:
    """The simulated tools as agent-system tools: with display text, or (`plain`) returning
    plain data as docs/plugins.md allows (a small dict each, which the reply renders without
    an LLM call). Either way a plan that succeeds gets a template reply."""

    async def lookup(key: str) -> ToolOutput:
        """Look a key up in the (simulated) remote service.

        Args:
            key: The key.
        """
        data = await simulate_call("sim.lookup", {"key": key}, latency_s)
        return ToolOutput(data=data, display=f"{key}: {data['value']}")

    async def flaky(key: str) -> ToolOutput:
        """Look a key up in the primary source, which is down in the benchmark.

        Args:
            key: The key.
        """
        data = await simulate_call("sim.flaky", {"key": key}, latency_s)
        return ToolOutput(data=data)  # pragma: no cover - always raises

    async def transform(value: str) -> ToolOutput:
        """Transform a value from an earlier step.

        Args:
            value: The value.
        """
        data = await simulate_call("sim.transform", {"value": value}, latency_s)
        return ToolOutput(data=data, display=f"transformed: {data['value']}")

    async def merge(left: str, right: str) -> ToolOutput:
        """Merge two values from earlier steps.

        Args:
            left: First value.
            right: Second value.
        """
        data = await simulate_call("sim.merge", {"left": left, "right": right}, latency_s)
        return ToolOutput(data=data, display=f"merged: {data['value']}")

    async def wait(key: str, seconds: float) -> ToolOutput:
        """Wait a given time, then return the key (for the eager-start probe).

        Args:
            key: The key.
            seconds: How long to wait.
        """
        data = await simulate_call("sim.lookup", {"key": key}, seconds)
        return ToolOutput(data=data, display=f"{key} after {seconds} s")

    registry = ToolRegistry()
    for func in (lookup, flaky, transform, merge, wait):
        tool = _plain_data(func) if plain else func
        registry.add(spec_from_function(tool, name=f"sim.{func.__name__}", timeout_s=600.0))
    return registry


def _plain_data(func: Callable[..., Awaitable[ToolOutput]]) -> Callable[..., Any]:
    """The same tool returning its data alone (no display text), as a plugin author may."""

    @functools.wraps(func)
    async def plain(**arguments: Any) -> dict[str, Any]:
        output = await func(**arguments)
        data: dict[str, Any] = output.data
        return data

    plain.__annotations__ = {**func.__annotations__, "return": "dict[str, Any]"}
    return plain


def _chain(depth: int) -> tuple[SimStep, ...]:
    steps = [SimStep("c1")]
    for n in range(2, depth + 1):
        steps.append(SimStep(f"c{n}", "sim.transform", deps=(f"c{n - 1}",)))
    return tuple(steps)


_PLACES = ("Paris", "Berlin", "Rome", "Madrid", "Oslo", "Vienna", "Lisbon", "Prague")


def _offline_parallel(k: int) -> str:
    clauses = [f"what's the weather in {place}" for place in _PLACES[:k]]
    return " and ".join(clauses)


def _offline_chain(depth: int) -> str:
    clauses = [f"check the weather in {place}" for place in _PLACES[:depth]]
    return " then ".join(clauses)


def comparison_scenarios() -> list[Scenario]:
    """The scenario set of the speed comparison, in report order."""
    scenarios = [
        Scenario(
            "single",
            "one lookup",
            (SimStep("s1"),),
            offline_text="what's the weather in Paris",
            single_intent=True,
        ),
    ]
    for k in (2, 4, 8):
        scenarios.append(
            Scenario(
                f"parallel_{k}",
                f"{k} independent lookups",
                tuple(SimStep(f"p{n}") for n in range(1, k + 1)),
                offline_text=_offline_parallel(k),
            )
        )
    for depth in (2, 3, 4):
        scenarios.append(
            Scenario(
                f"chain_{depth}",
                f"a dependent chain of depth {depth}",
                _chain(depth),
                offline_text=_offline_chain(depth),
            )
        )
    scenarios.append(
        Scenario(
            "diamond",
            "a diamond: one lookup, two transforms of it, a merge",
            (
                SimStep("top"),
                SimStep("left", "sim.transform", deps=("top",)),
                SimStep("right", "sim.transform", deps=("top",)),
                SimStep("bottom", "sim.merge", deps=("left", "right")),
            ),
        )
    )
    scenarios.append(
        Scenario(
            "replan",
            "two lookups, one fails and needs one replan",
            (SimStep("ok"), SimStep("bad", "sim.flaky", fails=True)),
        )
    )
    scenarios.append(
        Scenario("wide_64", "64 independent lookups", tuple(SimStep(f"w{n}") for n in range(64)))
    )
    scenarios.append(
        Scenario(
            "plan_1024",
            "1,024 independent lookups with instant tools",
            tuple(SimStep(f"i{n}") for n in range(1024)),
            tool_latency_s=0.0,
        )
    )
    return scenarios


def probe_scenario() -> Scenario:
    """A fast step, its dependant, and a slow unrelated sibling (eager-start probe)."""
    return Scenario(
        "eager_start",
        "fast step then its dependant, beside a slow sibling",
        (
            SimStep("fast", "sim.wait", latency_s=0.1),
            SimStep("after_fast", "sim.transform", deps=("fast",)),
            SimStep("slow", "sim.wait", latency_s=1.2),
        ),
    )
