"""The application database: one SQLite file in the data directory.

Roles keep their tables here (timers, calendar, devices), next to the audit log. LangGraph's
checkpointer and store live in the same file (SQLite) or in PostgreSQL when configured; see
`agent_system._persistence`.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from agent_system import _walcheck as walcheck
from agent_system._migrations import migrate, setup_lock
from agent_system.errors import ConfigurationError

__all__ = [
    "AUDIT_INSERT",
    "AuditEntry",
    "AuditRecord",
    "Database",
    "StorageError",
    "argument_digest",
    "audit_params",
    "is_storage_failure",
    "storage_error",
]


class StorageError(ConfigurationError):
    """The database file cannot be used; the message names it, says why and what to do."""


def storage_error(path: Path | str, exc: BaseException) -> StorageError:
    """`exc` (an SQLite or OS error on `path`) as one plain line: what file, what happened, what
    to do. The file is never touched: a damaged one is left for a backup restore."""
    text = str(exc).lower()
    where = f"The database {path}"
    if "malformed" in text or "not a database" in text or "corrupt" in text:
        advice = (
            f"{where} is damaged ({exc}). Nothing was written to it. Restore it from a backup, "
            "or move it aside to start with an empty one; `agent-system db check` checks it."
        )
    elif "full" in text or "no space" in text:
        advice = f"{where} cannot grow: the disk is full ({exc}). Free some space and try again."
    elif (
        "readonly" in text
        or "read-only" in text
        or "permission" in text
        or "unable to open" in text
    ):
        advice = (
            f"{where} cannot be opened for writing ({exc}). Check that its folder exists and that "
            "this user may write there (permissions, a read-only disk), or set "
            "AGENT_SYSTEM_HOME to a writable folder."
        )
    elif "locked" in text or "busy" in text:
        advice = (
            f"{where} stayed locked by another program for too long ({exc}). Close other "
            "programs using it (a second server, a database browser) and try again."
        )
    elif "disk i/o" in text or "i/o error" in text:
        advice = (
            f"{where} could not be read or written: the disk reported an I/O error ({exc}). "
            "Check free space and the disk; `agent-system db check` checks the file."
        )
    else:
        advice = f"{where} failed: {exc}. `agent-system db check` checks the file."
    return StorageError(advice)


def is_storage_failure(exc: BaseException) -> bool:
    """Whether `exc` is the database failing (SQLite or PostgreSQL: disk full, locked, read-only,
    damaged, connection lost), not a bug in a query."""
    if isinstance(exc, StorageError):
        return True
    if isinstance(exc, sqlite3.OperationalError | sqlite3.DatabaseError) and not isinstance(
        exc, sqlite3.ProgrammingError | sqlite3.IntegrityError
    ):
        text = str(exc).lower()
        return not ("syntax error" in text or "no such" in text or "has no column" in text)
    module = type(exc).__module__
    return module.startswith("psycopg") and type(exc).__name__ in (
        "OperationalError",
        "DiskFull",
        "InterfaceError",
        "ReadOnlySqlTransaction",
        "PoolTimeout",
    )


_AUDIT_DDL = """
CREATE TABLE IF NOT EXISTS audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    thread_id TEXT,
    user_id TEXT,
    plan_id TEXT,
    step_id TEXT,
    tool TEXT NOT NULL,
    argument_digest TEXT NOT NULL,
    outcome TEXT NOT NULL,
    detail TEXT
);
CREATE INDEX IF NOT EXISTS audit_log_thread ON audit_log(thread_id);
CREATE INDEX IF NOT EXISTS audit_log_user ON audit_log(user_id);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log(at);
"""


class AuditRecord(BaseModel):
    """One call of a tool with side effects."""

    id: int
    at: datetime
    thread_id: str | None
    user_id: str | None
    plan_id: str | None
    step_id: str | None
    tool: str
    argument_digest: str
    outcome: str
    detail: str | None = None


@dataclass(frozen=True)
class AuditEntry:
    """One call of a tool with side effects, to be recorded: its arguments are kept as a digest."""

    tool: str
    arguments: dict[str, Any]
    outcome: str
    thread_id: str | None = None
    user_id: str | None = None
    plan_id: str | None = None
    step_id: str | None = None
    detail: str | None = None

    def row(self) -> dict[str, Any]:
        """The audit-log row (`AuditRecord`'s fields but ``id``), stamped now."""
        return {
            "at": datetime.now(UTC),
            "thread_id": self.thread_id,
            "user_id": self.user_id,
            "plan_id": self.plan_id,
            "step_id": self.step_id,
            "tool": self.tool,
            "argument_digest": argument_digest(self.arguments),
            "outcome": self.outcome,
            "detail": self.detail,
        }


AUDIT_INSERT = (
    "INSERT INTO audit_log (at, thread_id, user_id, plan_id, step_id, tool, argument_digest,"
    " outcome, detail) VALUES (:at, :thread_id, :user_id, :plan_id, :step_id, :tool,"
    " :argument_digest, :outcome, :detail)"
)
"""The statement adding one row to the SQLite audit log (`audit_params` are its parameters)."""


def audit_params(entry: AuditEntry) -> dict[str, Any]:
    """`AUDIT_INSERT`'s parameters for `entry`, stamped now."""
    row = entry.row()
    return {**row, "at": row["at"].isoformat()}


def argument_digest(arguments: dict[str, Any]) -> str:
    """A stable SHA-256 digest of arguments: the audit log never stores the values themselves."""
    canonical = json.dumps(arguments, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:32]


class Database:
    """A thread-safe SQLite connection with WAL on. `path=':memory:'` for tests."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        try:
            if self.path == ":memory:":
                self._open()
                return
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            with setup_lock(Path(self.path).parent):  # several processes may open a new file
                self._open()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise storage_error(self.path, exc) from exc

    def _open(self) -> None:
        self._conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._conn.row_factory = sqlite3.Row
        self._lock = threading.RLock()
        self._conn.execute("PRAGMA busy_timeout=5000")
        try:  # first: a newer release's file is refused before any change, and a new
            migrate(self._conn, self.path)  # file gets no backup copy
        except BaseException:
            self._conn.close()
            raise
        self._release_wal: Callable[[], None] = lambda: None
        if self.path != ":memory:":
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            # Checkpoints run in a thread, not in a commit here (agent_system._walcheck).
            self._release_wal = walcheck.hold(self._conn, self.path)
        self._conn.execute("PRAGMA foreign_keys=ON")
        self._schemas: set[str] = set()
        self._in_transaction_ddl: list[str] = []
        self.ensure_schema("audit", _AUDIT_DDL)

    def ensure_schema(self, name: str, ddl: str) -> None:
        """Run idempotent DDL once per process for a named component."""
        with self._lock:
            if name in self._schemas:
                return
            if self._conn.in_transaction:  # executescript would commit the open transaction
                for statement in _statements(ddl):
                    self._conn.execute(statement)
                self._in_transaction_ddl.append(ddl)  # made again if the transaction rolls back
            else:
                self._conn.executescript(ddl)
            self._schemas.add(name)

    def once(self, name: str, action: Callable[[], object]) -> None:
        """Run `action` once per process for a named component (schema migrations)."""
        with self._lock:
            if name in self._schemas:
                return
            action()
            self._schemas.add(name)

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
        """Run one statement (autocommit)."""
        with self._lock:
            return self._conn.execute(sql, params)

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        """Run a query and fetch every row."""
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; rolled back if the block raises. Nested in one already open on
        this thread, it is a savepoint of that one (its writes commit with the outer block)."""
        with self._lock:
            if self._conn.in_transaction:  # ours: the lock is held by this thread
                self._conn.execute("SAVEPOINT nested")
                try:
                    yield self._conn
                except BaseException:
                    self._conn.execute("ROLLBACK TO nested")
                    self._conn.execute("RELEASE nested")
                    raise
                else:
                    self._conn.execute("RELEASE nested")
                return
            self._conn.execute("BEGIN IMMEDIATE")
            self._in_transaction_ddl = []
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                for ddl in self._in_transaction_ddl:
                    self._conn.executescript(ddl)
                raise
            else:
                self._conn.execute("COMMIT")

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()
        self._release_wal()

    # --- audit log -----------------------------------------------------------------------
    def audit(self, entry: AuditEntry) -> None:
        """Record one call of a tool with side effects."""
        self.execute(AUDIT_INSERT, audit_params(entry))

    def audit_log(
        self, *, thread_id: str | None = None, user_id: str | None = None, limit: int = 100
    ) -> list[AuditRecord]:
        """Newest audit records first, filtered by thread and/or user."""
        clauses, params = [], []
        if thread_id is not None:
            clauses.append("thread_id = ?")
            params.append(thread_id)
        if user_id is not None:
            clauses.append("user_id = ?")
            params.append(user_id)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self.query(
            f"SELECT * FROM audit_log {where} ORDER BY id DESC LIMIT ?",
            (*params, limit),
        )
        return [AuditRecord(**dict(row)) for row in rows]


def _statements(script: str) -> list[str]:
    """The SQL statements of `script`, each complete."""
    statements, buffer = [], ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        statements.append(buffer.strip())
    return statements
