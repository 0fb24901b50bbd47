"""Follow-ups on the conversation's last question (issue 15, item 3): the question before, with
the part the follow-up says in its place. They all fell to the not-understood reply. The clock:
Monday 2 March 2026, 09:00 (UTC)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import CANNOT_OFFLINE
from agent_system.understanding._history import NOTHING_BEFORE


async def _replies(system: AgentSystem, *turns: str, thread: str = "t") -> list[str]:
    return [(await system.arun(turn, thread_id=thread)).reply for turn in turns]


@pytest.mark.anyio
async def test_the_time_in_another_place(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "what time is it in Tokyo",
        "and in London?",
        "what about paris",
        "how about new york?",
    )
    assert replies == [
        "It's 18:00 in Tokyo (JST).",
        "It's 09:00 in London (GMT).",
        "It's 10:00 in Paris (CET).",
        "It's 04:00 in New York (EST).",
    ]
    here = await _replies(system, "what time is it", "and in sydney?", thread="u")
    assert here[1] == "It's 20:00 in Sydney (AEDT)."
    named = await _replies(system, "what time is it in new york", "and paris?", thread="v")
    assert named[1] == "It's 10:00 in Paris (CET)."  # the whole name, not "new paris"
    uk = await _replies(system, "what time is it in the uk", "and new york city", thread="w")
    assert uk[1] == "It's 04:00 in New York City (EST)."
    day = await _replies(system, "what time is it in tokyo", "and tomorrow?", thread="x")
    assert "Tokyo Tomorrow" not in day[1]  # a place is read whole


@pytest.mark.anyio
async def test_days_until_another_day(system: AgentSystem) -> None:
    replies = await _replies(
        system,
        "how many days until christmas",
        "and until new year?",
        "what about halloween",
        "and easter?",
    )
    assert replies == [
        "298 days to go: it's Friday 25 December 2026.",
        "305 days to go: it's Friday 1 January 2027.",
        "243 days to go: it's Saturday 31 October 2026.",
        "34 days to go: it's Sunday 5 April 2026.",
    ]


@pytest.mark.anyio
async def test_a_sum_with_one_number_changed_or_carried_on(system: AgentSystem) -> None:
    replies = await _replies(
        system, "what's 15% of 80", "and 20%?", "what about 30", "times 3?", "and plus 4"
    )
    assert replies == [
        "15% of 80 = 12",
        "20% of 80 = 16",
        "20% of 30 = 6",
        "6 × 3 = 18",
        "18 + 4 = 22",
    ]
    more = await _replies(system, "what's 12 times 7", "and 8?", "squared?", thread="u")
    assert more == ["12 × 7 = 84", "12 × 8 = 96", "96 ^ 2 = 9216"]
    divided = await _replies(system, "how much is 250 divided by 5", "and by 10?", thread="v")
    assert divided[1] == "250 ÷ 10 = 25"


@pytest.mark.anyio
async def test_a_conversion_of_another_amount_or_into_another_unit(system: AgentSystem) -> None:
    replies = await _replies(
        system, "convert 5 miles to km", "and 10?", "in metres?", "what about 3 feet"
    )
    assert replies == [
        "5 miles is 8.05 km.",
        "10 miles is 16.09 km.",
        "10 miles is 16093.44 m.",
        "3 feet is 0.914 m.",
    ]
    heat = await _replies(
        system, "what's 100 fahrenheit in celsius", "and 50?", "in kelvin?", thread="u"
    )
    assert heat == ["100°F is 37.78°C.", "50°F is 10°C.", "50°F is 283.15 K."]


@pytest.mark.anyio
async def test_a_day_in_another_year(system: AgentSystem) -> None:
    replies = await _replies(
        system, "what day is christmas on", "and next year?", "and in 2030?", "and halloween?"
    )
    assert replies == [
        "It's Friday 25 December 2026.",
        "Christmas Day is on Saturday 25 December 2027.",
        "It's Wednesday 25 December 2030.",
        "It's Thursday 31 October 2030.",
    ]
    dates = await _replies(system, "what's the date", "and tomorrow?", thread="u")
    assert dates[1] == "It's Tuesday 3 March 2026."


@pytest.mark.anyio
async def test_a_follow_up_that_fits_no_part_of_the_question_is_read_as_it_is(
    system: AgentSystem,
) -> None:
    clock = await _replies(system, "what time is it in tokyo", "and 5 minutes?")
    units = await _replies(system, "convert 5 miles to km", "and in paris?", thread="u")
    assert clock[1] == CANNOT_OFFLINE
    assert units[1] == CANNOT_OFFLINE
    for said in ("and thanks a lot", "what about you", "and the big one"):
        reply = (await system.arun(said, thread_id="x" + said)).reply
        await system.arun("what time is it in tokyo", thread_id=said)
        after = await system.arun(said, thread_id=said)
        if reply == NOTHING_BEFORE:  # as a thread's first words it follows nothing
            reply = CANNOT_OFFLINE
        assert after.reply == reply  # read as it is, never "the time in tokyo you"
        assert "Tokyo" not in after.reply
    await system.arun("set a timer for 10 minutes", thread_id="v")
    timer = await system.arun("and 20%?", thread_id="v")
    weather = await system.arun("what time is it", thread_id="w")
    other = await system.arun("and turn on the kitchen light", thread_id="w")
    assert timer.reply != "20% of 10 = 2" and "20%" not in timer.reply
    assert weather.route is not None and other.route is not None
    assert other.route.role == "smart_home"
