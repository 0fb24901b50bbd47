"""Shared verbs spread over the items they govern, for the clause splitter (`_clauses`).

"set timers for 5 and 10 minutes", "what do I have on wednesday and thursday", "turn off the
lights and the fan", "weather in Paris and London" give one text per item (`spread`).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern
from agent_system.understanding._regions import region_follows

__all__ = ["another", "object_again", "spread", "value_again"]

_NUM = (
    r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety)"
)
_UNIT = r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?)"
_LEVEL = r"\d+(?:\.\d+)?\s*(?:%|percent|per\s+cent|degrees?|°[cf]?)?"
_LIST_SEP = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*&\s*)"
_DURATIONS = lazy_pattern(
    rf"\b(?P<list>{_NUM}(?:{_LIST_SEP}{_NUM})+)\s+(?P<unit>{_UNIT})\b", re.IGNORECASE
)
_CLOCK = r"\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?"
_TIMES = lazy_pattern(
    rf"\b(?P<pre>at|for)\s+(?P<list>{_CLOCK}(?:{_LIST_SEP}(?:(?P=pre)\s+)?{_CLOCK})+)"
    r"(?P<ap>\s*[ap]\.?m\.?)?"
    r"(?=\s|$|[,.?!])",
    re.IGNORECASE,
)
_DAY = (
    r"(?:(?:next|this|coming)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|today|tomorrow|tonight|the\s+day\s+after(?:\s+tomorrow)?"
)
_DAYS = lazy_pattern(
    rf"\b(?P<pre>(?:on|for)\s+)?(?P<list>(?:{_DAY})(?:{_LIST_SEP}(?:on\s+)?(?:{_DAY}))+)\b",
    re.IGNORECASE,
)
_DEVICE_VERB = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:turn|switch|put)\s+(?:on|off)|lock|unlock|open|close|shut|dim"
    r"|brighten)\s+(?P<object>.+?)(?P<tail>\s+(?:to|at)\s+\d+\s*(?:%|percent)?)?$",
    re.IGNORECASE,
)
_DEVICE_PARTICLE = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:turn|switch|put))\s+(?P<object>.+?)\s+(?P<particle>on|off)$",
    re.IGNORECASE,
)
_AREA_OF_FIRST = lazy_pattern(r"^(?P<device>.+?)\s+(?P<prep>in|of)\s+the\s+(?P<area>.+)$", re.I)
_WEATHER = lazy_pattern(r"\b(?:weather|forecast|temperature|rain|snow|sunny|hot|cold)\b", re.I)
_PLACES = lazy_pattern(
    rf"\b(?P<pre>in|for)\s+(?P<list>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*(?:{_LIST_SEP}"
    r"(?:(?:in|for)\s+)?[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)+)"
)
_PLACE_WORD = (
    r"(?!(?:today|tonight|tomorrow|this|next|the|a|an|on|at|in|for|and|or|week|weekend|morning|"
    r"afternoon|evening|night|now|right|later|celsius|fahrenheit|degrees|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|please|too|also|then|is|it|will|be|my|me)\b)"
    r"[a-z][\w'-]*"
)
_PLACE = rf"{_PLACE_WORD}(?:\s+{_PLACE_WORD}){{0,2}}"
_PLACES_LOWER = lazy_pattern(
    rf"\b(?P<pre>in|for)\s+(?P<list>{_PLACE}(?:{_LIST_SEP}(?:(?:in|for)\s+)?{_PLACE})+)"
    r"(?=\s+(?:today|tonight|tomorrow|this|next|on|at|right|now|please)\b|\s*[?.!]?$)"
)
"""Places typed in lower case ("weather for paris and rome tomorrow"): each 1-3 words, none of
them a time word, the list ending the request or followed by when."""
_NOT_DEVICES = frozenset("go tap select reply start play check read send search".split())
_COLORS = frozenset("red green blue yellow white warm cool orange purple pink".split())
_PLURALS = lazy_pattern(r"\b(timer|alarm|reminder|event|meeting)s\b", re.IGNORECASE)


def _items(listed: str, keep: tuple[str, ...] = ()) -> list[str]:
    """The items of a list, less a preposition said again ("on monday and on tuesday"), but
    those in `keep`."""
    parts = re.split(_LIST_SEP, listed.strip(), flags=re.IGNORECASE)
    drop = "|".join(p for p in ("on", "in", "for") if p not in keep)
    return [re.sub(rf"^(?:{drop})\s+", "", p.strip(), flags=re.I) for p in parts if p.strip()]


_ANOTHER = lazy_pattern(
    rf"^(?P<first>.*?\b(?:timer|alarm|reminder)\b.*?\bfor\s+(?P<n>{_NUM})\s+(?P<unit>{_UNIT}))"
    r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:also\s+)?"
    rf"(?:another|one\s+more|a\s+second|one(?=\s+for\b))(?:\s+one)?\s+(?:for\s+)?(?P<m>{_NUM})"
    rf"(?:\s+(?P<unit2>{_UNIT}))?$",
    re.IGNORECASE,
)


_ANOTHER_ALONE = lazy_pattern(
    r"^(?:also\s+)?(?:another|one\s+more|a\s+second|one(?=\s+for\b))(?:\s+one)?\s+(?:for\s+)?"
    rf"(?P<m>{_NUM})"
    rf"(?:\s+(?P<unit>{_UNIT}))?$",
    re.IGNORECASE,
)
_LAST_DURATION = lazy_pattern(rf"\bfor\s+(?P<n>{_NUM})\s+(?P<unit>{_UNIT})\b", re.IGNORECASE)


_LENGTH = lazy_pattern(rf"\b{_NUM}[\s-]+{_UNIT}\b", re.IGNORECASE)
_LABELLED_PAIR = lazy_pattern(
    r"^(?P<first>(?P<verb>(?:please\s+)?(?:set|start|put\s+on|make|create)(?:\s+me)?)\s+"
    r"(?=(?:(?!\band\b).)*?\btimer\b)"
    rf"(?=(?:(?!\band\b).)*?\b{_NUM}[\s-]+{_UNIT}\b)(?:(?!\band\b).)+?)"
    r"\s*,?\s+and\s+(?:also\s+)?"
    r"(?P<second>(?P<one>(?:one|another)(?:\s+one)?\b|an?\s+(?:\w+\s+){1,2}?timer\b|"
    rf"an?\s+{_NUM}[\s-]+{_UNIT}\s+one\b)"
    rf".*)$",
    re.IGNORECASE,
)
"""Two timers, each with its own name and length: "set a timer for pasta for 8 minutes and one
for the eggs for 6 minutes", "set a pasta timer for 8 minutes and an egg timer for 6 minutes"."""


