"""The timer role: countdown timers, alarms and reminders, and the service that fires them."""

from __future__ import annotations

from roles.timer.role import ROLE, TimerRole
from roles.timer.service import FiredTimer, TimerService
from roles.timer.store import Timer, TimerStore

__all__ = ["ROLE", "FiredTimer", "Timer", "TimerRole", "TimerService", "TimerStore"]
