"""An app factory for the cluster tests: a four-step plan whose steps log their side effects.

``uvicorn tests.server.cluster_worker:app --factory`` reads AGENT_SYSTEM_HOME,
AGENT_SYSTEM_DATABASE_URL, AGENT_SYSTEM_API_KEYS and CLUSTER_COUNTER (a file every process
appends ``start <step>`` / ``done <step>`` to). ``work <name>`` plans steps a -> b -> c -> d of
CLUSTER_STEP_S seconds each (default 0.7); ``echo ...`` is a fast reply.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from agent_system.api import AgentSystem
from agent_system.config import Settings
from agent_system.planning.models import ExecutionPlan, ExecutionStep
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolOutput, spec_from_function
from agent_system.server import create_app
from tests.graph.conftest import Calls, EchoRole, FakeRouter, make_tools

STEPS = ("a", "b", "c", "d")


def _append(path: Path, line: str) -> None:
    with path.open("a") as f:
        f.write(line + "\n")


def app() -> FastAPI:
    """The app of one server process."""
    counter = Path(os.environ["CLUSTER_COUNTER"])
    seconds = float(os.environ.get("CLUSTER_STEP_S", "0.7"))

    async def work(name: str) -> ToolOutput:
        """Do some work with a side effect.

        Args:
            name: Step name.
        """
        _append(counter, f"start {name}")
        await asyncio.sleep(seconds)
        _append(counter, f"done {name}")
        return ToolOutput(data={"name": name}, display=f"{name} done")

    class Planner:
        name = "cluster"

        async def plan(self, request: str, tools: Any, history: Any = None) -> ExecutionPlan:
            run = request.split()[-1]
            steps = [
                ExecutionStep(
                    id=step,
                    tool="cluster.work",
                    arguments={"name": f"{run}/{step}"},
                    depends_on=[STEPS[n - 1]] if n else [],
                )
                for n, step in enumerate(STEPS)
            ]
            return ExecutionPlan(request=request, steps=steps)

    registry: ToolRegistry = make_tools(Calls())
    registry.add(spec_from_function(work, name="cluster.work", side_effects="irreversible"))
    settings = Settings()
    system = AgentSystem(
        settings,
        registry=registry,
        router=FakeRouter(),
        planner=Planner(),  # type: ignore[arg-type]
        models={},
        roles={"echo": EchoRole()},
    )
    return create_app(settings, system)
