"""Timer follow-ups that point back with "it": the timer, alarm or reminder the thread just made.

"cancel it", "cancel", "actually delete that", "pause it", "resume it", "add 5 minutes to it",
"5 more minutes", "take 2 minutes off", "make it 5 minutes shorter", "how much time is left on
it", said right after one was set (or after one of these), act on that one by its number,
whatever else is running; "add 1 minute to pasta" adds to the thread's timer of that name.
Used by the timer part of `agent_system.understanding._frame`.
"""

from __future__ import annotations

import re
from typing import Any

from agent_system._lazy import lazy_pattern

__all__ = [
    "ANOTHER",
    "INSTEAD",
    "MOVED_TO",
    "named_calls",
    "off_call",
    "pronoun_calls",
    "target_number",
    "turns_off",
]

_LEAD = (
    r"^(?:(?:actually|ok|okay|no|oh|then|and|so|please|just|sorry|oops|never\s+mind|wait|now"
    r"|can\s+you|could\s+you)\s+)*"
)
_IT = r"(?:it|that|this|that\s+one)"
_END = (
    r"(?:\s+(?:please|then|after\s+all|instead|again|now|for\s+a\s+(?:bit|moment|sec(?:ond)?"
    r"|minute)))*$"
)
_OFF = lazy_pattern(
    rf"{_LEAD}(?:(?:stop|kill|silence|dismiss|mute|(?:turn|switch|shut)\s+off)\s+{_IT}"
    rf"|(?:turn|switch|shut)\s+{_IT}\s+off|(?:shut|hush)\s+{_IT}\s+up){_END}"
)
"""Stopping the one just named: "turn it off", "switch that off", "kill it", "silence it"."""
_ACTS = (
    (_OFF, "timer.cancel"),
    (lazy_pattern(rf"{_LEAD}(?:cancel|delete|remove|scrap|drop|stop|kill|turn\s+off"
                rf"|get\s+rid\s+of)\s+{_IT}{_END}"), "timer.cancel"),
    (lazy_pattern(rf"{_LEAD}(?:cancel|stop){_END}"), "timer.cancel"),  # bare: the one just set
    (lazy_pattern(rf"{_LEAD}(?:pause|hold|freeze)\s+{_IT}{_END}"), "timer.pause"),
    (lazy_pattern(rf"{_LEAD}(?:resume|unpause|continue|restart|start)\s+{_IT}(?:\s+(?:back\s+)?up)?"
                rf"{_END}"), "timer.resume"),
)  # fmt: skip
_MORE = lazy_pattern(
    rf"{_LEAD}(?:add|give\s+(?:it|me))\s+(?P<by>(?:\w+\s+){{0,3}}?(?:seconds?|secs?|minutes?"
    rf"|mins?|hours?|hrs?))(?:\s+more)?(?:\s+(?:to|on)\s+{_IT})?{_END}"
)
_UNITS = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?)"
_BY = rf"(?P<by>(?:\w+\s+){{0,3}}?{_UNITS})"
_LESS = lazy_pattern(
    rf"{_LEAD}(?:take|knock|shave|cut|trim|remove|subtract)\s+(?:off\s+)?{_BY}"
    rf"(?:\s+(?:off(?:\s+of)?|from)(?:\s+{_IT})?)?{_END}"
)
"""Time taken off the one just set: "take 5 minutes off", "knock 2 minutes off it"."""
_SOME_MORE = lazy_pattern(rf"{_LEAD}(?P<by>\w+(?:\s+more|\s+extra)\s+{_UNITS}){_END}")
"""Time added, said bare: "5 more minutes", "2 extra minutes"."""
_MADE = lazy_pattern(rf"{_LEAD}make\s+{_IT}\s+{_BY}\s+(?P<way>shorter|less|longer|more){_END}")
"""A change by an amount: "make it 5 minutes shorter" (not a new length, as "make it 5")."""
_LEFT = lazy_pattern(
    rf"{_LEAD}how\s+(?:much\s+(?:more\s+)?(?:time\s+)?|long\s+)(?:is\s+|has\s+it\s+got\s+)?"
    rf"(?:left|remaining|to\s+go)(?:\s+on\s+{_IT})?$"
    rf"|{_LEAD}(?:how\s+much\s+longer|how\s+long\s+(?:now|more|still)"
    r"|(?:is|will)\s+(?:it|that)\s+(?:be\s+)?(?:done|ready|finished|over|up)|(?:has|did)\s+it"
    r"\s+(?:finish(?:ed)?|go(?:ne)?\s+off|r[ia]ng)|any\s+time\s+left)"
    r"(?:\s+(?:yet|now|then|already|soon))*(?:\s+(?:on|for)\s+(?:it|that))?$"
)
"""How long is left on the one just set: "how long is left", "how much longer", "is it done
yet"."""


