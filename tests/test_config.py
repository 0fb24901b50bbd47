"""Settings come from AGENT_SYSTEM_* variables and the TOML config file, variables winning."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from agent_system.config import Settings


def test_the_data_directory_comes_from_agent_system_home(tmp_path: Path) -> None:
    assert Settings().home == tmp_path / "home"


def test_the_config_file_is_read_and_environment_variables_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "home" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('max_replans = 4\nunits = "imperial"\nplugins = ["a_module"]\n')
    monkeypatch.setenv("AGENT_SYSTEM_UNITS", "metric")
    settings = Settings()
    assert settings.max_replans == 4
    assert settings.plugins == ["a_module"]
    assert settings.units == "metric"


def test_api_keys_are_comma_separated_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_API_KEYS", "k1, k2")
    settings = Settings()
    assert [k.get_secret_value() for k in settings.api_keys] == ["k1", "k2"]
    assert "k1" not in repr(settings)


def test_openai_variables_are_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:11434/v1")
    settings = Settings()
    assert settings.openai_api_key is not None
    assert settings.openai_api_key.get_secret_value() == "sk-test"
    assert settings.openai_base_url == "http://localhost:11434/v1"


def test_invalid_values_name_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AGENT_SYSTEM_MAX_REPLANS", "-1")
    with pytest.raises(ValidationError, match="max_replans"):
        Settings()


def test_settings_are_frozen() -> None:
    settings = Settings()
    with pytest.raises(ValidationError):
        settings.max_replans = 3  # type: ignore[misc]


def test_postgres_urls_switch_the_backend() -> None:
    assert Settings(database_url="postgresql://u:p@h/db").uses_postgres
    assert not Settings().uses_postgres
