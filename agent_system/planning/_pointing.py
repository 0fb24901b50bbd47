"""A later clause's "it" for the thing an earlier step found or made, for the embedded planner.

"find my next event and delete it", "add lunch with Sam on friday at 1 and then move it to 2pm",
"set a timer for 5 minutes and then cancel it": the "it" is what the clause before read or made,
which only its step knows when it runs. The clause is read the way a follow-up turn is read
after that step (`resolve_follow_up` over a one-turn frame whose call made `PLACEHOLDER`), and
the placeholder becomes a reference to the step's output id (``/id`` of a record made, ``/0/id``
of the one event a look-up for the next one finds), so the step runs after it and acts on that
very record. Only a clause that points back this way is read so; any other is routed as usual.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.planning._refs import REF_KEY, TEMPLATE_KEY
from agent_system.roles import RoleCall
from agent_system.routing.models import Turn
from agent_system.understanding._frame import resolve_follow_up
from agent_system.understanding._frame_calendar import invited
from agent_system.understanding._slots import strip_when
from agent_system.understanding._text import normalize

__all__ = ["PLACEHOLDER", "bare_pointer", "output_id_path", "points_back", "read_after"]

PLACEHOLDER = "\x00found\x00"
"""Stands for the earlier step's record in the frame's calls until it becomes a reference."""

_POINTER = lazy_pattern(
    r"\b(?:it|them)\b|\b(?:that|this)\b(?=\s*$|\s+(?:one|to|for|at|on|off|back|up|down|over|"
    r"please|now|again|instead|too|by|till|until|forward|earlier|later)\b)"
)  # "delete that", "move this to 3pm"; not "this meeting"
_WEATHER_IT = lazy_pattern(  # "is it raining", "what time is it", "if it rains": no thing
    r"\b(?:is|was|will|would|does|did|be|if)\s+it\b|\bit\s*(?:'s|is|was|will|rains?|snows?)\b"
)
_MADE = frozenset(
    {"calendar.create", "calendar.update", "timer.set", "timer.alarm", "timer.remind"}
)
_MAX_WORDS = 8
_FILLER = lazy_pattern(
    r"\b(?:please|now|again|then|and|also|just|for\s+me|(?:can|could|would|will)\s+you|"
    r"too|as\s+well|instead|right\s+away)\b"
)


def output_id_path(tool: str, arguments: dict[str, Any]) -> str | None:
    """Where the id of the one record `tool` made or found is in its output, or None when it
    names no single record (a listing of a day may find several)."""
    if tool in _MADE:
        return "/id"
    if tool == "calendar.list" and arguments.get("limit") == 1:
        return "/0/id"  # "my next event": the one found
    return None


def points_back(text: str, tool: str = "") -> bool:
    """True when `text` is a short clause acting on "it"/"that" ("delete it please", "move it
    to 2pm"), not the weather's or the clock's "it"; after a calendar step (`tool`), also one
    asking people along ("... and ask jo to join")."""
    said = normalize(text)
    if tool.startswith("calendar.") and invited(said) is not None:
        return True
    return (
        len(said.split()) <= _MAX_WORDS
        and _POINTER.search(said) is not None
        and _WEATHER_IT.search(said) is None
    )


def bare_pointer(text: str) -> bool:
    """True when `text` names nothing but "it": a verb and the pronoun ("delete it please",
    "cancel that", "move it to 3pm"), so "it" can only be what the clause before acted on."""
    if not points_back(text):
        return False
    said = _FILLER.sub(" ", _POINTER.sub(" ", strip_when(normalize(text))))
    said = re.sub(r"\b(?:to|at|on|for|by|off|back|up|down|over|out)\b", " ", said)
    return len(said.split()) <= 1


def read_after(
    text: str, tool: str, arguments: dict[str, Any], step_id: str, now: datetime
) -> tuple[list[RoleCall], str | None] | None:
    """The calls `text` means right after a step `step_id` of `tool` with `arguments`, when it
    acts on the record that step made or found (its id a reference to the step's output), and
    the pointer to that id when they use it; else None."""
    path = output_id_path(tool, arguments)
    turn = Turn(
        text="",
        role=tool.split(".")[0],
        calls=[{"tool": tool, "arguments": arguments, "ref": PLACEHOLDER if path else None}],
    )
    resolved = resolve_follow_up(text, [turn], now)
    if resolved is None or resolved.question or not resolved.calls:
        return None
    calls = [RoleCall(c.tool, _pointing(dict(c.arguments), step_id, path)) for c in resolved.calls]
    if any(_refers(c.arguments) for c in calls):
        return calls, path
    return (calls, None) if _names_it(resolved.calls, tool) else None


def _pointing(arguments: dict[str, Any], step_id: str, path: str | None) -> dict[str, Any]:
    """`arguments` with the placeholder turned into a reference to `step_id`'s output id."""
    if path is None:
        return arguments
    out: dict[str, Any] = {}
    for key, value in arguments.items():
        if isinstance(value, str) and PLACEHOLDER in value:
            ref = {REF_KEY: step_id, "path": path}
            value = {TEMPLATE_KEY: value.replace(PLACEHOLDER, "${id}"), "values": {"id": ref}}
        out[key] = value
    return out


def _refers(arguments: dict[str, Any]) -> bool:
    return any(isinstance(v, dict) and TEMPLATE_KEY in v for v in arguments.values())


def _names_it(calls: Any, tool: str) -> bool:
    """The frame named the record without its id (a look-up by title: "find dinner with mom on
    my calendar and delete it" deletes "dinner with mom"): a change in the same role."""
    family = tool.split(".")[0]
    return any(c.tool.split(".")[0] == family and c.tool != tool for c in calls)
