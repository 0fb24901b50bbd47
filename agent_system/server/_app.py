"""The FastAPI app and `serve`, the entry point of ``agent-system serve``.

    app = create_app(Settings(api_keys=["sk-local-1"]))
    uvicorn.run(app, host="127.0.0.1", port=8000)

The app's lifespan opens the `AgentSystem` (unless it was opened by the caller), runs the timer
service (a fired timer becomes a ``notification`` event on its user's ``/v1/events`` streams),
and at shutdown lets in-flight runs finish for a bounded time before closing storage.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import SecretStr
from starlette.exceptions import HTTPException as StarletteHTTPException

from agent_system import events as ev
from agent_system._rescue import RunRescuer
from agent_system._storage import StorageError
from agent_system.api import AgentSystem, ThreadNotFoundError
from agent_system.config import Settings
from agent_system.errors import AgentSystemError, ConfigurationError
from agent_system.server import _lgserver as lgserver
from agent_system.server import _native as native
from agent_system.server import _openai_compat as openai_compat
from agent_system.server._auth import ApiKeys, AuthError, RateLimited, RateLimiter, is_loopback
from agent_system.server._cluster import EventRelay, PostgresRateLimiter, worker_name
from agent_system.server._common import ApiError, ServerState, error_body, error_response
from agent_system.server._direct import DirectRoutes
from agent_system.server._gc import tune_garbage_collection
from agent_system.server._journal import PostgresJournal
from agent_system.server._limits import BodyLimitMiddleware, CrashGuardMiddleware
from agent_system.server._metrics import CONTENT_TYPE_LATEST, Metrics, MetricsMiddleware
from agent_system.server._runs import NotificationHub, RunManager, event_item

if TYPE_CHECKING:
    from roles.timer.service import FiredTimer

__all__ = ["app_from_env", "check_bind", "create_app", "serve", "uvicorn_options"]

log = logging.getLogger(__name__)

_SETTINGS_ENV = "_AGENT_SYSTEM_SERVE_SETTINGS"
_OPEN_ENV = "_AGENT_SYSTEM_SERVE_OPEN"


def create_app(
    settings: Settings,
    system: AgentSystem | None = None,
    *,
    open_: bool = False,
    drain_timeout_s: float = 30.0,
    timers: bool = True,
    shutdown_probe: Callable[[], bool] | None = None,
    tune_gc: bool = False,
) -> FastAPI:
    """The HTTP app: native API, OpenAI-compatible API, /healthz and /metrics.

    Args:
        settings: Server settings (keys, rate limit, body limit) and the engine's.
        system: An `AgentSystem` to serve; default: one built from `settings`. The app opens it
            at startup and closes it at shutdown either way.
        open_: Allow serving without API keys (every request is then the local user). When
            keys are configured they are required anyway.
        drain_timeout_s: How long shutdown waits for running requests before cancelling them.
        timers: Run the timer service (fired timers become notifications).
        shutdown_probe: Returns True once the server began shutting down, so event streams
            end at once; default: read from uvicorn's signal handler. Set it when running
            uvicorn outside the main thread (tests).
        tune_gc: Once started, freeze the objects start-up made and collect less often (see
            `tune_garbage_collection`); `serve` sets it: it owns the process.
    """
    keys = ApiKeys(settings.api_keys, open_=open_)
    metrics = Metrics(worker=worker_name())
    state = ServerState(
        settings=settings,
        system=system or AgentSystem(settings),
        keys=keys,
        limiter=RateLimiter(settings.rate_limit_per_minute),
        metrics=metrics,
        runs=RunManager(metrics),
        hub=NotificationHub(),
        shutdown_probe=shutdown_probe,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await state.system.aopen()
        await _join_cluster(state, settings)
        _route_tool_notifications(state)
        if tune_gc:
            tune_garbage_collection()
        stop = asyncio.Event()
        timer_task = _start_timers(state, stop) if timers else None
        rescuer = RunRescuer(state.system, on_finished=lambda result: _rescued(state, result))
        rescue_task = asyncio.create_task(rescuer.run(stop), name="agent-system-rescuer")
        probe = state.shutdown_probe or _uvicorn_exit_probe()
        watcher = asyncio.create_task(_end_streams_on_exit(state, probe, stop)) if probe else None
        log.info(
            "agent-system server ready (%s, %d API key(s))",
            "open, no auth" if keys.open else "auth on",
            len(keys),
        )
        try:
            yield
        finally:
            stop.set()
            state.hub.close()
            await asyncio.gather(
                *(t for t in (timer_task, watcher, rescue_task) if t is not None),
                return_exceptions=True,
            )
            if state.relay is not None:
                await state.relay.aclose()
            await state.runs.drain(drain_timeout_s)
            await state.system.aclose()

    app = FastAPI(
        title="agent-system",
        version="0.1.0",
        lifespan=lifespan,
        docs_url="/docs",
        redoc_url=None,
    )
    app.state.server = state
    app.include_router(native.router)
    app.include_router(openai_compat.router)
    lgserver.install(app)
    _install_handlers(app)
    app.add_middleware(DirectRoutes)  # the hot endpoints' valid requests, without routing
    app.add_middleware(CrashGuardMiddleware)  # metrics and logs see its 500
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(MetricsMiddleware, metrics=metrics)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        """Liveness: the engine is open and how many runs are going on."""
        return {"status": "ok", "runs_active": state.runs.active}

    @app.get("/metrics")
    async def prometheus() -> Response:
        """Prometheus text exposition."""
        return Response(metrics.render(), media_type=CONTENT_TYPE_LATEST)

    return app


async def _join_cluster(state: ServerState, settings: Settings) -> None:
    """On PostgreSQL: notifications through LISTEN/NOTIFY and a cluster-wide rate limit."""
    from agent_system._repository_pg import PostgresRepository
    from agent_system.repository import open_repository

    system_settings = state.system.settings
    if not system_settings.uses_postgres:
        return
    repository = open_repository(state.system.engine.runtime)
    if not isinstance(repository, PostgresRepository):  # pragma: no cover - a custom repository
        return
    journal = PostgresJournal(repository, worker_name())
    state.runs.journal = journal  # run records and events readable from every worker
    relay = EventRelay(
        str(system_settings.database_url), repository, state.hub.publish, journal.wake
    )
    await relay.start()
    state.relay = relay
    state.limiter = PostgresRateLimiter(settings.rate_limit_per_minute, repository)


RESCUE_GAP = 10_000
"""How far after the last journaled event a rescued run's end is numbered."""


