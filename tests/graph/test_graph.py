"""The graph end to end on fakes: topology, fast replies, plans, approvals, replans, failures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agent_system import events as ev
from agent_system.planning.models import ExecutionPlan, ExecutionStep, FailurePolicy, Ref

from .conftest import Harness

pytestmark = pytest.mark.anyio


def plan_of(*steps: dict[str, Any]) -> ExecutionPlan:
    return ExecutionPlan(steps=[ExecutionStep.model_validate(s) for s in steps])


async def test_graph_topology_is_pinned(harness: Harness) -> None:
    await harness.system.aopen()
    mermaid = harness.system.graph.get_graph().draw_mermaid()
    edges = sorted(
        line.strip()
        for line in mermaid.splitlines()
        if "-->" in line or "-.->" in line or "-. " in line
    )
    assert edges == sorted(
        [
            "__start__ --> route;",
            "approve -.-> execute;",
            "execute -.-> replan;",
            "execute -.-> synthesize;",
            "fast_reply -.-> approve;",
            "fast_reply -.-> __end__;",
            "fast_reply -.-> synthesize;",
            "plan -.-> __end__;",
            "plan -.-> approve;",
            "plan -.-> execute;",
            "plan -.-> synthesize;",
            "replan -.-> approve;",
            "replan -.-> execute;",
            "replan -.-> synthesize;",
            "route -.-> __end__;",
            "route -.-> approve;",
            "route -.-> fast_reply;",
            "route -.-> synthesize;",
            "route -.-> select_tools;",
            "select_tools --> plan;",
            "synthesize --> __end__;",
        ]
    )


async def test_fast_reply_runs_the_role_tool_and_answers_with_its_display_text(
    harness: Harness,
) -> None:
    result = await harness.system.arun("echo hello", thread_id="t1")
    assert result.status == "success"
    assert result.reply == "echo: hello"
    assert result.route is not None and result.route.role == "echo"
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["test.echo"]
    assert harness.calls.counts == {"echo": 1}


async def test_a_clarification_asks_back_and_runs_nothing(harness: Harness) -> None:
    result = await harness.system.arun("ask me", thread_id="t1")
    assert result.reply == "What should I echo?"
    assert harness.calls.counts == {}


async def test_independent_steps_and_a_reference_run_and_the_template_answers(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[
            plan_of(
                {"id": "a", "tool": "test.add", "arguments": {"a": 1, "b": 2}},
                {"id": "b", "tool": "test.echo", "arguments": {"text": "hi"}},
                {
                    "id": "c",
                    "tool": "test.add",
                    "arguments": {"a": {"$ref": "a", "path": "/sum"}, "b": 10},
                    "depends_on": ["a"],
                },
            )
        ]
    )
    result = await h.system.arun("do things", thread_id="t")
    assert result.status == "success", result
    assert result.reply.splitlines() == ["1 + 2 = 3", "echo: hi", "3 + 10 = 13"]
    assert result.result is not None
    assert [s.status for s in result.result.steps] == ["succeeded"] * 3


async def test_events_stream_in_order_and_end_with_run_finished(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[plan_of({"id": "a", "tool": "test.echo", "arguments": {"text": "x"}})]
    )
    kinds = [e.type async for e in h.system.astream("go", thread_id="t")]
    assert kinds[0] == "route_decided"
    assert kinds[1] == "plan_created"
    assert kinds.index("step_started") < kinds.index("step_finished") < kinds.index("reply_delta")
    assert kinds[-1] == "run_finished"


async def test_an_invalid_plan_fails_with_every_problem_and_runs_nothing(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[
            plan_of(
                {"id": "a", "tool": "test.nope"},
                {"id": "b", "tool": "test.add", "arguments": {"a": "x"}},
            )
        ]
    )
    result = await h.system.arun("bad plan", thread_id="t")
    assert result.status == "failure"
    codes = {e.code for e in result.errors}
    assert {"unknown_tool", "invalid_arguments"} <= codes
    assert h.calls.counts == {}


async def test_a_failed_step_with_skip_policy_ends_partial_and_says_what_failed(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[
            plan_of(
                {"id": "ok", "tool": "test.echo", "arguments": {"text": "fine"}},
                {"id": "bad", "tool": "test.fail", "on_failure": "skip"},
                {
                    "id": "after",
                    "tool": "test.echo",
                    "arguments": {"text": "never"},
                    "depends_on": ["bad"],
                },
            )
        ]
    )
    result = await h.system.arun("mixed", thread_id="t")
    assert result.status == "partial"
    assert "echo: fine" in result.reply
    assert "failed on purpose" in result.reply
    assert h.calls.counts == {"echo": 1, "fail": 1}


async def test_replan_keeps_finished_results_and_runs_the_revision(
    harness_factory: Callable[..., Harness],
) -> None:
    first = plan_of(
        {"id": "a", "tool": "test.add", "arguments": {"a": 1, "b": 1}},
        {"id": "b", "tool": "test.fail", "on_failure": "replan", "arguments": {"reason": "x"}},
    )
    revised = first.model_copy(
        update={
            "version": 2,
            "steps": [
                first.steps[0],
                ExecutionStep(
                    id="b2",
                    tool="test.add",
                    arguments={"a": Ref(step="a", path="/sum").model_dump(by_alias=True), "b": 5},
                    depends_on=["a"],
                ),
            ],
        }
    )
    h = harness_factory(plans=[first], revisions=[revised])
    result = await h.system.arun("replan me", thread_id="t")
    assert h.calls.counts == {"add": 2, "fail": 1}  # 'a' ran once, not again after the replan
    assert result.result is not None and result.result.replans == 1
    assert "2 + 5 = 7" in result.reply
    assert h.replanner.requests[0].failed[0].step_id == "b"
    assert set(h.replanner.requests[0].completed) == {"a"}


async def test_a_replan_that_repeats_the_failing_call_stops_the_loop(
    harness_factory: Callable[..., Harness],
) -> None:
    first = plan_of({"id": "b", "tool": "test.fail", "on_failure": "replan"})
    h = harness_factory(plans=[first], revisions=[first.model_copy(update={"version": 2})])
    result = await h.system.arun("loop", thread_id="t")
    assert h.calls.counts == {"fail": 1}
    assert result.status == "failure"
    assert any("repeat the failing step" in e.message for e in result.errors)


async def test_replans_are_capped(harness_factory: Callable[..., Harness]) -> None:
    def failing(n: int) -> ExecutionPlan:
        return plan_of(
            {
                "id": f"f{n}",
                "tool": "test.fail",
                "on_failure": "replan",
                "arguments": {"reason": str(n)},
            }
        )

    h = harness_factory(
        plans=[failing(0)], revisions=[failing(1), failing(2), failing(3)], max_replans=2
    )
    result = await h.system.arun("cap", thread_id="t")
    assert h.calls.counts == {"fail": 3}
    assert result.result is not None and result.result.replans == 2


async def test_a_step_needing_approval_pauses_and_runs_once_approved(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[
            plan_of(
                {"id": "u", "tool": "test.unlock", "arguments": {"door": "front"}},
                {"id": "e", "tool": "test.echo", "arguments": {"text": "x"}},
            )
        ]
    )
    first = await h.system.arun("unlock", thread_id="t")
    assert first.status == "interrupted"
    assert [p["step_id"] for p in first.pending_approval] == ["u"]
    assert h.calls.counts == {}
    done = await h.system.aresume("t", True)
    assert done.status == "success"
    assert h.calls.counts == {"unlock": 1, "echo": 1}
    assert "front unlocked" in done.reply
    audit = h.system.audit_log(thread_id="t")
    assert [(r.tool, r.outcome) for r in audit] == [("test.unlock", "succeeded")]


async def test_a_rejected_approval_skips_the_step_and_says_so(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[plan_of({"id": "u", "tool": "test.unlock", "arguments": {"door": "front"}})]
    )
    await h.system.arun("unlock", thread_id="t")
    done = await h.system.aresume("t", {"approve": False})
    assert h.calls.counts == {}
    assert done.status == "failure"
    assert any(e.code == "approval_rejected" for e in done.errors)
    assert "did not approve" in done.reply


async def test_another_user_cannot_see_or_continue_a_thread(harness: Harness) -> None:
    from agent_system.api import ThreadNotFoundError

    await harness.system.arun("echo mine", thread_id="t", user="alice")
    with pytest.raises(ThreadNotFoundError):
        await harness.system.aget_thread("t", user="bob")
    with pytest.raises(ThreadNotFoundError):
        await harness.system.arun("echo theirs", thread_id="t", user="bob")
    assert [t["thread_id"] for t in await harness.system.athreads("alice")] == ["t"]
    assert await harness.system.athreads("bob") == []


async def test_history_carries_across_turns_of_a_thread(harness: Harness) -> None:
    await harness.system.arun("echo one", thread_id="t")
    await harness.system.arun("echo two", thread_id="t")
    state = await harness.system.aget_thread("t")
    assert [turn["text"] for turn in state["history"]] == ["echo one", "echo two"]
    assert state["history"][0]["role"] == "echo"


async def test_deleting_a_thread_forgets_it(harness: Harness) -> None:
    from agent_system.api import ThreadNotFoundError

    await harness.system.arun("echo one", thread_id="t")
    await harness.system.adelete_thread("t")
    with pytest.raises(ThreadNotFoundError):
        await harness.system.aget_thread("t")


async def test_an_empty_request_fails_politely(harness: Harness) -> None:
    result = await harness.system.arun("   ")
    assert result.status == "failure"
    assert "type a request" in result.reply


async def test_run_events_carry_the_thread_id(harness: Harness) -> None:
    seen = [e async for e in harness.system.astream("echo x", thread_id="tid")]
    assert all(e.thread_id == "tid" for e in seen if not isinstance(e, ev.ReplyDelta)), seen


async def test_halt_policy_stops_new_steps(harness_factory: Callable[..., Harness]) -> None:
    h = harness_factory(
        plans=[
            plan_of(
                {"id": "bad", "tool": "test.fail", "on_failure": FailurePolicy.HALT},
                {
                    "id": "next",
                    "tool": "test.echo",
                    "arguments": {"text": "x"},
                    "depends_on": ["bad"],
                },
            )
        ]
    )
    result = await h.system.arun("halt", thread_id="t")
    assert result.status == "failure"
    assert h.calls.counts == {"fail": 1}


async def test_a_spent_tool_call_budget_stops_further_tools_and_says_why(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[
            plan_of(
                {"id": "a", "tool": "test.echo", "arguments": {"text": "1"}},
                {
                    "id": "b",
                    "tool": "test.echo",
                    "arguments": {"text": "2"},
                    "depends_on": ["a"],
                    "on_failure": "skip",
                },
            )
        ],
        budget_tool_calls=1,
    )
    result = await h.system.arun("two tools", thread_id="t")
    assert h.calls.counts == {"echo": 1}
    assert result.status == "partial"
    assert any(e.code == "budget_exceeded" for e in result.errors)
    assert "tool-call budget" in result.reply


async def test_a_plan_with_no_steps_says_what_could_not_be_planned(
    harness_factory: Callable[..., Harness],
) -> None:
    empty = ExecutionPlan(unsupported=["'book a flight': no tool books flights"])
    h = harness_factory(plans=[empty])
    result = await h.system.arun("book a flight", thread_id="t")
    assert result.status == "failure"
    assert "no tool books flights" in result.reply
    assert "no steps" not in result.reply


async def test_approval_is_announced_once_even_across_the_resume(
    harness_factory: Callable[..., Harness],
) -> None:
    h = harness_factory(
        plans=[plan_of({"id": "u", "tool": "test.unlock", "arguments": {"door": "front"}})]
    )
    first = [e.type async for e in h.system.astream("unlock", thread_id="t")]
    second = [e.type async for e in h.system.astream_resume("t", True)]
    assert first.count("approval_required") == 1
    assert first[-2:] == ["approval_required", "run_finished"]
    assert "approval_required" not in second


async def test_a_created_thread_belongs_to_its_creator_before_any_run(harness: Harness) -> None:
    from agent_system.api import ThreadNotFoundError

    info = await harness.system.acreate_thread("alice")
    thread_id = info["thread_id"]
    assert (await harness.system.aget_thread(thread_id, "alice"))["history"] == []
    with pytest.raises(ThreadNotFoundError):
        await harness.system.arun("echo mine now", thread_id=thread_id, user="mallory")
    result = await harness.system.arun("echo hi", thread_id=thread_id, user="alice")
    assert result.status == "success"


async def test_the_step_journal_holds_finished_steps_until_the_run_ends(
    harness_factory: Callable[..., Harness],
) -> None:
    import asyncio

    h = harness_factory(
        plans=[
            plan_of(
                {"id": "a", "tool": "test.echo", "arguments": {"text": "x"}},
                {"id": "b", "tool": "test.slow", "arguments": {"seconds": 0.5}},
            )
        ]
    )
    run = asyncio.create_task(h.system.arun("go", thread_id="t"))

    async def journal_keys() -> set[str]:
        keys: set[str] = set()
        for ns in await h.system.engine.runtime.store.alist_namespaces(prefix=("journal", "t")):  # type: ignore[union-attr]
            keys |= {item.key for item in await h.system.engine.runtime.store.asearch(ns)}  # type: ignore[union-attr]
        return keys

    while h.system._engine is None or await journal_keys() != {"a"}:
        assert not run.done()
        await asyncio.sleep(0.01)
    result = await run
    assert result.status == "success"
    assert await journal_keys() == set()
