"""Which timers, alarms and reminders a request names: the filters of timer.list / timer.cancel.

"cancel my 8 am alarm" names the 08:00 alarms, "what alarms do I have tomorrow morning" that part
of that day, "how long is left on the pasta timer" the pasta timer, "cancel all timers" every one.
The timer role decides *what* to do (`roles.timer.role`); this module reads *which* ones.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.routing.slots import (
    When,
    extract_label,
    parse_date_range,
    parse_when,
    strip_when,
)
from agent_system.understanding import normalize
from roles.timer._said import clock_words
from roles.timer._window import between, days_of_week

__all__ = [
    "KIND",
    "PLURAL",
    "WAKE_QUESTION",
    "clock_said",
    "dotted_clock",
    "list_arguments",
    "reminder_list",
    "stopwatch_length",
    "target_of",
    "timer_name",
    "when_filter",
]

_ALL = lazy_pattern(r"\b(?:all|every(?:thing|one)?)\b", re.IGNORECASE)
KIND = lazy_pattern(r"\b(timer|alarm|reminder)s?\b", re.IGNORECASE)
WAKE_QUESTION = lazy_pattern(
    r"^\s*(?:(?:and|so|ok)\s+)?(?:(?:what\s+time|when)\s+(?:will|am|do)\s+(?:i|we)"
    r"\s+(?:be\s+)?(?:wak(?:e|ing)|get(?:ting)?)\s+up|what(?:'s|\s+is|\s+are)\s+(?:my|our)\s+"
    r"wake[\s-]?up\s+(?:time|call)s?|(?:my\s+)?wake[\s-]?up\s+time\b(?=.*\?\s*$))\b",
    re.IGNORECASE,
)
"""A question about the user's own wake-up: "what time will i wake up", "what's my wake up time"."""
_NUMBER = lazy_pattern(r"(?:#|\bnumber\s+|\btimer\s+)(\d+)\b", re.IGNORECASE)
_COUNT = lazy_pattern(r"\bhow\s+many\b|\bnumber\s+of\b|^\s*(?:please\s+)?count\b", re.IGNORECASE)
_COUNT_SAID = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|hey|please|now|then)\s+)*(?:can\s+you\s+|could\s+you\s+)?"
    r"(?:how\s+many(?:\s+of)?|(?:what(?:'s|\s+is)\s+|tell\s+me\s+|give\s+me\s+)?the\s+number"
    r"\s+of|count(?:\s+up)?)\s+(?:(?:my|the|our|your)\s+)?",
    re.IGNORECASE,
)
"""The asking words of a count ("how many", "the number of"): never part of a timer's name."""
_RUNNING = lazy_pattern(r"\b(?:running|going|active|on)\b", re.IGNORECASE)


_VAGUE = lazy_pattern(
    r"\b(?:upcoming|next|any|current|active|set|pending|outstanding|existing|scheduled|future|later"
    r"|soon|now|then"
    r"|alarms?|timers?|reminders?)\b",
    re.IGNORECASE,
)
PLURAL = lazy_pattern(r"\b(?:alarms|timers|reminders|wake[\s-]?up\s+calls)\b", re.IGNORECASE)