_KIND_PAIR = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:set|start|put\s+on|make|create|add)(?:\s+me)?)\s+"
    r"(?P<a>(?:an?|one)\s+(?:\w+\s+){0,2}?(?:timer|alarm|reminder)\b(?:(?!\band\b).)*?)"
    r"\s*,?\s+and\s+(?:also\s+)?"
    r"(?P<b>(?:an?|one)\s+(?:\w+\s+){0,2}?(?:timer|alarm|reminder)\b.*)$",
    re.IGNORECASE,
)
"""One verb for two things of different kinds: "set a timer for 5 minutes and a reminder to call
mom at 6", "set an alarm for 7 and a timer for 20 minutes"."""


def _labelled_pair(piece: str) -> list[str] | None:
    match = _LABELLED_PAIR.match(piece)
    if match is None or not _LENGTH.search(match["second"]):
        return None
    one, rest = match["one"], match["second"][len(match["one"]) :]
    if one.lower().startswith(("one", "another")):  # "one for the eggs ..." is "a timer for ..."
        one = "a timer"
    elif one.lower().endswith(" one"):  # "a 12-minute one" is "a 12-minute timer"
        one = one[: -len("one")] + "timer"
    return [match["first"], f"{match['verb']} {one}{rest}"]


def another(piece: str, before: str) -> str | None:
    """ "another for 10" after "set a timer for 5 minutes" -> "set a timer for 10 minutes";
    None when `piece` is no such "another" or `before` names no duration."""
    match = _ANOTHER_ALONE.match(piece.strip())
    last = _LAST_DURATION.search(before)
    if match is None or last is None or not _KINDS.search(before):
        return None
    unit = match["unit"] or last["unit"]
    return before[: last.start("n")] + f"{match['m']} {unit}"


