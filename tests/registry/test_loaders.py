from __future__ import annotations

import json
import logging
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from agent_system.errors import PluginError
from agent_system.registry import _loaders as loaders
from agent_system.registry._loaders import (
    add_plugin_specs,
    build_registry,
    load_plugins,
    specs_from_entry_point,
    specs_from_object,
    specs_from_plugin,
)
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import ToolSpec, spec_from_function, tool
from agent_system.testing import make_settings

GOOD = '''
from agent_system import tool

@tool(name="greet.hello")
def hello(name: str) -> str:
    """Say hello.

    Args:
        name: Who to greet.
    """
    return f"Hello, {name}!"
'''


def _write(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def test_a_plugin_file_contributes_its_tool_functions(tmp_path: Path) -> None:
    path = _write(tmp_path, "greet.py", GOOD)
    (spec,) = specs_from_plugin(str(path))
    assert spec.name == "greet.hello"
    assert spec.func("Ada") == "Hello, Ada!"


def test_a_plugin_module_attribute_can_be_a_factory_returning_plain_functions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(
        tmp_path,
        "factory_plugin.py",
        '''
        def double(x: int) -> int:
            """Double a number.

            Args:
                x: The number.
            """
            return 2 * x

        def tools():
            return [double]
    ''',
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    (spec,) = specs_from_plugin("factory_plugin:tools")
    assert spec.name == "double"
    assert spec.parameters["properties"]["x"]["description"] == "The number."
    monkeypatch.delitem(sys.modules, "factory_plugin")


def test_an_entry_point_naming_a_module_loads_its_tools(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path, "ep_greet.py", GOOD)
    monkeypatch.syspath_prepend(str(tmp_path))
    entry_point = EntryPoint(name="greet", value="ep_greet", group=loaders.ENTRY_POINT_GROUP)
    (spec,) = specs_from_entry_point(entry_point)
    assert spec.name == "greet.hello"
    monkeypatch.delitem(sys.modules, "ep_greet")


def test_an_entry_point_that_fails_to_import_is_named_in_the_error() -> None:
    entry_point = EntryPoint(name="ghost", value="no_such_module_x", group="agent_system.plugins")
    with pytest.raises(PluginError, match=r"entry point 'ghost' \(no_such_module_x\).*imported"):
        specs_from_entry_point(entry_point)


def test_objects_of_every_supported_kind_become_specs() -> None:
    @tool
    def marked(a: int) -> int:
        """Marked.

        Args:
            a: A.
        """
        return a

    spec = spec_from_function(marked, name="other")
    registry = ToolRegistry([spec_from_function(marked, name="in_registry")])
    assert [s.name for s in specs_from_object(spec, "x")] == ["other"]
    assert [s.name for s in specs_from_object(marked, "x")] == ["marked"]
    assert [s.name for s in specs_from_object(registry, "x")] == ["in_registry"]
    assert [s.name for s in specs_from_object(lambda: [spec, marked], "x")] == ["other", "marked"]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("import not_a_real_dependency_q\n", r"module 'not_a_real_dependency_q' not found"),
        ("raise RuntimeError('boom at import')\n", r"RuntimeError: boom at import"),
        ("x = 1\n", r"provides no tools: mark functions with @tool"),
        (
            "from agent_system import tool\n@tool\ndef f(*args):\n    '''F.'''\n",
            r"tool 'f' has an unsupported signature: \*args/\*\*kwargs are not supported",
        ),
        ("def tools(settings):\n    return []\nfactory = tools\n", None),
    ],
)
def test_each_broken_plugin_is_skipped_with_its_own_message(
    tmp_path: Path, source: str, message: str | None, caplog: pytest.LogCaptureFixture
) -> None:
    broken = _write(tmp_path, "broken.py", source)
    good = _write(tmp_path, "good.py", GOOD)
    target = f"{broken}" if message else f"{broken}:factory"
    registry = ToolRegistry()
    with caplog.at_level(logging.WARNING):
        warnings = load_plugins(registry, make_settings(tmp_path), extra=[target, str(good)])
    assert registry.names() == ["greet.hello"]
    (warning,) = warnings
    assert warning == registry.warnings[0]
    assert "broken.py" in warning and warning.endswith("(skipped)")
    assert message is None or __import__("re").search(message, warning), warning
    if message is None:
        assert "must take no arguments" in warning
    assert warning in caplog.text


