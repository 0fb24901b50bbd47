"""Changing what a reminder says, or an alarm's or timer's name.

"change my dentist reminder to say call the dentist", "make the bins reminder say put the bins
out", "rename the pasta timer to pizza", "call my 7am alarm gym". `reword_call` reads the
request (the role's part); `timer.reword` is the tool. Which one: its words ("the dentist
reminder"), its kind, or the time it rings ("my 7am alarm").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.errors import ToolExecutionError
from agent_system.registry.spec import ToolContext, ToolOutput, tool
from agent_system.roles import RoleCall
from agent_system.understanding import normalize
from roles.timer._find import resolve, timer_store
from roles.timer._words import _as_data, _describe
from roles.timer.store import ACTIVE

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

__all__ = ["reword", "reword_call"]

_WHICH = r"(?P<which>(?:[\w':]+\s+){0,5}?(?:alarm|reminder|timer)s?|it|that)"
_PATTERNS = (
    lazy_pattern(  # "change my dentist reminder to say call the dentist"
        rf"^(?:change|update|edit|set|make|reword|fix)\s+{_WHICH}\s+(?:to\s+)?(?:say|read)s?"
        r"(?:\s+that)?\s+(?P<text>.+)$",
        re.I,
    ),
    lazy_pattern(  # "change the text of my dentist reminder to call the dentist"
        rf"^(?:change|update|edit|set)\s+(?:the\s+)?(?:text|message|wording|words|name|label)"
        rf"\s+(?:of|on|for)\s+{_WHICH}\s+to\s+(?P<text>.+)$",
        re.I,
    ),
    lazy_pattern(  # "rename the pasta timer to pizza", "call my 7am alarm gym"
        rf"^(?:rename|relabel|retitle)\s+{_WHICH}\s+(?:to\s+|as\s+)?(?P<text>.+)$", re.I
    ),
)
_FILLER = lazy_pattern(
    r"^(?:(?:please|can\s+you|could\s+you|would\s+you|i\s+want\s+to|i'?d\s+like\s+to|and|now"
    r"|ok(?:ay)?)\s+)+",
    re.I,
)
_KIND = lazy_pattern(r"\b(alarm|reminder|timer)s?\b", re.I)


def reword_call(
    text: str, now: datetime, when_filter: Callable[[str, datetime], str]
) -> RoleCall | None:
    """timer.reword for `text`, or None. `when_filter` reads "my 7am alarm" as "07:00"."""
    said = _FILLER.sub("", normalize(text.strip().rstrip("?!.")))
    for pattern in _PATTERNS:
        if (found := pattern.match(said)) is None:
            continue
        which = found["which"]
        new = re.sub(r"^[\"']|[\"']$", "", found["text"].strip())
        kind = _KIND.search(which)
        words = re.sub(r"\b(?:my|the|our|this|that|it)\b", " ", _KIND.sub(" ", which))
        arguments = {"text": new, "target": ""}
        if ringing := when_filter(which, now):
            arguments["when"] = ringing
        else:
            words = " ".join(w for w in words.split() if not re.fullmatch(r"[\d:]+|[ap]m", w))
            arguments["target"] = " ".join(filter(None, (words, kind[1].lower() if kind else "")))
        if kind and "when" in arguments:
            arguments["target"] = kind[1].lower()
        return RoleCall("timer.reword", arguments)
    return None


@tool(name="timer.reword", side_effects="reversible")
async def reword(ctx: ToolContext, text: str, target: str = "", when: str = "") -> ToolOutput:
    """Reword a reminder's message, or rename an alarm or timer.

    Args:
        text: The new words, e.g. "call the dentist".
        target: Which one: its words ("dentist reminder"), "alarm", a number, or empty for
            the only one.
        when: Only the one that rings then, as timer.list's `when` ("07:00").
    """
    new = re.sub(r"^(?:to|about|that)\s+", "", " ".join(text.split()), flags=re.I)
    if not new:
        raise ToolExecutionError("Say the new words, e.g. 'call the dentist'. Nothing was changed.")
    now = ctx.runtime.clock.now()
    found = await resolve(ctx, target, ACTIVE, "change", when=when)
    if len(found) > 1:
        names = "; ".join(_describe(t, now) for t in found)
        raise ToolExecutionError(f"Which one should I change: {names}? Nothing was changed.")
    changed = await timer_store(ctx).reword(found[0].id, new)
    return ToolOutput(
        data=_as_data(changed, now), display=f"Changed your {_describe(changed, now)}."
    )
