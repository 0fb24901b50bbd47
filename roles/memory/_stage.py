"""The memory role's first stage: facts the user asks to keep, and "what do you know about me".

"remember that the spare key is under the mat", "i want you to remember my dentist is Dr Lee",
"save this: the wifi password is tulip77", "my locker is 112, remember that", "what do you know
about me", "list everything you remember". Only statements are claimed: "remember to call the
bank" is a reminder, "what did i want to remember" asks about reminders, and a fact that names a
list, the calendar, an alarm or a time stays with those roles.
"""

from __future__ import annotations

import re
from typing import Any

from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize, split_clauses

__all__ = ["TELL", "TRAILING", "claim", "introduction"]

TELL = re.compile(
    r"^(?:(?:hey|ok|okay|so)[,\s]+)?(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:i\s+(?:want|need|would\s+like)\s+you\s+to\s+)?"
    r"(?:remember|memori[sz]e|keep\s+in\s+mind|don'?t\s+forget|never\s+forget|make\s+a\s+note"
    r"|note\s+down|note|save|store)\s*(?:that|this|the\s+fact\s+that)?\s*:?\s+(?P<fact>.+)$",
    re.IGNORECASE,
)
"""A request to keep a fact: the command, then the fact."""
TRAILING = re.compile(
    r"^(?P<fact>.+?)[\s,.;:-]+(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget"
    r"|memori[sz]e)\s+(?:that|this|it)(?:\s+for\s+me)?(?:\s+please)?$",
    re.IGNORECASE,
)
"""A fact said first, the command after: "my locker is 112, remember that"."""
_STATEMENT = re.compile(
    r"\b(?:is|are|was|were|am|'s|'m|'re|have|has|like|likes|love|loves|hate|hates|prefer|prefers"
    r"|parked|left|put|kept|keep|live|lives|work|works|owe|owes|use|uses|take|takes)\b"
)
_NOT_A_FACT = re.compile(
    r"^(?:to|about|when|what|where|who|how|if|whether)\b"
    r"|\b(?:list|calendar|schedule|alarm|timer|reminder|appointment|meeting|playlist|song|music"
    r"|email|contact|this\s+(?:email|song|music|track))\b"
    r"|\b(?:at|in|on|by|tomorrow|tonight|today)\s+\d|\b(?:tomorrow|tonight|later)\b"
)
_LISTING = re.compile(
    r"^(?:(?:please|so|ok|okay)\s+)?(?:(?:can|could)\s+you\s+)?(?:(?:tell|show)\s+me\s+)?"
    r"(?:what\s+(?:do|did)\s+you\s+(?:know|remember)\s+about\s+me|what\s+have\s+i\s+told\s+you"
    r"(?:\s+about\s+me)?|(?:list|show)\s+(?:me\s+)?(?:all\s+)?(?:my\s+|your\s+|the\s+)?"
    r"(?:memories|remembered\s+facts|facts\s+you\s+(?:know|remember))"
    r"|(?:list\s+|tell\s+me\s+)?everything\s+you\s+(?:know|remember)(?:\s+about\s+me)?"
    r"|what\s+(?:facts\s+)?have\s+you\s+(?:remembered|saved|kept))$"
)


_NAME_SAID = re.compile(
    r"^(?:(?:hi|hello|hey)[,\s]+)?(?:(?:my\s+name\s+is|my\s+name's|i'm\s+called|i\s+am\s+called)\s+"
    r"(?P<name>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)|(?:please\s+)?(?:you\s+(?:can|may)\s+)?call\s+me\s+"
    r"(?P<called>[a-z][a-z'-]*))(?:[,\s]+please)?[.!]?$",
    re.IGNORECASE,
)
"""Introductions: "my name is Ana", "call me Annie" (one word: "call me at six" is an alarm)."""
_NOT_A_NAME = frozenset(
    "a an the at in on by back later now soon tomorrow tonight today when if after before every "
    "up out maybe please sometime anytime asap again mom dad".split()
)
_NAME_ASKED = re.compile(
    r"^(?:(?:hey|so|ok|okay)[,\s]+)?(?:(?:what(?:'s|\s+is)|tell\s+me|say)\s+my\s+name|do\s+you\s+"
    r"(?:know|remember)\s+(?:my\s+name|who\s+i\s+am)|who\s+am\s+i|what\s+(?:do|should)\s+you\s+"
    r"call\s+me)$"
)
_ALL_OF_IT = re.compile(
    r"^(?:please\s+)?(?:forget\s+all\s+of\s+(?:it|that)|(?:forget|delete|erase|wipe|clear)\s+(?:everything(?:\s+you\s+(?:know|remember))?"
    r"(?:\s+about\s+me)?|(?:all\s+)?(?:my|your)\s+(?:memories|memory)|all\s+(?:my|your)\s+memories))$"
)


def introduction(text: str) -> str | None:
    """The fact an introduction says ("my name is ana" -> "My name is Ana"), or None."""
    found = _NAME_SAID.match(" ".join(text.split()).strip())
    if found is None:
        return None
    name = found["name"] or found["called"]
    if any(word.lower() in _NOT_A_NAME for word in name.split()):
        return None
    if name == name.lower():
        name = " ".join(word[:1].upper() + word[1:] for word in name.split())
    return f"My name is {name}"


def _fact(said: str) -> str | None:
    found = TELL.match(said) or TRAILING.match(said)
    if found is None:
        return None
    fact = found["fact"].strip()
    if _NOT_A_FACT.search(fact) or not _STATEMENT.search(fact) or len(fact.split()) < 3:
        return None
    return fact


def claim(request: RouteRequest) -> RouteDecision | None:
    """Claim a fact to keep, or a question about everything kept."""
    said = normalize(request.text)
    whole, slots = False, dict[str, Any]()
    if (named := introduction(request.text)) is not None:
        reason, slots = "The user says their name.", {"fact": named}
    elif _NAME_ASKED.match(said):
        reason, slots = "A question about the user's name.", {"query": "my name"}
    elif _ALL_OF_IT.match(said):
        reason = "A request to forget everything remembered."
    elif _LISTING.match(said) or said in ("what do you know", "what do you remember"):
        reason, slots = "A question about what the user has told the assistant.", {"listing": True}
        reason = "A question about what the user has told the assistant."
    elif _fact(said) is None:
        return None
    elif TRAILING.match(said) and not TELL.match(said):
        reason, whole = "A fact the user asks to be remembered.", True  # "X, remember that"
    elif len(split_clauses(request.text)) == 1:
        reason = "A fact the user asks to be remembered."
    else:
        return None  # "remember that X and set a timer": the compound rules split it
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="memory",
        confidence=0.95,
        slots={"whole": True} if whole else slots,
        reason=reason,
        scores={"memory": 0.95},
    )
