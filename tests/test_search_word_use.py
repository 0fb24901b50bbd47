"""How a word is used, asked the everyday way, is searched for (issue 15).

"how do i use the word affect in a sentence", "give me an example sentence with ubiquitous", "in
which context would you use ephemeral", "serendipity in a sentence", "can you say the word
worcestershire": the search stage claims them. A thing of the user's to use ("how do i use my
credit card abroad", "how do i use the timer") or a phrase to translate is not a word question.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

_STAGE = "A factual question or a definition: searched for."


@pytest.mark.parametrize(
    "text",
    [
        "how do i use the word affect in a sentence",
        "how would you use whom in a sentence",
        "in which context would you use ephemeral",
        "in what situation do people use the word literally",
        "give me an example sentence with ubiquitous",
        "what's a sentence using the word obfuscate",
        "an example of melancholy in a sentence",
        "serendipity in a sentence please",
        "make a sentence with the word gregarious",
        "when should i use the word whom",
        "can you say the word worcestershire",
    ],
)
async def test_how_a_word_is_used_is_searched(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert decision.role == "search" and decision.reason == _STAGE, (text, decision.reason)
    plan = await system.aplan(text)
    assert [s.tool for s in plan.steps] in (["search.web"], ["search.define"])


@pytest.mark.parametrize(
    "text",
    [
        "how do i use my credit card abroad",
        "where can i use this word",
        "how do you say hello in french",
        "how do i use the timer",
    ],
)
async def test_using_a_thing_is_no_word_question(system: AgentSystem, text: str) -> None:
    decision = await system.aroute(text)
    assert decision.reason != _STAGE, text