def when_filter(text: str, now: datetime) -> str:
    """timer.list/cancel's `when`: the day and/or clock time a request names, or ""."""
    spoken = _BY_LENGTH.sub(" ", clock_said(text))  # "the 10 minute timer": not the 10th
    if window := between(spoken, now) or days_of_week(spoken):
        return window  # "alarms between 6 and 8 tomorrow", "what alarms do i have on weekdays"
    found = parse_when(spoken, now)
    if found is None:
        if re.search(r"\btoday\b", spoken):
            return now.date().isoformat()
        said = re.sub(r"\b(?:the|this\s+coming|coming)\s+weekend\b", "this weekend", spoken)
        said = re.sub(
            r"\b(?:for|in|during)\s+the\s+(?:whole\s+|entire\s+)?week\b", "this week", said
        )
        span = _SPAN_WORDS.search(said) and parse_date_range(said, now)
        return f"{span[0].isoformat()}/{span[1].isoformat()}" if span else ""  # "this week"
    clock = re.search(r"\d|\b(?:noon|midnight|midday)\b", spoken)
    if found.has_time and clock and (bound := _BOUND.search(spoken)) is not None:
        return _bounded(found, bound["dir"].startswith(("before", "earlier", "until", "till")))
    if found.has_time and not clock:  # "tomorrow morning": that part of the day
        today = re.search(r"\b(?:this|today|tonight)\b", spoken) is not None
        return _part_of_day(spoken, found.value if found.has_date or today else None)
    if found.has_time and found.has_date:
        if found.ambiguous:  # "my alarm at 6 tomorrow": 06:00 or 18:00 that day
            morning = found.value.replace(hour=found.value.hour % 12)
            return f"{morning.isoformat()} or {(morning + timedelta(hours=12)).isoformat()}"
        return found.value.isoformat()
    if found.has_time:
        hour, minute = found.value.hour, found.value.minute
        if found.ambiguous:  # "my 6:30 alarm": 06:30 or 18:30
            return f"{hour % 12:02d}:{minute:02d} or {hour % 12 + 12:02d}:{minute:02d}"
        return f"{hour:02d}:{minute:02d}"
    return found.value.date().isoformat()


_BY_LENGTH = lazy_pattern(
    r"\b\d+(?:\.\d+)?\s*-?\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)\s*-?\s*(?=(?:timers?"
    r"|ones?|countdowns?)\b)",
    re.I,
)
"""A timer named by its length ("the 10 minute timer", "the 5-minute one"): no day or time."""
_LENGTH_ONE = lazy_pattern(
    r"\b(?P<n>\d+(?:\.\d+)?)\s*-?\s*(?P<unit>second|sec|minute|min|hour|hr)s?\s*-?\s*"
    r"(?:ones?|countdowns?)\b",
    re.I,
)
"""A timer named by its length and "one" ("cancel the 5 minute one"): its length."""
_BOUND = lazy_pattern(
    r"\b(?P<dir>before|earlier\s+than|until|till|after|later\s+than)\s+(?:at\s+)?"
    r"(?=\d|noon\b|midnight\b|midday\b)"
)
"""A time as a bound: "alarms before 6 in the morning", "reminders after 8 pm tomorrow"."""


def _bounded(found: When, before: bool) -> str:
    """timer.list's `when` for the part of a day (or of every day) before or after a time."""
    value = found.value
    if not found.has_date:
        hour = value.hour % 12 if found.ambiguous else value.hour  # "before 6": the morning
        clock = f"{hour:02d}:{value.minute:02d}"
        return f"00:00/{clock}" if before else f"{clock}/00:00"
    midnight = value.replace(hour=0, minute=0, second=0, microsecond=0)
    if before:
        return f"{midnight.isoformat()}/{value.isoformat()}"
    return f"{value.isoformat()}/{(midnight + timedelta(days=1)).isoformat()}"


_SPAN_WORDS = lazy_pattern(r"\b(?:week|weekend|month|next\s+\w+\s+days)\b")


_DAYS_SAID = lazy_pattern(
    r"week\s*days?|weekends?|daily|every\s*day|(?:mon|tues|wednes|thurs|fri|satur|sun)days?", re.I
)


def _a_span(label: str) -> bool:
    """A would-be name that says when: "weekend", "the whole week"."""
    bare = re.sub(
        r"^(?:(?:the|whole|entire|this|next|coming|following)\s+)+", "", label, flags=re.IGNORECASE
    )
    if re.fullmatch(r"(?:at\s+)?\d{1,2}(?:[: ]\d\d)?(?:\s*[ap]\.?m\.?)?", normalize(bare)):
        return True  # "is there an alarm for six thirty": a time, no name
    return _SPAN_WORDS.fullmatch(bare) is not None or _DAYS_SAID.fullmatch(bare) is not None


_PARTS = {"morning": (4, 12), "afternoon": (12, 18), "evening": (17, 24), "night": (18, 28)}


