"""Threads as LangGraph clients see them: the listing, status, state and past states."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from langchain_core.runnables import RunnableConfig

from agent_system.api import ThreadNotFoundError
from agent_system.server._common import ApiError, ServerState
from agent_system.server._lgserver.state import (
    ASSISTANT_ID,
    GRAPH_ID,
    interrupt_json,
    public_values,
    thread_state_json,
)

if TYPE_CHECKING:
    from agent_system.server._lgserver.runs import LgRuns

__all__ = [
    "client_ids",
    "exists",
    "forget_ids",
    "history",
    "metadata_of",
    "remember_id",
    "save_metadata",
    "snapshot",
    "state_at",
    "state_json",
    "thread_json",
]


def _config(thread_id: str, checkpoint_id: str | None = None) -> RunnableConfig:
    conf: dict[str, Any] = {"thread_id": thread_id}
    if checkpoint_id:
        conf["checkpoint_id"] = checkpoint_id
    return {"configurable": conf}


async def snapshot(state: ServerState, thread_id: str, user: str | None) -> Any:
    """The thread's latest `StateSnapshot`; `ThreadNotFoundError` (404) unless it is `user`'s."""
    await state.system.aget_thread(thread_id, user)
    return await state.system.graph.aget_state(_config(thread_id))


async def exists(state: ServerState, thread_id: str, user: str | None) -> bool:
    """Whether `user` has the thread."""
    try:
        await state.system.aget_thread(thread_id, user)
    except ThreadNotFoundError:
        return False
    return True


def _listing_key(thread_id: str, user: str | None) -> tuple[tuple[str, str], str]:
    """Where `AgentSystem` lists the thread in the store (see `AgentSystem.athreads`)."""
    return ("threads", user or "_local"), thread_id


async def _listing(state: ServerState, thread_id: str, user: str | None) -> dict[str, Any]:
    store = state.system.engine.runtime.store
    if store is None:
        return {}
    item = await store.aget(*_listing_key(thread_id, user))
    return dict(item.value) if item is not None else {}


def _ids_namespace(thread_id: str, user: str | None) -> tuple[str, ...]:
    return ("langgraph_message_ids", user or "_local", thread_id)


async def client_ids(state: ServerState, thread_id: str, user: str | None) -> dict[str, str]:
    """Our message ids -> the ids clients gave those messages (see `request_message_id`)."""
    store = state.system.engine.runtime.store
    if store is None:
        return {}
    items = await store.asearch(_ids_namespace(thread_id, user), limit=1000)
    return {item.key: str(item.value.get("id")) for item in items}


async def remember_id(
    state: ServerState, thread_id: str, user: str | None, ours: str, theirs: str
) -> None:
    """Show our message `ours` under the client's id `theirs` from now on."""
    store = state.system.engine.runtime.store
    if store is not None and ours != theirs:
        await store.aput(_ids_namespace(thread_id, user), ours, {"id": theirs})


async def forget_ids(state: ServerState, thread_id: str, user: str | None) -> None:
    """Drop a deleted thread's message ids."""
    store = state.system.engine.runtime.store
    if store is None:
        return
    for ours in await client_ids(state, thread_id, user):
        await store.adelete(_ids_namespace(thread_id, user), ours)


async def state_json(
    state: ServerState, thread_id: str, user: str | None, snap: Any
) -> dict[str, Any]:
    """`snap` as ``GET /threads/{id}/state`` returns it."""
    return thread_state_json(thread_id, snap, await client_ids(state, thread_id, user))


def metadata_of(info: dict[str, Any]) -> dict[str, Any]:
    """A thread's metadata: what clients set, and the assistant every thread here belongs to
    (LangGraph's server adds these on a thread's first run; UIs list threads by them)."""
    return {"graph_id": GRAPH_ID, "assistant_id": ASSISTANT_ID, **(info.get("metadata") or {})}


async def save_metadata(
    state: ServerState, thread_id: str, user: str | None, metadata: dict[str, Any]
) -> None:
    """Merge `metadata` into the thread's listing (``POST /threads``, ``PATCH``)."""
    store = state.system.engine.runtime.store
    if store is None:
        return
    value = await _listing(state, thread_id, user)
    value["metadata"] = {**(value.get("metadata") or {}), **metadata}
    await store.aput(*_listing_key(thread_id, user), value)


async def thread_json(
    state: ServerState,
    runs: LgRuns,
    thread_id: str,
    user: str | None,
    info: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The thread as ``GET /threads/{id}`` returns it (404 unless it is `user`'s)."""
    snap = await snapshot(state, thread_id, user)
    info = info if info is not None else await _listing(state, thread_id, user)
    if runs.busy(thread_id):
        status = "busy"
    elif snap.interrupts:
        status = "interrupted"
    else:
        last = runs.of_thread(thread_id, user)[:1]
        status = "error" if last and last[0].status == "error" else "idle"
    return {
        "thread_id": thread_id,
        "created_at": info.get("created_at") or snap.created_at,
        "updated_at": info.get("updated_at") or snap.created_at,
        "metadata": metadata_of(info),
        "status": status,
        "values": public_values(
            thread_id,
            dict(snap.values or {}),
            snap.interrupts,
            await client_ids(state, thread_id, user),
        ),
        "interrupts": {
            task.id: [interrupt_json(i) for i in task.interrupts]
            for task in snap.tasks
            if task.interrupts
        },
        "config": {},
    }


async def state_at(
    state: ServerState, thread_id: str, checkpoint_id: str, user: str | None
) -> dict[str, Any]:
    """The thread's state at one of its checkpoints (404 if it has no such checkpoint)."""
    await snapshot(state, thread_id, user)
    snap = await state.system.graph.aget_state(_config(thread_id, checkpoint_id))
    if not snap.values and snap.created_at is None:
        raise ApiError(
            404,
            f"Thread {thread_id!r} has no checkpoint {checkpoint_id!r}.",
            type_="not_found_error",
            code="not_found",
        )
    return await state_json(state, thread_id, user, snap)


async def history(
    state: ServerState,
    thread_id: str,
    user: str | None,
    limit: int,
    before: str | None,
    at: str | None,
) -> list[dict[str, Any]]:
    """The thread's states, newest first: at most `limit`, older than `before`, from `at`."""
    await snapshot(state, thread_id, user)
    ids = await client_ids(state, thread_id, user)
    found: list[dict[str, Any]] = []
    async for snap in state.system.graph.aget_state_history(
        _config(thread_id, at),
        limit=limit,
        before=_config(thread_id, before) if before else None,
    ):
        found.append(thread_state_json(thread_id, snap, ids))
    return found
