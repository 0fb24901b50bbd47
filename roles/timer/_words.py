"""How the timer tools say a timer, alarm or reminder, and find one by its name."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from agent_system.routing.slots import format_duration, format_moment, parse_duration
from roles.timer._repeat import describe
from roles.timer.service import length_name
from roles.timer.store import Timer
from tools._text import terms

__all__ = ["_as_data", "_called", "_describe", "_ends", "_ringing", "_when", "described"]


def _when(value: datetime, now: datetime) -> str:
    return format_moment(value, now).removeprefix("at ").removeprefix("on ")


def _ends(value: datetime, now: datetime) -> str:
    phrase = format_moment(value, now)
    return f"ends {phrase}" if not phrase.startswith("on ") else f"ends {phrase[3:]}"


def _describe(timer: Timer, now: datetime, *, brief: bool = False) -> str:
    """How a reply names `timer`, with its time left or when it rings.

    `brief`: without the time left and the reminder's message.
    """
    if timer.kind == "timer":
        if timer.label:
            name = f"timer {timer.label!r}"
        elif timer.duration:
            name = f"the {length_name(timer.duration)} timer"
        else:
            name = f"timer #{timer.id}"
        if brief:
            return name
        left = format_duration(timer.remaining(now))
        return f"{name}: {left} left" + (" (paused)" if timer.state == "paused" else "")
    due = _ringing(timer, now)
    if timer.kind == "alarm":
        return f"alarm{f' {timer.label!r}' if timer.label else ''} for {due}"
    return f"reminder for {due}" + ("" if brief else f": {timer.message}")


_NTH = ("first", "second", "third", "fourth", "fifth")


def described(timers: list[Timer], now: datetime) -> list[str]:
    """Each of `timers` as `_describe` says it, told apart when two would read the same.

    Two 10-minute timers set together: "the first 10-minute timer: ...", "the second 10-minute
    timer: ..." (the words "the second one" picks by, `roles.timer._pick`).
    """
    said = [_describe(t, now) for t in timers]
    for text in {s for s in said if said.count(s) > 1 and s.startswith("the ")}:
        alike = [i for i, s in enumerate(said) if s == text]
        for place, i in enumerate(alike[: len(_NTH)]):
            said[i] = f"the {_NTH[place]} {text[4:]}"
    return said


def _ringing(timer: Timer, now: datetime) -> str:
    """When an alarm or reminder rings: "09:00", "Mon 12 Jan at 09:00 (every Monday)"."""
    due = _when(timer.due_at, now) if timer.due_at else "?"
    return f"{due} ({describe(timer.repeat)})" if timer.repeat else due


def _as_data(timer: Timer, now: datetime) -> dict[str, Any]:
    return {
        "id": timer.id,
        "kind": timer.kind,
        "label": timer.label,
        "message": timer.message,
        "state": timer.state,
        "due_at": timer.due_at.isoformat() if timer.due_at else None,
        "remaining_s": round(timer.remaining(now).total_seconds(), 3),
        **({"repeat": timer.repeat} if timer.repeat else {}),
    }


def _called(timers: list[Timer], name: str) -> list[Timer]:
    """Timers named `name`.

    By label (or a label containing it), by length ("1 hour"), or reminders whose message holds
    its words ("bins").
    """
    name = name.lower().strip()
    found = [t for t in timers if t.label.lower() == name] or [
        t for t in timers if t.label and (name in t.label.lower() or t.label.lower() in name)
    ]
    length = parse_duration(name)
    if not found and length is not None:
        found = [t for t in timers if t.duration == length]
    if not found:  # "the bins reminder": a reminder says what it is for in its message
        words = _roots(name)
        found = [t for t in timers if words and words <= _roots(t.message)]
    return found


_NOT_CONTENT = frozenset({"one", "reminder", "alarm", "timer", "thing"})
"""Words that name no reminder's content ("the rent one", "the pill reminder")."""


def _roots(text: str) -> set[str]:
    """The content words of `text`, each cut to its root, so that forms of a word meet.

    "the pill reminder" -> {"pill"}, as "take my pills" -> {"tak", "pill"}; "taking" -> "tak".
    """
    roots = set()
    for word in terms(text):
        if word in _NOT_CONTENT:
            continue
        if word.endswith("ing") and len(word) >= 6:
            word = word[:-3]
        roots.add(word.removesuffix("e") if len(word) > 3 else word)
    return roots
