"""Load plugin tools into a `ToolRegistry`; a broken plugin is skipped with a warning.

Sources, in the order they load (settings from `agent_system.config.Settings`):

1. entry points of the group ``agent_system.plugins`` (when ``load_entry_points`` is on);
2. ``settings.plugins`` and extra plugins (``--plugin``): ``pkg.mod``, ``pkg.mod:attr``, a ``.py``;
3. ``settings.function_specs``: OpenAI / BFCL-style JSON function specs (`functions`);
4. ``settings.mcp_servers``: MCP servers through langchain-mcp-adapters (`langchain`).

Each plugin's tools are added all or nothing: a plugin whose import fails, that provides no tool,
or whose tool name is taken is skipped, and the reason goes to ``registry.warnings`` and the log.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from agent_system.config import Settings
from agent_system.errors import DuplicateToolError, PluginError
from agent_system.registry._loaders.functions import (
    load_function_spec_file,
    normalize_schema,
    parse_function_specs,
    spec_from_function_schema,
)
from agent_system.registry._loaders.langchain import aload_mcp_tools, spec_from_langchain_tool
from agent_system.registry._loaders.python import (
    ENTRY_POINT_GROUP,
    discover_entry_points,
    import_plugin,
    specs_from_entry_point,
    specs_from_object,
    specs_from_plugin,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec

__all__ = [
    "ENTRY_POINT_GROUP",
    "add_plugin_specs",
    "aload_mcp_tools",
    "aload_plugins",
    "build_registry",
    "discover_entry_points",
    "import_plugin",
    "load_function_spec_file",
    "load_plugins",
    "normalize_schema",
    "parse_function_specs",
    "spec_from_function_schema",
    "spec_from_langchain_tool",
    "specs_from_entry_point",
    "specs_from_object",
    "specs_from_plugin",
]

log = logging.getLogger(__name__)


def add_plugin_specs(registry: ToolRegistry, specs: Sequence[ToolSpec]) -> None:
    """Add one plugin's tools, all or none: `DuplicateToolError` if any name is taken."""
    seen: dict[str, ToolSpec] = {}
    for spec in specs:
        existing = registry.get(spec.name) or seen.get(spec.name)
        if existing is not None and existing.func is not spec.func:
            raise DuplicateToolError(spec.name, existing.source, spec.source)
        seen[spec.name] = spec
    for spec in seen.values():
        registry.add(spec)


def _try(
    registry: ToolRegistry,
    what: str,
    load: Callable[[], Sequence[ToolSpec]],
    *,
    origin: str | None = "",
) -> None:
    """Add one plugin's tools; ``origin`` (default: `what`; None for built-in tools) is recorded
    in ``registry.origins``."""
    try:
        specs = load()
        add_plugin_specs(registry, specs)
    except PluginError as exc:
        _warn(registry, f"{exc.message} (skipped)")
    except Exception as exc:  # a plugin's own bug must not stop the others
        _warn(registry, f"Plugin {what!r}: failed with {type(exc).__name__}: {exc} (skipped)")
    else:
        label = what if origin == "" else origin
        if label is not None:
            for spec in specs:
                registry.origins[spec.name] = label


def _warn(registry: ToolRegistry, message: str) -> None:
    registry.warnings.append(message)
    log.warning(message)


def _load_sync(registry: ToolRegistry, settings: Settings, extra: Iterable[str]) -> None:
    if settings.load_entry_points:
        for entry_point in discover_entry_points():
            _try(registry, entry_point.name, functools.partial(specs_from_entry_point, entry_point))
    for target in [*settings.plugins, *extra]:
        _try(registry, target, functools.partial(specs_from_plugin, target))
    for path in settings.function_specs:
        _try(registry, str(path), functools.partial(load_function_spec_file, path))


async def _load_mcp(registry: ToolRegistry, settings: Settings) -> None:
    if not settings.mcp_servers:
        return
    specs, warnings = await aload_mcp_tools(settings.mcp_servers)
    for message in warnings:
        _warn(registry, message)
    by_server: dict[str, list[ToolSpec]] = {}
    for spec in specs:
        by_server.setdefault(spec.source, []).append(spec)
    for server, server_specs in by_server.items():
        _try(registry, server, functools.partial(list, server_specs))


async def aload_plugins(
    registry: ToolRegistry, settings: Settings, extra: Iterable[str] = ()
) -> list[str]:
    """Load every configured plugin into `registry`; returns the warnings of this call."""
    start = len(registry.warnings)
    _load_sync(registry, settings, extra)
    await _load_mcp(registry, settings)
    return registry.warnings[start:]


def load_plugins(
    registry: ToolRegistry, settings: Settings, extra: Iterable[str] = ()
) -> list[str]:
    """Synchronous `aload_plugins` (MCP servers are listed on a private event loop).

    Safe to call from inside a running event loop: the MCP part then runs in a worker thread.
    """
    start = len(registry.warnings)
    _load_sync(registry, settings, extra)
    if settings.mcp_servers:
        _run_blocking(_load_mcp(registry, settings))
    return registry.warnings[start:]


def _run_blocking(coro: Any) -> None:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(coro)
        return
    failure: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coro)
        except BaseException as exc:  # pragma: no cover - re-raised below
            failure.append(exc)

    thread = threading.Thread(target=target, name="agent-system-mcp-load")
    thread.start()
    thread.join()
    if failure:  # pragma: no cover - _load_mcp turns server failures into warnings
        raise failure[0]


def _module_specs(module: str) -> list[ToolSpec]:
    return ToolRegistry().add_module(module)


def build_registry(
    settings: Settings, plugins: Iterable[str] = (), roles: Iterable[Any] | None = None
) -> ToolRegistry:
    """The tools of the roles (default: every role the settings load), the core tools, and
    every plugin the settings (and `plugins`) name."""
    from agent_system.registry._registry import CORE_TOOL_MODULES, role_tool_modules

    registry = ToolRegistry()
    if roles is None:  # role plugins' problems are the registry's warnings too
        from agent_system.roles import load_roles

        roles = load_roles(settings=settings, warnings=registry.warnings).values()
    for module in (*role_tool_modules(roles), *CORE_TOOL_MODULES):
        shipped = module.partition(".")[0] in ("roles", "tools")  # our own roles and tools
        _try(
            registry,
            module,
            functools.partial(_module_specs, module),
            origin=None if shipped else f"role module {module}",
        )
    load_plugins(registry, settings, extra=plugins)
    return registry
