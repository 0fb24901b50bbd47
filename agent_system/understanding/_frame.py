"""The per-thread frame: what the last turn did, so a follow-up can say only what changes.

Every turn in a thread's history (`Turn.calls`) records the tool calls that ran: tool, arguments
and the id of what they made. A follow-up is resolved against the latest of them, its role *and*
its slots:

- "and on friday?", "what about tomorrow?", "the day after?"  -> the same call on another day;
- "and in Boston?"                                            -> the same weather call elsewhere;
- "make it 10" (after a 5-minute timer)                       -> cancel that timer, set 10 minutes;
- "make it 6pm" (after a reminder)                            -> move that reminder to 18:00;
- "and for 9?" (after "do I have an alarm at 8?")              -> the same question at 9;
- "turn it off again" (after turning the coffee machine on)   -> turn the coffee machine off;
- "and the bedroom?" (after turning the kitchen light off)    -> the same action on the bedroom;
- "do the same for the bedroom", "same with the bedroom", "likewise for friday" -> likewise;
- "do that again", "once more" (and nothing else)             -> the last call once more;
- "make it brighter", "dim it a bit", "make it blue" (after a light command) -> that light only.

A follow-up *question* ("what about the day after?", "and on friday?" after creating an event) never
creates or changes anything: it becomes the read call of that role (list the day, show the
device's state, list the timers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._device_frame import device_step, level_said
from agent_system.understanding._frame_calendar import calendar_follow_up, event_shift
from agent_system.understanding._frame_parts import CHANGE as _CHANGE
from agent_system.understanding._frame_parts import CHANGE_TO as _CHANGE_TO
from agent_system.understanding._frame_parts import DAY_WORDS as _DAY_WORDS
from agent_system.understanding._frame_parts import NOT_A_NAME, SAME_AGAIN, Call
from agent_system.understanding._frame_parts import new_day as _new_day
from agent_system.understanding._frame_timer import (
    ANOTHER,
    INSTEAD,
    MOVED_TO,
    named_calls,
    off_call,
    pronoun_calls,
    target_number,
)
from agent_system.understanding._home_turns import (
    CANNOT_UNDO,
    EXCEPT,
    PROPERTY,
    STATE_SAID,
    corrected,
    cover_verb,
    left_out,
    opposite,
    undo,
    undo_said,
)
from agent_system.understanding._labels import extract_label, only_when
from agent_system.understanding._light_frame import (
    light_step,
    lightish,
    says_loudness,
    volume_step,
)
from agent_system.understanding._plural_frame import (
    as_them,
    each_device,
    recent_devices,
    says_two,
)
from agent_system.understanding._slots import (
    format_duration,
    parse_duration,
    parse_when,
    strip_when,
)
from agent_system.understanding._text import normalize

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = [
    "Call",
    "FollowUp",
    "answered_role",
    "is_question",
    "last_call",
    "resolve_follow_up",
]

_MARKERS = lazy_pattern(
    r"^(?:(?:and|also|but|so|ok|okay|now|then|oh|well|please|can\s+you|could\s+you)\s+)*"
    rf"(?:(?:(?:what|how)\s+about|what\s+of|{SAME_AGAIN}|now\s+for)(?!\w))?\s*"
)
_QUESTION = lazy_pattern(
    r"^(?:(?:and|but|so|ok|okay|then|also)\s+)*(?:what|how|is|are|was|were|"
    r"do(?!\s+(?:the\s+same|that|it|this)\b)|does|did|will|"
    r"would|when|which|who|where|can(?!\s+you\s+(?:do|repeat)\b)|"
    r"could(?!\s+you\s+(?:do|repeat)\b)|any|should|whats)\b"
)
_NUMBER = lazy_pattern(r"(?<![\w.])(?P<n>-?\d+(?:\.\d+)?)\s*(?P<unit>%|percent|degrees?|°)?")
_ON = lazy_pattern(r"\b(?:turn|switch|put)\s+(?:it|that|them|this)\s+(?:back\s+)?on\b|\bback\s+on\b"
                 r"|\b(?:turn|switch)\s+on\s+(?:it|that|them|this)$"
                 r"|^on(?:\s+again)?$|\bon\s+again\b")  # fmt: skip
_OFF = lazy_pattern(r"\b(?:turn|switch|put)\s+(?:it|that|them|this)\s+(?:back\s+)?off\b"
                  r"|\b(?:turn|switch)\s+off\s+(?:it|that|them|this)$"
                  r"|\bback\s+off\b|^off(?:\s+again)?$|\boff\s+again\b")  # fmt: skip
_FILLER = lazy_pattern(
    r"\b(?:the|a|an|too|as\s+well|again|please|one|then|also|instead|same|thing|do|for|in|on|"
    r"at|what|about|how|is|are|it|and|light|lights?)\b"
)
_DEVICE_NOUN = lazy_pattern(
    r"(?:fan|tv|television|heater|lamp|plug|socket|speaker|speakers|blinds?|shades?|curtains?|"
    r"lock|door|vacuum|thermostat|kettle|radio|stereo|ac|aircon|humidifier|dehumidifier|"
    r"purifier|sprinkler|camera|oven|dishwasher|washer|dryer|switch|outlet|garage)s?"
)
"""A word that names a device on its own ("and the fan"), not a room whose device is meant."""
_AGAIN = lazy_pattern(
    r"(?:(?:and|ok|okay|now|then|so)\s+)*(?:(?:do|try)\s+(?:that|it|this|the\s+same)\s+|"
    r"(?:the\s+)?same\s+(?:thing\s+)?)?(?:again|once\s+more|one\s+more\s+time)(?:\s+please)?"
)
"""A follow-up that asks for the last call once more and says nothing else."""
_WRITES_RECORDS = ("calendar.create", "timer.set", "timer.alarm", "timer.remind")


@dataclass(frozen=True)
class FollowUp:
    """The calls a follow-up resolves to, in order (each after the one before)."""

    calls: tuple[Call, ...]
    question: bool
    refusal: str | None = None
    """One plain sentence instead of calls ("The coffee machine has no level to turn up...")."""


def is_question(text: str) -> bool:
    """True when `text` asks rather than tells ("what about tomorrow?", "is it on?")."""
    return _QUESTION.match(normalize(text)) is not None


def last_call(history: list[Turn]) -> Call | None:
    """The latest call of the last two turns, or None."""
    for turn in reversed(history[-2:]):
        calls = getattr(turn, "calls", None) or []
        for call in reversed(calls):
            if call.get("tool") and not str(call["tool"]).endswith(".cancel"):
                found = Call(str(call["tool"]), dict(call.get("arguments") or {}), call.get("ref"))
                return _reminders_read(found) or found
    return None


def _reminders_read(call: Call) -> Call | None:
    """The calendar's listing of the reminders ("any reminders tomorrow?") as the timer's own
    listing of them, so that what follows ("cancel it", "move it to 10") is about a reminder."""
    if call.tool != "calendar.list" or call.arguments.get("reminders") is not True:
        return None
    start, end = str(call.arguments.get("start", "")), str(call.arguments.get("end", ""))
    when = f"{start}/{end}" if start and end else start
    return Call("timer.list", {"kind": "reminder"} | ({"when": when} if when else {}), call.ref)


_ANSWER_LEAD = lazy_pattern(
    r"^(?:(?:ok|okay|well|um|uh|oh|yes|yeah|so|and|maybe|say|let us say|lets say|how about"
    r"|make it|it is|its|it will be|at|on|for|by|around|about|in)(?:\s+|$))*"
)
_ANSWER_FILLER = frozenset("please then thanks thank you o clock oclock sharp".split())


def answered_role(text: str, history: list[Turn], now: datetime) -> str | None:
    """The role whose question the last turn asked ("What time is 'Flight'?", "When should I
    remind you?"), when `text` reads as nothing but its answer: a time, a day or a length
    ("9am", "on friday at noon", "in 10 minutes"). Else None."""
    if not history:
        return None
    last = history[-1]
    if not last.role or last.calls or not last.reply.rstrip().endswith("?"):
        return None
    norm = normalize(text)
    if parse_when(norm, now) is None and parse_duration(norm) is None:
        return None
    said = _ANSWER_LEAD.sub("", strip_when(norm), count=1)
    rest = [w for w in said.split() if w not in _ANSWER_FILLER]
    return last.role if not rest else None


def resolve_follow_up(text: str, history: list[Turn], now: datetime) -> FollowUp | None:
    """The calls `text` means as a follow-up to the last call in `history`, or None."""
    previous = last_call(history)
    if previous is None:
        return None
    norm = normalize(text)
    family = previous.tool.split(".")[0]
    if family == "smart_home":
        if says_two(norm) and len(recent_devices(history)) < 2:
            return None  # "switch both off" after one device: which two is the role's question
        norm = as_them(norm)  # "turn them both off", "switch off all of them"
    rest = _MARKERS.sub("", norm, count=1).strip()
    asking = is_question(text) or (text.strip().endswith("?") and previous.tool in _WRITES_RECORDS)
    if family == "smart_home" and not asking and undo_said(rest):  # "undo that": the opposite
        back = undo(_latest_calls(history))
        return FollowUp(tuple(back), False) if back else FollowUp((), False, CANNOT_UNDO)
    if family == "smart_home" and not asking and (covered := cover_verb(previous, rest)):
        return FollowUp((covered,), False)  # "lower them" after the blinds: no level of theirs
    if family == "smart_home" and (step := device_step(previous, norm, rest, asking)):
        each = tuple(each_device(norm, step.calls, previous, history))
        return FollowUp(each, asking, step.refusal)  # the thermostat, a fan, no level
    resolver = _RESOLVERS.get(family)
    if resolver is None:
        return None
    calls = resolver(previous, norm, rest, asking, now)
    if not calls and not asking and _AGAIN.fullmatch(norm):
        calls = [previous]  # "do that again", "same again": the last call once more
    if not calls and not asking and previous.tool not in _WRITES_RECORDS:
        # "make it 10" after "what about 10 minutes?": the change is to what was made before
        # the question, a turn or two back, in the same role.
        # "make it 6" after a reminder moved, then pushed back: past the move, to what made it
        for earlier in _calls(history[-3:]):
            if earlier.tool.split(".")[0] == family and earlier.tool != previous.tool:
                calls = resolver(earlier, norm, rest, asking, now)
                if calls:
                    break
    if family == "smart_home":
        calls = each_device(norm, calls, previous, history)  # "turn them off": every one
    return FollowUp(tuple(calls), asking) if calls else None


def _latest_calls(history: list[Turn]) -> list[Call]:
    """The calls of the latest of the last two turns that made any, in order."""
    for turn in reversed(history[-2:]):
        made = [c for c in getattr(turn, "calls", None) or [] if c.get("tool")]
        if made:
            return [
                Call(str(c["tool"]), dict(c.get("arguments") or {}), c.get("ref")) for c in made
            ]
    return []


def _calls(history: list[Turn]) -> list[Call]:
    """Every call of `history`, latest first (cancellations left out)."""
    out: list[Call] = []
    for turn in reversed(history):
        for call in reversed(getattr(turn, "calls", None) or []):
            if call.get("tool") and not str(call["tool"]).endswith(".cancel"):
                out.append(
                    Call(str(call["tool"]), dict(call.get("arguments") or {}), call.get("ref"))
                )
    return out


# --- per role (the calendar's: _frame_calendar) -------------------------------------------
_SPAN = lazy_pattern(
    r"\b(?:week|weekend|fortnight|few\s+days|\d+\s+days|morning|afternoon|evening|night|tonight)\b"
)
"""Days, not a day: a weather follow-up over a span is the role's to read."""


_NO_PLACE = lazy_pattern(
    r"\b(?:humidity|humid|wind|windy|uv|pressure|fahrenheit|celsius|centigrade|kelvin|metric"
    r"|imperial|temperature|temp|rain|snow|sunrise|sunset)\b"
)
"""What a weather follow-up asks about instead of a place."""
_DAY_THEN_PLACE = lazy_pattern(
    r"^(?:today|tonight|tomorrow|(?:on\s+|next\s+|this\s+)?\w+day)\s+(?:in|for|at)\s+"
    r"(?P<place>[a-z][a-z .'-]*)$"
)


def _place(rest: str) -> str | None:
    """A place named in a weather follow-up ("in boston", "boston", "new york tomorrow")."""
    words = re.sub(r"\b(?:the\s+)?weather\b", " ", rest)
    if _NO_PLACE.search(words):
        return None  # "and the humidity?", "in fahrenheit?": the role reads what is asked
    words = re.sub(r"^(?:in|for|at|near|around)\s+", "", words.strip())
    if (after := _DAY_THEN_PLACE.match(words)) is not None:
        words = after["place"]  # "tomorrow in london"
    words = re.split(
        r"\s+(?:today|tonight|tomorrow|on|at|this|next|in\s+\d|the\s+day)\b", " " + words
    )[0].strip()
    words = _FILLER.sub(" ", words).strip()
    if not words or _DAY_WORDS.fullmatch(words) or re.search(r"\d", words):
        return None
    if len(words.split()) > 3:
        return None
    return " ".join(part.capitalize() for part in words.split())


def _weather(previous: Call, norm: str, rest: str, asking: bool, now: datetime) -> list[Call]:
    if _SPAN.search(rest):  # "and next week?": the role reads a span (and keeps what was asked)
        return []
    place = _place(rest)
    day = _new_day(previous, rest, now)
    if place is None and day is None:
        return []
    arguments = dict(previous.arguments)
    if place:
        arguments["place"] = place
    if day is not None:
        arguments["day"] = day.isoformat() if day != now.date() else "today"
        arguments.pop("hour", None)
        return [Call("weather.forecast", arguments)]
    return [Call(previous.tool, arguments)]


def _ringing(rest: str, now: datetime) -> str:
    """timer.list's `when` for a follow-up's time or day ("and for 9?": "09:00 or 21:00")."""
    said = re.sub(r"^(?:(?:for|at|on|by)\s+)+", "", rest.strip(" ?.!"))
    found = parse_when(f"at {said}" if re.fullmatch(r"\d{1,2}(?::\d{2})?", said) else said, now)
    if found is None:
        return ""
    if not found.has_time:
        return found.value.date().isoformat()
    if found.has_date:
        return found.value.isoformat()
    hour, minute = found.value.hour, found.value.minute
    if found.ambiguous:
        return f"{hour % 12:02d}:{minute:02d} or {hour % 12 + 12:02d}:{minute:02d}"
    return f"{hour:02d}:{minute:02d}"


def _timer(previous: Call, norm: str, rest: str, asking: bool, now: datetime) -> list[Call]:
    if previous.tool == "timer.list" and (when := _ringing(rest, now)):
        # "do I have an alarm at 8?" ... "and for 9?": the same question at the new time
        return [Call("timer.list", {**previous.arguments, "when": when})]
    made = target_number(previous.tool, previous.arguments, previous.ref)
    if made is not None and (on_it := pronoun_calls(made, norm)):
        return [Call(tool, arguments) for tool, arguments in on_it]  # "cancel it", "pause it"
    if made is None and (off := off_call(previous.arguments, norm)) is not None:
        return [Call(*off)]  # "is my alarm set for 8?" ... "turn it off": that alarm
    if named := named_calls(norm):  # "cancel the pizza one", "how long on bread"
        return [Call(tool, arguments) for tool, arguments in named]
    if previous.tool == "timer.set" and (another := ANOTHER.match(norm)) is not None:
        return _another(previous, another["rest"])
    shifted = event_shift(norm)  # "push it back an hour" after a reminder or an alarm
    if made is not None and shifted and re.fullmatch(r"(?:it|that|this)", shifted[0]):
        by = shifted[1].lstrip("-")
        tool = "timer.shorten" if shifted[1].startswith("-") else "timer.extend"
        return [Call(tool, {"by": by, "target": made})]
    if asking:
        return [Call("timer.list", _asked_when(previous, rest, now))]
    number = _NUMBER.search(rest)
    moved = MOVED_TO.match(rest) is not None  # "reschedule it for 6pm", "push it back to 6"
    change = moved or _CHANGE.search(norm) is not None
    if previous.tool == "timer.remind" and change and previous.ref is not None:
        said = _moved_to(rest, moved)  # "make it 6pm": move that reminder
        if parse_when(f"at {said}" if said[:1].isdigit() else said, now) is not None:
            return [Call("timer.move", {"target": str(previous.ref), "to": said})]
        return []
    if previous.tool == "timer.set":
        duration = parse_duration(rest)
        if duration is None and number is not None:
            duration = _in_its_unit(previous, number["n"])  # "make it 10": 10 of the same
        if duration is None:
            return []
        new = Call("timer.set", {**previous.arguments, "duration": format_duration(duration)})
        if change and previous.ref is not None:
            return [Call("timer.cancel", {"target": str(previous.ref)}), new]
        return [new]
    if previous.tool == "timer.alarm" and (number is not None or parse_when(rest, now)):
        at = str(previous.arguments.get("at", ""))
        said = _moved_to(rest, moved)
        if moved and previous.ref is not None:  # "reschedule it for 8am": that alarm, moved
            return [Call("timer.move", {"target": str(previous.ref), "to": said})]
        if (another := ANOTHER.match(said)) is not None:
            said = another["rest"]  # "another one for 8": at 8
        said = re.sub(r"^(?:1|one|another(?:\s+1)?)\s+(?=(?:on|for|at)\b)", "", said)
        said = re.sub(r"^for\s+(?=\d)", "", said)  # "one on friday", "and one for 8"
        found = parse_when(f"at {said}" if said[:1].isdigit() else said, now)
        if found is not None and found.has_date and not found.has_time and len(at) >= 16:
            # "and on friday": one more at the same time on that day ("make it friday": moved)
            day = datetime.combine(found.value.date(), datetime.fromisoformat(at).timetz())
            return _changed(
                previous, Call("timer.alarm", {**previous.arguments, "at": day.isoformat()}), change
            )
        if found is None or not found.has_time:
            return []
        value = found.value
        if len(at) >= 16 and not found.has_date:  # keep the alarm's day, and its half of the day
            before = datetime.fromisoformat(at)
            hour = value.hour
            if found.ambiguous and (hour >= 12) != (before.hour >= 12):
                hour = (hour + 12) % 24
            value = datetime.combine(
                before.date(), value.time().replace(hour=hour), before.tzinfo or value.tzinfo
            )
        new = Call("timer.alarm", {**previous.arguments, "at": value.isoformat()})
        return _changed(previous, new, change)
    return []


def _changed(previous: Call, new: Call, change: bool) -> list[Call]:
    """`new`, after cancelling what `previous` made when the follow-up changes it."""
    if change and previous.ref is not None:
        return [Call("timer.cancel", {"target": str(previous.ref)}), new]
    return [new]


_KIND_OF = {"timer.alarm": "alarm", "timer.remind": "reminder"}


def _asked_when(previous: Call, rest: str, now: datetime) -> dict[str, str]:
    """timer.list's arguments for a question after an alarm or a reminder was set: the same
    kind, on the day (or at the time) it names ("and on friday?": the alarms on Friday)."""
    kind = _KIND_OF.get(previous.tool)
    if kind is None:
        return {}
    when = _ringing(rest, now)
    if not when and (day := _new_day(previous, rest, now)) is not None:
        when = day.isoformat()  # "and the day after?"
    return {"kind": kind, "when": when} if when else {"kind": kind}


def _moved_to(rest: str, moved: bool) -> str:
    """The new time a change of the one just set says ("6pm" of "make it 6pm instead")."""
    said = MOVED_TO.sub("", rest) if moved else _CHANGE_TO.sub("", rest)
    return INSTEAD.sub("", said.strip()).strip()


def _in_its_unit(previous: Call, number: str) -> timedelta | None:
    """A bare number said after a timer, in that timer's unit ("10" after "5 minutes")."""
    unit = (str(previous.arguments.get("duration", "minutes")).split() or ["minutes"])[-1]
    return parse_duration(f"{number} {unit}")


def _another(previous: Call, rest: str) -> list[Call]:
    """ "and another for 25 minutes called bread": a second timer, with its own label or none."""
    duration = parse_duration(rest)
    if duration is None and (numbers := re.findall(r"(?<![\w.])\d+(?:\.\d+)?", rest)):
        duration = _in_its_unit(previous, numbers[-1])  # "one more for 15": 15 of the same
    if duration is None:
        return []
    arguments = {k: v for k, v in previous.arguments.items() if k not in ("duration", "label")}
    if label := extract_label(rest):
        arguments["label"] = label
    return [Call("timer.set", {**arguments, "duration": format_duration(duration)})]


_SWITCHES = {
    "smart_home.turn_on": "smart_home.turn_off",
    "smart_home.turn_off": "smart_home.turn_on",
}
_DEVICE_TOOLS = (
    "smart_home.turn_on", "smart_home.turn_off", "smart_home.set_brightness",
    "smart_home.set_color", "smart_home.get_state", "smart_home.open_cover",
    "smart_home.close_cover", "smart_home.lock", "smart_home.set_temperature",
    "smart_home.set_hvac_mode", "smart_home.set_fan_speed", "smart_home.oscillate",
    "smart_home.set_volume",
)  # fmt: skip


def _target(previous: Call, rest: str) -> dict[str, Any] | None:
    """The device arguments a follow-up names ("the bedroom", "the fan"), or None (also for a
    time alone: "and at 8pm?" names no device; the role reads it as the same command then)."""
    if only_when(rest):
        return None
    words = _FILLER.sub(
        " ",
        re.sub(
            r"\b(?:(?:once|one)\s+more(?:\s+time)?|turn|switch|put|now|ok|okay|that|them"
            r"|back(?!\s+(?:door|gate|garden|yard|porch|room|bedroom|light|lights|window)\b)"
            r"|this|please)\b|\b(?:on|off)\b",
            " ",
            rest,
        ),
    )
    words = re.sub(r"[?,.!]", " ", words)
    words = " ".join(w for w in words.split() if not w.isdigit())
    if not words or len(words.split()) > 3 or NOT_A_NAME.search(words):
        return None
    device = str(previous.arguments.get("device", ""))
    if previous.arguments.get("area"):
        return {"device": device, "area": words} if device else {"area": words}
    head = device.split()[-1] if device else ""
    if re.search(r"\blights?\b", rest) and head not in ("light", "lights", "lamp"):
        return {"device": f"{words} light"}  # "do the same for the kitchen light" after the fan
    named = (
        f"{words} {head}"
        if head
        and head not in words.split()
        and len(words.split()) == 1
        and not _DEVICE_NOUN.fullmatch(words)
        else words
    )  # "and the bedroom" after the kitchen light: the bedroom light; "and the fan": the fan
    return {"device": named}


def _light_change(previous: Call, norm: str, rest: str) -> list[Call]:
    """ "make it brighter" / "make it blue" after a light command: `light_step` on that light."""
    found = light_step(previous.tool, previous.arguments, norm, rest)
    if found is None:
        return []
    said, change = found
    target = _target(previous, said) or {
        k: v for k, v in previous.arguments.items() if k in ("device", "area")
    }
    return [Call(tool, {**target, **arguments}) for tool, arguments in change]


def _smart_home(previous: Call, norm: str, rest: str, asking: bool, now: datetime) -> list[Call]:
    rest, fixing = corrected(rest)  # "no, off", "not that one, the bedroom light"
    norm = rest if fixing else norm  # "no, dimmer": what follows the "no"
    device_args = {k: v for k, v in previous.arguments.items() if k in ("device", "area")}
    if not asking and (changed := _light_change(previous, norm, rest)):
        return changed
    if not asking and (volume := volume_step(previous.tool, previous.arguments, norm)):
        return [Call("smart_home.set_volume", {**device_args, **volume})]
    if says_loudness(norm):
        return []  # "louder" after a light: no device of the last call has a volume
    if not asking and EXCEPT.match(rest.strip(" ?.!")):
        spared = left_out(previous, rest)  # "except the bedroom" after all the lights: not there
        back = opposite(previous.tool)
        where = _target(previous, spared) if spared else None
        return [Call(back, where)] if back and where else []
    asked = STATE_SAID.sub(" ", rest) if asking else rest  # "are the blinds open"
    target = None if asking and PROPERTY.search(rest) else _target(previous, asked)
    if asking:
        return (
            [Call("smart_home.get_state", target or device_args)] if device_args or target else []
        )
    if (covered := cover_verb(previous, rest)) is not None:
        return [covered]  # "close it" after the blinds, "lock it" after the front door
    if (_OFF.search(norm) or _OFF.search(rest)) and previous.tool in _DEVICE_TOOLS:
        return [Call("smart_home.turn_off", target or device_args)]
    if (_ON.search(norm) or _ON.search(rest)) and previous.tool in _DEVICE_TOOLS:
        return [Call("smart_home.turn_on", target or device_args)]
    number = _NUMBER.search(rest)
    if number is not None and (fixing or _CHANGE.search(norm)) and level_said(rest):
        if previous.tool == "smart_home.set_temperature":
            return [Call(previous.tool, {**previous.arguments, "temperature": float(number["n"])})]
        if previous.tool in ("smart_home.set_brightness", "smart_home.turn_on") or (
            previous.tool == "smart_home.turn_off" and lightish(str(device_args.get("device", "")))
        ):  # "set it to 50%" after a light was turned off: it comes on at 50%
            return [
                Call(
                    "smart_home.set_brightness",
                    {**device_args, "brightness": int(float(number["n"]))},
                )
            ]
        return []
    if target is not None and previous.tool != "smart_home.get_state" and device_args:
        # only a call that named a device or room gets another one (the tool takes it)
        arguments = {k: v for k, v in previous.arguments.items() if k not in ("device", "area")}
        instead = Call(previous.tool, {**arguments, **target})
        back = opposite(previous.tool) if previous.tool in _SWITCHES else None
        if fixing and back and target != device_args:  # "no, the kitchen one": not the bedroom
            return [Call(back, device_args), instead]
        return [instead]
    return []


_RESOLVERS = {
    "calendar": calendar_follow_up,
    "weather": _weather,
    "timer": _timer,
    "smart_home": _smart_home,
}
