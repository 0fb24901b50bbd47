"""Search role: local documents (BM25, persisted index) and the web through SearxNG."""

from __future__ import annotations

from roles.search.backend import Hit, SearchBackend, SearxNG
from roles.search.local import LocalSearch
from roles.search.role import ROLE, SearchRole

__all__ = ["ROLE", "Hit", "LocalSearch", "SearchBackend", "SearchRole", "SearxNG"]
