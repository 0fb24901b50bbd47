"""A question the user's remembered facts answer is answered from them, not searched for.

"remember that the spare key is under the blue pot" ... "where's the spare key?" answers "The
spare key is under the blue pot." whether a web search is set up or not; a question with a
word no fact holds is still searched for. Through the public API, SearxNG over respx.
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
    "results": [{"url": "https://example.org/dune", "title": "Dune", "content": "Frank Herbert."}],
    "answers": [],
    "infoboxes": [],
}


@pytest.fixture(params=["web", "offline"])
async def system(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[AgentSystem]:
    searx = {"searxng_url": SEARX} if request.param == "web" else {}
    async with AgentSystem(make_settings(tmp_path / "home", **searx)) as engine:
        yield engine


async def test_a_remembered_fact_answers_the_question_about_it(system: AgentSystem) -> None:
    await system.arun("remember that the spare key is under the blue pot")
    await system.arun("remember that my favourite book is dune")
    with respx.mock:
        route = respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(200, json=BODY))
        for asked in ("where's the spare key?", "where is the spare key", "where's the key"):
            result = await system.arun(asked)
            assert result.status == "success", asked
            assert result.reply == "The spare key is under the blue pot.", asked
        assert not route.called
        # "wrote" is in no remembered fact: searched for as before
        result = await system.arun("who wrote dune")
        assert "The spare key" not in result.reply
        assert "favourite book" not in result.reply.lower()


async def test_another_users_facts_answer_nothing(system: AgentSystem) -> None:
    await system.arun("remember that the spare key is under the blue pot", user="ann")
    result = await system.arun("where's the spare key?", user="bob")
    assert "blue pot" not in result.reply
