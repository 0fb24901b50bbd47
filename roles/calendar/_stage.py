"""Calendar requests said the everyday way, claimed before the classifier.

"do I have anything going on at five", "how does my week look", "what does my thursday look
like", "anything in my diary on friday", "add yoga tomorrow at 6pm" (an add with a day and a
time, naming no timer, list or song): the user's own calendar, unmistakably. The claim is a
guess (`RouteDecision.guess`): the classifier overrules it when it is sure no role owns the
request. Answers to the calendar's own questions ("What time is 'Flight'?" ... "9am") are
claimed too (`roles._answers`).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from agent_system.understanding import normalize, split_clauses
from agent_system.understanding._frame import last_call, resolve_follow_up
from agent_system.understanding._frame_calendar import changes_the_event
from agent_system.understanding._slots import parse_when
from roles._answers import answer_stage
from roles.calendar._asked import event_answered, title_answered, which_event_answered
from roles.calendar._checks import TAG as _TAGGED
from roles.calendar._checks import checked_event, plan_with_someone
from roles.calendar._clear import clears_a_day
from roles.calendar._guests import INVITE_TO
from roles.calendar._pick import picked_answered
from roles.calendar._reading import GENERIC, is_bare_event, strip_courtesy
from roles.calendar._reminder_list import reminder_question
from roles.calendar._repeats import repeat_said
from roles.calendar._said_changes import said_change
from roles.calendar._same_day import day_before
from roles.calendar._shapes import DATE, asks_calendar, deletes_event, loose_time, said_plan
from roles.calendar._time_answered import time_answered
from roles.calendar._titles import marked_as
from roles.calendar._unnamed import THING, unnamed_calendar
from roles.calendar._which import NOT_GOING
from roles.calendar._windows import asks_window
from roles.calendar._within import within_period
from roles.memory._until import until_thing

if TYPE_CHECKING:
    from collections.abc import Callable

    from agent_system.runtime import Runtime

__all__ = ["calendar_stage", "is_calendar_question", "is_event_to_add"]

_PERIOD = (
    r"(?:day|week|weekend|morning|afternoon|evening|night|schedule|calendar|agenda|diary|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|month)"
)
_DAY = (
    rf"(?:{DATE}|today|tonight|tomorrow(?:\s+(?:morning|afternoon|evening|night))?|this\s+(?:morning|"
    r"afternoon|evening|week|weekend)|next\s+(?:week|weekend)|(?:this\s+|next\s+)?(?:monday|"
    r"tuesday|wednesday|thursday|friday|saturday|sunday)(?:\s+(?:morning|afternoon|evening|night))?"
    r"|the\s+\d{1,2}(?:st|nd|rd|th)?|later(?:\s+today|\s+on)?)"
)
_EVENT = (
    r"(?:meeting|appointment|appt|party|dinner|lunch|breakfast|brunch|wedding|interview|haircut|"
    r"concert|recital|rehearsal|practice|class|club|session|reunion|ceremony|graduation|"
    r"conference|presentation|standup|call|date|dentist|doctor|checkup|playdate|shower|picnic|"
    r"barbecue|bbq|potluck|review|workshop|seminar|webinar|lesson|briefing|sync)s?"
)
_PERSONAL = (
    r"(?:meeting|appointment|appt|review|standup|stand\s+up|sync|call|interview|lesson|session|"
    r"check\s*up|haircut|book\s+club|catch\s*up|one\s+on\s+one)s?"
)
"""Events only the user's own calendar knows the time of ("when is the team review")."""
_QUESTION = lazy_pattern(
    r"^(?:so\s+|and\s+)?(?:"
    r"(?:do|have|did)\s+i\s+(?:have|got|get)\s+(?:anything|something|any\s*thing|any\s+plans|"
    r"plans|stuff|things?)\s+(?:on|going\s+on|planned|scheduled|booked|happening|lined\s+up)\b"
    r"(?!.*\b(?:list|lists|cart|basket)\b)"
    r"|(?:is\s+there|have\s+i\s+got)\s+anything\s+(?:on|planned|scheduled|booked)\s+(?:for\s+)?"
    r"(?:today|tonight|tomorrow|this|next|on)\b"
    rf"|how\s+(?:does|is|will)\s+(?:my|the)\s+{_PERIOD}(?:\s+\w+)?\s+look(?:ing)?\b"
    rf"|what\s+does\s+(?:my|the|today'?s|tomorrow'?s|this\s+week'?s|next\s+week'?s)\s+{_PERIOD}"
    r"(?:\s+\w+)?\s+look\s+like\b"
    r"|(?:anything|what\s+is|what)\s+(?:in|on)\s+my\s+(?:calendar|agenda|diary|schedule)\b"
    r"|what\s+time\s+is\s+(?:the|my|our)\s+(?:\w+\s+)?(?:party|meeting|appointment|dinner|lunch|"
    r"event|wedding|interview|practice|rehearsal|class|call)\b"
    r"|(?:a\s+)?new\s+(?:event|meeting|appointment|calendar\s+entry)\b"
    r"|what\s+(?:do\s+i\s+have|have\s+i\s+got|is\s+up|is)\s+next(?:\s+on\s+my\s+(?:calendar|schedule"
    r"|agenda))?(?:\s+for\s+me)?(?:\s+(?:today|this\s+(?:morning|afternoon|evening)))?$"
    r"|(?:what\s+are|tell\s+me|show\s+me|what\s+about|any)?\s*(?:my|any)\s+plans?\s+(?:for|on|this|"
    r"next|today|tonight|tomorrow)\b"
    r"|(?:tell\s+me\s+)?what(?:\s+is|'s|\s+will\s+be)\s+happening\s+(?:today|tonight|tomorrow|this|later|"
    r"next|on\s+(?:the\s+\d|\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b"
    r"(?!.*\b(?:in|at|around|near|on)\s+(?!the\s+(?:morning|afternoon|evening)))"
    r"|am\s+i\s+(?:busy|free|available|booked|doing\s+anything)\b"
    r"|what\s+(?:do|have|did)\s+(?:i|we)\s+(?:have\s+|got\s+|get\s+)?(?:coming\s+up|up\s*coming|planned"
    r"|scheduled|booked|lined\s+up)(?:\s+(?:for\s+|on\s+)?(?:today|tonight|tomorrow|this|next|on)\b.*)?$"
    r"|do\s+i\s+have\s+(?:a\s+date|anywhere\s+to\s+be|somewhere\s+to\s+be|(?:any\s+)?plans)\b"
    r"|(?:any\s+|show\s+(?:me\s+)?|list\s+|my\s+)?(?:up\s*coming|future|latest)\s+events?$"
    r"|where\s+(?:am\s+i|do\s+i\s+(?:have|need))\s+(?:supposed\s+)?to\s+be\b"
    r"|when\s+is\s+(?:the|my|our)\s+(?!next\b|plane\b|flight\b|train\b|bus\b|delivery\b|package\b)"
    r"\w+(?:\s+\w+)?\s+scheduled\b"
    r"|(?:what\s+(?:date|day)\s+is|how\s+soon\s+is|how\s+long\s+until)\s+my\s+(?:\w+\s+)?(?:"
    r"anniversary|party|appointment|meeting|interview|wedding)$"
    r"|(?:today'?s|tomorrow'?s|my|the|this\s+week'?s)\s+(?:schedule|agenda)$|schedule$"
    r"|(?:my\s+)?(?:weekly|daily)\s+(?:plan|schedule|agenda)$"
    r"|when\s+(?:is|are|was)\s+(?:my|our|\w+'s)\s+(?:\w+\s+){0,2}(?:party|meeting|appointment|dinner|"
    r"lunch|wedding|interview|recital|graduation|reunion|ceremony|rehearsal|shower|class|check\s*up|"
    r"date|call|conference|presentation)s?$"
    r"|(?:book|schedule)\s+(?:a|an|my)\s+(?:haircut|dentist|doctor|appointment|meeting|call)\b"
    r".*\b(?:at|on|tomorrow|today|tonight|next|this)\b"
    rf"|what\s+(?:have\s+i\s+got|do\s+i\s+have|is)\s+(?:going\s+)?on\s+(?:for\s+|on\s+)?{_DAY}$"
    rf"|what\s+(?:have\s+i\s+got|do\s+i\s+have)\s+(?:for\s+|on\s+)?{_DAY}$"
    rf"|what\s+is\s+on\s+(?:for\s+)?{_DAY}$"
    rf"|(?:what|which)\s+(?:time|day|date)\s+(?:is|does|do)\s+(?:the|my|our|\w+'s)\s+"
    rf"(?:\w+\s+){{0,2}}{_EVENT}\b"
    r"|(?:what\s+time|when)\s+(?:do|am|will)\s+i\s+(?:see|seeing|meet|meeting|have\s+to\s+(?:see|meet"
    r"|be\s+at))\s+(?!.*\b(?:sun|sunrise|sunset|moon)\b)"
    rf"|(?:has|have|was|were|did|is)\s+(?:the|my|our)\s+(?:\w+\s+){{0,3}}?(?:{_EVENT}|\d+\s*[ap]\s*m|"
    r"\d+\s+o'?\s*clock)\s+(?:\w+\s+){0,3}?(?:been\s+|get\s+|got\s+)?(?:cancell?ed|moved|"
    r"rescheduled|postponed|called\s+off)\b"
    rf"|(?:where|what\s+time)\s+is\s+(?:the|my|our)\s+(?:\w+\s+){{0,2}}{_EVENT}\s+"
    r"(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening)|on\s+\w+)$"
    r"|(?:save|keep)\s+the\s+date\b"
    rf"|what\s+is\s+(?:the\s+plan|coming\s+up|planned)(?:\s+for\s+me)?(?:\s+(?:for\s+)?{_DAY})?$"
    rf"|when\s+is\s+(?:my|our)\s+(?:\w+\s+){{0,2}}{_EVENT}$"
    rf"|what\s+is\s+the\s+date\s+of\s+(?:the|my|our)\s+(?:\w+\s+){{0,2}}{_EVENT}$"
    r"|(?:(?:are|is)\s+there\s+|do\s+(?:i|we)\s+have\s+|have\s+(?:i|we)\s+got\s+)?(?:any|upcoming)\s+"
    r"birthdays\s+(?:coming\s+up|this\s+(?:week|month)|next\s+(?:week|month))$"
    rf"|what\s+is\s+(?:my\s+)?first\s+(?:thing|up|event|meeting|appointment)\s+(?:on\s+|for\s+)?{_DAY}$"
    rf"|anything\s+(?:after|before)\s+\d{{1,2}}(?::\d\d)?(?:\s*[ap]\s*m)?(?:\s+{_DAY})?$"
    rf"|what\s+is\s+my\s+{_PERIOD}\s+(?:looking\s+)?like\b"
    rf"|(?:how\s+(?:does|is)|what\s+does)\s+{_DAY}\s+look(?:ing)?(?:\s+like)?(?:\s+for\s+me)?$"
    rf"|(?:where|when|what\s+time|what\s+day)\s+is\s+(?:the|this|that|my)\s+event\b"
    r"|(?:which|what)\s+days?\s+(?:\w+\s+){0,3}?do\s+i\s+have\s+(?:any\s+)?(?:plans|meetings|"
    r"appointments|anything|something)\b"
    rf"|is\s+(?:my|our|the|\w+'s)\s+(?:\w+\s+)?{_EVENT}\s+(?:still\s+)?(?:on\s+)?{_DAY}$"
    r"|(?:tell\s+me\s+(?:more\s+|all\s+)?about|(?:(?:give|tell|get|show)\s+me\s+|i\s+(?:need|want)\s+)?"
    r"(?:(?:all|the|any|some|more)\s+)?(?:(?:known|more|other|the)\s+)?(?:info|information|details)"
    r"\s+(?:about|on|of|for|regarding)|more\s+about|what\s+(?:do|should)\s+i\s+(?:need\s+to\s+)?know"
    r"\s+about)\s+"
    rf"(?:(?:my|our|\w+'s)\s+(?:\w+\s+){{0,2}}{_EVENT}\b|(?:the\s+)?(?:\w+\s+){{0,2}}(?:{_EVENT}"
    rf"|tournament|show|festival|event|visit|trip)\s+(?:on\s+)?{_DAY})"
    r"|who\s+(?:is|are|will\s+be|should\s+i\s+expect(?:\s+to\s+be)?)\s+(?:coming|attending|going"
    r"|invited|joining|in|at|on)\s+(?:to\s+)?(?:the|my|our|today's|tomorrow's)\s+(?:\w+\s+){0,2}?"
    rf"{_EVENT}\b"
    r"|(?:let\s+me\s+know|tell\s+me|remind\s+me|show\s+me|what\s+is|which\s+is)\s+(?:about\s+)?"
    r"(?:the|my|all\s+(?:the\s+|my\s+)?)?\s*(?:next|upcoming|up\s*coming|scheduled|latest)\s+"
    r"(?:scheduled\s+)?(?:events?|meetings?|appointments?|week)\b"
    r"(?!.*\b(?:in|at|around|near)\s+(?!my\s|the\s+(?:next|coming)\s))"
    r")",
)

