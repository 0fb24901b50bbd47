"""Scoring of SLURP, HWU64 and CLINC150 requests.

SLURP and HWU64 (``voice-assistant/intent_actions.json``): an in-scope request is *routed right*
when the router picks a role of one of its tools, gets the *right tool* when the plan has at least
one step and every step is one of its tools, and the *right arguments* when, in addition, every
annotated slot of a scored type (`evals.scoring.SCORED_SLOTS`) shows up in the planned arguments.
Requests for the timer, calendar, lists and smart-home roles are also run (``arun``): *stored
right* when the run wrote to that role's tables (and, for a ``*_query`` intent, wrote nothing);
removals (``*_remove``) need something to remove and are judged by their plan only.
An out-of-scope request is right when no step of its plan is a tool of those roles.

A timer that runs a command when it rings ("make coffee at 8am"; "mute for two hours" mutes and
sets a timer that unmutes) is scored as that command, scheduled (`as_scheduled`): the harness
plans the command too, and unless the intent's own tools include ``timer.set`` the command's
tools stand in for the timer step, its arguments and the ring time join the timer's, and the
timer it stores counts as the command's role's. Some slots are read by meaning as well as by
words (`evals.scoring.slot_in`): a ``house_place`` that is the whole home ("the house") is found
when a call addresses every device of a kind with no area ("all lights"), a
``change_amount`` of "half" / "max" / "full" is 50 / 100, "a bit" / "slightly" a change of at
most 10, "lowest" / "minimum" a level of 0-1 ("full power" is 100, "two levels" 2), a moment
said from now ("five minutes from now", "in ten minutes") is found when a planned moment lies
that long after the plan was made (to two minutes), and a repeat rule is said as words ("daily"
is "every day", "everyday").

A request that lacks what its action needs ("schedule a meeting with Sam": no time) is served
right by the question a person would ask. When the right role asks for a piece the annotators
found no slot for ("When is 'Meeting with Sam'?" and no ``date``/``time`` slot; "What time ...?"
and no ``time`` slot; "How long ...?"; "What should I call the event?" and no ``event_name``;
"What should I call the new list?" / "Which list should I delete?" and no ``list_name``;
"Which light do you mean: A, B?" and no ``house_place``: the first light named; "Which room do
you mean?" and no ``house_place`` naming a room, only "this room"/"here": the living room;
"What should I add to / take off your list?" and "What should I remind you about?", which no slot
annotates, only when every word of the request is a generic one or an annotated slot's: "milk",
"to call mom"),
the simulated user answers in the same thread (`answer_for`) and the answering turn is scored in
the request's place: its plan must be the intent's tool, the request's slots must reach its
arguments and, when run, its stored result must be right. The share of questions asked that were
right and served this way is reported apart (``asked``).

CLINC150 is scored in `evals.clinc`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evals.harness import Harness, Outcome
from evals.scoring import ACTION_ROLES, SCORED_SLOTS, Tally, args_text, slot_in, tool_matches
from evals.splits import Row

__all__ = [
    "CLINC_TOOL_ROLES",
    "LABEL_CONFLICTS",
    "SetResult",
    "answer_for",
    "as_scheduled",
    "evaluate_voice",
    "table_role",
]

CLINC_TOOL_ROLES = frozenset({"timer", "weather", "calendar", "smart_home", "search", "lists"})
LABEL_CONFLICTS = {"change_volume": ("smart_home", "audio_volume_up/down/mute")}
"""CLINC150 intents that the voice-assistant sets label the other way: CLINC's unmapped
``change_volume`` ("turn the volume up", "make the speakers louder") are the very requests that
HWU64/SLURP map to the smart-home role (``audio_volume_*``: the media player's volume). No router
can satisfy both, so these rows are counted in neither CLINC share; the report says where they
went."""
OUT_OF_SCOPE = "out of scope"


@dataclass
class SetResult:
    """Tallies of one data set: groups are ``all``, ``role:<name>`` and ``intent:<name>``."""

    name: str
    tally: Tally = field(default_factory=Tally)
    latencies: list[float] = field(default_factory=list)
    """Router decision times (wall clock, ms)."""
    cpu_latencies: list[float] = field(default_factory=list)
    """CPU time of each ``aroute`` call (ms)."""
    miss_kinds: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    """(intent, expected, got) -> count: where the misses are, without the sentences."""
    notes: list[str] = field(default_factory=list)
    keep_sentences: bool = False
    """Record missed sentences in ``tally.misses`` (fit and development data only)."""


def table_role(table: str) -> str:
    """The role that owns a table (by its name)."""
    name = table.lower().removeprefix("records:")  # the shared records table, by collection
    for prefix, role in (
        ("smart_home", "smart_home"),
        ("devices", "smart_home"),
        ("timer", "timer"),
        ("calendar", "calendar"),
        ("list", "lists"),
        ("todo", "lists"),
        ("shopping", "lists"),
    ):
        if name.startswith(prefix):
            return role
    return name


def _got(out: Outcome) -> str:
    if out.error:
        return "error"
    if out.tools:
        return "+".join(dict.fromkeys(out.tools))
    return f"no plan ({out.role or 'none'})"


_WHEN = re.compile(r"^(?:when\b|what\s+day\b)", re.I)
_WHAT_TIME = re.compile(r"^(?:what|which)\s+time\b", re.I)
_HOW_LONG = re.compile(r"^how\s+long\b", re.I)
_WHAT_NAME = re.compile(r"^what\s+should\s+i\s+call\s+the\s+event\b", re.I)
"""The calendar's question for an event's title."""
_LIST_NAME = re.compile(
    r"^(?:what\s+should\s+i\s+call\s+the\s+new\s+list|which\s+list\s+should\s+i\s+delete)\b",
    re.I,
)
"""The lists role's question for a list's name (a new one, or the one to delete)."""
_WHICH_ROOM = re.compile(r"^which\s+room\s+do\s+you\s+mean\?$", re.I)
"""The smart-home role's question for "in here" said from no particular room."""
_NO_ROOM_NAMED = frozenset({"this", "room", "here", "in", "the", "my", "our"})
_WHICH_LIGHT = re.compile(r"^which\s+light\s+do\s+you\s+mean:\s*(?P<first>[^,?]+)", re.I)
"""The smart-home role's question for "the light" said from no room: it names the lights."""
_ADD_ITEMS = re.compile(r"^What should I (?:add to|take off) your (?:[\w' -]+ )?list\?$")
"""The lists role's question for what to add or take off ("add this item to the list")."""
_REMIND_OF = re.compile(r"^What should I remind you about\?$")
"""The timer's question for a reminder's message ("remind me at five pm")."""
_GENERIC = frozenset(
    """a an the this that these those it them one ones some any another other more extra new
    last first next single item items thing things stuff something anything entry entries line
    lines list lists my our your me i we you us to on onto in into from off of for at with about
    out up add adding added put include enter insert append remove delete erase drop take kill
    abolish get rid rearrange please can could would will should must need needs want like know
    also too just now later set make create reminder reminders remind be is are was and so then
    hey ok okay olly update edit tell how think ran run""".split()
)
"""Words that name no list item and no reminder message: neither is a slot the sets annotate,
so such a question is answered only when every word of the request is one of these or part of
an annotated slot ("add the item to the list", "remind me at five pm")."""


def _names_nothing(text: str, slots: Sequence[tuple[str, str]]) -> bool:
    said = {w for _, value in slots for w in re.findall(r"[a-z']+", value.lower())}
    words = re.findall(r"[a-z']+", text.lower())
    return bool(words) and all(w in _GENERIC or w in said for w in words)


def answer_for(question: str, slots: Sequence[tuple[str, str]], text: str = "") -> str | None:
    """What a user says to `question`, when it asks for a piece the request truly lacks (no
    annotated slot of that kind; for a list item or a reminder's message, which no slot
    annotates: the request `text` names nothing else); None when it is not a right question."""
    kinds = {kind for kind, _ in slots}
    if _ADD_ITEMS.match(question):
        return "milk" if _names_nothing(text, slots) else None
    if _REMIND_OF.match(question):
        return "to call mom" if _names_nothing(text, slots) else None
    if _WHAT_TIME.match(question):
        return None if "time" in kinds else "at 10am"
    if _WHEN.match(question):
        return None if kinds & {"time", "date"} else "tomorrow at 10am"
    if _HOW_LONG.match(question):
        return None if kinds & {"time", "duration"} else "10 minutes"
    if _WHAT_NAME.match(question):
        return None if "event_name" in kinds else "team review"
    if _LIST_NAME.match(question):
        return None if "list_name" in kinds else "camping"
    if which := _WHICH_LIGHT.match(question):  # any light is right when no room was said
        return None if "house_place" in kinds else which["first"].strip()
    if _WHICH_ROOM.match(question):  # "in here" from no room: the user names theirs
        places = [set(v.lower().split()) for k, v in slots if k == "house_place"]
        return "the living room" if all(p <= _NO_ROOM_NAMED for p in places) else None
    return None


def _served(out: Outcome) -> Outcome:
    """The turn that served the request: the answer to the role's question, when one was asked."""
    return out.answered if out.answered is not None else out


def score_voice_row(
    row: Row, out: Outcome, actions: dict[str, tuple[str, ...]], result: SetResult, today: Any
) -> None:
    """Add one SLURP/HWU64 row's outcome to `result`."""
    tally = result.tally
    patterns = actions.get(row.intent, ())
    roles = sorted({p.split(".")[0] for p in patterns})
    group = f"role:{roles[0]}" if roles else f"role:{OUT_OF_SCOPE}"
    intent = f"intent:{row.intent}"
    result.latencies.append(out.route_ms)
    result.cpu_latencies.append(out.route_cpu_ms)
    tally.confusion[(roles[0] if roles else OUT_OF_SCOPE, out.role or "none")] += 1
    if not patterns:
        acted = any(t.split(".")[0] in ACTION_ROLES for t in out.tools)
        for g in ("all", group, intent):
            tally.add(g, "oos_no_action", not acted)
        if acted:
            result.miss_kinds[(row.intent, OUT_OF_SCOPE, _got(out))] += 1
            if result.keep_sentences:
                tally.misses.append(
                    {
                        "text": row.text,
                        "intent": row.intent,
                        "got": _got(out),
                        "arguments": out.arguments,
                    }
                )
        return
    role_ok = out.role in roles
    asked, out = out.answered is not None, _served(out)
    tools, arguments, later_roles = as_scheduled(out, patterns)
    tool_ok = bool(tools) and all(tool_matches(t, patterns) for t in tools)
    for g in ("all", group, intent):
        tally.add(g, "role", role_ok)
        tally.add(g, "tool", tool_ok)
        if asked:
            tally.add(g, "asked", tool_ok)
    if not tool_ok:
        got = f"asked, then {_got(out)}" if asked else _got(out)
        result.miss_kinds[(row.intent, "|".join(patterns), got)] += 1
        if result.keep_sentences:
            tally.misses.append(
                {
                    "text": row.text,
                    "intent": row.intent,
                    "got": got,
                    "arguments": out.arguments,
                }
            )
    slots = [(t, v) for t, v in row.slots if t in SCORED_SLOTS]
    if tool_ok and slots:
        text = args_text(arguments, today)
        found = [slot_in(k, v, arguments, text, out.planned_at) for k, v in slots]
        for g in ("all", group, intent):
            tally.add(g, "args", all(found))
        for (kind, _), ok in zip(slots, found, strict=True):
            tally.add("all", f"slot:{kind}", ok)
        if not all(found):
            missing = ",".join(k for (k, _), ok in zip(slots, found, strict=True) if not ok)
            result.miss_kinds[(row.intent, "slots", f"missing {missing}")] += 1
            if result.keep_sentences:
                tally.misses.append(
                    {
                        "text": row.text,
                        "intent": row.intent,
                        "got": f"missing {missing}",
                        "arguments": out.arguments,
                    }
                )
    if out.ran and set(roles) & ACTION_ROLES and not _removes(row.intent):
        written = {table_role(t) for t in out.stored}
        if later_roles and "timer" in written:  # the timer holds the command, scheduled
            written = (written - {"timer"}) | later_roles
        stored_ok = (
            not written
            if row.intent.endswith("_query")
            else bool(written) and written <= set(roles)
        )
        for g in ("all", group, intent):
            tally.add(g, "stored", tool_ok and stored_ok)


def as_scheduled(
    out: Outcome, patterns: Sequence[str]
) -> tuple[list[str], list[dict[str, Any]], frozenset[str]]:
    """(tools, arguments, roles of the scheduled commands) by which `out` is scored.

    A timer that runs a command when it rings ("make coffee at 8am", the unmuting timer of "mute
    for two hours") is that command, scheduled (Home Assistant does the same: a timer with a
    command): unless the intent's own tools include ``timer.set``, the command's planned tools
    stand in for the timer step, and its arguments and ring time join the timer's. A command
    that plans nothing leaves the timer step as it is (a wrong tool).
    """
    if not out.scheduled or tool_matches("timer.set", patterns):
        return out.tools, out.arguments, frozenset()
    later = iter(out.scheduled)
    tools: list[str] = []
    arguments = list(out.arguments)
    roles: set[str] = set()
    for tool, args in zip(out.tools, out.arguments, strict=True):
        command = next(later, None) if tool == "timer.set" and args.get("command") else None
        if command is None or not command.tools:
            tools.append(tool)
            continue
        tools.extend(command.tools)
        roles.update(t.split(".")[0] for t in command.tools)
        arguments.extend(command.arguments)
        if command.rings_at:
            arguments.append({"rings_at": command.rings_at})
    return tools, arguments, frozenset(roles)


def _removes(intent: str) -> bool:
    """Removals need something to remove: they are judged by their plan, never run."""
    return intent.endswith("_remove")


async def evaluate_voice(
    harness: Harness,
    name: str,
    rows: Sequence[Row],
    actions: dict[str, tuple[str, ...]],
    *,
    keep_sentences: bool = False,
) -> SetResult:
    """Route, plan and (for action roles) run every row; tallies per set, role and intent."""
    result = SetResult(name, keep_sentences=keep_sentences)
    today = harness.today()
    for row in rows:
        roles = {p.split(".")[0] for p in actions.get(row.intent, ())}
        run = bool(roles & ACTION_ROLES) and not _removes(row.intent)
        out = await harness.observe(row.text, run=run)
        if out.question and out.role in roles:
            reply = answer_for(out.question, row.slots, row.text)
            if reply is not None:
                await harness.answer(row.text, out, reply, run=run)
        score_voice_row(row, out, actions, result, today)
    return result
