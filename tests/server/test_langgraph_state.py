"""How LangGraph inputs and resume values are read (the projection is tested over HTTP)."""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.server._common import ApiError
from agent_system.server._lgserver.state import (
    message_ids,
    request_message_id,
    request_text,
    resume_value,
)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ({"messages": [{"role": "user", "content": " set a timer "}]}, "set a timer"),
        ({"messages": [{"type": "human", "content": "hi"}, {"type": "ai", "content": "yo"}]}, "hi"),
        ({"messages": [{"role": "user", "content": [{"type": "text", "text": "a"}, "b"]}]}, "a b"),
        ({"messages": [["user", "first"], ("assistant", "x"), ("human", "second")]}, "second"),
        ({"messages": {"role": "user", "content": "one"}}, "one"),
        ({"text": "lights on"}, "lights on"),
        ("plain", "plain"),
    ],
)
def test_the_request_is_the_last_user_message_or_the_text(value: Any, text: str) -> None:
    assert request_text(value) == text


@pytest.mark.parametrize(
    "value",
    [None, {}, {"messages": []}, {"messages": [{"role": "ai", "content": "x"}]}, {"text": "  "}],
)
def test_an_input_without_a_request_says_what_to_send(value: Any) -> None:
    with pytest.raises(ApiError) as caught:
        request_text(value)
    assert caught.value.status == 422 and '{"text": "..."}' in caught.value.message


def test_resume_values_are_read_as_the_approval_node_expects() -> None:
    assert resume_value(True, ["i1"]) is True
    assert resume_value(["s1"], []) == {"approved": ["s1"]}
    assert resume_value({"i1": False}, ["i1"]) is False
    assert resume_value({"i1": ["s2"]}, ["i1"]) == {"approved": ["s2"]}
    assert resume_value({"approved": ["s1"]}, ["i1"]) == {"approved": ["s1"]}


def test_message_ids_are_stable_and_tell_repeated_requests_apart() -> None:
    first = message_ids("t", [], "hi")
    assert first == message_ids("t", [], "hi") and first[0] != first[1]
    assert message_ids("t", [{"text": "hi"}], "hi") != first
    assert message_ids("other", [], "hi") != first


def test_the_clients_id_of_the_request_message_is_kept() -> None:
    sent = {"messages": [{"role": "user", "content": "a", "id": "m1"}, ("ai", "b")]}
    assert request_message_id(sent) == "m1"  # the request: the last user message
    sent = {
        "messages": [{"type": "ai", "content": "b"}, {"type": "human", "content": "c", "id": "m2"}]
    }
    assert request_message_id(sent) == "m2"
    assert request_message_id({"messages": [{"role": "user", "content": "a"}]}) is None
    assert request_message_id({"text": "a"}) is None
