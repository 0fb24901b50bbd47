"""Place names to IANA time zones: "tokyo", "orlando florida", "the philippines", "pst".

Common countries, states, cities and zone abbreviations are listed here; every other IANA zone's
city ("kathmandu" -> Asia/Kathmandu) and every country of the time zone database's
``iso3166.tab``/``zone.tab`` (its first zone: "portugal" -> Europe/Lisbon) are read from the
installed time zone data.
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from importlib import resources
from pathlib import Path

__all__ = ["known", "place_zone", "written"]

_ALIASES = {
    "india": "Asia/Kolkata", "delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata",
    "mumbai": "Asia/Kolkata", "bombay": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "bengaluru": "Asia/Kolkata", "hyderabad": "Asia/Kolkata", "chennai": "Asia/Kolkata",
    "china": "Asia/Shanghai", "beijing": "Asia/Shanghai", "japan": "Asia/Tokyo",
    "korea": "Asia/Seoul", "south korea": "Asia/Seoul", "north korea": "Asia/Pyongyang",
    "vietnam": "Asia/Ho_Chi_Minh",
    "thailand": "Asia/Bangkok", "pakistan": "Asia/Karachi", "uae": "Asia/Dubai",
    "england": "Europe/London", "uk": "Europe/London", "britain": "Europe/London",
    "united kingdom": "Europe/London", "scotland": "Europe/London", "ireland": "Europe/Dublin",
    "wales": "Europe/London", "northern ireland": "Europe/London",
    "france": "Europe/Paris", "germany": "Europe/Berlin", "spain": "Europe/Madrid",
    "italy": "Europe/Rome", "netherlands": "Europe/Amsterdam", "russia": "Europe/Moscow",
    "greece": "Europe/Athens", "turkey": "Europe/Istanbul", "egypt": "Africa/Cairo",
    "nigeria": "Africa/Lagos", "kenya": "Africa/Nairobi", "south africa": "Africa/Johannesburg",
    "brazil": "America/Sao_Paulo", "argentina": "America/Argentina/Buenos_Aires",
    "rio": "America/Sao_Paulo", "rio de janeiro": "America/Sao_Paulo",
    "australia": "Australia/Sydney", "new zealand": "Pacific/Auckland", "canada": "America/Toronto",
    "ottawa": "America/Toronto", "montreal": "America/Toronto", "mexico": "America/Mexico_City",
    "california": "America/Los_Angeles", "san francisco": "America/Los_Angeles",
    "las vegas": "America/Los_Angeles", "seattle": "America/Los_Angeles",
    "pst": "America/Los_Angeles", "pacific": "America/Los_Angeles",
    "texas": "America/Chicago", "dallas": "America/Chicago", "houston": "America/Chicago",
    "austin": "America/Chicago", "milwaukee": "America/Chicago", "central": "America/Chicago",
    "cst": "America/Chicago", "new york city": "America/New_York", "nyc": "America/New_York",
    "boston": "America/New_York", "washington": "America/New_York", "florida": "America/New_York",
    "orlando": "America/New_York", "miami": "America/New_York", "atlanta": "America/New_York",
    "akron": "America/New_York", "philadelphia": "America/New_York", "eastern": "America/New_York",
    "est": "America/New_York", "arizona": "America/Phoenix", "utah": "America/Denver",
    "colorado": "America/Denver", "mountain": "America/Denver", "hawaii": "Pacific/Honolulu",
    "alaska": "America/Anchorage", "utc": "UTC", "gmt": "UTC", "ist": "Asia/Kolkata",
    "atlantic": "America/Halifax", "manhattan": "America/New_York", "brooklyn": "America/New_York",
    "new jersey": "America/New_York", "georgia": "America/New_York",
    "new mexico": "America/Denver", "virginia": "America/New_York",
    "la": "America/Los_Angeles", "l a": "America/Los_Angeles", "sf": "America/Los_Angeles",
    "oregon": "America/Los_Angeles", "portland": "America/Los_Angeles",
    "nevada": "America/Los_Angeles", "new orleans": "America/Chicago",
    "nashville": "America/Chicago", "minnesota": "America/Chicago", "dc": "America/New_York",
    "cet": "Europe/Paris", "cest": "Europe/Paris", "eet": "Europe/Athens", "bst": "Europe/London",
    "jst": "Asia/Tokyo", "kst": "Asia/Seoul", "aest": "Australia/Sydney",
    "aedt": "Australia/Sydney", "hst": "Pacific/Honolulu", "akst": "America/Anchorage",
    "msk": "Europe/Moscow", "sgt": "Asia/Singapore", "hkt": "Asia/Hong_Kong",
    "mst": "America/Denver", "pdt": "America/Los_Angeles", "edt": "America/New_York",
    "cdt": "America/Chicago", "mdt": "America/Denver", "nzst": "Pacific/Auckland",
}  # fmt: skip
_WORDS = frozenset(
    "act center christmas east easter general north south west wake oral knox universal virgin "
    "continental casey davis palmer troll johnston marengo monticello beulah vevay resolute "
    "creston regina mahe stanley".split()
)  # zone names that are also everyday words
_ACRONYMS = frozenset(
    "uk usa us uae nyc pst est cst mst gmt utc ist cet la sf dc cest eet bst jst kst aest aedt "
    "hst akst msk sgt hkt pdt edt cdt mdt nzst".split()
)


@functools.cache
def _zone_names() -> dict[str, str]:
    """The city part of every IANA zone name: "tokyo" -> "Asia/Tokyo"."""
    names: dict[str, str] = {}
    for key in sorted(zoneinfo.available_timezones()):
        name = key.rsplit("/", 1)[-1].replace("_", " ").lower()
        if "/" in key and not key.startswith(("Etc/", "SystemV/", "US/")) and name not in _WORDS:
            names.setdefault(name, key)
    return names


def _table(name: str) -> str:
    """A table of the time zone data (the tzdata package's, else the system's), or ""."""
    try:
        return resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        pass
    for root in zoneinfo.TZPATH:
        path = Path(root) / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return ""


@functools.cache
def _countries() -> dict[str, str]:
    """Country name -> its first zone in ``zone.tab``: "philippines" -> "Asia/Manila"."""
    first: dict[str, str] = {}
    for line in _table("zone.tab").splitlines():
        parts = line.split("\t")
        if len(parts) >= 3 and not line.startswith("#"):
            first.setdefault(parts[0], parts[2])
    names: dict[str, str] = {}
    for line in _table("iso3166.tab").splitlines():
        code, _, country = line.partition("\t")
        if line.startswith("#") or code not in first:
            continue
        name = re.sub(r"\s*\(.*\)", "", country).replace("&", "and").lower().strip()
        names.setdefault(name, first[code])
    return names


def place_zone(place: str) -> str | None:
    """The IANA zone of a place name ("tokyo", "orlando florida", "india"), or None."""
    words = re.sub(r"[^a-z ]", " ", place.lower()).split()
    noise = ("the", "city", "now", "right", "standard", "time", "zone", "timezone", "over", "there")
    words = [w for w in words if w not in noise] or words
    for size in range(len(words), 0, -1):  # "new york city", "orlando florida" -> "orlando"
        for start in range(len(words) - size + 1):
            name = " ".join(words[start : start + size])
            if found := _ALIASES.get(name) or _zone_names().get(name) or _countries().get(name):
                return found
    return None


def known(name: str) -> bool:
    """Whether `name`, whole, is a place with a known zone ("new york", not "bedtime")."""
    return bool(_ALIASES.get(name) or _zone_names().get(name) or _countries().get(name))


def written(place: str) -> str:
    """A place as written in a reply: "the uk" -> "the UK", "new york" -> "New York".

    A region said after the place follows a comma: "orlando florida" -> "Orlando, Florida".
    """
    words = place.split()
    said = " ".join(w.upper() if w in _ACRONYMS else w if w == "the" else w.title() for w in words)
    if "," in place:
        return said
    from agent_system.understanding._regions import region_follows

    cased = said.split()
    for size in (1, 2):  # "orlando florida", "albany new york"
        before = " ".join(words[:-size])
        if before not in ("", "the") and region_follows(before, " ".join(words[-size:])):
            return f"{' '.join(cased[:-size])}, {' '.join(cased[-size:])}"
    return said
