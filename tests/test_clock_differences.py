"""Time zones of places, differences between places and a time said in one place read in
another are answered offline by the conversation role (issue 15).

The shared offline `system` (tests/conftest.py) is on Monday 5 January 2026, 09:00 UTC, in UTC,
with a 24-hour clock. The sentences are our own paraphrases, not rows of the data sets.
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what time zone is tokyo in", "Tokyo is on Asia/Tokyo time (JST); it's 18:00 there."),
        (
            "what is the time zone of india",
            "India is on Asia/Kolkata time (IST); it's 14:30 there.",
        ),
        (
            "what's the time difference between paris and new york",
            "Paris is 6 hours ahead of New York.",
        ),
        ("how many hours ahead is tokyo from here", "Tokyo is 9 hours ahead of here."),
        ("how many hours between london and sydney", "London is 11 hours behind Sydney."),
        (
            "what is the time difference between eastern and pacific",
            "Eastern is 3 hours ahead of Pacific.",
        ),
        ("how many hours difference is hong kong from nyc", "Hong Kong is 13 hours ahead of NYC."),
        (
            "if it's nine pm in california what time is it in new york",
            "When it's 21:00 in California, it's 00:00 the next day in New York.",
        ),
        (
            "when it's 10 pm here what time is it in brisbane",
            "When it's 22:00 here, it's 08:00 the next day in Brisbane.",
        ),
        ("convert 3 pm est to pst", "When it's 15:00 in EST, it's 12:00 in PST."),
        (
            "8 am manila time is what in eastern time",
            "When it's 08:00 in Manila, it's 19:00 the day before in Eastern.",
        ),
        (
            "if it is noon in virginia what time is it in california",
            "When it's 12:00 in Virginia, it's 09:00 in California.",
        ),
    ],
)
async def test_zones_differences_and_conversions_are_answered(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation", (text, decision.role, decision.reason)
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    "text",
    ["what time zone am i in", "how many hours are left on my timer", "convert 3 cups to liters"],
)
async def test_the_users_own_zone_and_other_conversions_are_not_differences(
    system: AgentSystem, text: str
) -> None:
    reply = (await system.arun(text)).reply
    assert "ahead of" not in reply and "When it's" not in reply, (text, reply)