_VALUE_ALONE = lazy_pattern(
    rf"^(?!(?:to|at)\b)(?P<b>[^,]+?)\s+(?:to|at)\s+(?P<v>{_LEVEL})(?:\s+please)?$", re.IGNORECASE
)
_VALUE_SET = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:set|turn|dim|put|change|bring|make|raise|lower|adjust))\s+.+?\s+"
    rf"(?P<prep>to|at)\s+(?P<v>{_LEVEL})$",
    re.IGNORECASE,
)


def value_again(piece: str, before: str) -> str | None:
    """ "the kitchen to 80" after "set the living room to 40 percent" -> "set the kitchen to 80
    percent": the verb said once, a value for each; None when `piece` is no such bare target."""
    from agent_system.understanding._clauses import opens_request

    match, done = _VALUE_ALONE.match(piece.strip()), _VALUE_SET.match(before.strip())
    if match is None or done is None or opens_request(match["b"]):
        return None
    return f"{done['verb']} {match['b']} {done['prep']} {_with_unit(match['v'], done['v'])}"


_THING = lazy_pattern(
    r"\b(?:lights?|lamps?|fans?|tv|television|heater|plugs?|sockets?|speakers?|blinds|shades|"
    r"curtains|covers?|locks?|doors?|vacuum|thermostat|kettle|radio|stereo|ac|humidifier|"
    r"purifier|sprinklers?|camera|oven|machine|outlets?|switch|garage|kitchen|bedroom|bathroom|"
    r"living\s+room|dining\s+room|hall(?:way)?|office|basement|porch|garden|study|nursery|attic|"
    r"den|patio|upstairs|downstairs|lounge|toilet|laundry|hallway)\b",
    re.IGNORECASE,
)
"""A device or a room, what a device verb said once may govern again."""
_BARE_OBJECT = lazy_pattern(
    r"^(?P<object>(?:(?:the|my|all(?:\s+the)?|our)\s+)?(?:[\w'-]+\s+){0,3}?[\w'-]+)"
    r"(?:\s+(?:too|as\s+well|also|please))*$",
    re.IGNORECASE,
)


def object_again(piece: str, before: str) -> str | None:
    """ "the bedroom light" after "turn off the kitchen light" -> "turn off the bedroom light":
    a device verb said once, then only what it acts on ("..., then the bedroom light", "..., the
    fan too", "... and the lights in the kitchen"); None when `piece` is no such bare device."""
    from agent_system.understanding._clauses import opens_request

    bare = _BARE_OBJECT.match(piece.strip())
    if bare is None or opens_request(piece) or _THING.search(piece) is None:
        return None
    done = _DEVICE_VERB.match(before.strip())
    if done is not None:
        return f"{done['verb']} {bare['object']}{done['tail'] or ''}"
    done = _DEVICE_PARTICLE.match(before.strip())
    if done is not None:
        return f"{done['verb']} {bare['object']} {done['particle']}"
    return None


def _with_unit(value: str, model: str) -> str:
    """`value` with the unit of `model` when it has none ("80" after "40 percent")."""
    if re.search(r"[^\d.\s]", value):
        return value
    return value.strip() + re.sub(r"^[\d.]+", "", model.strip())


