"""Serve the app for the load test: ``python -m benchmarks._serve --port P --home DIR``.

The engine: the real app (`create_app`), the SQLite checkpointer and store in DIR, an instant
scripted LLM, the built-in tools replaced by instant simulated tools of the same names, and the
embedded router (or the timer stand-in while the embedded router is missing).

``--bare``: a bare FastAPI app on the same server stack (uvicorn, same options) whose
``POST /v1/threads/{id}/runs`` validates the same body and answers a fixed JSON object of the
size of a fast reply's: the floor the server stack itself costs per request.
``--workers N``: N worker processes (``agent-system serve --workers N``), each the engine app on
the same DIR (SQLite shared between them, as `serve(workers=N)` runs it).
``--profile PATH``: run under cProfile and write its stats to PATH at shutdown.
"""

import argparse
import cProfile
import os
import signal
from pathlib import Path
from typing import Any


def bare_app() -> Any:
    """The floor: FastAPI + pydantic body validation + a JSON response, no engine."""
    from fastapi import FastAPI, Response

    from agent_system.server._native import RunRequest

    app = FastAPI()
    reply = (b'{"thread_id":"t","status":"success","reply":"' + b"x" * 1400) + b'"}'

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/v1/threads/{thread_id}/runs")
    async def run(thread_id: str, body: RunRequest) -> Response:
        return Response(reply, media_type="application/json")

    return app


def engine_app(home: Path) -> Any:
    """The product's app on the benchmark engine (see the module docstring)."""
    from agent_system.api import AgentSystem
    from agent_system.llm._fake import ScriptedChatModel
    from agent_system.server._app import create_app
    from agent_system.testing import make_settings
    from benchmarks.ours import offline_available, simulated_builtin_registry
    from benchmarks.overhead import TimerRouter

    settings = make_settings(home, rate_limit_per_minute=10_000_000, max_concurrency=64)
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
    return create_app(settings, system, open_=True, timers=False, tune_gc=True)


_HOME_ENV = "_BENCH_SERVE_HOME"


def engine_factory() -> Any:
    """`engine_app` in a worker process (``--workers``): its DIR handed down in the environment."""
    return engine_app(Path(os.environ[_HOME_ENV]))


def main() -> None:
    """Parse the arguments and run uvicorn on 127.0.0.1 until terminated."""
    import uvicorn

    from agent_system.server._app import uvicorn_options

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--home", type=Path, required=True)
    parser.add_argument("--bare", action="store_true", help="a bare FastAPI endpoint")
    parser.add_argument("--profile", type=Path, default=None, help="cProfile stats file")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (engine only)")
    args = parser.parse_args()
    if args.workers > 1 and not args.bare:
        os.environ[_HOME_ENV] = str(args.home)
        options = uvicorn_options("127.0.0.1", args.port, workers=args.workers, factory=True)
        uvicorn.run("benchmarks._serve:engine_factory", **options)
        return
    app = bare_app() if args.bare else engine_app(args.home)
    if args.profile:
        profiler = cProfile.Profile()

        def dump(*_: Any) -> None:
            profiler.disable()
            profiler.dump_stats(str(args.profile))
            raise SystemExit(0)

        # uvicorn re-raises SIGTERM once it has shut down: the stats are written then.
        signal.signal(signal.SIGTERM, dump)
        profiler.enable()
    # The options `agent-system serve` uses (access log included), on loopback.
    uvicorn.run(app, **uvicorn_options("127.0.0.1", args.port))


if __name__ == "__main__":
    main()
