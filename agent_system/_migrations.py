"""Schema migrations of the application database, in order, recorded in ``PRAGMA user_version``.

One SQLite file (``agent-system.db``) holds tables of three owners, each versioned its own way
(`schema_versions` reads all three; docs/reliability.md "Upgrades" has the table):

- the application's tables (audit log, run log, ``tool_effects``...): `MIGRATIONS` here, the
  version in ``PRAGMA user_version``, applied when `agent_system._storage.Database` opens the file;
- the repository's ``records`` / ``record_counters``: ``agent_system.repository.migrate_sqlite``,
  the versions in the ``schema_migrations`` table (component ``records``; PostgreSQL keeps the
  same in ``agent_system_schema_migrations``), applied when a repository first opens the file;
- LangGraph's checkpointer (``checkpoints``, ``writes``: created if missing, not versioned) and
  store (``store``: versions in ``store_migrations``): applied by LangGraph's own ``setup()``,
  one process at a time (``agent_system._persistence._setup_lock``).

Each owner only ever touches its own tables, so the three never conflict; a new table of the
application goes in `MIGRATIONS` (or is created on first use), never in the other two.

A database written by an older release is brought up to date when it is opened: each pending
migration runs in its own transaction together with the version bump, so a failure leaves the
file at the last good version, and a copy of the file is kept first
(``agent-system.db.before-schema-<n>``). A database written by a newer release is refused with a
plain message instead of being changed.

Tables created with ``CREATE TABLE IF NOT EXISTS`` by the part that uses them (timers, calendar,
records...) need no migration to appear; a migration is for changing what exists: a new column
(``ALTER TABLE ... ADD COLUMN``, guarded by `has_table` since such tables are created on first
use), moving rows, a new index. Add one at the end of `MIGRATIONS`; never edit a released one.
``tests/reliability/test_upgrade.py`` opens a database the previous release wrote.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Migration",
    "has_table",
    "migrate",
    "refuse_newer",
    "schema_version",
    "schema_versions",
    "setup_lock",
]


@dataclass(frozen=True)
class Migration:
    """One step from ``version - 1`` to `version`."""

    version: int
    what: str
    apply: Callable[[sqlite3.Connection], None]


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    """Whether the table exists (tables of roles appear on first use)."""
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return row.fetchone() is not None


def _tool_effects(conn: sqlite3.Connection) -> None:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS tool_effects (key TEXT PRIMARY KEY, tool TEXT NOT NULL, "
        "user_id TEXT NOT NULL DEFAULT '', output TEXT NOT NULL, at TEXT NOT NULL)"
    )
    conn.execute("CREATE INDEX IF NOT EXISTS tool_effects_user ON tool_effects(user_id)")


def _audit_time_index(conn: sqlite3.Connection) -> None:
    if has_table(conn, "audit_log"):
        conn.execute("CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log(at)")


def _tool_effects_time_index(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE INDEX IF NOT EXISTS tool_effects_at ON tool_effects(at)")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "tool_effects: results of tool calls by idempotency key", _tool_effects),
    Migration(2, "audit_log: index by time (export, retention)", _audit_time_index),
    Migration(3, "tool_effects: index by time (retention)", _tool_effects_time_index),
)
SCHEMA_VERSION = MIGRATIONS[-1].version


def schema_version(conn: sqlite3.Connection) -> int:
    """The file's schema version (0: written before migrations existed, or new)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def schema_versions(conn: sqlite3.Connection) -> dict[str, int]:
    """The version of each schema owner in the file: ``application`` (`MIGRATIONS`),
    ``records`` (the repository) and ``langgraph store``; 0 when that owner has made nothing yet."""
    versions = {"application": schema_version(conn), "records": 0, "langgraph store": 0}
    if has_table(conn, "schema_migrations"):
        row = conn.execute(
            "SELECT MAX(version) FROM schema_migrations WHERE component = 'records'"
        ).fetchone()
        versions["records"] = int(row[0] or 0)
    if has_table(conn, "store_migrations"):
        row = conn.execute("SELECT MAX(v) FROM store_migrations").fetchone()
        versions["langgraph store"] = int(row[0] or 0)
    return versions


def refuse_newer(path: str) -> None:
    """Raise `StorageError` if the file at `path` was written by a newer release (read-only
    look; a missing file is fine)."""
    if path == ":memory:" or not Path(path).exists():
        return
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        _check_version(conn, path)


def _check_version(conn: sqlite3.Connection, path: str) -> int:
    from agent_system._storage import StorageError

    version = schema_version(conn)
    if version > SCHEMA_VERSION:
        raise StorageError(
            f"The database {path} was written by a newer agent-system (schema {version}; this "
            f"one knows up to {SCHEMA_VERSION}). Nothing was changed. Upgrade agent-system, or "
            "set AGENT_SYSTEM_HOME to another folder."
        )
    return version


def migrate(conn: sqlite3.Connection, path: str) -> list[Migration]:
    """Apply the pending migrations to the open database at `path`; the ones applied.

    Raises:
        StorageError: The file was written by a newer release (nothing is changed).
    """
    version = _check_version(conn, path)
    pending = [m for m in MIGRATIONS if m.version > version]
    if not pending:
        return []
    if path != ":memory:" and _has_data(conn):
        _backup(conn, Path(f"{path}.before-schema-{pending[0].version}"))
    for migration in pending:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if schema_version(conn) < migration.version:  # another process may have done it
                migration.apply(conn)
                conn.execute(f"PRAGMA user_version = {migration.version:d}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return pending


def _has_data(conn: sqlite3.Connection) -> bool:
    """An application database opened before (every one has its audit log); not a new file
    where only LangGraph's checkpointer has made its tables yet."""
    return has_table(conn, "audit_log")


def _backup(conn: sqlite3.Connection, target: Path) -> None:
    if target.exists():  # an earlier attempt's copy is the older one: keep it
        return
    with sqlite3.connect(target) as copy:
        conn.backup(copy)
    copy.close()


@contextlib.contextmanager
def setup_lock(folder: Path, timeout_s: float = 60.0) -> Iterator[None]:
    """Open, create or migrate the SQLite file in `folder` one process at a time.

    LangGraph's savers read their migration number and then apply the next ones, which is not
    safe when two processes open a new file at once (``--workers 2``, or a CLI starting beside
    the server): one fails with "duplicate column name" or a UNIQUE error on
    ``store_migrations``. An exclusive ``flock`` on the data folder serialises them. It is not
    taken on the database file itself: closing any descriptor of that file would drop SQLite's
    own POSIX locks in this process. Switching a new file to WAL is done under it too: that
    needs the file to itself, and under load a queue of starting processes could outlast
    SQLite's busy timeout ("database is locked").
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: one process per data folder
        yield
        return
    import time

    fd = os.open(folder, os.O_RDONLY)
    try:
        deadline = time.monotonic() + timeout_s
        pause = 0.001  # doubled up to 50 ms: a short setup is waited for in about a millisecond
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    from agent_system.errors import ConfigurationError

                    raise ConfigurationError(
                        f"Timed out after {timeout_s:.0f} s waiting for another process to "
                        f"create the tables in {folder}; check that no agent-system process is "
                        "stuck, then start again."
                    ) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.05)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