_MORE = lazy_pattern(
    r"^(?:so\s+|and\s+)?(?:"
    rf"what\s+am\s+i\s+(?:doing|up\s+to)\s+(?:on\s+|for\s+)?(?!today$|later){_DAY}$"
    r"|(?:are|is)\s+there\s+(?:any\s+)?(?:events?|meetings?|appointments?|calls?)\s+(?:scheduled|"
    rf"planned|booked|lined\s+up|(?:in|on)\s+my\s+calendar)\s+(?:for\s+|on\s+)?{_DAY}$"
    rf"|are\s+there\s+any\s+(?:meetings|appointments|calls)\s+(?:on\s+|for\s+)?{_DAY}$"
    rf"|(?:when|what\s+time)\s+(?:is|does)\s+the\s+(?:\w+\s+){{0,2}}?{_PERSONAL}"
    r"(?:\s+(?:start|begin))?$"
    r"|(?:when|what\s+time)\s+is\s+(?:lunch|dinner|breakfast|brunch|coffee|drinks)\s+with\s+"
    r"(?!(?:the|a|an)\s)\w+(?:\s+\w+)?$"
    r"|whats?\s+(?:is\s+)?happening\s+(?:with|in)\s+my\s+(?:day|week|weekend|schedule|calendar)\b"
    r")"
)
"""More everyday questions, read with "what's"/"time's" said out ("what time's the review")."""
_SAID_OUT = lazy_pattern(r"\b(what|when|where|who|how|time|it|that|there)'s\b")

