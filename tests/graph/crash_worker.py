"""Run by test_crash_resume in a subprocess: start (or resume) a plan on a real SQLite home.

Every tool appends its step name to a counter file when it finishes, so the test can count how
often each step really ran.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from agent_system.api import AgentSystem
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry.registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, spec_from_function
from agent_system.testing import make_settings

from .conftest import FakeRouter, ScriptedPlanner


def build(home: Path, counter: Path, slow_s: float) -> AgentSystem:
    async def work(name: str, seconds: float = 0.0) -> ToolOutput:
        """Do some work with a side effect.

        Args:
            name: Step name.
            seconds: How long it takes.
        """
        with counter.open("a") as f:
            f.write(f"start {name}\n")
        await asyncio.sleep(seconds if name != "slow" else slow_s)
        with counter.open("a") as f:
            f.write(f"done {name}\n")
        return ToolOutput(data={"name": name}, display=f"{name} done")

    registry = ToolRegistry(
        [spec_from_function(work, name="test.work", side_effects="irreversible")]
    )
    plan = ExecutionPlan(
        steps=[
            ExecutionStep(id="a", tool="test.work", arguments={"name": "a"}),
            ExecutionStep(id="b", tool="test.work", arguments={"name": "b"}),
            ExecutionStep(
                id="slow", tool="test.work", arguments={"name": "slow"}, depends_on=["a"]
            ),
            ExecutionStep(id="d", tool="test.work", arguments={"name": "d"}, depends_on=["slow"]),
        ]
    )
    return AgentSystem(
        make_settings(home),
        registry=registry,
        router=FakeRouter(),
        planner=ScriptedPlanner([plan]),
        models={},
        roles={},
    )


async def main(mode: str, home: Path, counter: Path) -> None:
    system = build(home, counter, slow_s=60.0 if mode == "start" else 0.0)
    async with system:
        if mode == "start":
            await system.arun("do the work", thread_id="crash")
        else:
            result = await system.aresume("crash", None)
            print(result.status, result.reply.replace("\n", " | "))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])))
