"""Everyday calendar requests that name no calendar word, by family.

Each family is a shape (verbs x objects x days), not a list of sentences: "am I free / is my
saturday clear / are we doing anything <day>", "got any plans / anything on / what's in store
<day>", "when is / what time is <event>", "how many <events> <day>", "i have <event> <day> at
<time>", "book me in for <event> <day> at <time>", "scrap / ditch / call off <event>", "the
<event> is off", "i'm skipping <event>", "cancel everything <day>". They read the normalized
request (`agent_system.understanding.normalize`) with any courtesy stripped.
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import strip_when

__all__ = [
    "DATE",
    "DELETE_SHAPE",
    "EVENT",
    "FREE_SHAPE",
    "asked_event",
    "asks_calendar",
    "deletes_event",
    "said_plan",
    "stated_off",
]

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
DATE = (
    rf"(?:(?:on\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
    rf"|(?:on\s+)?{_MONTH}\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?)(?:,?\s+\d{{4}})?"
)
"""A date said with its month, the year too: "march 3rd", "the 22nd of march 2028"."""
DAY = (
    rf"(?:{DATE}|today|tonight|tomorrow(?:\s+(?:morning|afternoon|evening|night))?|later(?:\s+today|\s+on)?"
    r"|(?:this|next)\s+(?:morning|afternoon|evening|week|weekend|month)|(?:the|this)\s+weekend"
    r"|(?:(?:on|this|next)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"(?:\s+(?:morning|afternoon|evening|night))?|(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)?)"
)
"""A day or part of one, said the everyday way."""
_OWN = (
    r"(?:meeting|appointment|appt|party|dinner|lunch|breakfast|brunch|interview|hair\s*cut|recital"
    r"|rehearsal|practice|class|session|reunion|standup|call|date|dentist|doctor|checkup|playdate"
    r"|shower|picnic|barbecue|bbq|potluck|review|lesson|offsite|retreat|training|tutoring"
    r"|therapy|massage|yoga|pilates|physio|vet|exam|orientation|sleepover|get\s+together"
    r"|catch\s+up|one\s+on\s+one|coffee|drinks)s?"
)
"""Things only the user's own calendar knows the time of, even said with "the"."""
EVENT = (
    rf"(?:{_OWN}|(?:club|conference|presentation|graduation|ceremony|seminar|webinar|workshop"
    r"|briefing|play|sale|wedding|visit|gym|workout|fundraiser|gala)s?)"
)
"""Things people put on their own calendar."""
_NOT_OURS = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:er|ers)?|lists?|cart|basket|shopping|to\s*dos?|playlists?|songs?"
    r"|music|emails?|texts?|messages?|flights?|trains?|bus|buses|planes?|package|delivery|order"
    r"|bills?|due|payments?|pay\s*day|paycheck|rent|taxes|tax|sun|sunrise|sunset|moon|tide"
    r"|weather|news|lights?|game|match|super\s+bowl|world\s+cup|olympics|election|holidays?"
    r"|season|restaurant|bank|pharmacy|museum|library|post\s+office"
    r"|in\s+(?:town|the\s+city|my\s+city|the\s+area)|near\s+me|nearby|tv|movie\s+theat(?:er|re)"
    r"|oil|car|tires?|maintenance|vacation|pto|credit|card|account|insurance|hotel|rooms?"
    r"|rides?|taxi|cab|uber|lyft|ola|airport|station|tables?|tickets?|seats?|reservations?|trip"
    r"|(?:time|day|days)\s+off|sync)\b"
)
"""Words of requests the calendar does not own ("when is the next bus", "is my card free")."""

