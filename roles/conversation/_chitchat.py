"""Chit-chat said whole: how the assistant's day is, seeing each other again, its feelings.

"how's your day going", "how is everything", "what's new", "what are you up to", "long time no
see" (how the assistant is); "good to see you", "nice seeing you again" (seen again); "i'm back",
"it's me again" (back); "are you happy", "did you miss me", "do you love me", "are you ok" (its
feelings); "can we talk", "i need someone to talk to" (a chat); "you rock", "that was helpful",
"are you smart" (praise). Only the whole message counts: "how is the traffic going", "what's new
in the news" and "i'm back home at 6, remind me" are not chit-chat.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

__all__ = ["CHITCHAT", "chitchat_kind"]

_LEAD = r"^(?:(?:hey|hi|hello|so|and|well|oh|olly|alexa|buddy|mate)[\s,!]+)*"
_TAIL = (
    r"(?:[\s,]+(?:olly|alexa|buddy|mate|my\s+friend|friend|then|today|so\s+far|lately|again"
    r"|these\s+days))*[\s?!.]*$"
)
_KINDS: tuple[tuple[str, str], ...] = (
    (
        "how_are_you",
        r"how\s+(?:is|has|was)\s+(?:your|ur)\s+(?:day|morning|evening|afternoon|night|week|weekend)"
        r"(?:\s+(?:going|been|treating\s+you))?|how\s+(?:is|are)\s+(?:everything|things|life)"
        r"(?:\s+(?:going|with\s+you))?|how\s+(?:is\s+it|are\s+you)\s+(?:going|doing|holding\s+up)"
        r"|what\s+is\s+(?:new|up\s+with\s+you|happening|going\s+on\s+with\s+you)"
        r"|what\s+(?:are\s+you|have\s+you\s+been)\s+(?:up\s+to|doing)|long\s+time\s+no\s+(?:see|talk)"
        r"|how\s+do\s+you\s+do|how\s+are\s+you\s+feeling|are\s+you\s+(?:ok|okay|alright|all\s+right"
        r"|doing\s+(?:ok|okay|well|good))|you\s+(?:ok|okay|alright|good)",
    ),
    (
        "seen",
        r"(?:(?:it\s+is|it\s+was|so|very|really)\s+)*(?:nice|good|great|lovely|glad|pleased|happy)"
        r"\s+to\s+(?:see|hear\s+from|talk\s+to)\s+you(?:\s+again)?|(?:nice|good|great|lovely)\s+"
        r"(?:seeing|hearing\s+from)\s+you(?:\s+again)?",
    ),
    (
        "back",
        r"i\s+am\s+back(?:\s+again)?|i\s+have\s+returned|(?:it\s+is\s+)?me\s+again|guess\s+who"
        r"(?:\s+is)?\s+back|miss\s+me",
    ),
    (
        "their_feelings",
        r"are\s+you\s+(?:happy|sad|lonely|bored|angry|mad|tired|in\s+a\s+good\s+mood)"
        r"|do\s+you\s+(?:love|like|hate)\s+me|did\s+you\s+miss\s+me|do\s+you\s+(?:ever\s+)?get"
        r"\s+(?:lonely|sad|angry|happy)|how\s+do\s+you\s+feel(?:\s+about\s+me)?",
    ),
    (
        "chat",
        r"(?:can|could|shall)\s+we\s+(?:talk|chat)(?:\s+for\s+a\s+(?:bit|while|minute))?"
        r"|i\s+(?:need|want)\s+(?:someone|somebody)\s+to\s+talk\s+to|(?:talk|chat)\s+to\s+me"
        r"|let\s+us\s+(?:talk|chat|have\s+a\s+chat)|i\s+(?:just\s+)?want\s+to\s+(?:talk|chat)",
    ),
    (
        "praise",
        r"you\s+rock|you\s+are\s+(?:so\s+|really\s+|very\s+|pretty\s+)?(?:smart|kind|sweet|nice"
        r"|clever|cool|the\s+best|amazing|a\s+lifesaver)|(?:that|this)\s+(?:was|is)\s+(?:very\s+"
        r"|really\s+|so\s+|super\s+)?(?:helpful|useful)|you\s+have\s+been\s+(?:very\s+|really\s+"
        r"|so\s+|a\s+(?:big|great)\s+)?(?:helpful|help)|you\s+are\s+(?:a\s+)?(?:good|great)\s+"
        r"(?:bot|assistant|helper)",
    ),
    (
        "smart",
        r"are\s+you\s+(?:smart|clever|intelligent|any\s+good|good\s+at\s+(?:this|your\s+job))",
    ),
)
CHITCHAT = {kind: lazy_pattern(rf"{_LEAD}(?:{said}){_TAIL}") for kind, said in _KINDS}
"""Each kind of chit-chat, as a whole message."""


def chitchat_kind(text: str) -> str | None:
    """The kind of chit-chat `text` is, said whole, or None."""
    if text.count(" ") > 12:
        return None
    said = " ".join(re.sub(r"[^\w\s'?!.,]", " ", normalize(text)).split())
    return next((kind for kind, pattern in CHITCHAT.items() if pattern.match(said)), None)
