"""The timers a thread just set, all or one by its place, and politeness that is no name
(issue 15): "cancel both", "kill both of them please", "cancel the first one"; "timer for twenty
minutes please" has no name."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


async def _two_timers(system: AgentSystem, thread: str) -> None:
    await system.arun("set a timer for 5 minutes", thread_id=thread)
    await system.arun("set a timer for 10 minutes", thread_id=thread)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said", ["cancel both", "cancel them all", "could you kill both of them please",
             "ok stop those two timers", "get rid of all of them"]
)  # fmt: skip
async def test_both_cancels_the_two_just_set_and_nothing_else(
    system: AgentSystem, said: str
) -> None:
    await system.arun("set a timer for 30 minutes called bread", thread_id="other")
    await _two_timers(system, "t")
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "timer"
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["timer.cancel"] * 2
    assert "5-minute timer" in result.reply and "10-minute timer" in result.reply
    left = await system.arun("list my timers", thread_id="u")
    assert "bread" in left.reply and "5-minute" not in left.reply


@pytest.mark.anyio
async def test_one_of_those_just_set_by_its_place(system: AgentSystem) -> None:
    await _two_timers(system, "t")
    first = await system.arun("cancel the first one", thread_id="t")
    assert "Cancelled the 5-minute timer." in first.reply
    left = await system.arun("list my timers", thread_id="u")
    assert "10-minute" in left.reply and "5-minute" not in left.reply


@pytest.mark.anyio
async def test_pause_them_both_pauses_the_timers_just_set(system: AgentSystem) -> None:
    await _two_timers(system, "t")
    paused = await system.arun("pause them both", thread_id="t")
    assert paused.plan is not None and [s.tool for s in paused.plan.steps] == ["timer.pause"] * 2
    assert paused.reply.count("Paused") == 2


@pytest.mark.anyio
async def test_both_timers_with_none_set_in_the_thread_says_which_it_cancelled(
    system: AgentSystem,
) -> None:
    await _two_timers(system, "t")
    result = await system.arun("stop both timers", thread_id="fresh")
    assert "Cancelled 2" in result.reply and "5-minute" in result.reply


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    ["timer for twenty minutes please", "set a timer for twenty minutes will you",
     "twenty minute timer ok thanks", "set me a timer for twenty minutes for me real quick",
     "start a twenty minute timer if you don't mind"],
)  # fmt: skip
async def test_politeness_is_never_a_timers_name(system: AgentSystem, said: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.plan is not None and [s.tool for s in result.plan.steps] == ["timer.set"]
    assert result.plan.steps[0].arguments["label"] == ""
    assert result.reply.startswith("Timer set for 20 minutes")


@pytest.mark.anyio
async def test_a_name_and_a_message_keep_their_own_words(system: AgentSystem) -> None:
    named = await system.arun("timer for 5 minutes for the pasta please", thread_id="t")
    called = await system.arun("set a timer called thanks for 5 minutes", thread_id="t")
    thanks = await system.arun("remind me to say thanks to jo at 5pm", thread_id="t")
    mine = await system.arun("set a reminder to call mom at 5pm for me please", thread_id="t")
    assert "Timer 'pasta'" in named.reply and "Timer 'thanks'" in called.reply
    assert thanks.reply.endswith("say thanks to jo.") and mine.reply.endswith(": call mom.")


@pytest.mark.anyio
async def test_how_long_is_left_on_both_says_each(system: AgentSystem) -> None:
    await _two_timers(system, "t")
    result = await system.arun("how long is left on both", thread_id="t")
    assert result.reply == (
        "You have 2: the 5-minute timer: 5 minutes left; the 10-minute timer: 10 minutes left."
    )


@pytest.mark.anyio
async def test_the_last_one_with_nothing_set_in_the_thread_sets_nothing(
    system: AgentSystem,
) -> None:
    result = await system.arun("cancel the last one", thread_id="t")
    assert result.plan is None or "timer.set" not in [s.tool for s in result.plan.steps]


@pytest.mark.anyio
@pytest.mark.parametrize(
    "said",
    ["i want to delete the alarm for tomorrow", "i'd like to cancel my alarm for tomorrow",
     "can you please remove the alarm for tomorrow"],
)  # fmt: skip
async def test_wanting_it_gone_is_no_alarms_name(system: AgentSystem, said: str) -> None:
    await system.arun("set an alarm for 7am tomorrow", thread_id="t")
    result = await system.arun(said, thread_id="u")
    assert result.reply == "Cancelled alarm for tomorrow at 07:00."
