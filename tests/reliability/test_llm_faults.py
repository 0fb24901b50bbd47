"""LLM faults: failing, garbled and looping planner, replanner and synthesizer replies.

The scripted cases use `ScriptedChatModel`; the wire cases run the real `ChatOpenAI` client
through an injected `httpx.AsyncClient` under respx (429, 500, a stream cut off mid-answer, a
body that is not JSON). In every case no exception escapes `arun`, the reply says what happened,
and the thread and audit log agree (`assert_consistent`).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import respx

from agent_system.llm._fake import ScriptedChatModel
from agent_system.llm._models import resolve_model
from tests.llm.conftest import BASE_URL, openai_settings, sse

from .conftest import RigFactory, assert_consistent

pytestmark = pytest.mark.anyio


def step(sid: str, tool: str, depends_on: tuple[str, ...] = (), **arguments: Any) -> dict[str, Any]:
    """One `PlannedStep` as the LLM writes it (arguments JSON-encoded)."""
    return {
        "id": sid,
        "tool": tool,
        "arguments": json.dumps(arguments),
        "depends_on": list(depends_on),
        "when": None,
        "on_failure": "replan" if tool == "test.fail" else "skip",
        "description": "",
    }


def draft(*steps: dict[str, Any]) -> dict[str, Any]:
    """A `PlanDraft` reply."""
    return {"reasoning": "scripted", "steps": list(steps), "unsupported": []}


def said_why(result: Any, why: str) -> None:
    """The reason is given: in the reply when a plan ran and failed, and, when the language model
    itself could not be used, in the result's errors (and the log) while the reply says so in
    plain words without the operator's technical fix."""
    if "language model" in result.reply:
        assert any(why in e.message for e in result.errors), result.errors
        assert "AGENT_SYSTEM" not in result.reply and "OPENAI" not in result.reply
        assert "http" not in result.reply
    else:
        assert why in result.reply


CYCLE = draft(step("a", "test.echo", ("b",), text="1"), step("b", "test.echo", ("a",), text="2"))
UNKNOWN = draft(step("a", "test.teleport", text="mars"))
GOOD = draft(step("a", "test.echo", text="hi"))
FAILING = draft(step("ok", "test.echo", text="kept"), step("b", "fault.bug"))

SCRIPTED = [
    ("the planner call raising", [RuntimeError("connection reset")], "failure", "connection reset"),
    ("invalid JSON twice", ["{not json", "still {not json"], "failure", "did not match PlanDraft"),
    # The plan streams: its invalid steps are dropped (never run) and repaired by a replan,
    # whose reply gets the one corrective retry; when that fails too the answer (its LLM call
    # down here, so the extractive one) says what was wrong.
    (
        "a plan with a cycle, and in the revision twice",
        [CYCLE, CYCLE, CYCLE, RuntimeError("synthesis down")],
        "failure",
        "cycle",
    ),
    (
        "an unknown tool, and in the revision twice",
        [UNKNOWN, UNKNOWN, UNKNOWN, RuntimeError("synthesis down")],
        "failure",
        "test.teleport",
    ),
    ("a cycle, then a fixed plan", [CYCLE, GOOD], "success", "echo: hi"),
    ("an unknown tool, then a fixed plan", [UNKNOWN, GOOD], "success", "echo: hi"),
    ("an empty reply, then a fixed plan", ["", GOOD], "success", "echo: hi"),
]


@pytest.mark.parametrize(
    ("turns", "status", "reply_has"),
    [case[1:] for case in SCRIPTED],
    ids=[case[0] for case in SCRIPTED],
)
async def test_a_faulty_planner_reply_ends_with_the_right_status_and_says_why(
    rig_factory: RigFactory, turns: list[Any], status: str, reply_has: str
) -> None:
    model = ScriptedChatModel(turns)
    rig = rig_factory(chat_model=model, tools_per_plan=64)
    result = await rig.system.arun("plan something", thread_id="t")
    assert result.status == status, (result.reply, result.errors)
    said_why(result, reply_has)
    model.assert_complete()
    await assert_consistent(rig.system, result)


