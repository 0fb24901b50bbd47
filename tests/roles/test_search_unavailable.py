"""Web search that is not set up, or keeps failing, is said in plain words (issue 15 item 8).

No web search configured is no failure: each factual question gets the same short sentence, said
once (no retry, no breaker count), however many are asked in a row. A web search service that
keeps failing pauses the tool, and the user hears "Web search isn't answering right now; try
again in 30 seconds.", never the tool's name (that stays in the error's detail, for --verbose).
Through the public API, on a fake clock, with respx for the web search service.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import respx

from agent_system.api import AgentSystem
from agent_system.errors import ErrorCode
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests.roles.conftest import MONDAY_MORNING

pytestmark = pytest.mark.anyio

SEARX = "http://searx.local:8888"
QUESTIONS = (
    "who wrote dune",
    "how tall is the eiffel tower",
    "when was the great wall of china built",
    "what is the capital of peru",
    "who painted the mona lisa",
    "where is mount kilimanjaro",
    "tell me about black holes",
    "who invented the telephone",
)
"""More questions than the breaker's five failures."""


@pytest.fixture
async def offline(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    """No web search, an empty notes folder."""
    (tmp_path / "notes").mkdir()
    settings = make_settings(tmp_path / "home", documents_dir=tmp_path / "notes")
    async with AgentSystem(settings, clock=FakeClock(MONDAY_MORNING)) as engine:
        yield engine


def _step_error(result: object) -> tuple[str, int, str]:
    plan_result = getattr(result, "result", None)
    assert plan_result is not None
    (step,) = plan_result.steps
    assert step.error is not None
    return str(step.error.code), step.attempts, str(step.error.details.get("detail", ""))


async def test_questions_in_a_row_without_web_search_get_one_plain_sentence_each(
    offline: AgentSystem,
) -> None:
    for text in QUESTIONS:
        result = await offline.arun(text)
        assert result.reply == "I can't search the web yet, and your notes don't answer that."
        code, attempts, detail = _step_error(result)
        assert (code, attempts) == (ErrorCode.NEEDS_INPUT, 1)  # said once, not retried
        assert "searxng_url" in detail and "notes" in detail  # the setup, for --verbose


async def test_a_definition_without_web_search_names_the_word_not_the_setup(
    offline: AgentSystem, tmp_path: Path
) -> None:
    for _ in range(7):
        result = await offline.arun("define serendipity")
        assert result.reply == (
            "I can't search the web yet, and your notes don't define 'serendipity'."
        )
        assert str(tmp_path) not in result.reply
        assert _step_error(result)[:2] == (ErrorCode.NEEDS_INPUT, 1)


async def test_a_failing_web_search_is_paused_in_plain_words(tmp_path: Path) -> None:
    clock = FakeClock(MONDAY_MORNING)
    settings = make_settings(tmp_path / "home", searxng_url=SEARX, breaker_cooldown_s=30)
    with respx.mock:
        route = respx.get(f"{SEARX}/search").mock(return_value=httpx.Response(502))
        async with AgentSystem(settings, clock=clock) as system:
            replies = [(await system.arun(text)).reply for text in QUESTIONS]
            calls = route.call_count
            paused = await system.arun("who discovered penicillin")
            assert route.call_count == calls  # paused: the service is not asked
            clock.advance(31)
            route.mock(return_value=httpx.Response(200, json={"results": [], "answers": []}))
            again = await system.arun("who discovered penicillin")

    assert replies[0] == "The web search service answered with an error (HTTP 502)."
    assert replies[-1] == "Web search isn't answering right now; try again in 30 seconds."
    assert paused.reply == "Web search isn't answering right now; try again in 30 seconds."
    for reply in [*replies, paused.reply]:
        assert "search.web" not in reply and "Tool" not in reply
    code, _, detail = _step_error(paused)
    assert code == ErrorCode.CIRCUIT_OPEN
    assert "'search.web' is failing repeatedly" in detail  # --verbose keeps the tool
    assert again.reply == "No results for 'who discovered penicillin'."  # the trial call ran
