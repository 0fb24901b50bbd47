"""LangGraph's own server protocol, so `langgraph-sdk` and `RemoteGraph` are clients.

    client = get_client(url="http://127.0.0.1:8000", api_key="sk-...")
    RemoteGraph("agent-system", url="http://127.0.0.1:8000", api_key="sk-...")

`install` mounts the endpoints (assistants, threads, state, history, runs) at the app's root,
beside the native ``/v1`` API. See docs/server.md for what is and is not supported.
"""

from __future__ import annotations

from fastapi import FastAPI

from agent_system.server._lgserver import routes, run_routes
from agent_system.server._lgserver.runs import LgRuns
from agent_system.server._lgserver.state import ASSISTANT_ID, GRAPH_ID

__all__ = ["ASSISTANT_ID", "GRAPH_ID", "install"]


def install(app: FastAPI) -> None:
    """Mount the LangGraph endpoints on `app` (its ``state.server`` must be set)."""
    app.state.langgraph_runs = LgRuns()
    app.include_router(routes.router)
    app.include_router(run_routes.router)
