"""Python plugins: `agent_system.plugins` entry points, modules, ``.py`` files, ``module:attr``.

What a plugin target may be (an entry point's object, or what a ``module:attr`` names):

- a module: its `@tool`-marked functions are collected (like `ToolRegistry.add_module`);
- a `ToolSpec`, a `@tool` function, a `ToolRegistry`, a langchain-core ``BaseTool``;
- a callable taking no arguments that returns any of the above, or a list of them (plain typed
  functions in the list become tools through their signature and docstring).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Iterable
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

from agent_system.errors import PluginError
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec, spec_from_function

__all__ = [
    "ENTRY_POINT_GROUP",
    "discover_entry_points",
    "import_plugin",
    "specs_from_entry_point",
    "specs_from_object",
    "specs_from_plugin",
]

ENTRY_POINT_GROUP = "agent_system.plugins"


def discover_entry_points(group: str = ENTRY_POINT_GROUP) -> list[EntryPoint]:
    """Installed entry points of `group`, sorted by name."""
    return sorted(entry_points(group=group), key=lambda ep: ep.name)


def specs_from_entry_point(entry_point: EntryPoint) -> list[ToolSpec]:
    """The tools an entry point provides; `PluginError` names the entry point on any failure."""
    where = f"entry point {entry_point.name!r} ({entry_point.value})"
    try:
        target = entry_point.load()
    except Exception as exc:
        raise PluginError(f"cannot be imported: {type(exc).__name__}: {exc}", plugin=where) from exc
    return specs_from_object(target, where)


def import_plugin(target: str) -> ModuleType:
    """Import a module by dotted name or from a ``.py`` file path."""
    path = Path(target).expanduser()
    if target.endswith(".py") or path.is_file():
        if not path.is_file():
            raise PluginError("file not found; check the path", plugin=target)
        digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
        name = f"agent_system_plugin_{path.stem}_{digest}"
        if name in sys.modules:
            return sys.modules[name]
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:  # pragma: no cover - only for odd file types
            raise PluginError("cannot be loaded as a Python module", plugin=target)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(name, None)
            raise
        return module
    return importlib.import_module(target)


def specs_from_plugin(target: str) -> list[ToolSpec]:
    """Tools of a plugin from settings or ``--plugin``: ``pkg.mod``, ``pkg.mod:attr``, a file."""
    module_part, _, attr = target.partition(":") if not Path(target).is_file() else (target, "", "")
    try:
        module = import_plugin(module_part)
    except PluginError as exc:
        if exc.plugin == target:
            raise
        raise PluginError(f"while importing: {exc.message}", plugin=target) from exc
    except ModuleNotFoundError as exc:
        raise PluginError(
            f"module {exc.name!r} not found; install the plugin or fix the name (a file path "
            "must end in .py)",
            plugin=target,
        ) from exc
    except Exception as exc:
        raise PluginError(
            f"cannot be imported: {type(exc).__name__}: {exc}", plugin=target
        ) from exc
    value: Any = module
    for part in filter(None, attr.split(".")):
        try:
            value = getattr(value, part)
        except AttributeError:
            raise PluginError(
                f"{module.__name__} has no attribute {part!r}", plugin=target
            ) from None
    return specs_from_object(value, target)


def specs_from_object(value: Any, where: str) -> list[ToolSpec]:
    """Tools from a module, spec, registry, tool, or a factory or list of them."""
    specs = _collect(value, where, depth=0)
    if not specs:
        raise PluginError(
            "provides no tools: mark functions with @tool, or return a list of ToolSpecs or "
            "functions",
            plugin=where,
        )
    return specs


def _collect(value: Any, where: str, depth: int) -> list[ToolSpec]:
    if depth > 3:
        raise PluginError("nests factories too deeply", plugin=where)
    if isinstance(value, ToolSpec):
        return [value]
    if isinstance(value, ModuleType):
        return _module_specs(value)
    if isinstance(value, ToolRegistry):
        return list(value)
    spec = getattr(value, "__tool_spec__", None)
    if isinstance(spec, ToolSpec):
        return [spec]
    if _is_langchain_tool(value):
        from agent_system.registry._loaders.langchain import spec_from_langchain_tool

        return [spec_from_langchain_tool(value, source=where)]
    if isinstance(value, (list, tuple, set)):
        return [s for item in value for s in _collect_item(item, where, depth)]
    if callable(value):
        if inspect.iscoroutinefunction(value):
            raise PluginError("a plugin factory must be a plain (not async) function", plugin=where)
        try:
            produced = value()
        except TypeError as exc:
            raise PluginError(
                f"factory {getattr(value, '__name__', value)!r} must take no arguments ({exc})",
                plugin=where,
            ) from exc
        return _collect(produced, where, depth + 1)
    raise PluginError(
        f"cannot make tools from a {type(value).__name__}; give a module, a ToolSpec, a @tool "
        "function, a ToolRegistry, or a factory returning them",
        plugin=where,
    )


def _collect_item(item: Any, where: str, depth: int) -> Iterable[ToolSpec]:
    if inspect.isfunction(item) and not isinstance(getattr(item, "__tool_spec__", None), ToolSpec):
        return [spec_from_function(item, source=where)]
    return _collect(item, where, depth + 1)


def _module_specs(module: ModuleType) -> list[ToolSpec]:
    specs = []
    for value in vars(module).values():
        spec = getattr(value, "__tool_spec__", None)
        if isinstance(spec, ToolSpec) and getattr(value, "__module__", None) == module.__name__:
            specs.append(spec)
        elif isinstance(value, ToolSpec):
            specs.append(value)
    return specs


def _is_langchain_tool(value: Any) -> bool:
    try:
        from langchain_core.tools import BaseTool
    except ImportError:  # pragma: no cover - langchain-core is a dependency
        return False
    return isinstance(value, BaseTool)
