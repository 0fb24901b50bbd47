"""Typed runtime dependencies: declared once, read with their type, faked by tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_system import deps
from agent_system.api import AgentSystem
from agent_system.errors import ConfigurationError
from agent_system.runtime import Dependency, declared_dependencies
from agent_system.testing import make_runtime, make_settings


def test_a_dependency_is_built_once_and_a_provided_one_wins() -> None:
    built: list[int] = []
    counter: Dependency[list[int]] = Dependency(
        "test.counter", lambda rt: built or built.append(1) or built
    )
    runtime = make_runtime()
    assert runtime.get(counter) is runtime.get(counter) and built == [1]
    other = make_runtime()
    other.provide(counter, [7])
    assert other.get(counter) == [7]
    other.provide("test.counter", [8])  # the older string key fills the same slot
    assert other.get(counter) == [8]


def test_a_dependency_nobody_provides_names_itself() -> None:
    missing: Dependency[int] = Dependency("test.missing")
    with pytest.raises(ConfigurationError, match=r"test\.missing.*runtime\.provide"):
        make_runtime().get(missing)


def test_role_backends_are_declared_and_visible() -> None:
    import roles.calendar.tools
    import roles.search.tools
    import roles.smart_home.tools
    import roles.timer.tools
    import roles.weather.tools  # noqa: F401

    declared = declared_dependencies()
    names = {"weather.backend", "smart_home.backend", "search.documents", "timer.store"}
    assert names <= set(declared)
    assert all(declared[name].description for name in names)


@pytest.mark.anyio
async def test_the_engine_provides_its_parts_and_what_can_you_do_lists_the_served_roles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "examples" / "tip_role_plugin"))
    settings = make_settings(tmp_path / "home", roles=["tip_role_plugin"])
    async with AgentSystem(settings) as system:
        runtime = system.engine.runtime
        assert runtime.get(deps.REGISTRY) is system.engine.registry
        assert runtime.get(deps.PLANNER) is system.engine.planner
        assert set(runtime.get(deps.ROLES)) == set(system.engine.roles)
        result = await system.arun("what can you do", thread_id="t")
    assert '- Tips on a bill and splitting a bill between people (try "' in result.reply