_MINE = r"(?:my|our|\w+'s|(?:my|our)\s+\w+'s)"
_ASKS = lazy_pattern(
    r"^(?:so\s+|and\s+|hey\s+)?(?:"
    # "am i free friday", "are we doing anything this weekend", "is my saturday clear"
    rf"(?:am\s+i|are\s+we)\s+(?:busy|free|available|booked|doing\s+anything|up\s+to\s+anything)"
    rf"\b.*{DAY}$"
    rf"|is\s+(?:my\s+)?(?:{DAY}|morning|afternoon|evening|weekend)\s+(?:still\s+)?(?:free|clear|open|busy"
    r"|booked|packed|full|empty)$"
    # "got any plans saturday", "have we got anything on saturday", "anything on tonight"
    r"|(?:(?:have|do|did)\s+(?:i|we)\s+(?:got\s+|have\s+)?|(?:i|we)\s+have\s+got\s+|got\s+"
    r"|is\s+there\s+|are\s+there\s+|have\s+(?:i|we)\s+|is\s+)?(?:any(?:thing)?|something|any\s+plans"
    r"|plans)\s+(?:(?:interesting|fun|special|exciting|important|big|else|new)\s+)?(?:on\s+|going\s+on\s+|planned\s+|scheduled\s+|booked\s+|happening\s+|lined\s+up\s+"
    rf"|in\s+store\s+)?(?:for\s+|on\s+)?(?:me\s+)?{DAY}$"
    # "what's up for saturday", "what's in store for tomorrow", "what's my plan for today"
    rf"|what\s+is\s+(?:up|in\s+store|on\s+the\s+cards|on\s+deck|lined\s+up)\s+(?:for\s+(?:me\s+)?)?"
    rf"(?:for\s+|on\s+)?{DAY}$"
    rf"|what\s+is\s+(?:on|going\s+on|happening)\s+(?:for\s+)?{DAY}$"
    rf"|what\s+(?:is|are)\s+(?:my|our)\s+plans?\s+(?:for\s+|on\s+)?{DAY}$"
    # "when is the barbecue", "what time is my call with ben", "at what time is my interview"
    rf"|(?:at\s+)?(?:when|what\s+time|what\s+day|which\s+day|what\s+date|where|how\s+long)"
    r"\s+(?:is|are|was)\s+"
    rf"(?:{_MINE}\s+(?:next\s+)?(?:[\w']+\s+){{0,3}}?{EVENT}"
    rf"|(?:the|this|that)\s+(?:next\s+)?(?:[\w']+\s+){{0,3}}?{_OWN})"
    r"(?:\s+(?:with|at|for)\s+[\w' ]+?)?"
    rf"(?:\s+(?:on\s+)?{DAY})?(?:\s+(?:start|begin|end|finish))?$"
    # "when is soccer practice", "what time is yoga tomorrow", "what time is dinner at mom's"
    rf"|(?:at\s+)?(?:when|what\s+time|where|how\s+long)\s+(?:is|does)\s+(?!(?:the|a|an|this|that)\s)"
    r"(?:[\w']+\s+)?"
    rf"{_OWN}(?:\s+(?:with|at)\s+"
    rf"[\w' ]+?)?(?:\s+{DAY})?(?:\s+(?:start|begin))?$"
    # "when do i have yoga", "what time do we have the review", "which day do i have class"
    r"|(?:when|what\s+(?:time|day)|which\s+day)\s+(?:do|will)\s+(?:i|we)\s+(?:have|got)\s+(?!to\b)"
    r"(?!(?:free|time|a\s+free|an?\s+opening)\b)\w"
    r"|(?:what\s+time|when)\s+am\s+i\s+(?:supposed|meant|due|expected)\s+to\s+(?:pick\s+up|drop\s+off"
    r"|meet|see|be\s+at|go\s+to|visit|call)\b"
    r"|(?:what\s+time|when)\s+(?:do|will|should)\s+i\s+(?:need\s+to\s+|have\s+to\s+)?be\s+at\s+"
    rf"(?:the|my)\s+(?:[\w']+\s+)?{EVENT}\b"
    # "how many meetings do i have today", "how many calls have i got tomorrow"
    r"|how\s+many\s+(?:meetings|appointments|appts|events|calls|things|plans|classes|sessions"
    r"|interviews)\s+(?:do|will)\s+(?:i|we)\s+have|how\s+many\s+(?:meetings|appointments|events"
    r"|calls|classes|sessions|interviews)\s+(?:have\s+(?:i|we)\s+got|are\s+there|am\s+i\s+in)\b"
    r"|when\s+is\s+my\s+next\s+(?:free|open)\s+(?:slot|time|window|hour|day|block)$"
    r")"
)