ANOTHER = lazy_pattern(
    r"^(?:(?:and|also|plus|ok|okay|now)\s+)*(?:set\s+)?(?:another|(?:1|one)\s+more"
    r"|a\s+second|a\s+new)"
    r"(?:\s+(?:1|one|timer))?\s+(?:for\s+)?(?P<rest>.+)$"
)
"""Another timer beside the one just set: "and another for 25 minutes called bread", "one more
for 15" (normalized: number words are digits). Never a change to the first."""
_NAMED = r"(?:the\s+)?(?P<label>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)\s+(?:1|one)"
_NAMED_ACTS = (
    (lazy_pattern(rf"{_LEAD}(?:cancel|delete|remove|scrap|drop|stop|kill)\s+{_NAMED}{_END}"),
     "timer.cancel"),
    (lazy_pattern(rf"{_LEAD}(?:pause|hold|freeze)\s+{_NAMED}{_END}"), "timer.pause"),
    (lazy_pattern(rf"{_LEAD}(?:resume|unpause|continue|restart)\s+{_NAMED}{_END}"), "timer.resume"),
    (lazy_pattern(rf"{_LEAD}how\s+(?:much\s+(?:time\s+)?|long\s+)(?:is\s+)?(?:left\s+|to\s+go\s+)?"
                r"(?:on|for)\s+(?:the\s+)?(?P<label>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*)?)"
                r"(?:\s+(?:1|one))?$"), "timer.list"),
)  # fmt: skip
_NOT_NAMES = frozenset("it that this 1 other first second last next new me us timer".split())
_LABEL = (
    r"(?:the\s+|my\s+)?(?P<label>[a-z][a-z'-]*(?:\s+(?!(?:an?|another|extra|one|1|timer)\b)[a-z][a-z'-]*)?)"
    r"(?:\s+(?:1|one|timer))?"
)
_AMOUNT = (
    rf"(?P<by>(?!{_UNITS}\b)(?:(?:another|an?\s+extra)\s+)?(?:(?:an?|\d+(?:\.\d+)?|half\s+an?)\s+)?"
    rf"(?:(?:more|extra)\s+)?{_UNITS})"
)
_MORE_TO = (
    # "add 1 minute to pasta", "put another 2 minutes on the pasta one"
    lazy_pattern(rf"{_LEAD}(?:add|put)\s+{_AMOUNT}\s+(?:on\s*to|to|on)\s+{_LABEL}{_END}"),
    # "give the pasta 5 more minutes", "give the eggs another minute"
    lazy_pattern(rf"{_LEAD}give\s+{_LABEL}\s+{_AMOUNT}(?:\s+more)?{_END}"),
    # "5 more minutes on the pasta", "another minute for the rice"
    lazy_pattern(
        rf"{_LEAD}(?=\S+\s+(?:more|extra)\b|another\b|an?\s+extra\b){_AMOUNT}\s+(?:on|for|to)"
        rf"\s+{_LABEL}{_END}"
    ),
)
"""Time added to a timer of the thread named by its label: "add 1 minute to pasta"."""


