"""The memory role's first stage: facts the user asks to keep, and "what do you know about me".

"remember that the spare key is under the mat", "i want you to remember my dentist is Dr Lee",
"save this: the wifi password is tulip77", "my locker is 112, remember that", "what do you know
about me", "list everything you remember". Only statements are claimed: "remember to call the
bank" is a reminder, "what did i want to remember" asks about reminders, and a fact that names a
list, the calendar, an alarm or a time stays with those roles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize, split_clauses
from roles.lists._forget import forgotten_item
from roles.memory._until import until_thing

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["TELL", "TRAILING", "claim", "introduction"]

TELL = lazy_pattern(
    r"^(?:(?:hey|ok|okay|so)[,\s]+)?(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?"
    r"(?:i\s+(?:want|need|would\s+like)\s+you\s+to\s+)?"
    r"(?:remember|memori[sz]e|keep\s+in\s+mind|don'?t\s+forget|never\s+forget|make\s+a\s+note"
    r"|note\s+down|note|save|store)\s*(?P<that>that|this|the\s+fact\s+that)?\s*:?\s+(?P<fact>.+)$",
    re.IGNORECASE,
)
"""A request to keep a fact: the command, then the fact."""
TRAILING = lazy_pattern(
    r"^(?P<fact>.+?)[\s,.;:-]+(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget"
    r"|memori[sz]e)\s+(?:that|this|it)(?:\s+for\s+me)?(?:\s+please)?$",
    re.IGNORECASE,
)
"""A fact said first, the command after: "my locker is 112, remember that"."""
_STATEMENT = lazy_pattern(
    r"\b(?:is|are|was|were|am|'s|'m|'re|have|has|like|likes|love|loves|hate|hates|prefer|prefers"
    r"|parked|left|put|kept|keep|live|lives|work|works|owe|owes|use|uses|take|takes)\b"
)
_NOT_A_FACT = lazy_pattern(
    r"^(?:to|about|when|what|where|who|how|if|whether)\b"
    r"|\b(?:list|calendar|schedule|alarm|timer|reminder|appointment|meeting|playlist|song|music"
    r"|email|contact|this\s+(?:email|song|music|track))\b"
)
_TIMED = lazy_pattern(
    r"\b(?:at|in|on|by|tomorrow|tonight|today)\s+\d|\b(?:tomorrow|tonight|later)\b"
)
"""A time in a fact: a reminder's or the calendar's unless the user said "remember that"."""
_TASK = lazy_pattern(
    r"\b(?:need|needs|needed|must|should|ought)\b|\b(?:have|has|got)\s+to\b"
    r"|\bout\s+of\b|\brunning\s+(?:low|out)\b"
)
"""Something to do or buy ("i need to call mom at 5", "we need coffee"): a reminder or a list's."""
_LISTING = lazy_pattern(
    r"^(?:(?:please|so|ok|okay)\s+)?(?:(?:can|could)\s+you\s+)?(?:(?:tell|show)\s+me\s+)?"
    r"(?:what\s+(?:do|did)\s+you\s+(?:know|remember)\s+about\s+me|what\s+have\s+i\s+told\s+you"
    r"(?:\s+about\s+me)?|what\s+(?:did|have)\s+i\s+(?:ask(?:ed)?|tell|told)\s+you\s+to\s+(?:remember|keep"
    r"|note)|what\s+are\s+you\s+remembering(?:\s+for\s+me)?"
    r"|(?:list|show)\s+(?:me\s+)?(?:all\s+)?(?:my\s+|your\s+|the\s+)?"
    r"(?:memories|remembered\s+facts|facts\s+you\s+(?:know|remember))"
    r"|(?:list\s+|tell\s+me\s+)?everything\s+you\s+(?:know|remember)(?:\s+about\s+me)?"
    r"|what\s+(?:facts\s+)?have\s+you\s+(?:remembered|saved|kept))$"
)


