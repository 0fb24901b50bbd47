"""The contract every fast-reply role implements, and how roles are found.

A role turns a routed request into one tool call (or a question back to the user). The call runs
through the same scheduler as any plan step, so validation, approval, audit and timeouts are the
same for a fast reply and a planned step; the tool's display text is the reply (no LLM call).

A role declares itself (see docs/roles.md, "Adding a role"): ``name``, ``description``,
``examples`` and ``interpret`` are required; ``tool_modules``, ``slot_patterns``, ``tool_role``,
``day_context``, ``needs_home``, ``conditions``, ``routing_hint`` and ``answer_unplaced`` are
optional. The router, the planner and the tool registry read these declarations; no engine file
names a role. Roles come from:

1. the built-in ``roles`` package: every ``roles/<name>/role.py`` exposing ``ROLE``;
2. entry points of the group ``agent_system.roles`` (when ``Settings.load_entry_points``);
3. ``Settings.roles`` (``AGENT_SYSTEM_ROLES``): ``pkg.mod`` (its ``ROLE``) or ``pkg.mod:attr``.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import logging
import pkgutil
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard, TypeVar, runtime_checkable

from agent_system._lazy import LazyPattern

if TYPE_CHECKING:
    from agent_system.config import Settings
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = [
    "BUILTIN_ROLES",  # noqa: F822 - computed, see __getattr__
    "CANNOT_OFFLINE",
    "NOT_UNDERSTOOD",
    "ROLE_ENTRY_POINT_GROUP",
    "SPEAKER_AREA",
    "Clarification",
    "ConditionVocabulary",
    "Role",
    "RoleCall",
    "RoleDeclaration",
    "RolePlan",
    "builtin_role_names",
    "calls_of",
    "declaration",
    "did_you_mean",
    "load_roles",
    "role_slots",
    "with_previous_turn",
]

log = logging.getLogger(__name__)

ROLE_ENTRY_POINT_GROUP = "agent_system.roles"
"""Entry-point group of role plugins; the value names a module with ``ROLE`` or ``mod:attr``."""

SPEAKER_AREA: ContextVar[str | None] = ContextVar("speaker_area", default=None)
"""The area (room) the current request came from, e.g. a voice satellite's; None if unknown.
Set by `AgentSystem.arun(..., area=...)`; roles read it for "turn off the light"."""

NOT_UNDERSTOOD = "not something I can do offline"
"""What a reply says of a clause no role understood (the technical reason stays in the plan)."""
CANNOT_OFFLINE = (
    "I can't do that offline. I can set timers, alarms and reminders, check the weather, "
    "manage your calendar and lists, control your home, look things up, remember things "
    "for you, summarize text, do sums and convert units."
)
"""The whole reply to a request nothing understood: one plain sentence of what works."""
_WHAT_ROLES_DO = {
    "timer": "a timer, alarm or reminder",
    "weather": "the weather",
    "calendar": "your calendar",
    "smart_home": "a device at home",
    "search": "a search",
    "lists": "a list",
    "memory": "something for me to remember",
    "notify": "a notification",
    "summarize": "a summary",
    "conversation": "a chat",
}


def did_you_mean(roles: Sequence[str]) -> str:
    """One plain question naming what each candidate role does: "Did you mean a timer, alarm or
    reminder, or your calendar?"."""
    names = [_WHAT_ROLES_DO.get(name, name.replace("_", " ")) for name in roles]
    if len(names) == 1:
        return f"Did you mean {names[0]}?"
    return f"Did you mean {', '.join(names[:-1])}, or {names[-1]}?"


@dataclass(frozen=True)
class RoleCall:
    """The tool call a role chose for a request."""

    tool: str
    arguments: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class RolePlan:
    """Several independent tool calls for one request ("the fan and the lamp"): parallel steps."""

    calls: tuple[RoleCall, ...]


def calls_of(choice: RoleCall | RolePlan) -> tuple[RoleCall, ...]:
    """The tool calls of a role's answer, in order."""
    return choice.calls if isinstance(choice, RolePlan) else (choice,)


@dataclass(frozen=True)
class Clarification:
    """The role needs more from the user; nothing was changed."""

    question: str
    missing: tuple[str, ...] = ()


@dataclass(frozen=True)
class ConditionVocabulary:
    """How a role's result can be tested by a later step ("... if it's sunny").

    The embedded planner reads a condition clause against the latest earlier step of a role that
    declares one: a word of `words` compares the step's `path` to the value the role's tools
    return; "above 20 degrees" compares the path `numbers[unit]` (``c`` or ``f``).
    """

    path: str
    words: Mapping[str, str]
    numbers: Mapping[str, str] = field(default_factory=dict)
    default_unit: str = "c"


