"""Lazy re-exports for package ``__init__`` modules (PEP 562).

A package maps each public name to the module it lives in; the module is imported the first time
the name is read, and the value is then cached in the package. `import agent_system` and the CLI's
start-up (``--version``, shell completion) stay cheap: the LLM client, LangGraph and the router
model load when something uses them, not when a sibling module is imported.

Each package keeps the real imports under ``if TYPE_CHECKING:`` so type checkers and IDEs see the
names; `tests/test_exported_members.py` checks that every name resolves.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from typing import Any

__all__ = ["load"]


def load(package: str, where: Mapping[str, str], name: str) -> Any:
    """The value of `package`.`name`, imported from ``where[name]`` and cached in the package."""
    module = where.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    setattr(sys.modules[package], name, value)
    return value
