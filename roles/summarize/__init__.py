"""The summarize role: "summarize: <text>", "tl;dr <text>", "give me the key points of ..."."""

from __future__ import annotations

from roles.summarize.role import ROLE, SummarizeRole

__all__ = ["ROLE", "SummarizeRole"]
