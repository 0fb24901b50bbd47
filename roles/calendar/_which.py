"""Which event a change names.

The words after the verb ("cancel the team lunch"), with the day said before it ("on the 20th
clear my calendar"); the event wanted gone with the verb last ("i want the dentist removed", "the
book club should be taken off my calendar"), not gone to ("i won't be going to the party"), taken
off ("take the review off my calendar"), or found first ("find my next event and delete it").
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import strip_when
from agent_system.understanding import normalize

__all__ = [
    "FOUND_THEN_CHANGED",
    "NOT_GOING",
    "REF_NOISE",
    "REMOVED",
    "TAKE_OFF",
    "event_reference",
    "found_then_changed",
]

REF_NOISE = lazy_pattern(
    r"\b(?:my|the|from|on|in)\s+(?:my\s+)?(?:calendar|agenda|diary)\b"
    r"|^\s*(?:my|the|a|our|this|that)\s+(?=\w)",
    re.IGNORECASE,
)


NOT_GOING = lazy_pattern(
    r"^\s*i(?:'m|'ll|\s+am|\s+will|\s+can)?\s+(?:no\s+longer|not|n't|won't|will\s+not|can't|cannot)\s+"
    r"(?:be\s+)?(?:going\s+to|attending|attend|joining|join|make\s+it\s+to|coming\s+to|come\s+to)\s+"
    r"(?P<event>.+?)(?:\s+(?:any\s*more|any\s+longer|after\s+all))?\s*[.!]?$",
    re.IGNORECASE,
)


TAKE_OFF = lazy_pattern(
    r"\b(?:take|knock|cross|strike|get)\s+(?P<what>(?:[\w']+\s+){1,5}?)off\s+(?:of\s+)?(?:my|the)\s+"
    r"(?:calendar|schedule|agenda|diary)\b",
    re.IGNORECASE,
)
""""take the team review off my calendar": a delete; the words between name the event."""

_GONE = (
    r"(?:removed|deleted|cancell?ed|erased|cleared|dropped|scrapped|taken(?:\s+(?:off|out))?|gone"
    r"|off)(?:\s+(?:(?:from|off(?:\s+of)?|out\s+of|of)\s+)?(?:my|the|our)\s+(?:calendar|schedule"
    r"|agenda|diary))?"
    r"(?:\s+please)?[\s.!]*$"
)
REMOVED = lazy_pattern(
    r"^\s*(?:(?:i|we)\s+(?:would\s+|really\s+)?(?:want|wish|need|like)|(?:i|we)'d\s+(?:like|want)"
    r"|(?:please\s+)?(?:can|could|would)\s+you\s+(?:please\s+)?(?:have|get)|(?:please\s+)?have)"
    r"\s+(?P<event>.+?)\s+(?:to\s+be\s+|be\s+)?"
    + _GONE
    + r"|^\s*(?P<subject>(?:the|my|our|this|that)\s+.+?)\s+(?:should|must|needs\s+to|has\s+to"
    r"|can|is\s+to)\s+be\s+" + _GONE,
    re.IGNORECASE,
)
"""An event wanted gone, said without the verb first: "i want the dentist appointment removed
from my calendar", "i'd like the team lunch on friday to be cancelled", "the book club should be
taken off my calendar"."""
FOUND_THEN_CHANGED = lazy_pattern(
    r"^\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:find|look\s+up|look\s+for|locate"
    r"|pull\s+up|get|check|search\s+for)\s+(?P<what>.+?)[\s,]+(?:and|then|and\s+then)\s+"
    r"(?:please\s+)?(?P<verb>delete|cancel|remove|erase|drop|scrap|clear|move|reschedule|postpone"
    r"|push)\s+(?:it|that|this|them)\b",
    re.IGNORECASE,
)
"""One change to an event found first: "find my next event and delete it", "look up the
dentist and move it to 4pm"."""


def found_then_changed(text: str) -> str:
    """The change asked directly: "find my next event and delete it" -> "delete my next event"."""
    found = FOUND_THEN_CHANGED.match(text)
    if found is None:
        return text
    return f"{found['verb']} {found['what']}{text[found.end() :]}"


