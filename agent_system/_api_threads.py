"""Threads of `AgentSystem` (agent_system.api): creating, listing, reading and deleting them,
who owns them, and the reads and writes of a thread's listing that a turn makes."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from langchain_core.runnables import RunnableConfig
from langgraph.store.base import PutOp

from agent_system._api_core import SystemCore
from agent_system._api_results import pending_approval
from agent_system.errors import AgentSystemError
from agent_system.graph._journal import StepJournal, store_label
from agent_system.graph._save import CheckpointWriter
from agent_system.routing.models import Turn
from agent_system.understanding._history import understood

if TYPE_CHECKING:
    from agent_system._storage import AuditRecord


class ThreadNotFoundError(AgentSystemError):
    """No thread with this id belongs to this user."""

    def __init__(self, thread_id: str) -> None:
        super().__init__(f"No thread {thread_id!r} for this user.")
        self.thread_id = thread_id


class ThreadInfo(dict[str, Any]):
    """``{"thread_id", "user", "created_at", "updated_at", "title"}``."""


class ThreadKeeping(SystemCore):
    """The thread methods of `AgentSystem`."""

    async def acreate_thread(
        self, user: str | None = None, thread_id: str | None = None
    ) -> ThreadInfo:
        """Create an empty thread owned by `user` (no other user can claim it later)."""
        await self.aopen()
        thread_id = thread_id or str(uuid.uuid4())
        await self._claim_thread(thread_id, user, "")
        snapshot = await self.graph.aget_state(thread_config(thread_id))
        if not snapshot.values:
            await self.graph.aupdate_state(
                thread_config(thread_id),
                {"owner": user, "user": user, "history": []},
                as_node="synthesize",
            )
        item = await self.engine.runtime.store.aget(  # type: ignore[union-attr]
            thread_listing(user), thread_id
        )
        return ThreadInfo(item.value if item is not None else {"thread_id": thread_id})

    async def athreads(self, user: str | None = None) -> list[ThreadInfo]:
        """This user's threads, most recent first."""
        await self.aopen()
        items = await self.engine.runtime.store.asearch(  # type: ignore[union-attr]
            thread_listing(user), limit=1000
        )
        infos = [ThreadInfo(item.value) for item in items]
        return sorted(infos, key=lambda t: str(t.get("updated_at", "")), reverse=True)

    async def aget_thread(self, thread_id: str, user: str | None = None) -> dict[str, Any]:
        """The thread's state: history, last plan, last result; 404-style error for others."""
        await self.aopen()
        state = await self._owned_state(thread_id, user)
        snapshot = await self.graph.aget_state(thread_config(thread_id))
        return {
            "thread_id": thread_id,
            "history": state.get("history", []),
            "plan": state.get("plan"),
            "result": state.get("result"),
            "reply": state.get("reply", ""),
            "status": "interrupted" if snapshot.interrupts else state.get("status"),
            "pending_approval": pending_approval(snapshot),
        }

    async def adelete_thread(self, thread_id: str, user: str | None = None) -> None:
        """Delete a thread's checkpoints and listing."""
        await self.aopen()
        await self._owned_state(thread_id, user)
        checkpointer = self.graph.checkpointer
        if checkpointer is not None and not isinstance(checkpointer, bool):
            await checkpointer.adelete_thread(thread_id)
        store = self.engine.runtime.store
        if store is not None:
            await store.adelete(thread_listing(user), thread_id)
            await StepJournal(store).delete_thread(thread_id)
        self._thread_locks.forget(thread_id)

    def audit_log(
        self, *, thread_id: str | None = None, user: str | None = None, limit: int = 100
    ) -> list[AuditRecord]:
        """Calls of tools with side effects, newest first (`aaudit_log` in async code)."""
        from agent_system._audit import read_audit_sync

        return read_audit_sync(self.engine.runtime, thread_id=thread_id, user_id=user, limit=limit)

    async def aaudit_log(
        self, *, thread_id: str | None = None, user: str | None = None, limit: int = 100
    ) -> list[AuditRecord]:
        """Calls of tools with side effects, newest first: every worker's, on PostgreSQL."""
        from agent_system._audit import read_audit

        await self.aopen()
        return await read_audit(self.engine.runtime, thread_id=thread_id, user_id=user, limit=limit)

    async def _owned_state(self, thread_id: str, user: str | None) -> dict[str, Any]:
        snapshot = await self.graph.aget_state(thread_config(thread_id))
        values: dict[str, Any] = dict(snapshot.values or {})
        if not values or values.get("owner") != user:
            raise ThreadNotFoundError(thread_id)
        return values

    async def _claim_thread(
        self,
        thread_id: str,
        user: str | None,
        text: str,
        state: tuple[dict[str, Any], bool, Any] | None = None,
    ) -> tuple[dict[str, Any], bool, Any]:
        """Check `user` may use the thread; list it if new. The thread's values (empty if new),
        whether its previous turn must be settled first (see `_settle`), and its last
        checkpoint as read (None: a new thread; `UNREAD`: not read alone). `state`: what
        `_thread_state` read just before, if it was."""
        values, settle, found = state or await self._thread_state(thread_id)
        if values and values.get("owner") != user:
            raise ThreadNotFoundError(thread_id)
        store = self.engine.runtime.store
        if not values and store is not None:
            now = datetime.now(UTC).isoformat()
            await store.aput(
                thread_listing(user),
                thread_id,
                {
                    "thread_id": thread_id,
                    "user": user,
                    "created_at": now,
                    "updated_at": now,
                    "title": text[:80],
                },
            )
        return values, settle, found

    async def _thread_state(self, thread_id: str) -> tuple[dict[str, Any], bool, Any]:
        """The thread's values, and True when its last turn was cut off after a node's writes
        were saved (tasks, but no next node). One checkpoint read; the whole state snapshot
        (channels, next tasks) only when writes were saved after the last checkpoint. Third:
        the checkpoint read (None: none), or `UNREAD`."""
        saver = self.graph.checkpointer
        if saver is not None and not isinstance(saver, bool):
            found = await CheckpointWriter.of(self.graph).last(thread_id)
            if found is None:
                return {}, False, None
            if not found.pending_writes:
                return dict(found.checkpoint.get("channel_values") or {}), False, found
        snapshot = await self.graph.aget_state(thread_config(thread_id))
        return dict(snapshot.values or {}), bool(snapshot.tasks) and not snapshot.next, UNREAD

    async def _touching(self, thread_id: str, user: str | None) -> list[PutOp]:
        """The write that marks the thread's listing as updated now (none if unlisted)."""
        store = self.engine.runtime.store
        if store is None:
            return []
        item = await store.aget(thread_listing(user), thread_id)
        if item is None:
            return []
        value = dict(item.value)
        value["updated_at"] = datetime.now(UTC).isoformat()
        return [PutOp(thread_listing(user), thread_id, value)]

    async def _write(self, ops: list[PutOp]) -> None:
        """Store writes in one batch (one transaction on SQLite)."""
        store = self.engine.runtime.store
        if ops and store is not None:
            await store.abatch(ops)

    async def _history(self, thread_id: str | None) -> list[Turn]:
        if thread_id is None:
            return []
        snapshot = await self.graph.aget_state(thread_config(thread_id))
        # as the graph sees it (`StateView.history`): the turns not understood left out
        return understood([Turn(**t) for t in (snapshot.values or {}).get("history", [])])


UNREAD = object()
"""A thread's last checkpoint not read (or read before something changed it)."""


def thread_listing(user: str | None) -> tuple[str, str]:
    """The store namespace listing a user's threads (any user name: labels are encoded)."""
    return ("threads", store_label(user or "_local"))


def thread_config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}}
