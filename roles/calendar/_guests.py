"""People added to an event: "and invite Ben" after adding one.

Events keep no guest list of their own, so the people join the title the way people write it:
'Yoga' -> 'Yoga with Ben', 'Lunch with sam' -> 'Lunch with sam and Ben', 'Dinner with Jo and
Sam' -> 'Dinner with Jo, Sam and Ben'. Nobody is sent an invitation.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding._format import said_together
from roles.calendar._shapes import EVENT

__all__ = ["INVITE_TO", "people_said", "with_guests"]

INVITE_TO = lazy_pattern(
    r"^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?invite\s+(?!(?:me|us|them|it)\b)"
    r"[\w' ,]+?\s+(?:over\s+)?(?:to|for)\s+(?:(?:a|an|my|the|our|\w+'s)\s+)?(?:[\w']+\s+){0,2}?"
    rf"{EVENT}\b"
)
"""An event said by whom it is with: "invite my parents to the bbq on saturday at 4"."""
_SEPARATOR = lazy_pattern(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*", re.IGNORECASE)
_WITH = lazy_pattern(r"\s+with\s+(?P<who>.+)$", re.IGNORECASE)


def people_said(said: str) -> list[str]:
    """The people in "ben, sara and my mom" as names: ["Ben", "Sara", "my mom"]."""
    names = [n.strip(" .!?") for n in _SEPARATOR.split(said) if n.strip(" .!?")]
    return [n if n.startswith("my ") else n.title() for n in names]


def _already(title: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b", title, re.IGNORECASE) is not None


def with_guests(title: str, people: list[str]) -> tuple[str, list[str]]:
    """`title` with `people` added after "with", and the people who were not in it already."""
    new = [p for p in people if not _already(title, p)]
    if not new:
        return title, []
    found = _WITH.search(title)
    if found is None:
        return f"{title} with {_joined(new)}", new
    who = [n.strip() for n in _SEPARATOR.split(found["who"]) if n.strip()]
    return f"{title[: found.start()]} with {_joined(who + new)}", new


def _joined(names: list[str]) -> str:
    return said_together(names)
