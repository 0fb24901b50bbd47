"""Reading the settings at the CLI edge, with errors that name where a bad value came from.

A value can come from an environment variable, the ``.env`` file or the TOML config file; the
error names the one that holds it (``AGENT_SYSTEM_MAX_REPLANS='lots'``, ``timezone = ... in
config.toml``) and says how to fix it, in one line.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern

if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic_settings import SettingsError

    from agent_system.config import Settings

__all__ = ["load_settings"]


def load_settings() -> Settings:
    """Read the settings once, at the edge; a bad value becomes a one-line configuration error.

    Raises:
        ConfigurationError: an invalid value (naming its environment variable or config file
            line), an unknown key in the config file, or a config file that does not parse.
    """
    from pydantic import ValidationError
    from pydantic_settings import SettingsError

    from agent_system.config import Settings, config_path, unknown_config_keys
    from agent_system.errors import ConfigurationError

    path = config_path()
    try:
        unknown = unknown_config_keys(path)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigurationError(
            f"The config file {path} is not valid TOML: {exc}. Fix that line."
        ) from exc
    except OSError as exc:
        raise ConfigurationError(
            f"Cannot read the config file {path}: {exc.strerror or exc}."
        ) from exc
    if unknown:
        raise ConfigurationError(_unknown_keys_message(path, unknown))
    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigurationError(_validation_message(exc, path)) from exc
    except SettingsError as exc:
        raise ConfigurationError(_parse_message(exc)) from exc


def _unknown_keys_message(path: Path, unknown: dict[str, list[str]]) -> str:
    parts = []
    for key, close in unknown.items():
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        parts.append(f"{key!r}{hint}")
    noun = "setting" if len(parts) == 1 else "settings"
    return (
        f"Unknown {noun} {', '.join(parts)} in {path}: rename or remove "
        f"{'it' if len(parts) == 1 else 'them'} (`agent-system config init --path FILE` writes "
        "a template listing every setting)."
    )


def _env_names(field: str) -> list[str]:
    from pydantic import AliasChoices

    from agent_system.config import Settings

    info = Settings.model_fields.get(field)
    alias = info.validation_alias if info is not None else None
    if isinstance(alias, AliasChoices):
        return [str(choice) for choice in alias.choices]
    return [f"AGENT_SYSTEM_{field.upper()}"]


def _field_of(loc: tuple[Any, ...]) -> str:
    from agent_system.config import Settings

    first = str(loc[0]) if loc else ""
    if first in Settings.model_fields:
        return first
    for name in Settings.model_fields:
        if first.upper() in (n.upper() for n in _env_names(name)):
            return name
    return first


def _from_environment(field: str) -> str | None:
    present = {name.upper(): name for name in os.environ}
    for name in _env_names(field):
        if name.upper() in present:
            return present[name.upper()]
    return None


def _in_dotenv(field: str) -> str | None:
    dotenv = Path(".env")
    if not dotenv.is_file():
        return None
    try:
        lines = dotenv.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    for name in _env_names(field):
        pattern = re.compile(rf"^\s*(export\s+)?{re.escape(name)}\s*=", re.IGNORECASE)
        if any(pattern.match(line) for line in lines):
            return name
    return None


def _shown(value: Any, secret: bool) -> str:
    return "" if secret else f"={value!r}"


def _validation_message(exc: ValidationError, path: Path) -> str:
    from agent_system.config import Settings

    problems: list[str] = []
    fixes: list[str] = []
    for error in exc.errors():
        field = _field_of(tuple(error["loc"]))
        info = Settings.model_fields.get(field)
        secret = info is not None and "SecretStr" in str(info.annotation)
        message = str(error["msg"]).removeprefix("Value error, ")
        message = message[:1].lower() + message[1:]
        value = error.get("input")
        variable = _from_environment(field)
        dotenv = None if variable else _in_dotenv(field)
        if variable:
            problems.append(f"{variable}{_shown(value, secret)}: {message}")
            fixes.append("fix or unset the environment variable")
        elif dotenv:
            problems.append(f"{dotenv}{_shown(value, secret)} in .env: {message}")
            fixes.append("fix that line of .env")
        elif path.is_file():
            shown = "" if secret else f" = {value!r}"
            problems.append(f"{field}{shown} in {path}: {message}")
            fixes.append("fix that line of the config file")
        else:
            problems.append(f"{field}: {message}")
    fix = "; ".join(dict.fromkeys(fixes)) or "fix the setting"
    return f"{'; '.join(problems)}. {fix[:1].upper()}{fix[1:]}."


_PARSE = lazy_pattern(r'field "(?P<field>[^"]+)" from source "(?P<source>[^"]+)"')


def _parse_message(exc: SettingsError) -> str:
    found = _PARSE.search(str(exc))
    if found is None:
        return f"Invalid settings: {exc}."
    field = found["field"]
    cause = exc.__cause__
    why = f" ({' '.join(str(cause).split())})" if cause else ""
    if found["source"].startswith("DotEnv"):
        where = f"{_in_dotenv(field) or field.upper()} in .env"
    else:
        where = _from_environment(field) or f"AGENT_SYSTEM_{field.upper()}"
    return (
        f"{where} is not valid JSON{why}: write it as JSON, for example "
        f"{_json_example(field)}, or unset it."
    )


def _json_example(field: str) -> str:
    from agent_system.config import Settings

    info = Settings.model_fields.get(field)
    annotation = str(info.annotation) if info is not None else ""
    if annotation.startswith("dict"):
        return "'{\"name\": {...}}'"
    return '\'["a", "b"]\''
