"""The notify role: "notify me at 5pm to leave", "send me a notification saying ..."."""

from __future__ import annotations

from roles.notify.role import ROLE, NotifyRole

__all__ = ["ROLE", "NotifyRole"]
