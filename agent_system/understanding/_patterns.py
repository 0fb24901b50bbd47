"""The words and patterns time is said with: numbers, units, days, dates, clock times (shared by
the parsers in `_durations`, `_when`, `_date_range` and `_labels`)."""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

_UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
]  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90}
_WORD_VALUES = {word: value for value, word in enumerate(_UNITS)} | _TENS
_DIGIT_WORD = "one|two|three|four|five|six|seven|eight|nine"
_WORD_NUM = rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{_DIGIT_WORD}))?|{'|'.join(reversed(_UNITS))})"
_FRACTIONS = {"half": 0.5, "quarter": 0.25, "third": 1 / 3, "1/2": 0.5, "1/4": 0.25, "1/3": 1 / 3}
_UNIT_SECONDS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1}
_LONG_UNIT = r"weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?"
_ANY_UNIT = rf"{_LONG_UNIT}|wks?|[wdhms]"

_FRACTION = r"half|quarter|third|1/2|1/4|1/3"
_PIECE = lazy_pattern(
    rf"(?:(?<![\d./])(?P<digits>\d+(?:\.\d+)?)"
    rf"(?:\s+and\s+(?:a\s+)?(?P<dfrac>{_FRACTION}))?\s*-?\s*(?P<unit>{_ANY_UNIT})(?![a-z])"
    rf"|\b(?P<words>{_WORD_NUM}|a\s+couple\s+of|an?)"
    rf"(?:\s+and\s+(?:a\s+)?(?P<frac>{_FRACTION}))?[\s-]+(?P<wunit>{_LONG_UNIT})\b)"
    rf"(?:\s+and\s+a\s+(?P<frac2>half|quarter|1/2|1/4))?"
    rf"|(?:\bhalf|(?<![\d/])1/2)(?:\s+an?|-)?\s*(?P<half_unit>hour|minute|day)\b"
    rf"|\b(?P<quarters>three\s+quarters|(?:a\s+)?quarter)\s+(?:of\s+)?(?:an\s+)?hour\b",
    re.IGNORECASE,
)
_JOIN = lazy_pattern(r"^[\s,]*(?:and)?[\s,]*$", re.IGNORECASE)
_TRAILING = lazy_pattern(
    rf"^\s*(\d{{1,2}})\b(?![.:]\d|\s*(?:{_ANY_UNIT}|st|nd|rd|th|am|pm|a\.m|p\.m)(?![a-z]))",
    re.IGNORECASE,
)
_ISO_DURATION = lazy_pattern(
    r"^\s*p(?:(\d+)w)?(?:(\d+)d)?(?:t(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?)?\s*$",
    re.IGNORECASE,
)
_DAY_LINK = lazy_pattern(r"\s+(?:from|after|before)\s+", re.IGNORECASE)

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = (
    "jan(?:uary)?", "feb(?:ruary)?", "mar(?:ch)?", "apr(?:il)?", "may", "june?", "july?",
    "aug(?:ust)?", "sep(?:t(?:ember)?)?", "oct(?:ober)?", "nov(?:ember)?", "dec(?:ember)?",
)  # fmt: skip
_MONTH = "|".join(_MONTHS)
_ORD = r"(?:st|nd|rd|th)"
_PART_OF_DAY = r"in\s+the\s+(?:morning|afternoon|evening)|at\s+night|tonight"
_CLOCK_AFTER = rf"[ap]\.?m\b|o'?clock|[:.]\d|{_PART_OF_DAY}"
"""What follows an hour, never a day of the month: "the 5 pm alarm", "the 4 in the afternoon"."""
_NTH_VALUES = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3, "4th": 4}
_NTH_VALUES |= {"fourth": 4, "5th": 5, "fifth": 5, "last": -1}
HOLIDAYS: dict[str, tuple[int, int]] = {
    r"new\s+year'?s?\s+eve": (12, 31),
    r"new\s+year(?:'s|s)(?:\s+day)?|new\s+year\s+day": (1, 1),
    r"valentine'?s?(?:\s+day)?": (2, 14),
    r"(?:saint|st\.?)\s+patrick'?s?(?:\s+day)?": (3, 17),
    r"juneteenth": (6, 19),
    r"independence\s+day|(?:the\s+)?(?:fourth|4th)\s+of\s+july": (7, 4),
    r"hallowe'?en": (10, 31),
    r"guy\s+fawkes(?:\s+night|\s+day)?|bonfire\s+night": (11, 5),
    r"veterans'?\s+day|armistice\s+day|remembrance\s+day": (11, 11),
    r"christmas\s+eve|xmas\s+eve": (12, 24),
    r"christmas(?:\s+day)?|xmas(?:\s+day)?": (12, 25),
    r"boxing\s+day": (12, 26),
}
"""The holidays on a fixed date in the United States or the United Kingdom, said as a day
("on christmas eve", "for new year's day"): the next one, today included. Holidays counted by
a rule (Thanksgiving, Easter, Memorial Day) are not days here."""
_HOLIDAY = "|".join(f"(?:{spoken})" for spoken in HOLIDAYS)
_HOLIDAY_ENDS = (
    r"(?=\s*(?:$|[?.!,;]|\d|(?:at|in|on|morning|afternoon|evening|night|this|next|and|or|please"
    r"|too|then|until|till|to|from|through|around|by|before|after|for|again|instead)\b))"
)
"""A holiday is a day when nothing of a title follows it ("christmas lights", "a halloween
party" are things, not days)."""

