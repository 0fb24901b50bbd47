"""Answers to the calendar's own questions: "Which event should I delete?" ... "the lunch"."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["WHICH_TO_CHANGE", "WHICH_TO_DELETE", "which_event_answered"]

WHICH_TO_DELETE = "Which event should I delete?"
WHICH_TO_CHANGE = "Which event should I change?"
_PRONOUN = re.compile(r"\b(?:that\s+one|this\s+one|the\s+event|it|that|this)\b", re.IGNORECASE)
_EVENT_ANSWER = re.compile(
    r"(?!(?:what|when|where|who|how|why|is|are|do|does|can|could|will|would|set|add|turn|play|"
    r"cancel|delete|remove|stop|never\s+mind|nothing|none|no|nope|forget|neither|all|both)\b)"
    r"(?:(?:the|my|our)\s+)?[a-z0-9][\w' :]{1,50}",
    re.IGNORECASE,
)


def which_event_answered(text: str, history: list[Any]) -> str | None:
    """The request the answer `text` completes, or None.

    When the turn before asked which event to delete or change: "cancel it" ... "Which event
    should I delete?" ... "the lunch" -> "cancel the lunch". A question, a new command or a "no"
    is no answer.
    """
    if not history:
        return None
    last = history[-1]
    if (
        last.role != "calendar"
        or last.calls
        or last.reply.strip()
        not in (
            WHICH_TO_DELETE,
            WHICH_TO_CHANGE,
        )
    ):
        return None
    answer = re.sub(r"^(?:um|uh|oh|well|ok|okay)\s+|[\s.!]+$", "", text.strip(), flags=re.I)
    if len(answer.split()) > 6 or not _EVENT_ANSWER.fullmatch(answer):
        return None
    asked = str(last.text)
    if _PRONOUN.search(asked):
        return _PRONOUN.sub(answer, asked, count=1)
    return f"delete {answer}" if last.reply.strip() == WHICH_TO_DELETE else None
