"""An app factory for server subprocesses: the graph tests' fakes on real persistence.

``uvicorn tests.server.worker:app --factory`` builds it from the environment
(AGENT_SYSTEM_HOME, AGENT_SYSTEM_DATABASE_URL, AGENT_SYSTEM_API_KEYS), so checkpoints and the
store go wherever the settings say (PostgreSQL in the two-process test, else SQLite).
"""

from __future__ import annotations

from fastapi import FastAPI

from agent_system.api import AgentSystem
from agent_system.config import Settings
from agent_system.server import create_app
from tests.graph.conftest import Calls, EchoRole, FakeRouter, ScriptedPlanner, make_tools


def app() -> FastAPI:
    """The app of one server process."""
    settings = Settings()
    system = AgentSystem(
        settings,
        registry=make_tools(Calls()),
        router=FakeRouter(),
        planner=ScriptedPlanner([]),
        models={},
        roles={"echo": EchoRole()},
    )
    return create_app(settings, system)