_KINDS = lazy_pattern(r"\b(?:timer|alarm|reminder)s?\b", re.IGNORECASE)
# "cancel my 7am and 8am alarms": clock times listed before what they are times of
_CLOCKS_BEFORE = lazy_pattern(
    rf"(?P<list>{_CLOCK}(?:{_LIST_SEP}{_CLOCK})+)(?P<ap>\s*[ap]\.?m\.?)?\s+(?P<kind>alarms?)\b",
    re.IGNORECASE,
)
# "add eggs to my shopping list and bread to my todo list": the verb said once
_GAPPED = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:add|put|remove|take|cross|move))\s+(?P<a>.+?)\s+"
    r"(?P<prep>to|on|onto|from|off)\s+(?P<b>(?:my|the|our)\s+.+?)\s+and\s+(?P<c>[^,]+?)\s+"
    r"(?P=prep)\s+(?P<d>(?:my|the|our)\s+.+)$",
    re.IGNORECASE,
)
# "set the living room to 40 percent and the kitchen to 80": the verb said once, a value each
_VALUE_EACH = lazy_pattern(
    r"^(?P<verb>(?:please\s+)?(?:set|turn|dim|put|change|bring|make|raise|lower|adjust))\s+"
    rf"(?P<a>.+?)\s+(?P<prep>to|at)\s+(?P<v1>{_LEVEL})\s*,?\s+and\s+(?:(?:to|at)\s+)?"
    rf"(?P<b>(?!(?:to|at)\b)[^,]+?)\s+(?:to|at)\s+(?P<v2>{_LEVEL})(?P<rest>\s+please)?$",
    re.IGNORECASE,
)
# "remind me to call mom at 5 and to water the plants at 6": two messages, each with its time
_TWO_MESSAGES = lazy_pattern(
    r"^(?P<head>.*?\bremind\s+(?:me|us)\s+)to\s+(?P<a>.+?\b(?:at|in|on|by)\s+\S+.*?)\s+"
    r"and\s+(?:also\s+)?to\s+(?P<b>.+?\b(?:at|in|on|by|tomorrow|tonight)\b.*)$",
    re.IGNORECASE,
)


def spread(piece: str) -> list[str]:
    """One text per item when a verb governs a list; else ``[piece]``."""
    if match := _ANOTHER.match(piece.strip()):  # "a timer for 5 minutes and another for 10"
        first = match["first"]
        unit = match["unit2"] or match["unit"]
        second = first[: match.start("n")] + f"{match['m']} {unit}"
        return [first, second]
    if pair := _labelled_pair(piece.strip()):
        return pair
    if match := _KIND_PAIR.match(piece.strip()):
        return [f"{match['verb']} {match['a']}", f"{match['verb']} {match['b']}"]
    if match := _TWO_MESSAGES.match(piece.strip()):
        return [f"{match['head']}to {match['a']}", f"{match['head']}to {match['b']}"]
    if match := _VALUE_EACH.match(piece.strip()):
        verb, prep, second = match["verb"], match["prep"], _with_unit(match["v2"], match["v1"])
        return [f"{verb} {match['a']} {prep} {match['v1']}", f"{verb} {match['b']} {prep} {second}"]
    if match := _GAPPED.match(piece.strip()):
        verb, prep = match["verb"], match["prep"]
        return [
            f"{verb} {match['a']} {prep} {match['b']}",
            f"{verb} {match['c']} {prep} {match['d']}",
        ]
    if match := _CLOCKS_BEFORE.search(piece):
        items = _items(match["list"])
        last_ap = re.search(r"[ap]\.?m\.?$", items[-1], re.IGNORECASE)
        ap = (match["ap"] or (last_ap[0] if last_ap else "")).strip()
        return [
            _singular(
                piece[: match.start()] + item
                + (f" {ap}" if ap and not re.search(r"[ap]\.?m", item, re.I) else "")
                + f" {match['kind']}" + piece[match.end() :]
            )
            for item in items
        ]  # fmt: skip
    if match := _DURATIONS.search(piece):
        return [
            _singular(piece[: match.start()] + f"{item} {match['unit']}" + piece[match.end() :])
            for item in _items(match["list"])
        ]
    if (match := _TIMES.search(piece)) and re.search(
        r"\balarms?\b|\bwake\b|\bremind\b", piece, re.I
    ):  # "wake me at 6 and 7", "remind me at 5 and at 6 to stretch"
        items = [re.sub(r"^at\s+", "", item, flags=re.I) for item in _items(match["list"])]
        last_ap = re.search(r"[ap]\.?m\.?$", items[-1], re.IGNORECASE)
        ap = (match["ap"] or (last_ap[0] if last_ap else "")).strip()
        return [
            _singular(
                piece[: match.start()] + f"{match['pre']} {item}"
                + (f" {ap}" if ap and not re.search(r"[ap]\.?m", item, re.I) else "")
                + piece[match.end() :]
            )
            for item in items
        ]  # fmt: skip
    if match := _DAYS.search(piece):
        pre = match["pre"] or ""
        return [
            _singular(piece[: match.start()] + pre + item + piece[match.end() :])
            for item in _items(match["list"])
        ]
    if _WEATHER.search(piece) and (match := _PLACES.search(piece) or _PLACES_LOWER.search(piece)):
        items = _places(match["list"])
        if len(items) > 1:
            return [
                piece[: match.start()] + f"{match['pre']} {item}" + piece[match.end() :]
                for item in items
            ]
    return _spread_devices(piece)