_OVERVIEWED = (
    rf"(?:my|the|today'?s|tomorrow'?s|this\s+week'?s|next\s+week'?s)\s+{_PERIOD}(?:\s+\w+)?"
    rf"|{_DAY}"
)
"""A day or a period asked about as a whole: "my day", "tomorrow", "my week ahead"."""
_SURE = lazy_pattern(
    rf"^(?:so\s+|and\s+|please\s+)?(?:how\s+(?:busy|packed|full|hectic|booked\s+up)\s+(?:am\s+i|is\s+my\s+"
    rf"{_PERIOD})\b"
    r"|(?:go|run|walk|take|talk)\s+(?:me\s+)?through\s+(?:my\s+|the\s+)?(?:day|week|weekend|schedule|"
    r"agenda|calendar|diary|today|tomorrow|plans)\b"
    r"|(?:brief|update)\s+me\s+on\s+(?:my|today'?s|tomorrow'?s|the)\s+(?:day|week|schedule|"
    r"agenda|meetings|appointments)\b"
    rf"|(?:(?:can|could|would)\s+you\s+)?(?:tell|show)\s+me\s+what\s+(?:{_OVERVIEWED})\s+"
    r"(?:looks?|is\s+looking|will\s+look)\s+like\b"
    rf"|how\s+(?:is|'s)\s+(?:{_OVERVIEWED})\s+shaping\s+up\b"
    r"|(?:(?:can|could|would)\s+you\s+)?(?:give\s+me\s+|i\s+(?:need|want|would\s+like)\s+)?"
    r"(?:an?\s+|the\s+)?(?:(?:quick|brief|short|full)\s+)?(?:overview|rundown|run\s+down|preview"
    r"|breakdown|summary)\s+(?:of|for)\s+"
    rf"(?:{_OVERVIEWED})$)"
)
"""Questions only the user's calendar answers: claimed even when the classifier knows none."""


