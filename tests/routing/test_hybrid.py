"""LLMRouter and HybridRouter with scripted chat models (no network)."""

from __future__ import annotations

import pytest

from agent_system.errors import LLMError, LLMOutputError
from agent_system.routing import (
    EmbeddedRouter,
    HybridRouter,
    LLMRouter,
    RouteRequest,
    RouteTarget,
    Turn,
)
from agent_system.testing import make_settings
from tests.routing.fakes import FailingChat, ScriptedClassifier, route_call, scripted_chat


@pytest.mark.anyio
async def test_the_llm_router_turns_a_structured_reply_into_a_decision() -> None:
    chat = scripted_chat(
        route_call(
            {
                "target": "fast_reply",
                "role": "weather",
                "confidence": 0.9,
                "follow_up": True,
                "reason": "Asks about weather again.",
            }
        )
    )
    router = LLMRouter(chat)
    history = [Turn(text="weather in Paris", role="weather")]
    decision = await router.route(RouteRequest(text="and in Boston?", history=history))
    assert decision.router == "llm"
    assert (decision.target, decision.role) == (RouteTarget.FAST_REPLY, "weather")
    assert decision.slots == {"follow_up": True}
    assert decision.reason == "Asks about weather again."
    chat.assert_complete()


def test_the_llm_prompt_names_every_role_and_the_recent_turns() -> None:
    router = LLMRouter(scripted_chat())
    history = [Turn(text="weather in Paris", role="weather")]
    prompt = router.messages(RouteRequest(text="and in Boston?", history=history))
    text = "\n".join(str(message.content) for message in prompt)
    for role in ("timer", "weather", "calendar", "smart_home", "search", "conversation"):
        assert f"- {role}:" in text
    assert "'weather in Paris' (routed to weather)" in text
    assert (prompt[-1].type, prompt[-1].content) == ("human", "and in Boston?")


@pytest.mark.anyio
async def test_the_llm_router_drops_a_role_given_with_meta_planning() -> None:
    chat = scripted_chat(
        route_call({"target": "meta_planning", "role": "timer", "confidence": 0.8})
    )
    decision = await LLMRouter(chat).route(RouteRequest(text="x then y"))
    assert (decision.target, decision.role) == (RouteTarget.META_PLANNING, None)


@pytest.mark.anyio
async def test_the_llm_router_rejects_fast_reply_without_a_role() -> None:
    chat = scripted_chat(route_call({"target": "fast_reply", "confidence": 0.8}))
    with pytest.raises(LLMOutputError, match="without a role"):
        await LLMRouter(chat).route(RouteRequest(text="hmm"))


@pytest.mark.anyio
async def test_a_failing_chat_model_raises_an_llm_error_naming_the_request() -> None:
    with pytest.raises(LLMError, match="could not route 'hmm'"):
        await LLMRouter(FailingChat(responses=[])).route(RouteRequest(text="hmm"))


@pytest.mark.anyio
async def test_the_hybrid_router_does_not_ask_the_llm_when_the_embedded_router_is_sure() -> None:
    chat = scripted_chat()  # any call would find the script empty and fail
    hybrid = HybridRouter(EmbeddedRouter(ScriptedClassifier("timer", 0.99)), LLMRouter(chat))
    decision = await hybrid.route(RouteRequest(text="set a timer"))
    assert (decision.role, decision.router, hybrid.llm_calls) == ("timer", "embedded", 0)


@pytest.mark.anyio
async def test_the_hybrid_router_does_not_ask_the_llm_below_the_plan_threshold() -> None:
    chat = scripted_chat()
    hybrid = HybridRouter(EmbeddedRouter(ScriptedClassifier("other", 0.5)), LLMRouter(chat))
    decision = await hybrid.route(RouteRequest(text="sell my shares"))
    assert (decision.target, hybrid.llm_calls) == (RouteTarget.META_PLANNING, 0)


