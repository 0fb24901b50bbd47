"""Public names are exported explicitly (like httpx's tests/test_exported_members.py)."""

from __future__ import annotations

import importlib

import pytest

PACKAGES = [
    "agent_system",
    "agent_system.execution",
    "agent_system.events",
    "agent_system.errors",
    "agent_system.planning.models",
    "agent_system.registry.spec",
    "agent_system.understanding",
]


@pytest.mark.parametrize("name", PACKAGES)
def test_every_name_in_all_exists_and_is_sorted(name: str) -> None:
    module = importlib.import_module(name)
    exported = module.__all__
    assert exported == sorted(exported, key=lambda n: (not n.isupper(), n)) or exported == sorted(
        exported
    )
    for member in exported:
        assert hasattr(module, member), f"{name}.{member} is in __all__ but missing"


def test_the_top_level_package_exports_the_core_names() -> None:
    import agent_system

    assert {"AgentSystem", "Settings", "ExecutionPlan", "tool", "ToolRegistry"} <= set(
        agent_system.__all__
    )
