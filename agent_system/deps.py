"""The engine's typed runtime dependencies, installed by `assemble` (see `Runtime.get`).

Tools that plan (``tools/planning.py``) read the planner, replanner and registry; the
conversation role reads the loaded roles to say what the assistant can do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent_system.runtime import Dependency

if TYPE_CHECKING:
    from agent_system.planning._base import Planner, Replanner
    from agent_system.registry._registry import ToolRegistry
    from agent_system.roles import Role

__all__ = ["PLANNER", "REGISTRY", "REPLANNER", "ROLES"]

PLANNER: Dependency[Planner] = Dependency("planning.planner", description="The planner.")
REPLANNER: Dependency[Replanner] = Dependency("planning.replanner", description="The replanner.")
REGISTRY: Dependency[ToolRegistry] = Dependency(
    "planning.registry", description="The tools plans may use."
)
ROLES: Dependency[dict[str, Role]] = Dependency(
    "engine.roles", description="The fast-reply roles being served, by name."
)
