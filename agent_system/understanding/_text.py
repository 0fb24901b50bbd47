"""One text normaliser for everything that reads a request: router, roles, planner, resolvers.

`normalize` turns what people type or say into one canonical form, so a pattern written once
matches every variant of it::

    >>> normalize("Could you please set a timer for twenty-five minutes?")
    'set a timer for 25 minutes'
    >>> normalize("What's on at seven thirty p.m. tmrw")
    'what is on at 7:30 pm tomorrow'

In order: lowercase; one kind of apostrophe, quote and dash; spoken and chat forms ("a.m.",
"tmrw", "gonna"); contractions ("what's" -> "what is", "don't" -> "do not"; possessives such as
"mom's" stay); number words as digits ("twenty-five" -> "25", "two and a half" -> "2.5",
"seven thirty pm" -> "7:30 pm", "my ten thirty meeting" -> "my 10:30 meeting", "march third twenty
twenty seven" -> "march 3rd 2027"; the pronoun "one" stays unless a unit, clock word or month
comes first or after it: "april one" -> "april 1");
politeness and filler ("please", "could you", "um") dropped; punctuation dropped except clause
commas and semicolons, "%", "°", a leading minus and the separators inside numbers and times.
The result is idempotent: ``normalize(normalize(t)) == normalize(t)``.

English only, like the rest of the product.
"""

from __future__ import annotations

import functools
import re

from agent_system._lazy import lazy_pattern

__all__ = ["normalize", "numbers_to_digits"]

_QUOTES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
    }
)

_SPOKEN: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (lazy_pattern(pattern), replacement)
    for pattern, replacement in (
        (r"\b([ap])\.\s?m\b\.?", r"\1m"),
        # spoken and transcribed: "seven fifteen p m", "at 6 a m"
        (
            r"\b(\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen"
            r"|thirty|forty|fifty|o'?clock|noon)\s+([ap])\s+m\b",
            r"\1 \2m",
        ),
        (r"(\d)\s?([ap])m\b", r"\1 \2m"),
        (r"\bo\s+clock\b|\bo'clock\b|\boclock\b", "o'clock"),
        (r"\b(?:tmrw|tmr|tmrow|tomoz|tommorow|tommorrow|tomorow)\b", "tomorrow"),
        (r"\b(?:tonite|2nite)\b", "tonight"),
        (r"\b(?:2day)\b", "today"),
        (r"\bgonna\b", "going to"),
        (r"\bwanna\b", "want to"),
        (r"\bgotta\b", "have to"),
        (r"\blemme\b", "let me"),
        (r"\bgimme\b", "give me"),
        (r"\b(?:pls|plz|pleaze)\b", "please"),
        (r"\b(?:thx|thanx|ty)\b", "thanks"),
        (r"\bper\s+cent\b", "percent"),
        (r"\bmins?\b", "minutes"),
        (r"\bsecs?\b", "seconds"),
        (r"\bhrs?\b", "hours"),
        (r"\bw/", "with "),
        (r"\s&\s", " and "),
    )
)