async def _rescued(state: ServerState, result: ev.RunResult) -> None:
    """A dead worker's run was finished here: end its journaled stream with the result, so a
    client following it on any worker gets the end (the steps run meanwhile are in the result,
    not streamed one by one)."""
    journal = state.runs.journal
    if not isinstance(journal, PostgresJournal):
        return
    found = await journal.latest_running(result.thread_id)
    if found is None:
        return
    row, last = found
    items = [event_item(ev.RunFinished(thread_id=result.thread_id, result=result))]
    output: dict[str, Any] = {"result": result.model_dump(mode="json")}
    if row.kind == "langgraph":
        from agent_system.server._lgserver.runs import LgRun, final_item, final_state

        final = await final_state(state, row.thread_id, row.user, result)
        items.append(final_item(final))
        run = LgRun(row.run_id, row.thread_id, row.user, final=final)
        output = run.output()
    # The dead worker's client may have seen events its worker never wrote (a batch in
    # flight): number the end after a gap, so it comes after whatever id that client holds.
    await journal.append(row.run_id, last + RESCUE_GAP + 1, items)
    await journal.finish(row.run_id, "success", output)


def _uvicorn_exit_probe() -> Callable[[], bool] | None:
    """Whether uvicorn began shutting down, read from its signal handler's server.

    uvicorn installs ``Server.handle_exit`` for SIGINT/SIGTERM (in every worker process) and then
    waits for open connections before the app's lifespan ends, so the open ``/v1/events``
    streams must end as soon as its ``should_exit`` is set, not at lifespan shutdown.
    """
    for sig in (signal.SIGTERM, signal.SIGINT):
        owner = getattr(signal.getsignal(sig), "__self__", None)
        if owner is not None and hasattr(owner, "should_exit"):
            return lambda: bool(owner.should_exit)
    return None


