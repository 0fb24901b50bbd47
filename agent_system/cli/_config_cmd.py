"""``agent-system config show`` (settings, secrets masked), ``config init``, ``config set``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from agent_system.cli._common import echo_json, guarded, load_settings, make_console

__all__ = ["config_app", "masked_settings", "render_config_template"]

config_app = typer.Typer(help="Show or create the configuration.", no_args_is_help=True)

MASK = "********"


def masked_settings(settings: Any) -> dict[str, Any]:
    """The settings as JSON-ready values, with every secret replaced by a mask."""
    from pydantic import SecretStr

    values: dict[str, Any] = {}
    for name in type(settings).model_fields:
        value = getattr(settings, name)
        if isinstance(value, SecretStr):
            values[name] = MASK
        elif isinstance(value, list) and any(isinstance(v, SecretStr) for v in value):
            values[name] = [MASK for _ in value]
        else:
            values[name] = json.loads(json.dumps(value, default=str))
    return values


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str | Path):
        return json.dumps(str(value), ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        inner = ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    return json.dumps(str(value))


def render_config_template() -> str:
    """A TOML file listing every setting, commented out at its default, with its meaning.

    Uncomment a line to change a setting. Environment variables still win over the file.
    """
    from agent_system.config import Settings

    lines = [
        "# agent-system configuration.",
        "# Every setting is listed at its default, commented out: uncomment a line to change it.",
        "# Priority: keyword arguments > AGENT_SYSTEM_* environment variables > .env > this file.",
        "# Keep secrets (API keys, tokens) in the environment rather than in this file.",
        "",
    ]
    for name, field in Settings.model_fields.items():
        env = f"AGENT_SYSTEM_{name.upper()}"
        if field.description:
            lines.append(f"# {field.description}")
        lines.append(f"# (environment: {env})")
        if field.annotation is not None and "SecretStr" in str(field.annotation):
            lines.append(f'# {name} = "..."   # a secret: prefer the environment variable')
        else:
            default = field.get_default(call_default_factory=True, validated_data={})
            if default is None:
                lines.append(f"# {name} =   # unset by default")
            else:
                lines.append(f"# {name} = {_toml_value(default)}")
        lines.append("")
    return "\n".join(lines)


@config_app.command("show")
def show(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Print the effective settings (environment, .env and config file merged), secrets masked.

    Example: agent-system config show --json
    """
    from agent_system.config import config_path

    with guarded():
        settings = load_settings()
        values = masked_settings(settings)
        if as_json:
            echo_json(values)
            return
        out = make_console()
        path = config_path()
        state = "exists" if path.exists() else "not created; run `agent-system config init`"
        out.print(f"config file: {path} ({state})", markup=False, soft_wrap=True)
        from rich.table import Table
        from rich.text import Text

        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
        table.add_column("setting")
        table.add_column("value", overflow="fold")
        for name, value in values.items():
            shown = value if isinstance(value, str) else json.dumps(value)
            table.add_row(Text(name), Text("" if value is None else shown))
        out.print(table)


@config_app.command("init")
def init(
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")] = False,
    path: Annotated[
        Path | None,
        typer.Option("--path", help="Where to write it (default: the config path)."),
    ] = None,
) -> None:
    """Write a commented TOML config file listing every setting at its default.

    Example: agent-system config init --path ./config.toml
    """
    from agent_system.config import config_path
    from agent_system.errors import ConfigurationError

    with guarded():
        target = path or config_path()
        if target.exists() and not force:
            raise ConfigurationError(
                f"{target} already exists; use --force to overwrite it, or edit it."
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(render_config_template(), encoding="utf-8")
        make_console().print(f"Wrote {target}", markup=False, soft_wrap=True)


@config_app.command("set")
def set_value(
    key: Annotated[str, typer.Argument(help="Setting name, e.g. location, units, clock.")],
    value: Annotated[str, typer.Argument(help='New value, e.g. "Paris" or "48.85,2.35".')],
) -> None:
    """Set one setting in the config file, after checking its value.

    Example: agent-system config set location "Paris"
    """
    from pydantic import ValidationError

    from agent_system.config import Settings, config_path
    from agent_system.errors import ConfigurationError

    with guarded():
        field = _field(key)
        if "SecretStr" in str(field.annotation):
            raise ConfigurationError(
                f"{key!r} is a secret: set AGENT_SYSTEM_{key.upper()} in the environment instead "
                "of writing it to the config file."
            )
        parsed: Any = value
        if not isinstance(field.get_default(call_default_factory=True, validated_data={}), str):
            try:
                parsed = json.loads(value)
            except ValueError:
                parsed = value
        try:
            checked = getattr(Settings(**{key: parsed}), key)
        except ValidationError as exc:
            problem = exc.errors()[0]["msg"].removeprefix("Value error, ")
            raise ConfigurationError(f"Cannot set {key} to {value!r}: {problem}.") from None
        path = config_path()
        if checked is None:  # `config set location ""`: TOML has no null, so the line goes
            _unset(key)
            return
        line = f"{key} = {_toml_value(checked)}"
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_setting(path, key, line)
        make_console().print(f"{line}  ({path})", markup=False, soft_wrap=True)


@config_app.command("unset")
def unset_value(
    key: Annotated[str, typer.Argument(help="Setting name, e.g. location.")],
) -> None:
    """Remove one setting from the config file, so its default applies again.

    Example: agent-system config unset location
    """

    with guarded():
        _field(key)
        _unset(key)


def _field(key: str) -> Any:
    """The setting's field, or one plain error naming how to list them."""
    from agent_system.config import Settings
    from agent_system.errors import ConfigurationError

    field = Settings.model_fields.get(key)
    if field is None:
        raise ConfigurationError(f"Unknown setting {key!r}; `agent-system config show` lists them.")
    return field


def _unset(key: str) -> None:
    """Comment out the key's line in the config file and say what applies now."""
    import re

    from agent_system.config import Settings, config_path

    path = config_path()
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    active = re.compile(rf"^\s*{re.escape(key)}\s*=")
    found = [i for i, text in enumerate(lines) if active.match(text)]
    default = Settings.model_fields[key].get_default(call_default_factory=True, validated_data={})
    shown = "not set" if default is None or default == "" else f"{_toml_value(default)} (default)"
    if not found:
        make_console().print(f"{key} was not in {path}; it is {shown}.", markup=False)
        return
    for index in found:
        lines[index] = "# " + lines[index].lstrip()
    _save(path, lines)
    make_console().print(f"Removed {key} from {path}; it is {shown} now.", markup=False)


def _write_setting(path: Path, key: str, line: str) -> None:
    """Replace the key's line (set, else commented out), or append it; atomically."""
    import re

    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    active = re.compile(rf"^\s*{re.escape(key)}\s*=")
    commented = re.compile(rf"^\s*#\s*{re.escape(key)}\s*=")
    index = next((i for i, text in enumerate(lines) if active.match(text)), None)
    if index is None:
        index = next((i for i, text in enumerate(lines) if commented.match(text)), None)
    if index is None:
        lines.append(line)
    else:
        lines[index] = line
    _save(path, lines)


def _save(path: Path, lines: list[str]) -> None:
    """Write the config file's lines atomically (a temporary file, then a rename)."""
    temporary = path.with_suffix(".toml.tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    temporary.replace(path)
