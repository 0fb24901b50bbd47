"""The LangGraph server API's endpoints: assistants, threads, their state, and runs.

Every endpoint but ``/info`` needs an API key, as ``x-api-key`` (what `langgraph-sdk` sends) or
``Authorization: Bearer``; each key sees only its own threads (others are 404).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from agent_system.server._auth import AuthError, Principal
from agent_system.server._common import THREAD_ID_PATTERN, ApiError, server_state
from agent_system.server._lgserver import threads as th
from agent_system.server._lgserver.runs import LgRuns
from agent_system.server._lgserver.state import (
    GRAPH_ID,
    assistant_json,
    check_assistant,
    schemas_json,
)

__all__ = ["Caller", "ThreadId", "router", "runs_of"]

router = APIRouter(tags=["langgraph"])


async def _caller(request: Request) -> Principal:
    """The caller, by ``x-api-key`` or ``Authorization: Bearer``; rate-limited like the rest."""
    state = server_state(request)
    header = request.headers.get("authorization")
    key = request.headers.get("x-api-key")
    if not header and key:
        header = f"Bearer {key.strip()}"
    if not header and not state.keys.open:
        raise AuthError(
            "Missing API key: send 'x-api-key: <key>' or 'Authorization: Bearer <key>'."
        )
    principal = state.keys.authenticate(header)
    await state.limiter.aacquire(principal.key_digest or "open")
    return principal


Caller = Annotated[Principal, Depends(_caller)]
ThreadId = Annotated[str, Path(min_length=1, max_length=200, pattern=THREAD_ID_PATTERN)]


def runs_of(request: Request) -> LgRuns:
    runs: LgRuns = request.app.state.langgraph_runs
    return runs


@router.get("/info")
async def info() -> dict[str, Any]:
    """What this server supports (no key needed; LangGraph tools probe it)."""
    return {
        "version": "0.1.0",
        "flags": {"assistants": True, "crons": False, "langsmith": False, "store": False},
    }


# --- assistants ------------------------------------------------------------------------------
class AssistantSearch(BaseModel):
    """Body of ``POST /assistants/search`` and ``/assistants/count``."""

    model_config = ConfigDict(extra="ignore")
    graph_id: str | None = None
    name: str | None = None
    metadata: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=0, le=1000)
    offset: int = Field(default=0, ge=0)


def _matching(body: AssistantSearch) -> list[dict[str, Any]]:
    assistant = assistant_json()
    meta = body.metadata or {}
    ok = (
        body.graph_id in (None, GRAPH_ID)
        and (body.name or "").lower() in assistant["name"].lower()
        and all(assistant["metadata"].get(k) == v for k, v in meta.items())
    )
    return [assistant] if ok else []


@router.post("/assistants/search")
async def search_assistants(body: AssistantSearch, caller: Caller) -> list[dict[str, Any]]:
    """The one assistant, if it matches the filters."""
    return _matching(body)[body.offset : body.offset + body.limit]


@router.post("/assistants/count")
async def count_assistants(body: AssistantSearch, caller: Caller) -> int:
    """How many assistants match (0 or 1)."""
    return len(_matching(body))


@router.post("/assistants")
async def create_assistant(caller: Caller) -> None:
    """Not supported: the assistant is fixed."""
    raise ApiError(
        405,
        f"Creating assistants is not supported: this server serves one, {GRAPH_ID!r}; "
        "use it by that name.",
    )


@router.get("/assistants/{assistant_id}")
async def get_assistant(assistant_id: str, caller: Caller) -> dict[str, Any]:
    """The assistant: the meta-planner graph."""
    check_assistant(assistant_id)
    return assistant_json()


@router.get("/assistants/{assistant_id}/graph")
async def get_graph(
    assistant_id: str, request: Request, caller: Caller, xray: str = "false"
) -> dict[str, Any]:
    """The graph's nodes and edges (what ``RemoteGraph.get_graph()`` draws)."""
    check_assistant(assistant_id)
    depth: int | bool = int(xray) if xray.isdigit() else xray.lower() == "true"
    drawable = server_state(request).system.graph.get_graph(xray=depth)
    return dict(drawable.to_json())


@router.get("/assistants/{assistant_id}/schemas")
async def get_schemas(assistant_id: str, caller: Caller) -> dict[str, Any]:
    """The input, output and state JSON schemas."""
    check_assistant(assistant_id)
    return schemas_json()


@router.get("/assistants/{assistant_id}/subgraphs")
async def get_subgraphs(assistant_id: str, caller: Caller) -> dict[str, Any]:
    """The graph has no subgraphs."""
    check_assistant(assistant_id)
    return {}


# --- threads ---------------------------------------------------------------------------------
class ThreadCreate(BaseModel):
    """Body of ``POST /threads``."""

    model_config = ConfigDict(extra="ignore")
    thread_id: str | None = Field(
        default=None, min_length=1, max_length=200, pattern=THREAD_ID_PATTERN
    )
    metadata: dict[str, Any] | None = None
    if_exists: Literal["raise", "do_nothing"] | None = None


class ThreadSearch(BaseModel):
    """Body of ``POST /threads/search``."""

    model_config = ConfigDict(extra="ignore")
    ids: list[str] | None = None
    metadata: dict[str, Any] | None = None
    status: str | None = None
    limit: int = Field(default=10, ge=0, le=1000)
    offset: int = Field(default=0, ge=0)


class ThreadPatch(BaseModel):
    """Body of ``PATCH /threads/{id}``."""

    model_config = ConfigDict(extra="ignore")
    metadata: dict[str, Any] = Field(default_factory=dict)


class HistoryRequest(BaseModel):
    """Body of ``POST /threads/{id}/history``."""

    model_config = ConfigDict(extra="ignore")
    limit: int = Field(default=10, ge=1, le=1000)
    before: str | dict[str, Any] | None = None
    checkpoint: dict[str, Any] | None = None


