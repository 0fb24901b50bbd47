"""Where a fast reply runs: inside `route` when no LLM decided it, in `fast_reply` otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from langgraph.store.base import PutOp

from agent_system.roles import RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest

from .conftest import FakeRouter, Harness

pytestmark = pytest.mark.anyio


class LLMDecided(FakeRouter):
    """The fake router's decisions, labelled as an LLM router's."""

    def decide(self, request: RouteRequest) -> RouteDecision:
        return super().decide(request).model_copy(update={"router": "llm"})


class UnsureHybrid(FakeRouter):
    """Decides like the embedded router, but says it asked the LLM (a failed call keeps the
    embedded decision: a second try could answer otherwise)."""

    def consults_llm(self, decision: RouteDecision) -> bool:
        return True


async def _nodes_run(harness: Harness, thread: str) -> list[str]:
    """The nodes the thread's checkpoints say were next, oldest first."""
    config: Any = {"configurable": {"thread_id": thread}}
    history = [s async for s in harness.system.graph.aget_state_history(config)]
    return [node for snapshot in reversed(history) for node in snapshot.next]


async def test_a_fast_reply_the_router_decided_alone_runs_in_the_fast_lane(
    harness: Harness,
) -> None:
    # The lane saves the two states the graph would: the turn's start (next: route), its end.
    result = await harness.system.arun("echo hello", thread_id="t1")
    assert (result.status, result.reply) == ("success", "echo: hello")
    assert await _nodes_run(harness, "t1") == ["route"]
    assert harness.calls.counts == {"echo": 1}


_TIMES = ("started_at", "finished_at", "created_at", "duration_ms", "id", "plan_id", "thread_id")


def _without_times(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items() if k not in _TIMES}
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


@pytest.mark.parametrize("text", ["echo hello", "ask me"])
async def test_the_fast_lane_streams_and_saves_what_the_graph_does(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """Two turns each (the second reads the first's history), in the lane and in the graph:
    the same events, replies and saved state (a question back too)."""
    from agent_system.graph._route import Route

    system = harness.system
    seen: dict[str, Any] = {}
    for way in ("lane", "graph"):
        if way == "graph":
            monkeypatch.setattr(Route, "decide_first", lambda self, request: (None, False))
        events = []
        for turn in (text, "echo again"):
            events += [e async for e in system.astream(turn, way)]
        state = await system.aget_thread(way)
        seen[way] = (
            [type(e).__name__ for e in events],
            [e.result.reply for e in events if type(e).__name__ == "RunFinished"],
            _without_times(state),
        )
    assert seen["lane"] == seen["graph"]
    assert seen["lane"][0].count("RouteDecided") == 2
    assert harness.calls.counts["echo"] == 2 + 2 * (text == "echo hello")


async def test_a_fast_reply_cut_off_before_its_end_is_saved_resumes_without_running_again(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_system.graph._save import CheckpointWriter

    original = CheckpointWriter.save

    async def cut(self: CheckpointWriter, saved: Any, thread: str, values: Any, node: str) -> Any:
        if node == "route":  # the turn's end
            raise RuntimeError("killed before the end was saved")
        return await original(self, saved, thread, values, node)

    monkeypatch.setattr(CheckpointWriter, "save", cut)
    with pytest.raises(RuntimeError):
        await harness.system.arun("echo hello", thread_id="t1")
    monkeypatch.undo()
    assert harness.calls.counts == {"echo": 1}
    state = await harness.system.aget_thread("t1")
    assert state["status"] == "running"  # the turn's start was saved before the step ran
    done = await harness.system.aresume("t1", None)
    assert (done.status, done.reply) == ("success", "echo: hello")
    assert harness.calls.counts == {"echo": 1}  # the journal had the finished step


async def test_a_fast_reply_that_needs_approval_runs_in_the_graph_routed_once(
    harness_factory: Callable[..., Harness],
) -> None:
    class Unlocking(FakeRouter):
        routed = 0

        def decide(self, request: RouteRequest) -> RouteDecision:
            Unlocking.routed += 1
            return super().decide(request)

    harness = harness_factory(router=Unlocking())
    role = harness.system._roles["echo"]  # type: ignore[index]
    role.interpret = lambda *a: RoleCall("test.unlock", {"door": "front"})  # type: ignore[method-assign]
    result = await harness.system.arun("echo unlock", thread_id="t1")
    assert result.status == "interrupted" and Unlocking.routed == 1
    assert await _nodes_run(harness, "t1") == ["__start__", "route", "approve"]
    assert harness.calls.counts == {}


@pytest.mark.parametrize("router", [LLMDecided, UnsureHybrid])
async def test_a_fast_reply_an_llm_decided_is_checkpointed_before_it_runs(
    harness_factory: Callable[..., Harness], router: type[FakeRouter]
) -> None:
    harness = harness_factory(router=router())
    result = await harness.system.arun("echo hello", thread_id="t1")
    assert (result.status, result.reply) == ("success", "echo: hello")
    assert await _nodes_run(harness, "t1") == ["__start__", "route", "fast_reply"]
    assert harness.calls.counts == {"echo": 1}


async def test_a_later_turn_clears_its_journal_and_touches_the_listing_in_one_write(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    await harness.system.arun("echo one", thread_id="t")
    store: Any = harness.system.engine.runtime.store
    first = (await harness.system.athreads())[0]["updated_at"]
    batches: list[list[Any]] = []
    original = type(store).abatch

    async def recorded(self: Any, ops: Any) -> Any:
        batches.append(list(ops))
        return await original(self, ops)

    monkeypatch.setattr(type(store), "abatch", recorded)
    await harness.system.arun("echo two", thread_id="t")
    journal = [
        item.key
        for ns in await store.alist_namespaces(prefix=("journal", "t"))
        for item in await store.asearch(ns)
    ]
    assert journal == []
    assert (await harness.system.athreads())[0]["updated_at"] > first
    writes = [b for b in batches if any(isinstance(op, PutOp) for op in b)]
    assert len(writes) == 2  # the step's journal entry; then its clearing and the listing
    assert {op.namespace[0] for op in writes[-1]} == {"journal", "threads"}
    assert all(op.value is None for op in writes[-1] if op.namespace[0] == "journal")


async def test_a_new_turn_does_not_read_the_step_journal_and_a_resume_does(
    harness_factory: Callable[..., Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new turn's plans are new (a fast reply's id comes from the turn's start time), so
    nothing of them can be journaled yet; a resume must look (its steps may have finished)."""
    from agent_system.graph._journal import StepJournal
    from agent_system.planning.models import ExecutionPlan, ExecutionStep

    unlock = ExecutionStep(id="u", tool="test.unlock", arguments={"door": "front"})
    h = harness_factory(plans=[ExecutionPlan(steps=[unlock])])
    reads: list[str] = []
    original = StepJournal.finished

    async def finished(self: Any, thread_id: Any, plan: Any, **kwargs: Any) -> Any:
        reads.append(str(thread_id))
        return await original(self, thread_id, plan, **kwargs)

    monkeypatch.setattr(StepJournal, "finished", finished)
    assert (await h.system.arun("echo hello", thread_id="fast")).reply == "echo: hello"
    assert (await h.system.arun("unlock", thread_id="t")).status == "interrupted"
    assert reads == []
    done = await h.system.aresume("t", True)
    assert done.status == "success" and h.calls.counts == {"echo": 1, "unlock": 1}
    assert reads == ["t"]