# Contractions. "'s" expands only after words that cannot own something ("what's", "it's"):
# "mom's birthday" keeps its possessive.
_S_WORDS = (
    "what|it|that|there|here|he|she|who|where|how|when|why|everything|nothing|something|"
    "someone|somebody|everyone|this"
)
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (lazy_pattern(pattern), replacement)
    for pattern, replacement in (
        (r"\bcan't\b|\bcannot\b", "can not"),
        (r"\bwon't\b", "will not"),
        (r"\bshan't\b", "shall not"),
        (r"\bain't\b", "is not"),
        (r"\blet's\b", "let us"),
        (r"\by'all\b", "you all"),
        (r"\b(\w+)n't\b", r"\1 not"),
        (rf"\b({_S_WORDS})'s\b", r"\1 is"),
        (r"\b(\w+)'re\b", r"\1 are"),
        (r"\bi'm\b", "i am"),
        (r"\b(\w+)'ll\b", r"\1 will"),
        (r"\b(\w+)'ve\b", r"\1 have"),
        (r"\b(i|you|he|she|we|they|it|that|there|who|what)'d\b", r"\1 would"),
    )
)

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}  # fmt: skip
_VALUES = {word: value for value, word in enumerate(_ONES)} | _TENS
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20, "thirtieth": 30, "twelveth": 12,
}  # fmt: skip
_UNIT = "zero|one|two|three|four|five|six|seven|eight|nine"
_SMALL = "|".join(sorted(_ONES, key=len, reverse=True))
_TEN = "|".join(_TENS)
_NUMBER_WORDS = lazy_pattern(
    rf"\b(?:(?P<tens>{_TEN})(?:[- ](?P<unit>{_UNIT}))?|(?P<small>{_SMALL}))"
    rf"(?:[- ]hundred(?:(?:\s+and)?\s+(?P<rest>(?:{_TEN})(?:[- ](?:{_UNIT}))?|{_SMALL}))?)?\b"
)
_YEAR = lazy_pattern(  # "two thousand and seventeen" -> 2017 ("two thousand" alone -> 2000)
    rf"\btwo\s+thousand(?:\s+and)?(?:\s+(?:(?P<tens>{_TEN})(?:[- ](?P<unit>{_UNIT}))?"
    rf"|(?P<small>{_SMALL})))?\b"
)
_HUNDRED = lazy_pattern(r"\b(?:a|one)\s+hundred(?:\s+and)?(?:\s+(?P<rest>\d+))?\b")
_ORDINAL = lazy_pattern(rf"\b(?:(?P<tens>twenty|thirty)[- ])?(?P<ord>{'|'.join(_ORDINALS)})\b")
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
# Words after which "one" is a number, not a pronoun ("at one", "for one hour", "april one").
_ONE_BEFORE = lazy_pattern(
    r"(?:\b(?:at|for|by|until|till|to|from|around|about|in|and|or|jan(?:uary)?|feb(?:ruary)?|march"
    r"|apr(?:il)?|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
    r"|,)\s*$"
)
_ONE_AFTER = lazy_pattern(
    r"^\s*(?:and\s+a\s+half\b|(?:minute|hour|second|day|week|month|year|degree|percent|"
    r"o'clock|am|pm|am\b|thirty|fifteen|forty|fifty|twenty|ten|five|oh)s?\b|%|°)"
)
_HALF = lazy_pattern(r"\b(\d+) and (?:a )?half\b(?!\s+(?:past|after|to)\b)")
"""'2 and a half' is 2.5; "six and half past seven" is two clock times."""
_CLOCK = lazy_pattern(
    r"\b(?P<pre>at|by|around|until|till|from|to|for)\s+(?P<h>\d{1,2})\s+(?P<m>[0-5]\d)\b(?!\s*(?:minutes|hours|seconds|days|%|percent|degrees))"
)
_CLOCK_AMPM = lazy_pattern(r"\b(?P<h>\d{1,2})\s+(?P<m>[0-5]\d)\s+(?P<ap>[ap]m)\b")
_OH = lazy_pattern(r"\b(?P<h>\d{1,2})\s+oh\s+(?P<m>\d)\b")
_DATED_YEAR = lazy_pattern(
    rf"(?P<date>\b(?:{_MONTH})\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH}))"
    r"\s+(?P<century>19|20)\s+(?P<year>\d\d)\b(?![:.]\d|\s*(?:minutes?|hours?|seconds?|days?|%|percent))"
)
"""A year said in two halves after a date: "march 3rd 20 27" (from "twenty twenty seven")."""
_EVENT_NOUN = (
    r"(?:meeting|appointment|appt|call|class|lesson|session|lunch|dinner|breakfast|brunch|party"
    r"|interview|standup|review|practice|rehearsal|conference|presentation|show|movie|flight|train"
    r"|bus|game|match|reservation|dentist|doctor|haircut|massage|yoga|gym|workout|date|event"
    r"|webinar|seminar|workshop|sync|briefing|checkup|visit|service|mass|church|one\s+on\s+one)s?"
)
_CLOCK_BEFORE = lazy_pattern(
    r"(?P<pre>^|\b(?:my|the|a|an|our|this|that|your)\s+)(?P<h>\d{1,2})\s+(?P<m>[0-5]\d)\s+"
    rf"(?=(?:[a-z']+\s+)?{_EVENT_NOUN}\b)"
)
"""A clock time said before the event it names: "my ten thirty meeting", "a 2 30 call"."""

