"""The repository applies a repeated step's writes once (issue 14.9), on SQLite and PostgreSQL.

Inside a tool call with an idempotency key (`key_scope`), `insert` keeps the step's write marker
with the record and a repeat gets that record back; `update` keeps the marker in the body and a
repeat changes nothing. Owners' records are exported and erased across collections (14.10).
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.idempotency import key_scope
from agent_system.repository import Repository
from tests.test_repository import repo  # noqa: F401  (a fixture)

pytestmark = pytest.mark.anyio


def _bump(body: dict[str, Any] | None) -> dict[str, Any]:
    return {**(body or {}), "n": (body or {}).get("n", 0) + 1}


async def test_a_repeated_step_inserts_and_updates_once(repo: Repository) -> None:  # noqa: F811
    for _ in range(2):  # the step, then the same step again after a crash
        with key_scope("as-step-1"):
            first = await repo.insert("timers", {"label": "tea"}, "ann")
            second = await repo.insert("timers", {"label": "eggs"}, "ann")  # its 2nd write
            await repo.update("counters", "c", _bump, "ann")
    assert [r.body["label"] for r in await repo.records("timers", "ann")] == ["tea", "eggs"]
    assert (first.key, second.key) == ("1", "2")
    [counter] = await repo.records("counters", "ann")
    assert counter.body["n"] == 1
    with key_scope("as-step-2"):  # another step acts
        await repo.insert("timers", {"label": "tea"}, "ann")
        await repo.update("counters", "c", _bump, "ann")
    with key_scope(None):  # no key (tools call): plain writes
        await repo.update("counters", "c", _bump, "ann")
        await repo.update("counters", "c", _bump, "ann")
    assert len(await repo.records("timers", "ann")) == 3
    assert (await repo.records("counters", "ann"))[0].body["n"] == 4


async def test_an_owners_records_are_exported_and_erased_in_every_collection(
    repo: Repository,  # noqa: F811
) -> None:
    await repo.put("lists", "shopping", {"items": ["milk"]}, "ann")
    await repo.insert("timers", {"label": "tea"}, "ann")
    await repo.put("lists", "shopping", {"items": ["beer"]}, "bob")
    assert {r.collection for r in await repo.owned("ann")} == {"lists", "timers"}
    assert await repo.erase_owner("ann") == 2
    assert await repo.owned("ann") == []
    assert [r.body for r in await repo.owned("bob")] == [{"items": ["beer"]}]