class CheckpointRequest(BaseModel):
    """Body of ``POST /threads/{id}/state/checkpoint``."""

    model_config = ConfigDict(extra="ignore")
    checkpoint: dict[str, Any] = Field(default_factory=dict)


@router.post("/threads")
async def create_thread(body: ThreadCreate, request: Request, caller: Caller) -> dict[str, Any]:
    """Create a thread (optionally with its id and metadata)."""
    state, runs = server_state(request), runs_of(request)
    if body.thread_id is not None and await th.exists(state, body.thread_id, caller.user):
        if body.if_exists != "do_nothing":
            raise ApiError(
                409,
                f"Thread {body.thread_id!r} already exists: pass if_exists='do_nothing' to "
                "reuse it.",
                type_="conflict",
                code="conflict",
            )
        return await th.thread_json(state, runs, body.thread_id, caller.user)
    info = await state.system.acreate_thread(caller.user, body.thread_id)
    thread_id = str(info["thread_id"])
    if body.metadata:
        await th.save_metadata(state, thread_id, caller.user, body.metadata)
    return await th.thread_json(state, runs, thread_id, caller.user)


@router.post("/threads/search")
async def search_threads(body: ThreadSearch, request: Request, caller: Caller) -> list[Any]:
    """The caller's threads, most recent first, filtered by ids, metadata and status."""
    state, runs = server_state(request), runs_of(request)
    found: list[dict[str, Any]] = []
    for info in await state.system.athreads(caller.user):
        thread_id = str(info["thread_id"])
        meta = th.metadata_of(info)
        if body.ids is not None and thread_id not in body.ids:
            continue
        if any(meta.get(k) != v for k, v in (body.metadata or {}).items()):
            continue
        thread = await th.thread_json(state, runs, thread_id, caller.user, info)
        if body.status is None or thread["status"] == body.status:
            found.append(thread)
    return found[body.offset : body.offset + body.limit]


@router.get("/threads/{thread_id}")
async def get_thread(thread_id: ThreadId, request: Request, caller: Caller) -> dict[str, Any]:
    """The thread: status, metadata, state values and interrupts."""
    return await th.thread_json(server_state(request), runs_of(request), thread_id, caller.user)


@router.patch("/threads/{thread_id}")
async def patch_thread(
    thread_id: ThreadId, body: ThreadPatch, request: Request, caller: Caller
) -> dict[str, Any]:
    """Merge `metadata` into the thread's."""
    state = server_state(request)
    await th.snapshot(state, thread_id, caller.user)
    await th.save_metadata(state, thread_id, caller.user, body.metadata)
    return await th.thread_json(state, runs_of(request), thread_id, caller.user)


@router.delete("/threads/{thread_id}", status_code=204)
async def delete_thread(thread_id: ThreadId, request: Request, caller: Caller) -> Response:
    """Delete the thread and its checkpoints."""
    state = server_state(request)
    await state.system.adelete_thread(thread_id, caller.user)
    await th.forget_ids(state, thread_id, caller.user)
    return Response(status_code=204)


@router.get("/threads/{thread_id}/state")
async def get_state(thread_id: ThreadId, request: Request, caller: Caller) -> dict[str, Any]:
    """The thread's current state, next nodes, tasks and interrupts."""
    state = server_state(request)
    return await th.state_json(
        state, thread_id, caller.user, await th.snapshot(state, thread_id, caller.user)
    )


@router.post("/threads/{thread_id}/state")
async def update_state(thread_id: ThreadId, request: Request, caller: Caller) -> None:
    """Not supported: a thread changes only through runs."""
    await th.snapshot(server_state(request), thread_id, caller.user)  # 404 for others' threads
    raise ApiError(
        405,
        "Updating a thread's state is not supported: start a run with input, or answer an "
        "approval with command={'resume': ...}.",
    )


@router.get("/threads/{thread_id}/state/{checkpoint_id}")
async def get_state_at(
    thread_id: ThreadId, checkpoint_id: str, request: Request, caller: Caller
) -> dict[str, Any]:
    """The thread's state at one checkpoint."""
    return await th.state_at(server_state(request), thread_id, checkpoint_id, caller.user)


@router.post("/threads/{thread_id}/state/checkpoint")
async def post_state_at(
    thread_id: ThreadId, body: CheckpointRequest, request: Request, caller: Caller
) -> dict[str, Any]:
    """The thread's state at ``checkpoint.checkpoint_id`` (the latest without one)."""
    state = server_state(request)
    checkpoint_id = body.checkpoint.get("checkpoint_id")
    if not checkpoint_id:
        return await th.state_json(
            state, thread_id, caller.user, await th.snapshot(state, thread_id, caller.user)
        )
    return await th.state_at(state, thread_id, str(checkpoint_id), caller.user)


@router.post("/threads/{thread_id}/history")
async def post_history(
    thread_id: ThreadId, body: HistoryRequest, request: Request, caller: Caller
) -> list[dict[str, Any]]:
    """The thread's past states, newest first."""
    before = body.before.get("checkpoint_id") if isinstance(body.before, dict) else body.before
    at = (body.checkpoint or {}).get("checkpoint_id")
    state = server_state(request)
    return await th.history(state, thread_id, caller.user, body.limit, before, at)


@router.get("/threads/{thread_id}/history")
async def get_history(
    thread_id: ThreadId,
    request: Request,
    caller: Caller,
    limit: Annotated[int, Query(ge=1, le=1000)] = 10,
    before: str | None = None,
) -> list[dict[str, Any]]:
    """The thread's past states, newest first."""
    return await th.history(server_state(request), thread_id, caller.user, limit, before, None)
