from __future__ import annotations

import agent_system.registry as registry
import agent_system.registry.loaders as loaders


def test_the_registry_package_exports_exactly_its_public_names() -> None:
    assert sorted(registry.__all__) == [
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
    for name in registry.__all__:
        assert getattr(registry, name) is not None


def test_the_loaders_package_exports_resolve() -> None:
    for name in loaders.__all__:
        assert hasattr(loaders, name), name
