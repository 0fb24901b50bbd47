"""What several server workers on one PostgreSQL database share beyond the data itself.

- `EventRelay`: notifications go through PostgreSQL ``LISTEN/NOTIFY`` (channel
  ``agent_system_events``), so a user's ``GET /v1/events`` stream gets each of them once,
  whichever worker holds the stream and whichever worker's timer fired. A payload too big for a
  NOTIFY (8000 bytes) is stored as a record and the NOTIFY carries a pointer to it.
- `PostgresRateLimiter`: the per-key token bucket lives in a table, so the limit holds for the
  cluster, not per process (the refill uses the database's clock, not each machine's).

Both are used only when ``database_url`` is a PostgreSQL URL; on SQLite the server keeps its
in-process hub and limiter.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import socket
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from agent_system import events as ev
from agent_system.server._auth import RateLimited, RateLimiter
from agent_system.server._journal import RUNS_CHANNEL

if TYPE_CHECKING:
    from agent_system._repository_pg import PostgresRepository

__all__ = ["CHANNEL", "EventRelay", "PostgresRateLimiter", "worker_name"]

log = logging.getLogger(__name__)

CHANNEL = "agent_system_events"
_MAX_PAYLOAD = 7000  # bytes; PostgreSQL refuses NOTIFY payloads of 8000 and more
_BIG = "events"  # collection of payloads too big for a NOTIFY


def worker_name() -> str:
    """This worker: ``host:pid`` (the label of its metrics, the owner of its claims)."""
    return f"{socket.gethostname()}:{os.getpid()}"


class EventRelay:
    """Publishes notifications to every worker through LISTEN/NOTIFY and delivers the ones
    it hears to this worker's streams (``deliver(user, notification)``)."""

    def __init__(
        self,
        url: str,
        repository: PostgresRepository,
        deliver: Callable[[str | None, ev.Notification], object],
        on_run: Callable[[str], object] | None = None,
    ) -> None:
        self.url = url
        self.repository = repository
        self.deliver = deliver
        self.on_run = on_run
        """Called with the run id of every ``NOTIFY agent_system_runs`` (journal wake-ups)."""
        self._task: asyncio.Task[None] | None = None
        self._listening = asyncio.Event()
        self.received = 0

    async def start(self, timeout_s: float = 15.0) -> None:
        """Start listening; returns once the LISTEN is in place."""
        self._task = asyncio.create_task(self._listen(), name="agent-system-event-relay")
        await asyncio.wait_for(self._listening.wait(), timeout_s)

    async def aclose(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def publish(self, user: str | None, notification: ev.Notification) -> None:
        """Send a notification to `user`'s streams on every worker (this one included)."""
        pool = await self.repository.pool()
        async with pool.connection() as conn:
            for channel, payload in await self.notices(user, notification):
                await conn.execute("SELECT pg_notify(%s, %s)", (channel, payload))

    async def notices(
        self, user: str | None, notification: ev.Notification
    ) -> list[tuple[str, str]]:
        """The ``(channel, payload)`` that `publish` sends, for sending in a transaction of
        one's own (`PostgresRepository.update`'s ``notices``); a payload too big for a NOTIFY
        is stored first and the payload points to it."""
        body = {"user": user, "event": notification.model_dump(mode="json")}
        payload = json.dumps(body, separators=(",", ":"))
        if len(payload.encode()) > _MAX_PAYLOAD:
            key = f"{time.time():.6f}-{uuid.uuid4().hex}"
            await self.repository.put(_BIG, key, body)
            payload = json.dumps({"ref": key})
        return [(CHANNEL, payload)]

    async def _listen(self) -> None:
        import psycopg

        pause = 0.5
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await conn.execute(f"LISTEN {RUNS_CHANNEL}")
                    self._listening.set()
                    pause = 0.5
                    async for note in conn.notifies():
                        if note.channel == RUNS_CHANNEL:
                            if self.on_run is not None:
                                self.on_run(note.payload)
                            continue
                        await self._handle(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: reconnect
                log.warning("Event relay lost its PostgreSQL connection (%s); reconnecting", exc)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)

    async def _handle(self, payload: str) -> None:
        try:
            body = json.loads(payload)
            if "ref" in body:
                record = await self.repository.get(_BIG, str(body["ref"]))
                if record is None:
                    return
                body = record.body
            notification = ev.Notification.model_validate(body["event"])
        except Exception:
            log.exception("Ignoring a malformed cluster event")
            return
        self.received += 1
        self.deliver(body.get("user"), notification)


class PostgresRateLimiter(RateLimiter):
    """`RateLimiter` whose buckets live in PostgreSQL (``agent_system_rate_buckets``)."""

    def __init__(self, per_minute: int, repository: PostgresRepository) -> None:
        super().__init__(per_minute)
        self.repository = repository

    async def aacquire(self, key: str) -> None:
        """Take one token from `key`'s cluster-wide bucket or raise `RateLimited`."""
        pool = await self.repository.pool()
        now = "EXTRACT(EPOCH FROM clock_timestamp())"
        refill = f"LEAST(%(cap)s, b.tokens + ({now} - b.at) * %(rate)s)"
        params: dict[str, Any] = {"key": key, "cap": self.capacity, "rate": self.rate}
        async with pool.connection() as conn:
            cursor = await conn.execute(
                "INSERT INTO agent_system_rate_buckets AS b (key, tokens, at) "
                f"VALUES (%(key)s, %(cap)s - 1, {now}) ON CONFLICT (key) DO UPDATE SET "
                f"tokens = {refill} - 1, at = {now} WHERE {refill} >= 1 RETURNING b.tokens",
                params,
            )
            if await cursor.fetchone() is not None:
                return
            cursor = await conn.execute(
                f"SELECT {refill} AS tokens FROM agent_system_rate_buckets b WHERE b.key = %(key)s",
                params,
            )
            row = await cursor.fetchone()
        tokens = float(row["tokens"]) if row else 0.0
        raise RateLimited(max(1, math.ceil((1.0 - tokens) / self.rate)))
