"""Date and time-zone questions said other ways (issue 15, datetime_query): a weekday asked
with "will it be on" / "falls on" / the day first, and a zone said whole ("in the eastern time
zone" was read as a place called "Time In Eastern Zone")."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    "said",
    ["what day of the week will it be on july 4th", "what weekday will it be on the 4th of july",
     "what day of the week falls on july 4th", "on july 4th what day of the week is it"],
)  # fmt: skip
async def test_a_days_weekday_asked_around(system: AgentSystem, said: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "conversation"
    assert result.reply == "It's Saturday 4 July 2026."


@pytest.mark.parametrize(
    ("said", "reply"),
    [("what time is it in the eastern time zone", "It's 04:00 in Eastern (EST)."),
     ("what is the time in the pacific timezone", "It's 01:00 in Pacific (PST)."),
     ("what time is it on eastern standard time", "It's 04:00 in Eastern (EST)."),
     ("what's the time in india standard time", "It's 14:30 in India (IST)."),
     ("what time is it in the japan time zone", "It's 18:00 in Japan (JST).")],
)  # fmt: skip
async def test_a_zone_said_whole_is_its_place(system: AgentSystem, said: str, reply: str) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.reply == reply


@pytest.mark.parametrize(
    ("said", "reply"),
    [("what time is it in tokyo when it's noon here", "When it's 12:00 here, it's 21:00 in Tokyo."),
     ("what's the time in cet", "It's 10:00 in CET (CET)."),
     ("what time is it in jst right now", "It's 18:00 in JST (JST)."),
     ("is it past midnight in tokyo", "It's 18:00 in Tokyo (JST)."),
     ("which day is it today", "Today is Monday 2 March 2026."),
     ("what's the date next week", "It's Monday 9 March 2026."),
     ("what timezone am i in right now", "Your time zone is UTC; it's 09:00 (UTC).")],
)  # fmt: skip
async def test_time_questions_with_a_few_more_words(
    system: AgentSystem, said: str, reply: str
) -> None:
    result = await system.arun(said, thread_id="t")
    assert result.route is not None and result.route.role == "conversation"
    assert result.reply == reply
