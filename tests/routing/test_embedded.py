"""EmbeddedRouter: roles, out-of-role safety, compounds, follow-ups, thresholds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from agent_system.routing import EmbeddedRouter, RouteDecision, RouteRequest, RouteTarget, Turn
from agent_system.routing._embedded import load_default_router
from agent_system.routing._model import TOOL_ROLES
from agent_system.testing import make_settings
from tests.routing.fakes import ScriptedClassifier

CLEAR = [
    ("set a timer for 10 minutes", "timer"),
    ("wake me up at 7 tomorrow", "timer"),
    ("remind me to call mom at 5 pm", "timer"),
    ("what's the weather in Paris tomorrow", "weather"),
    ("will it rain in London this weekend", "weather"),
    ("what's on my calendar on friday", "calendar"),
    ("schedule a meeting with Sam at 3 pm tomorrow", "calendar"),
    ("turn off the kitchen lights", "smart_home"),
    ("set the thermostat to 21 degrees", "smart_home"),
    ("lock the front door", "smart_home"),
    ("close the garage door", "smart_home"),
    ("start the robot vacuum", "smart_home"),
    ("what does serendipity mean", "search"),
    ("search my documents for the lease", "search"),
    ("hello there", "conversation"),
    ("thank you so much", "conversation"),
    ("tell me a joke", "conversation"),
    ("what can you do", "conversation"),
]


@pytest.mark.parametrize(("text", "role"), CLEAR)
def test_a_clear_request_goes_fast_to_its_role(
    router: EmbeddedRouter, text: str, role: str
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert decision.target is RouteTarget.FAST_REPLY
    assert decision.role == role
    assert decision.confidence >= 0.95
    assert not decision.guess
    assert decision.router == "embedded"
    assert decision.scores[role] == max(decision.scores.values())
    assert decision.reason


OUT_OF_ROLE = [
    "what's my checking account balance",
    "transfer 200 dollars to my savings",
    "order a large pizza from dominos",
    "book a flight to Boston next friday",
    "call an uber to the airport",
    "play some jazz music",
    "translate hello into german",
    "what's the exchange rate for yen",
    "how many calories are in an apple",
]


@pytest.mark.parametrize("text", OUT_OF_ROLE)
def test_an_out_of_role_request_never_reaches_a_tool_role(
    router: EmbeddedRouter, text: str
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert decision.role not in TOOL_ROLES
    assert decision.target is RouteTarget.META_PLANNING
    assert decision.role is None


@pytest.mark.parametrize(
    ("text", "roles"),
    [
        ("check the weather in Paris and set a timer for 10 minutes", ["weather", "timer"]),
        ("set a timer for 5 minutes then turn off the oven light", ["timer", "smart_home"]),
        ("check the weather and if it's raining close the garage", ["weather", "smart_home"]),
        ("turn on the lights and lock the front door", ["smart_home", "smart_home"]),
        ("tell me a joke and then set an alarm for 7", ["conversation", "timer"]),
    ],
)
def test_a_compound_request_goes_to_meta_planning_with_its_parts(
    router: EmbeddedRouter, text: str, roles: list[str]
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert decision.target is RouteTarget.META_PLANNING
    assert decision.role is None
    assert [part["role"] for part in decision.slots["parts"]] == roles


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("remind me to buy milk and eggs", "timer"),
        ("thanks, and set a timer for 5 minutes", "timer"),
    ],
)
def test_a_single_role_request_with_and_stays_a_fast_reply(
    router: EmbeddedRouter, text: str, role: str
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert decision.target is RouteTarget.FAST_REPLY
    assert decision.role == role
    assert "parts" not in decision.slots


@pytest.mark.parametrize(
    ("text", "role", "parts"),
    [
        ("turn on the lights in the kitchen and living room", "smart_home", 2),
        ("turn off the lights and the fan", "smart_home", 2),
        ("what's the weather today and tomorrow", "weather", 2),
        ("set alarms for 7 and 8", "timer", 2),
        ("set timers for 5, 10 and 15 minutes", "timer", 3),
        ("what do I have on wednesday and thursday", "calendar", 2),
    ],
)
def test_a_shared_verb_over_a_list_makes_one_part_per_item(
    router: EmbeddedRouter, text: str, role: str, parts: int
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert decision.target is RouteTarget.META_PLANNING
    assert [part["role"] for part in decision.slots["parts"]] == [role] * parts


def test_an_action_beside_one_no_role_serves_is_planned_so_neither_is_dropped(
    router: EmbeddedRouter,
) -> None:
    decision = router.decide(RouteRequest(text="turn on the lights and book me a flight to Rome"))
    assert decision.target is RouteTarget.META_PLANNING
    assert [part["text"] for part in decision.slots["parts"]] == [
        "turn on the lights",
        "book me a flight to Rome",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "timer for 20 minutes please, for the cake",
        "update the reminder to pay taxes, make it monday",
        "can you change my reminder, it should say call the bank",
    ],
)
def test_a_piece_that_only_adds_to_its_neighbour_makes_no_compound(
    router: EmbeddedRouter, text: str
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert (decision.target, decision.role) == (RouteTarget.FAST_REPLY, "timer"), decision.reason


def test_an_action_after_a_comma_beside_one_no_role_serves_is_still_planned(
    router: EmbeddedRouter,
) -> None:
    decision = router.decide(RouteRequest(text="turn on the lights, book me a flight to Rome"))
    assert decision.target is RouteTarget.META_PLANNING
    assert len(decision.slots["parts"]) == 2


@pytest.mark.parametrize(
    ("previous", "role", "text"),
    [
        ("what's the weather in Paris", "weather", "and in Boston?"),
        ("what's the weather in Paris", "weather", "what about tomorrow?"),
        ("turn off the kitchen lights", "smart_home", "and the bedroom?"),
        ("what's on my calendar today", "calendar", "what about friday"),
    ],
)
def test_an_elliptical_follow_up_continues_the_previous_role(
    router: EmbeddedRouter, previous: str, role: str, text: str
) -> None:
    history = [Turn(text=previous, role=role)]
    decision = router.decide(RouteRequest(text=text, history=history))
    assert decision.target is RouteTarget.FAST_REPLY
    assert decision.role == role
    assert decision.slots == {"follow_up": True}


def test_the_same_words_without_history_are_not_a_follow_up(router: EmbeddedRouter) -> None:
    decision = router.decide(RouteRequest(text="and in Boston?"))
    assert decision.slots.get("follow_up") is None
    assert decision.role != "weather"


def test_a_clear_new_request_after_a_turn_is_not_taken_as_a_follow_up(
    router: EmbeddedRouter,
) -> None:
    history = [Turn(text="weather in Paris", role="weather")]
    timer = router.decide(RouteRequest(text="and set a timer for 5 minutes", history=history))
    flight = router.decide(RouteRequest(text="and book me a flight to Boston", history=history))
    assert (timer.role, timer.slots) == ("timer", {})
    assert flight.target is RouteTarget.META_PLANNING
    assert flight.role is None


def test_the_middle_band_takes_the_best_guess_and_says_so() -> None:
    router = EmbeddedRouter(ScriptedClassifier("weather", 0.8))
    decision = router.decide(RouteRequest(text="weather-ish"))
    assert decision.target is RouteTarget.FAST_REPLY
    assert decision.role == "weather"
    assert decision.guess
    assert "guess" in decision.reason


def test_below_the_plan_threshold_a_tool_role_is_not_guessed() -> None:
    router = EmbeddedRouter(ScriptedClassifier("timer", 0.6))
    decision = router.decide(RouteRequest(text="hmm"))
    assert decision.target is RouteTarget.META_PLANNING
    assert decision.role is None


def test_below_the_plan_threshold_chit_chat_goes_to_conversation() -> None:
    router = EmbeddedRouter(ScriptedClassifier("conversation", 0.5))
    decision = router.decide(RouteRequest(text="hmm"))
    assert (decision.target, decision.role, decision.guess) == (
        RouteTarget.FAST_REPLY,
        "conversation",
        True,
    )


def test_other_goes_to_meta_planning_even_when_sure() -> None:
    decision = EmbeddedRouter(ScriptedClassifier("other", 0.99)).decide(RouteRequest(text="x"))
    assert (decision.target, decision.role) == (RouteTarget.META_PLANNING, None)


def test_thresholds_come_from_settings() -> None:
    settings = make_settings(route_fast_threshold=0.75, route_plan_threshold=0.5)
    router = EmbeddedRouter.from_settings(settings, ScriptedClassifier("weather", 0.8))
    decision = router.decide(RouteRequest(text="weather-ish"))
    assert (decision.role, decision.guess) == ("weather", False)


def test_inverted_thresholds_are_rejected_with_the_settings_to_fix() -> None:
    with pytest.raises(ValueError, match="ROUTE_PLAN_THRESHOLD"):
        EmbeddedRouter(ScriptedClassifier("weather", 0.8), fast_threshold=0.5, plan_threshold=0.9)


def test_an_empty_request_goes_to_conversation(router: EmbeddedRouter) -> None:
    decision = router.decide(RouteRequest(text="   "))
    assert decision.role == "conversation"


@pytest.mark.anyio
async def test_route_is_the_async_form_of_decide(router: EmbeddedRouter) -> None:
    decision = await router.route(RouteRequest(text="set a timer for 3 minutes"))
    assert decision.role == "timer"
    assert decision.elapsed_ms > 0


def test_the_default_router_is_loaded_once_per_threshold_pair() -> None:
    settings = make_settings()
    assert load_default_router(settings) is load_default_router(settings)
    assert load_default_router(settings).model is load_default_router().model


def _stage(guess: bool) -> Callable[[RouteRequest], RouteDecision]:
    def stage(request: RouteRequest) -> RouteDecision:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY, role="lists", confidence=0.97, guess=guess
        )

    return stage


def test_a_first_stage_guess_gives_way_when_the_classifier_says_no_role_owns_it() -> None:
    sure_other = EmbeddedRouter(ScriptedClassifier("other", 0.9))
    assert sure_other.with_first_stages(_stage(True)).decide(RouteRequest(text="x")).role is None
    assert sure_other.with_first_stages(_stage(False)).decide(RouteRequest(text="x")).role == (
        "lists"
    )
    unsure = EmbeddedRouter(ScriptedClassifier("other", 0.5))
    assert unsure.with_first_stages(_stage(True)).decide(RouteRequest(text="x")).role == "lists"


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("at noon, schedule a meeting with Saul", "calendar"),
        ("the 21st, what is on my calendar", "calendar"),
    ],
)
def test_a_time_beside_a_request_is_no_second_action(
    router: EmbeddedRouter, text: str, role: str
) -> None:
    decision = router.decide(RouteRequest(text=text))
    assert "parts" not in decision.slots
    assert decision.role == role


def test_a_command_word_gives_way_when_the_classifier_says_no_role_owns_the_request() -> None:
    request = RouteRequest(text="look up travel alerts for Canada")
    assert EmbeddedRouter(ScriptedClassifier("other", 0.9)).decide(request).role is None
    assert EmbeddedRouter(ScriptedClassifier("other", 0.5)).decide(request).role == "search"


@pytest.mark.parametrize(
    "text", ["search for the best pizza dough recipe", "who wrote Dune", "look up qat please"]
)
def test_searches_and_factual_questions_reach_search(router: EmbeddedRouter, text: str) -> None:
    assert router.decide(RouteRequest(text=text)).role == "search"


def _unsure_stage(seen: list[RouteDecision]) -> Any:
    def stage(
        request: RouteRequest, decided: RouteDecision, probabilities: Mapping[str, float]
    ) -> RouteDecision | None:
        seen.append(decided)
        return RouteDecision(
            target=RouteTarget.FAST_REPLY, role="search", confidence=probabilities["search"]
        )

    return stage


def test_an_unsure_stage_is_asked_only_about_a_decision_the_router_is_unsure_of() -> None:
    seen: list[RouteDecision] = []
    request = RouteRequest(text="x")
    unsure = EmbeddedRouter(ScriptedClassifier("search", 0.5)).with_unsure_stages(
        _unsure_stage(seen)
    )
    assert unsure.decide(request).role == "search"  # was planning: "unsure which role fits"
    assert seen[-1].target == RouteTarget.META_PLANNING
    sure = EmbeddedRouter(ScriptedClassifier("lists", 0.99)).with_unsure_stages(_unsure_stage(seen))
    assert sure.decide(request).role == "lists"
    assert len(seen) == 1  # a sure decision is not asked about
    no_role = EmbeddedRouter(ScriptedClassifier("other", 0.8)).with_unsure_stages(
        _unsure_stage(seen)
    )
    assert no_role.decide(request).role is None  # the classifier says no role owns it
    assert len(seen) == 1
    # kept when first stages are added after
    assert unsure.with_first_stages().decide(request).role == "search"
