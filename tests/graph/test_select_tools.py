"""The tools handed to the LLM planner for a compound request keep each clause's own tool.

`SelectTools.names` puts first the tool each part's role reads its clause into (nothing runs),
then the registry's ranking. Before, "start up the coffee machine" brought the home's tools
ranked by their words ("start" -> start_vacuum), and the cap could leave out `turn_on`.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def test_each_parts_reading_comes_first(system: AgentSystem) -> None:
    text = "start up the coffee machine then tell me about my events tomorrow"
    decision = await system.aroute(text)
    parts = decision.slots["parts"]
    assert [p["role"] for p in parts] == ["smart_home", "calendar"]
    select = system.engine.nodes.select_tools
    names = select.names(text, decision.scores, parts)
    assert names[:2] == ["smart_home.turn_on", "calendar.list"]
    assert len(names) <= 2 * system.settings.tools_per_plan
    # the registry's ranking still follows
    assert set(names) >= {s.name for s, _ in select.registry.search(text, 3)}


async def test_parts_a_role_cannot_read_add_nothing(system: AgentSystem) -> None:
    select = system.engine.nodes.select_tools
    text = "book me a flight and what's the weather"
    plain = select.names(text, {})
    odd = [{"role": "no_such_role", "text": "book me a flight"}, {"role": "weather"}]
    assert select.names(text, {}, odd) == plain
