"""Unit conversions said the way people say them.

"convert 5 miles to km", "how many ounces in a pound", "what's 100 fahrenheit in celsius", "how
many cups in a gallon", "6 feet in cm", "how do you convert celsius to fahrenheit".
Lengths, weights, volumes (US cups, pints, quarts and gallons; "imperial" or "uk" pints and
gallons), speeds, temperatures and lengths of time. "ounce" is a fluid ounce when the other unit
is a volume. `convert` reads the whole text or nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from tools._numbers import NUMBER, number_text
from tools._sums import Answer, lead_stripped

__all__ = ["convert"]


@dataclass(frozen=True)
class _Unit:
    kind: str
    factor: float  # in the kind's base unit (metre, kilogram, litre, metre/second, second)
    one: str
    many: str


_U: dict[str, _Unit] = {}


def _add(kind: str, factor: float, one: str, many: str, *names: str) -> None:
    unit = _Unit(kind, factor, one, many)
    for name in (one, many, *names):
        _U[name] = unit


_add("length", 0.001, "mm", "mm", "millimeter", "millimeters", "millimetre", "millimetres")
_add("length", 0.1, "dm", "dm", "decimeter", "decimeters", "decimetre", "decimetres")
_add("length", 0.01, "cm", "cm", "centimeter", "centimeters", "centimetre", "centimetres")
_add("length", 1, "m", "m", "meter", "meters", "metre", "metres")
_add("length", 1000, "km", "km", "kms", "kilometer", "kilometers", "kilometre", "kilometres")
_add("length", 0.0254, "inch", "inches", '"')
_add("length", 0.3048, "foot", "feet", "ft", "'")
_add("length", 0.9144, "yard", "yards", "yd", "yds")
_add("length", 1609.344, "mile", "miles", "mi")
_add("length", 1852, "nautical mile", "nautical miles")
_add("mass", 1e-6, "mg", "mg", "milligram", "milligrams")
_add("mass", 0.001, "g", "g", "gram", "grams", "gr", "grammes")
_add("mass", 1, "kg", "kg", "kilo", "kilos", "kilogram", "kilograms", "kgs")
_add("mass", 1000, "tonne", "tonnes", "metric ton", "metric tons")
_add("mass", 0.028349523125, "ounce", "ounces", "oz")
_add("mass", 0.45359237, "pound", "pounds", "lb", "lbs")
_add("mass", 6.35029318, "stone", "stone", "stones", "st")
_add(
    "volume",
    0.001,
    "ml",
    "ml",
    "ml's",
    "mls",
    "milliliter",
    "milliliters",
    "millilitre",
    "millilitres",
)
_add("volume", 0.01, "cl", "cl", "centiliter", "centiliters", "centilitre", "centilitres")
_add("volume", 1, "litre", "litres", "l", "liter", "liters")
_add("volume", 0.00492892159375, "teaspoon", "teaspoons", "tsp", "tsps")
_add("volume", 0.01478676478125, "tablespoon", "tablespoons", "tbsp", "tbsps", "tbs")
_add("volume", 0.0295735295625, "fluid ounce", "fluid ounces", "fl oz", "fl. oz")
_add("volume", 0.2365882365, "cup", "cups")
_add("volume", 0.473176473, "pint", "pints", "us pint", "us pints")
_add("volume", 0.946352946, "quart", "quarts", "qt")
_add("volume", 3.785411784, "gallon", "gallons", "gal", "us gallon", "us gallons")
_add("volume", 0.56826125, "imperial pint", "imperial pints", "uk pint", "uk pints")
_add("volume", 4.54609, "imperial gallon", "imperial gallons", "uk gallon", "uk gallons")
_add("speed", 1, "m/s", "m/s", "meters per second", "metres per second")
_add("speed", 1 / 3.6, "km/h", "km/h", "kph", "kmh", "kilometers per hour", "kilometres per hour")
_add("speed", 0.44704, "mph", "mph", "miles per hour", "miles an hour")
_add("speed", 1852 / 3600, "knot", "knots")
_add("time", 1, "second", "seconds", "secs", "sec")
_add("time", 60, "minute", "minutes", "mins", "min")
_add("time", 3600, "hour", "hours", "hrs", "hr")
_add("time", 86400, "day", "days")
_add("time", 604800, "week", "weeks")
_add("time", 86400 * 365 / 12, "month", "months")
_add("time", 86400 * 365, "year", "years")
_FLUID = _U["fluid ounce"]
_TEMPERATURES = {"celsius": "°C", "centigrade": "°C", "c": "°C", "°c": "°C"}
_TEMPERATURES |= {"fahrenheit": "°F", "f": "°F", "°f": "°F", "kelvin": "K", "k": "K"}

_NAMES = sorted([*_U, *_TEMPERATURES], key=len, reverse=True)
_UNIT = r"(?:degrees?\s+)?(?:" + "|".join(re.escape(n) for n in _NAMES) + r")"
_N = rf"(?:{NUMBER}|an?|one)"
_HOW_MANY = r"(?:how\s+many|what\s+amount\s+of|the\s+number\s+of)"
_HOW_TO = (
    r"(?:(?:help\s+me(?:\s+to)?|(?:tell\s+me\s+)?how\s+(?:do|can|would|should)\s+(?:you|i|one|we)"
    r"|(?:tell\s+me\s+)?how\s+to|is\s+there\s+an?\s+(?:easy\s+|quick\s+|simple\s+)?way\s+to"
    r"|(?:what\s+is\s+)?the\s+(?:proper|right|correct|best)\s+way\s+to)\s+)?"
    r"(?:convert|change|go\s+from|turn)"
)
_PATTERNS = tuple(
    lazy_pattern(p, re.IGNORECASE)
    for p in (
        rf"^(?:convert\s+)?(?P<n>{_N})\s*(?P<a>{_UNIT})\s+(?:to|into|in|as|in\s+terms\s+of)\s+"
        rf"(?P<b>{_UNIT})$",
        rf"^{_HOW_MANY}\s+(?P<b>{_UNIT})\s+(?:are\s+|is\s+)?(?:there\s+)?(?:in|to|per|make(?:\s+up)?)"
        rf"\s+(?:(?P<half>(?:a\s+)?half\s+(?:of\s+)?)?(?:an?\s+|one\s+))?(?:(?P<n>{NUMBER})\s*)?"
        rf"(?P<a>{_UNIT})$",
        rf"^{_HOW_MANY}\s+(?P<b>{_UNIT})\s+(?:is|are|makes?|equals?)\s+(?P<n>{_N})\s*(?P<a>{_UNIT})$",
        rf"^(?P<n>{_N})\s*(?P<a>{_UNIT})\s+(?:is|are|equals?|makes?)\s+how\s+many\s+(?P<b>{_UNIT})$",
        rf"^(?:convert\s+)?(?P<a>{_UNIT})\s+to\s+(?P<b>{_UNIT})\s*:?\s+(?P<n>{NUMBER})$",
        rf"^(?:{_HOW_TO}\s+)(?:an?\s+|one\s+)?(?P<a>{_UNIT})\s+(?:to|into|in)\s+(?P<b>{_UNIT})$",
        rf"^how\s+(?:are|is|do\s+you\s+convert)\s+(?P<a>{_UNIT})\s+(?:converted\s+)?(?:to|into)\s+"
        rf"(?P<b>{_UNIT})$",
        rf"^(?:the\s+)?conversion\s+(?:of|from|between|for)\s+(?P<a>{_UNIT})\s+(?:to|and|into)\s+"
        rf"(?P<b>{_UNIT})$",
    )
)


def _unit(said: str) -> _Unit | str:
    name = re.sub(r"^degrees?\s+", "", said.lower()).strip()
    return _TEMPERATURES.get(name) or _U[name]


_FORMULAS = {
    ("°C", "°F"): "Multiply by 9/5 and add 32: 20°C is 68°F.",
    ("°F", "°C"): "Subtract 32 and multiply by 5/9: 68°F is 20°C.",
    ("°C", "K"): "Add 273.15: 20°C is 293.15 K.",
    ("K", "°C"): "Subtract 273.15: 293.15 K is 20°C.",
    ("°F", "K"): "Subtract 32, multiply by 5/9 and add 273.15: 68°F is 293.15 K.",
    ("K", "°F"): "Subtract 273.15, multiply by 9/5 and add 32: 293.15 K is 68°F.",
}


def _temperature(value: float, source: str, target: str) -> float:
    celsius = {"°C": value, "°F": (value - 32) * 5 / 9, "K": value - 273.15}[source]
    return {"°C": celsius, "°F": celsius * 9 / 5 + 32, "K": celsius + 273.15}[target]


def _amount(value: float, unit: _Unit | str) -> str:
    shown = number_text(round(value, 2) if abs(value) >= 1 else float(f"{value:.3g}"))
    if isinstance(unit, str):
        return f"{shown}{unit}" if unit.startswith("°") else f"{shown} {unit}"
    return f"{shown} {unit.one if shown == '1' else unit.many}"


def convert(text: str) -> Answer | None:
    """The conversion `text` asks for, or None when `text` is not (only) a conversion."""
    said = lead_stripped(text)
    for pattern in _PATTERNS:
        if (found := pattern.match(said)) is not None:
            break
    else:
        return None
    source, target = _unit(found["a"]), _unit(found["b"])
    amount = found.groupdict().get("n")
    value = 1.0 if amount is None or amount.lower() in ("a", "an", "one") else float(amount)
    if found.groupdict().get("half"):
        value = 0.5
    if isinstance(source, str) or isinstance(target, str):
        if not (isinstance(source, str) and isinstance(target, str)):
            return None  # "degrees" against a length: not a conversion
        if amount is None and source != target:  # "how do you convert celsius to fahrenheit"
            return Answer(f"{source} to {target}", sentence=_FORMULAS[source, target])
        result = _temperature(value, source, target)
    else:
        if source.kind == "mass" and source.one == "ounce" and target.kind == "volume":
            source = _FLUID
        if target.kind == "mass" and target.one == "ounce" and source.kind == "volume":
            target = _FLUID
        if source.kind != target.kind:
            return Answer(
                f"{found['a']} to {found['b']}",
                problem=f"I can't convert {source.many} to {target.many}: one is a "
                f"{source.kind} and the other a {target.kind}.",
            )
        result = value * source.factor / target.factor
    shown = f"{_amount(value, source)} is {_amount(result, target)}"
    return Answer(shown, result, sentence=f"{shown}.")
