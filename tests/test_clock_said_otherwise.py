"""Time and date questions said another way are answered offline (issue 15).

The part of the day or how late it is somewhere, the time in the user's own zone, how far ahead
a place is, and a day's weekday asked last, after "on" or inside another question. Through the
public API on the fake clock (Monday 5 January 2026, 09:00 UTC); the sentences are our own
paraphrases of each family.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


async def _reply(system: AgentSystem, text: str) -> str:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.role, decision.reason)
    return (await system.arun(text)).reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        # the part of the day, or how late it is, somewhere: the clock there
        ("is it morning in japan", "It's 18:00 in Japan (JST)."),
        ("is it evening in new york right now", "It's 04:00 in New York (EST)."),
        ("is it still night in sydney", "It's 20:00 in Sydney (AEDT)."),
        ("is it day or night in tokyo", "It's 18:00 in Tokyo (JST)."),
        ("how late is it in hong kong", "It's 17:00 in Hong Kong (HKT)."),
        ("how late is it now in lisbon", "It's 09:00 in Lisbon (WET)."),
        ("what time would it be in chicago", "It's 03:00 in Chicago (CST)."),
        ("what time will it be in denver right now", "It's 02:00 in Denver (MST)."),
        ("what is the time like in mumbai", "It's 14:30 in Mumbai (IST)."),
        # here
        ("is it night yet", "It's 09:00 (UTC)."),
        ("what's the time in my time zone", "It's 09:00 (UTC)."),
        ("what time is it in my timezone", "It's 09:00 (UTC)."),
    ],
)
async def test_the_time_somewhere_said_another_way(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("how many hours ahead is tokyo", "Tokyo is 9 hours ahead of here."),
        ("how many hours behind is new york", "New York is 5 hours behind here."),
        ("time difference with los angeles", "Los Angeles is 8 hours behind here."),
        ("what's the time difference with london", "London and here are on the same time."),
        ("is london ahead of new york", "London is 5 hours ahead of New York."),
        ("is paris behind tokyo", "Paris is 8 hours behind Tokyo."),
    ],
)
async def test_how_far_ahead_a_place_is(system: AgentSystem, text: str, reply: str) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("the 14th of february is which day", "It's Saturday 14 February 2026."),
        ("march 3rd is what day of the week", "It's Tuesday 3 March 2026."),
        ("june 1st is which weekday", "It's Monday 1 June 2026."),
        ("on what day is christmas", "It's Friday 25 December 2026."),
        ("on which date is easter", "It's Sunday 5 April 2026."),
        ("what day falls on march 3rd", "It's Tuesday 3 March 2026."),
        ("tell me what day june 1st is", "It's Monday 1 June 2026."),
        ("do you know what date easter is", "It's Sunday 5 April 2026."),
        ("i want to know what day of the week the 20th is", "It's Tuesday 20 January 2026."),
        ("tell me what day today is", "It's Monday 5 January 2026."),
        ("what day are we on", "Today is Monday 5 January 2026."),
    ],
)
async def test_a_days_weekday_asked_last_or_inside_another_question(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply


@pytest.mark.parametrize(
    "text",
    [
        "is my meeting ahead of schedule",
        "tell me what day my meeting is",
        "is the project behind schedule",
    ],
)
async def test_the_users_own_things_are_not_read_as_the_clock(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert decision.reason != "A question about the time or the date.", text


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        # the time some hours or minutes from now, or ago
        ("what time will it be in 2 hours", "It'll be 11:00."),
        ("what will the time be in 45 minutes", "It'll be 09:45."),
        ("what time is it going to be in half an hour", "It'll be 09:30."),
        ("what time is it plus 16 hours", "It'll be 01:00 tomorrow, Tuesday 6 January 2026."),
        ("what time was it 3 hours ago", "It was 06:00."),
        ("what time was it 10 hours ago", "It was 23:00 yesterday, Sunday 4 January 2026."),
        # the date in a place
        ("what's the date in tokyo", "It's Monday 5 January 2026 in Tokyo (18:00 JST)."),
        (
            "what day is it in honolulu right now",
            "It's Sunday 4 January 2026 in Honolulu (23:00 HST).",
        ),
        ("what's the date in 10 days", "It's Thursday 15 January 2026."),
        # the time somewhere with other words, and a place's time zone
        ("what time do you have in new york", "It's 04:00 in New York (EST)."),
        ("what time is it there in sydney", "It's 20:00 in Sydney (AEDT)."),
        ("current local time in seoul", "It's 18:00 in Seoul (KST)."),
        ("time zone of tokyo", "Tokyo is on Asia/Tokyo time (JST); it's 18:00 there."),
        (
            "what time zone is chicago",
            "Chicago is on America/Chicago time (CST); it's 03:00 there.",
        ),
    ],
)
async def test_times_from_now_dates_there_and_zones(
    system: AgentSystem, text: str, reply: str
) -> None:
    assert await _reply(system, text) == reply
