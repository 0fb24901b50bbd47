"""Run by test_crash_resume in a subprocess: start or resume many threads' plans on one SQLite home.

    python -m tests.reliability.crash_worker HOME COUNTER THREADS SEED

Each thread ``w<i>`` runs a six-step plan whose shape is fixed and whose step durations come from
the seed. Threads run one after the other: a thread without state is started, a thread cut off by a
kill is resumed, a finished thread is left alone. Every step appends ``start <thread>/<step>`` and
``done <thread>/<step>`` to the counter file, so the test can count how often each really ran.
The worker prints ``<thread> <status> <started|resumed|restarted|finished>`` per thread.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

from agent_system.api import AgentSystem
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry.registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, ToolSpec, spec_from_function
from agent_system.routing.models import Turn
from agent_system.testing import make_settings
from tests.graph.conftest import FakeRouter

SHAPE: dict[str, list[str]] = {
    "a": [],
    "b": [],
    "c": ["a"],
    "d": ["b", "c"],
    "e": [],
    "f": ["d", "e"],
}
"""Step -> the steps it depends on."""


def plan_for(thread: str, seed: int) -> ExecutionPlan:
    """The thread's plan: `SHAPE` with durations drawn from the seed and the thread name."""
    rng = random.Random(f"{seed}/{thread}")
    return ExecutionPlan(
        steps=[
            ExecutionStep(
                id=sid,
                tool="test.work",
                arguments={"name": f"{thread}/{sid}", "seconds": round(rng.uniform(0.03, 0.3), 3)},
                depends_on=deps,
            )
            for sid, deps in SHAPE.items()
        ]
    )


class ThreadPlanner:
    """Plans ``work <thread>`` as that thread's plan."""

    name = "crash"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    async def plan(
        self, request: str, tools: list[ToolSpec], history: list[Turn] | None = None
    ) -> ExecutionPlan:
        return plan_for(request.removeprefix("work "), self.seed).model_copy(
            update={"request": request}
        )


def build(home: Path, counter: Path, seed: int) -> AgentSystem:
    """An AgentSystem on a real SQLite home whose one tool logs to `counter`."""

    async def work(name: str, seconds: float = 0.0) -> ToolOutput:
        """Do some work with a side effect.

        Args:
            name: Step name.
            seconds: How long it takes.
        """
        with counter.open("a") as f:
            f.write(f"start {name}\n")
        await asyncio.sleep(seconds)
        with counter.open("a") as f:
            f.write(f"done {name}\n")
        return ToolOutput(data={"name": name}, display=f"{name} done")

    spec = spec_from_function(work, name="test.work", side_effects="irreversible")
    return AgentSystem(
        make_settings(home),
        registry=ToolRegistry([spec]),
        router=FakeRouter(),
        planner=ThreadPlanner(seed),
        models={},
        roles={},
    )


async def drive(system: AgentSystem, thread: str) -> tuple[str, str]:
    """Start, resume or leave the thread: (final status, what was done)."""
    snapshot = await system.graph.aget_state({"configurable": {"thread_id": thread}})
    values = snapshot.values or {}
    if values and snapshot.next:
        return (await system.aresume(thread, None)).status, "resumed"
    if values and values.get("status") != "running":
        return str(values.get("status")), "finished"
    # No state, or killed before its first step checkpoint: `aresume` reports "nothing to
    # resume" for such a thread (see docs/reliability.md), so the request is sent again.
    how = "restarted" if values else "started"
    return (await system.arun(f"work {thread}", thread_id=thread)).status, how


async def main(home: Path, counter: Path, threads: int, seed: int) -> None:
    async with build(home, counter, seed) as system:
        # One thread at a time: concurrent runs on one SQLite file can fail with
        # "database is locked" (reported; see docs/reliability.md).
        for name in (f"w{i}" for i in range(threads)):
            status, how = await drive(system, name)
            print(name, status, how, flush=True)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
