"""Small talk said whole, answered offline (issue 15, the general_* families): how the user
feels, the assistant's own tastes, a story, a song, a joke's opening and a joke asked for in
other words. Claimed by the conversation role's first stage; look-alikes stay with their roles."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from roles.conversation._feelings import FEELINGS
from roles.conversation.tools import JOKES

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("said", "kind"),
    [("i'm so sad today", "sad"), ("honestly i feel really lonely lately", "sad"),
     ("i am exhausted", "tired"), ("feeling kind of stressed out at the moment", "stressed"),
     ("i'm a bit under the weather", "sick"), ("i'm over the moon", "happy"),
     ("ugh i'm so fed up", "angry"), ("do you like jazz?", "tastes"),
     ("what's your favourite food", "tastes"), ("what kind of movies do you like best", "tastes"),
     ("do you ever sleep", "body"), ("can you tell me a bedtime story please", "story"),
     ("sing me a little song", "song")],
)  # fmt: skip
async def test_small_talk_gets_its_own_reply(system: AgentSystem, said: str, kind: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "conversation"
    assert result.reply == FEELINGS[kind]


@pytest.mark.parametrize(
    "said", ["a priest walks into a bar", "got any good puns", "do you know any jokes", "joke time"]
)
async def test_a_joke_asked_for_or_begun_gets_a_joke(system: AgentSystem, said: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "conversation"
    assert any(joke in result.reply for joke in JOKES)


@pytest.mark.parametrize(
    "said",
    ["i'm tired of the rain, turn on the lights", "do you like it if i dim the lights",
     "set a timer for 5 minutes i'm so tired"],
)  # fmt: skip
async def test_look_alikes_are_not_small_talk(system: AgentSystem, said: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.reply not in FEELINGS.values()
