"""Smart-home follow-ups that correct, undo or point back with a verb of their own.

Right after a home command:

- "no, off", "actually turn it back off", "oops, turn it back on"  -> the switch, said again;
- "no, the kitchen one", "not that one, the bedroom light"          -> the device just switched
  goes back as it was and the one named gets the command instead;
- "undo that", "put it back", "change it back"                      -> the opposite of the
  switch, lock, cover or robot command just done (a level or colour is not undone: a question);
- "close it", "shut them again", "open it back up", "lock it"       -> that cover or lock.

Nothing here reads a device's name: the frame (`agent_system.understanding._frame`) names the
device from the last call, and the tools check that it can do what is asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._frame_parts import Call

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "CORRECTED",
    "EXCEPT",
    "PROPERTY",
    "STATE_SAID",
    "UNDO",
    "corrected",
    "cover_verb",
    "opposite",
    "undo",
    "undo_said",
]

CORRECTED = lazy_pattern(
    r"^(?:(?:oh|hmm|uh|um|er)[\s,.!]+)*(?:(?:(?:no|nope|nah)(?=[\s,.!]+(?:the|that|this|it|them|not|i|my|turn|switch|off|on"
    r"|make|set|put|open|close|lock|unlock|undo|a|brighter|dimmer|darker|louder|quieter|softer"
    r"|warmer|cooler|higher|lower|up|down|\d))|sorry|actually|oops|whoops|wait|hang\s+on"
    r"|i\s+meant?|wrong\s+one"
    r"|not\s+(?:that|this)(?:\s+one)?|not\s+the\s+\w+(?:\s+(?:one|light|lamp))?)\b[\s,.!]*)+"
    r"(?:i\s+meant?\s+)?(?=\S)"
)
"""How a correction opens: "no,", "actually", "sorry i meant", "not that one,", "wrong one"."""
UNDO = lazy_pattern(
    r"^(?:(?:ok|okay|please|no|nope|actually|oops|sorry|wait|oh|hmm)\s+)*(?:not\s+(?:that|this)"
    r"(?:\s+one)?|wrong\s+(?:one|light|lamp|device|room)|that(?:s|\s+is)\s+the\s+wrong\s+"
    r"(?:one|light|lamp|device|room))$"
    r"|^(?:(?:ok|okay|please|no|actually|oops|sorry|oh|hmm)\s+)*(?:undo|reverse|revert"
    r"|scratch)(?=\s+(?:that|it|this|the\s+last)|\s*$)"
    r"(?:\s+(?:that|it|this|the\s+last\s+(?:one|thing|change|command)|what\s+you\s+(?:just\s+)?did))?"
    r"(?:\s+please)?$"
    r"|^(?:(?:ok|okay|please|no|actually|oops|sorry)\s+)*(?:put|change|set|switch)\s+"
    r"(?:it|that|them|everything|things)\s+back(?:\s+(?:the\s+way\s+(?:it|they)\s+w(?:as|ere)"
    r"|(?:to\s+)?(?:how|as)\s+(?:it|they)\s+w(?:as|ere)))?(?:\s+please)?$"
)
"""A turn that asks for the last home command undone and says nothing else."""
STATE_SAID = lazy_pattern(
    r"\b(?:open|opened|closed|shut|locked|unlocked|running|playing|paused|docked|still|now"
    r"|currently|right)\b"
)
"""The state a question asks about ("are the blinds open"): no part of a device's name."""
EXCEPT = lazy_pattern(
    r"^(?:(?:but|and|oh)\s+)*(?:except(?:\s+for)?|but\s+not|apart\s+from|other\s+than"
    r"|not(?:\s+in)?)\s+(?P<rest>(?:the\s+|my\s+)?[a-z']+(?:\s+[a-z']+)?)(?:\s+(?:one|please))*$"
)
"""A follow-up that leaves one out of the command just done: "except the bedroom"."""
_MANY = lazy_pattern(r"\b(?:all|every|everything|lights|lamps|blinds|shades)\b", re.I)
PROPERTY = lazy_pattern(
    r"\b(?:bright|brightness|dim|colou?r|volume|loud|level|speed|fast|temperature|set\s+to"
    r"|percent|percentage)\b"
)
"""A question about a setting of the device just used ("how bright is it", "what colour is it"),
not about another device."""
_OPPOSITE = {
    "smart_home.turn_on": "smart_home.turn_off",
    "smart_home.turn_off": "smart_home.turn_on",
    "smart_home.open_cover": "smart_home.close_cover",
    "smart_home.close_cover": "smart_home.open_cover",
    "smart_home.lock": "smart_home.unlock",
    "smart_home.unlock": "smart_home.lock",
    "smart_home.start_vacuum": "smart_home.stop_vacuum",
    "smart_home.start_mower": "smart_home.dock_mower",
}
_IT = r"(?:it|that|this|them|those|these)"
_COVER_VERBS = (
    (lazy_pattern(rf"^(?:(?:open|raise|lift|pull\s+up)\s+{_IT}|{_IT}\s+open)(?:\s+(?:back\s+)?up)?"
                  r"(?:\s+(?:again|please|too|now|back))*$"), "smart_home.open_cover"),
    (lazy_pattern(rf"^(?:(?:close|shut|lower|draw|pull\s+down)\s+{_IT}|{_IT}\s+(?:closed|shut))"
                  r"(?:\s+(?:again|please|too|now|back|down))*$"), "smart_home.close_cover"),
    (lazy_pattern(rf"^lock\s+{_IT}(?:\s+(?:up|again|please|too|now|back))*$"), "smart_home.lock"),
    (lazy_pattern(rf"^unlock\s+{_IT}(?:\s+(?:again|please|too|now))*$"), "smart_home.unlock"),
)  # fmt: skip
_COVERISH = lazy_pattern(
    r"\b(?:blinds?|shades?|curtains?|shutters?|covers?|garage|gate|door|window|awning|lock)s?\b"
)
_COVER_TOOLS = frozenset(
    {"smart_home.open_cover", "smart_home.close_cover", "smart_home.lock", "smart_home.unlock"}
)
CANNOT_UNDO = (
    "I can't undo a level or a colour change; say what it should be, for example 'set it to 50%'."
)


