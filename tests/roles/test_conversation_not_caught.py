"""A message with nothing in it to read, and the short ways of asking to hear a reply again.

"????" or "..." answered "There was nothing to do for this request." (dogfood): a person says
they didn't catch it. "what?", "eh?", "sorry?", "say again?" right after an answer repeat it (a
bare "sorry" stays an apology); with nothing said yet they say so. "hm" is a pause, like "hmm".
The clock: Monday 2 March 2026, 09:00 (UTC); the sentences are ours.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

NOT_CAUGHT = "Sorry, I didn't catch that. What can I do for you?"


@pytest.mark.anyio
@pytest.mark.parametrize("text", ["????", "...", "?", "!!!", " ?! "])
async def test_nothing_to_read_is_not_caught(system: AgentSystem, text: str) -> None:
    result = await system.arun(text)
    assert result.reply == NOT_CAUGHT
    assert not result.plan or not result.plan.steps


@pytest.mark.anyio
@pytest.mark.parametrize("again", ["what?", "eh?", "sorry?", "say again?", "you what?"])
async def test_asked_back_repeats_the_last_answer(system: AgentSystem, again: str) -> None:
    first = await system.arun("what time is it", thread_id=again)
    result = await system.arun(again, thread_id=again)
    assert first.reply == "It's 09:00 (UTC)."
    assert result.reply == first.reply


@pytest.mark.anyio
async def test_asked_back_with_nothing_said_yet_and_a_plain_sorry(system: AgentSystem) -> None:
    fresh = await system.arun("what?", thread_id="fresh")
    assert fresh.reply == "I haven't said anything yet. What can I do for you?"
    await system.arun("what time is it", thread_id="s")
    sorry = await system.arun("sorry", thread_id="s")
    assert sorry.reply == "No problem. What can I do for you?"
    pause = await system.arun("hm", thread_id="p")
    assert pause.reply == "No problem. Take your time, and ask me whenever you're ready."


NOTHING_BEFORE = "Sorry, I'm not sure what that refers to. Could you say the whole request?"


@pytest.mark.anyio
@pytest.mark.parametrize(
    "text", ["and in Boston?", "what about tomorrow?", "make it 10", "same again", "do that again"]
)
async def test_a_follow_up_with_nothing_before_it_asks_for_the_whole_request(
    system: AgentSystem, text: str
) -> None:
    result = await system.arun(text, thread_id=text)
    assert result.reply == NOTHING_BEFORE
    after_a_miss = await system.arun("blah blah", thread_id="m")
    assert after_a_miss.reply != NOTHING_BEFORE  # not a follow-up: the can't-do sentence
    assert (await system.arun(text, thread_id="m")).reply == NOTHING_BEFORE


@pytest.mark.anyio
async def test_a_follow_up_after_an_answer_still_follows_it(system: AgentSystem) -> None:
    await system.arun("what time is it in tokyo", thread_id="t")
    result = await system.arun("and in london?", thread_id="t")
    assert result.reply == "It's 09:00 in London (GMT)."