def asks_calendar(said: str) -> bool:
    """A question about the user's own plans in an everyday family (`said`: normalized)."""
    said = re.sub(r"\bwhats\b", "what is", said)
    said = re.sub(r"\b(where|when|what|how\s+long)'s\b", r"\1 is", said)  # "where's lunch with sam"
    if _NOT_OURS.search(said):
        return False
    return _ASKS.search(said) is not None


FREE_SHAPE = lazy_pattern(
    rf"^(?:is|are)\s+(?:my\s+)?(?:{DAY}|morning|afternoon|evening|weekend)\s+(?:still\s+)?"
    r"(?:free|clear|open|empty)\b"
    r"|^when\s+is\s+my\s+next\s+(?:free|open)\b",
    re.IGNORECASE,
)
"""Asks whether time is free ("is my saturday clear"): free time, never a delete."""

_PLAN = lazy_pattern(
    r"^(?:(?:ok|okay|so|hey)\s+)*(?:i|we)\s+(?:have|have\s+got|got|also\s+have)\s+(?!to\b|no\b|not\b"
    r"|nothing\b|been\b|had\b|just\b)(?:(?:a|an|my|the|our|some)\s+)?[\w']+(?:\s+[\w']+){0,4}?\s+"
    rf"(?:{DAY}|on\s+\w+)\b"
    r"|^(?:please\s+)?book\s+(?:me\s+)?(?:in\s+)?(?:for\s+)?(?:a|an|my|the)?\s*(?!(?:a|an|the)\b)\w"
    r"|^(?:please\s+)?(?:mark|jot|write|put)\s+down\s+(?!(?:a|an|the)\s+(?:note|list|item)\b)\w"
    r"|^(?:please\s+)?(?:get|fit|squeeze)\s+me\s+in\s+(?:for|with|at)\s+\w"
)
"""A plan said as a statement or a booking: "i have yoga tomorrow at 6pm", "book me in for a
massage friday at 4" (the stage asks for a day and a time as well)."""


def said_plan(said: str) -> bool:
    """A plan of the user's to add, said plainly (`said`: normalized; a day and time needed)."""
    return _PLAN.search(said) is not None and not _NOT_OURS.search(said)


_HOUR = r"(?:\d{1,2}(?::\d\d)?\s*(?:[ap]\s*m|o'?clock)(?:\s+\w+)?)"
DELETE_SHAPE = lazy_pattern(
    rf"^(?:please\s+)?(?:{DAY}[\s,]+(?:please\s+)?)?(?:"  # "on the 20th cancel the yoga class"
    # "scrap the team lunch", "ditch the dentist", "call off the barbecue", "drop my 3pm"
    r"(?:scrap|ditch|nix|axe|skip|unschedule|un\s*schedule|strike|cancel|call\s+off|drop|delete"
    r"|remove|forget(?:\s+about)?)\s+(?:(?:my|the|our|tomorrow's|today's|\w+day's)\s+(?:[\w']+\s+){0,3}?"
    rf"{EVENT}\b|(?:my|the)\s+{_HOUR}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:my\s+|the\s+)?{_HOUR})*$)"
    # "cancel everything tomorrow", "clear all my plans on friday"
    r"|(?:cancel|clear|delete|remove|wipe|scrap)\s+(?:out\s+)?(?:everything|all\s+(?:of\s+)?(?:my\s+)?"
    rf"(?:plans|events|meetings|appointments))\s+(?:i\s+have\s+)?(?:on\s+|for\s+)?{DAY}$"
    # "clear my day on the 29th", "free up my afternoon tomorrow"
    r"|(?:clear|free\s+up|empty|wipe)\s+(?:out\s+)?(?:my\s+)?(?:day|morning|afternoon|evening|schedule"
    rf"|calendar|diary|agenda)\s+(?:on\s+|for\s+)?{DAY}$"
    # "no lunch date tomorrow", "no yoga tonight"
    rf"|no\s+(?:more\s+)?(?:[\w']+\s+){{0,2}}?{_OWN}\s+(?:on\s+|for\s+)?{DAY}$"
    # "remove yoga from tuesday", "take the review off friday"
    rf"|(?:remove|delete|take|drop)\s+(?:the\s+|my\s+)?[\w']+(?:\s+[\w']+)?\s+(?:from|off)\s+{DAY}$"
    # "the party on saturday is off", "my meeting with bob has been cancelled"
    rf"|(?:the|my|our|\w+'s)\s+(?:[\w']+\s+){{0,3}}?{EVENT}\s+(?:(?:with|on|at)\s+[\w' ]+?\s+)?"
    r"(?:is|has\s+been|was|got)\s+(?:off|cancell?ed|called\s+off|scrapped)$"
    # "i am skipping the yoga class tonight", "i do not need the 4 pm meeting anymore"
    rf"|i\s+(?:am|will\s+be)\s+(?:skipping|missing|ditching)\s+(?:my|the|our)\s+(?:[\w']+\s+){{0,3}}?"
    rf"{EVENT}\b"
    r"|i\s+do\s+not\s+need\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}?"
    rf"{EVENT}\b.*\b(?:any\s*more|any\s+longer)$"
    r"|i\s+no\s+longer\s+need\s+(?:my|the|our)\s+(?:[\w']+\s+){0,3}?"
    rf"{EVENT}\b"
    r")"
)
"""A removal said the everyday way (on the normalized request)."""


