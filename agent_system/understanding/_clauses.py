"""One clause splitter for the router, the embedded planner and the roles.

`split_clauses` cuts a request into the actions it asks for, in order::

    >>> [c.text for c in split_clauses("turn on the kitchen lights, set a timer for 10 minutes "
    ...                                  "and tell me the weather in Rome")]
    ['turn on the kitchen lights', 'set a timer for 10 minutes', 'tell me the weather in Rome']

Rules, in order:

1. Cut at ";", sentence ends, commas, "and", "also", "plus" (joined ``"and"``: the pieces may run
   at once) and at "then", "and then", "after that", "afterwards" (joined ``"then"``: the piece
   waits for the one before).
2. A cut at a comma, "and", "also" or "plus" stands only when the next piece opens like a request
   of its own (a verb or a question word: "set ...", "what ...", "is ..."). Otherwise the "and"
   belongs to a name, a title or a list and the pieces are glued back: "dinner with Jo and Sam",
   "remind me to buy milk and eggs", "lights in the kitchen and living room". Inside a message
   ("remind me to ...", "remember that ...") only "then" and ";" cut.
3. A condition ("if it's sunny", "unless it rains") goes with its clause as `Clause.condition`;
   "if it rains, close the windows" puts it on the clause after it.
4. Shared verbs are spread over the items they govern (`Clause.shared` is True): "set timers for
   5 and 10 minutes", "what do I have on wednesday and thursday", "turn off the lights and the
   fan", "weather in Paris and London" give one clause per item.

Clause texts keep the user's own wording and case (titles and places need it); `Clause.normalized`
is the `normalize`d form for matching.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from agent_system.understanding._carry import item_again
from agent_system.understanding._regions import region_follows
from agent_system.understanding._spread import another, object_again, value_again
from agent_system.understanding._spread import spread as _spread
from agent_system.understanding._text import normalize, ungroup_digits

__all__ = ["Clause", "Judge", "opens_request", "split_clauses"]

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_SEQUENCE = r"and\s+then|then|and\s+after\s+that|after\s+that|afterwards|and\s+afterwards"
_PARALLEL = r"and\s+also|and|also|plus|as\s+well\s+as"
_CUT = lazy_pattern(
    rf"(?P<strong>\s*;\s*|(?<=[a-zA-Z0-9]{{2}})[.!?]+\s+(?=[a-zA-Z]{{2}}))"
    rf"|(?P<seq>\s*,?\s*\b(?:{_SEQUENCE})\b,?\s*)"
    rf"|(?P<par>\s*,\s*(?:(?:{_PARALLEL})\b\s*)?|\s+\b(?:{_PARALLEL})\b,?\s*)",
    re.IGNORECASE,
)
_VERBS = (
    "turn|switch|set|lock|unlock|open|close|shut|start|stop|pause|resume|dim|brighten|raise|"
    "lower|cancel|delete|remove|add|remind|schedule|move|reschedule|rename|check|tell|make|create|"
    "book|put|find|search|look|define|show|list|give|run|vacuum|send|wake|snooze|play|call|text|"
    "email|notify|remember|forget|note|save|summari[sz]e|translate|convert|calculate|get|read|"
    "let|mark|clear|empty|extend|restart|reset|activate|deactivate|enable|disable|arm|disarm|"
    "water|feed|order|buy|help|say|please|can|could|would|will|do|does|did|is|are|was|were|am|"
    "change|increase|decrease|adjust|reduce|boost|update|edit|mute|unmute|cancel|wake|find|"
    "describe|speak|erase|input|modify|confirm|report|alarm|write|take|record|inform|explain|"
    "repeat|ask|skip|shuffle|anything|any|have\\s+(?:i|you|we)|has|should|shall|may|might|must|"
    "cheer|initiate|launch|begin|fix|brew|attenuate|display|view|see|hear|listen|watch|sing|"
    "count|recommend|suggest|teach|prepare|arrange|organi[sz]e|it's|its|there's|theres|"
    "if|unless|what|whats|what's|when|where|who|whom|which|why|how|how's|hows|i|i'm|i'd|i'll|let's"
)
_OPENS = lazy_pattern(
    rf"^(?:(?:ok|okay|now|then|also|and|please|just|hey|olly|alexa|siri|google|computer)\s+)*"
    rf"(?:{_VERBS})\b",
    re.IGNORECASE,
)
# A thing a request is about, opening a clause of 3+ words ("lights down to seven").
_SUBJECT = lazy_pattern(
    r"^(?:the\s+|my\s+)?(?:lights?|lamps?|temperature|thermostat|volume|weather|forecast|"
    r"alarms?|timers?|events?|meetings?|calendar|schedule|agenda)\b",
    re.IGNORECASE,
)
_NEXT_SEPARATOR = lazy_pattern(r"\s*(?:[,;.]|\band\b|\bthen\b)", re.IGNORECASE)
_MESSAGE = lazy_pattern(
    r"\b(?:remind\s+(?:me|us|\w+)\s+(?:(?:at|on|in|by|tomorrow|tonight|today|this|next|every)"
    r"\b[\w: ]{0,24}?\s+)?(?:to|that|about)|remember\s+(?:that|to)|note\s+that|"
    r"make\s+a\s+note|tell\s+\w+\s+that|say\s+that|notify\s+me\s+(?:that|when)|"
    r"(?:called|named|titled))\b",
    re.IGNORECASE,
)
_CONDITION_TAIL = lazy_pattern(r"^(?P<body>.+?),?\s+\b(?P<kw>if|unless)\s+(?P<cond>.+)$", re.I)
_ASKS = lazy_pattern(  # "check if ...", "let me know if ...": a question, not a condition
    r"\b(?:check|see|know|ask|asking|wonder|wondering|find\s+out|look|confirm|verify|tell\s+me)"
    r"(?:\s+(?:me|for\s+me))?$",
    re.IGNORECASE,
)
# "remove the alarm if any", "... if possible": a manner of speaking, no condition to test
_NO_CONDITION = lazy_pattern(
    r"^(?:any|there\s+(?:is|are)\s+(?:any|one)|(?:it|one|they)\s+exists?|possible|you\s+can|"
    r"you\s+could|you\s+(?:don'?t|do\s+not)\s+mind|needed|necessary|so|that'?s\s+ok(?:ay)?|"
    r"(?:it'?s|it\s+is)\s+(?:not\s+)?too\s+much\s+trouble|not|any\s+are\s+set)$",
    re.IGNORECASE,
)
_CONDITION_HEAD = lazy_pattern(r"^(?P<kw>if|unless)\s+(?P<cond>.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Clause:
    """One action of a request."""

    text: str
    """The user's words for this action (shared verbs restored), trimmed of punctuation."""
    joined_by: str = "start"
    """ "start" (the first clause), "and" (may run in parallel) or "then" (after the previous)."""
    condition: str | None = None
    """The condition's words ("it's sunny") when the clause is conditional."""
    negated: bool = False
    """True for "unless": the clause runs when the condition does not hold."""
    shared: bool = False
    """True when a shared verb was spread over a list ("timers for 5 and 10 minutes")."""

    @property
    def normalized(self) -> str:
        """`normalize`d text of the clause."""
        return normalize(self.text)


