"""How calendar requests are said.

Which change they ask for, the event they name, whether it is a reminder, and the shapes that are
one to add or a listing ("meeting with jo at 3"). What an event to add is called is read in
`roles.calendar._titles`, which event a change names in `roles.calendar._which`, answers to the
calendar's own questions in `roles.calendar._asked`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import parse_when, strip_when
from roles.calendar._shapes import asked_event
from roles.calendar._which import NOT_GOING, REMOVED, TAKE_OFF

if TYPE_CHECKING:
    from datetime import datetime

__all__ = [
    "ASKS_WHEN",
    "BARE_PERIOD",
    "GENERIC",
    "NEXT",
    "PATTERNS",
    "as_reminder",
    "asked_plainly",
    "asks_reminders",
    "event_query",
    "intent_of",
    "is_bare_event",
    "reminded_event",
    "strip_courtesy",
]

_INTENTS = {
    "delete": r"\b(?:cancel(?:s|led)?|delete[sd]?|remove[sd]?|drop|scrap|call\s+off|clear|erase"
    r"|ditch|nix|axe|unschedule|un\s*schedule|strike|free\s+up|^(?:please\s+)?forget(?:\s+about)?"
    r"|empty|wipe|take\s+off|take\s+out|get\s+rid\s+of|disregard|destroy|deleted|removed"
    r"|cancelled)\b",
    "update": r"\b(?:move|reschedule|change|push|postpone|rename|shift|update)\b",
    "free": r"\b(?:free|available|availability|open\s+slots?|gaps?|find\s+(?:me\s+)?(?:some\s+time"
    r"|an?\s+(?:hour|slot)|\d+\s+(?:minutes|hours?)))\b",
    "list": r"\b(?:^\s*(?:please\s+)?(?:check|search(?:\s+for)?|look\s+(?:at|up|for|through)|view"
    r"|pull\s+up|read(?:\s+out)?|find)\b|what(?:'s|\s+is)?\s+(?:on|next|happening)|what\s+do\s+i\s+have|show|list"
    r"|(?:what|when)(?:'s|\s+is)?\s+(?:my|the)\s+next|anything\s+(?:(?:fun|special|exciting"
    r"|interesting|important|big|else|new)\s+)?on|next\s+(?:meeting|event|appointment)"
    r"|'s\s+schedule|(?:my|any)\s+plans|(?:what|which|any)\s+(?:events?|meetings?|appointments?)"
    r"|(?:future|upcoming)\s+(?:events?|meetings?)|what\s+day\s+is|where\s+is\s+(?:the|my)"
    r"|tell\s+me\s+(?:about|when)|let\s+me\s+know\s+when|when\s+(?:is|are)\s+my"
    r"|agenda|my\s+(?:schedule|calendar|day|week)|any\s+(?:meetings|events|appointments)"
    r"|do\s+i\s+have|am\s+i\s+busy|coming\s+up|up\s*coming|overview|rundown|run\s+down|preview"
    r"|breakdown|summary\s+(?:of|for)|shaping\s+up"
    r"|anything\s+(?:(?:fun|special|exciting|interesting|important|big|else|new)\s+)?(?:planned"
    r"|scheduled|booked|happening|going\s+on)"
    r"|(?:my|the|today'?s|tomorrow'?s|work|event|weekly|daily|week'?s|day'?s)\s+schedule"
    r"|when\s+(?:is|are)\s+(?:the|my|our)|(?:is|are)\s+(?:the|my)\s+\w+(?:\s+\w+)?\s+scheduled"
    r"|scheduled\s*$|(?:info|information|details)\s+(?:about|on)|more\s+about"
    r"|(?:my|the)\s+\w+\s+schedule|(?:next|latest|open|all)\s+(?:scheduled\s+)?events?"
    r"|^\s*(?:events?|meetings?|appointments?)\b|weekly\s+plan|happening"
    r"|(?:go|run|walk|take|talk)\s+(?:me\s+)?through|(?:brief|update)\s+me\s+on"
    r"|how\s+(?:busy|packed|full|hectic|booked)\s+(?:am\s+i|is\s+my))\b",
    "create": r"\b(?:schedule|add|create|book|put|set|arrange|plan|pencil\s+in|mark|stick|pop"
    r"|enter|insert|organi[sz]e|fix\s+(?:up\s+)?(?:a|an|my)"
    r"|block(?:\s+(?:off|out))?|note(?:\s+down)?|jot\s+down|write\s+down"
    r"|new\s+(?:event|meeting|appointment))\b",
}
PATTERNS = {name: lazy_pattern(p, re.IGNORECASE) for name, p in _INTENTS.items()}
NEXT = lazy_pattern(
    r"\b(?:my|the|our)\s+next\s+(?!(?:week|weekend|month|year|day|days|few|couple|\d+)\b)[a-z]"
    r"|\b(?:i|we)\s+next\s+(?:see|have|meet|go)\b|\bwhat(?:'s|\s+is)\s+next\b"
    r"|\bwhat(?:\s+do\s+i\s+have|\s+have\s+i\s+got|(?:'s|\s+is)\s+up)\s+next\b",
    re.IGNORECASE,
)
_EVENT_NOUN = lazy_pattern(
    r"\b(?:(?P<mod>[a-z][\w']*)\s+)?(?P<noun>meetings?|appointments?|events?|party|wedding|concert"
    r"|game|match|tournament|class|lunch|dinner|breakfast|birthdays?|bday|interview|flight"
    r"|dentist|doctor|picnic|barbecue|bbq|potluck"
    r"|conference|practice|recital|graduation|reunion|trip|presentation|reservation|anniversary"
    r"|bill\s+cycle|ceremony|festival|inauguration|appt|club|haircut|checkup|visit|session"
    r"|review|workshop|seminar|webinar|lesson|briefing|standup)\b"
    r"(?:(?:\s+(?:that\s+)?(?:i|we)\s+(?:have|had|'ve\s+got))?\s+with\s+"
    r"(?!(?:me|us|you|them|him|her|my|the|a|an)\b)(?P<who>[a-z][\w']*))?",
    re.IGNORECASE,
)
_HEAD_NOUN = lazy_pattern(r"(?:'s)?\s+(?:appointments?|appts?|visit|checkup|check\s+up)\b", re.I)
"""The noun after an event word that names the event better ("dentist appointment")."""
_NOT_MODIFIER = frozenset(
    "a an the my our any all next first last this that today's tomorrow's todays tomorrows "
    "upcoming coming up latest open future pending scheduled what which when is are do i have "
    "morning afternoon evening night tonight's weekly daily having attending going getting "
    "where's when's what's how's where when what how long find search check locate "
    "about for of on in at to with every each some how many much else other whose "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december".split()
)
_MEETING_WHO = lazy_pattern(
    r"\b(?:meet|meeting|see|seeing|visit|visiting|pick(?:ing)?\s+up|drop(?:ping)?\s+off|collect(?:ing)?)"
    r"\s+(?:with\s+)?(?:the\s+|my\s+)?"
    r"(?!(?:me|us|you|them|him|her|a|an|anyone|someone|up|today|tonight|tomorrow|this|next|at|on"
    r"|in|for|to|from|by|scheduled|set|planned|booked|i|is|are|was|were|and|or|then|again|later"
    r"|soon|now|every|each|all|any|some|that|it|there|here|with|end|ends|start|starts|begin|begins"
    r"|finish|finishes|over)\b)(?P<who>[a-z][\w']*)",
    re.IGNORECASE,
)
ASKS_WHEN = lazy_pattern(
    r"^\s*(?:when|(?:what|which)\s+(?:day|date)|on\s+what\s+day|how\s+soon|how\s+long\s+until"
    r"|what(?:'s|\s+is)\s+the\s+date\s+of)\b",
    re.IGNORECASE,
)
GENERIC = lazy_pattern(r"(?:meetings?|appointments?|events?|appt)", re.IGNORECASE)
_QUESTION = lazy_pattern(
    r"^\s*(?:what|when|where|which|who|whose|is|are|am|was|were|do|does|did|have|has|tell|show"
    r"|give|how|anything|any)\b",
    re.IGNORECASE,
)


def event_query(text: str) -> str:
    """The event a calendar question names ("the wedding", "my doctor appointment"), or ""."""
    found = _EVENT_NOUN.search(text)
    meets = _MEETING_WHO.search(text)  # "when am i meeting jo", "what time do i see the doctor"
    seen = meets["who"].lower() if meets and meets["who"].lower() not in _NOT_MODIFIER else ""
    if found is None:
        return seen or asked_event(text, _NOT_MODIFIER)
    if (head := _HEAD_NOUN.match(text, found.end())) and not found["who"]:
        return f"{found['noun']}{head[0]}".lower()  # "my dentist appointment", "doctor's visit"
    mod = found["mod"] or ""
    if mod.lower() in _NOT_MODIFIER or mod[:1].isdigit():
        mod = ""
    who = found["who"] or ("" if mod or seen == found["noun"].lower() else seen)
    return " ".join(w for w in (mod, found["noun"], who) if w).lower()


_REMINDER = lazy_pattern(
    r"^\s*(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:remind\s+me"
    r"|notify\s+me(?=\s+(?:of|about)\b)|tell\s+me(?=\s+(?:(?:on|at|in|by|tomorrow|tonight|today|this"
    r"|next|\w+day|\d\S*|morning|afternoon|evening|night|am|pm)\s+){0,4}to\s+\w)|(?:set|add|create|make|schedule)"
    r"\s+(?:(?:a|an|me\s+a)\s+)?(?:(?:event|calendar)\s+)?reminder)\b"
    r"(?:\s+(?:of|about|for|that)\b)?[\s,]*",
    re.I,
)
"""A request said as a reminder: "remind me (of|about) ...", "notify me of/about ...", "set (a)
(event) reminder (for) ..."; the words after the head name what to be reminded of."""