def _part_of_day(spoken: str, day: datetime | None) -> str:
    """timer.list's `when` for "tomorrow morning", "this evening", "tonight", "my morning alarm"."""
    found = re.search(r"\b(morning|afternoon|evening|night|tonight)\b", spoken)
    if found is None:
        return day.date().isoformat() if day is not None else ""
    start, end = _PARTS[found[1].removeprefix("to")]
    if day is None:
        return f"{start:02d}:00/{end % 24:02d}:00"
    midnight = day.replace(hour=0, minute=0, second=0, microsecond=0)
    low, high = midnight + timedelta(hours=start), midnight + timedelta(hours=end)
    return f"{low.isoformat()}/{high.isoformat()}"


# "list my timers", "show me the pasta timer": the asking words are not part of a timer's name.
_LIST_VERB = lazy_pattern(
    r"^(?:(?:please|and|so|ok|hey)\s+)*(?:can\s+you\s+|could\s+you\s+)?"
    r"(?:list|show|display|check|see|read|tell|give|what(?:'s|\s+is|\s+are)?|which|how\s+are)"
    r"(?:\s+(?:me|us|out))?\s+",
    re.IGNORECASE,
)


_FOR_WHAT = lazy_pattern(
    r"\b(?:alarms?|reminders?)\s+(?:\w+\s+){0,2}?for\s+(?:(?:the|my|our|a|an)\s+)?"
    r"(?P<what>[a-z][\w' -]*?)\s*\??$",
    re.IGNORECASE,
)


def _for_what(text: str) -> str:
    """What an alarm asked about is for: "do i have an alarm set for morning flight" -> flight."""
    found = _FOR_WHAT.search(text)
    return strip_when(found["what"]) if found else ""


_CHECK_THAT = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you)\s+)*(?:confirm|check|verify|make\s+sure"
    r"|double[\s-]?check|see)(?:\s+(?:that|if|whether))?\s+(?=(?:the|my|our|an?)\s)",
    re.IGNORECASE,
)
_IS_SET = lazy_pattern(r"\s+(?:is|are)\s+(?:still\s+)?(?:set|on|ready|active|running)\b", re.I)
"""A check that an alarm is set ("confirm that the alarm is set for tomorrow"): no name."""


def list_arguments(text: str, when: str = "") -> dict[str, Any]:
    """timer.list's filters for `text`.

    Which kind ("list my alarms"), which one ("the pasta timer"), only running ones, and
    whether the user asked for a count.
    """
    arguments: dict[str, Any] = {}
    kinds = {k.lower() for k in KIND.findall(text)}
    if len(kinds) == 1:
        arguments["kind"] = kinds.pop()
    elif not kinds and re.search(r"\bwak(?:e|ing)\b|\bget(?:ting)?\s+up\b", text, re.IGNORECASE):
        arguments["kind"] = "alarm"  # "what time am I waking up tomorrow"
    said = _IS_SET.sub("", _CHECK_THAT.sub("", text.strip()))  # "confirm that the alarm is set"
    said = _COUNT_SAID.sub("", said)  # "how many timers are running": no timer "how many"
    named = timer_name(_LIST_VERB.sub("", _VERB.sub("", said)))
    label = _VAGUE.sub("", extract_label(said) or named or _for_what(said)).strip()
    if label and _a_span(label):  # "alarms for the (whole) weekend": a when, no name
        label = ""
    if label and "kind" in arguments and not _ALL.search(text):
        arguments["target"] = label
    if _COUNT.search(text):
        arguments["count"] = True
        if _RUNNING.search(text):
            arguments["state"] = "running"
    if when and arguments.get("kind") != "timer":
        arguments["when"] = when
    return arguments


# "pause pizza timer", "status of 1 hour timer", "how long is left on the timer in the kitchen",
# "how much time do i have left on my timer"
_VERB = lazy_pattern(
    r"^(?:please\s+)?(?:cancel|stop|pause|resume|unpause|continue|restart|delete|remove|clear|"
    r"(?:turn|switch|shut)\s+off|kill|dismiss|silence|disable|get\s+rid\s+of|"
    r"status\s+of|(?:how\s+(?:much|long)\s+(?:more\s+)?(?:time\s+)?(?:is\s+(?:there\s+)?|do\s+(?:i|we)"
    r"\s+have\s+|have\s+(?:i|we)\s+got\s+|(?:i|we)\s+have\s+)?(?:still\s+)?|time\s+)left\s+on)\s+|"
    r"\s+status$",
    re.IGNORECASE,
)
_NAMED = lazy_pattern(
    r"^(?:(?:the|my|our)\s+)?(?:timers?\s+(?:for|named|called|in(?:\s+the)?)\s+(?P<after>.+)|"
    r"(?P<before>.+?)\s+timers?)$",
    re.IGNORECASE,
)


