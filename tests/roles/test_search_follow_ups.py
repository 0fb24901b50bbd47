"""Search follow-ups read against the search before them (issue 15 item 4).

"what about paris?" after "how big is london" asks how big Paris is; "and what about
ephemeral?" after a definition defines "ephemeral"; "what does this mean?" after one defines
the same word again; "who directed it?" after "who wrote dune" asks who directed Dune. The
web search is SearxNG over respx, so the test reads what was searched for; without it (no
search configured, the search finds nothing) the follow-ups still resolve the same way. The
sentences are our own.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

SEARX = "http://searx.local:8888"
BODY = {
    "results": [{"url": "https://example.org/a", "title": "A", "content": "An answer."}],
    "answers": [],
    "infoboxes": [],
}


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home", searxng_url=SEARX)) as engine:
        yield engine


@pytest.fixture
async def offline(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "offline")) as engine:
        yield engine


async def searched(system: AgentSystem, turns: list[str]) -> list[str]:
    """What SearxNG was asked for, one query per turn, the turns said in one thread."""
    with respx.mock:
        route = respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(200, json=BODY))
        asked: list[str] = []
        for turn in turns:
            result = await system.arun(turn, thread_id="t")
            assert result.status == "success", (turn, result.reply)
            asked.append(route.calls.last.request.url.params["q"])
    return asked


async def test_the_same_question_of_another_thing(system: AgentSystem) -> None:
    assert await searched(system, ["how big is london", "what about paris?", "and rome?"]) == [
        "how big is london",
        "how big is paris",
        "how big is rome",
    ]


async def test_the_same_role_of_another_country_or_another_role_altogether(
    system: AgentSystem,
) -> None:
    turns = [
        "who is the president of france",
        "and germany?",
        "what about the prime minister of italy?",
    ]
    assert await searched(system, turns) == [
        "who is the president of france",
        "who is the president of germany",
        "who is the prime minister of italy",
    ]


async def test_a_thing_asked_about_in_the_middle_of_the_question(system: AgentSystem) -> None:
    assert await searched(
        system, ["when was the eiffel tower built", "how about the statue of liberty"]
    ) == ["when was the eiffel tower built", "when was the statue of liberty built"]
    assert (await searched(system, ["how many moons does jupiter have", "and saturn"]))[1] == (
        "how many moons does saturn have"
    )


async def test_a_pronoun_names_the_thing_asked_about_before(system: AgentSystem) -> None:
    turns = ["who wrote dune", "and who directed it?", "when was it published"]
    assert await searched(system, turns) == [
        "who wrote dune",
        "who directed dune",
        "when was dune published",
    ]


async def test_another_word_after_a_definition_and_the_same_word_again(
    system: AgentSystem,
) -> None:
    turns = [
        "what does serendipity mean",
        "what does this mean?",
        "and what about ephemeral?",
        "and the word ubiquitous",
    ]
    assert await searched(system, turns) == [
        "define serendipity",
        "define serendipity",
        "define ephemeral",
        "define ubiquitous",
    ]


async def test_follow_ups_resolve_when_the_search_before_found_nothing(
    offline: AgentSystem,
) -> None:
    planned = []
    for turn in ("define serendipity", "what does it mean", "what about ephemeral"):
        result = await offline.arun(turn, thread_id="o")
        assert result.plan is not None
        planned.append([(s.tool, s.arguments) for s in result.plan.steps])
    assert planned[1:] == [
        [("search.define", {"term": "serendipity"})],
        [("search.define", {"term": "ephemeral"})],
    ]
    for turn, query in (
        ("how tall is mount everest", "how tall is mount everest"),
        ("what about k2?", "how tall is k2"),
        ("and how old is it", "how old is k2"),
    ):
        result = await offline.arun(turn, thread_id="p")
        assert result.plan is not None
        assert [s.arguments for s in result.plan.steps] == [{"query": query}], turn


async def test_a_request_of_its_own_after_a_search_is_not_a_follow_up(
    offline: AgentSystem,
) -> None:
    await offline.arun("who is the president of france", thread_id="n")
    for turn, role in (
        ("and set a timer for 5 minutes", "timer"),
        ("what time is it", "conversation"),
        ("is it going to rain", "weather"),
        ("turn it off", "smart_home"),
    ):
        assert (await offline.aroute(turn, thread_id="n")).role == role, turn
