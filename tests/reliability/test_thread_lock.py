"""Two processes on one database take turns on a thread: every turn lands, in order, and each
answer is its own run's.

Before the lock lived in the database, two workers could start turns of one thread from the same
checkpoint and one overwrote the other (1 run in 3 lost 2 of 10 turns, every request answered
"success"). The workers are separate processes forked by `benchmarks.crash.Zygote`.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pytest

from benchmarks.crash import Zygote, build

TURNS = 6  # per process: 12 turns in all, the whole history the thread keeps
PG_URL = os.environ.get("AGENT_SYSTEM_TEST_POSTGRES_URL")  # read before the env is scrubbed


def _contend(zyg: Zygote, tmp_path: Path, database_url: str | None) -> tuple[str, list[str]]:
    thread = f"shared-{uuid.uuid4().hex[:8]}"
    specs: list[dict[str, Any]] = [
        {
            "mode": "contend",
            "home": str(tmp_path / "data"),
            "counter": str(tmp_path / "counter.txt"),
            "report": str(tmp_path / f"report-{tag}.txt"),
            "thread": thread,
            "tag": tag,
            "turns": TURNS,
            "seed": 1,
            "database_url": database_url,
        }
        for tag in ("p", "q")
    ]
    pids = [zyg.start(spec) for spec in specs]  # both run at once
    codes = [zyg.wait(pid) for pid in pids]
    errors = [
        line
        for spec in specs
        if Path(spec["report"]).exists()
        for line in Path(spec["report"]).read_text().splitlines()
        if line.startswith("ERROR")
    ]
    assert codes == [0, 0], errors
    lines = [
        line
        for spec in specs
        for line in Path(spec["report"]).read_text().splitlines()
        if line != "END"
    ]
    return thread, lines


async def _check(tmp_path: Path, thread: str, lines: list[str], url: str | None) -> None:
    asked = {f"{thread}/{tag}{i}" for tag in "pq" for i in range(TURNS)}
    # Every request succeeded and its answer is its own run's (the tool's display of its step).
    answers = {line.split()[0]: line.split(maxsplit=2)[1:] for line in lines}
    assert set(answers) == asked
    for request, (status, reply) in answers.items():
        assert (status, reply) == ("success", f"{request}/s1 done"), (request, status, reply)
    # Every turn landed once, and turns ran one after the other: no two steps overlap, and the
    # history is in the order the steps ran.
    effects = (tmp_path / "counter.txt").read_text().splitlines()
    assert len(effects) == 2 * len(asked)
    for start, done in zip(effects[::2], effects[1::2], strict=True):
        assert start.split()[0] == "start" and done == f"done {start.split()[1]}", effects
    ran = [line.split()[1].removesuffix("/s1") for line in effects[::2]]
    async with build(tmp_path / "data", tmp_path / "unused.txt", 1, url) as system:
        history = (await system.aget_thread(thread))["history"]
    assert [turn["text"].split()[1] for turn in history] == ran
    assert sorted(ran) == sorted(asked)


@pytest.mark.anyio
async def test_two_processes_on_one_sqlite_file_serialise_a_threads_turns(
    zygote: Zygote, tmp_path: Path
) -> None:
    thread, lines = _contend(zygote, tmp_path, None)
    await _check(tmp_path, thread, lines, None)


@pytest.mark.postgres
@pytest.mark.anyio
async def test_two_processes_on_one_postgres_database_serialise_a_threads_turns(
    zygote: Zygote, tmp_path: Path
) -> None:
    if not PG_URL:
        pytest.skip("AGENT_SYSTEM_TEST_POSTGRES_URL is not set")
    thread, lines = _contend(zygote, tmp_path, PG_URL)
    await _check(tmp_path, thread, lines, PG_URL)


@pytest.mark.anyio
async def test_a_turn_longer_than_its_lease_keeps_renewing_it_and_a_short_one_starts_no_task(
    tmp_path: Path,
) -> None:
    """The holder pushes its lease out while the turn runs, so no other worker takes the thread
    (or rescues it) mid-turn; a turn shorter than a third of the lease renews nothing."""
    import asyncio
    import time

    from agent_system._threadlock import LeaseThreadLocks, SqliteLeases

    holder = LeaseThreadLocks(SqliteLeases(tmp_path / "db.sqlite"), lease_s=0.3)
    other = LeaseThreadLocks(SqliteLeases(tmp_path / "db.sqlite"), lease_s=0.3)
    renewals: list[float] = []
    renew = holder.leases.renew

    async def counted(thread_id: str, owner: str, expires: float) -> None:
        renewals.append(expires)
        await renew(thread_id, owner, expires)

    holder.leases.renew = counted  # type: ignore[method-assign]
    tasks = len(asyncio.all_tasks())
    async with holder.hold("t"):
        assert len(asyncio.all_tasks()) == tasks  # no renewing task for a short turn
    assert renewals == []
    async with holder.hold("t"):
        await asyncio.sleep(1.0)  # over three leases long
        (_, _, expires), *_ = await holder.leases.rows()
        assert expires > time.time()
        assert await other.leases.take("t", "other", time.time() + 0.3, time.time()) is not None
        assert await other.orphans() == []
    assert len(renewals) >= 5
    assert await holder.leases.rows() == []
    await holder.aclose()
    await other.aclose()
