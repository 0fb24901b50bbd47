"""What an event to add is called and where it is.

The title is the words left once the command ("add", "put me down for"), the calendar words
("to my calendar"), the day, the time and a clock range ("from 2 to 4pm") go; a capitalized name
after "at" or "in" is the place.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import strip_when
from roles.calendar._guests import people_said, with_guests

__all__ = [
    "ADDRESS",
    "ALL_DAY",
    "BLOCK",
    "TIME_RANGE",
    "extract_title",
    "marked_as",
    "take_address",
]

_COMMAND = lazy_pattern(
    r"^(?:(?:(?:hey|ok|okay)\s+)?(?:google|siri|alexa|olly)\s+|(?:hey|ok|okay)\s+)?"
    r"(?:(?:oh\s+)?(?:and|also|and\s+also|plus|then|and\s+then)\s+)?(?:please\s+)?"
    r"(?:(?:can|could|shall)\s+(?:you|we)\s+|let's\s+(?=do\s|have\s|schedule\s|book\s|set\s)"
    r"|let\s+us\s+)?(?:do\s+|have\s+(?=lunch|dinner|breakfast|brunch|coffee|drinks))?"
    r"(?:i(?:\s+want|\s+need|\s+would\s+like|'d\s+like|\s+have)\s+to\s+(?:go\s+to\s+|attend\s+|be\s+at\s+)?"
    r"|i\s+have\s+(?=an?\s)|i\s+need\s+(?=an?\s)|(?:that\s+)?i(?:'m|\s+am)\s+(?:going\s+to\s+)?"
    r"|(?:i'll|i\s+will)\s+be\s+(?:seeing\s+|at\s+)?)?(?:mark\s+(?:down\s+)?(?:(?:my|the|in\s+my)\s+"
    r"(?:calendar|diary|agenda)\s+)?(?:for\s+|with\s+)?|schedule|add|create|book(?:\s+me\s+in\s+for)?"
    r"|put|set(?:\s+up)?|arrange|organi[sz]e|fix(?:\s+up)?|enter|insert|stick|pop"
    r"|plan|pencil\s+in|make|block(?:\s+(?:off|out))?|note(?:\s+down)?|jot\s+down|write\s+down"
    r"|save\s+the\s+date)?"
    r"\s*(?:in\s+(?=(?:a|an)\s+(?:calendar\s+)?(?:event|entry|reminder)\b))?"
    r"(?:(?:a|an|the|my)\s+)?(?:new\s+(?!years?\b|year's\b))?(?:(?:calendar\s+)?(?:event|entry|reminder)"
    r"(?:\s+(?:called|named|titled|for|about|of))?\b\s*)?",
    re.IGNORECASE,
)

_SAID_PLAN = lazy_pattern(
    r"^(?:that\s+)?(?:i|we)(?:\s+have|'ve|\s+am|'m|\s+are|'re)\s+(?:got\s+|having\s+)"
    r"(?:(?:a|an|the|my|our)\s+)?|^(?:that\s+)?(?:i|we)\s+(?:also\s+)?have\s+(?!to\b)"
    r"(?:(?:a|an|the|my|our)\s+)?"
    r"|^there(?:'s|\s+is)\s+(?:(?:a|an|the|my|our)\s+)?",
    re.IGNORECASE,
)

_CALENDAR_WORDS = lazy_pattern(
    r"\s*\b(?:to|in|on|into|onto)\s+(?:(?:my|the|our)\s+(?:(?:family|work|personal|shared)\s+)?"
    r"(?:calendar|agenda|diary|schedule)|(?:(?:family|work|personal|shared)\s+)?(?:calendar|agenda"
    r"|diary))\b",
    re.IGNORECASE,
)

_LOCATION = lazy_pattern(r"\s+(?:at|in)\s+(?P<loc>[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*)*)")

TIME_RANGE = lazy_pattern(
    r"\b(?:from\s+|(?P<between>between\s+))?(?P<a>\d{1,2}(?::\d{2})?)\s*(?P<ap>[ap]\.?m\.?)?\s*"
    r"(?(between)and|(?:-|to|until|till|through))\s*"
    r"(?P<b>\d{1,2}(?::\d{2})?\s*(?P<bp>[ap]\.?m\.?)?)",
    re.IGNORECASE,
)
"""A clock range: "from 8 am to 12 pm", "2-3pm", "between 9 and 10:30 am"."""
ADDRESS = lazy_pattern(
    r"\s+(?:at|on)\s+(?P<loc>\d{1,5}\s+(?!(?:[ap]\.?m\.?|o'?clock)(?:\s|$))"
    r"(?:(?!(?:at|on|in|for|today|tonight|tomorrow|\w+day)\s)[a-z'.]+\s+){0,3}?(?:street|st|road|rd|avenue|ave|lane"
    r"|ln|drive|dr|boulevard|blvd|way|place|court|ct|main|broadway|highway|hwy|square|terrace"
    r"|parkway|close|crescent)\b\.?)",
    re.IGNORECASE,
)
"""A street address said after "at": "at 123 main", "at 22 baker street": a place, not a time."""


def take_address(text: str) -> tuple[str, str]:
    """(`text` without its street address, the address), or (`text`, "") without one."""
    found = ADDRESS.search(text)
    if found is None:
        return text, ""
    return text[: found.start()] + text[found.end() :], found["loc"]


ALL_DAY = lazy_pattern(
    r"\b(?:all[\s-]day|birthday|holiday|vacation|day\s+off|anniversary|save\s+the\s+date)\b", re.I
)

BLOCK = lazy_pattern(r"^\s*(?:please\s+)?block\s+(?:off|out)\b", re.I)

_KIND_OF_DAY = (
    r"(?P<what>(?:an?\s+|my\s+)?(?:day\s+off|holiday|vacation(?:\s+day)?|busy|out\s+of\s+(?:the\s+)?office"
    r"|sick\s+day|(?:a\s+)?work\s+from\s+home(?:\s+day)?|wfh|free\s+day)"
    r"|(?:my|our|[a-z]+'s)\s+(?!alarm|timer|reminder|list)[\w' ]{2,40}?)[\s.!]*$"
)
_MARK_AS = lazy_pattern(
    r"^\s*(?:please\s+)?(?:mark|set|put\s+down|block|flag|label|note(?:\s+down)?|take\s+note\s+of"
    r"|save|keep|record)\s+(?P<when>(?:(?:this|next|the)\s+)?[\w' ]+?)\s+as\s+" + _KIND_OF_DAY,
    re.IGNORECASE,
)
_MARKED_AS = lazy_pattern(
    r"^\s*(?:please\s+)?(?P<when>(?:(?:this|next|the)\s+)?[\w' ]+?)\s+(?:needs\s+to|should|has\s+to"
    r"|must|is\s+to|can)\s+be\s+(?:marked|flagged|noted|set|saved|kept|labell?ed|recorded)\s+"
    r"(?:down\s+)?as\s+" + _KIND_OF_DAY,
    re.IGNORECASE,
)


def marked_as(text: str) -> re.Match[str] | None:
    """A day marked as a kind of day or as the user's own, with groups `when` and `what`.

    "mark friday as a day off", "flag friday as my rest day", "take note of today as my first
    date with bob", "today needs to be marked as my cheat day": an all-day event of that name.
    """
    return _MARK_AS.match(text) or _MARKED_AS.match(text)


_TELL_ME = lazy_pattern(
    r"^(?:(?:let\s+me\s+know|inform\s+me|tell\s+me|alert\s+me|notify\s+me|warn\s+me)\s+(?:about|of)"
    r"\s+(?:(?:the|my|our|a|an)\s+)?|(?:i've|i\s+have|we've|we\s+have|got)\s+(?:got\s+)?(?:a|an)\s+"
    r"|(?:my\s+)?calendar\s+(?:for\s+|(?=(?:meeting|appointment)\b)|(?:entry|event)\s*:?\s*)"
    r"|(?:my\s+)?calendar\s*:\s*|:\s*)",
    re.IGNORECASE,
)
_TITLE_TAIL = lazy_pattern(
    r"[\s,]+(?:please\s+note(?:\s+it)?|note\s+(?:it|that)|please|thanks|thank\s+you"
    r"|as\s+an?\s+(?:reminder|event|entry|(?:all[\s-]day\s+)?event))[\s.!]*$",
    re.I,
)


_INVITING = lazy_pattern(
    r"[\s,]+(?:and\s+)?(?:also\s+)?(?:please\s+)?(?:invite|ask)\s+"
    r"(?P<who>(?!(?:me|us|them|it|everyone)\b)[\w' ,]+?)"
    r"(?:\s+(?:to\s+(?:join|come)(?:\s+(?:us|me|along))?|along|over|too|as\s+well))*\s*[.!?]*$",
    re.IGNORECASE,
)
"""People asked along at the end of an add: "add yoga on thursday at 6pm and invite ben"."""
_INVITE_TO = lazy_pattern(
    r"^(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?invite\s+"
    r"(?P<who>(?!(?:me|us|them|it|everyone)\b)[\w' ,]+?)\s+(?:over\s+)?(?:to|for)\s+(?P<what>.+)$",
    re.IGNORECASE,
)
"""An event said by whom it is with: "invite ben and sara to dinner on friday at 7"."""


_SPLIT_PENCIL = lazy_pattern(
    r"^(?P<lead>\s*(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?)(?:pencil|put|book|squeeze|fit)\s+(?!(?:in|me|us)\b)(?P<what>.+?)\s+in"
    r"(?=\s+(?:for|on|at|tomorrow|today|tonight|next|this)\b)",
    re.IGNORECASE,
)
"""A verb split around the event: "pencil lunch with jo in for thursday at 1"."""


_NAMED_PART = lazy_pattern(
    r"\b(?P<name>parents'?|quiz|movie|film|games?|board\s+game|date|open|poker|karaoke|pizza|curry"
    r"|trivia|bingo|ladies'?|girls'?|lads'?|boys'?|family|opening|closing)\s+(?P<part>evening|night)\b",
    re.IGNORECASE,
)
"""An evening or a night that is the event's name: "parents evening", "quiz night"."""