@runtime_checkable
class Role(Protocol):
    """A fast-reply role. `roles/<name>/role.py` (or a plugin) exposes one as ``ROLE``."""

    name: str
    description: str
    examples: tuple[str, ...]
    """Requests this role owns; they train the shipped router (built-in roles) or build the
    example matcher that routes a role the shipped model has no class for."""

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | RolePlan | Clarification:
        """Choose the tool and arguments for `text` (slots come from the router); a `RolePlan`
        runs several independent calls as parallel steps of one plan."""
        ...


@dataclass(frozen=True)
class RoleDeclaration:
    """A role's declarations with the defaults filled in (see `declaration`)."""

    name: str
    description: str
    examples: tuple[str, ...]
    tool_modules: tuple[str, ...] = ()
    """Modules whose ``@tool`` functions the role calls; loaded into the tool registry."""
    slot_patterns: tuple[re.Pattern[str], ...] = ()
    """Regexes searched in the request; each named group that matches becomes a slot."""
    tool_role: bool = True
    """Acts through tools (False for chit-chat): an out-of-role request never reaches it."""
    day_context: bool = False
    """Takes a day said in a sibling clause ("weather and my calendar tomorrow")."""
    needs_home: bool | re.Pattern[str] = False
    """The user's home location is looked up for its requests (for those a pattern finds) and
    passed in the ``home`` slot, empty when none is known."""
    conditions: ConditionVocabulary | None = None
    routing_hint: str = ""
    """What the role owns, for the LLM router's prompt (default: the description)."""


def _is_pattern(value: object) -> TypeGuard[re.Pattern[str]]:
    """A compiled pattern, now or on first use (a role's rules are usually `lazy_pattern`)."""
    return isinstance(value, re.Pattern | LazyPattern)


def declaration(role: Role) -> RoleDeclaration:
    """Read a role's declarations (optional attributes take their defaults)."""
    cached = _DECLARATIONS.get(id(role))
    if cached is not None and cached[0] is role:
        return cached[1]
    patterns = tuple(
        p if _is_pattern(p) else re.compile(p, re.IGNORECASE)
        for p in getattr(role, "slot_patterns", ())
    )
    declared = RoleDeclaration(
        name=role.name,
        description=role.description,
        examples=tuple(role.examples),
        tool_modules=tuple(getattr(role, "tool_modules", ())),
        slot_patterns=patterns,
        tool_role=bool(getattr(role, "tool_role", True)),
        day_context=bool(getattr(role, "day_context", False)),
        needs_home=_needs_home(getattr(role, "needs_home", False)),
        conditions=getattr(role, "conditions", None),
        routing_hint=str(getattr(role, "routing_hint", "") or role.description),
    )
    _DECLARATIONS[id(role)] = (role, declared)
    return declared


def _needs_home(value: Any) -> bool | re.Pattern[str]:
    if isinstance(value, str):
        return re.compile(value, re.IGNORECASE)
    return value if _is_pattern(value) else bool(value)


_DECLARATIONS: dict[int, tuple[Role, RoleDeclaration]] = {}
"""Declarations read so far, by role object (roles are long-lived singletons)."""


def role_slots(role: Role, text: str) -> dict[str, Any]:
    """The slots `role`'s ``slot_patterns`` find in `text` (first match of each name wins)."""
    slots: dict[str, Any] = {}
    for pattern in declaration(role).slot_patterns:
        match = pattern.search(text)
        if match:
            for key, value in match.groupdict().items():
                if value is not None and key not in slots:
                    slots[key] = value.strip()
    return slots


# --- finding roles ------------------------------------------------------------------------------
@functools.cache
def builtin_role_names() -> tuple[str, ...]:
    """Names of the roles in the built-in ``roles`` package: tool roles first, in the shipped
    router model's order, then by name."""
    try:
        package = importlib.import_module("roles")
    except ImportError:  # pragma: no cover - the roles package is not installed
        return ()
    names = [
        info.name
        for info in pkgutil.iter_modules(package.__path__)
        if info.ispkg and not info.name.startswith("_") and _has_role_module(info.name)
    ]
    loaded = {name: importlib.import_module(f"roles.{name}.role").ROLE for name in names}
    shipped = _shipped_classes()

    def key(name: str) -> tuple[bool, int, str]:
        position = shipped.index(name) if name in shipped else len(shipped)
        return (not declaration(loaded[name]).tool_role, position, name)

    return tuple(sorted(names, key=key))


