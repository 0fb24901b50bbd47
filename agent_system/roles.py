"""The contract every fast-reply role implements (`roles/<name>/role.py`).

A role turns a routed request into one tool call (or a question back to the user). The call runs
through the same scheduler as any plan step, so validation, approval, audit and timeouts are the
same for a fast reply and a planned step; the tool's display text is the reply (no LLM call).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = [
    "BUILTIN_ROLES",
    "CANNOT_OFFLINE",
    "NOT_UNDERSTOOD",
    "Clarification",
    "Role",
    "RoleCall",
    "load_roles",
    "with_previous_turn",
]

BUILTIN_ROLES = ("timer", "weather", "calendar", "smart_home", "search", "conversation")

NOT_UNDERSTOOD = "not something I can do offline"
"""What a reply says of a clause no role understood (the technical reason stays in the plan)."""
CANNOT_OFFLINE = (
    "I can't do that offline. I can set timers, alarms and reminders, check the weather, "
    "manage your calendar and lists, control your home, look things up, remember things "
    "for you and summarize text."
)
"""The whole reply to a request nothing understood: one plain sentence of what works."""


@dataclass(frozen=True)
class RoleCall:
    """The tool call a role chose for a request."""

    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Clarification:
    """The role needs more from the user; nothing was changed."""

    question: str
    missing: tuple[str, ...] = ()


@runtime_checkable
class Role(Protocol):
    """A fast-reply role. `roles/<name>/role.py` exposes one as ``ROLE``."""

    name: str
    description: str
    examples: tuple[str, ...]
    """Requests this role owns; used to train the embedded router."""

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """Choose the tool and arguments for `text` (slots come from the router)."""
        ...


def load_roles(names: tuple[str, ...] = BUILTIN_ROLES) -> dict[str, Role]:
    """Import ``roles.<name>.role.ROLE`` for each name."""
    return {name: importlib.import_module(f"roles.{name}.role").ROLE for name in names}


def with_previous_turn(
    interpret: Callable[[str], RoleCall | Clarification],
    text: str,
    history: list[Turn],
    role: str,
) -> RoleCall | Clarification:
    """Interpret `text`; when it needs more and the previous turn was this role's, try the two
    turns joined, so an answer completes the question it answers ("set an alarm" ... "7am")."""
    result = interpret(text)
    if isinstance(result, Clarification) and history and history[-1].role == role:
        combined = interpret(f"{history[-1].text} {text}")
        if isinstance(combined, RoleCall):
            return combined
    return result