_SAID_ABOUT = lazy_pattern(
    r"\s+(?:(?:that|which)\s+)?(?:i|we)(?:'ve|\s+have|'d|\s+had)?\s+(?:added|put|set\s+up|set|booked"
    r"|made|scheduled|created|entered|saved)\b"
    r"|\s+(?:(?:that|which)\s+)?(?:i|we)(?:'m|'ll\s+be|\s+am|\s+are|\s+will\s+be|\s+was)?\s+"
    r"(?:going|heading|attending)(?:\s+to)?\b"
    r"|\s+(?:to|from|off|on|in|into|of)\s+(?:my|the|our)\s+(?:\w+\s+)?(?:calendar|agenda|diary)\b",
    re.IGNORECASE,
)
"""Words around the event that name no part of it: "i added", "that i'm going to", "to my
calendar" ("remove the dentist i added to my calendar for friday" names the dentist on friday)."""


def event_reference(text: str, verb: re.Pattern[str]) -> str:
    """The event a delete/update names: the words after the verb, minus calendar noise.

    A day or time said before the verb names it too: "on the twentieth clear my calendar" is
    "calendar on the 20th".
    """
    match = verb.search(text)
    rest = text[match.end() :] if match else text
    if match and (day := _day_before(text[: match.start()])):
        rest = f"{rest.rstrip(' ,.?!')} {day}"
    if match and re.fullmatch(r"\s*(?:it|them|that|this)?\s*(?:please)?\s*", rest, re.I):
        # "find dinner with mom on my calendar and delete it": the words before the verb
        rest = re.sub(
            r"^\s*(?:please\s+)?(?:find|look\s+up|get|whatever)\s+|\s+(?:and|then)\s*$|\s+is\b",
            "",
            text[: match.start()],
            flags=re.I,
        )
    rest = re.sub(r"\s{2,}", " ", _SAID_ABOUT.sub(" ", rest))  # "the party i am going to"
    rest = re.split(r"\s+(?:to|by|until)\s+", rest, maxsplit=1)[0]
    rest = REF_NOISE.sub("", rest).strip(" ,.?!")
    if match and re.fullmatch(r"(?:it|that|this|them)(?:\s+(?:back|forward))?", rest):
        return _named_before(text[: match.start()])  # "... the dinner on friday, so remove it"
    return rest


_LEAD_FILLER = lazy_pattern(
    r"^\s*(?:(?:hey|ok|okay)\s+)?(?:google|siri|alexa|olly)\b|\b(?:please|and|then|so|just)\b"
    r"|\b(?:can|could|would|will)\s+you\b|[,.]",
    re.IGNORECASE,
)


def _day_before(before: str) -> str:
    """The day or time that is all the words before a verb say ("hey olly on the twentieth")."""
    said = " ".join(_LEAD_FILLER.sub(" ", normalize(before)).split())
    if not said or strip_when(said).strip(" ,") not in ("", "on", "for", "at"):
        return ""
    return said


def _named_before(before: str) -> str:
    """The event named before the verb of "... so could you remove it", or ""."""
    before = re.sub(
        r"[\s,]+(?:and|then|so)?\s*(?:(?:can|could|would|will)\s+you|please)?\s*(?:please\s+)?$",
        "",
        before,
        flags=re.I,
    )
    before = re.sub(
        r"^\s*i\s+(?:don't|do\s+not|won't|will\s+not|can't|cannot)\s+(?:want\s+to\s+|be\s+)?"
        r"(?:attend(?:ing)?|go(?:ing)?\s+to|make(?:\s+it\s+to)?)\s+",
        "",
        before,
        flags=re.I,
    )
    before = re.sub(r"\s+(?:any\s*more|any\s+longer)\b.*$", "", before, flags=re.I)
    before = REF_NOISE.sub("", before).strip(" ,.?!")
    return before if 0 < len(before.split()) <= 6 and _EVENT_WORDS.search(before) else ""


_EVENT_WORDS = lazy_pattern(
    r"\b(?:meeting|appointment|appt|lunch|dinner|breakfast|brunch|party|wedding|interview|class"
    r"|practice|rehearsal|session|date|game|match|review|lesson|haircut|checkup|conference|dentist"
    r"|doctor|event|birthday|call|concert|trip|visit|club)s?\b",
    re.IGNORECASE,
)
