"""Questions about the event just named: "when is it", "where is it", "who is coming", "how long
is it", "what time does it end" (after "what's my next meeting" or "add lunch with Sam tomorrow
at 1pm"). Each is a read of that one event (`calendar.list` with `event` and `detail`): a
question never changes data.
"""

from __future__ import annotations

from agent_system._lazy import lazy_pattern

__all__ = ["asked_about_event", "still_when"]

_IT = (
    r"(?:it|that|this|that\s+one|this\s+one|the\s+(?:event|meeting|appointment|thing|lunch"
    r"|dinner|party|call))"
)
_LEAD = r"^(?:(?:and|but|so|ok|okay|oh|then|also|sorry|wait|um|uh|remind\s+me)\s+)*"
_END = r"(?:\s+(?:again|exactly|then|please|do\s+you\s+know|on\s+my\s+calendar))*[\s.!?]*$"
_DETAILS = (
    (
        "end",
        rf"(?:(?:what\s+time|when)\s+(?:does|will|is|did)\s+{_IT}\s+(?:end|finish|over|done|wrap"
        rf"\s+up|be\s+over|be\s+done|get\s+out)|(?:till|until)\s+when(?:\s+is\s+{_IT})?"
        rf"|how\s+late\s+(?:does|will|is)\s+{_IT}(?:\s+(?:go|run|go\s+on))?"
        rf"|what\s+time\s+is\s+{_IT}\s+(?:over|done|finished)|when\s+is\s+{_IT}\s+(?:over|done"
        rf"|finished))",
    ),
    (
        "length",
        rf"(?:how\s+long\s+(?:is|does|will|was)\s+{_IT}(?:\s+(?:last|take|go\s+on|run|be|for))?"
        rf"|what\s+is\s+the\s+(?:duration|length)(?:\s+of\s+{_IT})?|how\s+many\s+(?:hours|minutes)"
        rf"\s+(?:is|does)\s+{_IT}(?:\s+(?:last|take))?)",
    ),
    (
        "where",
        rf"(?:where\s+(?:is|was|will)\s+{_IT}(?:\s+(?:be|happening|taking\s+place|held|at))?"
        rf"|what\s+is\s+the\s+(?:location|address|place|venue)(?:\s+of\s+{_IT})?"
        rf"|where\s+(?:do|should|must)\s+i\s+(?:(?:have|need)\s+to\s+)?(?:go|be|head)(?:\s+for\s+{_IT})?"
        rf"|where\s+are\s+we\s+(?:meeting|going))",
    ),
    (
        "who",
        rf"(?:who\s+(?:else\s+)?(?:is|are|will\s+be|will)\s+(?:coming|going|joining|attending"
        rf"|invited|there|in\s+it|be\s+there)|who\s+is\s+{_IT}\s+with|who\s+am\s+i\s+(?:meeting"
        rf"|seeing)|who\s+(?:else\s+)?(?:is\s+)?(?:coming|going|invited)(?:\s+to\s+{_IT})?"
        rf"|who\s+will\s+i\s+see|who\s+(?:is|was)\s+invited(?:\s+to\s+{_IT})?)",
    ),
    (
        "when",
        rf"(?:when\s+(?:is|was|will\s+be)\s+{_IT}|when\s+(?:does|will)\s+{_IT}\s+(?:start|begin)"
        rf"|what\s+time\s+(?:does|will)\s+{_IT}\s+(?:start|begin)|what\s+time\s+is\s+{_IT}\s+"
        rf"(?:at|on|happening|starting|scheduled)|(?:what|which)\s+day\s+is\s+{_IT}\s+(?:on|happening)"
        rf"|(?:at\s+)?what\s+time\s+(?:is|was)\s+{_IT}\s+(?:again|scheduled\s+for)"
        rf"|what\s+day\s+(?:was|is)\s+{_IT}\s+(?:again|scheduled\s+for))",
    ),
)
_ASKED = [(name, lazy_pattern(_LEAD + shape + _END)) for name, shape in _DETAILS]


def asked_about_event(text: str) -> str | None:
    """What `text` (normalized) asks about the event just named: "when", "where", "who",
    "length" or "end"; None when it asks nothing about it."""
    for name, shape in _ASKED:
        if shape.match(text):
            return name
    return None


_STILL = lazy_pattern(
    _LEAD + rf"(?:is|are)\s+{_IT}\s+(?:still\s+)?(?:going\s+to\s+be\s+|happening\s+"
    r"|going\s+ahead\s+|on\s+(?=for\b)|set\s+for\s+|scheduled\s+for\s+)?(?:on\s+|for\s+|at\s+)?(?P<when>.+?)"
    r"(?:\s+(?:still|right|then))?[\s.!?]*$"
)


def still_when(text: str) -> str | None:
    """The day or time a yes/no question checks the event just named against: "is it still on
    monday?" -> "monday", "is that still at 3" -> "3"; None when `text` (normalized) asks
    nothing of the kind. The caller checks that the words are a day or a time."""
    found = _STILL.match(text)
    return None if found is None else found["when"]
