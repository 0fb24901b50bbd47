"""Checks shared by the search phrasing tests: a request the search role's first stage claims
(by its rule, not by a classifier score) and plans as one web search, or one it leaves alone."""

from __future__ import annotations

from agent_system.api import AgentSystem

_CLAIMED = "A factual question"
"""How the search role's first stage gives its reason."""


async def assert_searched(system: AgentSystem, text: str) -> None:
    """`text` is claimed by the search stage and planned as a single `search.web` step."""
    decision = await system.aroute(text)
    assert decision.role == "search", (text, decision.reason)
    assert decision.reason.startswith(_CLAIMED), text  # the stage, not a score
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] == ["search.web"], text


async def assert_not_claimed(system: AgentSystem, text: str) -> None:
    """The search stage does not take `text` for a factual question."""
    decision = await system.aroute(text)
    assert not decision.reason.startswith(_CLAIMED), text