_NAME_SAID = lazy_pattern(
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
_NAME_ASKED = lazy_pattern(
    r"^(?:(?:hey|so|ok|okay)[,\s]+)?(?:(?:what(?:'s|\s+is)|tell\s+me|say)\s+my\s+name|do\s+you\s+"
    r"(?:know|remember)\s+(?:my\s+name|who\s+i\s+am)|who\s+am\s+i|what\s+(?:do|should)\s+you\s+"
    r"call\s+me)$"
)
_LEAD_WORDS = r"(?:oh|and|also|btw|by\s+the\s+way|just\s+so\s+you\s+know|fyi)"
"""Words said before a fact about oneself: "btw my dog's name is Rex"."""
_FAVOURITE = (
    r"my\s+(?:all[- ]time\s+|very\s+)?(?:favou?rite|fave)\s+"
    r"(?P<thing>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)"
)
_KIN = (
    r"(?:wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|mom|mum|mother|dad|father|son"
    r"|daughter|sister|brother|boss|best\s+friend|grandma|grandmother|grandpa|grandfather|aunt"
    r"|uncle|niece|nephew|cousin|baby|dog|cat|pet|puppy|kitten|hamster|parrot|rabbit|horse)"
)
_SELF_FACT = lazy_pattern(
    r"^(?:" + _LEAD_WORDS + r"[,\s]+)?"
    r"(?:"
    + _FAVOURITE
    + r"\s+(?:is|are|was)\s+(?P<value>(?!what\b|which\b|playing\b|on\b|coming\s+on\b)[a-z0-9][^?]*)"
    r"|my\s+" + _KIN + r"(?:'s|s)?\s+name\s+is\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?"
    r"|my\s+" + _KIN + r"\s+is\s+(?:called|named)\s+[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?"
    r"|(?:i'm|i\s+am)\s+(?:very\s+|severely\s+|a\s+bit\s+)?allergic\s+to\s+[a-z][^?]*)$"
)
"""Things people say about themselves that they expect kept without saying "remember":
"my favourite colour is green", "my wife's name is Kate", "i'm allergic to peanuts"."""
_SELF_ASKED = lazy_pattern(
    r"^(?:(?:so|ok|okay|hey)[,\s]+)?(?:(?:what(?:'s|\s+is|\s+are|\s+was|\s+were)|tell\s+me|say"
    r"|do\s+you\s+(?:know|remember))\s+(?P<asked>"
    + _FAVOURITE
    + r"|my\s+"
    + _KIN
    + r"(?:'s|s)?\s+name|the\s+name\s+of\s+my\s+"
    + _KIN
    + r")"
    r"|(?:what\s+am\s+i|what's\s+(?:it\s+)?that\s+i'm|what\s+is\s+(?:it\s+)?that\s+i\s+am)"
    r"\s+allergic\s+to|(?:am\s+i|i'm)\s+allergic\s+to\s+(?:anything|something|what))$"
)
"""Questions about those: "what's my favourite colour", "what is my dog's name"."""

_ALL_OF_IT = lazy_pattern(
    r"^(?:please\s+)?(?:forget\s+all\s+of\s+(?:it|that)|(?:forget|delete|erase|wipe|clear)\s+(?:everything(?:\s+you\s+(?:know|remember))?"
    r"(?:\s+about\s+me)?|(?:all\s+)?(?:my|your)\s+(?:memories|memory)|all\s+(?:my|your)\s+memories))$"
)


def _capitalised(name: str) -> str:
    """A name as written: "jo baker" -> "Jo Baker"; a name the user capitalised stays as is."""
    if name != name.lower():
        return name
    return " ".join(word[:1].upper() + word[1:] for word in name.split())


def introduction(text: str) -> str | None:
    """The fact an introduction says ("my name is ana" -> "My name is Ana"), or None."""
    found = _NAME_SAID.match(" ".join(text.split()).strip())
    if found is None:
        return None
    name = found["name"] or found["called"]
    if any(word.lower() in _NOT_A_NAME for word in name.split()):
        return None
    return f"My name is {_capitalised(name)}"


_CALLED = lazy_pattern(
    r"^(?P<lead>.*?\bmy\s+[a-z ]+?)(?:(?P<own>'s|s)?\s+name\s+is|\s+is\s+(?:called|named))\s+"
    r"(?P<name>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)$",
    re.IGNORECASE,
)
_LEAD_IN = lazy_pattern(r"^(?:" + _LEAD_WORDS + r"[,\s]+)+", re.IGNORECASE)


def _said_fact(text: str) -> str:
    """A self-statement as kept: "my dog is called rex" -> "My dog's name is Rex"."""
    fact = _LEAD_IN.sub("", " ".join(text.strip().rstrip("!. ").split()))
    if (called := _CALLED.match(fact)) is not None:
        fact = f"{called['lead']}'s name is {_capitalised(called['name'])}"
    return fact[:1].upper() + fact[1:]


def _fact(said: str) -> str | None:
    found = TELL.match(said) or TRAILING.match(said)
    if found is None:
        return None
    fact = found["fact"].strip()
    if _NOT_A_FACT.search(fact) or len(fact.split()) < 3:
        return None
    if found.groupdict().get("that") and not _TASK.search(fact):
        return fact  # "remember that my train leaves at 7:40": whatever it says, a fact
    if _TIMED.search(fact) or not _STATEMENT.search(fact):
        return None
    return fact


_ONE_MORE = lazy_pattern(
    r"^(?:(?:oh|and|also|plus|ok|okay)[,\s]+)+(?:remember\s+)?(?:that|the\s+fact\s+that)\s+"
    r"(?P<fact>.+)$",
    re.IGNORECASE,
)
"""One more fact right after one was kept: "and that tom's train gets in at 8"."""


def one_more_fact(text: str, history: Sequence[Turn]) -> str | None:
    """The fact of "and that X" said right after the memory kept one, as kept; else None."""
    found = _ONE_MORE.match(" ".join(text.split()).rstrip("!. "))
    if found is None or len(found["fact"].split()) < 3 or not history:
        return None
    last = history[-1]
    kept = any(str(c.get("tool")) == "memory.remember" for c in last.calls or [])
    if last.role != "memory" or not kept:
        return None
    fact = found["fact"]
    return fact[:1].upper() + fact[1:]


_FORGET = lazy_pattern(
    r"^(?:(?:please|ok|okay|oh|and|actually|no|wait|just|now)[,\s]+)*(?:(?:can|could|would)\s+you"
    r"\s+)?(?:please\s+)?(?P<verb>forget|delete|erase|remove|drop)\s+(?P<what>.+?)(?:\s+(?:please"
    r"|then|now|too|after\s+all|for\s+me))*$"
)
_JUST_SAID = lazy_pattern(
    r"(?:about\s+)?(?:it|that|this|that\s+one|that\s+fact|what\s+i\s+(?:just\s+)?(?:said|told"
    r"\s+you))"
)
"""The fact just kept, pointed at: "forget it", "forget that", "delete what i just said"."""
_LISTED = lazy_pattern(
    r"\b(?:items?|entr(?:y|ies)|groceries|grocery|shopping|to-?dos?|tasks?|chores?|notes?"
    r"|lists?|last\s+one)\b"
)
"""What a list keeps, not the memory: "forget my last item", "delete my to do"."""
_DESCRIBED = lazy_pattern(
    r"^(?:that|(?P<about>about)|the\s+fact\s+that|what\s+i\s+(?:said|told\s+you)\s+about|the\s+(?:memory|fact"
    r"|note)\s+(?:about|of|that))\s+(?P<what>.+)$"
)
"""A fact described with the words that only a memory takes: "forget that my code is 1234"."""
_OWNED = lazy_pattern(r"^(?:my|our)\s+\w|^[a-z]+(?:'s|s')\s+\w")
"""A thing of someone's, said after "forget": "forget my locker code", "forget sam's flight"."""


def _kept(history: Sequence[Turn]) -> list[str]:
    """The facts kept in the last few turns, latest first."""
    facts = []
    for turn in reversed(history[-4:]):
        for call in reversed(turn.calls or []):
            if str(call.get("tool")) == "memory.remember":
                facts.append(str((call.get("arguments") or {}).get("fact", "")))
    return [fact for fact in facts if fact]


_SAID_BACK = lazy_pattern(r"^- (?P<fact>.+)$", re.MULTILINE)


def _just_said(history: Sequence[Turn]) -> str | list[str] | None:
    """The fact the memory's last turn kept or said back.

    "forget that" after "what do you remember": the one fact listed; several listed: all of
    them, to ask which.
    """
    last = history[-1] if history else None
    if last is None or last.role != "memory":
        return None
    tools = [str(c.get("tool")) for c in last.calls or []]
    if "memory.remember" in tools:
        kept = _kept(history)
        return kept[0] if kept else None
    if tools == ["memory.list"]:
        facts = [found["fact"].strip() for found in _SAID_BACK.finditer(last.reply)]
        return facts[0] if len(facts) == 1 else facts or None
    reply = last.reply.strip().rstrip(".")
    if tools == ["memory.recall"] and reply and not reply.startswith(("I ", "I'", "Nothing")):
        return reply.split("\n")[0]  # "Your locker is 42"
    return None


_WHAT_AGAIN = lazy_pattern(
    r"^(?:(?:so|and|sorry|ok|okay|wait|remind\s+me)[,\s]+)*(?:what\s+(?:is|was|'s)\s+(?:it|that)"
    r"|what\s+did\s+i\s+(?:just\s+)?(?:say|tell\s+you))(?:\s+again)?$"
)
"""The fact just kept, asked for again: "what is it again?", "what did i just say"."""


def asked_again(text: str, history: Sequence[Turn]) -> str | None:
    """The fact `text` asks for again right after the memory kept or said it, or None."""
    if _WHAT_AGAIN.match(normalize(text).rstrip("?!. ")) is None:
        return None
    fact = _just_said(history)
    return fact if isinstance(fact, str) else None


def forgotten(text: str, history: Sequence[Turn]) -> str | list[str] | None:
    """What `text` asks the memory to forget, or None when it asks something else.

    "forget sam's flight", "forget my locker code", "forget it" right after a fact was kept;
    "forget the milk" is a list's, "forget it" after a timer drops nothing kept.
    """
    found = _FORGET.match(normalize(text).rstrip("?!. "))
    if found is None:
        return None
    what = found["what"]
    kept = _kept(history)
    if _JUST_SAID.fullmatch(what):
        return _just_said(history)
    if _LISTED.search(what) or forgotten_item(text) is not None:
        return None  # "forget my last item", "forget about the eggs": a list's
    if (described := _DESCRIBED.match(what)) is not None:
        told = described["what"]
        if not described["about"] or (_OWNED.match(told) and not _NOT_A_FACT.search(told)):
            return told  # "forget that my code is 1234", "forget about my locker code"
    words = set(re.findall(r"[a-z]{3,}", what)) - {"the", "and", "about", "all"}
    if any(words & set(re.findall(r"[a-z]{3,}", fact.lower())) for fact in kept):
        return what  # names something kept just before: "forget sam's flight"
    if found["verb"] == "forget" and _OWNED.match(what) and not _NOT_A_FACT.search(what):
        return what  # "forget my locker code"
    return None


def claim(request: RouteRequest) -> RouteDecision | None:
    """Claim a fact to keep, or a question about everything kept."""
    said = normalize(request.text)
    whole, slots = False, dict[str, Any]()
    if (more := one_more_fact(request.text, request.history)) is not None:
        reason, slots = "One more fact to keep, right after one.", {"fact": more}
    elif (named := introduction(request.text)) is not None:
        reason, slots = "The user says their name.", {"fact": named}
    elif _NAME_ASKED.match(said):
        reason, slots = "A question about the user's name.", {"query": "my name"}
    elif (asked := _SELF_ASKED.match(said.rstrip("?!. "))) is not None:
        query = " ".join((asked["asked"] or "what i am allergic to").split())
        reason, slots = "A question about something the user told the assistant.", {"query": query}
    elif _SELF_FACT.match(said.rstrip("!. ")) and len(split_clauses(request.text)) == 1:
        reason, slots = (
            "Something the user says about themselves.",
            {"fact": _said_fact(request.text)},
        )
    elif until_thing(said) is not None:  # "how many days until my sister's birthday"
        reason = "How long until a day the user told the assistant."
    elif _ALL_OF_IT.match(said):
        reason = "A request to forget everything remembered."
    elif (again := asked_again(request.text, request.history)) is not None:
        reason, slots = "The fact just kept, asked for again.", {"query": again}
    elif (gone := forgotten(request.text, request.history)) is not None:
        which = isinstance(gone, list)
        reason, slots = "A fact to forget.", {"forget_which" if which else "forget": gone}
    elif _LISTING.match(said) or said in ("what do you know", "what do you remember"):
        reason, slots = "A question about what the user has told the assistant.", {"listing": True}
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
