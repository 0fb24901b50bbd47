"""The `agent-system` command."""

from __future__ import annotations

import sys

__all__ = ["main"]


def version_line() -> str:
    """``agent-system <version>``, from the installed distribution."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("agent-system")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        number = "unknown"
    return f"agent-system {number}"


def main() -> None:
    """Entry point of the `agent-system` command."""
    if sys.argv[1:] == ["--version"]:  # answered before the command tree is built
        sys.stdout.write(version_line() + "\n")
        return
    from agent_system.cli._app import app

    app()
