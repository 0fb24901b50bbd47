"""Questions about the user's own calendar, said the everyday way (issue 15 item 3).

Through the public API, offline, on a fake clock (Monday 5 January 2026, 09:00 UTC).
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
    home: Path = tmp_path_factory.mktemp("calquestions") / "home"
    async with AgentSystem(make_settings(home), clock=FakeClock()) as engine:
        yield engine


async def _list_call(system: AgentSystem, text: str) -> dict[str, Any]:
    decision = await system.aroute(text)
    assert (decision.target, decision.role) == ("fast_reply", "calendar"), decision.reason
    plan = await system.aplan(text)
    ((step),) = plan.steps
    assert step.tool == "calendar.list"
    return dict(step.arguments)


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("what have i got on today", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("what's on for saturday", "2026-01-10T00:00", "2026-01-11T00:00"),
        ("how busy am i tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("how packed is my week", "2026-01-05T00:00", "2026-01-12T00:00"),
        ("go through my day", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("run me through tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("what does tomorrow's schedule look like", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("tomorrow's meetings", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("brief me on today's meetings", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("which days next week do i have meetings", "2026-01-12T00:00", "2026-01-19T00:00"),
        ("what's the plan for tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("what do i have later", "2026-01-05T09:00", "2026-01-06T00:00"),  # from now
        ("what's happening later today", "2026-01-05T09:00", "2026-01-06T00:00"),
        ("what is my day like", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("how does tomorrow look", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("what does next week look like", "2026-01-12T00:00", "2026-01-19T00:00"),
        ("my appointments today", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("can you tell me what my day looks like", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("show me what thursday looks like", "2026-01-08T00:00", "2026-01-09T00:00"),
        ("tell me what my week is looking like", "2026-01-05T00:00", "2026-01-12T00:00"),
        ("how's my day shaping up", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("how is tomorrow shaping up", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("give me an overview of my day", "2026-01-05T00:00", "2026-01-06T00:00"),
        ("i'd like a rundown of tomorrow", "2026-01-06T00:00", "2026-01-07T00:00"),
        ("could you give me a quick preview of my week", "2026-01-05T00:00", "2026-01-12T00:00"),
    ],
)
async def test_questions_about_a_day_list_that_day(
    system: AgentSystem, text: str, start: str, end: str
) -> None:
    arguments = await _list_call(system, text)
    assert (arguments["start"][:16], arguments["end"][:16]) == (start, end)


@pytest.mark.parametrize(
    ("text", "query", "day"),
    [
        ("which day is the book club", "book club", None),
        ("what time do i see the doctor", "doctor", None),
        ("when am i meeting jo", "meeting jo", None),
        ("tell me about my meeting with ana", "meeting ana", None),
        ("has the dinner been cancelled", "dinner", None),
        ("is sam's party on saturday", "sam's party", "2026-01-10"),
        ("where's the team lunch on friday", "team lunch", "2026-01-09"),
        ("who's coming to the dinner tomorrow", "dinner", "2026-01-06"),
        ("give me details on the concert on friday", "concert", "2026-01-09"),
        ("when is my dentist", "dentist", None),
        ("what's the date of the company picnic", "company picnic", None),
        ("any birthdays coming up", "birthdays", "2026-01-05"),
    ],
)
async def test_questions_about_an_event_name_it_and_look_ahead_when_no_day_is_said(
    system: AgentSystem, text: str, query: str, day: str | None
) -> None:
    arguments = await _list_call(system, text)
    assert arguments["query"] == query
    if day is None:  # no day said: the coming year, from now
        assert arguments["start"][:16] == "2026-01-05T09:00"
        assert arguments["end"][:4] == "2027"
    else:
        assert arguments["start"][:10] == day


@pytest.mark.parametrize(
    "text",
    [
        "what's on tv tonight",
        "show me upcoming events in london",
        "how busy is the airport",
        "tell me about the history of the party",
        "who won the game last night",
        "what time is it in tokyo",
        "what does a black hole look like",
        "what's the plan for world domination",
    ],
)
async def test_tv_city_events_and_general_questions_are_not_calendar(
    system: AgentSystem, text: str
) -> None:
    assert (await system.aroute(text)).role != "calendar"


async def test_a_question_about_an_event_answers_from_the_calendar(
    tmp_path: Path,
) -> None:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=FakeClock()) as system:
        added = await system.arun("add book club on thursday at 7pm")
        assert "19:00" in added.reply
        asked = await system.arun("which day is the book club")
        assert "Book club" in asked.reply and "Thu 8 Jan" in asked.reply
        # the question changed nothing: still one event
        again = await system.arun("what's on for thursday")
        assert again.reply.count("Book club") == 1
