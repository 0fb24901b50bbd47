"""How calendar requests are said.

Which change they ask for, the event they name, the title of an event to add, and the shapes that
are one to add or a listing ("meeting with jo at 3").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system.routing.slots import parse_when, strip_when
from roles.calendar._shapes import asked_event

if TYPE_CHECKING:
    from datetime import datetime

__all__ = [
    "ALL_DAY",
    "ASKS_WHEN",
    "BARE_PERIOD",
    "BLOCK",
    "GENERIC",
    "MARK_AS",
    "NEXT",
    "NOT_GOING",
    "PATTERNS",
    "REF_NOISE",
    "REMIND",
    "REMIND_OF",
    "TAKE_OFF",
    "TIME_RANGE",
    "WHICH_TO_CHANGE",
    "WHICH_TO_DELETE",
    "event_query",
    "event_reference",
    "extract_title",
    "intent_of",
    "is_bare_event",
    "strip_courtesy",
    "which_event_answered",
]

_INTENTS = {
    "delete": r"\b(?:cancel(?:s|led)?|delete[sd]?|remove[sd]?|drop|scrap|call\s+off|clear|erase"
    r"|ditch|nix|axe|unschedule|un\s*schedule|strike|free\s+up|^(?:please\s+)?forget(?:\s+about)?"
    r"|empty|wipe|take\s+off|take\s+out|get\s+rid\s+of|disregard|destroy|deleted|removed"
    r"|cancelled)\b",
    "update": r"\b(?:move|reschedule|change|push|postpone|rename|shift|update)\b",
    "free": r"\b(?:free|available|availability|open\s+slots?|gaps?)\b",
    "list": r"\b(?:what(?:'s|\s+is)?\s+(?:on|next|happening)|what\s+do\s+i\s+have|show|list"
    r"|(?:what|when)(?:'s|\s+is)?\s+(?:my|the)\s+next|anything\s+on|next\s+(?:meeting|event|appointment)"
    r"|'s\s+schedule|(?:my|any)\s+plans|(?:what|which|any)\s+(?:events?|meetings?|appointments?)"
    r"|(?:future|upcoming)\s+(?:events?|meetings?)|what\s+day\s+is|where\s+is\s+(?:the|my)"
    r"|tell\s+me\s+(?:about|when)|let\s+me\s+know\s+when|when\s+(?:is|are)\s+my"
    r"|agenda|my\s+(?:schedule|calendar|day|week)|any\s+(?:meetings|events|appointments)"
    r"|do\s+i\s+have|am\s+i\s+busy|coming\s+up|up\s*coming"
    r"|anything\s+(?:planned|scheduled|booked|happening|going\s+on)"
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
PATTERNS = {name: re.compile(p, re.IGNORECASE) for name, p in _INTENTS.items()}
_COMMAND = re.compile(
    r"^(?:(?:(?:hey|ok|okay)\s+)?(?:google|siri|alexa|olly)\s+|(?:hey|ok|okay)\s+)?(?:please\s+)?"
    r"(?:(?:can|could|shall)\s+(?:you|we)\s+|let's\s+(?=do\s|have\s|schedule\s|book\s|set\s)"
    r"|let\s+us\s+)?(?:do\s+|have\s+(?=lunch|dinner|breakfast|brunch|coffee|drinks))?"
    r"(?:i(?:\s+want|\s+need|\s+would\s+like|'d\s+like|\s+have)\s+to\s+(?:go\s+to\s+|attend\s+|be\s+at\s+)?"
    r"|i\s+have\s+(?=an?\s)|i\s+need\s+(?=an?\s)|(?:that\s+)?i(?:'m|\s+am)\s+(?:going\s+to\s+)?"
    r"|(?:i'll|i\s+will)\s+be\s+(?:seeing\s+|at\s+)?)?(?:mark\s+(?:down\s+)?(?:(?:my|the|in\s+my)\s+"
    r"(?:calendar|diary|agenda)\s+)?(?:for\s+|with\s+)?|schedule|add|create|book(?:\s+me\s+in\s+for)?"
    r"|put|set(?:\s+up)?|arrange|organi[sz]e|fix(?:\s+up)?|enter|insert|stick|pop"
    r"|plan|pencil\s+in|make|block(?:\s+(?:off|out))?|note(?:\s+down)?|jot\s+down|write\s+down"
    r"|save\s+the\s+date)?"
    r"\s*(?:(?:a|an|the|my)\s+)?(?:new\s+)?(?:(?:calendar\s+)?(?:event|entry|reminder)"
    r"(?:\s+(?:called|named|titled|for))?\b\s*)?",
    re.IGNORECASE,
)
_SAID_PLAN = re.compile(
    r"^(?:that\s+)?(?:i|we)(?:\s+have|'ve|\s+am|'m|\s+are|'re)\s+(?:got\s+|having\s+)"
    r"(?:(?:a|an|the|my|our)\s+)?|^(?:that\s+)?(?:i|we)\s+(?:also\s+)?have\s+(?!to\b)"
    r"(?:(?:a|an|the|my|our)\s+)?"
    r"|^there(?:'s|\s+is)\s+(?:(?:a|an|the|my|our)\s+)?",
    re.IGNORECASE,
)
NEXT = re.compile(
    r"\b(?:my|the)\s+next\s+(?:meeting|event|appointment|thing)|\bwhat(?:'s|\s+is)\s+next\b",
    re.IGNORECASE,
)
_CALENDAR_WORDS = re.compile(
    r"\s*\b(?:to|in|on|into|onto)\s+(?:(?:my|the|our)\s+(?:(?:family|work|personal|shared)\s+)?"
    r"(?:calendar|agenda|diary|schedule)|(?:(?:family|work|personal|shared)\s+)?(?:calendar|agenda"
    r"|diary))\b",
    re.IGNORECASE,
)
_LOCATION = re.compile(r"\s+(?:at|in)\s+(?P<loc>[A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*)*)")
TIME_RANGE = re.compile(
    r"\b(?:from\s+)?(?P<a>\d{1,2}(?::\d{2})?)\s*(?P<ap>[ap]\.?m\.?)?\s*(?:-|to|until|till)\s*"
    r"(?P<b>\d{1,2}(?::\d{2})?\s*(?P<bp>[ap]\.?m\.?)?)",
    re.IGNORECASE,
)
ALL_DAY = re.compile(
    r"\b(?:all[\s-]day|birthday|holiday|vacation|day\s+off|anniversary|save\s+the\s+date)\b", re.I
)
REF_NOISE = re.compile(
    r"\b(?:my|the|from|on|in)\s+(?:my\s+)?(?:calendar|agenda|diary)\b|^\s*(?:my|the|a)\s+",
    re.IGNORECASE,
)


_EVENT_NOUN = re.compile(
    r"\b(?:(?P<mod>[a-z][\w']*)\s+)?(?P<noun>meetings?|appointments?|events?|party|wedding|concert"
    r"|game|match|tournament|class|lunch|dinner|breakfast|birthdays?|bday|interview|flight"
    r"|dentist|doctor|picnic|barbecue|bbq|potluck"
    r"|conference|practice|recital|graduation|reunion|trip|presentation|reservation|anniversary"
    r"|bill\s+cycle|ceremony|festival|inauguration|appt|club|haircut|checkup|visit|session"
    r"|review|workshop|seminar|webinar|lesson|briefing|standup)\b"
    r"(?:\s+with\s+(?!(?:me|us|you|them|him|her|my|the|a|an)\b)(?P<who>[a-z][\w']*))?",
    re.IGNORECASE,
)
_HEAD_NOUN = re.compile(r"(?:'s)?\s+(?:appointments?|appts?|visit|checkup|check\s+up)\b", re.I)
"""The noun after an event word that names the event better ("dentist appointment")."""
_NOT_MODIFIER = frozenset(
    "a an the my our any all next first last this that today's tomorrow's todays tomorrows "
    "upcoming coming up latest open future pending scheduled what which when is are do i have "
    "about for of on in at to with every each some how many much else other whose "
    "monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december".split()
)
_MEETING_WHO = re.compile(
    r"\b(?:meet|meeting|see|seeing|visit|visiting)\s+(?:with\s+)?(?:the\s+|my\s+)?"
    r"(?!(?:me|us|you|them|him|her|a|an|anyone|someone|up|today|tonight|tomorrow|this|next|at|on"
    r"|in|for|to|from|by|scheduled|set|planned|booked|i|is|are|was|were|and|or|then|again|later"
    r"|soon|now|every|each|all|any|some|that|it|there|here|with)\b)(?P<who>[a-z][\w']*)",
    re.IGNORECASE,
)
ASKS_WHEN = re.compile(
    r"^\s*(?:when|(?:what|which)\s+(?:day|date)|on\s+what\s+day|how\s+soon|how\s+long\s+until"
    r"|what(?:'s|\s+is)\s+the\s+date\s+of)\b",
    re.IGNORECASE,
)
GENERIC = re.compile(r"(?:meetings?|appointments?|events?|appt)", re.IGNORECASE)
_QUESTION = re.compile(
    r"^\s*(?:what|when|where|which|who|whose|is|are|am|was|were|do|does|did|have|has|tell|show"
    r"|give|how|anything)\b",
    re.IGNORECASE,
)
REMIND = re.compile(
    r"^\s*(?:please\s+)?(?:remind\s+me|(?:set|add|create|make)\s+(?:a\s+|an\s+)?(?:event\s+)?"
    r"reminder)\b",
    re.I,
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


REMIND_OF = re.compile(
    r"^\s*(?:please\s+)?(?:remind\s+me|notify\s+me(?=\s+(?:of|about)\b)|(?:set|add|create|make)\s+"
    r"(?:a\s+|an\s+)?(?:event\s+)?reminder)\s+(?:(?:of|about|for|that)\s+)?(?=\S)",
    re.I,
)
"""A reminder the timer could not set, read as the event it names."""

BLOCK = re.compile(r"^\s*(?:please\s+)?block\s+(?:off|out)\b", re.I)
BARE_PERIOD = re.compile(
    r"\b(?:my|the|this)\s+(?P<unit>week|weekend|month)\b|\b(?P<ly>weekly|monthly)\s+(?:schedule|plan"
    r"|agenda)\b",
    re.I,
)
_DONE_TO = re.compile(r"\b(?:cancelled|canceled|deleted|removed|rescheduled|moved)\b", re.I)


_ABOUT_EVENTS = re.compile(
    r"^\s*(?!(?:please\s+)?(?:set|make|get|fix|arrange|organi[sz]e|want|need|i|we|let's|let\s+us)\b)"
    r"(?:(?:today|tomorrow|tonight)'s\s+\w+|(?:[\w']+\s+){0,5}(?:meetings|events|appointments|appts))"
    r"(?:\s+(?:for\s+|on\s+)?(?:today|tonight|tomorrow|(?:this|next)\s+\w+|monday|tuesday|wednesday"
    r"|thursday|friday|saturday|sunday))?\s*[?.!]?\s*$",
    re.I,
)
"""Events asked about without a verb: "tomorrow's meetings", "first week of march meetings"."""
_WH = re.compile(r"^\s*(?:what|when|where|which|who|is|are|was|were)\b", re.I)
_ASKS_TO_ADD = re.compile(
    r"^\s*(?:(?:can|could|will|would)\s+you|do\s+you\s+mind|is\s+it\s+possible\s+to)\b"
    r"|^\s*(?:how|where|when)\s+(?:do|can|should)\s+i\s+(?:add|book|schedule|put|create)\b",
    re.I,
)
NOT_GOING = re.compile(
    r"^\s*i(?:'m|'ll|\s+am|\s+will|\s+can)?\s+(?:no\s+longer|not|n't|won't|will\s+not|can't|cannot)\s+"
    r"(?:be\s+)?(?:going\s+to|attending|attend|joining|join|make\s+it\s+to|coming\s+to|come\s+to)\s+"
    r"(?P<event>.+?)(?:\s+(?:any\s*more|any\s+longer|after\s+all))?\s*[.!]?$",
    re.IGNORECASE,
)


MARK_AS = re.compile(
    r"^\s*(?:please\s+)?(?:mark|set|put\s+down|block)\s+(?P<when>(?:(?:this|next|the)\s+)?[\w' ]+?)"
    r"\s+as\s+(?:an?\s+|my\s+)?(?P<what>day\s+off|holiday|vacation(?:\s+day)?|busy|out\s+of\s+"
    r"(?:the\s+)?office|sick\s+day|(?:a\s+)?work\s+from\s+home(?:\s+day)?|wfh|free\s+day)[\s.!]*$",
    re.IGNORECASE,
)
"""A day marked as a kind of day ("mark friday as a day off"): an all-day event of that name."""
_BARE_EVENT = re.compile(
    r"^\s*(?:(?:ok|okay|so|olly|alexa|hey)\s+)*(?:there(?:'s|\s+is)\s+)?(?:(?:a|an|my|the|our)\s+)?"
    r"(?!(?:cancel|delete|remove|clear|drop|move|reschedule|postpone|show|list|find|check|tell|read"
    r"|next|upcoming|any|all|no|every)\b)(?:[\w']+\s+){0,2}?"
    r"(?:meeting|appointment|appt|lunch|dinner|breakfast|brunch|party|interview|call|class|practice"
    r"|rehearsal|session|date|game|match|review|lesson|haircut|checkup|conference|dentist|doctor)"
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


TAKE_OFF = re.compile(
    r"\b(?:take|knock|cross|strike)\s+(?P<what>(?:[\w']+\s+){1,5}?)off\s+(?:of\s+)?(?:my|the)\s+"
    r"(?:calendar|schedule|agenda|diary)\b",
    re.IGNORECASE,
)
""""take the team review off my calendar": a delete; the words between name the event."""


_WAKE = re.compile(
    r"^\s*(?:(?:(?:hey|ok|okay)\s+)?(?:google|siri|alexa|olly)\b[\s,]*"
    r"|please\s+(?=(?:what|when|where|which|who|whose|is|are|am|do|does|did|have|has|any)\b))+",
    re.IGNORECASE,
)
"""A wake word or a "please" before a question: "alexa what have i got on thursday"."""
_POLITE_END = re.compile(r"[\s,]+(?:please|thanks|thank\s+you|for\s+me)[\s.!?]*$", re.I)


def strip_courtesy(text: str) -> str:
    """`text` without a wake word or "please" before it and "please"/"thanks" after it."""
    return _POLITE_END.sub("", _WAKE.sub("", text, count=1)) or text


def intent_of(text: str) -> str:
    if re.fullmatch(r"\s*(?:my\s+)?schedule\s*", text, re.IGNORECASE):
        return "list"
    if TAKE_OFF.search(text):
        return "delete"
    if NOT_GOING.match(text):
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


WHICH_TO_DELETE = "Which event should I delete?"
WHICH_TO_CHANGE = "Which event should I change?"
_PRONOUN = re.compile(r"\b(?:that\s+one|this\s+one|the\s+event|it|that|this)\b", re.IGNORECASE)
_EVENT_ANSWER = re.compile(
    r"(?!(?:what|when|where|who|how|why|is|are|do|does|can|could|will|would|set|add|turn|play|"
    r"cancel|delete|remove|stop|never\s+mind|nothing|none|no|nope|forget|neither|all|both)\b)"
    r"(?:(?:the|my|our)\s+)?[a-z0-9][\w' :]{1,50}",
    re.IGNORECASE,
)


def which_event_answered(text: str, history: list[Any]) -> str | None:
    """The request the answer `text` completes, or None.

    When the turn before asked which event to delete or change: "cancel it" ... "Which event
    should I delete?" ... "the lunch" -> "cancel the lunch". A question, a new command or a "no"
    is no answer.
    """
    if not history:
        return None
    last = history[-1]
    if (
        last.role != "calendar"
        or last.calls
        or last.reply.strip()
        not in (
            WHICH_TO_DELETE,
            WHICH_TO_CHANGE,
        )
    ):
        return None
    answer = re.sub(r"^(?:um|uh|oh|well|ok|okay)\s+|[\s.!]+$", "", text.strip(), flags=re.I)
    if len(answer.split()) > 6 or not _EVENT_ANSWER.fullmatch(answer):
        return None
    asked = str(last.text)
    if _PRONOUN.search(asked):
        return _PRONOUN.sub(answer, asked, count=1)
    return f"delete {answer}" if last.reply.strip() == WHICH_TO_DELETE else None


_TELL_ME = re.compile(
    r"^(?:(?:let\s+me\s+know|inform\s+me|tell\s+me|alert\s+me|notify\s+me|warn\s+me)\s+(?:about|of)"
    r"\s+(?:(?:the|my|our|a|an)\s+)?|(?:i've|i\s+have|we've|we\s+have|got)\s+(?:got\s+)?(?:a|an)\s+"
    r"|(?:my\s+)?calendar\s+(?:for\s+|(?=(?:meeting|appointment)\b)|(?:entry|event)\s*:?\s*)"
    r"|(?:my\s+)?calendar\s*:\s*|:\s*)",
    re.IGNORECASE,
)
_TITLE_TAIL = re.compile(
    r"[\s,]+(?:please\s+note(?:\s+it)?|note\s+(?:it|that)|please|thanks|thank\s+you)[\s.!]*$", re.I
)


def extract_title(text: str) -> tuple[str, str]:
    """(title, location) of an event to create: the words left once commands and times go."""
    text = re.sub(r"\ball[\s-]day\b", " ", text, flags=re.I)
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
        r"\s+(?:for|on|at|from|every|each|[ap]\.?m\.?|o'?clock)$", "", rest.strip(" ,.?!")
    ).strip()
    if re.match(r"with\s+\w", title, re.I):  # "schedule 30 minutes with ana"
        title = f"Meeting {title}"
    return (title[:1].upper() + title[1:], location)


def event_reference(text: str, verb: re.Pattern[str]) -> str:
    """The event a delete/update names: the words after the verb, minus calendar noise."""
    match = verb.search(text)
    rest = text[match.end() :] if match else text
    if match and re.fullmatch(r"\s*(?:it|them|that|this)?\s*(?:please)?\s*", rest, re.I):
        # "find dinner with mom on my calendar and delete it": the words before the verb
        rest = re.sub(
            r"^\s*(?:please\s+)?(?:find|look\s+up|get|whatever)\s+|\s+(?:and|then)\s*$|\s+is\b",
            "",
            text[: match.start()],
            flags=re.I,
        )
    rest = re.split(r"\s+(?:to|by|until)\s+", rest, maxsplit=1)[0]
    rest = REF_NOISE.sub("", rest).strip(" ,.?!")
    if match and re.fullmatch(r"(?:it|that|this|them)(?:\s+(?:back|forward))?", rest):
        return _named_before(text[: match.start()])  # "... the dinner on friday, so remove it"
    return rest


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


_EVENT_WORDS = re.compile(
    r"\b(?:meeting|appointment|appt|lunch|dinner|breakfast|brunch|party|wedding|interview|class"
    r"|practice|rehearsal|session|date|game|match|review|lesson|haircut|checkup|conference|dentist"
    r"|doctor|event|birthday|call|concert|trip|visit|club)s?\b",
    re.IGNORECASE,
)
