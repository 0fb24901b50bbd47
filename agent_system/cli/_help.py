"""Help text for people: flags show no ``<bool>`` type (typer >= 0.20 prints one for every
option), nor arguments with a metavar (``TEXT``); options taking a value keep theirs."""

from __future__ import annotations

from typing import Any

import typer.core

__all__ = ["install"]

_installed = False


def install() -> None:
    """Hide the type column of flag options in ``--help`` (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    original = typer.core.TyperOption.display_type_rich

    def display_type_rich(self: typer.core.TyperOption, ctx: Any) -> str | None:
        if self.is_flag and not self.count:
            return None
        return original(self, ctx)

    typer.core.TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
    plain = typer.core.TyperArgument.display_type_rich

    def argument_type(self: typer.core.TyperArgument, ctx: Any) -> str | None:
        return None if self.metavar is not None else plain(self, ctx)  # TEXT says it all

    typer.core.TyperArgument.display_type_rich = argument_type  # type: ignore[method-assign,assignment]
