"""Settings, read once at the edge (CLI, server, `AgentSystem.from_env()`) and passed down.

Sources, highest priority first: keyword arguments, environment variables prefixed
``AGENT_SYSTEM_`` (plus ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL``), a ``.env`` file, then the TOML
config file (``AGENT_SYSTEM_CONFIG``, default ``$AGENT_SYSTEM_HOME/config.toml``). The core never
reads ``os.environ`` itself.
"""

from __future__ import annotations

import difflib
import json
import os
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal
from zoneinfo import ZoneInfo

import platformdirs
from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

__all__ = ["Settings", "config_path", "default_home", "unknown_config_keys"]


def default_home() -> Path:
    """The platform's user data directory for agent-system."""
    return platformdirs.user_data_path("agent-system", appauthor=False)


class Settings(BaseSettings):
    """Every knob of agent-system. Frozen: build a new one with `model_copy(update=...)`."""

    model_config = SettingsConfigDict(
        env_prefix="AGENT_SYSTEM_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        frozen=True,
        populate_by_name=True,
    )

    # --- storage -------------------------------------------------------------------------
    home: Path = Field(default_factory=default_home, description="Data directory.")
    database_url: str | None = Field(
        default=None,
        description="None: SQLite file in `home`. A postgresql:// URL switches checkpoints and "
        "the store to PostgreSQL.",
    )

    # --- models --------------------------------------------------------------------------
    model: str = Field(
        default="auto",
        description="'auto' (OpenAI when a key or base URL is set, else embedded), 'embedded', "
        "or 'provider:model' such as 'openai:gpt-4o-mini'.",
    )
    model_weak: str | None = Field(default=None, description="Model for cheap calls (routing).")
    model_strong: str | None = Field(default=None, description="Model for planning/replanning.")
    openai_api_key: SecretStr | None = Field(
        default=None,
        validation_alias=AliasChoices("AGENT_SYSTEM_OPENAI_API_KEY", "OPENAI_API_KEY"),
    )
    openai_base_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("AGENT_SYSTEM_OPENAI_BASE_URL", "OPENAI_BASE_URL"),
    )
    openai_model: str = Field(
        default="gpt-4o-mini",
        validation_alias=AliasChoices("AGENT_SYSTEM_OPENAI_MODEL", "OPENAI_MODEL"),
        description="Model name 'auto' uses (with OPENAI_BASE_URL: the local server's model).",
    )
    llm_structured_output: Literal["auto", "json_schema", "json_mode"] = Field(
        default="auto",
        description="'auto': strict JSON schema, falling back to JSON mode if the server "
        "rejects it; or force one.",
    )
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_max_retries: int = Field(default=3, ge=0, le=10)
    prices: dict[str, tuple[float, float]] = Field(
        default_factory=lambda: {
            "gpt-4o-mini": (0.15, 0.60),
            "gpt-4o": (2.50, 10.00),
            "gpt-4.1-mini": (0.40, 1.60),
            "gpt-4.1": (2.00, 8.00),
        },
        description="USD per million (input, output) tokens, by model name.",
    )

    # --- budgets per request (None = unlimited) ------------------------------------------
    budget_tokens: int | None = Field(default=None, ge=1)
    budget_cost_usd: float | None = Field(default=None, gt=0)
    budget_tool_calls: int | None = Field(default=None, ge=1)

    # --- routing -------------------------------------------------------------------------
    route_fast_threshold: float = Field(default=0.95, ge=0, le=1)
    route_plan_threshold: float = Field(default=0.70, ge=0, le=1)
    offline_second_opinion: bool = Field(
        default=False,
        description="Offline, a one-clause request the router is unsure of gets the candidate "
        "roles' strict reading (measured, off: docs/routing.md).",
    )
    search_when_unsure: bool = Field(
        default=False,
        description="A question the router is unsure of is searched when its classifier ranks "
        "search first (measured, off: docs/routing.md).",
    )
    timezone: str | None = Field(default=None, description="IANA zone; None: the system's.")

    # --- planning and execution ----------------------------------------------------------
    max_replans: int = Field(default=2, ge=0, le=10)
    max_concurrency: int = Field(default=8, ge=1, le=256)
    step_timeout_s: float = Field(default=30.0, gt=0)
    plan_timeout_s: float = Field(default=300.0, gt=0)
    request_timeout_s: float = Field(
        default=60.0,
        gt=0,
        description="Bound on a whole turn (LLM calls and steps); then a reply says what was done.",
    )
    tools_per_plan: int = Field(default=8, ge=1, le=128, description="Tools shown to the planner.")
    stream_plans: bool = Field(
        default=True,
        description="Start each step of an LLM plan as soon as the planner has written it.",
    )
    breaker_failures: int = Field(default=5, ge=1)
    breaker_cooldown_s: float = Field(default=30.0, gt=0)
    tool_results_keep_days: float = Field(
        default=30.0,
        ge=0,
        description="Days the results of tool calls are kept by idempotency key; 0: for ever.",
    )

    # --- plugins -------------------------------------------------------------------------
    plugins: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="Modules or files with tools (comma-separated)."
    )
    function_specs: Annotated[list[Path], NoDecode] = Field(
        default_factory=list,
        description="OpenAI/BFCL-style JSON function spec files (comma-separated).",
    )
    mcp_servers: dict[str, dict[str, Any]] = Field(
        default_factory=dict, description="langchain-mcp-adapters connections by name."
    )
    load_entry_points: bool = True
    roles: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="Extra roles (comma-separated): `pkg.mod` (its ROLE) or `pkg.mod:attr`.",
    )

    # --- roles ---------------------------------------------------------------------------
    weather_url: str = "https://api.open-meteo.com/v1/forecast"
    geocoding_url: str = "https://geocoding-api.open-meteo.com/v1/search"
    units: Literal["metric", "imperial"] = Field(
        default="metric", description="'metric' (°C, km/h) or 'imperial' (°F, mph) in replies."
    )
    location: str | None = Field(
        default=None,
        description="Home location: a place name ('Paris', 'Paris, France') or 'latitude,"
        "longitude'. Weather uses it when no place is named; 'I live in Lyon' overrides it "
        "per user.",
    )
    clock: Literal["24h", "12h"] = Field(default="24h", description="Times in replies.")
    date_order: Literal["dmy", "mdy", "ymd"] = Field(
        default="dmy", description="Dates in replies: 'Fri 9 Jan', 'Fri Jan 9' or 'Fri 2026-01-09'."
    )
    http_timeout_s: float = Field(default=10.0, gt=0)
    smart_home_backend: Literal["simulated", "home_assistant"] = "simulated"
    home_config: Path | None = Field(default=None, description="Simulated home devices (TOML).")
    home_assistant_url: str | None = None
    home_assistant_token: SecretStr | None = None
    search_backend: Literal["local", "searxng"] = "local"
    documents_dir: Path | None = Field(default=None, description="Default: `home`/documents.")
    searxng_url: str | None = None
    webhook_url: str | None = Field(default=None, description="notification.send webhook.")

    # --- server --------------------------------------------------------------------------
    api_keys: Annotated[list[SecretStr], NoDecode] = Field(
        default_factory=list, description="Comma-separated; each key is a user."
    )
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    rate_limit_per_minute: int = Field(default=120, ge=1)
    max_body_bytes: int = Field(default=1_000_000, ge=1024)

    @field_validator("location")
    @classmethod
    def _check_location(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        parts = value.split(",")
        if len(parts) == 2 and all(_is_number(p) for p in parts):
            lat, lon = (float(p) for p in parts)
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise ValueError(
                    f"location {value!r}: latitude must be -90..90 and longitude -180..180"
                )
            return f"{lat},{lon}"
        return " ".join(value.split())

    @field_validator("api_keys", "plugins", "roles", "function_specs", mode="before")
    @classmethod
    def _split_commas(cls, value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):  # a JSON list, as these were written before
                try:
                    return json.loads(text)
                except json.JSONDecodeError:
                    pass
            return [part.strip() for part in text.split(",") if part.strip()]
        return value

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        if value:
            try:
                ZoneInfo(value)
            except (KeyError, ValueError):  # ZoneInfoNotFoundError is a KeyError
                raise ValueError(
                    f"unknown time zone {value!r}; use an IANA name such as 'Europe/Paris'"
                ) from None
        return value

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Add the TOML config file below environment variables."""
        return (
            init_settings,
            env_settings,
            dotenv_settings,
            TomlConfigSettingsSource(settings_cls, toml_file=config_path()),
            file_secret_settings,
        )

    # --- derived ---------------------------------------------------------------------------
    @property
    def sqlite_path(self) -> Path:
        """The SQLite database file used when no PostgreSQL URL is set."""
        return self.home / "agent-system.db"

    @property
    def documents_path(self) -> Path:
        """Folder indexed by the local search backend."""
        return self.documents_dir or self.home / "documents"

    @property
    def uses_postgres(self) -> bool:
        """True when `database_url` points at PostgreSQL."""
        return bool(self.database_url) and str(self.database_url).startswith(
            ("postgresql://", "postgres://")
        )


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def config_path() -> Path:
    """Where the TOML config file is read from (edge function: reads the environment)."""
    explicit = os.environ.get("AGENT_SYSTEM_CONFIG")
    if explicit:
        return Path(explicit).expanduser()
    home = os.environ.get("AGENT_SYSTEM_HOME")
    return (Path(home).expanduser() if home else default_home()) / "config.toml"


def unknown_config_keys(path: Path) -> dict[str, list[str]]:
    """Keys of the TOML file at ``path`` that are no setting, each with the settings it is close
    to (a typo such as ``unitz`` would otherwise be ignored without a word).

    Raises:
        OSError, tomllib.TOMLDecodeError: the file cannot be read or parsed.
    """
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    known = list(Settings.model_fields)
    return {
        key: difflib.get_close_matches(key, known, n=3, cutoff=0.6)
        for key in data
        if key not in Settings.model_fields
    }
