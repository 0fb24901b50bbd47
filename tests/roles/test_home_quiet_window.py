"""Quiet between two clock times, through the public API, on a fake clock: the player is muted
when the window starts and unmuted when it ends (both times were dropped: it muted at once and
for good)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from tests.roles.test_home_everyday import HOME_TOML, states

NOON = datetime(2026, 3, 2, 12, 0)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    path = tmp_path / "home.toml"
    path.write_text(HOME_TOML, encoding="utf-8")
    return path


@pytest.mark.anyio
async def test_the_tv_is_muted_from_the_start_to_the_end_of_the_window(
    tmp_path: Path, home: Path
) -> None:
    from roles.timer.service import FiredTimer, TimerService, command_runner

    clock = FakeClock(NOON)
    rang: list[FiredTimer] = []

    async def notify(fired: FiredTimer) -> None:
        rang.append(fired)

    async with AgentSystem(
        make_settings(tmp_path / "data", home_config=home), clock=clock
    ) as system:
        plan = await system.aplan("mute the tv from eight to ten pm")
        await system.arun("mute the tv from eight to ten pm")
        before = await states(system)
        service = TimerService(system.engine.runtime, notify, run=command_runner(system))
        clock.advance(8 * 3600 + 1)  # 20:00
        await service.tick()
        during = await states(system)
        clock.advance(2 * 3600)  # 22:00
        await service.tick()
        after = await states(system)
    assert [(s.tool, s.arguments["duration"], s.arguments["command"]) for s in plan.steps] == [
        ("timer.set", "8 hours", "mute the TV"),
        ("timer.set", "10 hours", "unmute the TV"),
    ]
    assert before["tv"]["muted"] is False
    assert during["tv"]["muted"] is True and during["speaker"]["muted"] is False
    assert after["tv"]["muted"] is False and len(rang) == 2


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("text", "tools", "durations"),
    [
        # begun already (11 to 1 said at noon): muted now, unmuted at 1 pm
        ("no sound between 11 and 1", ["smart_home.media", "timer.set"], [None, "1 hour"]),
        # over the night: from tonight to tomorrow morning
        (
            "please be quiet from 11pm till 7am",
            ["timer.set", "timer.set"],
            ["11 hours", "19 hours"],
        ),
    ],
)
async def test_a_window_begun_or_over_the_night(
    tmp_path: Path, home: Path, text: str, tools: list[str], durations: list[str | None]
) -> None:
    clock = FakeClock(NOON)
    async with AgentSystem(
        make_settings(tmp_path / "data", home_config=home), clock=clock
    ) as system:
        decision = await system.aroute(text)
        plan = await system.aplan(text)
    assert decision.role == "smart_home"
    assert [s.tool for s in plan.steps] == tools
    assert [s.arguments.get("duration") for s in plan.steps] == durations


@pytest.mark.anyio
async def test_a_window_already_over_asks_when(tmp_path: Path, home: Path) -> None:
    clock = FakeClock(NOON)
    async with AgentSystem(
        make_settings(tmp_path / "data", home_config=home), clock=clock
    ) as system:
        plan = await system.aplan("mute the speaker between 8 and 9 am today")
    assert not plan.steps
    assert plan.unsupported == ["That time has already passed. When should I do it?"]
