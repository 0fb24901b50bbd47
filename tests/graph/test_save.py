"""The fast lane's checkpoint writer saves what LangGraph's update API saves, without its reads."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypedDict

import pytest
from langgraph.channels.delta import DeltaChannel
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph

from agent_system.graph._save import CheckpointWriter
from agent_system.graph._state import turn_input

from .conftest import Harness

pytestmark = pytest.mark.anyio


def _saver(kind: str, tmp_path: Path) -> Any:
    if kind == "memory":
        return InMemorySaver()
    from agent_system._sqlite import LoopSqliteSaver

    saver = LoopSqliteSaver(sqlite3.connect(tmp_path / "cp.db", check_same_thread=False))
    saver.setup()
    return saver


def _version(version: Any) -> Any:
    """A channel version without its random tail (`get_next_version` adds one)."""
    return str(version).split(".")[0]


def _shape(snapshot: Any, saved: Any) -> dict[str, Any]:
    checkpoint = saved.checkpoint
    return {
        "values": snapshot.values,
        "next": snapshot.next,
        "tasks": [(t.name, t.path) for t in snapshot.tasks],
        "interrupts": snapshot.interrupts,
        "metadata": dict(snapshot.metadata or {}),
        "versions": {k: _version(v) for k, v in checkpoint["channel_versions"].items()},
        "seen": {
            node: {k: _version(v) for k, v in seen.items()}
            for node, seen in checkpoint["versions_seen"].items()
        },
        "stored": sorted(checkpoint["channel_values"]),
        "pending": len(saved.pending_writes or []),
        "v": checkpoint["v"],
        "parent": saved.parent_config is not None,
    }


@pytest.mark.parametrize("simple", [True, False], ids=["own values", "channels"])
@pytest.mark.parametrize("kind", ["memory", "sqlite"])
async def test_the_writer_saves_the_checkpoints_the_update_api_saves(
    harness_factory: Callable[..., Harness], tmp_path: Path, kind: str, simple: bool
) -> None:
    """Two turns (a new thread, then a second turn with history) of begin (``__start__``'s
    writes) and end (``route``'s): the same values, next nodes, versions, metadata and history
    as `aupdate_state` gives, and nothing read back; with the writes applied to the saved
    values directly or through LangGraph's channels."""
    harness = harness_factory()
    await harness.system.aopen()
    graph = harness.system.graph.copy(update={"checkpointer": _saver(kind, tmp_path)})
    writer = CheckpointWriter(graph)
    assert writer.lean and writer.simple
    writer.simple = simple
    saver: Any = graph.checkpointer
    reads = {"n": 0}
    original = saver.aget_tuple

    async def counted(config: Any) -> Any:
        reads["n"] += 1
        return await original(config)

    shapes: dict[str, list[dict[str, Any]]] = {"api": [], "writer": []}
    for way in shapes:
        thread = f"t-{way}"
        config: Any = {"configurable": {"thread_id": thread}}
        saved = None
        for turn, text in enumerate(("set a timer", "and another")):
            history = [{"request": "set a timer", "reply": "done"}] if turn else []
            begin = {**turn_input(text, "ann", 1000.0 + turn), "owner": "ann"}
            end = {"status": "success", "reply": f"reply {turn}", "history": history}
            for values, node in ((begin, START), (end, "route")):
                if way == "api":
                    await graph.aupdate_state(config, values, as_node=node)
                else:
                    saver.aget_tuple = counted
                    saved = await writer.save(saved, thread, values, node)
                    saver.aget_tuple = original
                    assert saved == await saver.aget_tuple(config) or kind == "memory"
                snapshot = await graph.aget_state(config)
                shapes[way].append(_shape(snapshot, await saver.aget_tuple(config)))
        assert len([s async for s in graph.aget_state_history(config)]) == 4
    assert reads["n"] == 0
    assert shapes["writer"] == shapes["api"]
    assert shapes["writer"][0]["next"] == ("route",)  # the turn's start: route runs next
    assert shapes["writer"][1]["next"] == ()
    assert shapes["writer"][3]["values"]["reply"] == "reply 1"


async def test_a_lane_turn_reads_the_checkpoint_once_with_the_owner_check(
    harness: Harness,
) -> None:
    await harness.system.aopen()
    saver: Any = harness.system.graph.checkpointer
    counts = {"aget_tuple": 0, "aput": 0}
    for name in counts:
        original = getattr(saver, name)

        def counted(*args: Any, _name: str = name, _original: Any = original) -> Any:
            counts[_name] += 1
            return _original(*args)

        setattr(saver, name, counted)
    for _ in range(2):  # a new thread, then a second turn on it
        counts.update(aget_tuple=0, aput=0)
        result = await harness.system.arun("echo hello", thread_id="t")
        assert result.reply == "echo: hello"
        assert counts == {"aget_tuple": 1, "aput": 2}


async def test_turns_started_together_each_start_from_the_one_before(harness: Harness) -> None:
    """The owner check reads the thread under its lock: the second of two turns started at
    once on a new thread starts from the first's end (its history), not from nothing."""
    import asyncio

    from agent_system.api import ThreadNotFoundError

    system = harness.system
    await system.aopen()
    first, second = await asyncio.gather(
        system.arun("echo one", thread_id="t", user="ann"),
        system.arun("echo two", thread_id="t", user="ann"),
    )
    assert (first.reply, second.reply) == ("echo: one", "echo: two")
    state = await system.aget_thread("t", user="ann")
    assert [turn["text"] for turn in state["history"]] == ["echo one", "echo two"]
    assert [t["thread_id"] for t in await system.athreads(user="ann")] == ["t"]
    with pytest.raises(ThreadNotFoundError):
        await asyncio.gather(
            system.arun("echo three", thread_id="t", user="ann"),
            system.arun("echo four", thread_id="t", user="bob"),
        )
    state = await system.aget_thread("t", user="ann")
    assert [turn["text"] for turn in state["history"]][-1] == "echo three"


def _append(items: list[str], batches: list[list[str]]) -> list[str]:
    return [*items, *(item for batch in batches for item in batch)]


class _DeltaState(TypedDict, total=False):
    items: Annotated[list[str], DeltaChannel(_append)]


def test_a_graph_with_a_delta_channel_is_left_to_the_update_api() -> None:
    builder: Any = StateGraph(_DeltaState)
    builder.add_node("one", lambda state: {"items": ["x"]})
    builder.add_edge(START, "one")
    assert not CheckpointWriter(builder.compile(checkpointer=InMemorySaver())).lean
