"""Which one, said after the timer role asked which or cancelled one of several.

"cancel my alarm" -> "You have 2 alarms (alarm for tomorrow at 07:00, alarm for tomorrow at
08:00); say which one." -> "the 8am one", "the one at 8", "8 am", "the second one", "the last
one", "both", "all of them", "the pasta one" completes that request for that one (those). Right
after one was cancelled, "the other one", "and the other one too", "cancel the other alarm as
well" cancels the one left of that kind (the tool asks which when more than one is left), and
"how long is left on the other one" or "pause the other timer" asks about or acts on it.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, RolePlan
from agent_system.understanding import normalize
from roles.timer._rang import ASK_WHICH
from roles.timer._which import when_filter

if TYPE_CHECKING:
    from collections.abc import Callable

    from agent_system.routing.models import Turn

__all__ = ["ORDINALS", "one_at", "picked_call"]

ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3,
            "4th": 3, "last": -1, "latest": -1, "earliest": 0}  # fmt: skip
"""A target word that names one by its place in the list the tool gave ("the second one")."""
_ASKED_WHICH = lazy_pattern(r"(?:;|,\s*or)\s*say\s+which\s+one\.?\s*$", re.IGNORECASE)
_LEAD = (
    r"^(?:(?:and|also|ok|okay|oh|um|uh|well|yes|yeah|then|so|please|actually|just|now|i\s+mean"
    r"|i\s+meant|sorry)\s+)*"
)
_VERB = (
    r"(?:(?:cancel|delete|remove|stop|clear|kill|dismiss|turn\s+off|switch\s+off|get\s+rid\s+of"
    r"|scrap|drop)\s+)?"
)
_KINDS = r"(?:alarms?|timers?|reminders?)"
_END = rf"(?:\s+(?:too|as\s+well|also|please|then|instead|{_KINDS}))*$"
_OTHER = lazy_pattern(rf"{_LEAD}{_VERB}(?:the\s+)?other(?:\s+(?:one|{_KINDS}))?{_END}")
_THE_OTHER = lazy_pattern(rf"\bthe\s+other(?:\s+(?:one|{_KINDS}))?\b")
"""The one left, inside a request about it ("how much time is left on the other one")."""
_ALL = lazy_pattern(
    rf"{_LEAD}{_VERB}(?:(?:them\s+)?both|all(?:\s+(?:of\s+)?(?:them|the\s+{_KINDS}|my\s+{_KINDS}))?"
    rf"|(?:them|these|those)\s+all|every\s*one|all\s+(?:two|three|2|3)(?:\s+of\s+them)?"
    rf"|both\s+(?:of\s+)?(?:them|the\s+{_KINDS}|my\s+{_KINDS}|{_KINDS}))(?:\s+of\s+them)?{_END}"
)
_NTH = lazy_pattern(
    rf"{_LEAD}{_VERB}(?:the\s+|my\s+)?(?P<nth>{'|'.join(ORDINALS)})(?:\s+(?:one|{_KINDS}))?{_END}"
)
_ONE = lazy_pattern(
    rf"{_LEAD}{_VERB}(?:(?:the|my)\s+)?(?:one|{_KINDS})\s+(?P<prep>at|for|on|from)\s+(?P<said>.+?)"
    rf"{_END}"
    rf"|{_LEAD}{_VERB}(?:the|my)\s+(?P<named>[\w:' ]+?)\s+(?:one|{_KINDS})(?:\s+(?:too|as\s+well"
    r"|please))*$"
    rf"|{_LEAD}(?:at\s+)?(?P<clock>\d{{1,2}}(?::\d\d)?(?:\s*[ap]\.?m\.?)?|noon|midnight)"
    r"(?:\s+(?:one|o'?clock|please))*$"
)
_YES = lazy_pattern(
    rf"{_LEAD}(?:yes|yeah|yep|yup|sure|please\s+do|do\s+it|go\s+ahead|that\s+one|it"
    rf"|{_VERB}(?:it|that(?:\s+one)?|the\s+(?:one|{_KINDS}))){_END}"
)
"""Yes to "Should I cancel the 5-minute timer? Say yes, or say which one." (`roles.timer._bare`)."""
_STOPS = lazy_pattern(
    r"\b(?:cancel|delete|remove|stop|clear|kill|dismiss|turn\s+off|switch\s+off|get\s+rid\s+of"
    r"|scrap|drop)\b"
)
_WHEN_TOOLS = ("timer.cancel", "timer.list", "timer.extend", "timer.shorten", "timer.move",
               "timer.reword")  # fmt: skip
_KIND = lazy_pattern(r"\b(alarm|timer|reminder)s?\b")


def _kind(*texts: str) -> str:
    for text in texts:
        if (found := _KIND.search(text.lower())) is not None:
            return found[1]
    return ""


def _asked(history: list[Turn]) -> Turn | None:
    """The timer turn just before, when it asked which one ("...; say which one.")."""
    if not history:
        return None
    last = history[-1]
    if last.role != "timer" or last.calls or not _ASKED_WHICH.search(last.reply):
        return None
    return last


def _cancelled(history: list[Turn]) -> dict[str, Any] | None:
    """The arguments of the cancel one of the last two timer turns made, or None.

    "cancel the first one", "how long on the other one", "pause the other one": the other one
    still.
    """
    for turn in reversed(history[-2:]):
        if turn.role != "timer":
            return None
        cancels = [c for c in turn.calls or [] if c.get("tool") == "timer.cancel"]
        if cancels:
            return dict(cancels[-1].get("arguments") or {})
    return None


_MADE = ("timer.set", "timer.alarm", "timer.remind")
_ONE_SAID = lazy_pattern(
    r"\b(?P<the>the|my)\s+(?P<which>(?!(?:other|same|next|new|"
    + "|".join(ORDINALS)
    + r")\b)[\w:' ]+?)\s+one\b"
)


def _one_just_set(
    said: str, history: list[Turn], interpret: Callable[[str], RoleCall | RolePlan | Clarification]
) -> RoleCall | None:
    """The one of those just set that `said` names ("cancel the 7am one": the 7am alarm)."""
    if not history or history[-1].role != "timer":
        return None
    made = [str(c.get("tool")) for c in history[-1].calls or [] if c.get("tool") in _MADE]
    found = _ONE_SAID.search(said)
    if not made or found is None:
        return None
    kind = {"timer.set": "timer", "timer.alarm": "alarm", "timer.remind": "reminder"}[made[-1]]
    rewritten = (
        said[: found.start()] + f"{found['the']} {found['which']} {kind}" + said[found.end() :]
    )
    call = interpret(rewritten)
    return call if isinstance(call, RoleCall) and call.tool.startswith("timer.") else None


def picked_call(
    text: str,
    history: list[Turn],
    now: datetime,
    interpret: Callable[[str], RoleCall | RolePlan | Clarification],
) -> RoleCall | None:
    """The call `text` means as a pick, or None.

    A pick says which one after the timer role asked which, or "the other one" after a cancel.
    """
    said = normalize(text).strip(" ?.!,")
    if not said or len(said.split()) > 12:
        return None
    asked = _asked(history)
    if asked is None:
        cancelled = _cancelled(history)
        if cancelled is None:
            return _one_just_set(said, history, interpret)
        kind = _kind(str(cancelled.get("target", "")), history[-1].text, said)
        if _OTHER.match(said) is not None:
            return RoleCall("timer.cancel", {"target": kind})  # the one left of that kind
        if _THE_OTHER.search(said) is None:
            return None
        # "how long is left on the other one", "pause the other timer": the one left, asked
        # or acted on as that kind
        found = interpret(_THE_OTHER.sub(f"the {kind or 'timer'}", said))
        return found if isinstance(found, RoleCall) else None
    if len(said.split()) > 8:
        return None
    base = interpret(asked.text)
    if not isinstance(base, RoleCall):
        return None
    arguments = dict(base.arguments)
    if arguments.get("target") == ASK_WHICH:  # a bare "cancel": the answer names which
        arguments["target"] = ""
    kind = _kind(str(arguments.get("target", "")), asked.text, said)
    if _ALL.match(said) is not None:
        arguments["target"] = f"all {kind}".strip()
    elif (nth := _NTH.match(said)) is not None:
        arguments["target"] = f"{nth['nth']} {kind}".strip()
    elif (one := _ONE.match(said)) is not None:
        moment = one["said"] or one["named"] or one["clock"] or ""
        prep = one["prep"] or "at"
        when = when_filter(f"{prep} {moment}" if moment[:1].isdigit() else moment, now)
        if when and base.tool in _WHEN_TOOLS:
            arguments["when"] = when  # "the 8am one", "the one for friday"
        elif one["named"] and not when:
            arguments["target"] = one["named"]  # "the pasta one"
        else:
            return None
    elif _YES.match(said) is not None and base.arguments.get("target") == ASK_WHICH:
        arguments["target"] = kind  # "yes": the only one there is
    else:
        return None
    return RoleCall(base.tool, arguments)


def one_at(text: str, now: datetime) -> str | None:
    """The time "cancel the 8am one" / "delete the one at 7" names (a `when` filter), or None.

    Only said as an order to stop one, with nothing else beside it.
    """
    said = normalize(text).strip(" ?.!,")
    one = _ONE.match(said) if said and len(said.split()) <= 8 else None
    if one is None or one["clock"] or _STOPS.search(said) is None:
        return None
    moment = one["said"] or one["named"] or ""
    prep = one["prep"] or "at"
    if not moment[:1].isdigit() and moment not in ("noon", "midnight"):
        return None
    return when_filter(f"{prep} {moment}", now) or None