def as_reminder(text: str) -> str | None:
    """`text` (its courtesy stripped) as the timer reads a reminder, or None when it asks for none.

    "notify me of the dentist at 4" is "remind me of the dentist at 4"; "remind me to ..." and
    "set a reminder ..." are the timer's own words.
    """
    if _REMINDER.match(text) is None:
        return None
    return re.sub(r"\b(?:notify|tell)\s+me\b", "remind me", text, count=1, flags=re.I)


_REMINDERS = lazy_pattern(r"\breminders?\b", re.I)
_NOT_REMINDERS = lazy_pattern(
    r"\b(?:events?|meetings?|appointments?|appts?|calendar|diary|agenda|schedule)\b", re.I
)


_TIMERS = lazy_pattern(r"\b(?:timers?|alarms?)\b", re.I)
_SEES = lazy_pattern(
    r"^\s*(?:(?:have\s+)?(?:i\s+|you\s+)?got(?=\s+any\b)|(?:i'?d\s+like|i\s+would\s+like|i\s+want"
    r"|i\s+wanna|can\s+i|could\s+i|let\s+me)\s+(?:to\s+)?(?:see|hear|check))\b",
    re.I,
)
"""A question said as a wish or a "got any": "got any reminders for friday", "i'd like to see my
reminders"."""


