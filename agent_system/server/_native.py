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
from agent_system.server._common import (
    THREAD_ID_PATTERN,
    ApiError,
    Caller,
    ServerState,
    failure_body,
    server_state,
)
from agent_system.server._runs import RunFailed, RunHandle, sse

__all__ = ["ApprovalRequest", "RunRequest", "router", "stream_events"]

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
    """The run's events as SSE: ``event: <type>`` and ``data: <event json>``."""
    async for item in handle.events(first):
        if isinstance(item, RunFailed):
            yield sse("error", failure_body(item.error))
            return
        yield sse(item.type, item.model_dump(mode="json"))


async def _respond(handle: RunHandle, stream: bool) -> Response:
    first = await handle.started()
    if stream:
        return StreamingResponse(
            stream_events(handle, first),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
    async for item in handle.events(first):
        if isinstance(item, RunFailed):
            raise item.error
        if isinstance(item, ev.RunFinished):
            return Response(
                item.result.model_dump_json(), media_type="application/json", status_code=200
            )
    raise ApiError(500, "The run ended without a result.", type_="server_error")


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
    state = server_state(request)
    events = state.system.astream(body.text, thread_id, caller.user, area=body.area)
    handle = state.runs.start("run", events)
    return await _respond(handle, stream=False)


@router.post("/threads/{thread_id}/runs/stream")
async def run_stream(
    thread_id: ThreadId, body: RunRequest, request: Request, caller: Caller
) -> Response:
    """Answer one request, streaming its events as SSE; the last is ``run_finished``."""
    state = server_state(request)
    events = state.system.astream(body.text, thread_id, caller.user, area=body.area)
    handle = state.runs.start("run", events)
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
    return await _respond(state.runs.start("resume", events), stream=stream)


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
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
