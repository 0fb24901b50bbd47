"""The notify role: notifications now (``notification.send``) or at a time (a reminder).

"send me a notification saying the oven is hot" sends one now; "notify me at 5pm to leave" and
"alert me in 20 minutes" set a reminder that rings then; "notify me when it rains" needs
something to watch, which works offline only at a time, and the reply says so in one sentence.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.routing.slots import extract_label, parse_duration, parse_when
from agent_system.understanding import split_clauses
from agent_system.understanding._labels import strip_when

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "NotifyRole"]

_SAYING = lazy_pattern(
    r"\b(?:saying|that\s+says|with\s+the\s+(?:message|text)|reading|that)\s*:?\s+(?P<message>.+)$",
    re.IGNORECASE,
)
_WHEN = lazy_pattern(r"\b(?:when|once|as\s+soon\s+as|if)\b", re.IGNORECASE)
_TO = lazy_pattern(r"\b(?:to|about)\s+(?P<what>.+)$", re.IGNORECASE)


_CLAIM = lazy_pattern(
    r"^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:(?:notify|ping)\s+me"
    r"\s+(?:in|at|tomorrow|tonight|on)\b|send\s+(?:me\s+)?(?:a\s+|an\s+)?(?:push\s+)?"
    r"(?:notification|alert)\s+(?:saying|that\s+says|that|reading|with\s+the\s+(?:message|text))\b"
    r"|push\s+(?:a\s+)?notification\b)",
    re.IGNORECASE,
)
"""Requests that name a notification outright ("ping me in 10 minutes", "send a push
notification saying the build is done")."""


_PENDING = lazy_pattern(
    r"^(?:(?:please|so|and|ok|okay)\s+)*(?:(?:can|could)\s+you\s+)?(?:(?:tell|show|give)\s+me"
    r"\s+|show\s+|list\s+|read\s+(?:me\s+)?)?(?:what|which|any|all)?\s*(?:(?:are|is)\s+)?(?:my|the|any)?\s*"
    r"(?:pending|upcoming|scheduled|planned)?\s*notifications?(?:\s+(?:do\s+i\s+have|have\s+i"
    r"\s+(?:got|set)|(?:are|is)\s+(?:set|pending|scheduled|coming(?:\s+up)?)|did\s+i\s+set"
    r"|coming(?:\s+up)?))?(?:\s+(?:set|today|tomorrow|left))?$"
)
"""A question about the notifications to come ("what notifications do i have", "show my
notifications"): the reminders they were kept as."""


def pending_asked(text: str) -> bool:
    """Whether `text` asks which notifications are to come."""
    said = re.sub(r"\s+", " ", re.sub(r"[^\w\s]", " ", text.lower())).strip()
    return " " in said and "notification" in said and _PENDING.match(said) is not None


def claim(request: RouteRequest) -> RouteDecision | None:
    """Claim a notification asked for by name, at a time or now, or the ones to come."""
    if pending_asked(request.text):
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="notify",
            confidence=0.95,
            reason="A question about the notifications to come.",
            scores={"notify": 0.95},
        )
    if not _CLAIM.match(request.text.strip()) or len(split_clauses(request.text)) > 1:
        return None
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="notify",
        confidence=0.95,
        reason="A notification asked for by name.",
        scores={"notify": 0.95},
    )


class NotifyRole:
    """Notifications to the user: now, or at a time."""

    name = "notify"
    description = "Send the user a notification now, or at a time or after a delay."
    tool_role = True
    tool_modules = ("tools.notification",)
    examples = (
        "send me a notification saying the oven is hot",
        "notify me that the laundry is done",
        "send a notification to my phone saying dinner is ready",
        "push a notification that the build finished",
        "notify me at 5pm to leave for the station",
        "notify me in 20 minutes to check the oven",
        "alert me at 6:30 to take my pills",
        "ping me in an hour about the laundry",
        "notify me when it starts raining",
        "let me know when it is 8 pm",
        "send me an alert saying the door is open",
    )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim "ping me in 10 minutes" and "send me a notification saying ..." first."""
        return claim

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """timer.remind for a time, notification.send for now, else say what works."""
        stripped = text.strip().rstrip("?!. ")
        if pending_asked(stripped):  # "what notifications do i have": the reminders to come
            return RoleCall("timer.list", {"kind": "reminder"})
        now = runtime.clock.now()
        moment = parse_when(stripped, now)
        delay = parse_duration(stripped) if moment is None else None
        if delay is not None or (moment is not None and moment.has_time):
            at = now + delay if delay is not None else moment.value if moment else now
            when = at.isoformat()
            if (
                said := _SAYING.search(stripped)
            ) is not None:  # "... at 5pm saying take out the trash"
                message = strip_when(said["message"]).strip(" \"'")
            else:
                found = _TO.search(re.sub(r"\bin\s+\S+\s+\w+", " ", stripped))
                message = (found["what"] if found else extract_label(stripped) or "").strip()
            return RoleCall("timer.remind", {"text": message or "your notification", "when": when})
        if _WHEN.search(stripped) and not _SAYING.search(stripped):
            return Clarification(
                "I can only notify you at a time while offline: say when, e.g. "
                "'notify me at 5pm to leave'.",
                missing=("when",),
            )
        found = _SAYING.search(stripped)
        message = found["message"].strip(" \"'") if found else ""
        if not message:
            return Clarification("What should the notification say?", missing=("title",))
        return RoleCall("notification.send", {"title": message[:1].upper() + message[1:]})


ROLE = NotifyRole()