def corrected(rest: str) -> tuple[str, bool]:
    """`rest` without the words that open a correction, and whether there were any."""
    match = CORRECTED.match(rest)
    if match is None:
        return rest, False
    return rest[match.end() :].strip(), True


def opposite(tool: str) -> str | None:
    """The call that undoes `tool` ("smart_home.turn_on": turn_off), or None."""
    return _OPPOSITE.get(tool)


def undo_said(text: str) -> bool:
    """`text` (normalized, lower case) asks for the last command undone: "undo that"."""
    return UNDO.match(" ".join(re.sub(r"[,.!?;]", " ", text).split())) is not None


def undo(calls: Sequence[Call]) -> list[Call] | None:
    """The opposite of each of `calls` (the last home turn's), latest first undone first; None
    when one of them cannot be undone (a level, a colour, a temperature)."""
    out: list[Call] = []
    for call in reversed(calls):
        back = opposite(call.tool)
        if back is None:
            return None
        where = {k: v for k, v in call.arguments.items() if k in ("device", "area", "floor")}
        out.append(Call(back, where))
    return out or None


def left_out(previous: Call, rest: str) -> str | None:
    """What "except the bedroom" leaves out of the command on many just done ("the bedroom"),
    or None."""
    said = EXCEPT.match(rest.strip(" ?.!"))
    if said is None or opposite(previous.tool) is None:
        return None
    if not _MANY.search(str(previous.arguments.get("device", ""))):
        return None
    return said["rest"]


def cover_verb(previous: Call, rest: str) -> Call | None:
    """ "close it", "lock it", "open them back up" after a cover or a lock: that call on it."""
    where: dict[str, Any] = {
        k: v for k, v in previous.arguments.items() if k in ("device", "area", "floor")
    }
    if "device" not in where:
        return None
    said = rest.strip(" ?.!")
    for pattern, tool in _COVER_VERBS:
        if pattern.match(said):
            if previous.tool in _COVER_TOOLS or _COVERISH.search(str(where["device"]).lower()):
                return Call(tool, where)
            return None
    return None