def opens_request(text: str, openers: frozenset[str] = frozenset()) -> bool:
    """True when `text` opens like a request of its own (a verb or a question word, or one of
    `openers`: the first words of plugin roles' examples, such as "split")."""
    normalized = normalize(text) or text.strip()
    if _OPENS.match(normalized) is not None:
        return True
    first = normalized.split(maxsplit=1)[0] if normalized.split() else ""
    return first in openers


Judge = Callable[[str, str], bool]
"""``judge(before, after)``: True when `after` (the words up to the next separator) is an action
of its own beside `before`, though it does not open like one ("... and the joke of the day")."""


def split_clauses(
    text: str, openers: frozenset[str] = frozenset(), judge: Judge | None = None
) -> list[Clause]:
    """The clauses of `text` (see the module docstring). Never empty for non-blank text.

    `openers` adds words that open a request (plugin roles' verbs: "split 90 between 3");
    `judge` is asked about an "and" or a comma the rules would glue (the router passes one that
    cuts where the two sides belong to different roles).
    """
    text = ungroup_digits(text.translate(_APOSTROPHES)).strip()
    pieces = _cut(text, openers, judge)
    clauses: list[Clause] = []
    pending: tuple[str, bool] | None = None  # a leading "if ..." waiting for its clause
    for piece, kind in pieces:
        head = _CONDITION_HEAD.match(piece)
        if head and pending is None:
            negated_head = head["kw"].lower() == "unless"
            split = _split_head(head["cond"])
            if split is None:
                pending = (head["cond"].strip(), negated_head)
                continue
            pending = (split[0], negated_head)
            piece = split[1]
        condition: str | None = None
        negated = False
        tail = _CONDITION_TAIL.match(piece)
        if tail and _NO_CONDITION.match(tail["cond"].strip(" ,.!?")):
            piece = tail["body"].strip(" ,")  # "remove the alarm if any": the alarm, if any
            tail = None
        if tail and opens_request(tail["body"], openers) and not _ASKS.search(tail["body"]):
            piece, condition = tail["body"].strip(" ,"), tail["cond"].strip(" ,")
            negated = tail["kw"].lower() == "unless"
        elif pending is not None:
            condition, negated = pending
        pending = None
        joined = "start" if not clauses else kind
        if clauses and (again := another(piece, clauses[-1].text)) is not None:
            piece = again  # "set a timer for 5 minutes, then another for 10"
        elif clauses and (again := value_again(piece, clauses[-1].text)) is not None:
            piece = again  # "set the living room to 40%, and the kitchen to 80"
        elif clauses and (again := object_again(piece, clauses[-1].text)) is not None:
            piece = again  # "turn off the kitchen light, then the bedroom light"
        elif clauses and (again := item_again(piece, clauses[-1].text)) is not None:
            piece = again  # "add milk to my shopping list and call mom to my to do list"
        for i, item in enumerate(_spread(piece)):
            clauses.append(
                Clause(item, joined if i == 0 else "and", condition, negated, item != piece)
            )
    if pending is not None:  # "if it rains" alone: keep the words as a clause
        clauses.append(Clause(f"if {pending[0]}", "start" if not clauses else "and"))
    return clauses or ([Clause(text.strip(" .!?,;"))] if text.strip(" .!?,;") else [])


