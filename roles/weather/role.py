"""The weather role: "weather in Paris", "will it rain in Boston on Saturday?", "and in Rome?"."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import CANNOT_OFFLINE, Clarification, RoleCall
from agent_system.understanding import numbers_to_digits
from agent_system.understanding._regions import region_follows
from agent_system.understanding._slots import parse_when
from roles.weather._compare import Comparison, comparison_in, days_compared, things_compared
from roles.weather._days import WEEKDAYS, parse_day, parse_hour
from roles.weather._expect import expected_in
from roles.weather._far import far_day
from roles.weather._measure import measure_in
from roles.weather._spans import bare_hour, day_after, hours_ahead, parse_span, weekday_of_week
from roles.weather._stage import SUN, answers_which_city, stage_for
from roles.weather._units import units_said
from roles.weather._wear import wear_in
from roles.weather.backend import WEATHER_CONDITIONS

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "WeatherRole", "extract_place"]

_STOP = (
    r"today|tonight|tomorrow|yesterday|tmrw|now|right now|later|this|next|on|at|in \d+|over|during"
    r"|the weekend|please|and|then|for|morning|afternoon|evening|weekend|the day"
    r"|in the (?:next|coming)|in an? (?:hour|couple|few)|in half|in (?:an?|one|two|three|four"
    r"|five|six|seven|eight|nine|ten|twelve) \w+|in the (?:spring|summer|autumn|fall|winter)"
    r"|(?:spring|summer|autumn|fall|winter)|\d+ (?:minute|hour|day|week|month|year)s?"
    r"|an? (?:day|week|month|year) from|last|" + "|".join(WEEKDAYS)
)
_AFTER_PREP = lazy_pattern(
    r"\b(?:in|for|near|around|of|(?:go|going|travel\w*|head\w*|fly\w*|trip|drive|driving)\s+to)"
    r"\s+(?=(?P<rest>[^?!.;]+))",
    re.IGNORECASE,
)
_BEFORE_NOUN = lazy_pattern(
    r"^(?:(?:what'?s|how'?s|what is|how is|show me|tell me)\s+)?(?:the\s+)?"
    r"(?P<place>[a-z][a-z .,'-]*?)\s+(?:weather|forecast|temperature)\b",
    re.IGNORECASE,
)
_BEFORE_VERB = lazy_pattern(
    r"^(?:(?:hey|ok|okay|so|and)\s+)*(?:is|will|was|isn'?t|won'?t)\s+(?P<place>[a-z][a-z .'-]*?)\s+"
    r"(?:going\s+to\s+be|gonna\s+be|be|getting|expected\s+to\s+be|likely\s+to\s+be)\s",
    re.IGNORECASE,
)
"""A place before the weather it will have: "is mysore going to be very hot today"."""
_AFTER_NOUN = lazy_pattern(r"\b(?:weather|forecast)\s+(?P<rest>[a-z][^?!.;]*)$", re.IGNORECASE)
_FOLLOW_UP = lazy_pattern(
    r"^(?:and|what about|how about|and what about|and how about)\s+(?P<rest>[^?!.;]+)",
    re.IGNORECASE,
)
_NOT_PLACES = frozenset(
    "the a it weather forecast current today's tomorrow's todays tomorrows local my our your "
    "here outside there me us for in like be is report update conditions".split()
)
_NOT_PLACE_WORDS = frozenset(
    "a am an and any are area be been by can check condition conditions could day days do does "
    "for going gonna has have here how i if is it like likely look looks me my near need of "
    "outside over predication prediction predictions report say should supposed tell that the "
    "there this to today tomorrow up us was we week weekly what when where which will with "
    "would you your our rain raining rainy snow snowing sunny status average temperature "
    "temperatures humidity chance degrees pour pouring drizzle drizzling hail hailing storm "
    "stormy thunder sleet freezing showers few couple minute minutes hour hours weeks months "
    "years wind windy gusts uv index pressure fahrenheit celsius centigrade kelvin metric "
    "imperial units".split()
)
"""Words that never belong to a place name ("what does the weather look like" names none)."""
_FORECAST_WORDS = lazy_pattern(
    r"\b(forecast|will (?:it|there|i|we|the)|going to|gonna|should i|do i need|need (?:an?|to)"
    r"|expect|later|supposed to|predict\w*|outlook)\b",
    re.IGNORECASE,
)
_PERIOD = lazy_pattern(
    r"\b(?:(?P<next>next|coming)\s+)?(?:(?:this|the|for the|for)\s+)?week(?!end)(?:'?s)?\b"
    r"|(?<!in )\b(?:\d+|few|coming|three|five|seven|ten|fourteen)[\s-]+days?\b(?!\s+ago)",
    re.IGNORECASE,
)


def _clean(candidate: str) -> str | None:
    words = re.split(rf"\s+(?:{_STOP})\b", " " + candidate.strip(), maxsplit=1, flags=re.I)[0]
    words = re.sub(r"^(?:the|a)\s+", "", words.strip(), flags=re.I).strip(" ,'-")
    words = re.sub(r"(?:\s+(?:for|on|at|by|during|over|from|to))+$", "", words, flags=re.I)
    if not words or words[0].isdigit() or words.lower() in _NOT_PLACES:
        return None
    if re.fullmatch(rf"(?:{_STOP})", words, flags=re.I):
        return None
    said = words.lower().split()
    if any(
        w in _NOT_PLACE_WORDS and not (w == "of" and 0 < i < len(said) - 1)
        for i, w in enumerate(said)  # "of" inside a name: "the district of columbia"
    ):
        return None
    return _title(words)


def _title(words: str) -> str:
    """A place's name as written: "Kansas City, Missouri", "Phoenix, AZ", "District of Columbia"."""
    name, comma, region = words.partition(",")
    parts = [p if p == "of" else p.capitalize() for p in name.split()]
    titled = " ".join(parts)
    if not comma:
        return titled
    region = region.strip()
    return f"{titled}, {region.upper() if len(region) == 2 else _title(region)}"