def deletes_event(said: str) -> bool:
    """A request to take an event off the calendar (`said`: normalized)."""
    if _NOT_OURS.search(said) and not re.search(rf"\b{EVENT}\b", said):
        return False
    if re.search(r"\b(?:timers?|alarms?|reminders?|lists?|flights?|reservations?|orders?)\b", said):
        return False
    return DELETE_SHAPE.search(said) is not None


_STATED_OFF = lazy_pattern(
    r"^no\s+(?:more\s+)?(?P<none>.+)$"
    r"|^(?P<event>(?:the|my|our|\w+'s)\s+.+?)\s+(?:is|has\s+been|was|got)\s+(?:off|cancell?ed"
    r"|called\s+off|scrapped)\s*[.!]?$"
    r"|^i\s+(?:do\s+not|no\s+longer)\s+need\s+(?P<needed>.+?)(?:\s+any\s*more|\s+any\s+longer)?"
    r"\s*[.!]?$"
    r"|^i\s+(?:am|will\s+be)\s+(?:skipping|missing|ditching)\s+(?P<skipped>.+?)\s*[.!]?$",
    re.IGNORECASE,
)


def stated_off(said: str) -> str | None:
    """The event a statement takes off the calendar ("the party on saturday is off"), or None."""
    found = _STATED_OFF.match(said)
    if found is None or (found["none"] and DELETE_SHAPE.search(said) is None):
        return None  # "no, i meant tomorrow" takes nothing off
    return found["event"] or found["needed"] or found["skipped"] or found["none"]


_ASKED = lazy_pattern(
    r"^\s*(?:at\s+)?(?:when|what\s+time|what\s+day|which\s+day|where|how\s+long)(?:'s|\s+is|\s+are"
    r"|\s+does|\s+do\s+"
    r"(?:i|we)\s+(?:have|got))\s+(?:(?:the|my|our|a|an)\s+)?(?:next\s+)?(?P<what>[a-z][\w' ]*?)"
    r"(?:\s+(?:start|begin|end|finish))?\s*\??$",
    re.IGNORECASE,
)


def asked_event(text: str, not_event: frozenset[str]) -> str:
    """The event a "when is yoga" / "when do i have pilates" question names, or ""."""
    found = _ASKED.match(text)
    if found is None:
        return ""
    what = strip_when(found["what"]).strip(" ,.?!").lower()
    return "" if what in not_event or len(what.split()) > 4 else what


_LOOSE_TIMES = (
    (lazy_pattern(r"\b(?:right\s+)?after\s+lunch(?:\s*time)?\b", re.I), "at 1:30 pm"),
    (lazy_pattern(r"\b(?:at|around|over)\s+lunch\s*time\b", re.I), "at 12 pm"),
    (lazy_pattern(r"\b(?:right\s+)?before\s+lunch\b", re.I), "at 11 am"),
    (lazy_pattern(r"\b(?:right\s+)?after\s+work\b", re.I), "at 6 pm"),
    (lazy_pattern(r"\b(?:right\s+)?after\s+dinner\b", re.I), "at 8 pm"),
    (lazy_pattern(r"\b(?:first\s+thing\s+in\s+the\s+morning|first\s+thing)\b", re.I), "at 9 am"),
    (lazy_pattern(r"\b(?:at\s+)?(?:the\s+)?end\s+of\s+the\s+(?:work\s*)?day\b", re.I), "at 5 pm"),
)
"""Times said by what happens then, as the hour they usually mean for an event."""


