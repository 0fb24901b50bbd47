from __future__ import annotations

import shutil
import subprocess
import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from agent_system.registry._loaders import ENTRY_POINT_GROUP, load_plugins, specs_from_entry_point
from agent_system.registry._registry import ToolRegistry
from agent_system.registry._validate import validate_registry
from agent_system.registry.spec import ToolContext
from agent_system.testing import make_runtime, make_settings

EXAMPLE = Path(__file__).parents[2] / "examples" / "unit_convert_plugin"


@pytest.fixture
def clean_modules() -> object:
    yield
    for name in [m for m in sys.modules if m.startswith("unit_convert_plugin")]:
        del sys.modules[name]


@pytest.mark.anyio
async def test_the_example_plugin_entry_point_gives_a_valid_working_tool(
    monkeypatch: pytest.MonkeyPatch, clean_modules: object
) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLE))
    (spec,) = specs_from_entry_point(
        EntryPoint(name="unit_convert", value="unit_convert_plugin", group=ENTRY_POINT_GROUP)
    )
    assert spec.name == "units.convert"
    assert validate_registry(ToolRegistry([spec])) == []
    ctx = ToolContext(runtime=make_runtime())
    out = await spec.ainvoke({"value": 212, "from_unit": "F", "to_unit": "C"}, ctx)
    assert out.display == "212 F is 100 C."
    out = await spec.ainvoke({"value": 1, "from_unit": "mi", "to_unit": "km"}, ctx)
    assert out.data == {"value": 1.609344, "unit": "km"}


@pytest.mark.heavy  # pip builds and installs a package: .ci/run's packaging step
def test_pip_installing_the_example_exposes_its_tools_through_the_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clean_modules: object
) -> None:
    source = tmp_path / "src"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            "--no-build-isolation",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=240,
    )
    monkeypatch.syspath_prepend(str(target))
    assert "unit_convert" in [ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)]
    registry = ToolRegistry()
    assert load_plugins(registry, make_settings(tmp_path, load_entry_points=True)) == []
    assert "units.convert" in registry
    assert registry.search("convert 5 miles to kilometres", k=1)[0][0].name == "units.convert"