def extract_place(text: str) -> str | None:
    """The place a weather request names, title-cased, or None.

    >>> extract_place("will it rain in new york on saturday?")
    'New York'
    """
    candidates = [m.group("rest") for m in _AFTER_PREP.finditer(text)]
    for pattern in (_FOLLOW_UP, _AFTER_NOUN):
        if found := pattern.search(text):
            candidates.append(found.group("rest"))
    if found := _BEFORE_NOUN.search(text.strip()):
        candidates.append(found.group("place"))
    if found := _BEFORE_VERB.search(text.strip()):
        candidates.append(found.group("place"))
    for candidate in candidates:
        if place := _clean(candidate):
            return place
    return None


_ANSWER_FILLER = lazy_pattern(
    r"^(?:(?:um+|uh+|er+|well|oh|it'?s|it\s+is|i'?m\s+in|i\s+am\s+in|in|for|at|the\s+city\s+of)\s+)+"
    r"|(?:\s+(?:please|thanks|thank\s+you|then))+$",
    re.IGNORECASE,
)


def _answered_place(text: str) -> str | None:
    """The place a short answer names: "paris", "in paris please", "london uk" ("London, UK")."""
    said = _ANSWER_FILLER.sub("", " ".join(text.strip(" .!?").split()))
    if said.count(",") == 0 and len(words := said.split()) > 1:
        for cut in range(1, len(words)):  # "london uk": the region after the place
            if region_follows(" ".join(words[:cut]), " ".join(words[cut:])):
                said = f"{' '.join(words[:cut])}, {' '.join(words[cut:])}"
                break
    return _clean(said)


def _slot_place(slots: dict[str, Any]) -> str | None:
    for key in ("place", "location", "city"):
        value = slots.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


_UNITS_TAKEN = frozenset({"weather.current", "weather.forecast"})
"""The tools that take a unit for their reply."""


