"""WAL checkpoints in a background thread: no fsync on the event loop.

With ``journal_mode=WAL`` and ``synchronous=NORMAL`` a commit only appends to the WAL file; the
disk is synced when the WAL is copied back into the database (a checkpoint). SQLite runs that
checkpoint inside the commit that makes the WAL pass ``wal_autocheckpoint`` pages (1000): on
the event loop, where our connections run. Measured on the benchmark server (32 clients): 32
fdatasync calls in 10 s, median 21 ms and up to 59 ms each, every one freezing every request in
flight. So the connections the loop uses set ``wal_autocheckpoint=0`` and a thread per database
file, on its own connection, runs ``wal_checkpoint(PASSIVE)`` every `INTERVAL_S` (PASSIVE never
waits for readers or writers; the sync runs in that thread, without the GIL). Durability is
unchanged: a commit survives a process crash as before (it is in the WAL), and only an OS crash
can lose the last transactions, as before.

`hold(path)` starts the file's thread on first use and stops it when the last holder lets go
(several holders share one thread: the persistence's connection and the application database).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

__all__ = ["INTERVAL_S", "WalCheckpointer", "hold", "running"]

log = logging.getLogger(__name__)

INTERVAL_S = 0.5
"""How often the thread checkpoints: the WAL holds at most about this much of the writes."""

_LOCK = threading.Lock()
_RUNNING: dict[str, tuple[WalCheckpointer, int]] = {}


class WalCheckpointer:
    """A daemon thread checkpointing one database file's WAL until `stop`."""

    def __init__(self, path: str, interval_s: float) -> None:
        self.path = path
        self.interval_s = interval_s
        self.runs = 0
        """Checkpoints done (for tests and metrics)."""
        self.last: tuple[int, int, int] | None = None
        """The last checkpoint's (busy, WAL frames, frames checkpointed)."""
        self._stop = threading.Event()
        self.thread = threading.Thread(
            target=self._run, name=f"wal-checkpoint {Path(path).name}", daemon=True
        )
        self.thread.start()

    def _run(self) -> None:
        try:
            conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:  # the file's own users report it
            log.warning("WAL checkpoints of %s not started: %s", self.path, exc)
            return
        try:
            conn.execute("PRAGMA wal_autocheckpoint=0")
            while not self._stop.wait(self.interval_s):
                self.checkpoint(conn)
            self.checkpoint(conn)
        finally:
            conn.close()

    def checkpoint(self, conn: sqlite3.Connection) -> None:
        """One passive checkpoint (an error is logged: the next one tries again)."""
        try:
            row = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as exc:
            log.debug("WAL checkpoint of %s failed: %s", self.path, exc)
            return
        self.last = (int(row[0]), int(row[1]), int(row[2]))
        self.runs += 1

    def stop(self) -> None:
        """Checkpoint once more, then end the thread."""
        self._stop.set()
        if self.thread is not threading.current_thread():
            self.thread.join(timeout=10)


def hold(conn: sqlite3.Connection, path: Path | str) -> Callable[[], None]:
    """Turn off `conn`'s own checkpoints and make sure `path` has a checkpointing thread; the
    call that lets go of it (the thread stops with its last holder). A no-op in memory."""
    if str(path) in (":memory:", ""):
        return lambda: None
    key = os.path.abspath(path)
    conn.execute("PRAGMA wal_autocheckpoint=0")
    with _LOCK:
        running, holders = _RUNNING.get(key, (None, 0))
        if running is None or not running.thread.is_alive():
            running = WalCheckpointer(key, INTERVAL_S)
        _RUNNING[key] = (running, holders + 1)
    released = [False]

    def release() -> None:
        with _LOCK:
            if released[0]:
                return
            released[0] = True
            current, count = _RUNNING.get(key, (None, 0))
            if current is None:
                return
            if count > 1:
                _RUNNING[key] = (current, count - 1)
                return
            del _RUNNING[key]
        with contextlib.suppress(RuntimeError):
            current.stop()

    return release


def running(path: Path | str) -> WalCheckpointer | None:
    """The checkpointing thread of `path`, if one runs."""
    with _LOCK:
        found = _RUNNING.get(os.path.abspath(path))
    return found[0] if found else None