def asked_plainly(text: str) -> str:
    """`text` with a wish or a "got" that opens a question said as "show".

    "i'd like to see my reminders" is "show my reminders", "got any reminders today" "show any
    reminders today".
    """
    return _SEES.sub("show", text, count=1)


def asks_reminders(text: str) -> bool:
    """Whether `text` asks about the user's reminders, timers or alarms, which the timer keeps.

    "what are my reminders for this week", "show today's reminders", "when is my next reminder",
    and anything about a timer or an alarm ("set a timer for five minutes for cookies").
    """
    if _NOT_REMINDERS.search(text) is not None:
        return False
    if _TIMERS.search(text) is not None:
        return True
    return (
        _REMINDERS.search(text) is not None
        and _REMINDER.match(text) is None
        and (intent_of(text) == "list" or _SEES.match(text) is not None)
    )


def reminded_event(text: str) -> str | None:
    """What a reminder the timer could not set names, read as an event to add, or None.

    "remind me of the meeting at 4" -> "the meeting at 4"; None when `text` is no reminder or
    names nothing ("remind me").
    """
    found = _REMINDER.match(text)
    if found is None:
        return None
    return text[found.end() :] or None


BARE_PERIOD = lazy_pattern(
    r"\b(?:my|the|this)\s+(?P<unit>week|weekend|month)\b|\b(?P<ly>weekly|monthly)\s+(?:schedule|plan"
    r"|agenda)\b",
    re.I,
)
_DONE_TO = lazy_pattern(r"\b(?:cancelled|canceled|deleted|removed|rescheduled|moved)\b", re.I)


_ABOUT_EVENTS = lazy_pattern(
    r"^\s*(?!(?:please\s+)?(?:set|make|get|fix|arrange|organi[sz]e|want|need|i|we|let's|let\s+us)\b)"
    r"(?:(?:today|tomorrow|tonight)'s\s+\w+|(?:[\w']+\s+){0,5}(?:meetings|events|appointments|appts))"
    r"(?:\s+(?:for\s+|on\s+)?(?:today|tonight|tomorrow|(?:this|next)\s+\w+|monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday))?\s*[?.!]?\s*$",
    re.I,
)
"""Events asked about without a verb: "tomorrow's meetings", "first week of march meetings"."""
_WH = lazy_pattern(
    r"^\s*(?:please\s+)?(?:what|when|where|which|who|is|are|was|were|(?:did|have|has)\s+(?:you|i|we)"
    r"|(?:(?:can|could)\s+you\s+)?(?:tell|show)\s+me\s+(?:what|when|which|where|if|whether|the|about))\b",
    re.I,
)
"""A question, though it says "add" or "set": "did you add the dentist", "tell me what day ..."."""
_ASKS_TO_ADD = lazy_pattern(
    r"^\s*(?:(?:can|could|will|would)\s+you|do\s+you\s+mind|is\s+it\s+possible\s+to)\b"
    r"|^\s*(?:how|where|when)\s+(?:do|can|should)\s+i\s+(?:add|book|schedule|put|create)\b",
    re.I,
)
_BARE_EVENT = lazy_pattern(
    r"^\s*(?:(?:ok|okay|so|olly|alexa|hey)\s+)*(?:there(?:'s|\s+is)\s+)?(?:(?:a|an|my|the|our)\s+)?"
    r"(?!(?:cancel|delete|remove|clear|drop|move|reschedule|postpone|show|list|find|check|tell|read"
    r"|next|upcoming|any|all|no|every)\b)(?:[\w']+\s+){0,2}?"
    r"(?:meeting|appointment|appt|lunch|dinner|breakfast|brunch|party|interview|call|class|practice"
    r"|rehearsal|session|date|game|match|review|lesson|haircut|checkup|conference|dentist|doctor"
    r"|play|recital|concert|gig|assembly|performance|tournament|graduation|ceremony)"
    r"(?:\s+(?:with|at|for)\s+[\w' ]+?)?\s*[.!]?$",
    re.IGNORECASE,
)