_IMPERATIVE = lazy_pattern(
    r"\b(?:turn|switch|set|add|remind|close|open|shut|lock|unlock|start|stop|cancel|put|"
    r"schedule|book|send|notify|tell|text|call|bring|take)\b",
    re.IGNORECASE,
)


def _split_head(condition: str) -> tuple[str, str] | None:
    """ "it rains close the windows" -> ("it rains", "close the windows"): the first command verb
    after the condition's own words starts the body; None when there is none."""
    for match in _IMPERATIVE.finditer(condition):
        if (
            len(condition[: match.start()].split()) >= 2
            and len(condition[match.end() :].split()) >= 1
        ):
            return condition[: match.start()].strip(" ,"), condition[match.start() :].strip()
    return None


def _cut(text: str, openers: frozenset[str], judge: Judge | None) -> list[tuple[str, str]]:
    """(piece, joined_by) pieces, glued back where an "and" does not join actions."""
    pieces: list[tuple[str, str]] = []
    kind, start = "start", 0
    for match in _CUT.finditer(text):
        piece = text[start : match.start()]
        following = text[match.end() :]
        cut_kind = "then" if match["seq"] else "and"
        if _ADDRESS.fullmatch(piece.strip(" ,.!?")) or _FIRST_ALONE.fullmatch(piece.strip(" ,.!?")):
            continue  # "hey olly, turn the lights up": a wake word or greeting is no clause
        if match[0].strip() == "," and _DAY_BEFORE_YEAR.search(piece) and _YEAR.match(following):
            continue  # "march 3, 2027 at 5pm": a date's comma
        if match[0].strip() == "," and region_follows(piece, following):
            continue  # "hot in phoenix, az next week": the place's state, not a new request
        if match[0].strip() == "," and _WHICH.match(piece.strip()) and _CHOICES.match(following):
            continue  # "which is colder, london or paris": the choices of the question
        if (
            match[0].strip().lower() == "and"
            and _RANGE_OPEN.search(piece)
            and not opens_request(following, openers)
        ):
            continue  # "any alarms between 6 and 8 tomorrow": one range, not two requests
        if pieces or piece.strip(" ,.!?"):
            if not _keeps_cut(match, piece, following, openers) and not _judged(
                judge, match, text[start : match.start()], following
            ):
                continue  # glue: the separator stays inside the current piece
        if _clean(piece):
            pieces.append((_clean(piece), kind))
        kind = cut_kind if pieces else kind
        start = match.end()
    if tail := _clean(text[start:]):
        pieces.append((tail, kind))
    return pieces


