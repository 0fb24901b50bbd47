"""Scoring helpers: Wilson intervals, tool patterns, slot matching, tallies and confusion tables."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from fnmatch import fnmatchcase
from typing import Any

from agent_system.routing.slots import parse_duration
from evals.slot_words import ISO as _ISO
from evals.slot_words import args_text, slot_found

__all__ = [
    "ACTION_ROLES",
    "SCORED_SLOTS",
    "Rate",
    "Tally",
    "args_text",
    "slot_found",
    "slot_in",
    "tool_matches",
    "wilson",
]

ACTION_ROLES = frozenset({"timer", "calendar", "lists", "smart_home"})
"""Roles whose tools change or read the user's own data: out-of-scope requests must not reach
them (intent_actions.json, role_map.json)."""

SCORED_SLOTS = frozenset(
    {
        "date",
        "time",
        "timeofday",
        "place_name",
        "house_place",
        "device_type",
        "event_name",
        "list_name",
        "person",
        "color_type",
        "definition_word",
        "change_amount",
        "food_type",
    }
)
"""SLURP/HWU64 slot types whose value must show up in the planned arguments (durations, times,
dates, places, devices, rooms, titles, list items)."""


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score 95 % interval of a proportion (0, 1) when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Rate:
    """hits out of n, with its Wilson interval."""

    hits: int = 0
    n: int = 0

    def add(self, ok: bool) -> None:
        self.n += 1
        self.hits += bool(ok)

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else float("nan")

    def cell(self) -> str:
        """``0.912 [0.88, 0.94] (n=300)`` or ``-`` when nothing was counted."""
        if not self.n:
            return "-"
        low, high = wilson(self.hits, self.n)
        return f"{self.value:.3f} [{low:.2f}, {high:.2f}] (n={self.n})"

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.hits, self.n)
        return {"hits": self.hits, "n": self.n, "value": self.value, "ci95": [low, high]}


@dataclass
class Tally:
    """Named rates, per group (data set, role or intent), plus a confusion table and misses."""

    rates: dict[str, dict[str, Rate]] = field(default_factory=lambda: defaultdict(dict))
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)
    misses: list[dict[str, Any]] = field(default_factory=list)

    def add(self, group: str, measure: str, ok: bool) -> None:
        self.rates[group].setdefault(measure, Rate()).add(ok)

    def rate(self, group: str, measure: str) -> Rate:
        return self.rates.get(group, {}).get(measure, Rate())


def tool_matches(tool: str, patterns: Iterable[str]) -> bool:
    """``tool`` matches one of `patterns` (shell-style: ``role.*`` is any tool of the role) and
    none of the ``!``-prefixed ones (``!smart_home.get_*``)."""
    patterns = list(patterns)
    if any(fnmatchcase(tool, p[1:]) for p in patterns if p.startswith("!")):
        return False
    return any(fnmatchcase(tool, p) for p in patterns if not p.startswith("!"))


_AMOUNTS = ((re.compile(r"\bhalf\b"), "50"), (re.compile(r"\b(?:max|maximum|full)\b"), "100"))
"""A change_amount said as a word with one meaning: "to half" is 50 (%), "to max" 100."""
_WHOLE_HOME = re.compile(r"^(?:(?:the|my|our|whole|entire|all)\s+)*(?:house|home|apartment|flat)$")
_EVERY = re.compile(r"^(?:all|every)\b|^(?:the\s+)?(?:robot\s+)?(?:vacuum|roomba|cleaner)")


def _whole_home(arguments: Iterable[Mapping[str, Any]]) -> bool:
    """Some planned call addresses the whole home: every device of a kind ("all lights") or the
    vacuum, with no area, floor or nearby room."""
    return any(
        isinstance(args.get("device"), str)
        and _EVERY.match(args["device"].lower())
        and not any(args.get(k) for k in ("area", "floor", "near"))
        for args in arguments
    )


_SMALL_AMOUNT = re.compile(
    r"^(?:a |by a )?(?:little |tiny |wee )?(?:bit|tad|touch|notch|little)(?: bit| more| less)?$|"
    r"^(?:slightly|a little bit)$"
)
"""A vague small amount: found when a call changes a level by a small step (`_small_step`)."""
_LOWEST = re.compile(
    r"^(?:to )?(?:the )?(?:lowest|minimum|min)(?: level| setting| possible| brightness| volume)?$"
)
_LEVEL_WORDS = re.compile(r"\b(?:power|levels?|setting|intensity)\b")


def _small_step(arguments: Iterable[Mapping[str, Any]]) -> bool:
    return any(
        isinstance(args.get("change"), int | float) and 0 < abs(args["change"]) <= 10
        for args in arguments
    )


def _lowest(arguments: Iterable[Mapping[str, Any]]) -> bool:
    return any(
        isinstance(args.get(key), int | float) and 0 <= args[key] <= 1
        for args in arguments
        for key in ("brightness", "volume")
    )


_RELATIVE = re.compile(r"^(?:in|after|within)\s|\b(?:from\s+now|later|from\s+today)$")
"""A moment said from now: "in ten minutes", "five minutes from now", "two hours later"."""


def _moments(item: str) -> list[datetime]:
    found = []
    for said in _ISO.findall(item):
        try:
            found.append(datetime.fromisoformat(said.replace("Z", "+00:00")))
        except ValueError:
            continue
    return found


def _from_now(value: str, arguments: Sequence[Mapping[str, Any]], planned_at: datetime) -> bool:
    """A planned call rings that long after the plan was made (to two minutes), or lasts it."""
    said = value.lower().strip()
    length = parse_duration(said) if _RELATIVE.search(said) else None
    if length is None or length <= timedelta(0):
        return False
    for args in arguments:
        for item in (v for v in args.values() if isinstance(v, str)):
            if not _ISO.search(item) and parse_duration(item) == length:
                return True  # a timer of that length
            for moment in _moments(item):
                base = planned_at
                if (moment.tzinfo is None) != (base.tzinfo is None):
                    moment, base = moment.replace(tzinfo=None), base.replace(tzinfo=None)
                if abs(moment - (base + length)) <= timedelta(minutes=2):
                    return True
    return False


def slot_in(
    kind: str,
    value: str,
    arguments: Sequence[Mapping[str, Any]],
    text: str,
    planned_at: datetime | None = None,
) -> bool:
    """`slot_found` for one annotated slot of `kind`, with readings of meaning over words:
    a ``house_place`` that is the whole home ("the house", "home") is found when a call
    addresses every device of a kind with no area (`_whole_home`); a ``change_amount`` of
    "half" / "max" / "full" is the level it names (50, 100), "a bit" / "slightly" a small step
    (a change of at most 10), "lowest" / "minimum" a level of 0-1, and "power" / "level" say
    nothing more ("full power" is 100, "two levels" 2); a moment said from now ("five minutes
    from now", "in ten minutes") is found when a planned moment lies that long after
    `planned_at`, when the plan was made (to two minutes), or a planned length equals it."""
    if planned_at is not None and _from_now(value, arguments, planned_at):
        return True
    if kind == "house_place" and _WHOLE_HOME.match(value.lower().strip()):
        return slot_found(value, text) or _whole_home(arguments)
    if kind == "change_amount":
        said = " ".join(value.lower().split())
        if _SMALL_AMOUNT.match(said):
            return slot_found(value, text) or _small_step(arguments)
        if _LOWEST.match(said):
            return slot_found(value, text) or _lowest(arguments)
        for pattern, level in _AMOUNTS:
            value = pattern.sub(level, value.lower())
        value = _LEVEL_WORDS.sub(" ", value)
    return slot_found(value, text)
