"""Wake-up calls said the ways people say them, through the public API (issue 15): verbs (wake,
get me up, call, ring, woken, out of bed) x times (six am, 7, half 6, quarter to seven) x what
for. The clock is Monday 2 March 2026, 09:00 (`MONDAY_MORNING`)."""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem


@pytest.mark.anyio
async def test_wake_up_calls_are_morning_alarms_whatever_the_verb(system: AgentSystem) -> None:
    said = {
        "call me at six am": "Alarm set for tomorrow at 06:00.",
        "get me up at half 6": "Alarm set for tomorrow at 06:30.",
        "get me out of bed at 7": "Alarm set for tomorrow at 07:00.",
        "i'd like to be woken at 7": "Alarm set for tomorrow at 07:00.",
        "can i get a wake up call for quarter to seven tomorrow": (
            "Alarm set for tomorrow at 06:45."
        ),
        "wake me at half five on saturday": "Alarm set for Sat 7 Mar at 05:30.",
    }
    for text, reply in said.items():
        decision = await system.aroute(text)
        result = await system.arun(text, thread_id=text)
        assert decision.role == "timer", text
        assert result.reply == reply, text


@pytest.mark.anyio
async def test_waking_up_is_no_name_and_what_it_is_for_is(system: AgentSystem) -> None:
    said = {
        "give me a call at 6 to wake me up": "Alarm set for tomorrow at 06:00.",
        "i need to wake up at 5 for the airport": "Alarm 'airport' set for tomorrow at 05:00.",
        "wake me up at 7 to go running": "Alarm 'go running' set for tomorrow at 07:00.",
        "set an alarm for 7 to get the kids": "Alarm 'get the kids' set for 19:00.",
    }
    for text, reply in said.items():
        result = await system.arun(text, thread_id=text)
        assert result.reply == reply, text
