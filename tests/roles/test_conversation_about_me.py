"""Questions about the assistant itself, and thanks at length, said the everyday way (issue 15).

"what should i call you", "who do you take orders from", "how old did you just turn" and "i owe
you one" reached the conversation role (or the planner, for a router that never saw them) and
got the can't-do sentence. Through the public API, offline; paraphrases of our own.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from roles.conversation.tools import NEEDS_LLM

pytestmark = pytest.mark.anyio

NAME = "I'm agent-system, but you can call me whatever you like."
BOSS = "I work for you. What can I do?"
AGE = "I'm a program, so I don't have an age: I'm as new as my last update."
HOME = "I live right here on this computer; what I answer myself stays here."
MAKER = "I'm agent-system, made by an open-source project; whoever set me up here runs me."


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what can i address you as", NAME),
        ("how should I call you?", NAME),
        ("what do people call you", NAME),
        ("have you got a name", NAME),
        ("may i ask what name you go by", NAME),
        ("who do you take orders from", BOSS),
        ("who do you answer to, olly?", BOSS),
        ("who's in charge of you", BOSS),
        ("who are you working for", BOSS),
        ("do you have a boss", BOSS),
        ("how old did you just turn", AGE),
        ("what age are you", AGE),
        ("how long have you been around", AGE),
        ("when were you launched", AGE),
        ("where would you call home", HOME),
        ("what's your hometown", HOME),
        ("where did you grow up", HOME),
        ("who is responsible for creating you", MAKER),
        ("which company made you", MAKER),
        ("let me thank you", "You're welcome!"),
        ("I want to thank you for your help", "You're welcome!"),
        ("i owe you one", "You're welcome!"),
        ("much obliged", "You're welcome!"),
        ("i really appreciate it", "You're welcome!"),
    ],
)
async def test_questions_about_the_assistant_get_its_answer(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    result = await system.arun(text)
    assert decision.role == "conversation", (text, decision.reason)
    assert result.reply == reply
    assert result.reply != NEEDS_LLM


@pytest.mark.parametrize(
    "text",
    [
        "what should i call the new list",
        "how old is the eiffel tower",
        "who made the mona lisa",
        "where do penguins live",
        "i owe john 20 dollars, remind me tomorrow",
    ],
)
async def test_the_same_words_about_something_else_are_not_about_the_assistant(
    system: AgentSystem, text: str
) -> None:
    result = await system.arun(text)
    assert result.reply not in (NAME, BOSS, AGE, HOME, MAKER, "You're welcome!")
