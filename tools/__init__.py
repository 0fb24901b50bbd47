"""Core tools any plan may use: memory, notification, summarization, planning."""

from __future__ import annotations

from tools.memory import forget, list_memories, recall, remember
from tools.notification import (
    DeliveryReport,
    NotificationHub,
    NotificationMessage,
    handle_intent,
    hub_for,
    send,
)
from tools.planning import create_execution_plan, replan
from tools.summarization import extractive_summary, summarize

__all__ = [
    "DeliveryReport",
    "NotificationHub",
    "NotificationMessage",
    "create_execution_plan",
    "extractive_summary",
    "forget",
    "handle_intent",
    "hub_for",
    "list_memories",
    "recall",
    "remember",
    "replan",
    "send",
    "summarize",
]