_DATE = lazy_pattern(
    rf"\b(?:on\s+)?(?:"
    rf"(?P<hol>{_HOLIDAY}){_HOLIDAY_ENDS}|"
    rf"(?:the\s+)?(?P<nth>{'|'.join(_NTH_VALUES)})\s+(?P<nwd>{'|'.join(_WEEKDAYS)})\s+(?:in|of)\s+"
    rf"(?:(?P<nm>{_MONTH})(?:\s+(?P<ny>\d{{4}}))?|(?P<nwhich>this|next)\s+month|the\s+month)"
    rf"|(?:the\s+)?(?P<edge>end|start|beginning)\s+of\s+(?P<ewhich>the|this|next)\s+month"
    rf"|(?P<rel>(?:the\s+)?day\s+after\s+tomorrow|tomorrow|tmrw?|today|tonight)"
    rf"|(?:(?P<wmod>this\s+coming|coming|next|this)\s+)?(?P<wd>{'|'.join(_WEEKDAYS)})"
    rf"(?:\s+(?P<wafter>after\s+next|(?:of\s+)?next\s+week|(?:of\s+)?this\s+week))?"
    rf"|(?P<iy>\d{{4}})-(?P<im>\d{{2}})-(?P<id>\d{{2}})(?:[t ](?P<ih>\d{{2}}):(?P<imin>\d{{2}}))?"
    rf"|(?P<m1>{_MONTH})\.?\s+(?:the\s+)?(?P<d1>\d{{1,2}}){_ORD}?(?:,?\s+(?P<y1>\d{{4}}))?"
    rf"|(?:the\s+)?(?P<d2>\d{{1,2}}){_ORD}?\s+(?:of\s+)?(?P<m2>{_MONTH})(?:,?\s+(?P<y2>\d{{4}}))?"
    rf"|the\s+(?P<d3>\d{{1,2}})(?:{_ORD}|(?!\s*(?:{_CLOCK_AFTER})))|(?P<d4>\d{{1,2}}){_ORD}"
    rf")\b",
    re.IGNORECASE,
)
_HOUR_WORD = "twelve|eleven|ten|nine|eight|seven|six|five|four|three|two|one"
_TIME = lazy_pattern(
    rf"\b(?:at\s+|by\s+|around\s+)?(?:"
    rf"(?P<h1>\d{{1,2}}|{_HOUR_WORD})(?:[:.]?(?P<m1>[0-5]\d))?\s*(?P<ap>[ap])\.?m\b\.?"
    rf"|(?P<h2>\d{{1,2}}):(?P<m2>\d{{2}})\b"
    rf"|(?P<frac>half|(?:a\s+)?quarter)\s+(?P<dir>past|to)\s+(?P<h3>\d{{1,2}}|{_HOUR_WORD})\b"
    rf"|(?<!from\s)(?<!between\s)(?P<mins>[1-5]?\d|{_WORD_NUM})(?:\s+minutes?)?\s+(?:past|after)\s+"
    rf"(?P<h7>\d{{1,2}}|{_HOUR_WORD})\b(?:\s*(?P<ap7>[ap])\.?m\b)?(?!\s*(?:[:.]\d|{_ORD}"
    rf"|{_ANY_UNIT}))"
    rf"|(?:(?<=at\s)|(?<=by\s)|(?<=for\s))(?P<tmins>5|10|20|25|five|ten|twenty(?:[- ]five)?)"
    rf"(?:\s+minutes)?\s+to\s+"
    rf"(?P<h8>\d{{1,2}}|{_HOUR_WORD})\b(?:\s*(?P<ap8>[ap])\.?m\b)?(?!\s*(?:[:.]\d|{_ORD}"
    rf"|{_ANY_UNIT}))"
    rf"|(?P<named>noon|midday|midnight)"
    rf"|(?P<h4>\d{{1,2}}|{_HOUR_WORD})\s+o'?clock"
    rf"|(?P<h6>\d{{1,2}}|{_HOUR_WORD})(?:[:.](?P<m6>\d{{2}}))?(?=\s+(?:{_PART_OF_DAY})\b)"
    rf")"
    rf"|\bat\s+(?P<h5>\d{{1,2}}|{_HOUR_WORD})(?:\s+(?P<m5>{_WORD_NUM}|oh\s+(?:{_DIGIT_WORD})))?"
    rf"\b(?!\s*(?:{_ANY_UNIT}|{_ORD}|[:/.]\d)(?![a-z]))",
    re.IGNORECASE,
)
_PERIOD = lazy_pattern(
    r"\b(?:in\s+the\s+|this\s+)?(?P<p>morning|afternoon|evening)\b|\b(?:at\s+)?(?P<n>night)\b"
    r"|\b(?P<t>tonight)\b",
    re.IGNORECASE,
)
_PERIOD_HOURS = {"morning": 9, "afternoon": 15, "evening": 18, "night": 20}
_OFFSET = lazy_pattern(
    rf"\b(?P<n>\d{{1,3}}|an?|{_WORD_NUM})\s+(?P<unit>days?|weeks?)\s+(?P<dir>from|after|before)\s+$",
    re.IGNORECASE,
)
"""A count of days or weeks just before a day: "a week from friday", "2 days before the 14th"."""
_RELATIVE = lazy_pattern(r"\b(?:in|within|after)\s+$", re.IGNORECASE)
_FROM_NOW = lazy_pattern(r"^\s*(?:from\s+now|later|'?\s*time)\b", re.IGNORECASE)
"""After a length: "10 minutes from now", "in six weeks' time"."""
_DATEISH = lazy_pattern(
    rf"\d{{1,4}}[/.]\d{{1,2}}|\b(?:weeks?|months?|years?|fortnight|weekend)\b|\b(?:{_MONTH})\b",
    re.IGNORECASE,
)


_RANGE = lazy_pattern(
    r"\b(?P<which>this|next|coming)\s+(?P<unit>week|weekend|month)\b"
    r"|\b(?:the\s+)?(?:next|coming)\s+(?P<n>\d+|" + _WORD_NUM + r")\s+days\b"
    r"|\b(?P<rest>rest\s+of\s+the\s+week|upcoming|coming\s+up)\b",
    re.IGNORECASE,
)
