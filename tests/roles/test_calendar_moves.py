"""An event moved to a bare clock time ("move the dentist to 11") keeps its day and takes the hour
the shared rule gives a day that is not today (1-6 the afternoon, 7-12 the morning). The clock:
Monday 2 March 2026, 09:00."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("move", "reply"),
    [
        ("move the dentist to 11", "Moved 'Dentist': on Thu 5 Mar, 11:00-12:00."),
        ("move the dentist to 3", "Moved 'Dentist': on Thu 5 Mar, 15:00-16:00."),
        ("move the dentist to 9:30", "Moved 'Dentist': on Thu 5 Mar, 09:30-10:30."),
        ("push the dentist to eleven", "Moved 'Dentist': on Thu 5 Mar, 11:00-12:00."),
    ],
)
async def test_a_bare_clock_time_moves_the_event_on_its_own_day(
    system: AgentSystem, move: str, reply: str
) -> None:
    added = await system.arun("put dentist on thursday at 10 in my calendar", thread_id="t")
    assert added.reply == "Added 'Dentist' on Thu 5 Mar, 10:00-11:00."
    moved = await system.arun(move, thread_id="t")
    assert moved.reply == reply