_POLITE = lazy_pattern(
    r"\b(?:please|kindly|thanks|thank\s+you|(?:um+|uh+|erm|hmm+|er)\b)\b,?"
    r"|^(?:(?:hey|hi|ok|okay|yo)\b,?\s*(?:there\b,?\s*)?"
    r"(?:(?:assistant|computer|google|alexa|siri)\b,?\s*)?)+"
    r"|^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:kindly\s+)?"
    r"|would\s+you\s+mind\s+|i\s+(?:want|need|would\s+like|'d\s+like)\s+you\s+to\s+"
    r"|go\s+ahead\s+and\s+|be\s+so\s+kind\s+as\s+to\s+|do\s+me\s+a\s+favou?r\s+and\s+)"
    r"|\s+for\s+me\s*$"
)
_MIND = lazy_pattern(
    r"(?:\b(?:would|do|could)\s+you\s+|^)mind\s+(?P<stem>[a-z]{2,}?)ing\b", re.IGNORECASE
)
"""A request said "would you mind turning off the lights": the verb, as a command ("turn")."""
_E_STEMS = frozenset(
    "mak tak clos chang mov remov increas decreas reduc rais creat delet schedul paus updat sav "
    "us writ not giv leav shar snooz releas continu plac replac prepar brows purchas los "
    "receiv rul typ bak serv car com tim".split()
)


def as_command(text: str) -> str:
    """ "would you mind turning off the lights" -> "turn off the lights" (only that changes)."""
    return _MIND.sub(_mind, text)


def _mind(match: re.Match[str]) -> str:
    """ "would you mind turning" -> "turn", "putting" -> "put", "making" -> "make"."""
    stem = match["stem"].lower()
    if stem in _E_STEMS:
        return stem + "e"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] in "bgmnpt":
        return stem[:-1]  # "putting", "dimming", "stopping"
    return stem


_PUNCT = lazy_pattern(r"[!?\"()\[\]{}*_~#]|(?<!\d)[.:]|[.:](?!\d)|(?<![a-z])'|'(?![a-z])")
_DASH = lazy_pattern(r"-(?!\d)|(?<=[a-z])-")
_SPACES = lazy_pattern(r"\s+")
_COMMA = lazy_pattern(r"\s*([,;])\s*")


def _words_value(match: re.Match[str]) -> str:
    if match["small"]:
        value = _VALUES[match["small"]]
    else:
        value = _TENS[match["tens"]] + (_VALUES[match["unit"]] if match["unit"] else 0)
    if "hundred" in match[0]:
        rest = match["rest"]
        extra = 0
        if rest:
            extra = sum(_VALUES.get(part, 0) for part in re.split(r"[- ]", rest))
        value = value * 100 + extra
    return str(value)