@pytest.mark.anyio
async def test_the_hybrid_router_lets_the_llm_decide_in_the_middle_band() -> None:
    chat = scripted_chat(
        route_call({"target": "fast_reply", "role": "calendar", "confidence": 0.9})
    )
    embedded = EmbeddedRouter(ScriptedClassifier("timer", 0.8))
    hybrid = HybridRouter(embedded, LLMRouter(chat), make_settings())
    decision = await hybrid.route(RouteRequest(text="move my thing to 5"))
    assert (decision.role, decision.router, decision.guess) == ("calendar", "llm", False)
    assert decision.scores["timer"] == pytest.approx(0.8)
    assert hybrid.llm_calls == 1
    chat.assert_complete()


@pytest.mark.anyio
async def test_the_hybrid_router_keeps_the_embedded_guess_when_the_llm_fails() -> None:
    embedded = EmbeddedRouter(ScriptedClassifier("weather", 0.8))
    hybrid = HybridRouter(embedded, LLMRouter(FailingChat(responses=[])))
    decision = await hybrid.route(RouteRequest(text="is it nice out"))
    assert (decision.role, decision.guess, decision.router) == ("weather", True, "embedded")
    assert "LLM router failed" in decision.reason
    assert (hybrid.llm_calls, hybrid.llm_failures) == (1, 1)


@pytest.mark.anyio
async def test_the_hybrid_band_follows_the_settings_thresholds() -> None:
    chat = scripted_chat()
    settings = make_settings(route_fast_threshold=0.75, route_plan_threshold=0.5)
    embedded = EmbeddedRouter.from_settings(settings, ScriptedClassifier("weather", 0.8))
    hybrid = HybridRouter(embedded, LLMRouter(chat), settings)
    decision = await hybrid.route(RouteRequest(text="is it nice out"))
    assert (decision.role, hybrid.llm_calls) == ("weather", 0)


@pytest.mark.anyio
async def test_the_llm_router_offers_exactly_the_loaded_roles() -> None:
    from agent_system.roles import load_roles

    class Dice:
        name = "dice"
        description = "Roll dice and flip coins."
        examples = ("roll a die",)
        routing_hint = "rolling dice, flipping coins"

        def interpret(self, *args: object) -> object:
            raise NotImplementedError

    roles = {**load_roles(("timer", "conversation")), "dice": Dice()}
    chat = scripted_chat(
        route_call({"target": "fast_reply", "role": "dice", "confidence": 0.9}),
        route_call({"target": "fast_reply", "role": "weather", "confidence": 0.9}),
        route_call({"target": "fast_reply", "role": "weather", "confidence": 0.9}),
    )
    router = LLMRouter.from_roles(chat, roles)  # type: ignore[arg-type]
    prompt = "\n".join(str(m.content) for m in router.messages(RouteRequest(text="roll")))
    assert "- dice: rolling dice, flipping coins" in prompt
    assert "Never send such a request to timer, dice." in prompt
    decision = await router.route(RouteRequest(text="roll a d20"))
    assert decision.role == "dice"
    with pytest.raises(LLMOutputError):  # weather is not loaded: not a choice
        await router.route(RouteRequest(text="weather?"))


class KeywordClassifier:
    """Each clause goes to the role its first known word names, at `confidence`."""

    def __init__(self, words: dict[str, str], confidence: float) -> None:
        self.meta: dict[str, object] = {"scripted": True}
        self.words, self.confidence = words, confidence

    def probabilities(self, text: str) -> dict[str, float]:
        from agent_system.routing._model import CLASSES

        best = next((r for w, r in self.words.items() if w in text.lower()), "other")
        rest = (1.0 - self.confidence) / (len(CLASSES) - 1)
        return {name: (self.confidence if name == best else rest) for name in CLASSES}


COMPOUND = "set a timer for 5 minutes and check the weather in Paris"


