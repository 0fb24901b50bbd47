"""The weather role's first stage: sunrise and sunset questions.

"when is sunset", "what time does the sun come up tomorrow", "sunrise in Rome on saturday", "when
does it get dark today". The classifier has too few such requests to be sure of them, and the
words name no other role. Only questions are claimed: "turn on the lights at sunset" and "wake me
at sunrise" belong to the home and the alarms.
"""

from __future__ import annotations

import re

from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize, split_clauses

__all__ = ["claim"]

_SUN = re.compile(
    r"\b(?:sun\s?rise|sun\s?set|sun\s?up|sun\s?down|dawn|dusk|(?:first|last)\s+light"
    r"|sun\s+(?:rises?|rising|sets?|setting|comes?\s+up|coming\s+up|goes?\s+down|going\s+down"
    r"|(?:will\s+)?(?:rise|set|come\s+up|go\s+down))|(?:get|gets|getting)\s+(?:dark|light))\b"
)
_ACTION = re.compile(
    r"\b(?:remind|alarm|timer|wake|turn|switch|lights?|lamps?|calendar|schedule|close|open"
    r"|blinds?|curtains?|shades?|add|set|start|stop|play|photos?|pictures?|song|movie|film"
    r"|book|album|tour|cruise|walk|run|dinner|drinks?|party|meet)\b"
)
_QUESTION = re.compile(
    r"^(?:(?:hey|ok|okay|so|and|please|alexa|olly)\s+)*"
    r"(?:(?:can|could)\s+you\s+)?(?:(?:tell|show)\s+me\s+|let\s+me\s+know\s+|i\s+want\s+to\s+know\s+)?"
    r"(?:when|what\s+time|at\s+what\s+time|what\s+is\s+the\s+time\s+of|how\s+long\s+(?:until|till|before)"
    r"|is\s+it|will\s+it|does\s+it|what\s+time\s+is|what\s+is|sun\s?rise|sun\s?set|time\s+of)\b"
)


def claim(request: RouteRequest) -> RouteDecision | None:
    """Claim a question about when the sun rises or sets."""
    said = normalize(request.text)
    if not _SUN.search(said) or _ACTION.search(said) or not _QUESTION.match(said):
        return None
    if len(split_clauses(request.text)) > 1:
        return None  # "when is sunset and set a timer": the compound rules split it
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="weather",
        confidence=0.95,
        reason="A question about sunrise or sunset.",
        scores={"weather": 0.95},
    )