class WeatherRole:
    """Current weather and forecasts for a place."""

    name = "weather"
    tool_modules = ("roles.weather.tools", "roles.weather.compare_tools")
    day_context = True
    needs_home = True
    """With no place named, the forecast is for the user's home (the ``home`` slot)."""
    conditions = WEATHER_CONDITIONS
    routing_hint = "current weather and forecasts for a place"
    description = (
        "Current weather and forecasts (today, tomorrow, a weekday, an hour) for a city, "
        "with temperature, conditions and chance of rain."
    )
    examples = (
        "what's the weather in Paris",
        "weather in London",
        "how hot is it in Tokyo right now",
        "is it raining in Seattle",
        "what's the temperature in Berlin",
        "weather forecast for Boston tomorrow",
        "will it rain in Dublin on saturday",
        "will it snow in Denver this weekend",
        "do I need an umbrella in Amsterdam tomorrow",
        "how cold will it be in Oslo on friday",
        "what's the forecast for Madrid",
        "Rome weather tomorrow",
        "weather in New York at 3pm",
        "is it sunny in Lisbon",
        "how windy is it in Chicago",
        "what will the weather be like in Sydney on monday",
        "forecast for Vienna in 3 days",
        "is it going to be warm in Athens this evening",
        "what's the weather like in Toronto today",
        "what time is sunset in Rome",
        "and in Boston?",
    )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim weather and sunrise/sunset questions before the classifier.

        "when is sunset", "hey olly how is the weather in long island"; a question naming one
        of this home's devices ("what is the outside humidity") stays with the home.
        """
        names: list[str] = []
        if runtime.settings.smart_home_backend != "home_assistant":
            try:
                from roles.smart_home.simulated import home_of

                home = home_of(runtime)
                names = [n for d in home.devices for n in (d.name, *d.aliases)]
            except Exception:  # no readable home: every weather question is asked
                names = []
        return stage_for(names)

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """weather.current for "now", weather.forecast when a day, hour or "will it" is named.

        A unit said with it ("in fahrenheit") is that reply's.
        """
        text, units = units_said(text)
        decided = self._interpret(text, slots, runtime, history)
        if units and isinstance(decided, RoleCall) and decided.tool in _UNITS_TAKEN:
            return RoleCall(decided.tool, {**decided.arguments, "units": units})
        return decided

    def _interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        if answers_which_city(text, history) and (answer := _answered_place(text)):
            # "what's the weather in" ... "Which city? ..." ... "paris": the question again
            answered = {**slots, "place": answer}
            return self._interpret(history[-1].text, answered, runtime, history[:-1])
        if days := days_compared(text):  # "will it be warmer tomorrow than today"
            place = (days.place and _clean(days.place)) or _slot_place(slots)
            place = place or _history_place(history) or _home(slots, runtime)
            if place is None:
                return Clarification(WHICH_CITY_ASKED, missing=("place",))
            return RoleCall(
                "weather.compare_days",
                {"place": place, "day": days.day, "other": days.other, "word": days.word},
            )
        if compared := comparison_in(text, _clean):  # "is it warmer in rome than in oslo"
            return _compare(compared, text, runtime.clock.now(), runtime)
        if things_compared(text, _clean):  # "is a jacket warmer than a hoodie": no weather
            return Clarification(CANNOT_OFFLINE)
        cut_off = _CUT_OFF.search(text) is not None  # "what's the weather in": ask, not home
        if cut_off and not _slot_place(slots):
            return Clarification(WHICH_CITY_ASKED, missing=("place",))
        place = (None if cut_off else extract_place(text)) or _slot_place(slots)
        place = place or _history_place(history) or _home(slots, runtime)
        if place is None:
            return Clarification(WHICH_CITY_ASKED, missing=("place",))
        if SUN.search(text):  # "when is sunset", "what time does the sun come up tomorrow"
            day, _ = _when(text, runtime, parse_day(text), None)
            return RoleCall(
                "weather.forecast", {"place": place, "day": day or "today", "sun": True}
            )
        now = runtime.clock.now()
        asked: dict[str, Any] = {"expect": kind} if (kind := expected_in(text)) else {}
        if not asked and (measure := measure_in(text)):  # "how humid is it", "uv index"
            asked = {"measure": measure}
        wear = wear_in(text)  # "do i need an umbrella this afternoon"
        before = _call_before(history) if slots.get("follow_up") else {}
        if not asked and not wear:  # "what about the weekend" after "will it rain tomorrow"
            asked = {k: before[k] for k in _ASPECTS if isinstance(before.get(k), str)}
            wear = asked.pop("wear", None)  # rain, still
        one_day = weekday_of_week(text, now.date())  # "monday this week", "friday next week"
        one_day = one_day or far_day(text, now.date())  # "in 3 weeks", "next autumn"
        if wear:
            asked = {"wear": wear}
        if one_day is None and (span := parse_span(text)):  # "ten day forecast", "next few days"
            return RoleCall("weather.forecast", {"place": place, "day": span, **asked})
        if one_day is None and (period := _PERIOD.search(text)):  # "this week", "next week"
            this = re.search(r"\bthis\s+week\b", text, re.IGNORECASE)
            week = "next week" if period["next"] else "this week" if this else "week"
            return RoleCall("weather.forecast", {"place": place, "day": week, **asked})
        day = one_day or parse_day(text)
        if day is None and day_after(text):  # "what will be the weather day after"
            day = "day after tomorrow"
        day, hour = _hour(text, now, day)
        if day is None or hour is None:  # "on march 16th", "at eight am": the engine's parser
            day, hour = _when(text, runtime, day, hour)
        if day is None and hour is not None and isinstance(before.get("day"), str):
            day = before["day"]  # "tomorrow morning" ... "and in the afternoon?": tomorrow still
        if day is None and hour is None and wear and not extract_place(text):
            day = _call_before(history).get("day")  # "weather tomorrow" ... "what should i wear"
        wants_forecast = bool(_FORECAST_WORDS.search(text))
        if hour is not None or day is not None or wants_forecast or wear:
            arguments: dict[str, Any] = {"place": place, "day": day or "today", **asked}
            if hour is not None:
                arguments["hour"] = hour
            return RoleCall("weather.forecast", arguments)
        return RoleCall("weather.current", {"place": place, **asked})


_CLOCK_WORDS = lazy_pattern(
    r"\b(?:am|pm|a\.m|p\.m|o'?clock|noon|midday|midnight)\b|\d:\d\d|\bat\s+\w+", re.IGNORECASE
)
"""A clock time said (not only "in 3 days", which has no hour of its own)."""


_MERIDIEM = lazy_pattern(r"\d\s*(?:am|pm|a\.m|p\.m)\b", re.IGNORECASE)


def _hour(text: str, now: datetime, day: str | None) -> tuple[str | None, int | None]:
    """The day and hour said.

    "this hour" / "in 2 hours" from now, "at 3" the next 3 o'clock to come (3 pm in the
    morning), "at 3 pm" / "this evening" as said.
    """
    if (ahead := hours_ahead(text)) is not None:  # "temperature this hour"
        then = now + timedelta(hours=ahead)
        if day is None and then.date() != now.date():
            day = then.date().isoformat()
        return day or "today", then.hour
    hour = parse_hour(text)
    said = numbers_to_digits(text)
    if not _MERIDIEM.search(said) and (bare := bare_hour(said, now, day not in (None, "today"))):
        hour, tomorrow = bare
        if tomorrow and day is None:
            day = "tomorrow"
    return day, hour


def _when(text: str, runtime: Runtime, day: str | None, hour: int | None) -> tuple[Any, Any]:
    """`day` (an ISO date) and `hour` filled from a date or time the weather words missed."""
    when = parse_when(numbers_to_digits(text), runtime.clock.now())
    if when is None:
        return day, hour
    if day is None and when.has_date:
        day = when.value.date().isoformat()
    if hour is None and when.has_time and _CLOCK_WORDS.search(text):
        hour = when.value.hour
    return day, hour


def _compare(compared: Comparison, text: str, now: datetime, runtime: Runtime) -> RoleCall:
    """weather.compare for two places, on the day and hour said (now when none)."""
    arguments: dict[str, Any] = {
        "place": compared.first,
        "other": compared.second,
        "word": compared.word,
    }
    day, hour = _hour(text, now, parse_day(text))
    if day is None or hour is None:
        day, hour = _when(text, runtime, day, hour)
    if (day is not None and day != "today") or hour is not None:
        arguments["day"] = day or "today"
    if hour is not None:
        arguments["hour"] = hour
    return RoleCall("weather.compare", arguments)


WHICH_CITY_ASKED = "Which city? Name a place, or tell me where you live, e.g. 'I live in Paris'."
_CUT_OFF = lazy_pattern(r"\b(?:in|for|at|near|around)\s*[?.!]*$", re.IGNORECASE)
"""A request cut off before its place ("what's the weather in"): the place is asked for, even
when the user's home is known."""