_WHICH = lazy_pattern(r"^(?:(?:and|so|ok|okay|hey)\s+)*(?:which|where|who)\b", re.IGNORECASE)
_CHOICES = lazy_pattern(
    r"^\s*(?:in\s+|the\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}\s+or\s+(?:in\s+|the\s+)?[\w'-]+"
    r"(?:\s+[\w'-]+){0,2}\s*[?.!]*$",
    re.IGNORECASE,
)
"""A question's choices after a comma, ending the request: "which is colder, london or paris"."""
_RANGE_OPEN = lazy_pattern(r"\bbetween\s+[\w:']+(?:\s+[\w.:']+)?$", re.IGNORECASE)
"""A range opened just before an "and": "between 6", "between 6 am", "between john"."""
_DAY_BEFORE_YEAR = lazy_pattern(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(?:the\s+)?\d{1,2}"
    r"(?:st|nd|rd|th)?$"
    r"|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov"
    r"|dec)[a-z]*$"
    r"|\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?$",
    re.IGNORECASE,
)
"""A day just before a comma ("may 1st", "3 march", "friday"): a year or a date may follow."""
_YEAR = lazy_pattern(
    r"^\s*(?:(?:19|20)\d\d\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
    r"[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+(?:19|20)\d\d)?)",
    re.IGNORECASE,
)
"""A year after that comma ("2027"), or the date itself after a weekday ("friday, march 3")."""


def without_date_commas(text: str) -> str:
    """`text` without the commas inside its dates ("march 3, 2027", "friday, march 6").

    A date's comma is no second request: "remind me on march 3, 2027 at 5pm to pay taxes".
    """
    kept, start = [], 0
    for comma in re.finditer(",", text):
        if _DAY_BEFORE_YEAR.search(text[: comma.start()]) and _YEAR.match(text[comma.end() :]):
            kept.append(text[start : comma.start()])
            start = comma.end()
    return "".join([*kept, text[start:]])


_ADDRESS = lazy_pattern(
    r"(?:(?:hey|hi|hello|ok|okay|oh|um|uh|so|well|please|now|olly|alexa|siri|google|computer|"
    r"assistant|jarvis)\b[\s,]*)+",
    re.IGNORECASE,
)
_LEADING = lazy_pattern(r"^(?:(?:and|also|plus|then|and then|after that)\b[\s,]*)+", re.IGNORECASE)


_FIRST = lazy_pattern(
    r"^(?:first\s+of\s+all|first(?:ly)?|to\s+start(?:\s+with)?|to\s+begin(?:\s+with)?)"
    r"(?:\s*,\s*|\s+)(?=\S)",
    re.IGNORECASE,
)
"""An order said before the first action ("first turn on the light, then ...")."""
_FIRST_ALONE = lazy_pattern(
    r"first\s+of\s+all|first(?:ly)?|to\s+(?:start|begin)(?:\s+with)?|before\s+anything\s+else",
    re.IGNORECASE,
)


_INTERJECTION = lazy_pattern(
    r"(?:(?:no|oh|ah|um|uh|hmm|ok|okay|well|sorry)[\s,]+)*(?:wait|hold\s+on|hang\s+on|oh\s+no"
    r"|sorry|oops|my\s+bad|actually)",
    re.IGNORECASE,
)
"""Words said before a request that change it, not a request ("no wait", "oh hang on")."""


def _clean(piece: str) -> str:
    piece = _LEADING.sub("", piece.strip(" ,.!?;")).strip(" ,.!?;")
    rest = _FIRST.sub("", piece, count=1)
    return rest if rest != piece and _OPENS.match(normalize(rest) or rest) else piece


