"""Every setting is documented in docs/configuration.md."""

from __future__ import annotations

from pathlib import Path

from agent_system.config import Settings

DOC = Path(__file__).parents[1] / "docs" / "configuration.md"


def test_every_settings_field_has_a_row_in_the_configuration_page() -> None:
    rows = [line for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("| `")]
    documented = {line.split("|")[2].strip().strip("`") for line in rows}
    assert documented == set(Settings.model_fields), "add or remove rows in docs/configuration.md"
    for line in rows:
        name = line.split("|")[2].strip().strip("`")
        assert f"`AGENT_SYSTEM_{name.upper()}`" in line
        assert line.rstrip(" |").split("|")[-1].strip(), f"{name} has no meaning"