async def test_replans_that_keep_failing_are_capped_and_completed_steps_run_once(
    rig_factory: RigFactory,
) -> None:
    model = ScriptedChatModel(
        [
            draft(step("ok", "test.echo", text="kept"), step("f0", "test.fail", reason="0")),
            draft(step("f1", "test.fail", reason="1")),
            draft(step("f2", "test.fail", reason="2")),
            "Everything after the echo failed.",
        ]
    )
    rig = rig_factory(chat_model=model, max_replans=2, tools_per_plan=64)
    result = await rig.system.arun("keep trying", thread_id="t")
    model.assert_complete()
    assert rig.calls.counts == {"echo": 1, "fail": 3}
    assert result.result is not None and result.result.replans == 2
    assert result.status == "partial"
    assert result.reply == "Everything after the echo failed."
    await assert_consistent(rig.system, result)


async def test_a_replan_proposing_the_same_failing_call_stops_the_loop(
    rig_factory: RigFactory,
) -> None:
    model = ScriptedChatModel(
        [
            draft(step("f", "test.fail", reason="same")),
            draft(step("f_again", "test.fail", reason="same")),
            "It failed.",
        ]
    )
    rig = rig_factory(chat_model=model, max_replans=5, tools_per_plan=64)
    result = await rig.system.arun("loop", thread_id="t")
    model.assert_complete()
    assert rig.calls.counts == {"fail": 1}
    assert result.status == "failure"
    assert any("repeat the failing step" in e.message for e in result.errors)
    await assert_consistent(rig.system, result)


async def test_a_failing_replanner_falls_back_and_the_run_still_ends(
    rig_factory: RigFactory,
) -> None:
    model = ScriptedChatModel(
        [draft(step("f", "test.fail")), RuntimeError("replanner down"), "It failed."]
    )
    rig = rig_factory(chat_model=model, tools_per_plan=64)
    result = await rig.system.arun("replan fails", thread_id="t")
    assert result.status == "failure"
    assert any("replanner down" in e.message for e in result.errors)
    await assert_consistent(rig.system, result)


async def test_a_failing_synthesizer_falls_back_to_the_extractive_reply(
    rig_factory: RigFactory,
) -> None:
    model = ScriptedChatModel([FAILING, RuntimeError("synthesizer down")])
    rig = rig_factory(chat_model=model, tools_per_plan=64)
    result = await rig.system.arun("synthesize fails", thread_id="t")
    model.assert_complete()
    assert result.status == "partial"
    assert "echo: kept" in result.reply and "KeyError" in result.reply
    await assert_consistent(rig.system, result)


# --- at the wire -----------------------------------------------------------------------------


@pytest.fixture
def wire() -> Iterator[respx.MockRouter]:
    """A respx router standing in for api.openai.com."""
    with respx.mock(base_url=BASE_URL, assert_all_called=False) as router:
        yield router


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    """The client ChatOpenAI sends through."""
    async with httpx.AsyncClient() as client:
        yield client


def wire_rig(rig_factory: RigFactory, http: httpx.AsyncClient, retries: int = 1) -> Any:
    settings = openai_settings(llm_max_retries=retries)
    model = resolve_model("openai:gpt-4o-mini", settings, http_client=http)
    return rig_factory(
        chat_model=model, openai_api_key="sk-test", llm_max_retries=retries, tools_per_plan=64
    )


def plan_body(body: dict[str, Any]) -> httpx.Response:
    """The planner's reply, streamed (the planner asks for a stream)."""
    text = json.dumps(body)
    pieces = [text[i : i + 16] for i in range(0, len(text), 16)]
    return httpx.Response(200, content=sse(pieces), headers={"content-type": "text/event-stream"})


class CutStream(httpx.AsyncByteStream):
    """An SSE body that sends a few chunks, then the connection drops."""

    def __init__(self, body: bytes, cut_at: int) -> None:
        self.body, self.cut_at = body, cut_at

    async def __aiter__(self) -> AsyncIterator[bytes]:
        yield self.body[: self.cut_at]
        raise httpx.RemoteProtocolError("peer closed connection without sending complete body")


@pytest.mark.parametrize(
    ("status", "reply_has"),
    [(429, "rate limiting requests (429)"), (500, "failed (500)"), (503, "failed (503)")],
)
async def test_a_planner_status_error_is_retried_then_falls_back_with_a_clear_reason(
    rig_factory: RigFactory,
    wire: respx.MockRouter,
    http: httpx.AsyncClient,
    status: int,
    reply_has: str,
) -> None:
    route = wire.post("/chat/completions").mock(
        return_value=httpx.Response(
            status, json={"error": {"message": "busy"}}, headers={"retry-after-ms": "1"}
        )
    )
    rig = wire_rig(rig_factory, http, retries=1)
    result = await rig.system.arun("plan over the wire", thread_id="t")
    assert route.call_count == 2  # the first call and one client retry
    assert result.status == "failure"
    said_why(result, reply_has)
    await assert_consistent(rig.system, result)