def timer_name(text: str) -> str:
    """The name or length in "pizza timer", "timer for 1 hour", "timer in kitchen" ("" if none)."""
    match = _NAMED.match(text.strip())
    if not match:
        return ""
    name = (match["after"] or match["before"] or "").strip()
    name = re.sub(r"^(?:(?:the|my|our|a|an|all|every|each)\b\s*)+", "", name, flags=re.IGNORECASE)
    return "" if name.lower() in ("", "the", "my", "all", "every") else name


_WANTS = lazy_pattern(
    r"^\s*(?:(?:i\s+(?:want|need|would\s+like)|i'd\s+like|please|can\s+you|could\s+you"
    r"|would\s+you|will\s+you)\s+(?:you\s+)?(?:to\s+)?)+(?=\w)",
    re.IGNORECASE,
)


_EACH_KIND = lazy_pattern(r"\b(timer|alarm|reminder)s?\b", re.IGNORECASE)


def target_of(text: str) -> str:
    """What a cancel/pause/resume names: "all alarms", "pasta timer", "3" or ""."""
    parts = []
    text = _WANTS.sub("", text)  # "i want to delete the alarm for tomorrow"
    kinds = list(dict.fromkeys(k.lower() for k in _EACH_KIND.findall(text)))
    if _ALL.search(text) and len(kinds) > 1:  # "cancel all my timers and alarms": both kinds
        return "all " + " ".join(f"{kind}s" for kind in kinds)
    if _ALL.search(text):
        parts.append("all")
    if number := _NUMBER.search(text):
        parts.append(number[1])
    elif (length := _LENGTH_ONE.search(text)) is not None:  # "the 5 minute one"
        parts.append(f"{length['n']} {length['unit']}")
    elif (
        (label := extract_label(text) or timer_name(_VERB.sub("", text.strip())))
        and not _a_span(label)  # "for the weekend" says when, not which
        and not re.match(r"(?:wake|get)\s+(?:me|us)\b|be\s+wo(?:ken|ke)\b", label, re.IGNORECASE)
    ):
        parts.append(label)
    if kind := KIND.search(text):
        parts.append(kind[1].lower())
    elif re.search(
        r"\bwake[\s-]?ups?(?:\s+calls?)?\b|\bwake\s+(?:me|us)\b|\bbe\s+wo(?:ken|ke)\b", text, re.I
    ):
        parts.append("alarm")  # "stop the wake up calls for this week", "don't wake me tomorrow"
    return " ".join(parts)


_BARE_HOUR = lazy_pattern(
    r"\b(?:for|by|(?<!quarter\s)(?<!half\s)(?<!\d\s)(?<!\d\d\s)(?<!minutes\s)to"
    r"|when\s+it(?:'s|\s+is))\s+(?P<h>\d{1,2}(?::\d{2})?)(?=\s*(?:$|today|tonight|tomorrow|on\b"
    r"|this\b|next\b|every\b|please\b|(?:to|for)\s+(?:the\s+)?[a-z]))"
)
"""A bare hour: "for 7", "by 6", "for 7 to go to the gym" (not "quarter to 7")."""


_RUN_TOGETHER = lazy_pattern(  # "five hundred and thirty" is normalized to "530": 5:30
    r"\b(?P<pre>for|at|to)\s+(?P<h>[1-9]|1[0-2])(?P<m>[0-5]\d)\b(?=\s*(?:[ap]\.?m\b|$|today"
    r"|tonight|tomorrow|on\b|this\b|next\b|every\b|please\b))"
)

_DOTTED = lazy_pattern(r"\b(?P<pre>for|at|to|by)\s+(?P<h>[01]?\d|2[0-3])\.(?P<m>[0-5]\d)\b(?!\.\d)")
"""A clock time said with a dot: "an alarm for 6.30" is 6:30."""


