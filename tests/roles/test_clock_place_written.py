"""A place asked the time of is written as a person writes it: its region after a comma
("It's 04:00 in Orlando, Florida (EST)." was "Orlando Florida"), "the UK" as it was. The clock:
Monday 2 March 2026, 09:00 (UTC); the sentences are ours."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("what's the current time in orlando florida", "It's 04:00 in Orlando, Florida (EST)."),
        ("time in paris france", "It's 10:00 in Paris, France (CET)."),
        ("what time is it in the uk", "It's 09:00 in the UK (GMT)."),
        ("what time is it in new york", "It's 04:00 in New York (EST)."),
    ],
)
async def test_a_place_and_its_region(system: AgentSystem, text: str, reply: str) -> None:
    assert (await system.arun(text)).reply == reply
