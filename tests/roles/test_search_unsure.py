"""A question the router is unsure of reaches search when its classifier ranks search first.

No family of the search stage names "what is deep learning" or "what's the largest fish that
ever lived": the router's classifier (word vectors behind it) ranks search above every other
role but below the plan threshold, and says no other class owns them. Such a request with
nothing of the user's in it is searched for (a guess, so an LLM, when set up, has the last
word); a search guessed at about "my" things is planned instead. Offline the user hears that
the web cannot be searched yet; with SearxNG set up (respx here) the web is searched.
Searching such questions is off by default (`Settings.search_when_unsure`, docs/routing.md:
it gave CLINC150's out-of-scope requests four more searches, over the goal); planning a search
guessed at about "my" things is always on.

The sentences are our own paraphrases, not rows of the data sets.
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
    "results": [
        {"url": "https://example.org/deep", "title": "Deep learning", "content": "Neural nets."}
    ],
    "answers": [],
    "infoboxes": [],
}
UNSURE = (
    "what is deep learning",
    "what's the largest fish that ever lived",
    "obama's birthday",
)


@pytest.fixture(params=["web", "offline"])
async def system(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[AgentSystem]:
    searx = {"searxng_url": SEARX} if request.param == "web" else {}
    settings = make_settings(tmp_path / "home", search_when_unsure=True, **searx)
    async with AgentSystem(settings) as engine:
        yield engine


async def test_off_by_default_the_unsure_question_is_planned(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        decision = await engine.aroute("what is deep learning")
    assert decision.role is None, decision.reason  # to planning, as before the setting


@pytest.mark.parametrize("text", UNSURE)
async def test_a_question_search_leads_is_searched_for(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert decision.role == "search", (text, decision.reason)
    assert decision.guess  # below the plan threshold: the classifier's best guess
    assert max(decision.scores, key=decision.scores.__getitem__) in ("search", "other")
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] in (["search.web"], ["search.define"]), text


async def test_offline_it_says_the_web_cannot_be_searched_and_with_searxng_it_searches(
    system: AgentSystem,
) -> None:
    web = system.settings.searxng_url is not None
    with respx.mock:
        route = respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(200, json=BODY))
        result = await system.arun("what's the largest fish that ever lived")
    if web:
        assert route.called
        assert "largest fish that ever lived" in route.calls.last.request.url.params["q"]
        assert "Neural nets." in result.reply
    else:
        assert not route.called
        assert result.reply == "I can't search the web yet, and your notes don't answer that."


@pytest.mark.parametrize(
    "text",
    [
        "can you find out for me",  # nothing asked about
        "what's the score of the lakers game",  # a game's score is the news
        "what does my dream mean",  # the user's own: planned
        "what is the meaning of my name",
    ],
)
async def test_nothing_of_the_users_own_nor_an_empty_ask_is_searched(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role != "search", (text, decision.reason)
    plan = await system.aplan(text)
    assert not any(s.tool.startswith("search.") for s in plan.steps), text
