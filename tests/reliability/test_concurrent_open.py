"""Several processes opening one new data folder at the same moment all start.

`agent-system serve --workers 2`, or a CLI started beside the server, opens the SQLite file from
two processes at once. LangGraph's savers migrate their tables by reading a migration number
and applying the next ones; before the setup was serialised across processes, one of them
failed with "duplicate column name: expires_at" or a UNIQUE error on ``store_migrations``, and
under load one could wait past SQLite's busy timeout to switch the new file to WAL.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.synchronize
import os
import sqlite3
from pathlib import Path

import pytest

PROCESSES = 8


def _open(
    home: str, start: multiprocessing.synchronize.Barrier, done: multiprocessing.Queue[str]
) -> None:
    import asyncio

    from agent_system._persistence import open_persistence
    from agent_system._storage import Database
    from agent_system.testing import make_settings

    settings = make_settings(home)

    async def main() -> None:
        start.wait()
        if os.getpid() % 2:  # the application database first, or the checkpointer first
            Database(settings.sqlite_path).close()
        persistence = await open_persistence(settings)
        await persistence.aclose()
        Database(settings.sqlite_path).close()

    try:
        asyncio.run(main())
        done.put("ok")
    except BaseException as exc:  # reported to the parent
        done.put(f"{type(exc).__name__}: {exc}")


HEAVY = pytest.mark.heavy
"""The race is timing-dependent: the default suite tries once, .ci/run's heavy step six times."""


@pytest.mark.parametrize("attempt", [0, *(pytest.param(n, marks=HEAVY) for n in range(1, 6))])
def test_processes_opening_a_new_folder_at_once_all_start(tmp_path: Path, attempt: int) -> None:
    # Not "fork": forking the pytest process while other threads hold locks can deadlock.
    # The fork server is one clean process that imports the engine once.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["agent_system._persistence", "agent_system._storage"])
    start = context.Barrier(PROCESSES)
    done: multiprocessing.Queue[str] = context.Queue()
    home = str(tmp_path / f"home-{attempt}")
    Path(home).mkdir()
    workers = [context.Process(target=_open, args=(home, start, done)) for _ in range(PROCESSES)]
    for worker in workers:
        worker.start()
    results = [done.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    assert results == ["ok"] * PROCESSES
    with sqlite3.connect(Path(home) / "agent-system.db") as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert {"checkpoints", "writes", "store"} <= tables