_TODAY = lazy_pattern(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b")
_ADD = lazy_pattern(
    r"^(?:please\s+)?(?:add|put|pencil\s+in|schedule)\s+(?!.*\b(?:timers?|alarms?|reminders?|"
    r"lists?|cart|basket|playlist|songs?|contacts?|minutes?|hours?|seconds?)\b)\w"
)


_NOT_CALENDAR = lazy_pattern(
    r"\b(?:timers?|alarms?|remind(?:er|ers)?|lists?|cart|basket|shopping|grocer(?:y|ies)|to\s*dos?|"
    r"playlists?|songs?|music|emails?|e-mails?|mails?|texts?|messages?|sms|contacts?|sync|share|"
    r"near\s+me|nearby|around\s+here|in\s+(?:my|the|this)\s+(?:city|area|town)|local|tickets?|"
    r"reservations?|orders?|subscriptions?|cards?|accounts?|payments?|transfers?|maintenance|"
    r"oil|deliver(?:y|ies)|bus|train|rail|station|flights?|weather|forecast|news|lights?|pto|"
    r"vacation|uber|lyft|taxi|cab|table|tires?|cars?|auto|repairs?|mechanic|inspection|check\s*up|"
    r"around|area|interesting|holidays?)\b"
)
_EVENT_WORD = lazy_pattern(
    r"\b(?:meeting|appointment|lunch|dinner|breakfast|brunch|party|wedding|interview|class|game|"
    r"match|concert|practice|rehearsal|conference|call|event|dentist|doctor)s?\b"
)
_GOING_TO = lazy_pattern(rf"\b(?:{THING}|event)\b")
"""What a plan given up names ("i'm not going to the gym on monday anymore")."""
_CALENDAR_NOUN = lazy_pattern(r"\b(?:calendar|agenda|diary)\b")
_MEETING = lazy_pattern(r"\b(?:meetings?|appointments?|appts?)\b")
_MY_SCHEDULE = lazy_pattern(r"\b(?:my|our|the)\s+(?:\w+\s+)?schedule\b(?!\s+(?:a|an|the|me)\b)")
_EVENTS = lazy_pattern(r"\bevents?\b")
_MINE = lazy_pattern(r"\b(?:my|i|i'm|i\s+am|our|for\s+me)\b")
_CALENDAR_VERB = lazy_pattern(
    r"\b(?:add|set(?:\s+up)?|put|schedule|book|create|make|note|mark|enter|insert|block|"
    r"cancel|delete|remove|erase|clear|drop|scrap|wipe|empty|take\s+(?:out|off)|"
    r"move|reschedule|postpone|push|change|update|rename|shift|"
    r"show|list|tell|check|give|read|what|whats|when|which|do\s+i\s+have|any|is|are|am\s+i|"
    r"how\s+many|next|upcoming|up\s*coming|coming\s+up|today|tomorrow|tonight)\b"
)
_CHANGE_EVENT = lazy_pattern(
    r"^(?:cancel|delete|remove|erase|call\s+off|scrap|drop|get\s+rid\s+of|move|reschedule|postpone"
    r"|push\s+back|push"
    r"|delay|bring|bump)\s+"
    r"(?:my|the|our|tomorrow's|today's|this\s+week's)?\s*(?:[\w':]+\s+){0,2}"
    r"(?:lunch|dinner|breakfast|brunch|meeting|appointment|party|event|dentist|doctor|haircut|class|"
    r"session|standup|stand\s+up|interview|date|call|conference|practice|rehearsal|game|match|review"
    r"|workshop|seminar|webinar|lesson|briefing|sync)\b"
)


def is_calendar_request(said: str) -> bool:
    """A request naming the calendar or an event with a calendar verb (`said`: normalized)."""
    said = re.sub(r"^(?:please\s+)?list\s+(?:out\s+)?(?:all\s+)?", "show ", said)  # not a list
    if _NOT_CALENDAR.search(said):
        return False
    if _CHANGE_EVENT.search(said):
        return True  # "cancel lunch with Sam", "move the dentist to friday"
    if not (
        _CALENDAR_NOUN.search(said)
        or _MEETING.search(said)
        or _MY_SCHEDULE.search(said)
        or (_EVENTS.search(said) and _MINE.search(said))  # "events today" may be the city's
    ):
        return False
    return _CALENDAR_VERB.search(said) is not None


def is_calendar_question(text: str, *, said: str | None = None) -> bool:
    """A question about the user's own calendar, in its everyday shapes (`said`: normalized)."""
    said = normalize(text) if said is None else said
    said = strip_courtesy(said)
    if (going := NOT_GOING.match(said)) and _GOING_TO.search(going["event"]):
        return not _NOT_CALENDAR.search(said)  # "i won't be attending the team dinner"
    said_out = _SAID_OUT.sub(r"\1 is", said)
    return (
        _QUESTION.search(said) is not None
        or _SURE.search(said) is not None
        or _MORE.search(said_out) is not None
        or (said_out != said and _QUESTION.search(said_out) is not None)
        or is_calendar_request(said)
        or asks_calendar(said)
        or deletes_event(said)
        or unnamed_calendar(said)  # "reschedule yoga to 7pm", "what's my next piano lesson"
        or asks_window(said)  # "what's on after 5", "what do i have for the rest of the day"
        or said_change(said) is not None  # "can we shift lunch with jo to 1:30"
    )


_ENGAGEMENT = lazy_pattern(
    r"^(?:(?:ok|okay|so|olly|alexa|hey)\s+)*(?:i\s+(?:have|need|want|got|am\s+going|will\s+be|'ll\s+be)"
    r"|(?:we|i)\s+(?:are|am)\s+having|we\s+(?:have|are\s+going|will\s+be)"
    r"|i'm\s+going|i'll\s+be|(?:please\s+)?(?:write\s+down|take\s+note\s+of|note\s+down|jot\s+down))\s+"
    r"(?:that\s+)?(?:i\s+am\s+going\s+|i'm\s+going\s+)?(?!to\s+call\b)(?:to\s+)?(?:(?:a|an|my|the)\s+)?"
    r"(?:\w+\s+)?"
    r"(?:meet(?:ing)?|seeing|lunch|dinner|breakfast|brunch|party|appointment|appt|interview|"
    r"call|conference|class|practice|rehearsal|game|match|wedding|birthday|concert|go\s+to"
    r"|cinema|movies|theat(?:er|re)|gig|show|ballet|opera|pub|zoo|gym)\b"
)
_SET_EVENT = lazy_pattern(
    r"^(?:please\s+)?(?:schedule|book|set\s+up|arrange|plan|organi[sz]e|add)\s+(?:a|an|my|the|our)?\s*"
    r"(?:\w+\s+)?(?:meeting|appointment|lunch|dinner|breakfast|brunch|party|interview|call|"
    r"conference|date|get\s+together|catch\s+up)\b"
)
_WITH_SOMEONE = lazy_pattern(
    r"\bwith\s+(?!(?:the\s+)?(?:list|timer|alarm)\b)\w+"
    r"|\b(?:birthday|anniversary|holiday|vacation|day\s+off)\b"
)


def is_event_to_add(text: str, now: datetime, *, said: str | None = None) -> bool:
    """An event to put on the calendar, naming no timer, list or song.

    An add with a day and a time ("add yoga at 6"), or with a day and someone or an all-day word
    ("add dinner with mom tomorrow"); "schedule dinner with Sara"; "i have a meeting with Al on
    friday at 10".
    """
    said = repeat_said(normalize(text) if said is None else said)[2]  # "on mondays": a day
    said = loose_time(said)  # "at around 10", "3ish", "half six": that hour
    if (marked := marked_as(said)) and (when := parse_when(marked["when"], now)) is not None:
        return when.has_date  # "mark friday as a day off": that day, all day
    if _NOT_CALENDAR.search(said):
        return False
    if _SET_EVENT.search(said) or is_bare_event(said, now) or plan_with_someone(said, now):
        return True
    if INVITE_TO.search(said):
        return (when := parse_when(said, now)) is not None and when.has_date
    engaged = _ENGAGEMENT.search(said) is not None
    if not engaged and _ADD.search(said) is None:
        if not said_plan(said):  # "i have yoga tomorrow at 6", "book me in for a massage ..."
            return False
        when = parse_when(loose_time(said), now)
        return (
            when is not None
            and when.has_time
            and (when.has_date or _TODAY.search(said) is not None)
        )
    when = parse_when(said, now)
    if when is None and within_period(said, now) is not None:  # "add x with mom next month"
        return _WITH_SOMEONE.search(said) is not None
    if when is None or not when.has_date:
        return False
    return when.has_time or engaged or _WITH_SOMEONE.search(said) is not None


def calendar_stage(runtime: Runtime) -> Callable[[RouteRequest], RouteDecision | None]:
    """The calendar's first stage: answers to its questions, then its everyday questions."""
    answers = answer_stage("calendar", runtime)

    def stage(request: RouteRequest) -> RouteDecision | None:
        if (answered := answers(request)) is not None:
            return answered
        if (changed := _change_to_the_event(request, runtime)) is not None:
            return changed
        history = list(request.history)
        if (named := _asks_about_the_event(request)) is not None:
            return named
        if _adds_on_that_day(request, runtime.clock.now()):
            resolved = resolve_follow_up(request.text, history, runtime.clock.now())
            return RouteDecision(  # "what's on friday" ... "add yoga at 6": on Friday
                target=RouteTarget.FAST_REPLY,
                role="calendar",
                confidence=0.9,
                slots={"follow_up": True} if resolved and resolved.calls else {},
                reason="An event to add on the day the turn before was about.",
                scores={"calendar": 0.9},
            )
        if (
            which_event_answered(request.text, history) is not None
            or picked_answered(request.text, history) is not None
            or event_answered(request.text, history) is not None
            or title_answered(request.text, history) is not None
            or time_answered(request.text, history, runtime.clock.now()) is not None
        ):
            return RouteDecision(  # "cancel it" ... "Which event should I delete?" ... "the lunch"
                target=RouteTarget.FAST_REPLY,
                role="calendar",
                confidence=0.95,
                reason="The answer to the calendar's question of the turn before.",
                scores={"calendar": 0.95},
            )
        text = request.text
        said = normalize(text)
        if until_thing(said) is not None:
            return None  # "how long until my anniversary": a day the user told (memory role)
        now = runtime.clock.now()
        checked = checked_event(strip_courtesy(said), now)  # "march 1 is jo's party, right"
        asked = checked is not None or clears_a_day(strip_courtesy(said), now)
        asked = asked or is_calendar_question(text, said=said)
        asked = asked or reminder_question(said, runtime)  # "any reminders tomorrow?"
        if not asked and not is_event_to_add(text, now, said=said):
            return None
        if not asked and _asks_the_clock(text):
            return None  # "date after 5 days": a question about the date, no event called "Date"
        told = said_change(strip_courtesy(said)) is not None  # "i can't make X, cancel it": one
        if checked is None and not told and len(split_clauses(text)) > 1:
            return None  # "... today and tomorrow": the compound rules split it
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="calendar",
            confidence=0.9,
            guess=_SURE.search(said) is None and not _sure_family(said, now),
            slots={"whole": True} if told else {},
            reason="A question about the user's own calendar.",
            scores={"calendar": 0.9},
        )

    return stage


