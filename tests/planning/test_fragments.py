"""Pieces of a request that ask nothing are named as not done, never acted on (embedded planner)."""

from __future__ import annotations

import pytest

from agent_system.planning._embedded import EmbeddedPlanner
from agent_system.planning._fragments import fold_topics, glue_leads, not_a_request, one_each
from agent_system.roles import NOT_UNDERSTOOD, load_roles
from agent_system.routing._embedded import load_default_router
from agent_system.testing import make_runtime
from agent_system.understanding import Clause, split_clauses

pytestmark = pytest.mark.anyio


@pytest.fixture
def planner() -> EmbeddedPlanner:
    runtime = make_runtime()
    return EmbeddedPlanner(load_default_router(runtime.settings), load_roles(), runtime)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("tell him winter is coming", "a message for someone else"),
        ("ask her to bring the cake", "a message for someone else"),
        ("let them know i'm late", "a message for someone else"),
        ("when my house burned down", "a story"),
        ("because the heating broke", "a story"),
        ("the check engine light is on", "a statement"),
        ("my engine light came on", "a statement"),
        ("the kitchen lights are still off", "a statement"),
        ("tell me why the light is on", "a statement"),
    ],
)
def test_pieces_that_ask_nothing_are_told_apart(text: str, kind: str) -> None:
    assert not_a_request(text) == kind


@pytest.mark.parametrize(
    "text",
    [
        "tell me the weather in Paris",
        "turn the kitchen light on",
        "switch off the lights",
        "is the kitchen light on",
        "the wemo plug should be turned off",
        "when is my next meeting",
        "when my order will arrive",
        "when i get home can you order a pizza",
        "what's on my calendar on the 26th",
        "who is on at the theater tonight",
        "cleaning needs to be on my to do list",
        "lights on please",
    ],
)
def test_requests_stay_requests(text: str) -> None:
    assert not_a_request(text) is None


def test_a_lead_in_is_read_with_the_clause_it_opens() -> None:
    clauses = glue_leads(split_clauses("in regards to my bank account, why is there a hold"))
    assert [c.text for c in clauses] == ["in regards to my bank account, why is there a hold"]
    alone = glue_leads(split_clauses("set a timer for 5 minutes, about the pasta"))
    assert alone[-1].text.endswith("about the pasta")  # a last piece has nothing to open


@pytest.mark.parametrize(
    "text",
    [
        "text anna and tell her it will rain tomorrow in paris",
        "text billy and tell him to be at monday's meeting at 3pm",
        "call jo and let him know the lights are off",
    ],
)
async def test_a_message_to_someone_is_not_served_as_a_request_of_its_own(
    planner: EmbeddedPlanner, text: str
) -> None:
    plan = await planner.plan(text, [])
    assert plan.steps == []
    assert len(plan.unsupported) == 2
    assert all(u.endswith(NOT_UNDERSTOOD) for u in plan.unsupported)


async def test_a_statement_of_state_switches_nothing(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("the check engine light is on and i need a mechanic", [])
    assert [s.tool for s in plan.steps if s.tool.startswith("smart_home")] == []
    assert any("check engine light is on" in u for u in plan.unsupported)


async def test_a_story_clause_reads_no_device(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("when my house burned down, so did my card", [])
    assert plan.steps == []
    assert len(plan.unsupported) == 2


async def test_a_command_beside_a_statement_is_still_served(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("the bedroom light is off and then set a timer for 10 minutes", [])
    assert [s.tool for s in plan.steps] == ["timer.set"]
    assert [u.split(":")[0] for u in plan.unsupported] == ["'the bedroom light is off'"]


def test_a_topic_named_apart_takes_the_place_of_its_pronoun() -> None:
    def texts(request: str) -> list[str]:
        return [c.text for c in fold_topics(split_clauses(request))]

    assert texts("the tasks for today, what are they") == ["what are the tasks for today"]
    assert texts("what is it at, the ac temperature") == ["what is the ac temperature at"]
    assert texts("the kitchen lights, turn them off") == ["turn the kitchen lights off"]
    # a clause of its own (a subject and a verb), a phrase that is no thing: left alone
    assert len(texts("my card got melted and i need to report it")) == 2
    assert len(texts("that's all, just cancel it")) == 2


def test_one_more_repeats_the_request_before_it() -> None:
    def texts(request: str) -> list[str]:
        return [c.text for c in one_each(split_clauses(request))]

    assert texts("please set two alarms, one at 12 pm and the next at 1 pm") == [
        "please set an alarm at 12 pm",
        "please set an alarm at 1 pm",
    ]
    assert texts("set one alarm for 8am saturday, one for 9am sunday") == [
        "set one alarm for 8am saturday",
        "set one alarm for 9am sunday",
    ]
    plain = [Clause("turn on the lights"), Clause("one for the road", joined_by="and")]
    assert one_each(plain) == plain  # no alarm, timer or reminder before it


async def test_the_second_alarm_is_an_alarm_too(planner: EmbeddedPlanner) -> None:
    plan = await planner.plan("could you set one alarm for 8am saturday and one for 9am sunday", [])
    assert [s.tool for s in plan.steps] == ["timer.alarm", "timer.alarm"]
    assert not plan.unsupported