def extract_title(text: str) -> tuple[str, str]:
    """(title, location) of an event to create: the words left once commands and times go."""
    if inviting := _INVITE_TO.match(text) or _INVITING.search(text):
        event = inviting["what"] if "what" in inviting.re.groupindex else text[: inviting.start()]
        title, location = extract_title(event)
        return with_guests(title, people_said(inviting["who"]))[0], location
    text = _SPLIT_PENCIL.sub(r"\g<lead>pencil in \g<what>", text, count=1)  # "pencil X in for ..."
    text = re.sub(r"\ball[\s-]day\b", " ", text, flags=re.I)
    text = _NAMED_PART.sub(r"\g<name>_\g<part>", text)  # "parents evening": a name, not a time
    rest = _CALENDAR_WORDS.sub("", TIME_RANGE.sub(" ", text))
    location = ""
    if found := _LOCATION.search(rest):
        location = found["loc"]
        rest = rest[: found.start()] + rest[found.end() :]
    rest = _COMMAND.sub("", strip_when(rest).strip(), count=1)
    rest = _SAID_PLAN.sub("", rest, count=1)  # "add that i have yoga", "i've got a haircut"
    rest = _TELL_ME.sub("", rest, count=1)  # "let me know about the meeting", "got a dentist .."
    rest = _TITLE_TAIL.sub("", rest)  # "... please note", "... thanks"
    title = re.sub(
        r"\s+(?:(?:that|which)\s+)?(?:starting|beginning|starts|begins|kicking\s+off)$",
        "",
        rest.strip(" ,.?!"),
    )  # "team sync tomorrow starting at 9": the time it starts
    title = re.sub(r"\s+(?:for|on|at|from|every|each|[ap]\.?m\.?|o'?clock)$", "", title).strip()
    title = title.replace("_", " ")
    if re.match(r"with\s+\w", title, re.I):  # "schedule 30 minutes with ana"
        title = f"Meeting {title}"
    return (title[:1].upper() + title[1:], location)