async def _end_streams_on_exit(
    state: ServerState, probe: Callable[[], bool], stop: asyncio.Event
) -> None:
    while not stop.is_set():
        if probe():
            log.info("Shutting down: ending the open event streams")
            state.hub.close()
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)


def _start_timers(state: ServerState, stop: asyncio.Event) -> asyncio.Task[None] | None:
    try:
        from roles.timer.service import TimerService
    except ImportError:  # pragma: no cover - the timer role is part of the package
        log.warning("roles.timer is not importable: timers will not fire notifications")
        return None

    def notification(fired: FiredTimer) -> ev.Notification:
        timer = fired.timer
        return ev.Notification(
            title=fired.text,
            body=timer.message or timer.label or "",
            data={
                "timer_id": timer.id,
                "kind": timer.kind,
                "late": fired.late,
                "fired_at": fired.fired_at.isoformat(),
                **(
                    {"command": timer.command, "thread_id": f"timer-{timer.id}"}
                    if timer.command
                    else {}
                ),
            },
        )

    async def notify(fired: FiredTimer) -> None:
        await state.broadcast(fired.user or None, notification(fired))

    async def notices(fired: FiredTimer) -> list[tuple[str, str]]:
        assert state.relay is not None
        return list(await state.relay.notices(fired.user or None, notification(fired)))

    # On PostgreSQL the NOTIFY commits with the timer's "fired" mark: heard exactly once.
    from roles.timer.service import command_runner

    service = TimerService(
        state.system.engine.runtime,
        notify,
        notices=notices if state.relay is not None else None,
        run=command_runner(state.system),  # "turn off the lights in 10 minutes"
    )
    return asyncio.create_task(service.run(stop), name="agent-system-timers")


