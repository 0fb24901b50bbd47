"""Weather conditions: WMO codes to the condition words plans test, and the words requests use."""

from __future__ import annotations

from agent_system.roles import ConditionVocabulary

__all__ = ["CONDITIONS", "WEATHER_CONDITIONS", "c_to_f", "describe_code"]

# WMO weather interpretation codes -> (normalised condition, description).
_WMO: dict[int, tuple[str, str]] = {
    0: ("sunny", "clear sky"),
    1: ("sunny", "mainly clear"),
    2: ("cloudy", "partly cloudy"),
    3: ("cloudy", "overcast"),
    45: ("fog", "fog"),
    48: ("fog", "freezing fog"),
    51: ("rain", "light drizzle"),
    53: ("rain", "drizzle"),
    55: ("rain", "heavy drizzle"),
    56: ("rain", "freezing drizzle"),
    57: ("rain", "heavy freezing drizzle"),
    61: ("rain", "light rain"),
    63: ("rain", "rain"),
    65: ("rain", "heavy rain"),
    66: ("rain", "freezing rain"),
    67: ("rain", "heavy freezing rain"),
    71: ("snow", "light snow"),
    73: ("snow", "snow"),
    75: ("snow", "heavy snow"),
    77: ("snow", "snow grains"),
    80: ("rain", "light showers"),
    81: ("rain", "showers"),
    82: ("rain", "violent showers"),
    85: ("snow", "snow showers"),
    86: ("snow", "heavy snow showers"),
    95: ("storm", "thunderstorm"),
    96: ("storm", "thunderstorm with hail"),
    99: ("storm", "thunderstorm with heavy hail"),
}


CONDITIONS = ("sunny", "cloudy", "fog", "rain", "snow", "storm")
"""Every ``condition`` a backend reports (besides "unknown")."""

WEATHER_CONDITIONS = ConditionVocabulary(
    path="/condition",
    words={
        "sunny": "sunny",
        "sun": "sunny",
        "clear": "sunny",
        "nice": "sunny",
        "cloudy": "cloudy",
        "overcast": "cloudy",
        "foggy": "fog",
        "fog": "fog",
        "misty": "fog",
        "raining": "rain",
        "rainy": "rain",
        "rains": "rain",
        "rain": "rain",
        "drizzling": "rain",
        "showers": "rain",
        "wet": "rain",
        "snowing": "snow",
        "snowy": "snow",
        "snows": "snow",
        "snow": "snow",
        "stormy": "storm",
        "storm": "storm",
        "storms": "storm",
        "thunderstorm": "storm",
        "thundery": "storm",
    },
    numbers={"c": "/temp_c", "f": "/temp_f"},
)
"""The words a request uses for a weather condition ("if it's stormy"), mapped to the values
above: the embedded planner tests a weather step's ``/condition`` against them."""


def describe_code(code: int) -> tuple[str, str]:
    """(condition, description) for a WMO code.

    The condition is one of sunny, cloudy, fog, rain, snow, storm (or "unknown").
    """
    return _WMO.get(code, ("unknown", f"weather code {code}"))


def c_to_f(celsius: float) -> float:
    """Celsius to Fahrenheit, one decimal."""
    return round(celsius * 9 / 5 + 32, 1)
