"""What a word means, asked the many ways people ask it (issue 15 item 8).

Each family is its asking words x the word asked (roles/search/_define.py): any words of
asking before "the definition/meaning of X", "X" and "mean" said loosely, the word first, a
dictionary named, "definition" and "meaning" misspelt. The requests are paraphrases of our
own, in none of the data sets: the stage claims them (not a router score) and the role
defines the word itself, not the sentence. The look-alikes (the meaning of life, the user's
dream or name, a reminder or a list item about a definition) are not definitions. Through the
public API, offline.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio

FAMILIES = {
    "asking words before the definition": [
        ("can you give the definition of verbose", "verbose"),
        ("let's hear the meaning of sanguine", "sanguine"),
        ("please share the definition of the word laconic", "laconic"),
        ("read me a definition for hygge", "hygge"),
        ("may i please have the exact meaning of obsequious", "obsequious"),
        ("i'd love the meaning of petrichor", "petrichor"),
        ("what's the meaning behind the word karma", "karma"),
        ("give me the definition of the term machine learning", "machine learning"),
    ],
    "mean said loosely": [
        ("what is sonder mean", "sonder"),
        ("what is break a leg mean", "break a leg"),
        ("exactly what does altruism mean", "altruism"),
        ("what is stupendous meant", "stupendous"),
        ("i need to know what adumbrate means can you look it up for me", "adumbrate"),
        ("tell me what obfuscate means please", "obfuscate"),
    ],
    "the word first": [
        ("serendipity definition", "serendipity"),
        ("what's quixotic definition", "quixotic"),
        ("ephemeral's definition is what", "ephemeral"),
        ("what might the meaning of altruism be", "altruism"),
    ],
    "a dictionary named": [
        ("look up zesty in dictionary", "zesty"),
        ("find ubiquitous in the dictionary", "ubiquitous"),
        ("search for the word gregarious in a dictionary", "gregarious"),
        ("find lethargic meaning in the dictionary", "lethargic"),
    ],
    "misspelt": [
        ("defintion of ephemeral", "ephemeral"),
        ("what is the definiton of crepuscular", "crepuscular"),
        ("whats the meanin of sonder", "sonder"),
        ("give me the defination of verbose", "verbose"),
    ],
}
LOOK_ALIKES = [
    "what is the meaning of life",
    "what is life's meaning",
    "what's the meaning of my dream",
    "what does my name mean",
    "remind me to look up the definition of irony",
    "add the definition of irony to my list",
    "what does this error code mean",
]


@pytest.fixture
async def system(tmp_path: Path) -> AsyncIterator[AgentSystem]:
    async with AgentSystem(make_settings(tmp_path / "home")) as engine:
        yield engine


@pytest.mark.parametrize("family", sorted(FAMILIES))
async def test_each_paraphrase_of_a_family_defines_its_word(
    system: AgentSystem, family: str
) -> None:
    for text, term in FAMILIES[family]:
        decision = await system.aroute(text)
        assert decision.role == "search", (text, decision.reason)
        assert decision.reason.startswith("A factual question"), text  # the stage, not a score
        (step,) = (await system.aplan(text)).steps
        assert (step.tool, step.arguments) == ("search.define", {"term": term}), text


async def test_the_look_alikes_are_no_definitions(system: AgentSystem) -> None:
    for text in LOOK_ALIKES:
        decision = await system.aroute(text)
        assert not decision.reason.startswith("A factual question"), text
        plan = await system.aplan(text)
        assert "search.define" not in [s.tool for s in plan.steps], text
