"""Everyday chat found by dogfooding (issue 15): how the user is, asking for quiet, "never mind".

"i'm good thanks", "i'm fine" and "not bad" (after "how are you" or unasked) got the can't-do
sentence; a bare "shut up", "hush" or "stop talking" too, and "be quiet" muted an idle TV. Now:
how the user is gets a short friendly reply; asking for quiet with nothing playing or ringing
gets "OK." and nothing runs, stops what rings, and mutes the player the thread just used (said in
a room with a player, the home already muted that one). "never mind" is one rule with one reply,
whether a question was asked or not. Offline, on a fake clock (Monday 5 January 2026, 09:00).
"""

from __future__ import annotations

from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import CANNOT_OFFLINE
from agent_system.runtime import FakeClock
from roles.smart_home.tools import home_backend
from roles.timer.service import FiredTimer, TimerService

pytestmark = pytest.mark.anyio

GLAD = "Glad to hear it! What can I do for you?"


@pytest.mark.parametrize(
    "said",
    [
        "i'm good thanks",
        "I'm fine.",
        "not bad",
        "Not too bad at all",
        "pretty good",
        "good thanks",
        "very well, thank you",
        "i'm doing ok",
        "can't complain",
        "all good",
    ],
)
async def test_saying_how_you_are_gets_a_friendly_reply(system: AgentSystem, said: str) -> None:
    asked = await system.arun("how are you", thread_id="t")
    answered = await system.arun(said, thread_id="t")
    unasked = await system.arun(said, thread_id="fresh")
    assert asked.reply != CANNOT_OFFLINE
    assert answered.reply == unasked.reply == GLAD
    assert answered.route is not None and answered.route.role == "conversation"


@pytest.mark.parametrize(
    "said", ["i'm good, and you?", "fine thanks, how about you?", "not bad, you?"]
)
async def test_asking_back_is_answered_too(system: AgentSystem, said: str) -> None:
    await system.arun("hi, how's it going", thread_id="t")
    answered = await system.arun(said, thread_id="t")
    assert answered.reply.startswith("Glad to hear it! I'm doing well too")


@pytest.mark.parametrize("said", ["could be better", "meh", "i've been better", "not so good"])
async def test_not_so_well_is_met_kindly(system: AgentSystem, said: str) -> None:
    answered = await system.arun(said, thread_id="t")
    assert answered.reply == "Sorry to hear that. Is there anything I can do to help?"


async def test_a_bare_good_after_how_are_you_says_how_the_user_is(system: AgentSystem) -> None:
    await system.arun("how are you doing", thread_id="t")
    good = await system.arun("good", thread_id="t")
    plain = await system.arun("good", thread_id="u")  # no question: an acknowledgement
    assert (good.reply, plain.reply) == (GLAD, "OK.")


@pytest.mark.parametrize(
    "said", ["i'm good at chess", "i'm fine with tuesday", "the weather is not bad"]
)
async def test_only_the_whole_message_is_how_the_user_is(system: AgentSystem, said: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.reply != GLAD


# --- asking for quiet ----------------------------------------------------------------------
QUIET = ["shut up", "hush", "be quiet", "stop talking", "please be quiet now", "shh", "zip it"]


async def _states(system: AgentSystem) -> dict[str, dict[str, Any]]:
    devices = await home_backend(system.engine.runtime).devices()
    return {d.id: {"state": d.state, **d.attributes} for d in devices}


@pytest.mark.parametrize("said", QUIET)
async def test_quiet_with_nothing_playing_or_ringing_is_ok_and_nothing_runs(
    system: AgentSystem, said: str
) -> None:
    before = await _states(system)
    result = await system.arun(said, thread_id="t")
    assert result.reply == "OK."
    assert result.plan is not None
    assert [s.tool for s in result.plan.steps] == ["conversation.reply"]
    assert await _states(system) == before  # "be quiet" no longer mutes an idle TV


async def _ring(system: AgentSystem, clock: FakeClock, seconds: float) -> list[str]:
    fired: list[FiredTimer] = []

    async def inbox(item: FiredTimer) -> None:
        fired.append(item)

    service = TimerService(system.engine.runtime, inbox)
    for _ in range(int(seconds // 30)):
        clock.advance(30)
        await service.tick()
    return [item.text for item in fired]


@pytest.mark.parametrize("said", ["hush", "stop talking", "be quiet", "shut up please"])
async def test_quiet_while_an_alarm_rings_stops_it(
    system: AgentSystem, clock: FakeClock, said: str
) -> None:
    await system.arun("set an alarm for 9:05", thread_id="set")
    assert await _ring(system, clock, 330) == ["Alarm (09:05)."]
    stopped = await system.arun(said, thread_id="new")
    assert stopped.reply == "Stopped your alarm."


@pytest.mark.parametrize("said", ["shut up", "hush", "be quiet please", "stop talking"])
async def test_quiet_right_after_playing_mutes_that_player(system: AgentSystem, said: str) -> None:
    await system.arun("play music on the tv", thread_id="t")
    result = await system.arun(said, thread_id="t")
    assert result.reply == "Muted TV."
    assert (await _states(system))["living_room_tv"]["muted"] is True


async def test_quiet_after_a_question_drops_it(system: AgentSystem) -> None:
    asked = await system.arun("what's the weather like", thread_id="t")
    hushed = await system.arun("shut up", thread_id="t")
    assert asked.reply.startswith("Which city?")
    assert hushed.reply == "OK, never mind."


@pytest.mark.parametrize("said", ["shut up for ten minutes", "hush the tv"])
async def test_quiet_for_a_while_or_to_a_player_is_still_the_homes(
    system: AgentSystem, said: str
) -> None:
    decision = await system.aroute(said)
    assert decision.role == "smart_home"


# --- never mind: one rule, one reply -------------------------------------------------------
@pytest.mark.parametrize("said", ["never mind", "nvm", "oh never mind then", "forget it"])
async def test_never_mind_is_one_reply_asked_or_not(system: AgentSystem, said: str) -> None:
    unasked = await system.arun(said, thread_id="fresh")
    await system.arun("set a timer", thread_id="t")
    dropped = await system.arun(said, thread_id="t")
    timers = await system.arun("how many timers do i have", thread_id="u")
    assert unasked.reply == dropped.reply == "OK, never mind."
    assert "no timers" in timers.reply.lower() or timers.reply.startswith("You have 0")
    unasked_route = await system.aroute(said, thread_id="other")
    assert unasked_route.role == "conversation" and not unasked_route.slots.get("dismissed")