def is_bare_event(text: str, now: datetime) -> bool:
    """An event said with its day and time and nothing else: one to add.

    "meeting with john tomorrow at 3", "tuesday lunch with the team at noon", "there's a party at
    jim's on saturday at 8"; a question, a plural ("meetings tomorrow at 3") or a verb leaves it a
    listing.
    """
    if _QUESTION.match(text) or text.rstrip().endswith("?"):
        return False
    when = parse_when(text, now)
    if when is None or not (when.has_date and when.has_time):
        return False
    return _BARE_EVENT.match(strip_when(text)) is not None


_WAKE = lazy_pattern(
    r"^\s*(?:(?:(?:hey|ok|okay)\s+)?(?:google|siri|alexa|olly)\b[\s,]*"
    r"|please\s+(?=(?:what|when|where|which|who|whose|is|are|am|do|does|did|have|has|any|tell|show)\b))+",
    re.IGNORECASE,
)
"""A wake word or a "please" before a question: "alexa what have i got on thursday"."""
_POLITE_END = lazy_pattern(
    r"[\s,]+(?:please|thanks|thank\s+you|for\s+me|again)(?:[\s,]+(?:please|thanks))?[\s.!?]*$", re.I
)


_PLANS_CHANGED = lazy_pattern(
    r"^\s*(?:(?:a\s+)?(?:slight\s+|small\s+|little\s+)?change\s+(?:of|in|to)\s+(?:my\s+|the\s+)?plans?"
    r"|change\s+(?:my|our|the)\s+plans?|(?:my\s+|our\s+|the\s+)?plans?\s+(?:have\s+|has\s+)?changed)"
    r"[\s,.:;!-]+(?=(?:please\s+)?(?:cancel|delete|erase|remove|scrap|drop|clear|move|reschedule"
    r"|push|postpone|add|put|schedule|book|call\s+off)\b)",
    re.IGNORECASE,
)
"""A change of plans said before the change itself: "change of plans, cancel the gym"."""


def strip_courtesy(text: str) -> str:
    """`text` without a wake word or "please" before it and "please"/"thanks"/"again" after it.

    "alexa what have i got on thursday", "when is the potluck again"; a change of plans said
    first goes too ("change my plan erase my next event").
    """
    text = _PLANS_CHANGED.sub("", text, count=1) or text
    return _POLITE_END.sub("", _WAKE.sub("", text, count=1)) or text


def intent_of(text: str) -> str:
    if re.fullmatch(r"\s*(?:my\s+)?schedule\s*", text, re.IGNORECASE):
        return "list"
    if TAKE_OFF.search(text):
        return "delete"
    if NOT_GOING.match(text) or REMOVED.match(text):
        return "delete"  # "i will no longer be joining mom for lunch tomorrow"
    found = [(m.start(), name) for name, p in PATTERNS.items() if (m := p.search(text))]
    if not found:
        return "list" if _QUESTION.match(text) or _ABOUT_EVENTS.search(text) else "create"
    first = min(found)[1]
    asks = _QUESTION.match(text) is not None
    if first == "create" and _WH.match(text) and not _ASKS_TO_ADD.match(text):
        return "list"  # "which day is the book club", "when is the party i planned"
    if first == "list" and any(name == "free" for _, name in found):
        return "free"  # "do I have a free hour on wednesday"
    if first in ("delete", "update") and asks and _DONE_TO.search(text):
        return "list"  # "is jimmie's party on friday cancelled?" asks; it changes nothing
    if first == "list" and not asks and any(name == "delete" for _, name in found):
        return "delete"  # "can you take out the dentist appointment from my calendar"
    return first