def dotted_clock(text: str) -> str:
    """`text` with a clock time said with a dot written with a colon ("at 5.45": "at 5:45")."""
    return _DOTTED.sub(lambda m: f"{m['pre']} {m['h']}:{m['m']}", text)


def clock_said(text: str) -> str:
    """`text` normalized, with a bare hour after "for"/"to" made plain for `parse_when`.

    "set an alarm for 7" -> "set an alarm at 7", "for five hundred and thirty" -> "at 5:30"
    ("4 in the afternoon" and "the 5 pm alarm" are read by `parse_when` itself).
    """
    spoken = _RUN_TOGETHER.sub(
        lambda m: f"{m['pre']} {m['h']}:{m['m']}", dotted_clock(normalize(text))
    )
    spoken = clock_words(spoken)  # "half 6" is 6:30
    spoken = re.sub(r"\b(today|tomorrow|tonight)s\b", r"\1", spoken)  # "tomorrows meeting"
    return _BARE_HOUR.sub(lambda m: f"at {m['h']}", spoken)


_REMINDER_LIST = lazy_pattern(
    r"\breminders?\s+list\b|\blist\s+of\s+(?:my\s+|all\s+)?reminders\b"
    r"|\b(?:list\s+of\s+)?(?:things|stuff)\s+(?:(?:i|we)\s+)?(?:\w+\s+)?to\s+remember\b"
    r"|^(?:what|which)\b(?:\s+\w+){0,4}?\s+(?:supposed|wanted|needed|need|had|have|meant)\s+to"
    r"\s+(?:remember|bear\s+in\s+mind|keep\s+in\s+mind)\b"
    r"|^(?:what|which)\b.*\b(?:ask(?:ed)?|tell|told|want(?:ed)?)\s+you\s+to\s+remind\s+me\b"
    r"|^(?:can\s+you\s+|please\s+)?remind\s+me\s+(?:of\s+)?what\s+(?:i|we)\s+(?:needed|need|had"
    r"|have|wanted|was\s+supposed)\s+to\s+(?:do|remember)\b",
    re.IGNORECASE,
)
_CHANGES = lazy_pattern(
    r"^\s*(?:please\s+)?(?:add|put|include|remove|delete|take|make|set)\b", re.I
)
_ONE_ON_IT = lazy_pattern(
    r"\breminder\s+(?:for|about)\s+(?:my\s+|the\s+)?(?P<what>.+?)\s+on\s+(?:my|the)\s+list\b", re.I
)

_CHECKED_FOR = lazy_pattern(
    r"^(?:please\s+)?(?:check|search|look\s+through|go\s+through)\s+(?:my|the)\s+reminders\s+"
    r"(?:for|about)\s+(?P<what>\w.*)$",
    re.IGNORECASE,
)
"""Reminders looked through for one: "check my reminders for mop the floor"."""


def reminder_list(text: str) -> dict[str, Any] | None:
    """timer.list's filters when `text` asks about the reminders, else None.

    "what is on my reminder list", "my list of things to remember", "is there a reminder for the
    dentist on my list" ("add X to my reminder list" is no question).
    """
    one = _ONE_ON_IT.search(text) or _CHECKED_FOR.search(text)
    if (_REMINDER_LIST.search(text) is None and one is None) or _CHANGES.match(text):
        return None
    return {"kind": "reminder", **({"target": one["what"]} if one else {})}


_STOPWATCH = lazy_pattern(
    r"(?<=\btimer\s)(?:for\s+)?(?P<a>\d{1,3}):(?P<b>[0-5]\d)(?::(?P<c>[0-5]\d))?\b"
    r"(?!\s*(?:[ap]\.?m\b|o'?clock))",
    re.IGNORECASE,
)


def stopwatch_length(text: str) -> str:
    """`text` with a timer's length said as a stopwatch reads it written out in words.

    "a timer for 25:00" is 25 minutes, "timer 1:30:00" an hour and a half: for a timer it is
    never a time of day.
    """
    found = _STOPWATCH.search(text)
    if found is None:
        return text
    a, b, c = int(found["a"]), int(found["b"]), found["c"]
    said = f"{a} hours {b} minutes {int(c)} seconds" if c else f"{a} minutes {b} seconds"
    return f"{text[: found.start()]}for {said}{text[found.end() :]}"
