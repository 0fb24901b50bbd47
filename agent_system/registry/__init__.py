"""The tool registry: `ToolSpec` and `@tool`, plugin loaders, validation and selection.

`agent_system.registry.mcp_server` (serve the registry over MCP) needs the ``mcp`` extra and is
imported on its own.
"""

from __future__ import annotations

from typing import Any

from agent_system.registry.loaders import (
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
from agent_system.registry.registry import ToolRegistry
from agent_system.registry.selection import ToolIndex
from agent_system.registry.spec import (
    Intent,
    SideEffect,
    ToolContext,
    ToolOutput,
    ToolSpec,
    spec_from_function,
    tool,
)
from agent_system.registry.validate import validate_registry, validate_spec

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


def __getattr__(name: str) -> Any:
    if name == "BUILTIN_TOOL_MODULES":
        from agent_system.registry import registry

        return registry.BUILTIN_TOOL_MODULES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