def _named(label: str) -> bool:
    words = label.split()
    return words[0] not in _NOT_NAMES and words[-1] not in _NOT_NAMES


def _added(by: str) -> str:
    """ "2 more minutes" -> "2 minutes", "another minute" -> "1 minute"."""
    said = re.sub(r"\b(?:more|extra|another|an\s+extra)\s+", "", by).strip()
    return f"1 {said}" if re.fullmatch(_UNITS, said) else said


def named_calls(norm: str) -> list[tuple[str, dict[str, Any]]]:
    """In a thread about timers, "cancel the pizza one" / "how long on bread" / "add 1 minute to
    pasta": the timer named by its label with no word "timer" ([] when `norm` says none of
    these; "the pizza timer" is the timer role's own reading)."""
    said = norm.strip(" ?.!")
    for pattern, tool in _NAMED_ACTS:
        if (found := pattern.match(said)) is not None and _named(found["label"]):
            return [(tool, {"target": found["label"]})]
    for pattern in _MORE_TO:
        if (found := pattern.match(said)) is not None and _named(found["label"]):
            return [("timer.extend", {"by": _added(found["by"]), "target": found["label"]})]
    return []


def target_number(tool: str, arguments: dict[str, Any], ref: str | None) -> str | None:
    """The number of the timer a call made or acted on ("3"), or None."""
    if ref is not None:
        return ref
    target = str(arguments.get("target", ""))
    return target if tool.startswith("timer.") and target.isdigit() else None


def turns_off(norm: str) -> bool:
    """ "turn it off", "stop that", "kill it": an order to stop the one the thread just named."""
    return _OFF.match(norm.strip(" ?.!")) is not None


def off_call(arguments: dict[str, Any], norm: str) -> tuple[str, dict[str, Any]] | None:
    """ "turn it off" after a timer question ("do i have an alarm at 8?"): cancel what the
    question named (its kind, name and time), or None when `norm` is no such order."""
    if not turns_off(norm):
        return None
    named = {k: v for k, v in arguments.items() if k in ("target", "when") and v}
    if kind := str(arguments.get("kind", "")).strip():
        named["target"] = f"{named.get('target', '')} {kind}".strip()
    return ("timer.cancel", named)


def pronoun_calls(number: str, norm: str) -> list[tuple[str, dict[str, Any]]]:
    """The calls "cancel it" / "pause it" / "add 5 minutes to it" / "how long is left" mean for
    the timer numbered `number`; [] when `norm` says none of these."""
    said = norm.strip(" ?.!")
    for pattern, tool in _ACTS:
        if pattern.match(said):
            return [(tool, {"target": number})]
    if (more := _MORE.match(said) or _SOME_MORE.match(said)) is not None:
        by = re.sub(r"\b(?:more|extra)\s+", "", more["by"])  # "give it 2 more minutes"
        return [("timer.extend", {"by": by, "target": number})]
    if (less := _LESS.match(said)) is not None:
        return [("timer.shorten", {"by": less["by"], "target": number})]
    if (made := _MADE.match(said)) is not None:
        tool = "timer.shorten" if made["way"] in ("shorter", "less") else "timer.extend"
        return [(tool, {"by": made["by"], "target": number})]
    if _LEFT.match(said):
        return [("timer.list", {"target": number})]
    return []


MOVED_TO = lazy_pattern(
    r"^(?:.*?\b(?:reschedule|push|shift|bump|delay|postpone|put\s+off|move|change)\s+"
    r"(?:it|that|this|the\s+(?:reminder|alarm))(?:\s+(?:back|forward|up|over|out|off|on))?\s+"
    r"(?:to|for|until|till|at)\s+|.*?\bchange\s+the\s+time\s+(?:of\s+(?:it|that)\s+)?(?:to|for)\s+)"
)
"""A move of the one just set to a new time: "reschedule it for 6pm", "push it back to 6",
"change the time to 6pm" (what follows is the time)."""
INSTEAD = lazy_pattern(r"[\s,]+instead(?:\s+please)?$")