def numbers_to_digits(text: str) -> str:
    """Number words of lowercase `text` as digits; "one" only where it is a number."""
    text = _ORDINAL.sub(_ordinal, text)  # first: "march twenty first" is the 21st, not "20 1st"
    text = _YEAR.sub(_year, text)
    out: list[str] = []
    cursor = 0
    for match in _NUMBER_WORDS.finditer(text):
        if match["small"] == "one" and "hundred" not in match[0]:
            before, after = text[: match.start()], text[match.end() :]
            if not (_ONE_BEFORE.search(before) or _ONE_AFTER.match(after)):
                continue
        out.append(text[cursor : match.start()])
        out.append(_words_value(match))
        cursor = match.end()
    out.append(text[cursor:])
    text = "".join(out)
    text = _HUNDRED.sub(lambda m: str(100 + int(m["rest"] or 0)), text)
    text = _HALF.sub(lambda m: f"{m[1]}.5", text)
    text = _OH.sub(lambda m: f"{m['h']}:0{m['m']}", text)
    text = _CLOCK_AMPM.sub(lambda m: f"{m['h']}:{m['m']} {m['ap']}", text)
    text = _DATED_YEAR.sub(lambda m: f"{m['date']} {m['century']}{m['year']}", text)
    text = _CLOCK_BEFORE.sub(lambda m: f"{m['pre']}{m['h']}:{m['m']} ", text)
    return _CLOCK.sub(lambda m: f"{m['pre']} {m['h']}:{m['m']}", text)


def _year(match: re.Match[str]) -> str:
    """ "two thousand and seventeen" as 2017."""
    return str(2000 + (int(_words_value(match)) if match["tens"] or match["small"] else 0))


_LENGTH_BEFORE = lazy_pattern(r"\b(?:a|an|for|another|in|every|each|of|after|than)\s+$")
_LENGTH_AFTER = lazy_pattern(
    r"^[\s-]+(?:timers?|countdowns?|counts?|delays?|waits?|intervals?|breaks?|rests?|pauses?"
    r"|clips?|videos?|ads?|spots?|marks?|loops?|holds?|planks?|gaps?|long|later|left|more)\b"
)


def _ordinal(match: re.Match[str]) -> str:
    """An ordinal as "3rd" where it names a day of the month ("the third of may", "may third")."""
    value = _ORDINALS[match["ord"]] + (_TENS[match["tens"]] if match["tens"] else 0)
    before = match.string[: match.start()]
    after = match.string[match.end() :]
    month_after = re.match(rf"^\s+(?:of\s+)?(?:{_MONTH})\b", after)
    dated = bool(month_after or re.search(rf"(?:\b(?:{_MONTH})\s+(?:the\s+)?|\bthe\s+)$", before))
    if match["tens"] and not dated:  # "on twenty second", "thirty first day": a day of the month
        dated = match["ord"] != "second" or not (
            _LENGTH_BEFORE.search(before) or _LENGTH_AFTER.match(after)
        )  # "a twenty second timer", "for twenty second intervals" are lengths
    if not dated or (match["ord"] == "second" and not match["tens"] and not month_after):
        return match[0]
    suffix = "th" if 10 <= value % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(value % 10, "th")
    return f"{value}{suffix}"


_DIGIT_GROUP = lazy_pattern(r"(?<=\d),(?=\d{3}(?!\d))")


def ungroup_digits(text: str) -> str:
    """ "1,500 seconds" -> "1500 seconds": a comma that groups a number's digits is no list."""
    return _DIGIT_GROUP.sub("", text)


@functools.lru_cache(maxsize=4096)
def normalize(text: str) -> str:
    """The canonical form of `text` (see the module docstring). Cached: the router and each
    role's first stage normalise the same request."""
    text = ungroup_digits(text.lower().translate(_QUOTES))
    for pattern, replacement in _SPOKEN:
        text = pattern.sub(replacement, text)
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    text = _PUNCT.sub(" ", text)
    text = _DASH.sub(" ", text)
    text = numbers_to_digits(text)
    text = _SPACES.sub(" ", text).strip()
    text = _MIND.sub(_mind, text)
    previous = None
    while previous != text:  # "hey, could you please ..." peels off one layer at a time
        previous = text
        text = _SPACES.sub(" ", _POLITE.sub(" ", text)).strip(" ,;")
    text = _COMMA.sub(r"\1 ", text)
    return _SPACES.sub(" ", text).strip(" ,;")