def _asks_the_clock(text: str) -> bool:
    """A question about the time or the date ("date after 5 days", "the date 3 days from now")."""
    from roles.conversation._clock import is_clock_question

    return is_clock_question(text)


def _sure_family(said: str, now: datetime) -> bool:
    """Whether a family of `roles.calendar._shapes` is claimed for sure.

    Also "i won't be going to the party tomorrow": claimed even when the classifier knows no
    role for it.
    """
    said = strip_courtesy(said)
    if (going := NOT_GOING.match(said)) and _GOING_TO.search(going["event"]):
        found = parse_when(going["event"], now)
        if re.search(r"\b(?:any\s*more|any\s+longer)$", said):
            return True  # "i'm not going to pilates anymore"
        return found is not None and found.has_date
    if asks_calendar(said) or deletes_event(said) or plan_with_someone(said, now):
        return True
    if said_change(said) is not None:
        return True  # "the book club is now at 8pm", "the vet isn't happening anymore"
    if unnamed_calendar(said):
        return True  # "stop piano every monday", "reschedule yoga to 7pm"
    if clears_a_day(said, now):
        return True  # "clear my friday", "wipe my schedule for tomorrow"
    if (checked := checked_event(said, now)) is not None:
        return not checked[0].startswith("the ") or _TAGGED.search(said) is not None
    found = parse_when(loose_time(said), now)
    return (
        said_plan(said)
        and found is not None
        and found.has_time
        and (found.has_date or _TODAY.search(said) is not None)
    )