_HOURS = "one two three four five six seven eight nine ten eleven twelve".split()
_HOUR = rf"(?:\d{{1,2}}|{'|'.join(_HOURS)})"
_ROUGHLY = lazy_pattern(
    rf"\b(?:(?:at\s+)?(?:a?round|approximately|roughly|circa)|at\s+about)\s+(?=(?:{_HOUR}"
    r"(?::\d\d)?(?:\s*[ap]\.?m\.?|\s+o'?clock)?|noon|midday)(?:\s|$|[,.!?]))",
    re.IGNORECASE,
)
"""An hour said roughly: "around 1", "at about 3pm" (the hour itself)."""
_ISH = lazy_pattern(
    rf"\b(?P<hour>{_HOUR}(?::\d\d)?(?:\s*[ap]\.?m\.?)?|noon|midday)\s*-?\s*ish\b", re.I
)
_CLOCK_WORDS = lazy_pattern(
    rf"\b(?:(?P<half>half)|(?P<quarter>(?:a\s+)?quarter))\s+(?P<way>past|after|to|before)\s+"
    rf"(?P<hour>{_HOUR})\b(?!:)"
    rf"|\b(?<!past\s)half\s+(?P<british>{_HOUR})\b(?!\s*(?:hours?|an?\b|past|to\b|:))",
    re.IGNORECASE,
)
"""Half and quarter hours said in words: "half past two", "a quarter to four", "half six"."""


def _clock_said(found: re.Match[str]) -> str:
    hour_said = found["hour"] or found["british"]
    hour = int(hour_said) if hour_said.isdigit() else _HOURS.index(hour_said.lower()) + 1
    if found["british"]:  # "half six": 6:30
        return f"{hour}:30"
    minutes = 30 if found["half"] else 15
    if found["way"].lower() in ("to", "before"):
        hour, minutes = (hour - 2) % 12 + 1, 60 - minutes
    return f"{hour}:{minutes:02d}"


def loose_time(text: str) -> str:
    """`text` with "after lunch", "first thing in the morning", "after work" as an hour.

    An hour said roughly or in words is the digits: "around 1" and "1ish" are 1, "half past two"
    2:30, "from half past two to four" 2:30 to 4, "half six" 6:30.
    """
    for said, hour in _LOOSE_TIMES:
        text = said.sub(hour, text, count=1)
    text = _ISH.sub(r"\g<hour>", _ROUGHLY.sub("at ", text))
    return _CLOCK_WORDS.sub(_clock_said, text)


_TITLE_HEAD = lazy_pattern(
    r"^(?:(?:remember|note)\s+(?:that\s+)?|(?:get|fit|squeeze)\s+me\s+in\s+(?:for|with|at)\s+"
    r"|(?:me|us)\s+(?=down\b)|down\s+(?:for\s+)?|having\s+|(?:i|we)(?:\s+am|\s+are|'m|'re)\s+"
    r"(?:having\s+|going\s+to\s+(?:have\s+)?)?|(?:i|we)(?:\s+have|'ve)\s+(?:got\s+)?"
    r"|save\s+(?:for\s+)?(?!the\s+date\b)|that\s+(?=\w))+(?:(?:a|an|the)\s+)?",
    re.IGNORECASE,
)
_TITLE_END = lazy_pattern(r"\s+(?:down|to|is|are|for|of)$", re.IGNORECASE)


def tidy_title(title: str) -> str:
    """An event's title without the words around it.

    "Me down for the gym" -> "Gym", "We are meeting the architects" -> "Meeting the architects",
    "Dentist down" -> "Dentist", "Get me in for a haircut" -> "Haircut".
    """
    tidied = _TITLE_END.sub("", _TITLE_HEAD.sub("", title, count=1)).strip()
    if not tidied:
        return title
    return tidied[:1].upper() + tidied[1:]
