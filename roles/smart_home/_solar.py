"""Sunrise and sunset worked out on this machine, from a latitude and longitude (no network).

The NOAA solar calculator's equations (Meeus, as in NOAA GML's "General Solar Position
Calculations" spreadsheet): the sun's declination and the equation of time for the day give
solar noon and the hour angle at which the sun's centre is 0.833° below the horizon
(refraction and the sun's radius), so sunrise and sunset are within a minute or two of the
published times between the polar circles. Each moment is computed twice, the second time with
the sun's position at the first estimate.
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta

__all__ = ["sun_moment"]

_ZENITH = 90.833
"""The sun's centre this far from the zenith is sunrise or sunset."""


def _julian_day(day: date) -> float:
    """The Julian day number at 00:00 UTC of `day`."""
    return day.toordinal() + 1721424.5


def _declination_and_equation(julian: float) -> tuple[float, float]:
    """(the sun's declination in degrees, the equation of time in minutes) at `julian`."""
    century = (julian - 2451545.0) / 36525.0
    mean_long = (280.46646 + century * (36000.76983 + century * 0.0003032)) % 360
    mean_anom = 357.52911 + century * (35999.05029 - 0.0001537 * century)
    eccent = 0.016708634 - century * (0.000042037 + 0.0000001267 * century)
    m = math.radians(mean_anom)
    centre = (
        math.sin(m) * (1.914602 - century * (0.004817 + 0.000014 * century))
        + math.sin(2 * m) * (0.019993 - 0.000101 * century)
        + math.sin(3 * m) * 0.000289
    )
    omega = math.radians(125.04 - 1934.136 * century)
    apparent = math.radians(mean_long + centre - 0.00569 - 0.00478 * math.sin(omega))
    mean_obliq = (
        23
        + (26 + (21.448 - century * (46.815 + century * (0.00059 - century * 0.001813))) / 60) / 60
    )
    obliq = math.radians(mean_obliq + 0.00256 * math.cos(omega))
    declination = math.asin(math.sin(obliq) * math.sin(apparent))
    y = math.tan(obliq / 2) ** 2
    lon = math.radians(mean_long)
    equation = 4 * math.degrees(
        y * math.sin(2 * lon)
        - 2 * eccent * math.sin(m)
        + 4 * eccent * y * math.sin(m) * math.cos(2 * lon)
        - 0.5 * y * y * math.sin(4 * lon)
        - 1.25 * eccent * eccent * math.sin(2 * m)
    )
    return math.degrees(declination), equation


def _minutes(latitude: float, longitude: float, julian: float, sign: int) -> float | None:
    """Minutes after 00:00 UTC when the sun rises (sign -1) or sets (+1); None if it doesn't.

    `julian` is the moment the sun's position is taken at; None is the polar day or night.
    """
    declination, equation = _declination_and_equation(julian)
    lat, dec = math.radians(latitude), math.radians(declination)
    cos_hour = math.cos(math.radians(_ZENITH)) / (math.cos(lat) * math.cos(dec)) - math.tan(
        lat
    ) * math.tan(dec)
    if not -1.0 <= cos_hour <= 1.0:
        return None
    hour_angle = math.degrees(math.acos(cos_hour))
    return 720 - 4 * longitude - equation + sign * 4 * hour_angle


def sun_moment(latitude: float, longitude: float, day: date, event: str) -> datetime | None:
    """When the sun rises or sets on the local `day` at a place, in UTC; None if it doesn't.

    `event` is "sunrise" or "sunset"; None is the midnight sun or the polar night.

    Paris (48.857, 2.352) on 2026-06-21: sunrise 03:47 UTC (05:47 in Paris), sunset 19:58 UTC.
    """
    sign = -1 if event == "sunrise" else 1
    start = _julian_day(day)
    minutes = _minutes(latitude, longitude, start + 0.5 - longitude / 360, sign)
    if minutes is None:
        return None
    minutes = _minutes(latitude, longitude, start + minutes / 1440, sign)
    if minutes is None:
        return None
    midnight = datetime(day.year, day.month, day.day, tzinfo=UTC)
    return midnight + timedelta(minutes=round(minutes))