_BOOK = lazy_pattern(r"^(?:(?:and|also|then|ok|okay|please)\s+)*(?:book|make)\s+(?:me\s+)?an?\s+\w")


def _adds_on_that_day(request: RouteRequest, now: datetime) -> bool:
    """An add with a time and no day right after a calendar turn about one day.

    "what's on friday" ... "add yoga at 6", "book a haircut at 3" (the role keeps that day).
    """
    if day_before(list(request.history)) is None:
        return False
    said = normalize(request.text)
    if _NOT_CALENDAR.search(said) or not (_ADD.search(said) or _BOOK.search(said)):
        return False
    when = parse_when(loose_time(said), now)
    return when is not None and when.has_time and not when.has_date


def _asks_about_the_event(request: RouteRequest) -> RouteDecision | None:
    """A question naming the event the turn before added, moved or asked about, claimed.

    "when is run club?" after "add run club on saturday at 8am" (the role reads it as any
    question); after a listing that asked about one by name ("when is run club" ... "what
    time's run club") too.
    """
    previous = last_call(list(request.history))
    if previous is None or previous.tool not in _NAMES_ONE:
        return None
    arguments = previous.arguments
    title = str(arguments.get("title") or arguments.get("query") or "").lower()
    words = [w for w in re.findall(r"[a-z0-9']+", title) if w not in _SMALL_WORDS]
    if previous.tool == "calendar.list" and GENERIC.fullmatch(title):
        return None  # "what's my next meeting" named no event
    said = set(re.findall(r"[a-z0-9']+", normalize(request.text)))
    if not words or not set(words) <= said or not _ASKS_WHEN.match(normalize(request.text)):
        return None
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="calendar",
        confidence=0.9,
        reason="A question about the event just added.",
        scores={"calendar": 0.9},
    )