def _shipped_classes() -> tuple[str, ...]:
    """The shipped router model's classes (their order is the roles' order), or ()."""
    from agent_system.routing._model import ModelFileError, shipped_model

    try:
        return shipped_model().classes
    except (ModelFileError, OSError, ValueError):  # pragma: no cover - a broken model file
        return ()


def _has_role_module(name: str) -> bool:
    return importlib.util.find_spec(f"roles.{name}.role") is not None


def __getattr__(name: str) -> Any:
    if name == "BUILTIN_ROLES":  # computed: the built-in package is scanned, never listed
        return builtin_role_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_roles(
    names: Iterable[str] | None = None,
    *,
    settings: Settings | None = None,
    extra: Iterable[str] = (),
    warnings: list[str] | None = None,
) -> dict[str, Role]:
    """The roles to serve, by name.

    `names` picks built-in roles only (``roles.<name>.role.ROLE``). Without it: every built-in
    role, then entry points of ``agent_system.roles`` (unless ``settings.load_entry_points`` is
    off), then ``settings.roles`` and `extra`. A plugin role that fails to load, is not a role,
    or reuses a name is skipped; the reason goes to `warnings` and the log.
    """
    if names is not None:
        return {name: importlib.import_module(f"roles.{name}.role").ROLE for name in names}
    roles: dict[str, Role] = {
        name: importlib.import_module(f"roles.{name}.role").ROLE for name in builtin_role_names()
    }
    sources: list[tuple[str, Callable[[], Any]]] = []
    if settings is None or settings.load_entry_points:
        for ep in sorted(entry_points(group=ROLE_ENTRY_POINT_GROUP), key=lambda e: e.name):
            sources.append((f"entry point {ep.name!r} ({ep.value})", ep.load))
    targets = [*(settings.roles if settings is not None else ()), *extra]
    for target in targets:
        sources.append((target, functools.partial(_import_target, target)))
    for where, load in sources:
        try:
            found = _roles_from(load(), where)
        except ModuleNotFoundError as exc:
            _warn(
                warnings,
                f"Role plugin {where}: module {exc.name!r} not found; install the plugin or "
                "fix the name in AGENT_SYSTEM_ROLES (skipped)",
            )
            continue
        except Exception as exc:  # a plugin's own bug must not stop the others
            _warn(warnings, f"Role plugin {where}: {type(exc).__name__}: {exc} (skipped)")
            continue
        for role in found:
            if role.name in roles and roles[role.name] is not role:
                _warn(warnings, f"Role plugin {where}: the role {role.name!r} exists (skipped)")
                continue
            roles[role.name] = role
    return roles


def _warn(warnings: list[str] | None, message: str) -> None:
    if warnings is not None:
        warnings.append(message)
    log.warning(message)


def _import_target(target: str) -> Any:
    module_name, _, attr = target.partition(":")
    value: Any = importlib.import_module(module_name)
    for part in filter(None, attr.split(".")):
        value = getattr(value, part)
    return value


def _roles_from(value: Any, where: str) -> list[Role]:
    if isinstance(value, type):
        value = value()
    elif not isinstance(value, Role) and hasattr(value, "ROLE"):
        value = value.ROLE
    if isinstance(value, (list, tuple)):
        return [role for item in value for role in _roles_from(item, where)]
    if not isinstance(value, Role) or not isinstance(getattr(value, "name", None), str):
        raise TypeError(
            "is not a role: give an object with name, description, examples and interpret() "
            "(or a module exposing one as ROLE)"
        )
    if not re.fullmatch(r"[a-z][a-z0-9_]*", value.name):
        raise TypeError(f"role name {value.name!r} must be lower-case letters, digits and _")
    return [value]


_Answer = TypeVar("_Answer", bound="RoleCall | RolePlan | Clarification")


def with_previous_turn(
    interpret: Callable[[str], _Answer],
    text: str,
    history: list[Turn],
    role: str,
) -> _Answer:
    """Interpret `text`; when it needs more and the turns before were this role's questions, try
    them joined, so answers complete the request they answer ("set an alarm" ... "7am";
    "schedule a meeting with Sam" ... "friday" ... "at 3")."""
    result = interpret(text)
    if not isinstance(result, Clarification):
        return result
    asked: list[str] = []  # the request, then the answers to this role's questions about it
    for turn in reversed(history[-3:]):
        if turn.role != role or turn.calls or not turn.reply.rstrip().endswith("?"):
            break
        asked.insert(0, turn.text)
    combined = [interpret(" ".join([*asked[start:], text])) for start in range(len(asked))]
    done = next((c for c in combined if not isinstance(c, Clarification)), None)
    # nothing answers yet: ask with the most context ("What time is 'Meeting with Chelsea'?")
    return done or (combined[0] if combined else result)
