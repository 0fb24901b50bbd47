"""Calendar requests said plainly: bare events to add, "what am i doing on saturday", "take X off
my calendar" (issue 15 item 3). Through the public API, offline, on a fake clock (Monday 5 January
2026, 09:00 UTC).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
async def system(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[AgentSystem]:
    home: Path = tmp_path_factory.mktemp("calplain") / "home"
    async with AgentSystem(make_settings(home), clock=FakeClock()) as engine:
        yield engine


async def _call(system: AgentSystem, text: str) -> tuple[str, dict[str, Any]]:
    decision = await system.aroute(text)
    assert (decision.target, decision.role) == ("fast_reply", "calendar"), decision.reason
    plan = await system.aplan(text)
    ((step),) = plan.steps
    return step.tool, dict(step.arguments)


@pytest.mark.parametrize(
    ("text", "title", "start"),
    [
        ("meeting with john tomorrow at 3", "Meeting with john", "2026-01-06T15:00"),
        ("meeting this friday at 3pm", "Meeting", "2026-01-09T15:00"),
        ("tuesday lunch with the team at noon", "Lunch with the team", "2026-01-06T12:00"),
        (
            "there's a party at jim's place on saturday at 8",
            "Party at jim's place",
            "2026-01-10T20:00",
        ),
        ("mark friday as a day off", "Day off", "2026-01-09"),
        (
            "i want to schedule a meeting with hr on thursday at 3",
            "Meeting with hr",
            "2026-01-08T15:00",
        ),
    ],
)
async def test_an_event_said_with_its_day_and_time_is_added(
    system: AgentSystem, text: str, title: str, start: str
) -> None:
    tool, arguments = await _call(system, text)
    assert (tool, arguments["title"], arguments["start"][:16]) == ("calendar.create", title, start)
    assert "duration" not in arguments  # "a day off" is a day, not a length


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("meetings tomorrow at 3", "2026-01-06T15:00"),  # a plural asks
        ("what am i doing on saturday", "2026-01-10T00:00"),
        ("what am i up to tomorrow", "2026-01-06T00:00"),
        ("are there any events scheduled next monday", "2026-01-12T00:00"),
        ("are there any meetings planned for friday", "2026-01-09T00:00"),
    ],
)
async def test_plain_questions_list(system: AgentSystem, text: str, start: str) -> None:
    tool, arguments = await _call(system, text)
    assert (tool, arguments["start"][:16]) == ("calendar.list", start)


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("when is the team review", "team review"),
        ("when's the book club meeting", "book club"),
        ("what time is lunch with sam", "lunch sam"),
        ("what time is dinner with my parents", "dinner"),
    ],
)
async def test_when_is_the_event_looks_it_up(system: AgentSystem, text: str, query: str) -> None:
    tool, arguments = await _call(system, text)
    assert (tool, arguments.get("query")) == ("calendar.list", query)


async def test_taking_an_event_off_the_calendar_deletes_it(tmp_path: Path) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        await system.arun("add team review on friday at 10am")
        gone = await system.arun("take the team review off my calendar")
        assert gone.reply == "Deleted 'Team review' (on Fri 9 Jan, 10:00-11:00)."


@pytest.mark.parametrize(
    "text", ["what am i doing today", "when does the conference start", "who won the game at 3"]
)
async def test_existential_and_public_questions_are_not_the_calendar(
    system: AgentSystem, text: str
) -> None:
    assert (await system.aroute(text)).role != "calendar"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("alexa what have i got on thursday", "2026-01-08T00:00"),
        ("hey google what have i got on thursday thanks", "2026-01-08T00:00"),
        ("please what time is my meeting with ana", "2026-01-05T09:00"),
        ("olly what time is my meeting with ana please", "2026-01-05T09:00"),
    ],
)
async def test_a_wake_word_or_please_around_a_question_still_asks(
    system: AgentSystem, text: str, start: str
) -> None:
    tool, arguments = await _call(system, text)
    assert (tool, arguments["start"][:16]) == ("calendar.list", start)


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("i've a meeting with tom on friday at 2", "Meeting with tom"),
        ("got a dentist appointment next monday at 9", "Dentist appointment"),
        ("please note the party on saturday at 7", "Party"),
        ("meeting on friday with the accountant at 11 please note", "Meeting with the accountant"),
        ("set my calendar for lunch with dad on sunday at 1", "Lunch with dad"),
        ("calendar entry: dentist thursday 4pm", "Dentist"),
        ("let me know about the meeting on friday at 3", "Meeting"),
        ("add calendar review on friday at 3", "Calendar review"),
    ],
)
async def test_the_title_is_the_event_not_the_words_around_it(
    system: AgentSystem, text: str, title: str
) -> None:
    tool, arguments = await _call(system, text)
    assert (tool, arguments["title"]) == ("calendar.create", title)
