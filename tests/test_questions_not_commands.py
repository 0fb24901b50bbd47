"""A question about a show is no TV command, and a search says only what to look for (issue 15).

"what tv show is jennifer aniston on" turns nothing on; "find me info on black holes" and "find
on the web why the sky is blue" search for "black holes" and "why the sky is blue", not "me info
on ..." or "the web ...". Our own paraphrases, through the public API.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "text",
    [
        "what tv show is jennifer aniston on",
        "which series is bryan cranston on",
        "what programme was david attenborough on last night",
    ],
)
async def test_a_question_about_a_show_switches_nothing(system: AgentSystem, text: str) -> None:
    plan = await system.aplan(text)
    assert not any(step.tool.startswith("smart_home.") for step in plan.steps), plan.steps


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("find me info on black holes", "black holes"),
        ("find on the web why the sky is blue", "why the sky is blue"),
        ("get me some information about the roman empire", "the roman empire"),
        ("search the internet for who painted the mona lisa", "who painted the mona lisa"),
    ],
)
async def test_a_search_says_only_what_to_look_for(
    system: AgentSystem, text: str, query: str
) -> None:
    plan = await system.aplan(text)
    assert [(s.tool, s.arguments.get("query")) for s in plan.steps] == [("search.web", query)]