def _install_handlers(app: FastAPI) -> None:
    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(exc)

    async def auth_error(request: Request, exc: Exception) -> Response:
        message = exc.message if isinstance(exc, AuthError) else "Unauthorized."
        return JSONResponse(
            error_body(message, "authentication_error", "invalid_api_key"),
            status_code=401,
            headers={"WWW-Authenticate": "Bearer"},
        )

    async def rate_limited(request: Request, exc: Exception) -> Response:
        retry = exc.retry_after if isinstance(exc, RateLimited) else 60
        return JSONResponse(
            error_body(
                f"Rate limit exceeded for this API key; retry after {retry} s.",
                "rate_limit_error",
                "rate_limit_exceeded",
            ),
            status_code=429,
            headers={"Retry-After": str(retry)},
        )

    async def invalid(request: Request, exc: Exception) -> Response:
        errors = exc.errors() if isinstance(exc, RequestValidationError) else []
        problems: dict[str, list[str]] = {}
        for err in errors:
            problems.setdefault(_field_name(err.get("loc", ())), []).append(
                str(err.get("msg", "invalid"))
            )
        text = "; ".join(
            f"{name}: {' or '.join(dict.fromkeys(msgs))}" for name, msgs in problems.items()
        )
        return JSONResponse(
            error_body(
                f"Invalid request: {text}",
                "invalid_request_error",
                None,
                next(iter(problems), None),
            ),
            status_code=422,
        )

    async def not_found(request: Request, exc: Exception) -> Response:
        thread = exc.thread_id if isinstance(exc, ThreadNotFoundError) else "?"
        return JSONResponse(
            error_body(f"No thread {thread!r} for this user.", "not_found_error", "not_found"),
            status_code=404,
        )

    async def agent_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, AgentSystemError)
        if isinstance(exc, StorageError):  # disk full, locked, read-only: the server goes on
            log.error("storage error while serving: %s", exc.message)
            return JSONResponse(
                error_body(exc.message, "server_error", "storage_unavailable"),
                status_code=503,
                headers={"Retry-After": "30"},
            )
        if isinstance(exc, ConfigurationError):
            log.error("configuration error while serving: %s", exc.message)
            return JSONResponse(
                error_body(exc.message, "server_error", str(exc.code)), status_code=500
            )
        return JSONResponse(error_body(exc.message, "conflict", "conflict"), status_code=409)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        return JSONResponse(
            error_body(str(exc.detail), "invalid_request_error"),
            status_code=exc.status_code,
            headers=exc.headers,
        )

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(AuthError, auth_error)
    app.add_exception_handler(RateLimited, rate_limited)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(ThreadNotFoundError, not_found)
    app.add_exception_handler(AgentSystemError, agent_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    # Unexpected errors: CrashGuardMiddleware (a handler for Exception would drop the connection).


_UNION_TAGS = {"str", "int", "float", "bool", "none", "dict", "list"}


def _field_name(loc: Any) -> str:
    """``('body', 'messages', 0, 'role')`` -> ``messages.0.role``; union tags are dropped and
    the location kept for path, query and header parameters (``path.thread_id``)."""
    parts: list[str] = []
    for index, part in enumerate(loc):
        if index == 0 and part == "body":
            continue
        text = str(part)
        if index > 1 and (text in _UNION_TAGS or "[" in text or "-" in text):
            break
        parts.append(text)
    return ".".join(parts) or "body"


def check_bind(settings: Settings, host: str, open_: bool) -> None:
    """Refuse to start without keys unless `open_`, and `open_` only on a loopback host."""
    if ApiKeys(settings.api_keys, open_=open_).open and not is_loopback(host):
        raise ConfigurationError(
            f"--open serves without authentication, so it only binds a loopback address, not "
            f"{host!r}: use --host 127.0.0.1, or set AGENT_SYSTEM_API_KEYS to serve on {host!r}."
        )


def serve(
    settings: Settings,
    host: str | None = None,
    port: int | None = None,
    open_: bool = False,
    workers: int = 1,
) -> None:
    """Run the server with uvicorn until interrupted (SIGINT/SIGTERM shut it down gracefully).

    Raises:
        ConfigurationError: no API keys without `open_`, or `open_` on a non-loopback host.
    """
    import uvicorn

    host = host or settings.host
    port = settings.port if port is None else port
    check_bind(settings, host, open_)
    options = uvicorn_options(host, port)
    if workers <= 1:
        uvicorn.run(create_app(settings, open_=open_, tune_gc=True), **options)
        return
    os.environ[_SETTINGS_ENV] = _settings_json(settings)
    os.environ[_OPEN_ENV] = "1" if open_ else ""
    uvicorn.run("agent_system.server._app:app_from_env", factory=True, workers=workers, **options)


def uvicorn_options(host: str, port: int, **overrides: Any) -> dict[str, Any]:
    """The options `serve` runs uvicorn with (the load benchmark runs the same)."""
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "proxy_headers": True,
        "timeout_graceful_shutdown": 45,
        "log_level": "info",
    }
    return {**options, **overrides}


def app_from_env() -> FastAPI:
    """The app of one worker process (``serve(workers=N)``): settings handed down by `serve`,
    else read from the environment and config file."""
    raw = os.environ.get(_SETTINGS_ENV)
    settings = Settings(**json.loads(raw)) if raw else Settings()
    return create_app(settings, open_=bool(os.environ.get(_OPEN_ENV)), tune_gc=True)


def _settings_json(settings: Settings) -> str:
    """The settings as JSON for worker processes (secrets included: env, never logs)."""

    def reveal(value: Any) -> Any:
        if isinstance(value, SecretStr):
            return value.get_secret_value()
        if isinstance(value, list):
            return [reveal(v) for v in value]
        return value

    data = {name: reveal(getattr(settings, name)) for name in type(settings).model_fields}
    return json.dumps(data, default=str)


def _route_tool_notifications(state: ServerState) -> None:
    """Plans' notifications (the `notification.send` tool, step intents) reach the user's open
    ``GET /v1/events`` streams: the core tools' "event" channel publishes to the server's hub,
    and it is the default channel in server mode (nobody reads a server's console)."""
    from tools.notification import HUB_KEY, NotificationHub, NotificationMessage

    runtime = state.system.engine.runtime
    tools_hub = runtime.resource(HUB_KEY, NotificationHub.from_runtime)

    async def publish(message: NotificationMessage) -> None:
        await state.broadcast(
            message.user,
            ev.Notification(
                title=message.title,
                body=message.body,
                thread_id=message.thread_id,
                data=dict(message.data),
            ),
        )

    tools_hub.register("event", publish)
    tools_hub.default_channel = "event"
