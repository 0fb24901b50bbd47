"""The LLM router reads its answer as it streams (issue 18 item 3: no waiting on the reason)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult

from agent_system.routing import LLMRouter, RouteRequest, RouteTarget
from tests.routing.fakes import scripted_chat


class GatedChat(BaseChatModel):
    """Streams `head`, then waits for `gate` before the rest of the reply."""

    head: list[str]
    tail: list[str]
    gate: Any = None
    finished: bool = False

    @property
    def _llm_type(self) -> str:
        return "gated"

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> ChatResult:
        text = "".join([*self.head, *self.tail])
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])

    async def _astream(
        self, messages: list[BaseMessage], *args: Any, **kwargs: Any
    ) -> AsyncIterator[ChatGenerationChunk]:
        for text in self.head:
            yield ChatGenerationChunk(message=AIMessageChunk(content=text))
        await self.gate.wait()
        for text in self.tail:
            yield ChatGenerationChunk(message=AIMessageChunk(content=text))
        yield ChatGenerationChunk(
            message=AIMessageChunk(content="", response_metadata={"finish_reason": "stop"})
        )
        self.finished = True


@pytest.mark.anyio
async def test_meta_planning_is_decided_as_soon_as_the_answer_says_it_and_read_to_the_end() -> None:
    chat = GatedChat(
        head=['{"target": "meta_planning", ', '"confidence": 0.85, '],
        tail=['"role": null, "follow_up": false, ', '"reason": "Two actions."}'],
        gate=asyncio.Event(),
    )
    router = LLMRouter(chat)
    decision = await asyncio.wait_for(router.route(RouteRequest(text="x then y")), 5)
    assert (decision.target, decision.role, decision.confidence) == (
        RouteTarget.META_PLANNING,
        None,
        0.85,
    )
    assert decision.router == "llm" and not chat.finished  # the reason is still coming
    chat.gate.set()
    for _ in range(100):
        if chat.finished:
            break
        await asyncio.sleep(0.01)
    assert chat.finished  # read to its end in the background, not cut off


@pytest.mark.anyio
async def test_a_fast_reply_answer_is_read_whole() -> None:
    gate = asyncio.Event()
    chat = GatedChat(
        head=['{"target": "fast_reply", "confidence": 0.9, "role": "weather", '],
        tail=['"follow_up": true, "reason": "Weather again."}'],
        gate=gate,
    )
    task = asyncio.ensure_future(LLMRouter(chat).route(RouteRequest(text="and in Boston?")))
    await asyncio.sleep(0.05)
    assert not task.done()  # a role's answer needs follow_up: wait for the whole reply
    gate.set()
    decision = await asyncio.wait_for(task, 5)
    assert (decision.target, decision.role, decision.slots) == (
        RouteTarget.FAST_REPLY,
        "weather",
        {"follow_up": True},
    )


@pytest.mark.anyio
async def test_an_answer_that_does_not_parse_gets_one_corrective_call() -> None:
    chat = scripted_chat(
        {"target": "somewhere"},
        {"target": "fast_reply", "role": "timer", "confidence": 0.7},
    )
    decision = await LLMRouter(chat).route(RouteRequest(text="a timer maybe"))
    assert (decision.target, decision.role) == (RouteTarget.FAST_REPLY, "timer")
    assert len(chat.calls) == 2 and "invalid" in chat.calls[1].prompt_text
    chat.assert_complete()


@pytest.mark.anyio
async def test_the_router_can_still_read_its_answer_whole() -> None:
    chat = scripted_chat({"target": "meta_planning", "confidence": 0.6})
    decision = await LLMRouter(chat, stream=False).route(RouteRequest(text="x then y"))
    assert decision.target == RouteTarget.META_PLANNING
    assert chat.calls[0].streamed is False


@pytest.mark.anyio
async def test_the_route_call_goes_out_before_speculative_planning_starts() -> None:
    from agent_system.routing import EmbeddedRouter, HybridRouter
    from agent_system.testing import make_settings
    from tests.routing.fakes import ScriptedClassifier

    chat = scripted_chat({"target": "meta_planning", "confidence": 0.9})
    sent_before: list[int] = []

    async def speculate(decision: object) -> str:
        sent_before.append(len(chat.calls))
        return "the plan"

    hybrid = HybridRouter(
        EmbeddedRouter(ScriptedClassifier("timer", 0.8)), LLMRouter(chat), make_settings()
    )
    routed = await hybrid.route_speculating(RouteRequest(text="sort out my evening"), speculate)
    assert routed.decision.target == RouteTarget.META_PLANNING
    assert sent_before == [1]  # the plan waits on the route's answer: that call goes first


@pytest.mark.anyio
async def test_an_answer_confirming_the_embedded_planning_decides_at_its_target() -> None:
    from agent_system.routing.models import RouteDecision

    chat = GatedChat(
        head=['{"target": "meta_planning", '],
        tail=['"confidence": 0.95, "role": null, "follow_up": false, "reason": "Two."}'],
        gate=asyncio.Event(),
    )
    prior = RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.81)
    decision = await asyncio.wait_for(
        LLMRouter(chat).route(RouteRequest(text="x then y"), prior=prior), 5
    )
    assert (decision.target, decision.confidence) == (RouteTarget.META_PLANNING, 0.81)
    assert decision.router == "llm" and "confirmed" in decision.reason
    chat.gate.set()


@pytest.mark.anyio
async def test_planning_against_an_embedded_role_waits_for_the_llms_own_confidence() -> None:
    from agent_system.routing.models import RouteDecision

    gate = asyncio.Event()
    chat = GatedChat(
        head=['{"target": "meta_planning", '],
        tail=['"confidence": 0.7, "role": null, "follow_up": false, "reason": "Two."}'],
        gate=gate,
    )
    prior = RouteDecision(target=RouteTarget.FAST_REPLY, role="timer", confidence=0.8)
    task = asyncio.ensure_future(LLMRouter(chat).route(RouteRequest(text="x"), prior=prior))
    await asyncio.sleep(0.05)
    assert not task.done()  # it overrules the embedded router: not a confirmation
    gate.set()
    decision = await asyncio.wait_for(task, 5)
    assert (decision.target, decision.confidence) == (RouteTarget.META_PLANNING, 0.7)
