"""The OpenAI-compatible endpoints, driven by the official `openai` client."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import openai
import pytest
from openai.types.chat import ChatCompletionMessageParam

from agent_system.planning.models import ExecutionPlan, ExecutionStep

from .conftest import KEY_A, KEY_B, Live


def _client(live: Live, key: str = KEY_A) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{live.url}/v1", api_key=key, max_retries=0, timeout=10)


def test_models_lists_the_one_agent_system_model(live: Live) -> None:
    assert [m.id for m in _client(live).models.list()] == ["agent-system"]


def test_a_completion_answers_the_last_user_message_with_the_plan_alongside(live: Live) -> None:
    completion = _client(live).chat.completions.create(
        model="agent-system",
        messages=[
            {"role": "system", "content": "You are helpful."},
            {"role": "user", "content": "echo hello"},
        ],
    )
    choice = completion.choices[0]
    assert (choice.message.role, choice.message.content) == ("assistant", "echo: hello")
    assert choice.finish_reason == "stop" and completion.object == "chat.completion"
    assert completion.usage is not None and completion.usage.total_tokens == 0
    extra: dict[str, Any] = completion.model_extra["agent_system"]  # type: ignore[index]
    assert extra["status"] == "success"
    assert extra["plan"]["steps"][0]["tool"] == "test.echo"
    assert extra["result"]["steps"][0]["output"] == {"text": "hello"}


def test_a_streamed_completion_sends_chunks_then_done(live: Live) -> None:
    stream = _client(live).chat.completions.create(
        model="agent-system",
        messages=[{"role": "user", "content": "echo streamed"}],
        stream=True,
        stream_options={"include_usage": True},
    )
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "echo: streamed"
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    assert chunks[0].choices[0].delta.role == "assistant"
    finish = [c for c in chunks if c.choices and c.choices[0].finish_reason == "stop"]
    assert len(finish) == 1
    assert finish[0].model_extra["agent_system"]["status"] == "success"  # type: ignore[index]
    assert chunks[-1].choices == [] and chunks[-1].usage is not None


def test_a_conversation_continues_its_thread_by_its_first_message(live: Live) -> None:
    client = _client(live)
    first: ChatCompletionMessageParam = {"role": "user", "content": "echo one"}
    a = client.chat.completions.create(model="agent-system", messages=[first])
    b = client.chat.completions.create(
        model="agent-system",
        messages=[
            first,
            {"role": "assistant", "content": a.choices[0].message.content},
            {"role": "user", "content": "echo two"},
        ],
    )
    thread = b.model_extra["agent_system"]["thread_id"]  # type: ignore[index]
    assert thread == a.model_extra["agent_system"]["thread_id"]  # type: ignore[index]
    with live.client() as http:
        history = http.get(f"/v1/threads/{thread}").json()["history"]
    assert [t["text"] for t in history] == ["echo one", "echo two"]
    other = _client(live, KEY_B).chat.completions.create(model="agent-system", messages=[first])
    assert other.model_extra["agent_system"]["thread_id"] != thread  # type: ignore[index]


def test_the_user_field_and_the_thread_header_pick_the_thread(live: Live) -> None:
    client = _client(live)
    by_user = client.chat.completions.create(
        model="agent-system", messages=[{"role": "user", "content": "echo a"}], user="alice-1"
    )
    again = client.chat.completions.create(
        model="agent-system", messages=[{"role": "user", "content": "echo b"}], user="alice-1"
    )
    thread = by_user.model_extra["agent_system"]["thread_id"]  # type: ignore[index]
    assert again.model_extra["agent_system"]["thread_id"] == thread  # type: ignore[index]
    with live.client() as http:
        http.post("/v1/threads/native-1/runs", json={"text": "echo native"})
    joined = client.chat.completions.create(
        model="agent-system",
        messages=[{"role": "user", "content": "echo chat"}],
        extra_headers={"X-Thread-Id": "native-1"},
    )
    assert joined.model_extra["agent_system"]["thread_id"] == "native-1"  # type: ignore[index]


def test_a_yes_answers_the_pending_approval_of_the_conversation(
    live_factory: Callable[..., Live],
) -> None:
    plan = ExecutionPlan(
        steps=[ExecutionStep(id="open", tool="test.unlock", arguments={"door": "front"})]
    )
    live = live_factory(plans=[plan])
    client = _client(live)
    asked = client.chat.completions.create(
        model="agent-system", messages=[{"role": "user", "content": "unlock the door"}], user="u"
    )
    assert "Approval needed" in (asked.choices[0].message.content or "")
    assert asked.model_extra["agent_system"]["status"] == "interrupted"  # type: ignore[index]
    done = client.chat.completions.create(
        model="agent-system", messages=[{"role": "user", "content": "yes"}], user="u"
    )
    assert done.model_extra["agent_system"]["status"] == "success"  # type: ignore[index]
    assert live.calls.counts["unlock"] == 1


def test_a_conversation_without_a_user_message_is_rejected(live: Live) -> None:
    with pytest.raises(openai.UnprocessableEntityError) as info:
        _client(live).chat.completions.create(
            model="agent-system", messages=[{"role": "system", "content": "hi"}]
        )
    assert info.value.body["param"] == "messages"  # type: ignore[index]


def test_a_wrong_key_is_an_authentication_error_for_the_client(live: Live) -> None:
    with pytest.raises(openai.AuthenticationError):
        _client(live, "sk-wrong").models.list()