def _places(listed: str) -> list[str]:
    """The places of a list, a region after a comma kept with its place: "kansas city, missouri
    and rome" is "kansas city, missouri" and "rome"."""
    parts = re.split(f"({_LIST_SEP})", listed.strip(), flags=re.IGNORECASE)
    places: list[str] = []
    for i in range(0, len(parts), 2):
        item = re.sub(r"^(?:in|for)\s+", "", parts[i].strip(), flags=re.I)
        if places and parts[i - 1].strip() == "," and region_follows(places[-1], item):
            places[-1] = f"{places[-1]}, {item}"
        elif item:
            places.append(item)
    return places


def _spread_devices(piece: str) -> list[str]:
    from agent_system.understanding._clauses import opens_request

    found = _DEVICE_VERB.match(piece.strip())
    particle = ""
    if found is None:
        found = _DEVICE_PARTICLE.match(piece.strip())
        if found is None:
            return [piece]
        particle = " " + found["particle"]
    items = _items(found["object"], keep=("in",))
    if len(items) < 2 or items[0].lower() in _COLORS or items[0].lower().startswith("it"):
        return [piece]
    if re.search(r"\b(?:hundred|thousand)\s+and\b", found["object"], re.IGNORECASE):
        return [piece]  # "channel nine hundred and fifty one"
    for item in items[1:]:
        words = item.split()
        if opens_request(item) or words[0].lower() in _NOT_DEVICES:
            return [piece]  # "open my email and reply", "open the app and go to tickets"
    tail = "" if particle or found.groupdict().get("tail") is None else found["tail"]
    stripped = [re.sub(r"^the\s+", "", item, flags=re.IGNORECASE) for item in items]
    if (
        all(len(b.split()) == 1 for b in stripped[:-1])
        and len(stripped[-1].split()) >= 2
        and not re.match(r"^(?:the|my|all|a|an|our)\b", items[-1], re.IGNORECASE)
    ):  # "the tv and the bedroom lamp": the last item has its own article, so no shared head
        head = stripped[-1].split()[-1]  # "the kitchen, bedroom and hall lights": one head noun
        items = [f"{item} {head}" for item in items[:-1]] + [items[-1]]
    first = _AREA_OF_FIRST.match(items[0])
    out = [items[0]]
    for item in items[1:]:
        area = re.match(r"^in\s+(?:the\s+)?(?P<area>.+)$", item, re.IGNORECASE)
        if first and area:  # "the lights in the kitchen and in the bedroom"
            out.append(f"{first['device']} {first['prep']} the {area['area']}")
            continue
        bare = re.sub(r"^the\s+", "", item, flags=re.I)
        if first and len(bare.split()) <= 2 and not re.match(r"^(?:the|my|all)\b", item, re.I):
            out.append(f"{first['device']} {first['prep']} the {bare}")  # "... and living room"
        else:
            out.append(item)
    return [f"{found['verb']} {item}{particle}{tail}" for item in out]


def _singular(text: str) -> str:
    return _PLURALS.sub(lambda m: m[1], text)
