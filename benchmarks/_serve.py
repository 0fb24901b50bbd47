"""Serve the app for the load test: ``python -m benchmarks._serve --port P --home DIR``.

The engine: the real app (`create_app`), the SQLite checkpointer and store in DIR, an instant
scripted LLM, the built-in tools replaced by instant simulated tools of the same names, and the
embedded router (or the timer stand-in while the embedded router is missing).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def main() -> None:
    """Parse the arguments and run uvicorn on 127.0.0.1 until terminated."""
    import uvicorn

    from agent_system.api import AgentSystem
    from agent_system.llm._fake import ScriptedChatModel
    from agent_system.server._app import create_app
    from agent_system.testing import make_settings
    from benchmarks.ours import offline_available, simulated_builtin_registry
    from benchmarks.overhead import TimerRouter

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--home", type=Path, required=True)
    args = parser.parse_args()
    settings = make_settings(args.home, rate_limit_per_minute=10_000_000, max_concurrency=64)
    router: Any
    if offline_available() is None:
        from agent_system.routing._embedded import load_default_router

        router = load_default_router(settings)
    else:
        router = TimerRouter()
    system = AgentSystem(
        settings,
        registry=simulated_builtin_registry(0.0),
        router=router,
        chat_model=ScriptedChatModel(default="ok", model_name="instant"),
    )
    app = create_app(settings, system, open_=True, timers=False)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", access_log=False)


if __name__ == "__main__":
    main()
