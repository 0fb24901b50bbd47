"""Time and date questions said another way, reworded to the way the clock reads them.

Each family is its asking words x a place or a day:

- the part of the day somewhere: "is it morning in japan", "is it night in australia right now"
  ("what time is it in japan": the clock there answers it);
- how late it is, or would be, somewhere: "how late is it in hong kong", "what time would it be
  in chicago", "what is the time like in mumbai";
- the time in the user's own zone: "what's the time in my time zone" (the time here);
- how far ahead a place is: "how many hours ahead is tokyo" (from here), "how far behind is
  chicago", "how many hours ahead of us is sydney", "what's the time difference with london",
  "is london ahead of new york", "is tokyo ahead or behind london";
- a day's weekday asked last or inside another question: "the 14th of february is which day",
  "march 3rd is what day of the week", "on what day is christmas", "what day falls on march
  3rd", "tell me what day june 1st is", "do you know what date easter is";
- "what day are we on";
- a day's date said short: "date of next tuesday", "date after 5 days"; counting days: "tell me
  the days remaining for christmas", "count the days to june 5", "how many days have passed this
  year";
- the time somewhere said with other words: "what time do you have in new york", "what time is
  it there in sydney", "current local time in seoul", "current time of mumbai" (a known place),
  "is it night time now", "what's the time in central time"; a
  place's time zone: "time zone of tokyo", "what time zone is chicago".

The request has been normalized (lowercase, contractions expanded, number words as digits).
"""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern
from roles.conversation._zones import known

__all__ = ["in_zone", "plainly"]