async def test_a_body_that_is_not_json_falls_back_with_a_clear_reason(
    rig_factory: RigFactory, wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    wire.post("/chat/completions").mock(
        return_value=httpx.Response(
            200, content=b"<html>bad gateway</html>", headers={"content-type": "application/json"}
        )
    )
    rig = wire_rig(rig_factory, http, retries=0)
    result = await rig.system.arun("garbled", thread_id="t")
    assert result.status == "failure"
    said_why(result, "LLM")
    await assert_consistent(rig.system, result)


async def test_a_synthesis_stream_cut_off_mid_answer_falls_back_to_the_extractive_reply(
    rig_factory: RigFactory, wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    body = sse(["The echo ", "worked but ", "the bug step failed."])
    wire.post("/chat/completions").mock(
        side_effect=[
            plan_body(FAILING),
            httpx.Response(
                200,
                stream=CutStream(body, cut_at=len(body) // 2),
                headers={"content-type": "text/event-stream"},
            ),
        ]
    )
    rig = wire_rig(rig_factory, http, retries=0)
    result = await rig.system.arun("cut off", thread_id="t")
    assert result.status == "partial"
    assert "echo: kept" in result.reply and "KeyError" in result.reply
    await assert_consistent(rig.system, result)


async def test_a_plan_over_the_wire_runs_and_the_streamed_answer_is_the_reply(
    rig_factory: RigFactory, wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    wire.post("/chat/completions").mock(
        side_effect=[
            plan_body(FAILING),
            httpx.Response(
                200,
                content=sse(["The echo ", "worked."]),
                headers={"content-type": "text/event-stream"},
            ),
        ]
    )
    rig = wire_rig(rig_factory, http, retries=0)
    result = await rig.system.arun("works", thread_id="t")
    assert result.status == "partial"
    assert result.reply == "The echo worked."
    assert rig.calls.counts == {"echo": 1, "bug": 1}
    await assert_consistent(rig.system, result)


async def test_a_synthesis_stream_ending_cleanly_mid_chunk_is_not_taken_as_the_answer(
    rig_factory: RigFactory, wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    # Issue 14.6: the connection closes in the middle of a chunk with no error at the HTTP
    # level; the partial text ("The echo worked but") used to become the whole reply.
    body = sse(["The echo ", "worked but ", "the bug step failed."])
    cut = body[: body.index(b"the bug step") + 5]
    wire.post("/chat/completions").mock(
        side_effect=[
            plan_body(FAILING),
            httpx.Response(200, content=cut, headers={"content-type": "text/event-stream"}),
        ]
    )
    rig = wire_rig(rig_factory, http, retries=0)
    events = [e async for e in rig.system.astream("cut cleanly", thread_id="t")]
    result = next(e.result for e in events if e.type == "run_finished")
    assert result.status == "partial"
    assert "echo: kept" in result.reply and "KeyError" in result.reply
    assert "worked but" not in result.reply
    streamed = "".join(e.text for e in events if e.type == "reply_delta")
    assert streamed.startswith("The echo worked but ")
    assert "cut off" in streamed and streamed.endswith(result.reply)
    await assert_consistent(rig.system, result)


async def test_a_synthesis_stream_cut_before_any_text_is_written_again(
    rig_factory: RigFactory, wire: respx.MockRouter, http: httpx.AsyncClient
) -> None:
    body = sse(["The echo ", "worked."])
    route = wire.post("/chat/completions").mock(
        side_effect=[
            plan_body(FAILING),
            httpx.Response(
                200, content=body[: len(body) // 4], headers={"content-type": "text/event-stream"}
            ),
            httpx.Response(200, content=body, headers={"content-type": "text/event-stream"}),
        ]
    )
    rig = wire_rig(rig_factory, http, retries=0)
    result = await rig.system.arun("cut early", thread_id="t")
    assert route.call_count == 3
    assert result.reply == "The echo worked."
    await assert_consistent(rig.system, result)
