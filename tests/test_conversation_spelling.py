"""How a word is spelled, asked every way, is answered offline letter by letter (issue 15).

The conversation role claims these (never a tool role: spelling needs no search); requests that
only mention spelling keep their own routes. The sentences are our own paraphrases.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how do you spell rhythm", "Rhythm is spelled R-H-Y-T-H-M."),
        ("olly how is conscience spelled", "Conscience is spelled C-O-N-S-C-I-E-N-C-E."),
        ("spell onomatopoeia for me", "Onomatopoeia is spelled O-N-O-M-A-T-O-P-O-E-I-A."),
        ("can you spell the word bureaucracy", "Bureaucracy is spelled B-U-R-E-A-U-C-R-A-C-Y."),
        ("what's the correct spelling of definitely", "Definitely is spelled D-E-F-I-N-I-T-E-L-Y."),
        ("i never remember how to spell necessary", "Necessary is spelled N-E-C-E-S-S-A-R-Y."),
        ("how would i spell ice cream", "Ice cream is spelled I-C-E C-R-E-A-M."),
        ("what's the right way to spell fuchsia", "Fuchsia is spelled F-U-C-H-S-I-A."),
        ("pharaoh is spelled how", "Pharaoh is spelled P-H-A-R-A-O-H."),
        ("help me spell accommodate", "Accommodate is spelled A-C-C-O-M-M-O-D-A-T-E."),
    ],
)
async def test_a_word_is_spelled_out_offline(system: AgentSystem, text: str, reply: str) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.reason)
    assert decision.reason == "A question about how a word is spelled."
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    "text",
    [
        "spell check my essay",
        "when is the spelling bee",
        "how do you spell it",
        "can you help me spell my name",
        "add spelling homework to my to do list",
    ],
)
async def test_requests_that_only_mention_spelling_are_not_spelled(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != "A question about how a word is spelled.", text
