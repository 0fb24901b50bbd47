"""Weather role: current conditions and forecasts from Open-Meteo (no API key)."""

from __future__ import annotations

from roles.weather.backend import Conditions, Forecast, OpenMeteoBackend, Place, WeatherBackend
from roles.weather.role import ROLE, WeatherRole

__all__ = [
    "ROLE",
    "Conditions",
    "Forecast",
    "OpenMeteoBackend",
    "Place",
    "WeatherBackend",
    "WeatherRole",
]
