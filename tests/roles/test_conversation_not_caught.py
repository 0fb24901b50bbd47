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
