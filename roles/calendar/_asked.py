"""Answers to the calendar's own questions: "Which event should I delete?" ... "the lunch"."""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern

__all__ = [
    "NAME_IT",
    "SOMETHING",
    "WHAT_AND_WHEN",
    "WHICH_TO_CHANGE",
    "WHICH_TO_DELETE",
    "event_answered",
    "title_answered",
    "which_event_answered",
]

NAME_IT = "What should I call the event?"
WHAT_AND_WHEN = "What's the event, and when is it?"
SOMETHING = lazy_pattern(
    r"^(?P<head>.*?\badd)\s+(?:something|an?\s+(?:new\s+)?(?:calendar\s+)?(?:event|entry))"
    r"(?:\s+(?:to|in|on|into)\s+(?:my|the)\s+(?:calendar|diary|agenda|schedule))?\s+(?=\S)",
    re.IGNORECASE,
)
"""An add that named nothing yet, joined to the answer: "i want to add something to my calendar
... yoga friday at 6" is "i want to add yoga friday at 6"."""
WHICH_TO_DELETE = "Which event should I delete?"
WHICH_TO_CHANGE = "Which event should I change?"
_PRONOUN = lazy_pattern(r"\b(?:that\s+one|this\s+one|the\s+event|it|that|this)\b", re.IGNORECASE)
_EVENT_ANSWER = lazy_pattern(
    r"(?!(?:what|when|where|who|how|why|is|are|do|does|can|could|will|would|set|add|turn|play|"
    r"cancel|delete|remove|stop|never\s+mind|nothing|none|no|nope|forget|neither|all|both)\b)"
    r"(?:(?:the|my|our)\s+)?[a-z0-9][\w' :]{1,50}",
    re.IGNORECASE,
)


def _answer(text: str) -> str | None:
    """`text` as the short answer to a calendar question ("the lunch", "um team review").

    None for a question, a new command or a "no".
    """
    answer = re.sub(r"^(?:um|uh|oh|well|ok|okay)\s+|[\s.!]+$", "", text.strip(), flags=re.I)
    if len(answer.split()) > 6 or not _EVENT_ANSWER.fullmatch(answer):
        return None
    return answer


def title_answered(text: str, history: list[Any]) -> tuple[str, str] | None:
    """(the request, its title) when `text` answers "What should I call the event?", or None.

    "make a calendar entry for next saturday at ten am" ... "What should I call the event?" ...
    "team review": the entry is "Team review". The request is every turn this role asked about,
    joined ("add an event" ... "friday at 3" ... "the book club").
    """
    if not history or history[-1].reply.strip() != NAME_IT:
        return None
    asked: list[str] = []
    for turn in reversed(history[-3:]):
        if turn.role != "calendar" or turn.calls or not turn.reply.rstrip().endswith("?"):
            break
        asked.insert(0, str(turn.text))
    answer = _answer(text)
    if not asked or answer is None:
        return None
    title = re.sub(r"^(?:(?:the|my|our|a|an)\s+|call\s+it\s+|it's\s+)", "", answer, flags=re.I)
    return " ".join(asked), title[:1].upper() + title[1:]


def event_answered(text: str, history: list[Any]) -> str | None:
    """The request joined to the answer `text`, when the turn before asked what and when.

    "i want to add something to my calendar" ... "What's the event, and when is it?" ... "yoga on
    friday at 6" -> "i want to add something to my calendar yoga on friday at 6" (`SOMETHING`
    reads it as "i want to add yoga ..."). A question, a new command or a "no" is no answer.
    """
    if not history or history[-1].role != "calendar" or history[-1].calls:
        return None
    if history[-1].reply.strip() != WHAT_AND_WHEN or (answer := _answer(text)) is None:
        return None
    asked = re.sub(r"[\s,]+(?:please|thanks|thank\s+you)[\s.!]*$", "", str(history[-1].text))
    return f"{asked} {answer}"


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
    answer = _answer(text)
    if answer is None:
        return None
    asked = str(last.text)
    if _PRONOUN.search(asked):
        return _PRONOUN.sub(answer, asked, count=1)
    return f"delete {answer}" if last.reply.strip() == WHICH_TO_DELETE else None
