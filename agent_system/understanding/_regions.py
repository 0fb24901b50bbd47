"""Regions said after a place and a comma: "Phoenix, AZ", "Kansas City, Missouri", "Paris, France".

Such a comma is part of the place, not the start of a new request ("will it be hot in phoenix,
az next week"): the clause splitter (`_clauses`) and the list spreader (`_spread`) keep it
(`region_follows`). The weather role's geocoder reads the region to pick the right
place (`STATE_CODES` for a US state's two letters).
"""

from __future__ import annotations

import re

from agent_system._lazy import lazy_pattern

__all__ = ["STATE_CODES", "region_follows"]

STATE_CODES: dict[str, str] = {
    "al": "alabama", "ak": "alaska", "az": "arizona", "ar": "arkansas", "ca": "california",
    "co": "colorado", "ct": "connecticut", "de": "delaware", "fl": "florida", "ga": "georgia",
    "hi": "hawaii", "id": "idaho", "il": "illinois", "in": "indiana", "ia": "iowa",
    "ks": "kansas", "ky": "kentucky", "la": "louisiana", "me": "maine", "md": "maryland",
    "ma": "massachusetts", "mi": "michigan", "mn": "minnesota", "ms": "mississippi",
    "mo": "missouri", "mt": "montana", "ne": "nebraska", "nv": "nevada", "nh": "new hampshire",
    "nj": "new jersey", "nm": "new mexico", "ny": "new york", "nc": "north carolina",
    "nd": "north dakota", "oh": "ohio", "ok": "oklahoma", "or": "oregon", "pa": "pennsylvania",
    "ri": "rhode island", "sc": "south carolina", "sd": "south dakota", "tn": "tennessee",
    "tx": "texas", "ut": "utah", "vt": "vermont", "va": "virginia", "wa": "washington",
    "wv": "west virginia", "wi": "wisconsin", "wy": "wyoming", "dc": "district of columbia",
    "pr": "puerto rico",
    # Canada
    "ab": "alberta", "bc": "british columbia", "mb": "manitoba", "nb": "new brunswick",
    "nl": "newfoundland and labrador", "ns": "nova scotia", "on": "ontario",
    "pe": "prince edward island", "qc": "quebec", "sk": "saskatchewan",
}  # fmt: skip
"""Two-letter codes of US states and Canadian provinces, to their names."""
_AMBIGUOUS_CODES = frozenset("al co de hi id in la ma me ms oh ok on or pa".split())
"""Codes that are also English words: taken as a region only in capitals ("Portland, OR")."""
_REGIONS = (
    # US states and Canadian provinces (with their codes above), Australian states
    *STATE_CODES.values(), "d.c.", "queensland", "victoria", "tasmania", "new south wales",
    "western australia", "south australia", "northern territory", "england", "scotland",
    "wales", "northern ireland", "bavaria", "catalonia", "andalusia", "tuscany", "sicily",
    "ontario", "quebec",
    # countries and the usual short names
    "usa", "u.s.", "u.s.a.", "us", "united states", "united states of america", "america", "uk",
    "u.k.", "united kingdom", "great britain", "britain", "afghanistan", "albania", "algeria",
    "andorra", "angola", "argentina", "armenia", "australia", "austria", "azerbaijan",
    "bahamas", "bahrain", "bangladesh", "barbados", "belarus", "belgium", "belize", "benin",
    "bhutan", "bolivia", "bosnia", "botswana", "brazil", "brunei", "bulgaria", "burkina faso",
    "burundi", "cambodia", "cameroon", "canada", "chad", "chile", "china", "colombia", "congo",
    "costa rica", "croatia", "cuba", "cyprus", "czech republic", "czechia", "denmark",
    "djibouti", "dominican republic", "ecuador", "egypt", "el salvador", "eritrea", "estonia",
    "ethiopia", "fiji", "finland", "france", "gabon", "gambia", "germany", "ghana", "greece",
    "guatemala", "guinea", "guyana", "haiti", "honduras", "hungary", "iceland", "india",
    "indonesia", "iran", "iraq", "ireland", "israel", "italy", "ivory coast", "jamaica",
    "japan", "jordan", "kazakhstan", "kenya", "kosovo", "kuwait", "kyrgyzstan", "laos",
    "latvia", "lebanon", "lesotho", "liberia", "libya", "liechtenstein", "lithuania",
    "luxembourg", "madagascar", "malawi", "malaysia", "maldives", "mali", "malta",
    "mauritania", "mauritius", "mexico", "moldova", "monaco", "mongolia", "montenegro",
    "morocco", "mozambique", "myanmar", "namibia", "nepal", "netherlands", "holland",
    "new zealand", "nicaragua", "niger", "nigeria", "north korea", "north macedonia",
    "norway", "oman", "pakistan", "panama", "papua new guinea", "paraguay", "peru",
    "philippines", "poland", "portugal", "qatar", "romania", "russia", "rwanda",
    "saudi arabia", "senegal", "serbia", "sierra leone", "singapore", "slovakia", "slovenia",
    "somalia", "south africa", "south korea", "korea", "south sudan", "spain", "sri lanka",
    "sudan", "suriname", "sweden", "switzerland", "syria", "taiwan", "tajikistan", "tanzania",
    "thailand", "togo", "trinidad and tobago", "tunisia", "turkey", "turkmenistan", "uganda",
    "ukraine", "united arab emirates", "uae", "uruguay", "uzbekistan", "venezuela", "vietnam",
    "yemen", "zambia", "zimbabwe",
)  # fmt: skip
_NAMES = "|".join(re.escape(r) for r in sorted(set(_REGIONS), key=len, reverse=True))
_CODES = "|".join(sorted(set(STATE_CODES) - _AMBIGUOUS_CODES))
_UPPER_CODES = "|".join(c.upper() for c in sorted(_AMBIGUOUS_CODES))
_REGION = lazy_pattern(
    rf"(?i:(?:{_NAMES})(?![\w.])|(?:{_CODES})\b(?!\.?\w))|(?:{_UPPER_CODES})\b(?!\.?\w)"
)
_TIME_WORDS = frozenset(
    "today tonight tomorrow tmrw yesterday now right later earlier ago last this next coming on at "
    "in for during over the "
    "by around a an noon midnight midday am pm a.m. p.m. o'clock morning afternoon evening night "
    "day days week weeks weekend month months year years hour hours minute minutes few couple of "
    "monday tuesday wednesday thursday friday saturday sunday spring summer autumn fall winter "
    "january february march april may june july august september october november december jan "
    "feb mar apr jun jul aug sep sept oct nov dec one two three four five six seven eight nine "
    "ten eleven twelve please then".split()
)
_NUMBERISH = lazy_pattern(r"^\d[\d:.]*(?:st|nd|rd|th|am|pm|a\.m\.?|p\.m\.?)?$", re.IGNORECASE)
_NEXT_SEPARATOR = lazy_pattern(r"\s*(?:[,;.!?]\s|[;!?]|\band\b|\bthen\b)", re.IGNORECASE)


def region_follows(before: str, following: str) -> bool:
    """Whether the words after a comma (`following`) name the region of the place before it.

    "phoenix" | "az next week", "kansas city" | "missouri": a state, province, country or US
    state code, followed by nothing but when ("next week", "at 9 pm", "on dec 5th") up to the
    next separator. `before` must end with a word (the place's name).
    """
    if not re.search(r"[a-zA-Z]$", before.rstrip()):
        return False
    found = _REGION.match(following.lstrip())
    if found is None:
        return False
    rest = following.lstrip()[found.end() :]
    span = _NEXT_SEPARATOR.split(rest, maxsplit=1)[0]
    words = span.strip(" ,.!?").lower().split()
    return all(w in _TIME_WORDS or _NUMBERISH.match(w) for w in words)
