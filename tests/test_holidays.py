"""Holidays asked the everyday way, answered offline (issue 15: date questions).

Through the public API, on a fake clock (Monday 5 January 2026, 09:00 UTC).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.conversation._holidays import holiday_named, holidays_between, next_holiday

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
async def system(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AgentSystem]:
    home: Path = tmp_path_factory.mktemp("holidays") / "home"
    async with AgentSystem(make_settings(home), clock=FakeClock()) as engine:
        yield engine


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("when is thanksgiving", "Thanksgiving is on Thursday 26 November 2026."),
        ("when's memorial day this year", "Memorial Day is on Monday 25 May 2026."),
        ("when does labor day fall next year", "Labor Day is on Monday 6 September 2027."),
        ("when is president's day", "Presidents' Day is on Monday 16 February 2026."),
        ("when is the 4th of july", "Independence Day is on Saturday 4 July 2026."),
        (
            "when is the next holiday",
            "The next holiday is Martin Luther King Jr. Day, on Monday 19 January 2026.",
        ),
        (
            "what holiday is coming up",
            "The next holiday is Martin Luther King Jr. Day, on Monday 19 January 2026.",
        ),
        (
            "are there any holidays in april",
            "Yes: Good Friday on Friday 3 April 2026, Easter Sunday on Sunday 5 April 2026, "
            "Easter Monday on Monday 6 April 2026.",
        ),
        ("is there a holiday next week", "No, there are no holidays that I know of then."),
        ("how many days until the next holiday", "14 days to go: it's Monday 19 January 2026."),
    ],
)
async def test_holiday_questions_are_answered_offline(
    system: AgentSystem, text: str, reply: str
) -> None:
    decision = await system.aroute(text)
    assert decision.role == "conversation"
    assert (await system.arun(text)).reply == reply


@pytest.mark.parametrize(
    "text",
    ["when is my holiday", "when is the party", "book a holiday in may", "when is my next day off"],
)
async def test_the_users_own_holidays_and_events_are_not_holiday_questions(
    system: AgentSystem, text: str
) -> None:
    decision = await system.aroute(text)
    assert "time or the date" not in (decision.reason or "")


def test_holiday_rules_land_on_the_right_days() -> None:
    assert holiday_named("thanksgiving", date(2026, 1, 5)) == ("Thanksgiving", date(2026, 11, 26))
    assert holiday_named("memorial day", date(2027, 1, 1)) == ("Memorial Day", date(2027, 5, 31))
    assert holiday_named("easter", date(2026, 4, 6)) == ("Easter Sunday", date(2027, 3, 28))
    assert holiday_named("good friday", date(2026, 1, 1)) == ("Good Friday", date(2026, 4, 3))
    assert holiday_named("the day after", date(2026, 1, 1)) is None
    assert next_holiday(date(2026, 12, 25)) == ("Christmas Day", date(2026, 12, 25))
    assert next_holiday(date(2026, 12, 25), after=True) == ("Boxing Day", date(2026, 12, 26))
    assert [name for name, _ in holidays_between(date(2026, 12, 24), date(2027, 1, 2))] == [
        "Christmas Eve",
        "Christmas Day",
        "Boxing Day",
        "New Year's Eve",
        "New Year's Day",
    ]
