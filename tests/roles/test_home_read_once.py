"""The home TOML is read once per system: the router's first stages (smart home, weather), the
device matcher and the simulated backend share one reading."""

from __future__ import annotations

from pathlib import Path

import pytest

import roles.smart_home.simulated as simulated
from agent_system.api import AgentSystem
from agent_system.runtime import FakeClock
from agent_system.testing import make_settings
from roles.smart_home.simulated import HomeConfig

pytestmark = pytest.mark.anyio

HOME = '[[devices]]\nid = "lamp"\nname = "Reading lamp"\nkind = "light"\narea = "Study"\n'


async def test_the_home_file_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "home.toml"
    path.write_text(HOME, encoding="utf-8")
    reads: list[Path | None] = []
    load = simulated.load_home

    def counted(where: Path | None) -> HomeConfig:
        reads.append(where)
        return load(where)

    monkeypatch.setattr(simulated, "load_home", counted)
    settings = make_settings(tmp_path / "home", home_config=path)
    async with AgentSystem(settings, clock=FakeClock()) as system:
        await system.aroute("what's the weather like")
        assert reads == [path]
        result = await system.arun("turn on the reading lamp", thread_id="t")
        assert "Reading lamp is on" in result.reply
        state = await system.arun("is the reading lamp on", thread_id="t")
        assert "on" in state.reply.lower()
    assert reads == [path]
