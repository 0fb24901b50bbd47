"""The native API: threads, runs (JSON or SSE), approvals, tools and the notification stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response
from fastapi.encoders import jsonable_encoder
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from agent_system import events as ev
from agent_system.server._auth import Principal
from agent_system.server._common import (
    THREAD_ID_PATTERN,
    ApiError,
    Caller,
    ServerState,
    failure_body,
    server_state,
)
from agent_system.server._journal import RunRow, follow
from agent_system.server._runs import RunFailed, RunHandle, sse

__all__ = ["ApprovalRequest", "RunRequest", "answer_run", "router", "stream_events"]

router = APIRouter(prefix="/v1")

KEEPALIVE_S = 15.0
"""Seconds between SSE comments on idle streams (keeps proxies from closing them)."""


class RunRequest(BaseModel):
    """Body of ``POST /v1/threads/{id}/runs``."""

    model_config = ConfigDict(extra="forbid")
    text: str = Field(min_length=1, max_length=20_000, description="The request.")
    area: str | None = Field(
        default=None,
        max_length=200,
        description="The room the request comes from ('turn off the light' means the one there).",
    )


class ApprovalRequest(BaseModel):
    """Body of ``POST /v1/threads/{id}/approval``: approve all, deny all, or approve some steps."""

    model_config = ConfigDict(extra="forbid")
    approved: bool | list[str] = Field(
        description="true: approve every pending step; false: deny them; a list: the step ids "
        "to approve (the others are denied)."
    )

    def decision(self) -> bool | dict[str, list[str]]:
        """The value `AgentSystem.aresume` expects."""
        if isinstance(self.approved, bool):
            return self.approved
        return {"approved": list(self.approved)}


ThreadId = Annotated[str, Path(min_length=1, max_length=200, pattern=THREAD_ID_PATTERN)]


async def stream_events(
    handle: RunHandle, first: ev.Event | RunFailed | None
) -> AsyncIterator[bytes]:
    """The run's events as SSE: ``event: <type>``, ``id: <number>`` and ``data: <event json>``
    (the number continues the stream on any worker: ``GET /v1/runs/{run_id}/stream``)."""
    seq = 0
    async for item in handle.events(first):
        seq += 1
        if isinstance(item, RunFailed):
            yield sse("error", failure_body(item.error), seq)
            return
        yield sse(item.type, item.model_dump(mode="json"), seq)


_SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


async def _respond(handle: RunHandle, stream: bool) -> Response:
    first = await handle.started()
    where = {"Content-Location": f"/v1/runs/{handle.run_id}"}
    if stream:
        return StreamingResponse(
            stream_events(handle, first),
            media_type="text/event-stream",
            headers={**_SSE_HEADERS, **where},
        )
    async for item in handle.events(first):
        if isinstance(item, RunFailed):
            raise item.error
        if isinstance(item, ev.RunFinished):
            return Response(
                item.result.model_dump_json(),
                media_type="application/json",
                status_code=200,
                headers=where,
            )
    raise ApiError(500, "The run ended without a result.", type_="server_error")


def _start(
    state: ServerState, kind: str, events: AsyncIterator[ev.Event], thread_id: str, user: Any
) -> RunHandle:
    return state.runs.start(kind, events, thread_id=thread_id, user=user)


@router.post("/threads", status_code=201)
async def create_thread(request: Request, caller: Caller) -> dict[str, Any]:
    """Create an empty thread owned by the caller."""
    state = server_state(request)
    return dict(await state.system.acreate_thread(caller.user))


@router.get("/threads")
async def list_threads(request: Request, caller: Caller) -> dict[str, Any]:
    """The caller's threads, most recent first."""
    threads = await server_state(request).system.athreads(caller.user)
    return {"threads": jsonable_encoder(threads)}


async def _thread(state: ServerState, thread_id: str, user: str | None) -> dict[str, Any]:
    return await state.system.aget_thread(thread_id, user)


@router.get("/threads/{thread_id}")
async def get_thread(thread_id: ThreadId, request: Request, caller: Caller) -> Any:
    """The thread's history, last plan, last result and pending approval."""
    return jsonable_encoder(await _thread(server_state(request), thread_id, caller.user))


@router.delete("/threads/{thread_id}", status_code=204)
async def delete_thread(thread_id: ThreadId, request: Request, caller: Caller) -> Response:
    """Delete the thread's checkpoints and listing."""
    state = server_state(request)
    await state.system.adelete_thread(thread_id, caller.user)
    return Response(status_code=204)


@router.post("/threads/{thread_id}/runs")
async def run(thread_id: ThreadId, body: RunRequest, request: Request, caller: Caller) -> Response:
    """Answer one request on the thread; the body is the `RunResult`."""
    return await answer_run(server_state(request), thread_id, body, caller)


async def answer_run(
    state: ServerState, thread_id: str, body: RunRequest, caller: Principal
) -> Response:
    """``POST /v1/threads/{id}/runs`` once the request is checked (also `_direct`'s answer)."""
    events = state.system.astream(body.text, thread_id, caller.user, area=body.area)
    handle = _start(state, "run", events, thread_id, caller.user)
    return await _respond(handle, stream=False)


