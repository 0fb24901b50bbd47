"""Whole messages that keep the conversation going: "ok", "that's wrong", "say that again".

Said with no question pending they get a short plain reply offline, not the can't-do notice;
right after the assistant asked something, a yes or a "never mind" is left to the question's role.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import CANNOT_OFFLINE
from roles.conversation._acts import dialogue_act

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "reply"),
    [
        ("ok", "OK."),
        ("Okay then.", "OK."),
        ("got it", "OK."),
        ("sounds good", "OK."),
        ("cool!", "Glad I could help!"),
        ("perfect", "Glad I could help!"),
        ("oh nice one", "Glad I could help!"),
        ("that's wrong", "Sorry about that. Could you say it another way?"),
        ("no, that's not what I asked", "Sorry about that. Could you say it another way?"),
        ("you're useless", "Sorry about that. Could you say it another way?"),
        ("you misunderstood me", "Sorry about that. Could you say it another way?"),
        ("sorry", "No problem. What can I do for you?"),
        ("oops my bad", "No problem. What can I do for you?"),
        ("no thanks", "OK."),
        ("nope", "OK."),
        ("never mind", "OK, never mind."),
        ("nevermind then", "OK, never mind."),
        ("it doesn't matter", "OK, never mind."),
        ("I don't know", "No problem. Take your time, and ask me whenever you're ready."),
        ("hmm", "No problem. Take your time, and ask me whenever you're ready."),
    ],
)
async def test_a_whole_message_act_gets_a_short_reply(
    system: AgentSystem, said: str, reply: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.reply == reply
    assert result.reply != CANNOT_OFFLINE


@pytest.mark.parametrize(
    "again",
    [
        "say that again",
        "what did you say?",
        "pardon?",
        "I didn't catch that",
        "could you repeat that please",
    ],
)
async def test_say_that_again_repeats_the_last_reply(system: AgentSystem, again: str) -> None:
    first = await system.arun("set a timer for 5 minutes", thread_id="t")
    repeated = await system.arun(again, thread_id="t")
    assert first.reply.startswith("Timer set for 5 minutes")
    assert repeated.reply == first.reply
    assert repeated.plan is not None  # repeating the words set no second timer
    assert [step.tool for step in repeated.plan.steps] == ["conversation.reply"]


async def test_say_that_again_on_a_new_thread_says_nothing_was_said(system: AgentSystem) -> None:
    result = await system.arun("say that again", thread_id="fresh")
    assert result.reply == "I haven't said anything yet. What can I do for you?"


async def test_a_yes_after_a_question_is_left_to_the_question(system: AgentSystem) -> None:
    asked = await system.arun("add to my shopping list", thread_id="t")
    assert asked.reply.endswith("?")
    answered = await system.arun("eggs", thread_id="t")
    assert "eggs" in answered.reply.lower()


@pytest.mark.parametrize(
    "request_text",
    [
        "ok set a timer for 2 minutes",
        "sorry, what's the weather in paris",
        "no, add milk to my shopping list",
        "yes turn on the kitchen light",
        "never mind the timer, what time is it",
        "right now",
        "stop the music",
        "good morning",
    ],
)
def test_a_request_with_more_in_it_is_no_act(request_text: str) -> None:
    assert dialogue_act(request_text) is None


async def test_forget_it_after_remembering_is_left_to_the_memory(system: AgentSystem) -> None:
    await system.arun("remember my locker is 42", thread_id="t")
    result = await system.arun("forget it", thread_id="t")
    assert result.reply != "OK, never mind."
