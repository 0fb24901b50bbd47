"""`ToolRegistry`: the tools a system can plan with, by name, with ranked search."""

from __future__ import annotations

import functools
import importlib
import logging
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

from agent_system.errors import DuplicateToolError, PluginError
from agent_system.registry.spec import ToolSpec, spec_from_function

if TYPE_CHECKING:
    from agent_system.routing._embedded import EmbeddedRouter

__all__ = [
    "BUILTIN_TOOL_MODULES",  # noqa: F822 - computed, see __getattr__
    "CORE_TOOL_MODULES",
    "ToolRegistry",
    "role_tool_modules",
]

log = logging.getLogger(__name__)

CORE_TOOL_MODULES = ("tools.memory", "tools.notification", "tools.summarization", "tools.planning")
"""Tools of no role; each role brings its own (its ``tool_modules`` declaration)."""


def role_tool_modules(roles: Iterable[Any] | None = None) -> tuple[str, ...]:
    """The tool modules `roles` declare (default: the built-in roles), in order, once each."""
    from agent_system.roles import builtin_role_names, declaration, load_roles

    if roles is None:
        roles = load_roles(builtin_role_names()).values()
    modules = (module for role in roles for module in declaration(role).tool_modules)
    return tuple(dict.fromkeys(modules))


def __getattr__(name: str) -> Any:
    if name == "BUILTIN_TOOL_MODULES":  # the built-in roles' tool modules, then the core ones
        return (*role_tool_modules(), *CORE_TOOL_MODULES)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ToolRegistry:
    """Tools by name. Duplicate names fail loudly with both places named."""

    def __init__(self, tools: Iterable[ToolSpec] = ()) -> None:
        self._tools: dict[str, ToolSpec] = {}
        self._index: Any = None  # built lazily by `search`
        self._role_indexes: dict[Any, Any] = {}  # each role's tools' index, for `search`
        self._role_tools = False
        self.warnings: list[str] = []
        """Problems met while loading plugins (the plugin was skipped)."""
        self.origins: dict[str, str] = {}
        """The plugin each plugin tool came from, by tool name (built-in tools have none)."""
        for spec in tools:
            self.add(spec)

    # --- registration --------------------------------------------------------------------
    def add(self, spec: ToolSpec) -> ToolSpec:
        """Register a spec. Raises `DuplicateToolError` if the name is taken."""
        existing = self._tools.get(spec.name)
        if existing is not None and existing.func is not spec.func:
            raise DuplicateToolError(spec.name, existing.source, spec.source)
        self._tools[spec.name] = spec
        self._index = None
        self._role_indexes = {}
        return spec

    def tool(self, func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
        """Decorator: build a spec from the function, register it, return the function as is."""

        def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
            spec = getattr(f, "__tool_spec__", None) if not options else None
            if spec is None:
                spec = spec_from_function(f, **options)
                f.__tool_spec__ = spec  # type: ignore[attr-defined]
            self.add(spec)
            return f

        return decorate(func) if func is not None else decorate

    def add_module(self, module: ModuleType | str) -> list[ToolSpec]:
        """Register every `@tool`-marked function of a module (imported by name if a string)."""
        if isinstance(module, str):
            module = importlib.import_module(module)
        added = []
        for value in vars(module).values():
            spec = getattr(value, "__tool_spec__", None)
            if isinstance(spec, ToolSpec) and getattr(value, "__module__", None) == module.__name__:
                added.append(self.add(spec))
        return added

    def remove(self, name: str) -> None:
        """Unregister a tool (no error if absent)."""
        self._tools.pop(name, None)
        self.origins.pop(name, None)
        self._index = None
        self._role_indexes = {}

    @classmethod
    def builtin(cls, roles: Iterable[Any] | None = None) -> ToolRegistry:
        """A registry with the tools of `roles` (default: the built-in roles) and the core ones."""
        registry = cls()
        for module in (*role_tool_modules(roles), *CORE_TOOL_MODULES):
            registry.add_module(module)
        return registry

    # --- lookup --------------------------------------------------------------------------
    def get(self, name: str) -> ToolSpec | None:
        """The spec for `name`, or None."""
        return self._tools.get(name)

    def __getitem__(self, name: str) -> ToolSpec:
        try:
            return self._tools[name]
        except KeyError:
            raise PluginError(f"Unknown tool {name!r}; known: {', '.join(self.names())}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[ToolSpec]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def names(self) -> list[str]:
        """Sorted tool names."""
        return sorted(self._tools)

    def search(self, text: str, k: int = 8) -> list[tuple[ToolSpec, float]]:
        """The `k` tools that best fit `text`, best first, with scores.

        Lexical (BM25F) ranking; when the registry holds tools of the built-in roles, the role
        of each clause of the request (read by the embedded router's classifier) also brings
        its best tools, so "should I bring a coat and dim the lights" keeps a weather tool
        (`agent_system.registry._selection.choose_tools`)."""
        from agent_system.registry._selection import ToolIndex, choose_tools

        if self._index is None:
            self._index = ToolIndex(list(self._tools.values()))
            self._role_tools = self._has_role_tools()
        lexical: list[tuple[ToolSpec, float]] = self._index.search(text, k)
        reader = _role_reader() if self._role_tools else None
        if reader is None:
            return lexical
        scores = {spec.name: score for spec, score in self._index.search(text, 4 * k)}
        names = choose_tools(
            list(self._tools.values()),
            self._index.search,
            text,
            k,
            reader.classes,
            clauses=reader.clauses,
            indexes=self._role_indexes,
        )
        return [(self._tools[name], scores.get(name, 0.0)) for name in names]

    def _has_role_tools(self) -> bool:
        from agent_system.routing._model import CLASSES

        return any(spec.domain in CLASSES for spec in self._tools.values())


class _RoleReader:
    """The shipped router's reading of a request, for tool selection: its clauses (cut as the
    router cuts them) and each clause's two most probable classes."""

    def __init__(self, router: EmbeddedRouter) -> None:
        self.router = router

    def clauses(self, text: str) -> list[str]:
        return [clause.text for clause in self.router.clauses(text)]

    def classes(self, text: str) -> list[tuple[str, float]]:
        best = self.router.classify(text)
        probabilities = self.router.model.probabilities(text)
        runner_up = max(
            (name for name in probabilities if name != best[0]),
            key=probabilities.__getitem__,
            default=None,
        )
        return [best] + ([(runner_up, probabilities[runner_up])] if runner_up else [])


@functools.cache
def _role_reader() -> _RoleReader | None:
    """The shipped router's reader, or None without its model file (lexical ranking alone)."""
    try:
        from agent_system.routing._embedded import load_default_router

        return _RoleReader(load_default_router())
    except (OSError, ValueError):  # no model file: lexical ranking alone
        return None
