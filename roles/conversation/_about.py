"""Questions about the assistant itself, and thanks, said whole the everyday way.

Its name ("what should i call you", "how do i address you", "do you have a name"), its age
("how old did you just turn", "what age are you", "how long have you been around"), who made it
("who is responsible for creating you"), whether it is a person ("am i speaking to a
machine"), what it can do ("what sort of requests do you handle", "list your features"), who
it works for ("who do you take orders from", "who
do you answer to", "who is in charge of you"), where it is from ("where would you call home",
"what is your hometown"), and thanks said at length ("let me thank you", "i owe you one", "much
obliged"). Only the whole message counts (a lead such as "hey", "tell me" or "may i ask" and a
trailing "please" aside): "what should i call the new list" and "who do you answer to in an
emergency, call 911" are not about the assistant.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding import normalize

__all__ = ["ABOUT", "about_me"]

_LEAD = (
    r"^(?:(?:hey|hi|so|and|ok|okay|well|olly|alexa|just|actually|out\s+of\s+curiosity|by\s+the\s+way"
    r"|tell\s+me|can\s+you\s+tell\s+me|could\s+you\s+tell\s+me|may\s+i\s+ask|can\s+i\s+ask"
    r"|i\s+(?:want|would\s+like)\s+to\s+know|i\s+was\s+wondering|i\s+wonder|do\s+you\s+mind\s+"
    r"telling\s+me)[\s,]+)*"
)
_TAIL = r"(?:[\s,]+(?:olly|alexa|please|then|anyway|by\s+the\s+way|exactly|again|now))*[\s?!.]*$"
_ABOUT: tuple[tuple[str, str], ...] = (
    (
        "employer",
        r"who\s+(?:(?:do|did)\s+)?you\s+(?:take\s+(?:your\s+)?orders\s+from|answer\s+to|report\s+to"
        r"|work\s+for|serve|belong\s+to|obey|listen\s+to)"
        r"|who\s+(?:are\s+you|you\s+are)\s+(?:working|employed)\s+(?:for|by)"
        r"|who\s+(?:is|are)\s+(?:in\s+charge\s+of\s+you|your\s+(?:boss|bosses|owner|owners"
        r"|employer|master|manager|supervisor))|who\s+(?:owns|employs|controls|runs)\s+you"
        r"|who\s+(?:gives|give)\s+you\s+(?:your\s+)?orders|whose\s+(?:orders|commands)\s+do\s+you"
        r"\s+(?:take|follow)|(?:do\s+you\s+)?(?:have\s+a|got\s+a)\s+boss",
    ),
    (
        "maker",
        r"who\s+(?:is|was|are|were)\s+(?:responsible\s+for\s+)?(?:making|creating|building"
        r"|designing|programming|developing|coding)\s+you|(?:which|what)\s+company\s+"
        r"(?:made|built|created|developed|makes)\s+you|who\s+(?:came\s+up\s+with|thought\s+up"
        r"|dreamed\s+up)\s+you|who\s+(?:is|are)\s+your\s+(?:creators?|makers?|developers?"
        r"|programmers?|inventors?|designers?|parents?)|who\s+(?:made|built|created|programmed"
        r"|designed|invented|developed|wrote|coded)\s+you",
    ),
    (
        "name",
        r"(?:what|how)\s+(?:can|should|do|may|must|could|shall)\s+i\s+(?:call|address|name|refer"
        r"\s+to)\s+you(?:\s+as)?|what\s+(?:do|should)\s+(?:people|they|others|we|i)\s+call\s+you"
        r"|what\s+(?:are|were)\s+you\s+(?:called|named)|what\s+name\s+(?:do\s+)?you\s+(?:go\s+by|use"
        r"|have|prefer)|what\s+(?:do\s+)?you\s+go\s+by|do\s+you\s+have\s+a\s+name|have\s+you\s+got\s+a"
        r"\s+name|what\s+is\s+your\s+(?:name|nickname)|your\s+name|(?:i\s+would\s+like\s+to\s+"
        r"know|i\s+want\s+to\s+know)\s+your\s+name|who\s+am\s+i\s+(?:talking|speaking|chatting)"
        r"\s+(?:to|with)|what\s+is\s+your\s+name\s+again|(?:and\s+)?name(?=[\s,]+please)",
    ),
    (
        "age",
        r"how\s+old(?=[\s?!.]*$)|how\s+old\s+(?:are\s+you|you\s+are|did\s+you\s+(?:just\s+)?turn|will\s+you\s+be"
        r"|are\s+you\s+now|are\s+you\s+turning)|what\s+(?:age\s+are\s+you|is\s+your\s+age)"
        r"|how\s+long\s+have\s+you\s+been\s+(?:around|alive|running|in\s+existence|on\s+"
        r"(?:the\s+market|earth))|when\s+(?:were\s+you|was\s+you)\s+(?:born|made|created|built"
        r"|released|launched)|when\s+is\s+your\s+birthday|are\s+you\s+(?:old|young)",
    ),
    (
        "origin",
        r"where\s+(?:are\s+you\s+from|do\s+you\s+come\s+from|do\s+you\s+live|were\s+you\s+"
        r"(?:born|made|built|created|raised)|is\s+your\s+home(?:town)?|would\s+you\s+call\s+home"
        r"|do\s+you\s+call\s+home|is\s+home\s+for\s+you|did\s+you\s+grow\s+up)"
        r"|what\s+is\s+your\s+(?:home\s*town|home|country|place\s+of\s+(?:birth|origin))"
        r"|what\s+(?:country|city|place)\s+(?:are\s+you\s+from|do\s+you\s+come\s+from"
        r"|do\s+you\s+call\s+home)",
    ),
    (
        "bot",
        r"(?:am\s+i|are\s+we)\s+(?:talking|speaking|chatting|texting)\s+(?:to|with)\s+(?:a\s+|an\s+)?"
        r"(?:real\s+)?(?:bot|robot|machine|computer|program|ai|human|person|software)"
        r"|is\s+this\s+(?:a\s+|an\s+)?(?:chat\s*bot|bot|robot|machine|computer|program|ai|recording"
        r"|real\s+person|real\s+human|human|person)"
        r"|is\s+(?:this|there)\s+(?:a\s+)?(?:real\s+)?(?:person|human)\s+(?:or\s+a\s+(?:bot|machine"
        r"|computer|program)|on\s+the\s+other\s+end)|are\s+you\s+(?:a\s+|an\s+)?(?:real\s+|actual\s+"
        r"|living\s+)?(?:bot|robot|machine|computer|program|ai|human|person|software)(?:\s+or\s+"
        r"(?:a\s+|an\s+)?(?:real\s+)?(?:bot|robot|machine|computer|program|ai|human|person))?",
    ),
    (
        "capabilities",
        r"what\s+(?:sort|kind|type)s?\s+of\s+(?:things|requests|questions|stuff|tasks|commands)\s+"
        r"(?:can|do)\s+you\s+(?:do|handle|help\s+with|answer|take|understand)"
        r"|(?:list|name|show\s+me)\s+(?:your|all\s+your)\s+(?:features|skills|abilities"
        r"|capabilities|functions)|what\s+(?:features|skills|functions)\s+do\s+you\s+have"
        r"|what\s+(?:are\s+you|you\s+are)\s+(?:capable\s+of|good\s+at|able\s+to\s+do)",
    ),
    (
        "thanks",
        r"(?:let\s+me|i\s+(?:want|wanted|would\s+like|just\s+want(?:ed)?)\s+to|i\s+must|i\s+have"
        r"\s+to|i\s+need\s+to)\s+(?:thank\s+you|say\s+thank(?:s|\s+you))(?:\s+(?:so\s+much|a\s+lot"
        r"|for\s+(?:that|this|your\s+help|the\s+help|everything|helping(?:\s+me)?)))*"
        r"|i\s+owe\s+you(?:\s+(?:one|a\s+lot|big(?:\s+time)?|thanks))?|much\s+(?:appreciated"
        r"|obliged)|(?:i\s+am\s+)?(?:very\s+|so\s+|really\s+)?(?:grateful|thankful|obliged)"
        r"(?:\s+(?:to\s+you|for\s+(?:that|this|your\s+help|the\s+help)))?"
        r"|i\s+(?:really\s+)?appreciate\s+(?:it|that|this|you|your\s+help|the\s+help)"
        r"|(?:many|a\s+thousand|big)\s+thanks|thanks\s+a\s+(?:lot|bunch|million|ton|heap)"
        r"|(?:(?:ok|okay|great|cool|awesome|perfect|nice)[\s,]+)?(?:thanks|thank\s+you|cheers|ty|thx)"
        r"(?:\s+(?:so\s+much|very\s+much|a\s+lot))?\s+for\s+(?:the|that|this|all\s+the|your)\s+"
        r"(?:info|information|help|tip|tips|answer|update|heads\s+up|advice|details|reminder|fact"
        r"|facts|explanation)",
    ),
)
_WORDS = lazy_pattern(
    r"you|thank|appreciat|oblig|grateful|\bname\b|\bhow\s+old\b"
    r"|\b(?:person|human|machine|bot|chatbot|robot|computer)\b"
)
"""A word every message here holds ("you", "your", "thanks"...)."""
ABOUT = {kind: lazy_pattern(rf"{_LEAD}(?:{said}){_TAIL}") for kind, said in _ABOUT}
"""Each kind of question about the assistant (or thanks), as a whole message."""


def about_me(text: str) -> str | None:
    """The kind of question about the assistant `text` is, said whole, or None.

    "employer", "maker", "name", "age", "origin", "bot", "capabilities" or "thanks".
    """
    if text.count(" ") > 16 or _WORDS.search(text.lower()) is None:  # most requests: no more
        return None
    said = " ".join(re.sub(r"[^\w\s'?!.,]", " ", normalize(text)).split())
    typed = re.sub(r"[^\w\s'?!.,]", " ", text.lower())
    typed = " ".join(re.sub(r"(\w)'s\b", r"\1 is", typed).replace("i'd ", "i would ").split())
    for reading in dict.fromkeys((said, typed)):  # normalizing drops "thank you": read as typed
        if (kind := next((k for k, p in ABOUT.items() if p.match(reading)), None)) is not None:
            return kind
    return None
