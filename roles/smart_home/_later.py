"""Commands for later: "turn off the lights in 10 minutes", "start the vacuum at 9am".

Home Assistant runs these as a timer with a command (HassStartTimer): the role plans
``timer.set`` with the command, which is planned and run (approval asked then) when it rings.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall, RolePlan
from agent_system.routing.slots import parse_duration, parse_when, strip_when
from agent_system.understanding import normalize
from agent_system.understanding._labels import only_when

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = [
    "WHAT_TIME",
    "again_at",
    "as_done_later",
    "at_clock_time",
    "delayed",
    "for_a_while",
    "part_of_day",
    "quiet_window",
    "time_answer",
]

_DELAY_FIRST = lazy_pattern(
    r"^(?:in|after)\s+(?P<wait>[\w./ -]{2,40}?)\s*,\s*(?P<command>.+)$", re.I
)
_DELAY_LAST = lazy_pattern(
    r"^(?P<command>.+?),?\s+(?:in|after)\s+(?P<wait>[\w./ -]{2,40}?)(?:\s+from\s+now)?$", re.I
)
_NOT_A_WAIT = lazy_pattern(r"\b(?:the|my|our|this|here|room|at|on)\b", re.I)


def delayed(text: str) -> tuple[str, timedelta] | None:
    """(the command, how long to wait) in a command said for later.

    "open the garage door in 5 minutes", "in 5 minutes, open the garage door" (Home
    Assistant's HassStartTimer with a command).
    """
    for pattern in (_DELAY_FIRST, _DELAY_LAST):
        match = pattern.match(text.strip())
        if match is None or _NOT_A_WAIT.search(match["wait"]):
            continue
        wait = parse_duration(match["wait"])
        if wait is not None and wait > timedelta(0) and len(match["command"].split()) > 1:
            return match["command"].strip(), wait
    return None


_ASKS = lazy_pattern(
    r"^(?:is|are|was|were|what|whats|what's|which|when|how|did|does|do|has|will|can i|"
    r"have (?:i|you|we|they|it|anyone|someone)|"
    r"could i|should)\b",
    re.I,
)


def at_clock_time(text: str, now: datetime) -> tuple[str, timedelta] | None:
    """(the command, how long to wait) for a command said for a clock time ("... at 9am").

    "start the vacuum at 9am", "at one pm start the robot vacuum". A question ("is the vacuum
    running at 9am") is no command for later; a time already past waits 0.
    """
    if _ASKS.match(text.strip()) or not re.search(r"\b(?:at|by|for)\b", text, re.I):
        return None
    if re.search(
        r"\b(?:at|by|for)\s+\d+(?:\.\d+)?\s*(?:%|percent|per cent|degrees?|°)", text, re.I
    ):
        return None  # "volume at 20 percent", "heating at 21 degrees": a level, not a time
    found = parse_when(text, now)
    if found is None or not found.has_time:
        return None
    wait = timedelta(minutes=round((found.value - now).total_seconds() / 60))
    command = strip_when(text)
    command = re.sub(r"\s+(?:at|by|for)(?:\s+the)?$|^(?:at|by)\s+", "", command, flags=re.I)
    command = command.strip(" ,")
    if re.search(r"\bon\s+(?:at|by)\b", text, re.I) and not re.search(r"\bon\b", command, re.I):
        command += " on"  # "turn the lights on at 7pm": the time took "on" with it
    if wait > timedelta(days=7) or len(command.split()) < 2:
        return None
    return command, max(wait, timedelta(0))  # 0: the time has passed (the role says so)


_QUIET = lazy_pattern(
    r"\b(?:mute|muted|silent|silence|quiet|shush|hush|shut up|no (?:sound|talking|speaking)|"
    r"stop (?:talking|speaking)|do not (?:speak|talk|respond)|"
    r"don'?t (?:speak|talk|respond)|dont (?:speak|talk|respond))\b",
    re.I,
)
_FOR = lazy_pattern(
    r"^(?P<command>.+?),?\s+(?:for|during)\s+(?:the\s+)?(?:next\s+|coming\s+)?"
    r"(?P<wait>[\w ]{1,30}?)(?:\s+please)?$",
    re.I,
)
_UNTIL = lazy_pattern(
    r"^(?P<command>.+?),?\s+(?:until|till|til)\s+(?P<when>[\w: ]{1,20}?)(?:\s+please)?$", re.I
)


_NUMBER = (
    r"(?:\d+(?:\.\d+)?|an?|half an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
    r"twelve|fifteen|twenty|thirty|forty(?:[- ]five)?|fifty|ninety)"
)
_LENGTH = lazy_pattern(
    rf"^(?P<command>.+?),?\s+(?P<wait>{_NUMBER}(?:\s+and\s+a\s+half)?\s+"
    r"(?:hours?|hrs?|minutes?|mins?)(?:\s+and\s+a\s+half)?)(?:\s+please)?$",
    re.I,
)
"""A length said with no "for": "quiet mode four hours", "mute the tv two hours"."""
_NIGHT = lazy_pattern(r"^(?:the )?(?:night|tonight|whole night|rest of the night)$", re.I)
_MORNING = lazy_pattern(r"^(?:tomorrow(?: morning)?|the morning|morning)$", re.I)
MORNING_HOUR = 7
"""When "for the night" / "until tomorrow" ends: 7:00 the next morning."""


def _until_morning(now: datetime) -> timedelta:
    morning = now.replace(hour=MORNING_HOUR, minute=0, second=0, microsecond=0)
    if morning <= now:
        morning += timedelta(days=1)
    return timedelta(minutes=round((morning - now).total_seconds() / 60))


def for_a_while(text: str, now: datetime) -> tuple[str, timedelta] | None:
    """(the mute command, how long it lasts) for "mute for two hours", "be quiet until 3pm".

    Home Assistant has no muting for a while: the role mutes now and sets a timer whose
    command unmutes. Only a request to be quiet qualifies; a time already past waits 0.
    """
    if _QUIET.search(text) is None:
        return None
    if (found := _FOR.match(text.strip())) is not None:
        if _NIGHT.match(found["wait"].strip()):  # "mute for the night": until the morning
            return found["command"].strip(), _until_morning(now)
        wait_said = re.sub(r"^(?:hour|day|minute)$", r"1 \g<0>", found["wait"].strip(), flags=re.I)
        wait = parse_duration(wait_said)
        if wait is not None and wait > timedelta(0):
            return found["command"].strip(), wait
    if (bare := _LENGTH.match(text.strip())) is not None:  # "quiet mode four hours"
        wait = parse_duration(bare["wait"])
        if wait is not None and wait > timedelta(0):
            return bare["command"].strip(), wait
    if (until := _UNTIL.match(text.strip())) is not None:
        if _MORNING.match(until["when"].strip()):  # "be quiet until tomorrow"
            return until["command"].strip(), _until_morning(now)
        when = parse_when(f"at {until['when']}", now)
        if when is not None and when.has_time:
            wait = timedelta(minutes=round((when.value - now).total_seconds() / 60))
            return until["command"].strip(), max(wait, timedelta(0))
    return None


_CLOCK = r"\d{1,2}(?::\d\d)?(?:\s*(?:am|pm|a\.m\.|p\.m\.))?"
_WINDOW = lazy_pattern(
    rf"^(?P<command>.+?),?\s+(?:from|between|in|during)\s+(?P<a>{_CLOCK})\s+(?:to|and|till|"
    rf"until|til|-)\s+(?P<b>{_CLOCK})(?P<day>\s+(?:tonight|today|tomorrow|this evening|"
    r"tomorrow morning|in the evening))?(?:\s+please)?$",
    re.I,
)
"""Quiet between two clock times: "mute the tv from 9 pm to 11 pm", "no sound between 8 and
10 tonight", "don't speak in 8 to 10 pm"."""


def quiet_window(text: str, now: datetime) -> tuple[str, timedelta, timedelta] | None:
    """(the mute command, wait until it starts, wait until it ends), or None.

    For quiet between two clock times, each the next one to come ("8 to 10 pm": both in the
    evening); an end that comes before the start means the quiet has begun (a start of 0),
    and an end of 0 or less that it is over.
    """
    said = normalize(text)  # "eight to ten pm": 8 to 10 pm
    if _QUIET.search(said) is None or (found := _WINDOW.match(said.strip())) is None:
        return None
    start_said, end_said = found["a"].strip(), found["b"].strip()
    half = re.search(r"[ap]\.?m\.?$", end_said, re.I)
    if half and not re.search(r"[ap]\.?m\.?$", start_said, re.I):
        start_said = f"{start_said} {half.group(0)}"  # "8 to 10 pm": 8 pm
    day = (found["day"] or "").strip()
    start = parse_when(f"at {start_said} {day}".strip(), now)
    end = parse_when(f"at {end_said} {day}".strip(), now)
    if start is None or end is None or not (start.has_time and end.has_time):
        return None

    def wait(moment: datetime) -> timedelta:
        return timedelta(minutes=math.ceil((moment - now).total_seconds() / 60))

    begins, ends = wait(start.value), wait(end.value)
    if ends < begins:  # "from 9 pm to 11 pm" said at 10 pm: it has begun
        begins = timedelta(0)
    return found["command"].strip(), max(begins, timedelta(0)), ends


WHAT_TIME = "What time should I do that?"
"""The question for a command said for a part of the day with no clock time ("tonight")."""
_PART = lazy_pattern(
    r"(?<!\bfor )(?<!\buntil )(?<!\btill )(?<!\bby )\b(?P<part>this (?:morning|afternoon|evening)|"
    r"tonight|later(?: on| today| tonight)?|tomorrow(?: (?:morning|afternoon|evening|night))?|"
    r"in the (?:morning|afternoon|evening))(?:\s+please)?$|"
    r"^(?P<first>this (?:morning|afternoon|evening)|tonight|later(?: on)?|tomorrow)\s*,?\s+",
    re.I,
)


def part_of_day(text: str) -> bool:
    """Whether a command is said for a part of the day with no clock time.

    "turn on the lights this evening", "switch off the heater tonight", "turn the plug on
    later": the role asks when instead of acting now. A question is none.
    """
    return not _ASKS.match(text.strip()) and _PART.search(text.strip()) is not None


_TIME_ANSWER = lazy_pattern(
    r"^(?:(?:at|around|about|by)\s+)?(?P<time>(?:\d{1,2}(?::\d{2})?|[a-z]+(?:[ -][a-z]+){0,2})"
    r"(?:\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock))?|noon|midnight)$",
    re.I,
)


def time_answer(text: str, history: Sequence[Turn], now: datetime) -> str | None:
    """The earlier command said with the clock time `text` answers `WHAT_TIME` with.

    "switch off the heater tonight" ... "What time should I do that?" ... "at 11 pm" is "switch
    off the heater tonight at 11 pm" ("later" gives way to the time).
    """
    if not history or history[-1].role != "smart_home" or history[-1].reply != WHAT_TIME:
        return None
    said = text.strip().rstrip("?!. ")
    if _TIME_ANSWER.match(said) is None:
        return None
    earlier = history[-1].text.strip().rstrip("?!. ")
    earlier = re.sub(r"\s*\blater(?: on| today)?\b\s*", " ", earlier, flags=re.I).strip(" ,")
    at = said if re.match(r"(?:at|around|about|by)\b", said, re.I) else f"at {said}"
    completed = f"{earlier} {at}"
    found = parse_when(completed, now)
    return completed if found is not None and found.has_time else None


_AND_WHEN = lazy_pattern(
    r"^(?:(?:and|also|then)\s+)?(?:(?:what|how)\s+about\s+)?(?:again\s+)?(?P<when>.+?)"
    r"(?:\s+(?:too|as\s+well|again))?$",
    re.IGNORECASE,
)


def again_at(text: str, history: list[Turn]) -> str | None:
    """The previous home command said again at the time `text` names alone, or None.

    "and at 8pm?", "also tomorrow at 7"; None when a device, a room or anything else is said.
    """
    if not history or history[-1].role != "smart_home":
        return None
    found = _AND_WHEN.match(text.strip())
    if found is None or not re.match(r"^(?:and|also|then|what|how)\b", text.strip(), re.I):
        return None
    when = found["when"].strip()
    if not only_when(when):
        return None
    return f"{history[-1].text.strip().rstrip('?!. ')} {when}"


_COFFEE = lazy_pattern(r"\b(?:coffee|espresso)\b", re.I)
_SAID_AS_COMMAND = lazy_pattern(
    r"^(?:turn|switch|start|put|make|brew)\b|\b(?:machine|maker|every|each|daily|weekdays?|week "
    r"day)\b",
    re.I,
)
"""A command already ("turn on the coffee machine", "can you set the coffee machine to make
coffee ... every week day"): kept as said, with everything it says."""


def as_done_later(command: str, now: RoleCall | RolePlan) -> str:
    """The words a timer runs for `command`.

    A coffee wanted ("i'd love a coffee", "have the coffee ready") is "make coffee", which the
    role reads the same way when the timer rings; a command is kept as said.
    """
    if not isinstance(now, RoleCall) or now.tool != "smart_home.turn_on":
        return command
    if _COFFEE.search(str(now.arguments.get("device", ""))):
        if not _SAID_AS_COMMAND.search(command.strip()):
            return "make coffee"
    return command
