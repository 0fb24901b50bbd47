"""Asked to be told when it ends: "notify me when the timer ends".

"let me know when the pasta is done", "will you tell me when my alarm goes off?" too.

Every timer, alarm and reminder already says so when it rings, so the reply says that plainly
for the one meant ("I'll let you know when the 10-minute timer ends.") and changes nothing
(`timer.list` with `notify`).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime

from agent_system._lazy import lazy_pattern
from roles.timer._find import said_name
from roles.timer._words import _ringing
from roles.timer.store import Timer

__all__ = ["notice_reply", "notice_target"]

_NOTICE = lazy_pattern(
    r"^\s*(?:(?:hey|ok|okay|so|and|please|just|also)\s+)*"
    r"(?:(?:can|could|will|would)\s+you\s+(?:please\s+)?|(?:please\s+)?(?:make\s+sure\s+(?:to|you)\s+)?)"
    r"(?:notify|tell|alert|ping|warn|buzz|signal|call|remind|let\s+(?:me|us)\s+know"
    r"|give\s+(?:me|us)\s+a\s+(?:shout|heads\s+up|ring|buzz)|beep|ring)"
    r"(?:\s+(?:me|us))?\s+(?:when(?:ever)?|once|as\s+soon\s+as|the\s+moment)\s+"
    r"(?P<what>.+?)\s+(?:ends?|is\s+(?:done|up|over|finished|complete|through)|(?:has\s+)?finish(?:es|ed)?"
    r"|(?:goes|go|went)\s+off|rings?|runs?\s+out|(?:has\s+)?expired?s?|completes?"
    r"|(?:is\s+)?(?:done|over)|times?\s+out)"
    r"(?:\s+(?:please|thanks|thank\s+you|ok|okay))*\s*[?.!]*\s*$",
    re.IGNORECASE,
)
_SUBJECT = lazy_pattern(
    r"^(?:(?:the|my|our|this|that|your)\s+)?(?:(?P<name>[\w' -]+?)\s*)??"
    r"(?P<kind>\btimers?|\balarms?|\breminders?|\bcountdown)?$",
    re.IGNORECASE,
)


def notice_target(text: str) -> str | None:
    """The `target` of `timer.list` that a request to be told when it ends names, else None.

    "" for "it", "pasta timer", "alarm", or "pasta" (the thread says whether that is a timer).
    """
    said = _NOTICE.match(text)
    if said is None:
        return None
    what = said["what"].strip()
    if what.lower() in ("it", "it's", "its", "that", "this", "time"):  # "when it's done"
        return ""
    subject = _SUBJECT.match(what)
    if subject is None:
        return None
    kind = (subject["kind"] or "").lower().rstrip("s").replace("countdown", "timer")
    name = (subject["name"] or "").strip()
    return " ".join(part for part in (name, kind) if part)


def notice_reply(timers: list[Timer], now: datetime, kinds: Collection[str]) -> str:
    """What is said to "notify me when the timer ends": each one already will."""
    if not timers:
        what = " or ".join(f"{k}s" for k in sorted(kinds)) or "timers, alarms or reminders"
        return f"You have no {what} running."
    if len(timers) == 1:
        return f"I'll let you know when {_ends(timers[0], now)}."
    each = ", ".join(_named(t, now) for t in timers)
    return f"I'll let you know when each one ends: {each}."


def _named(timer: Timer, now: datetime) -> str:
    if timer.kind == "timer":
        name = said_name(timer)
        return name if name.startswith("the ") else f"the {name} timer"
    return f"your {timer.kind} for {_ringing(timer, now)}"


def _ends(timer: Timer, now: datetime) -> str:
    verb = "ends" if timer.kind == "timer" else "goes off" if timer.kind == "alarm" else "is due"
    return f"{_named(timer, now)} {verb}"
