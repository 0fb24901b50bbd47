"""Two or more small questions in one request (issue 15 item 5: no clause dropped): "what's 2+2
and what time is it" answers both, in the order asked. Through the public API on the fake
clock of conftest's module-scoped system."""

from __future__ import annotations

import re

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio

_TIME = re.compile(r"It's \d\d:\d\d")
_DATE = re.compile(r"Today is \w+day \d+ \w+ \d{4}")


@pytest.mark.parametrize(
    ("said", "first", "second"),
    [
        ("what's 2+2 and what time is it", r"2 \+ 2 = 4", _TIME.pattern),
        ("what time is it and what's 2+2", _TIME.pattern, r"2 \+ 2 = 4"),
        ("what's 15% of 80 and what's the date", r"15% of 80 = 12", _DATE.pattern),
        ("tell me a joke and what's 3 times 4", r".+", r"3 × 4 = 12"),
        ("what's the date, then spell necessary", _DATE.pattern, r"N-E-C-E-S-S-A-R-Y"),
    ],
)
async def test_each_question_is_answered_in_order(
    system: AgentSystem, said: str, first: str, second: str
) -> None:
    lines = (await system.arun(said)).reply.splitlines()
    assert len(lines) == 2, lines
    assert re.match(first, lines[0]) and re.search(second, lines[1]), lines


async def test_polite_words_with_a_question_stay_one_reply(system: AgentSystem) -> None:
    reply = (await system.arun("hello and how are you")).reply
    assert len(reply.splitlines()) == 1


async def test_a_sum_said_with_and_stays_one_sum(system: AgentSystem) -> None:
    assert (await system.arun("add 2 and 2")).reply.splitlines() == ["2 + 2 = 4"]
