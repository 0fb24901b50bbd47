"""The calendar role: "what's on tomorrow", "add dentist on the 14th at 10am", "cancel standup"."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from agent_system.roles import Clarification, RoleCall, with_previous_turn
from agent_system.routing.slots import (
    format_duration,
    parse_date_range,
    parse_duration,
    parse_when,
    strip_when,
)
from agent_system.understanding import normalize
from agent_system.understanding._daytime import day_window, event_moment
from agent_system.understanding._slots import When

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = [
    "ROLE",
    "CalendarRole",
    "event_query",
    "extract_title",
    "is_bare_event",
    "strip_courtesy",
]

_INTENTS = {
    "delete": r"\b(?:cancel(?:s|led)?|delete[sd]?|remove[sd]?|drop|scrap|call\s+off|clear|erase"
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
_PATTERNS = {name: re.compile(p, re.IGNORECASE) for name, p in _INTENTS.items()}
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
    r"(?:(?:a|an|the|my|our)\s+)?|^that\s+(?:i|we)\s+have\s+(?:(?:a|an|the|my|our)\s+)?"
    r"|^there(?:'s|\s+is)\s+(?:(?:a|an|the|my|our)\s+)?",
    re.IGNORECASE,
)
_NEXT = re.compile(
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
_TIME_RANGE = re.compile(
    r"\b(?:from\s+)?(?P<a>\d{1,2}(?::\d{2})?)\s*(?P<ap>[ap]\.?m\.?)?\s*(?:-|to|until|till)\s*"
    r"(?P<b>\d{1,2}(?::\d{2})?\s*(?P<bp>[ap]\.?m\.?)?)",
    re.IGNORECASE,
)
_ALL_DAY = re.compile(
    r"\b(?:all[\s-]day|birthday|holiday|vacation|day\s+off|anniversary|save\s+the\s+date)\b", re.I
)
_REF_NOISE = re.compile(
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
_ASKS_WHEN = re.compile(
    r"^\s*(?:when|(?:what|which)\s+(?:day|date)|on\s+what\s+day|how\s+soon|how\s+long\s+until"
    r"|what(?:'s|\s+is)\s+the\s+date\s+of)\b",
    re.IGNORECASE,
)
_GENERIC = re.compile(r"(?:meetings?|appointments?|events?|appt)", re.IGNORECASE)
_QUESTION = re.compile(
    r"^\s*(?:what|when|where|which|who|whose|is|are|am|was|were|do|does|did|have|has|tell|show"
    r"|give|how|anything)\b",
    re.IGNORECASE,
)
_REMIND = re.compile(
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
        return seen
    if (head := _HEAD_NOUN.match(text, found.end())) and not found["who"]:
        return f"{found['noun']}{head[0]}".lower()  # "my dentist appointment", "doctor's visit"
    mod = found["mod"] or ""
    if mod.lower() in _NOT_MODIFIER or mod[:1].isdigit():
        mod = ""
    who = found["who"] or ("" if mod or seen == found["noun"].lower() else seen)
    return " ".join(w for w in (mod, found["noun"], who) if w).lower()


_REMIND_OF = re.compile(
    r"^\s*(?:please\s+)?(?:remind\s+me|notify\s+me(?=\s+(?:of|about)\b)|(?:set|add|create|make)\s+"
    r"(?:a\s+|an\s+)?(?:event\s+)?reminder)\s+(?:(?:of|about|for|that)\s+)?(?=\S)",
    re.I,
)
"""A reminder the timer could not set, read as the event it names."""

_BLOCK = re.compile(r"^\s*(?:please\s+)?block\s+(?:off|out)\b", re.I)
_BARE_PERIOD = re.compile(
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


_TAKE_OFF = re.compile(
    r"\b(?:take|knock|cross|strike)\s+(?P<what>(?:[\w']+\s+){1,5}?)off\s+(?:of\s+)?(?:my|the)\s+"
    r"(?:calendar|schedule|agenda|diary)\b",
    re.IGNORECASE,
)
""""take the team review off my calendar": a delete; the words between name the event."""


_WAKE = re.compile(
    r"^\s*(?:(?:(?:hey|ok|okay)\s+)?(?:google|siri|alexa|olly)\b[\s,]*|(?:hey|ok|okay)[\s,]+"
    r"|please\s+(?=(?:what|when|where|which|who|whose|how|is|are|am|do|does|did|have|has|tell"
    r"|show|give|any)\b))+",
    re.IGNORECASE,
)
"""A wake word or a "please" before a question: "alexa what have i got on thursday"."""
_POLITE_END = re.compile(r"[\s,]+(?:please|thanks|thank\s+you|for\s+me)[\s.!?]*$", re.I)


def strip_courtesy(text: str) -> str:
    """`text` without a wake word or "please" before it and "please"/"thanks" after it."""
    return _POLITE_END.sub("", _WAKE.sub("", text, count=1)) or text


def _intent(text: str) -> str:
    if re.fullmatch(r"\s*(?:my\s+)?schedule\s*", text, re.IGNORECASE):
        return "list"
    if _TAKE_OFF.search(text):
        return "delete"
    if NOT_GOING.match(text):
        return "delete"  # "i will no longer be joining mom for lunch tomorrow"
    found = [(m.start(), name) for name, p in _PATTERNS.items() if (m := p.search(text))]
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


def extract_title(text: str) -> tuple[str, str]:
    """(title, location) of an event to create: the words left once commands and times go."""
    text = re.sub(r"\ball[\s-]day\b", " ", text, flags=re.I)
    rest = _CALENDAR_WORDS.sub("", _TIME_RANGE.sub(" ", text))
    location = ""
    if found := _LOCATION.search(rest):
        location = found["loc"]
        rest = rest[: found.start()] + rest[found.end() :]
    rest = _COMMAND.sub("", strip_when(rest).strip(), count=1)
    rest = _SAID_PLAN.sub("", rest, count=1)  # "add that i have yoga", "i've got a haircut"
    title = re.sub(
        r"\s+(?:for|on|at|from|every|each|[ap]\.?m\.?|o'?clock)$", "", rest.strip(" ,.?!")
    ).strip()
    if re.match(r"with\s+\w", title, re.I):  # "schedule 30 minutes with ana"
        title = f"Meeting {title}"
    return (title[:1].upper() + title[1:], location)


def _reference(text: str, verb: re.Pattern[str]) -> str:
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
    rest = _REF_NOISE.sub("", rest).strip(" ,.?!")
    return "" if re.fullmatch(r"(?:it|that|this|them)(?:\s+(?:back|forward))?", rest) else rest


class CalendarRole:
    """The user's calendar: events, agenda, free time."""

    name = "calendar"
    tool_modules = ("roles.calendar.tools",)
    day_context = True
    routing_hint = "the user's calendar: events, meetings, appointments, free time"
    description = (
        "The user's calendar: add, list, move, rename and delete events, report conflicts, "
        "and find free time on a day."
    )
    examples = (
        "what's on my calendar today",
        "what do I have tomorrow",
        "show my agenda for this week",
        "any meetings next monday",
        "what's next on my calendar",
        "am I busy on friday afternoon",
        "add dentist appointment on the 14th at 10am",
        "schedule a meeting with Bob tomorrow at 3pm",
        "book lunch with Sam at Luigi's on friday at 1pm",
        "put standup on my calendar tomorrow at 9:30 for 15 minutes",
        "create an event called team review next tuesday from 2 to 4pm",
        "add mom's birthday on march 3rd",
        "move the dentist to thursday at 11",
        "reschedule my meeting with Bob to 4pm",
        "rename standup to daily sync",
        "cancel my dentist appointment",
        "delete the team review from my calendar",
        "when am I free tomorrow",
        "do I have a free hour on wednesday",
        "find me 30 minutes of free time today",
        "do I have anything on tomorrow",
        "have I got anything on this weekend",
        "what's my next meeting",
        "when is my next appointment",
        "cancel lunch with Sam",
        "call off the team dinner",
        "move lunch with Sam to 2pm",
        "push my 3 o'clock back an hour",
        "mark my calendar for the school play on the 12th at 6pm",
        "block out friday afternoon for focus time",
        "pencil in coffee with Ana on thursday at 10",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """Pick calendar.create/list/update/delete/free_time from the words used."""
        if _REMIND.match(text):  # "remind me to meet Joe for lunch tomorrow at noon"
            from roles.timer.role import ROLE as TIMER

            reminder = TIMER.interpret(text, slots, runtime, history)
            if isinstance(reminder, RoleCall):
                return reminder
        now = runtime.clock.now()
        return with_previous_turn(lambda t: self._interpret(t, now), text, history, self.name)

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim answers to its questions ("9am") and its everyday questions."""
        from roles.calendar._stage import calendar_stage

        return calendar_stage(runtime)

    def _interpret(self, text: str, now: datetime) -> RoleCall | Clarification:
        text = strip_courtesy(text)
        if reminded := _REMIND_OF.match(text):  # "remind me of the meeting at 4": an event
            return self._create(text[reminded.end() :], now)
        intent = "create" if is_bare_event(text, now) else _intent(text)
        if intent == "delete":
            going = NOT_GOING.match(text) or _TAKE_OFF.search(text)
            reference = (
                _REF_NOISE.sub("", going[1]).strip(" ,.?!")
                if going
                else _reference(text, _PATTERNS["delete"])
            )
            if not reference:
                return Clarification("Which event should I delete?", missing=("event",))
            return RoleCall("calendar.delete", {"event": reference})
        if intent == "update":
            return self._update(text)
        if intent == "free":
            duration = parse_duration(text)
            period = re.search(r"\b(?:this|next)\s+(?:week|weekend)\b", text, re.IGNORECASE)
            day = parse_date_range(text, now)
            date = period[0] if period else day[0].date().isoformat() if day else "today"
            arguments = {"date": date, "duration": format_duration(duration or timedelta(0))}
            if duration is None:
                arguments["duration"] = (
                    "1 hour" if re.search(r"\ban?\s+(?:free\s+)?hour", text) else "30 minutes"
                )
            return RoleCall("calendar.free_time", arguments)
        if intent == "list":
            return self._list(text, now)
        return self._create(text, now)

    def _list(self, text: str, now: datetime) -> RoleCall:
        spans = [s for s in (parse_date_range(t, now) for t in (text, normalize(text))) if s]
        # "march seventh": the raw words name the month, the normalized ones the day
        span = min(spans, key=lambda s: s[1] - s[0]) if spans else None
        query = event_query(text)
        arguments: dict[str, Any] = {"query": query} if query else {}
        if _NEXT.search(text) and span is None:
            end = now + timedelta(days=30)
            return RoleCall(
                "calendar.list",
                {"start": now.isoformat(), "end": end.isoformat(), "limit": 1} | arguments,
            )
        if span is None and (period := _BARE_PERIOD.search(text)):  # "how does my week look"
            unit = period["unit"] or period["ly"][:-2]  # "weekly" -> "week"
            span = parse_date_range(f"this {unit.lower()}", now)
        if span is None:
            if (query and not _GENERIC.fullmatch(query)) or _ASKS_WHEN.match(text):
                span = (now, now + timedelta(days=365))  # "when is the wedding": look ahead
            elif re.search(r"next|up\s*coming|coming|future", text, re.I):
                span = (now, now + timedelta(days=7))
            else:
                span = parse_date_range("today", now)
        assert span is not None
        if span[1] - span[0] == timedelta(days=1) and span[0].time() == time(0):
            span = day_window(normalize(text), span[0]) or span  # "... between 2 and 4 pm"
        return RoleCall(
            "calendar.list",
            {"start": span[0].isoformat(), "end": span[1].isoformat()} | arguments,
        )

    def _update(self, text: str) -> RoleCall | Clarification:
        reference = _reference(text, _PATTERNS["update"])
        if not reference:
            return Clarification("Which event should I change?", missing=("event",))
        target = re.search(r"\s+to\s+(?P<new>.+)$", text, re.IGNORECASE)
        if target is None:
            return Clarification(f"What should I change {reference!r} to?", missing=("start",))
        new = target["new"].strip(" ,.?!")
        if re.match(r"^\s*rename\b", text, re.IGNORECASE):
            return RoleCall("calendar.update", {"event": reference, "title": new})
        return RoleCall("calendar.update", {"event": reference, "start": new})

    def _create(self, text: str, now: datetime) -> RoleCall | Clarification:
        if marked := MARK_AS.match(text):  # "mark friday as a day off": the day, all day
            when = parse_when(marked["when"], now)
            title = marked["what"].strip(" .!")
            if when is not None and when.has_date and not when.has_time:
                start = when.value.date().isoformat()
                return RoleCall(
                    "calendar.create", {"title": title[:1].upper() + title[1:], "start": start}
                )
        found = parse_when(text, now)
        spoken = normalize(text)  # spoken dates and times: "on ten march", "twelve thirty"
        said = parse_when(spoken, now) if spoken != text.lower() else None
        if said is not None and _named(said) > _named(found):
            text = spoken[:1].upper() + spoken[1:]
        title, location = extract_title(text)
        title = re.sub(r"^(?:for|as)\s+", "", title, flags=re.I)  # "block out friday for focus"
        title = title[:1].upper() + title[1:] or ("Busy" if _BLOCK.match(text) else "")
        arguments: dict[str, Any] = {"title": title}
        time_range = _TIME_RANGE.search(text)
        when_text = text
        if time_range:
            start = time_range["a"] + (time_range["ap"] or time_range["bp"] or "")
            when_text = text[: time_range.start()] + f" at {start} " + text[time_range.end() :]
        when = parse_when(when_text, now)
        if when is None:
            return Clarification(f"When is {title!r}?" if title else "When is it?", ("start",))
        if not when.has_time and not _ALL_DAY.search(text):
            return Clarification(f"What time is {title or 'it'!r}?", missing=("start",))
        if not title:
            return Clarification("What should I call the event?", missing=("title",))
        start = event_moment(when, text, now)  # "dinner at 7" is 19:00
        arguments["start"] = start.isoformat() if when.has_time else start.date().isoformat()
        if time_range:
            end = parse_when(time_range["b"], start)
            if end is not None:
                arguments["end"] = end.value.isoformat()
        elif (length := parse_duration(strip_time_range(text))) is not None:
            arguments["duration"] = format_duration(length)
        if location:
            arguments["location"] = location
        return RoleCall("calendar.create", arguments)


def _named(when: When | None) -> int:
    """How much of a moment was said: a day and a time (2), one of them (1), nothing (0)."""
    return 0 if when is None else int(when.has_date) + int(when.has_time)


def strip_time_range(text: str) -> str:
    """`text` without "in 20 minutes"-style offsets, so only a real length counts as duration."""
    return re.sub(r"\b(?:in|within|after)\s+\S+\s+\w+", " ", text, flags=re.IGNORECASE)


ROLE = CalendarRole()