def _home(slots: dict[str, Any], runtime: Runtime) -> str | None:
    """The user's home (found by the engine, in the ``home`` slot) or the `location` setting."""
    home = slots.get("home")
    if isinstance(home, str) and home.strip():
        return home.strip()
    return (runtime.settings.location or "").strip() or None


_ASPECTS = ("expect", "measure", "wear")


def _call_before(history: list[Turn]) -> dict[str, Any]:
    """The arguments of the weather call just before, for a follow-up.

    A follow-up that names only another day, time or place keeps what it asked about
    (``expect``, ``measure`` or ``wear``: "will it rain tomorrow" ... "what about the weekend"
    still asks about rain) and, for a time alone, its day.
    """
    from agent_system.understanding._history import understood

    turns = understood(history)
    if not turns or turns[-1].role != "weather":
        return {}
    calls = [c for c in turns[-1].calls or [] if str(c.get("tool", "")).startswith("weather.")]
    return dict(calls[-1].get("arguments") or {}) if calls else {}


def _history_place(history: list[Turn]) -> str | None:
    """The place of the latest weather turn (for "what about tomorrow?")."""
    for turn in reversed(history):
        if turn.role not in (None, "weather"):
            continue
        called = [c.get("arguments", {}).get("place") for c in reversed(turn.calls or [])]
        place = _slot_place(turn.slots) or extract_place(units_said(turn.text)[0])
        place = place or next((p for p in called if isinstance(p, str) and p.strip()), None)
        if place:
            return place
    return None


ROLE = WeatherRole()