_CHANGES = ("calendar.update", "calendar.delete", "calendar.remind_before")
_ASKS_WHEN = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|sorry|remind\s+me)\s+)*(?:when|what\s+time|what\s+day|which\s+day"
    r"|is|are|where|how\s+long|what's|when's|whens)\b"
)
_NAMES_ONE = ("calendar.create", "calendar.update", "calendar.list")
_SMALL_WORDS = frozenset("a an the my our with and of to at on for in".split())


def _change_to_the_event(request: RouteRequest, runtime: Runtime) -> RouteDecision | None:
    """A change to the event just added, moved or asked about, claimed.

    "cancel it", "move it to 3pm"; after a listing of several events the role asks which one.
    """
    history = list(request.history)
    previous = last_call(history)
    if previous is None or previous.tool not in (
        "calendar.create",
        "calendar.update",
        "calendar.list",
    ):
        return None
    resolved = resolve_follow_up(request.text, history, runtime.clock.now())
    if resolved is None or not resolved.calls:
        if previous.tool != "calendar.list" or not changes_the_event(normalize(request.text)):
            return None
    elif resolved.calls[0].tool not in _CHANGES and not (
        resolved.calls[0].arguments.get("detail")  # "where is it", "how long is it"
        or resolved.calls[0].arguments.get("check")  # "is it still on monday?"
    ):
        return None
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="calendar",
        confidence=0.95,
        slots={"follow_up": True},
        reason="A change to the event just added or asked about.",
        scores={"calendar": 0.95},
    )
