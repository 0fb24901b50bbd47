"""Answers to the calendar's own questions: "Which event should I delete?" ... "the lunch"."""

from __future__ import annotations

import re
from typing import Any

__all__ = [
    "NAME_IT",
    "WHICH_TO_CHANGE",
    "WHICH_TO_DELETE",
    "title_answered",
    "which_event_answered",
]

NAME_IT = "What should I call the event?"
WHICH_TO_DELETE = "Which event should I delete?"
WHICH_TO_CHANGE = "Which event should I change?"
_PRONOUN = re.compile(r"\b(?:that\s+one|this\s+one|the\s+event|it|that|this)\b", re.IGNORECASE)
_EVENT_ANSWER = re.compile(
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
