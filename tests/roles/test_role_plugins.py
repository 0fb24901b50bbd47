"""Adding a role, the way a plugin author does: declare it, install or name it, ask."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from agent_system.api import AgentSystem
from agent_system.roles import (
    ROLE_ENTRY_POINT_GROUP,
    RoleCall,
    builtin_role_names,
    declaration,
    load_roles,
    role_slots,
)
from agent_system.routing._embedded import load_default_router
from agent_system.routing._matcher import ExampleMatcher
from agent_system.routing.models import RouteRequest, RouteTarget
from agent_system.testing import make_settings

EXAMPLE = Path(__file__).parents[2] / "examples" / "tip_role_plugin"


@pytest.fixture
def plugin_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(EXAMPLE))
    yield
    for name in [m for m in sys.modules if m.startswith("tip_role_plugin")]:
        del sys.modules[name]


def test_built_in_roles_are_found_in_the_roles_package_not_listed() -> None:
    names = builtin_role_names()
    assert set(names) >= {"timer", "weather", "calendar", "smart_home", "search", "conversation"}
    assert names[-1] == "conversation"  # the one role that acts through no tool comes last
    roles = load_roles(names)
    assert all(declaration(role).tool_modules for role in roles.values())
    assert not declaration(roles["conversation"]).tool_role


def test_a_role_named_in_settings_loads_with_its_tools(tmp_path: Path, plugin_path: None) -> None:
    settings = make_settings(tmp_path, roles=["tip_role_plugin"])
    roles = load_roles(settings=settings)
    assert list(roles)[-1] == "tips"
    tips = roles["tips"]
    assert role_slots(tips, "what's a 20% tip on $85") == {"percent": "20", "amount": "85"}
    text = "split 120 between 4 people"
    call = tips.interpret(text, role_slots(tips, text), None, [])  # type: ignore[arg-type]
    assert call == RoleCall("tips.split", {"amount": 120.0, "people": 4})


def test_a_broken_or_clashing_role_plugin_is_skipped_with_the_reason(tmp_path: Path) -> None:
    warnings: list[str] = []
    settings = make_settings(tmp_path, roles=["no_such_module_xyz", "roles.timer.role"])
    roles = load_roles(settings=settings, warnings=warnings)
    assert set(roles) == set(builtin_role_names())
    assert "no_such_module_xyz" in warnings[0] and "skipped" in warnings[0]
    assert len(warnings) == 1  # the built-in timer role itself is not a clash


def test_the_matcher_measures_a_role_on_its_held_out_examples(plugin_path: None) -> None:
    roles = load_roles(settings=make_settings(roles=["tip_role_plugin"]))
    router = load_default_router(make_settings(), roles)
    assert router.matcher is not None
    report = router.matcher.reports["tips"]
    assert (report.examples, report.held_out) == (20, 5)
    assert report.recall >= 0.6 and report.false_matches == 0
    assert report.confidence == (report.hits + 1) / (report.hits + 2)
    decision = router.decide(RouteRequest(text="what is a 25% tip on 40 dollars"))
    assert (decision.target, decision.role) == (RouteTarget.FAST_REPLY, "tips")
    assert decision.confidence == report.confidence and decision.guess
    for text, role in [("set a timer for 5 minutes", "timer"), ("weather in paris", "weather")]:
        assert router.decide(RouteRequest(text=text)).role == role
    assert router.decide(RouteRequest(text="book a flight to Rome")).role is None


def test_a_role_with_too_few_examples_is_never_trusted_much() -> None:
    matcher = ExampleMatcher(
        {"tiny": ("roll a die", "throw the dice")}, {"timer": ("set a timer",)}
    )
    assert matcher.reports["tiny"].held_out == 0
    assert matcher.reports["tiny"].confidence == 0.5


@pytest.mark.anyio
async def test_a_plugin_role_answers_as_a_fast_reply_and_in_a_plan(
    tmp_path: Path, plugin_path: None
) -> None:
    settings = make_settings(tmp_path / "home", roles=["tip_role_plugin"])
    async with AgentSystem(settings) as system:
        result = await system.arun("what's a 20% tip on 85 dollars", thread_id="t")
        plan = await system.aplan("set a timer for 10 minutes and split 90 between 3 people")
    assert result.status == "success"
    assert result.route is not None and result.route.role == "tips"
    assert result.plan is not None and result.plan.planner == "role:tips"
    assert result.reply == "A 20% tip on 85.00 is 17.00; 102.00 in all."
    assert [(s.tool, s.arguments) for s in plan.steps] == [
        ("timer.set", {"duration": "10 minutes", "label": ""}),
        ("tips.split", {"amount": 90.0, "people": 3}),
    ]


@pytest.mark.heavy  # pip builds and installs a package: .ci/run's packaging step
def test_pip_installing_the_example_role_serves_it_through_the_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "src"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--no-build-isolation", "--target", str(target), str(source)],
        check=True,
        capture_output=True,
        timeout=240,
    )  # fmt: skip
    monkeypatch.syspath_prepend(str(target))
    try:
        assert "tips" in [ep.name for ep in entry_points(group=ROLE_ENTRY_POINT_GROUP)]
        settings = make_settings(tmp_path / "home", load_entry_points=True)
        system = AgentSystem(settings)
        try:
            result: Any = system.run("split 120 between 4 people", thread_id="t")
        finally:
            system.close()
        assert result.reply == "120.00 split 4 ways is 30.00 each."
    finally:
        for name in [m for m in sys.modules if m.startswith("tip_role_plugin")]:
            del sys.modules[name]


def test_tools_commands_see_a_broken_role_plugin_in_the_registry_warnings(tmp_path: Path) -> None:
    from agent_system.registry._loaders import build_registry

    registry = build_registry(make_settings(tmp_path, roles=["no_such_role_mod"]))
    assert "timer.set" in registry
    (warning,) = registry.warnings
    assert "'no_such_role_mod' not found; install the plugin" in warning
