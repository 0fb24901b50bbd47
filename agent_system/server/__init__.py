"""The HTTP server: a native API and an OpenAI-compatible API over `AgentSystem` (FastAPI)."""

from __future__ import annotations

from agent_system.server._app import app_from_env, check_bind, create_app, serve

__all__ = ["app_from_env", "check_bind", "create_app", "serve"]
