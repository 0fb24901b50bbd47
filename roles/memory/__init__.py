"""The memory role: "remember that ...", "when is my sister's birthday?", "forget ..."."""

from __future__ import annotations

from roles.memory.role import ROLE, MemoryRole

__all__ = ["ROLE", "MemoryRole"]