_PLACE = r"(?P<place>[a-z][a-z .'-]{1,40}?)"
_NOW = r"(?:\s+(?:now|right\s+now|at\s+the\s+moment|currently|today))?"
_LEAD = (
    r"(?:(?:(?:can|could)\s+you\s+)?tell\s+me|do\s+you\s+know|i\s+(?:want|need|would\s+like)\s+"
    r"to\s+know|let\s+me\s+know|i\s+wonder|(?:can|could)\s+you\s+find\s+out|find\s+out)"
)
_REWORDED: tuple[tuple[re.Pattern[str], Any], ...] = (
    # said with a few more words: "what timezone am i in right now", "which day is it today",
    # "is it past midnight in tokyo", "what time is it in tokyo when it's noon here"
    (
        lazy_pattern(
            r"^(?P<q>(?:what|which)\s+time\s*zone\s+(?:am\s+i|are\s+we)(?:\s+in)?)"
            r"\s+(?:right\s+now|now|currently|at\s+the\s+moment|today)$"
        ),
        r"\g<q>",
    ),
    (lazy_pattern(r"^which\s+day\s+is\s+(?:it|today)(?:\s+today)?$"), "what day is it"),
    (
        lazy_pattern(
            rf"^is\s+it\s+(?:past|after|before)\s+(?:midnight|noon|midday){_NOW}\s+in\s+"
            rf"{_PLACE}{_NOW}$"
        ),
        r"what time is it in \g<place>",
    ),
    (
        lazy_pattern(
            rf"^what\s+time\s+(?:is\s+it|will\s+it\s+be)\s+in\s+{_PLACE}\s+when\s+it(?:'s|\s+is)\s+"
            r"(?P<time>.+?)\s+here$"
        ),
        r"when it is \g<time> here what time is it in \g<place>",
    ),
    (
        lazy_pattern(r"^what(?:'s|\s+is)\s+the\s+date\s+next\s+week$"),
        "what is the date a week from today",
    ),
    # the part of the day, or how late it is, somewhere
    (
        lazy_pattern(
            r"^is\s+it\s+(?:the\s+)?(?:morning|afternoon|evening|night|daytime|nighttime|"
            r"night\s+time|day\s+time|day|am|pm)(?:\s+or\s+(?:the\s+)?(?:morning|afternoon|"
            rf"evening|night|day|am|pm))?(?:\s+yet)?{_NOW}\s+in\s+{_PLACE}{_NOW}$"
        ),
        r"what time is it in \g<place>",
    ),
    (
        lazy_pattern(rf"^how\s+late\s+is\s+it{_NOW}\s+in\s+{_PLACE}{_NOW}$"),
        r"what time is it in \g<place>",
    ),
    (
        lazy_pattern(
            rf"^what\s+time\s+(?:would|will|could|might)\s+it\s+be{_NOW}\s+in\s+{_PLACE}{_NOW}$"
        ),
        r"what time is it in \g<place>",
    ),
    (lazy_pattern(r"\btime\s+like\s+(?=in\s)"), "time "),
    (lazy_pattern(r"\b(night|day)\s+time\b"), r"\1time"),  # "is it night time now"
    (  # "current time of mumbai": of a known place only ("the time of the meeting" is not)
        lazy_pattern(r"\btime\s+of\s+(?P<place>[a-z][a-z .'-]{1,40}?)(?P<end>(?:\s+now)?)$"),
        lambda m: f"time in {m['place']}{m['end']}" if known(m["place"]) else m[0],
    ),
    # the time in the user's own zone
    (
        lazy_pattern(r"^(?P<asked>.*\btime(?:\s+is\s+it)?)\s+in\s+(?:my|our)\s+(?:time\s*)?zone$"),
        r"\g<asked>",
    ),
    # how far ahead a place is
    (
        lazy_pattern(r"^how\s+(?:far|much|many\s+hours?)\s+(?=(?:ahead|behind)\b)"),
        "how many hours ",
    ),
    (
        lazy_pattern(r"^(how many hours (?:ahead|behind)) of (?:us|me|here|you)\s+(is|are)\b"),
        r"\1 \2",
    ),
    (
        lazy_pattern(
            r"^(?:is|are)\s+(?P<a>[a-z][a-z .'-]{1,40}?)\s+(?:ahead(?:\s+of)?\s+or\s+behind"
            r"|behind\s+or\s+ahead(?:\s+of)?)\s+(?P<b>[a-z][a-z .'-]{1,40}?)(?:\s+in\s+time)?$"
        ),
        r"how many hours ahead is \g<a> from \g<b>",
    ),
    (
        lazy_pattern(
            rf"^how\s+many\s+hours?\s+(?P<side>ahead|behind)\s+(?:is|are)\s+"
            rf"(?!.*\b(?:from|of|than|to)\b){_PLACE}$"
        ),
        r"how many hours \g<side> is \g<place> from here",
    ),
    (
        lazy_pattern(
            r"^(?:what\s+is\s+)?(?:the\s+)?(?:time\s+difference|difference\s+in\s+time|time\s*zone"
            rf"\s+difference)\s+(?:with|to|from|for)\s+{_PLACE}$"
        ),
        r"the time difference between \g<place> and here",
    ),
    (
        lazy_pattern(
            r"^(?:is|are)\s+(?P<a>[a-z][a-z .'-]{1,40}?)\s+(?P<side>ahead\s+of|behind)\s+"
            r"(?P<b>[a-z][a-z .'-]{1,40}?)(?:\s+in\s+time)?$"
        ),
        r"how many hours ahead is \g<a> from \g<b>",
    ),
    # a day's weekday asked last, after "on", or inside another question
    (
        lazy_pattern(
            r"^(?P<day>(?!today\b)(?!it\b).+?)\s+is\s+(?:which|what)\s+(?:day|weekday|date)"
            r"(?:\s+of\s+the\s+week)?$"
        ),
        r"what day is \g<day>",
    ),
    (
        lazy_pattern(
            r"^(?:what|which)\s+day(?:\s+of\s+the\s+week)?\s+(?:(?:will|would|does|did|is|was)"
            r"\s+it\s+(?:be|fall|land)\s+on|(?:falls|lands)\s+on)\s+(?=\S)"
        ),
        "what day is ",
    ),  # "what day of the week will it be on july 4th", "what day of the week falls on ..."
    (
        lazy_pattern(
            r"^on\s+(?P<day>(?!it\b).+?)\s+(?:what|which)\s+day(?:\s+of\s+the\s+week)?\s+"
            r"(?:is\s+it|will\s+it\s+be|was\s+it)$"
        ),
        r"what day is \g<day>",
    ),  # "on july 4th what day of the week is it"
    (lazy_pattern(r"^(?:what|which)\s+day\s+falls\s+on\s+"), "what day is "),
    (lazy_pattern(r"^on\s+(?=(?:what|which)\s+(?:day|date)\s)"), ""),
    (
        lazy_pattern(
            rf"^{_LEAD}\s+(?:what|which)\s+(?P<kind>day|date)(?:\s+of\s+the\s+week)?\s+"
            r"(?P<day>(?!it\b)(?!(?:i|we|you|my|our|your)\b).+?)\s+(?:is|falls\s+on|is\s+on)$"
        ),
        r"what \g<kind> is \g<day>",
    ),
    (lazy_pattern(r"^what\s+day\s+are\s+we\s+(?:on|in|at)$"), "what day are we"),
    # a day's date said short: "date of next tuesday", "date after 5 days", "date 3 days back"
    (
        lazy_pattern(r"^(?:the\s+)?date\s+(?:of|on|for)\s+(?=(?:next|this|coming|last)\s)"),
        "what is the date of ",
    ),
    (
        lazy_pattern(r"^(?:the\s+)?date\s+(?=(?:after|in)\s+\d+\s+(?:days?|weeks?)$)"),
        "what is the date ",
    ),
    # counting days: "tell me the days remaining for christmas", "count the days to june 5"
    (
        lazy_pattern(
            r"^(?:tell\s+me\s+)?(?:the\s+)?(?:number\s+of\s+)?days\s+(?:remaining|left)\s+"
            r"(?:for|until|till|to|before)\s+"
        ),
        "how many days until ",
    ),
    (
        lazy_pattern(r"^count\s+(?:the\s+)?days\s+(?:to|until|till|before)\s+"),
        "how many days until ",
    ),
    (
        lazy_pattern(
            r"^how\s+many\s+days\s+(?:have\s+)?(?:passed|gone\s+by|elapsed)\s+(?:so\s+far\s+)?"
            r"(?:this|in\s+the|in\s+this)\s+year(?:\s+so\s+far)?$"
        ),
        "what day of the year is it",
    ),
    # the time somewhere said with other words, and a place's time zone
    (lazy_pattern(r"\btime\s+in\s+time\s+in\b"), "time in"),  # "the time in central time"
    (
        lazy_pattern(r"^what\s+time\s+(?:do\s+you\s+have|have\s+you\s+got)\s+in\s+"),
        "what time is it in ",
    ),
    (lazy_pattern(r"\b(?:is\s+it|time)\s+there\s+in\b"), lambda m: m[0].replace(" there", "")),
    (lazy_pattern(r"\bcurrent\s+local\s+time\b"), "local time"),
    (
        lazy_pattern(rf"^(?:the\s+)?time\s*zone\s+(?:of|for)\s+{_PLACE}$"),
        r"what is the time zone of \g<place>",
    ),
    (
        lazy_pattern(
            r"^(?:what|which)\s+time\s*zone\s+(?:is|are)\s+(?!(?:it|this|i|we|my|our)\b)"
            r"(?P<place>(?:(?!\s+in$).){2,40})$"
        ),
        r"what time zone is \g<place> in",
    ),
)


_IN_ZONE = lazy_pattern(
    r"\b(?:in|on|at)\s+(?:the\s+)?(?:current\s+)?"
    r"(?!(?:my|your|our|his|her|their|this|that|same|local|what|which|a|an)\b)"
    r"(?P<zone>(?:[a-z]+\s+)?[a-z]+?)"
    r"(?:\s+standard)?\s+(?:time\s*zone|timezone|time)\b(?!\s+(?:is|in|now|zone))"
)


def in_zone(said: str) -> str:
    """A zone said whole after "in", said as its place.

    "in the eastern time zone" -> "in eastern"; "on pacific time", "in india standard time", "in
    the uk time zone".
    """
    return _IN_ZONE.sub(lambda m: "in " + re.sub(r"\s+standard$", "", m["zone"]), said)


def plainly(said: str) -> str:
    """The question reworded the way the clock reads it (``said``: the normalized request).

    "how late is it in hong kong" -> "what time is it in hong kong"; "march 3rd is what day of
    the week" -> "what day is march 3rd"; any other request is returned as it is.
    """
    for pattern, plain in _REWORDED:
        said = pattern.sub(plain, said)
    return said
