"""A small TTL cache for results of idempotent tools, bounded in size (least recently used out)."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from agent_system.runtime import Clock, SystemClock

__all__ = ["ResultCache", "cache_key"]


def cache_key(tool: str, arguments: dict[str, Any], *, user: str | None = None) -> str:
    """A stable key for one call: tool name, caller and canonical JSON of the arguments.

    The caller is part of the key so one user's cached data is never served to another.
    """
    canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:32]
    return f"{tool}|{user or ''}|{digest}"


class ResultCache:
    """Values by key, each with its own time to live; at most `max_entries` are kept."""

    def __init__(self, clock: Clock | None = None, *, max_entries: int = 1024) -> None:
        if max_entries < 1:
            raise ValueError(f"max_entries must be at least 1, got {max_entries}")
        self.clock: Clock = clock or SystemClock()
        self.max_entries = max_entries
        self._entries: OrderedDict[str, tuple[float, Any]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, key: str, default: Any = None) -> Any:
        """The live value for `key`, or `default` (expired entries are dropped)."""
        entry = self._entries.get(key)
        if entry is None:
            self.misses += 1
            return default
        expires, value = entry
        if self.clock.monotonic() >= expires:
            del self._entries[key]
            self.misses += 1
            return default
        self._entries.move_to_end(key)
        self.hits += 1
        return value

    def put(self, key: str, value: Any, ttl_s: float) -> None:
        """Store `value` for `ttl_s` seconds (nothing is stored when `ttl_s` <= 0)."""
        if ttl_s <= 0:
            return
        self._entries[key] = (self.clock.monotonic() + ttl_s, value)
        self._entries.move_to_end(key)
        while len(self._entries) > self.max_entries:
            self._entries.popitem(last=False)

    def invalidate(self, key: str) -> None:
        """Forget one key."""
        self._entries.pop(key, None)

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str) or key not in self._entries:
            return False
        return self.clock.monotonic() < self._entries[key][0]