def test_a_plugin_reusing_a_tool_name_is_skipped_whole_and_names_both_places(
    tmp_path: Path,
) -> None:
    first = _write(tmp_path, "first.py", GOOD)
    second = _write(
        tmp_path,
        "second.py",
        GOOD
        + textwrap.dedent('''
        @tool(name="greet.bye")
        def bye(name: str) -> str:
            """Say bye.

            Args:
                name: Who.
            """
            return name
    '''),
    )
    registry = ToolRegistry()
    (warning,) = load_plugins(registry, make_settings(tmp_path), extra=[str(first), str(second)])
    assert registry.names() == ["greet.hello"]  # greet.bye did not sneak in
    assert "Tool name 'greet.hello' is already registered by agent_system_plugin_first" in warning
    assert "agent_system_plugin_second" in warning


def test_add_plugin_specs_adds_nothing_when_one_name_is_taken() -> None:
    def a() -> None:
        """A."""

    def b() -> None:
        """B."""

    registry = ToolRegistry([spec_from_function(a, name="x")])
    with pytest.raises(PluginError):
        add_plugin_specs(
            registry, [spec_from_function(b, name="y"), spec_from_function(b, name="x")]
        )
    assert registry.names() == ["x"]


def test_load_plugins_reads_plugins_and_function_specs_from_settings(tmp_path: Path) -> None:
    plugin = _write(tmp_path, "greet.py", GOOD)
    specs = tmp_path / "specs.json"
    specs.write_text(
        json.dumps(
            [
                {
                    "name": "remote.echo",
                    "description": "Echo.",
                    "x-url": "http://tools.test/echo",
                    "parameters": {},
                }
            ]
        )
    )
    settings = make_settings(tmp_path, plugins=[str(plugin)], function_specs=[specs])
    registry = ToolRegistry()
    assert load_plugins(registry, settings) == []
    assert registry.names() == ["greet.hello", "remote.echo"]


def test_load_plugins_skips_an_unreachable_mcp_server_with_a_warning(tmp_path: Path) -> None:
    settings = make_settings(
        tmp_path,
        mcp_servers={
            "gone": {"command": sys.executable, "args": ["-c", "import sys; sys.exit(3)"]},
            "nothing": {"transport": "stdio"} | {},
            "bad": {},
        },
    )
    registry = ToolRegistry()
    warnings = load_plugins(registry, settings)
    assert len(registry) == 0
    assert any("MCP server 'gone': could not list its tools" in w for w in warnings)
    assert any("MCP server 'bad'" in w and "needs a 'command'" in w for w in warnings)


def test_entry_points_are_discovered_only_when_settings_allow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path, "ep_allowed.py", GOOD)
    monkeypatch.syspath_prepend(str(tmp_path))
    fake = [EntryPoint(name="greet", value="ep_allowed", group=loaders.ENTRY_POINT_GROUP)]
    monkeypatch.setattr(loaders, "discover_entry_points", lambda: fake)
    off, on = ToolRegistry(), ToolRegistry()
    load_plugins(off, make_settings(tmp_path, load_entry_points=False))
    load_plugins(on, make_settings(tmp_path, load_entry_points=True))
    assert off.names() == [] and on.names() == ["greet.hello"]
    monkeypatch.delitem(sys.modules, "ep_allowed")


def test_build_registry_adds_plugins_to_the_builtin_tools(tmp_path: Path) -> None:
    plugin = _write(tmp_path, "greet.py", GOOD)
    builtin = set(ToolRegistry.builtin().names())
    registry = build_registry(make_settings(tmp_path), plugins=[str(plugin)])
    assert set(registry.names()) == builtin | {"greet.hello"}
    assert isinstance(registry.get("greet.hello"), ToolSpec)
