"""The tool registry: `ToolSpec` and `@tool`, plugin loaders, validation and selection.

`agent_system.registry._mcp_server` (serve the registry over MCP) needs the ``mcp`` extra and is
imported on its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from agent_system import _lazy

if TYPE_CHECKING:
    from agent_system.registry._loaders import (
        ENTRY_POINT_GROUP,
        aload_plugins,
        build_registry,
        load_function_spec_file,
        load_plugins,
        normalize_schema,
        parse_function_specs,
        spec_from_function_schema,
        spec_from_langchain_tool,
    )
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry._selection import ToolIndex
    from agent_system.registry._validate import validate_registry, validate_spec
    from agent_system.registry.spec import (
        Intent,
        SideEffect,
        ToolContext,
        ToolOutput,
        ToolSpec,
        spec_from_function,
        tool,
    )

__all__ = [
    "BUILTIN_TOOL_MODULES",
    "ENTRY_POINT_GROUP",
    "Intent",
    "SideEffect",
    "ToolContext",
    "ToolIndex",
    "ToolOutput",
    "ToolRegistry",
    "ToolSpec",
    "aload_plugins",
    "build_registry",
    "load_function_spec_file",
    "load_plugins",
    "normalize_schema",
    "parse_function_specs",
    "spec_from_function",
    "spec_from_function_schema",
    "spec_from_langchain_tool",
    "tool",
    "validate_registry",
    "validate_spec",
]

_WHERE = {
    "BUILTIN_TOOL_MODULES": "agent_system.registry._registry",
    "ENTRY_POINT_GROUP": "agent_system.registry._loaders",
    "Intent": "agent_system.registry.spec",
    "SideEffect": "agent_system.registry.spec",
    "ToolContext": "agent_system.registry.spec",
    "ToolIndex": "agent_system.registry._selection",
    "ToolOutput": "agent_system.registry.spec",
    "ToolRegistry": "agent_system.registry._registry",
    "ToolSpec": "agent_system.registry.spec",
    "aload_plugins": "agent_system.registry._loaders",
    "build_registry": "agent_system.registry._loaders",
    "load_function_spec_file": "agent_system.registry._loaders",
    "load_plugins": "agent_system.registry._loaders",
    "normalize_schema": "agent_system.registry._loaders",
    "parse_function_specs": "agent_system.registry._loaders",
    "spec_from_function": "agent_system.registry.spec",
    "spec_from_function_schema": "agent_system.registry._loaders",
    "spec_from_langchain_tool": "agent_system.registry._loaders",
    "tool": "agent_system.registry.spec",
    "validate_registry": "agent_system.registry._validate",
    "validate_spec": "agent_system.registry._validate",
}


def __getattr__(name: str) -> Any:
    return _lazy.load(__name__, _WHERE, name)
