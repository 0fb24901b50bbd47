"""The LangGraph run endpoints: stateful and stateless runs, streamed, waited on or in the
background, and reading or joining a run later."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict

from agent_system.api import ThreadNotFoundError
from agent_system.server._auth import Principal
from agent_system.server._common import ApiError, ServerState, server_state
from agent_system.server._journal import Journal, RunRow, follow
from agent_system.server._lgserver import threads as th
from agent_system.server._lgserver.routes import Caller, ThreadId, runs_of
from agent_system.server._lgserver.runs import Failure, LgRun, journal_item, read
from agent_system.server._lgserver.state import (
    ASSISTANT_ID,
    check_assistant,
    message_ids,
    public_values,
    request_message_id,
    request_text,
    resume_value,
)
from agent_system.server._lgserver.stream import (
    SUPPORTED_MODES,
    Final,
    Translator,
    error_data,
    modes_of,
)
from agent_system.server._runs import RunFailed, sse

__all__ = ["RunCreate", "router"]

router = APIRouter(tags=["langgraph"])

_KNOWN_MODES = SUPPORTED_MODES | {"debug", "tasks", "checkpoints", "tools", "lifecycle"}
_SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
RunId = Annotated[str, Path(min_length=1, max_length=100)]


# --- runs ------------------------------------------------------------------------------------
class RunCreate(BaseModel):
    """Body of the run endpoints (LangGraph's ``RunCreate``; unknown fields are ignored)."""

    model_config = ConfigDict(extra="ignore")
    assistant_id: str
    input: Any = None
    command: dict[str, Any] | None = None
    stream_mode: str | list[str] | None = None
    metadata: dict[str, Any] | None = None
    if_not_exists: Literal["create", "reject"] | None = None
    on_completion: Literal["delete", "keep"] | None = None
    interrupt_before: Any = None
    interrupt_after: Any = None
    checkpoint: dict[str, Any] | None = None
    checkpoint_id: str | None = None
    webhook: str | None = None
    after_seconds: float | None = None


def _check(body: RunCreate) -> frozenset[str]:
    check_assistant(body.assistant_id)
    unsupported = {
        "interrupt_before": body.interrupt_before,
        "interrupt_after": body.interrupt_after,
        "checkpoint": body.checkpoint or body.checkpoint_id,
        "webhook": body.webhook,
        "after_seconds": body.after_seconds,
    }
    for name, value in unsupported.items():
        if value:
            raise ApiError(
                422, f"{name} is not supported by this server: leave it out.", param=name
            )
    modes = modes_of(body.stream_mode)
    unknown = sorted(modes - _KNOWN_MODES)
    if unknown:
        raise ApiError(
            422,
            f"Unknown stream mode {unknown[0]!r}: use values, updates, custom, messages, "
            "messages-tuple or events.",
            param="stream_mode",
        )
    if body.command is not None:
        extra = sorted(k for k, v in body.command.items() if k != "resume" and v)
        if extra or "resume" not in body.command:
            raise ApiError(
                422,
                "Only command={'resume': ...} is supported (no goto or update).",
                param="command",
            )
        if body.input is not None:
            raise ApiError(422, "Send either input or command, not both.", param="command")
    return modes


async def _start(
    request: Request, caller: Principal, body: RunCreate, thread_id: str | None
) -> tuple[LgRun, Translator, asyncio.Queue[Any]]:
    """Start the run `body` asks for; errors before it starts are HTTP errors."""
    modes = _check(body)
    state, runs, user = server_state(request), runs_of(request), caller.user
    stateless = thread_id is None
    thread_id = thread_id or str(uuid.uuid4())
    if body.command is not None:
        if stateless:
            raise ApiError(422, "command needs a thread: POST /threads/{id}/runs.", param="command")
        snapshot = await th.snapshot(state, thread_id, user)
        if not snapshot.interrupts:
            raise ApiError(
                409,
                f"Thread {thread_id!r} is not waiting for approval: start a run with input.",
                type_="conflict",
                code="conflict",
            )
        values = dict(snapshot.values or {})
        text = str(values.get("request", ""))
        decision = resume_value(body.command["resume"], [i.id for i in snapshot.interrupts])
        events = state.system.astream_resume(thread_id, decision, user)
    else:
        text = request_text(body.input)
        values = await _values_or_create(state, thread_id, user, body, stateless)
        values = {**values, "request": text, "status": "running", "route": None, "plan": None}
        values.update(result=None, results={}, reply="")
        events = state.system.astream(text, thread_id, user)
    human_id, ai_id = message_ids(thread_id, list(values.get("history") or []), text)
    if (theirs := request_message_id(body.input)) is not None:
        await th.remember_id(state, thread_id, user, human_id, theirs)
    ids = await th.client_ids(state, thread_id, user)
    run_id = str(uuid.uuid4())
    handle = state.runs.start(
        "langgraph",
        events,
        thread_id=thread_id,
        user=user,
        run_id=run_id,
        metadata=body.metadata or {},
        finish_journal=False,  # the follower adds the final state, then marks it ended
    )
    first = await handle.started()
    run = runs.new(thread_id, user, body.metadata or {}, run_id=run_id)
    start = public_values(thread_id, values, (), ids)
    translator = Translator(run.run_id, thread_id, modes, start, ai_id)
    queue = run.attach()  # before the follower starts: the reader misses nothing
    runs.follow(state, run, handle, first, delete_after=stateless and body.on_completion != "keep")
    return run, translator, queue


async def _values_or_create(
    state: ServerState, thread_id: str, user: str | None, body: RunCreate, stateless: bool
) -> dict[str, Any]:
    if stateless:
        return {}
    try:
        return dict((await th.snapshot(state, thread_id, user)).values or {})
    except ThreadNotFoundError:
        if body.if_not_exists != "create":
            raise
        return {}


def _location(run: LgRun) -> dict[str, str]:
    return {"Content-Location": f"/threads/{run.thread_id}/runs/{run.run_id}"}


async def _parts(
    run: LgRun, translator: Translator, queue: asyncio.Queue[Any], run_input: Any
) -> AsyncIterator[bytes]:
    """The run's SSE body, in the translator's modes."""
    try:
        for name, data in translator.start(run_input):
            yield sse(name, data)
        async for item in read(queue):
            if isinstance(item, RunFailed):
                yield sse("error", error_data(item.error))
                return
            parts = (
                translator.finish(item) if isinstance(item, Final) else translator.on_event(item)
            )
            for name, data in parts:
                yield sse(name, data)
    finally:
        run.detach(queue)


async def _stream(
    request: Request, caller: Principal, body: RunCreate, thread_id: str | None
) -> Response:
    run, translator, queue = await _start(request, caller, body, thread_id)
    return StreamingResponse(
        _parts(run, translator, queue, body.input if body.command is None else body.command),
        media_type="text/event-stream",
        headers={**_SSE_HEADERS, **_location(run)},
    )


async def _wait(
    request: Request, caller: Principal, body: RunCreate, thread_id: str | None
) -> Response:
    run, _, queue = await _start(request, caller, body, thread_id)
    run.detach(queue)
    await run.done.wait()
    return JSONResponse(run.output(), headers=_location(run))


async def _background(
    request: Request, caller: Principal, body: RunCreate, thread_id: str | None
) -> Response:
    run, _, queue = await _start(request, caller, body, thread_id)
    run.detach(queue)
    return JSONResponse(run.json(), headers=_location(run))


@router.post("/threads/{thread_id}/runs/stream")
async def stream_run(
    thread_id: ThreadId, body: RunCreate, request: Request, caller: Caller
) -> Response:
    """Run on the thread, streaming the requested modes as SSE."""
    return await _stream(request, caller, body, thread_id)


@router.post("/threads/{thread_id}/runs/wait")
async def wait_run(
    thread_id: ThreadId, body: RunCreate, request: Request, caller: Caller
) -> Response:
    """Run on the thread and return its final state."""
    return await _wait(request, caller, body, thread_id)


@router.post("/threads/{thread_id}/runs")
async def create_run(
    thread_id: ThreadId, body: RunCreate, request: Request, caller: Caller
) -> Response:
    """Start a run in the background; read it with ``GET .../runs/{run_id}`` or ``/join``."""
    return await _background(request, caller, body, thread_id)


@router.post("/runs/stream")
async def stream_stateless(body: RunCreate, request: Request, caller: Caller) -> Response:
    """Run on a temporary thread (deleted afterwards unless on_completion='keep'), streaming."""
    return await _stream(request, caller, body, None)


@router.post("/runs/wait")
async def wait_stateless(body: RunCreate, request: Request, caller: Caller) -> Response:
    """Run on a temporary thread and return its final state."""
    return await _wait(request, caller, body, None)


@router.post("/runs")
async def create_stateless(body: RunCreate, request: Request, caller: Caller) -> Response:
    """Start a run on a temporary thread in the background."""
    return await _background(request, caller, body, None)


@router.get("/threads/{thread_id}/runs")
async def list_runs(thread_id: ThreadId, request: Request, caller: Caller) -> list[dict[str, Any]]:
    """The thread's runs, newest first (those of every worker sharing the run journal)."""
    await th.snapshot(server_state(request), thread_id, caller.user)
    local = runs_of(request).of_thread(thread_id, caller.user)
    known = {run.run_id for run in local}
    rows = await server_state(request).runs.journal.of_thread(thread_id)
    others = [
        _row_json(row)
        for row in rows
        if row.run_id not in known and row.user == caller.user and row.kind == "langgraph"
    ]
    return sorted(
        [run.json() for run in local] + others, key=lambda r: str(r["created_at"]), reverse=True
    )


def _not_found(thread_id: str, run_id: str) -> ApiError:
    return ApiError(
        404,
        f"No run {run_id!r} on thread {thread_id!r} for this user (runs are kept for a day "
        "after they end).",
        type_="not_found_error",
        code="not_found",
    )


async def _find(request: Request, thread_id: str, run_id: str, user: str | None) -> LgRun | RunRow:
    """The run: this process's record, else the journal's (started on another worker)."""
    run = runs_of(request).get(thread_id, run_id, user)
    if run is not None:
        return run
    row = await server_state(request).runs.journal.get(run_id)
    if row is None or row.thread_id != thread_id or row.user != user or row.kind != "langgraph":
        raise _not_found(thread_id, run_id)
    return row


def _row_json(row: RunRow) -> dict[str, Any]:
    return {
        "run_id": row.run_id,
        "thread_id": row.thread_id,
        "assistant_id": ASSISTANT_ID,
        "created_at": row.created_at.isoformat(),
        "updated_at": row.updated_at.isoformat(),
        "status": row.status,
        "metadata": row.metadata,
        "multitask_strategy": "enqueue",
        "kwargs": {},
    }


@router.get("/threads/{thread_id}/runs/{run_id}")
async def get_run(
    thread_id: ThreadId, run_id: RunId, request: Request, caller: Caller
) -> dict[str, Any]:
    """The run: status (pending, running, success, error), times, metadata."""
    run = await _find(request, thread_id, run_id, caller.user)
    return run.json() if isinstance(run, LgRun) else _row_json(run)


@router.get("/threads/{thread_id}/runs/{run_id}/join")
async def join_run(
    thread_id: ThreadId, run_id: RunId, request: Request, caller: Caller
) -> dict[str, Any]:
    """Wait for the run to end; its final state (as ``/runs/wait``)."""
    run = await _find(request, thread_id, run_id, caller.user)
    if isinstance(run, LgRun):
        await run.done.wait()
        return run.output()
    journal = server_state(request).runs.journal
    row: RunRow | None = run
    while row is not None and not row.ended:
        await journal.wait(run_id, 1.0)
        row = await journal.get(run_id)
    return dict(row.output or {}) if row is not None else {}


@router.get("/threads/{thread_id}/runs/{run_id}/stream")
async def join_stream(
    thread_id: ThreadId,
    run_id: RunId,
    request: Request,
    caller: Caller,
    stream_mode: Annotated[list[str] | None, Query()] = None,
) -> Response:
    """Stream the run's events from now on, on any worker; with ``Last-Event-ID`` (the ``id``
    of an event this stream sent) the events after that one."""
    run = await _find(request, thread_id, run_id, caller.user)
    state = server_state(request)
    snapshot = await th.snapshot(state, thread_id, caller.user)
    ids = await th.client_ids(state, thread_id, caller.user)
    values = public_values(thread_id, dict(snapshot.values or {}), snapshot.interrupts, ids)
    translator = Translator(run_id, thread_id, modes_of(stream_mode), values, "")
    last = request.headers.get("last-event-id")
    if isinstance(run, LgRun) and last is None:
        queue = run.attach()
        return StreamingResponse(
            _parts(run, translator, queue, None),
            media_type="text/event-stream",
            headers=_SSE_HEADERS,
        )
    journal = state.runs.journal
    if last is not None and last.strip().isdigit():
        after = int(last)
    else:  # from now on
        after = max((seq for seq, _ in await journal.items(run_id, 0)), default=0)
    return StreamingResponse(
        _journal_parts(journal, run_id, after, translator),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )


async def _journal_parts(
    journal: Journal, run_id: str, after: int, translator: Translator
) -> AsyncIterator[bytes]:
    """A run's SSE body read from the journal (each part's ``id`` is its item's number)."""
    for name, data in translator.start(None):
        yield sse(name, data)
    async for seq, raw in follow(journal, run_id, after):
        item = journal_item(raw)
        if isinstance(item, Failure):
            yield sse("error", item.data(), seq)
            return
        parts = translator.finish(item) if isinstance(item, Final) else translator.on_event(item)
        for name, data in parts:
            yield sse(name, data, seq)


_NOT_HERE = {
    "/runs/crons": "Crons are not supported by this server: schedule runs from your own code.",
    "/store": "The store API is not supported by this server.",
}


@router.api_route(
    "/runs/crons{rest:path}", methods=["GET", "POST", "PATCH", "DELETE"], include_in_schema=False
)
@router.api_route(
    "/threads/{thread_id}/runs/crons{rest:path}", methods=["POST"], include_in_schema=False
)
async def crons(caller: Caller) -> None:
    """Not supported."""
    raise ApiError(404, _NOT_HERE["/runs/crons"], type_="not_found_error", code="not_supported")


@router.api_route(
    "/store/{rest:path}", methods=["GET", "PUT", "POST", "DELETE"], include_in_schema=False
)
async def store(caller: Caller) -> None:
    """Not supported."""
    raise ApiError(404, _NOT_HERE["/store"], type_="not_found_error", code="not_supported")
