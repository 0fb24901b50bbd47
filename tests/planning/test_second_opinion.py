"""Offline, with `offline_second_opinion` on, a request the router is unsure of is served when one
role's strict reading claims it (off by default: see docs/routing.md).

The classifiers here are scripted (the router is torn for every request), so what is tested is
what the planner does with an unsure decision, not where the shipped model puts a sentence.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.routing._embedded import EmbeddedRouter
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

NOW = datetime(2026, 3, 2, 9, 0)  # a Monday morning


class _Unsure:
    """A classifier unsure of every request: `scores` (below the plan threshold)."""

    def __init__(self, **scores: float) -> None:
        self.meta: dict[str, Any] = {"scripted": True}
        self.scores = scores

    def probabilities(self, text: str) -> dict[str, float]:
        return dict(self.scores)


async def _open(tmp_path: Path, *, on: bool = True, **scores: float) -> AgentSystem:
    router = EmbeddedRouter(_Unsure(**scores))
    settings = make_settings(tmp_path / "home", offline_second_opinion=on)
    return AgentSystem(settings, router=router, clock=FakeClock(NOW))


@pytest.mark.parametrize(
    ("text", "tool", "arguments"),
    [
        ("i don't want eggs", "lists.remove", {"item": "eggs"}),
        ("we don't need bananas", "lists.remove", {"item": "bananas"}),
        ("chuck some carrots on there", "lists.add", {"items": ["carrots"]}),
    ],
)
async def test_an_unsure_request_one_role_reads_surely_is_served_offline(
    tmp_path: Path, text: str, tool: str, arguments: dict[str, Any]
) -> None:
    async with await _open(tmp_path, lists=0.6, other=0.3, timer=0.1) as system:
        decision = await system.aroute(text)
        plan = await system.aplan(text)
    assert decision.role is None  # the router itself stays unsure: the planner serves it
    assert [(s.tool, s.arguments) for s in plan.steps] == [(tool, arguments)], plan.unsupported
    assert not plan.unsupported


async def test_a_served_unsure_request_runs_and_changes_the_list(tmp_path: Path) -> None:
    async with await _open(tmp_path, lists=0.6, other=0.3, timer=0.1) as system:
        await system.arun("add eggs and milk to my shopping list", thread_id="t")
        result = await system.arun("i don't want eggs", thread_id="t")
        listing = await system.arun("what's on my shopping list", thread_id="t")
    assert result.status == "success", result.reply
    assert "eggs" not in listing.reply.lower() and "milk" in listing.reply.lower()


@pytest.mark.parametrize(
    "text",
    [
        "what do my bills add up to",  # a question the role reads any sentence into
        "i need to keep two toddlers busy tell me what to do",  # a sentence read as an item
        "is it okay to swap water for milk",  # a change read from a question
    ],
)
async def test_an_out_of_scope_request_is_not_acted_on(tmp_path: Path, text: str) -> None:
    async with await _open(tmp_path, lists=0.6, other=0.3, timer=0.1) as system:
        plan = await system.aplan(text)
        result = await system.arun(text, thread_id="t")
    assert plan.steps == []
    assert result.reply.startswith("I can't do that offline"), result.reply


@pytest.mark.parametrize(
    "text", ["get rid of the 8am one", "remove the 7:30 one", "cancel the one at 5"]
)
async def test_two_roles_reading_it_surely_ask_which_one_was_meant(
    tmp_path: Path, text: str
) -> None:
    async with await _open(tmp_path, timer=0.45, calendar=0.4, other=0.15) as system:
        plan = await system.aplan(text)
        result = await system.arun(text, thread_id="t")
    assert plan.steps == []
    assert result.reply == "Did you mean a timer, alarm or reminder, or your calendar?"


async def test_off_by_default_an_unsure_request_is_not_served(tmp_path: Path) -> None:
    async with await _open(tmp_path, on=False, lists=0.6, other=0.3, timer=0.1) as system:
        plan = await system.aplan("i don't want eggs")
        result = await system.arun("i don't want eggs", thread_id="t")
    assert plan.steps == []
    assert result.reply.startswith("I can't do that offline"), result.reply


async def test_with_a_planning_llm_the_second_opinion_is_not_asked(tmp_path: Path) -> None:
    from agent_system.planning._embedded import EmbeddedPlanner
    from agent_system.roles import load_roles
    from agent_system.testing import make_runtime

    runtime = make_runtime()
    router = EmbeddedRouter(_Unsure(lists=0.6, other=0.3, timer=0.1))
    planner = EmbeddedPlanner(router, load_roles(), runtime)  # as built beside an LLM planner
    plan = await planner.plan("i don't want eggs", [])
    assert plan.steps == []