def _keeps_cut(match: re.Match[str], piece: str, following: str, openers: frozenset[str]) -> bool:
    """Whether the separator `match` ends the current `piece` (see the module docstring)."""
    if match["strong"]:
        return True
    if len(piece.split()) == 1 and not match["seq"]:
        return False  # "find and delete ...", "shuffle and play ...", "who and why ..."
    if _INTERJECTION.fullmatch(piece.strip(" ,")):
        return False  # "no wait, delete that": a word said before the request, no clause
    if match["seq"]:
        return bool(following.strip(" ,.!?")) and _is_request_piece(following)
    if _MESSAGE.search(piece) and not _starts_strong_command(following):
        return _asks_the_assistant(following)
    if opens_request(following, openers):
        return True
    # Up to the next separator: a list item is short ("milk, eggs and bread"); a clause of its
    # own after a comma has 3+ words ("temperature this hour"), and after "and" it opens with
    # what it is about ("and lights down to seven").
    span = _NEXT_SEPARATOR.split(following, maxsplit=1)[0]
    words = len(span.split())
    if "," in match[0]:
        return words >= 3
    return words >= 3 and _SUBJECT.match(span.strip()) is not None


def _judged(judge: Judge | None, match: re.Match[str], piece: str, following: str) -> bool:
    """Whether `judge` cuts at a parallel separator the rules glued (2+ words each side, not
    inside a message)."""
    if judge is None or match["strong"] or match["seq"]:
        return False
    after = _NEXT_SEPARATOR.split(following, maxsplit=1)[0].strip(" ,.!?")
    before = _clean(piece)
    if len(after.split()) < 2 or len(before.split()) < 2:
        return False
    if _MESSAGE.search(piece) and (
        not opens_request(after) or _ERRAND.match(normalize(after)) is not None
    ):
        return False  # "remind me to call mom and tell her ...": what to remind of
    return judge(before, after)


def _is_request_piece(text: str) -> bool:
    """After "then": anything with a word in it except a bare time ("then 5 minutes later")."""
    return re.match(r"^\s*[a-z]", text, re.IGNORECASE) is not None


_STRONG = lazy_pattern(
    r"^(?:also\s+|and\s+)?(?:turn|switch|set|lock|unlock|open|close|start|stop|cancel|dim|"
    r"what|what's|how|tell\s+me|check|play|search|look\s+up|find\s+me|show\s+me|add)\b",
    re.IGNORECASE,
)


_ASKS_ASSISTANT = lazy_pattern(
    r"^(?:(?:and|also|please|oh|hey)\s+)*(?:(?:who|what|what's|whats|where|which|why|how|how's)"
    r"\s+\S+\s+\S+|(?:shut\s+up|be\s+quiet|stop\s+talking|never\s+mind|go\s+away)\b"
    r"|(?:tell|give|show|make|play|sing|find|get)\s+me\s+\S+)",
    re.IGNORECASE,
)
"""After a message ("remind me to ..."), a question or a word to the assistant itself opens a
request of its own: "remind me about the holiday and shut up", "... and who won the game",
"... and make me smile by telling a joke"."""
_ERRAND = lazy_pattern(
    r"^(?:(?:and|also|please|then|to)\s+)*(?:call|phone|ring|buy|get|pick|pay|take|bring|send|"
    r"email|text|write|ask|tell|meet|visit|water|feed|clean|do|go|finish|book|order|pack|wash|"
    r"check|grab|collect|drop|return|renew|fix|make|cook|prepare|print|sign|submit|post|mail|"
    r"charge|wrap|walk|sort|fill|put|move|update|bake|read|watch|practice|study|see|look)\b"
)
"""Things people do, the usual content of a reminder ("remind me to call mom and buy milk")."""


def _asks_the_assistant(text: str) -> bool:
    """A question or a word to the assistant after a message (see `_ASKS_ASSISTANT`)."""
    return _ASKS_ASSISTANT.match(text.strip()) is not None


def _starts_strong_command(text: str) -> bool:
    """A clear new command even inside a message ("remind me to call mom, and set a timer")."""
    return _STRONG.match(text.strip()) is not None and len(text.split()) >= 3
