"""Recurring reminders and alarms (issue 15): set, listed with how they repeat, fired and
advanced on the fake clock, cancelled as a series."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from agent_system.api import AgentSystem
from agent_system.errors import ToolExecutionError
from agent_system.runtime import FakeClock
from agent_system.testing import make_runtime, make_settings
from roles.timer import ROLE, FiredTimer, TimerService
from roles.timer._repeat import describe, first_due, next_due, normalize_rule, repeat_in

PARIS = ZoneInfo("Europe/Paris")
MONDAY = datetime(2026, 3, 2, 8, 0, tzinfo=PARIS)  # a Monday morning; DST starts on 29 March


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(MONDAY, tz=PARIS)


@pytest.fixture
async def system(tmp_path: Path, clock: FakeClock) -> Any:
    async with AgentSystem(make_settings(tmp_path / "home"), clock=clock) as engine:
        yield engine


class Inbox:
    def __init__(self) -> None:
        self.heard: list[str] = []

    async def __call__(self, fired: FiredTimer) -> None:
        self.heard.append(fired.text)


@pytest.mark.anyio
async def test_a_weekly_reminder_rings_each_monday_and_lists_its_next_ring(
    system: AgentSystem, clock: FakeClock
) -> None:
    set_ = await system.arun("remind me every monday at 9 to take out the bins", thread_id="t")
    assert set_.reply == "Reminder set for 09:00 (every Monday): take out the bins."
    inbox = Inbox()
    service = TimerService(system.engine.runtime, inbox)
    clock.advance(3600)  # 09:00: it rings, and waits for next Monday
    await service.tick()
    await service.tick()  # once only
    listing = await system.arun("what reminders do I have", thread_id="t")
    assert inbox.heard == ["Reminder: take out the bins."]
    assert listing.reply == "Reminder for Mon 9 Mar at 09:00 (every Monday): take out the bins."
    clock.advance(timedelta(days=7).total_seconds())
    await service.tick()
    assert len(inbox.heard) == 2
    cancelled = await system.arun("cancel my bins reminder", thread_id="t")
    clock.advance(timedelta(days=7).total_seconds())
    await service.tick()
    assert cancelled.reply.startswith("Cancelled reminder")
    assert len(inbox.heard) == 2  # the series is gone


@pytest.mark.anyio
async def test_a_weekday_alarm_skips_the_weekend_and_keeps_its_hour_across_dst(
    system: AgentSystem, clock: FakeClock
) -> None:
    set_ = await system.arun("wake me up every weekday at 7", thread_id="t")
    assert set_.reply == "Alarm set for tomorrow at 07:00 (every weekday)."
    service = TimerService(system.engine.runtime, Inbox())
    clock.advance(timedelta(days=4).total_seconds())  # Friday 08:00: Tue, Wed, Thu, Fri rang
    await service.tick()  # late: the next one is still after now
    listing = await system.arun("list my alarms", thread_id="t")
    assert listing.reply == "Alarm for Mon 9 Mar at 07:00 (every weekday)."
    clock.advance(timedelta(days=24).total_seconds())  # Monday 30 March, after DST began
    await service.tick()
    after = await system.arun("list my alarms", thread_id="t")
    assert after.reply == "Alarm for tomorrow at 07:00 (every weekday)."


@pytest.mark.parametrize(
    ("text", "tool", "repeat", "extra"),
    [
        ("remind me to take out the bins every monday at 9", "timer.remind", "mon", {}),
        ("remind me to water the plants every tuesday and friday", "timer.remind", "tue,fri", {}),
        ("remind me every day at 8pm to take my pills", "timer.remind", "daily", {}),
        ("set a daily alarm at 7am", "timer.alarm", "daily", {}),
        ("remind me on mondays to put the bins out", "timer.remind", "mon", {}),
        ("i want an alarm for six am every day", "timer.alarm", "daily", {}),
        ("remind me to drink water every hour", "timer.remind", "hourly", {"when": "in 1 hour"}),
    ],
)
def test_interpret_reads_how_it_repeats(
    text: str, tool: str, repeat: str, extra: dict[str, str]
) -> None:
    runtime = make_runtime(clock=FakeClock(MONDAY, tz=PARIS))
    call = ROLE.interpret(text, {}, runtime, [])
    assert call.tool == tool and call.arguments["repeat"] == repeat  # type: ignore[union-attr]
    assert extra.items() <= call.arguments.items()  # type: ignore[union-attr]


def test_rules_read_said_and_stepped() -> None:
    assert repeat_in("remind me every monday at 9") == ("mon", "remind me on monday at 9")
    assert repeat_in("set an alarm at 7") == ("", "set an alarm at 7")
    assert normalize_rule("weekly", MONDAY) == "mon" and normalize_rule("Thu, mon", MONDAY)
    with pytest.raises(ToolExecutionError, match="how often it repeats"):
        normalize_rule("fortnightly-ish", MONDAY)
    saturday = MONDAY + timedelta(days=5)
    assert first_due(saturday, "weekdays") == MONDAY + timedelta(days=7)
    assert next_due(MONDAY, "hourly", MONDAY + timedelta(minutes=150)) == MONDAY + timedelta(
        hours=3
    )
    assert describe("mon,thu") == "every Monday and Thursday" and describe("daily") == "every day"


@pytest.mark.anyio
async def test_a_reminder_changes_what_it_says_and_a_timer_its_name(system: AgentSystem) -> None:
    await system.arun("remind me to book the dentist at 5pm", thread_id="t")
    await system.arun("remind me to buy milk at 6pm", thread_id="t")
    await system.arun("set a pasta timer for 10 minutes", thread_id="t")
    changed = await system.arun("change my dentist reminder to say call the dentist", thread_id="t")
    renamed = await system.arun("rename the pasta timer to pizza", thread_id="t")
    vague = await system.arun("change my reminder to say call mum", thread_id="t")
    listing = await system.arun("what reminders do I have", thread_id="t")
    assert changed.route is not None and changed.route.role == "timer"
    assert changed.reply == "Changed your reminder for 17:00: call the dentist."
    assert renamed.reply == "Changed your timer 'pizza': 10 minutes left."
    assert "say which one" in vague.reply  # two reminders: neither is changed
    assert "call the dentist" in listing.reply and "buy milk" in listing.reply
    assert "call mum" not in listing.reply
