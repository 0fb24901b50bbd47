"""What a request is planned as, for tests that check plans through the public API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_system.api import AgentSystem


async def planned_steps(system: AgentSystem, text: str) -> list[tuple[str, dict[str, Any]]]:
    """Each step of the plan for `text`: its tool and its arguments (nothing runs)."""
    plan = await system.aplan(text)
    return [(step.tool, dict(step.arguments)) for step in plan.steps]