@pytest.mark.anyio
async def test_no_llm_call_when_a_compound_needs_two_roles_in_the_middle_band() -> None:
    chat = scripted_chat()  # any call would find the script empty and fail
    classifier = KeywordClassifier({"timer": "timer", "weather": "weather"}, 0.8)
    hybrid = HybridRouter(EmbeddedRouter(classifier), LLMRouter(chat), make_settings())
    decision = await hybrid.route(RouteRequest(text=COMPOUND))
    assert 0.6 <= decision.confidence < 0.9  # in the band: the LLM used to be asked here
    assert (decision.target, decision.router, hybrid.llm_calls) == (
        RouteTarget.META_PLANNING,
        "embedded",
        0,
    )


@pytest.mark.anyio
async def test_a_compound_one_role_could_serve_alone_still_asks_the_llm() -> None:
    chat = scripted_chat(route_call({"target": "fast_reply", "role": "timer", "confidence": 0.9}))
    classifier = KeywordClassifier({"timer": "timer"}, 0.8)
    hybrid = HybridRouter(EmbeddedRouter(classifier), LLMRouter(chat), make_settings())
    decision = await hybrid.route(
        RouteRequest(text="set a timer for 5 minutes and then a timer for 10 minutes")
    )
    assert (decision.target, decision.role, hybrid.llm_calls) == (
        RouteTarget.FAST_REPLY,
        "timer",
        1,
    )


@pytest.mark.anyio
async def test_planning_starts_beside_the_llm_call_and_is_kept_for_meta_planning() -> None:
    import asyncio

    started = asyncio.Event()

    async def speculate(decision: object) -> str:
        started.set()
        return "the plan"

    chat = scripted_chat(route_call({"target": "meta_planning", "confidence": 0.9}))
    hybrid = HybridRouter(
        EmbeddedRouter(ScriptedClassifier("timer", 0.8)), LLMRouter(chat), make_settings()
    )
    routed = await hybrid.route_speculating(RouteRequest(text="sort out my evening"), speculate)
    assert routed.decision.target == RouteTarget.META_PLANNING
    assert started.is_set() and routed.speculative is not None
    assert await routed.speculative == "the plan"


@pytest.mark.anyio
async def test_speculative_planning_is_cancelled_when_the_llm_picks_a_fast_role() -> None:
    import asyncio

    cancelled = asyncio.Event()

    async def speculate(decision: object) -> str:
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "never"

    chat = scripted_chat(route_call({"target": "fast_reply", "role": "timer", "confidence": 0.9}))
    hybrid = HybridRouter(
        EmbeddedRouter(ScriptedClassifier("timer", 0.8)), LLMRouter(chat), make_settings()
    )
    routed = await hybrid.route_speculating(RouteRequest(text="a timer maybe"), speculate)
    assert (routed.decision.role, routed.speculative) == ("timer", None)
    assert cancelled.is_set()


@pytest.mark.anyio
async def test_nothing_is_speculated_when_the_embedded_router_is_sure() -> None:
    calls: list[object] = []

    async def speculate(decision: object) -> None:
        calls.append(decision)

    hybrid = HybridRouter(
        EmbeddedRouter(ScriptedClassifier("timer", 0.99)), LLMRouter(scripted_chat())
    )
    routed = await hybrid.route_speculating(RouteRequest(text="set a timer"), speculate)
    assert (routed.decision.role, routed.speculative, calls) == ("timer", None, [])


@pytest.mark.anyio
async def test_a_chit_chat_guess_below_the_plan_threshold_asks_the_llm() -> None:
    # "Unsure, but it reads as chit-chat" is less sure than the middle band: with an LLM at
    # hand it decides, so a request that needs the planner is not answered as small talk.
    chat = scripted_chat(route_call({"target": "meta_planning", "confidence": 0.9}))
    embedded = EmbeddedRouter(ScriptedClassifier("conversation", 0.4))
    assert embedded.decide(RouteRequest(text="1,024 lookups")).guess
    hybrid = HybridRouter(embedded, LLMRouter(chat), make_settings())
    decision = await hybrid.route(RouteRequest(text="1,024 lookups"))
    assert (decision.target, decision.router) == (RouteTarget.META_PLANNING, "llm")
    assert hybrid.llm_calls == 1
    chat.assert_complete()