@router.post("/threads/{thread_id}/runs/stream")
async def run_stream(
    thread_id: ThreadId, body: RunRequest, request: Request, caller: Caller
) -> Response:
    """Answer one request, streaming its events as SSE; the last is ``run_finished``."""
    state = server_state(request)
    events = state.system.astream(body.text, thread_id, caller.user, area=body.area)
    handle = _start(state, "run", events, thread_id, caller.user)
    return await _respond(handle, stream=True)


@router.post("/threads/{thread_id}/approval")
async def approve(
    thread_id: ThreadId,
    body: ApprovalRequest,
    request: Request,
    caller: Caller,
    stream: Annotated[bool, Query(description="Stream events as SSE.")] = False,
) -> Response:
    """Answer the thread's pending approval (or continue a run cut off by a restart)."""
    state = server_state(request)
    await state.system.aget_thread(thread_id, caller.user)  # 404 before any work
    events = state.system.astream_resume(thread_id, body.decision(), caller.user)
    return await _respond(_start(state, "resume", events, thread_id, caller.user), stream=stream)


RunId = Annotated[str, Path(min_length=1, max_length=100)]


async def _run_row(state: ServerState, run_id: str, user: str | None) -> RunRow:
    row = await state.runs.journal.get(run_id)
    if row is None or row.user != user:
        raise ApiError(
            404,
            f"No run {run_id!r} for this user (runs are kept for a day after they end).",
            type_="not_found_error",
            code="not_found",
        )
    return row


def _after(last_event_id: str | None, after: int | None) -> int:
    if after is not None:
        return after
    try:
        return int((last_event_id or "0").strip() or 0)
    except ValueError:
        raise ApiError(
            422, "Last-Event-ID must be the number of an event of this run.", param="Last-Event-ID"
        ) from None


@router.get("/runs/{run_id}")
async def get_run(run_id: RunId, request: Request, caller: Caller) -> dict[str, Any]:
    """A run started on any worker: its thread, status (running, success, error) and, once it
    ended, its `RunResult`."""
    row = await _run_row(server_state(request), run_id, caller.user)
    return {
        "run_id": row.run_id,
        "thread_id": row.thread_id,
        "kind": row.kind,
        "status": row.status,
        "created_at": row.created_at.isoformat(),
        "updated_at": row.updated_at.isoformat(),
        "result": (row.output or {}).get("result"),
    }


@router.get("/runs/{run_id}/stream")
async def continue_stream(
    run_id: RunId,
    request: Request,
    caller: Caller,
    after: Annotated[int | None, Query(ge=0, description="Last event number received.")] = None,
) -> StreamingResponse:
    """Continue a run's event stream (on any worker): the events after ``Last-Event-ID`` (or
    ``after``), then each new one, until the run ends. The same SSE as the run's own stream."""
    state = server_state(request)
    row = await _run_row(state, run_id, caller.user)
    start = _after(request.headers.get("last-event-id"), after)

    async def body() -> AsyncIterator[bytes]:
        async for seq, item in follow(state.runs.journal, row.run_id, start):
            if "failed" in item:
                yield sse("error", item["failed"], seq)
                return
            event = item.get("event") or {}
            yield sse(str(event.get("type", "event")), event, seq)

    return StreamingResponse(body(), media_type="text/event-stream", headers=_SSE_HEADERS)


@router.get("/me/data")
async def export_my_data(request: Request, caller: Caller) -> Any:
    """Everything the caller has (conversations, memories, timers, calendar, lists, audit log)
    as one JSON document: the same as ``agent-system db export``."""
    return jsonable_encoder(await server_state(request).system.aexport_user(caller.user))


@router.delete("/me/data")
async def erase_my_data(request: Request, caller: Caller) -> dict[str, Any]:
    """Delete everything the caller has, from every store; entries deleted per store."""
    return {"erased": await server_state(request).system.aerase_user(caller.user)}


@router.get("/tools")
async def list_tools(request: Request, caller: Caller) -> dict[str, Any]:
    """The registry's tools with their JSON schemas."""
    registry = server_state(request).system.engine.registry
    tools = [
        {
            "name": spec.name,
            "description": spec.description,
            "parameters": spec.parameters,
            "side_effects": str(spec.side_effects),
            "requires_approval": spec.requires_approval,
            "idempotent": spec.idempotent,
            "tags": list(spec.tags),
            "source": spec.source,
        }
        for spec in sorted(registry, key=lambda s: s.name)
    ]
    return {"tools": tools}


@router.get("/events")
async def notifications(request: Request, caller: Caller) -> StreamingResponse:
    """The caller's notifications (fired timers...) as SSE ``notification`` events."""
    hub = server_state(request).hub
    queue = hub.subscribe(caller.user)

    async def body() -> AsyncIterator[bytes]:
        try:
            yield b": connected\n\n"
            while True:
                try:  # not wait_for: on 3.11 it can drop the cancel of a closed stream
                    async with asyncio.timeout(KEEPALIVE_S):
                        item = await queue.get()
                except TimeoutError:
                    yield b": keepalive\n\n"
                    continue
                if item is None:
                    return
                yield sse(item.type, item.model_dump(mode="json"))
        finally:
            hub.unsubscribe(caller.user, queue)

    return StreamingResponse(
        body(),
        media_type="text/event-stream",
        headers=_SSE_HEADERS,
    )
