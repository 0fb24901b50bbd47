"""Being up or awake by a time, and not being woken, said the everyday way (issue 15).

"have me up by 7 tomorrow", "i must be awake at 5:45", "we should be up by 6 on friday" set an
alarm; "i don't want to be woken up tomorrow" cancels that day's alarms; "shut off the 6:30
alarm" / "wipe out all my alarms" cancel; "alarm at ten to six please" is not named "six".
Through the public API on the fake clock (Monday 2 March 2026, 09:00).
"""

from __future__ import annotations

import pytest

from agent_system.api import AgentSystem

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("have me up by 7 tomorrow", "Alarm set for tomorrow at 07:00."),
        ("i must be awake at 5:45", "Alarm set for tomorrow at 05:45."),
        ("we should be up by 6 on friday", "Alarm set for Fri 6 Mar at 06:00."),
        ("i need to be awake by half past five", "Alarm set for tomorrow at 05:30."),
        ("alarm at ten to six please", "Alarm set for 17:50."),  # today, and not named "six"
    ],
)
async def test_being_up_by_a_time_sets_an_alarm(system: AgentSystem, text: str, said: str) -> None:
    result = await system.arun(text)
    assert result.route is not None and result.route.role == "timer"
    assert result.reply == said


@pytest.mark.anyio
async def test_not_being_woken_and_wiping_out_cancel(system: AgentSystem) -> None:
    await system.arun("set an alarm for 6:30 tomorrow", thread_id="a")
    await system.arun("set an alarm for 7 on friday", thread_id="a")
    await system.arun("set an alarm for 8 on saturday", thread_id="a")
    off = await system.arun("i don't want to be woken up tomorrow", thread_id="b")
    assert "06:30" in off.reply
    shut = await system.arun("shut off the 7:00 alarm", thread_id="c")
    assert shut.reply.startswith("Cancelled") and "07:00" in shut.reply
    left = await system.arun("what alarms do i have", thread_id="d")
    assert "08:00" in left.reply and "06:30" not in left.reply and "07:00" not in left.reply
    await system.arun("wipe out all my alarms", thread_id="e")
    assert "no alarms" in (await system.arun("what alarms do i have", thread_id="f")).reply
