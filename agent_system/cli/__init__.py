"""The `agent-system` command."""

from __future__ import annotations

__all__ = ["main"]


def main() -> None:
    """Entry point of the `agent-system` command."""
    from agent_system.cli.app import app

    app()
