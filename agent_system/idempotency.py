"""Idempotency keys: a step that runs again (a retry, a resume after a crash) applies once.

Every tool call gets a key that names its step: the same thread, plan and step give the same key
on every attempt and after every resume (`ToolContext.idempotency_key`). A tool passes it to its
backend so the backend can drop a repeat: HTTP tools send it as the ``Idempotency-Key`` header
(`IDEMPOTENCY_HEADER`, what Stripe and the IETF draft use), and tools writing the application
database wrap themselves in `once`, which stores the key and the tool's result in the same
transaction as the tool's own rows. A second call with the key finds that result and returns
it without acting again, so a kill between a tool's effect and the step journal can no longer
duplicate the effect.

The stored results are only needed until the step's journal entry is written (a resume finds the
step there), so they are kept `Settings.tool_results_keep_days` (30 by default; 0 keeps them for
ever) and older ones are deleted by `prune`: by every process on its first idempotent write, then
once a day while it runs (`prune_daily`). A thread cut off by a crash and resumed later than that
may repeat the one step that was in flight at the crash, as a tool without a key would.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:
    from agent_system._storage import Database
    from agent_system.registry.spec import ToolContext
    from agent_system.runtime import Runtime

__all__ = [
    "IDEMPOTENCY_HEADER",
    "current_key",
    "earlier_result",
    "idempotency_key",
    "key_scope",
    "once",
    "once_change",
    "prune",
    "prune_daily",
    "write_marker",
]

log = logging.getLogger(__name__)

IDEMPOTENCY_HEADER = "Idempotency-Key"

_DDL = """
CREATE TABLE IF NOT EXISTS tool_effects (
    key TEXT PRIMARY KEY,
    tool TEXT NOT NULL,
    user_id TEXT NOT NULL DEFAULT '',
    output TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tool_effects_user ON tool_effects(user_id);
CREATE INDEX IF NOT EXISTS tool_effects_at ON tool_effects(at);
"""
PRUNE_EVERY_S = 24 * 3600.0
"""How often a running process deletes expired tool results (`prune_daily`)."""
_PRUNED: weakref.WeakKeyDictionary[Database, float] = weakref.WeakKeyDictionary()
"""When each open database was last pruned (the runtime clock's monotonic time)."""

_CURRENT: ContextVar[str | None] = ContextVar("agent_system_idempotency_key", default=None)
_WRITES: ContextVar[list[int] | None] = ContextVar("agent_system_idempotent_writes", default=None)
STEP_MARK = "_step"
"""Body field of a record a step inserted: the step's write marker (`write_marker`)."""
STEPS_MARK = "_steps"
"""Body field listing the write markers of the last steps that changed a record."""
KEPT_MARKS = 20

P = ParamSpec("P")
R = TypeVar("R")


def idempotency_key(thread_id: str | None, plan_id: str | None, step_id: str | None) -> str | None:
    """The key of one step: stable across its attempts and resumes; None outside a plan.

    A hex digest (safe in any header or column) of the thread, plan and step ids.
    """
    if not plan_id or not step_id:
        return None
    raw = "\x1f".join((thread_id or "", plan_id, step_id))
    return "as-" + hashlib.sha256(raw.encode()).hexdigest()[:40]


def current_key() -> str | None:
    """The key of the tool call running in this task (None outside one): HTTP helpers that are
    not handed the `ToolContext` (``roles._http.request_json``) send it from here."""
    return _CURRENT.get()


@contextmanager
def key_scope(key: str | None) -> Iterator[None]:
    """Make `key` current while a tool runs (`ToolSpec.acall` does this)."""
    token = _CURRENT.set(key)
    writes = _WRITES.set([0])
    try:
        yield
    finally:
        _WRITES.reset(writes)
        _CURRENT.reset(token)


def write_marker() -> str | None:
    """A marker for the next repository write of the running call: its key and the write's
    number in the call ("as-...#1", "#2"...), the same when the step runs again; None outside a
    call with a key. Repositories store it with the record they write (`STEP_MARK`,
    `STEPS_MARK`) and skip a write whose marker is already there."""
    key = _CURRENT.get()
    writes = _WRITES.get()
    if key is None or writes is None:
        return None
    writes[0] += 1
    return f"{key}#{writes[0]}"


def once_change(
    change: Callable[[dict[str, Any] | None], dict[str, Any] | None], marker: str | None
) -> Callable[[dict[str, Any] | None], dict[str, Any] | None]:
    """`change` for `Repository.update`, applied once per `marker`: a record that already
    carries the marker is returned as it is (nothing written); otherwise the new body carries
    it among the last `KEPT_MARKS`."""
    if marker is None:
        return change

    def guarded(old: dict[str, Any] | None) -> dict[str, Any] | None:
        done = list((old or {}).get(STEPS_MARK) or ())
        if old is not None and marker in done:
            return old
        new = change(old)
        if new is None or new is old:
            return new
        return {**new, STEPS_MARK: [*done, marker][-KEPT_MARKS:]}

    return guarded


def _table(db: Database) -> Database:
    db.ensure_schema("tool_effects", _DDL)
    return db


def earlier_result(db: Database, key: str) -> Any | None:
    """The stored output of the call that used `key` (JSON form), or None."""
    rows = _table(db).query("SELECT output FROM tool_effects WHERE key = ?", (key,))
    return json.loads(rows[0]["output"]) if rows else None


def once(func: Callable[P, R]) -> Callable[P, R]:
    """Make a synchronous tool that writes only the application database apply once per key.

    Put it under ``@tool``: the tool's `ToolContext` must be its first argument. Its writes and
    the record of its result commit together; a later call with the same idempotency key
    returns that result (a `ToolOutput` again) and writes nothing. Calls without a key (the CLI's
    ``tools call``) just run.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        ctx: ToolContext = args[0] if args else kwargs["ctx"]  # type: ignore[assignment]
        key = ctx.idempotency_key
        if key is None:
            return func(*args, **kwargs)
        db = _table(ctx.runtime.db)
        with db.transaction():
            rows = db.query("SELECT output FROM tool_effects WHERE key = ?", (key,))
            if rows:
                return _revive(json.loads(rows[0]["output"]))  # type: ignore[no-any-return]
            result = func(*args, **kwargs)
            db.execute(
                "INSERT INTO tool_effects (key, tool, user_id, output, at) VALUES (?,?,?,?,?)",
                (
                    key,
                    func.__name__,
                    ctx.user or "",
                    _freeze(result),
                    ctx.runtime.clock.now().astimezone(UTC).isoformat(),
                ),
            )
        prune_daily(ctx.runtime)
        return result

    return wrapper


def prune(db: Database, keep_days: float, now: datetime) -> int:
    """Delete the tool results stored more than `keep_days` before `now` (0: keep every one);
    the number deleted."""
    if keep_days <= 0:
        return 0
    cutoff = (now - timedelta(days=keep_days)).astimezone(UTC).isoformat()
    return _table(db).execute("DELETE FROM tool_effects WHERE at < ?", (cutoff,)).rowcount


def prune_daily(runtime: Runtime) -> int:
    """`prune` the runtime's database by its settings, at most once per `PRUNE_EVERY_S` in this
    process (the first call prunes); the number deleted. A failure is logged, never raised: the
    tool's own work is done by then."""
    db, clock = runtime.db, runtime.clock
    last = _PRUNED.get(db)
    if last is not None and clock.monotonic() - last < PRUNE_EVERY_S:
        return 0
    _PRUNED[db] = clock.monotonic()
    try:
        return prune(db, runtime.settings.tool_results_keep_days, clock.now())
    except Exception as exc:  # disk full, locked...: the next day tries again
        log.warning("Could not delete old tool results: %s", exc)
        return 0


def _freeze(result: Any) -> str:
    from agent_system.registry.spec import ToolOutput

    if isinstance(result, ToolOutput):
        return json.dumps({"tool_output": result.model_dump(mode="json")})
    return json.dumps({"value": result}, default=str)


def _revive(stored: dict[str, Any]) -> Any:
    from agent_system.registry.spec import ToolOutput

    if "tool_output" in stored:
        return ToolOutput.model_validate(stored["tool_output"])
    return stored.get("value")
