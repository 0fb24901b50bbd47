"""Offline extractive summarization: rank sentences, keep structured facts, lay out a format.

Sentences are scored by TF-IDF centrality (cosine similarity to the text's centroid), a position
prior (earlier sentences weigh more), and a small bonus for concrete facts (dates, times, amounts).
Selection is greedy with a redundancy check, and the chosen sentences keep their original order.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from agent_system._lazy import lazy_pattern
from tools._text import split_sentences, terms

__all__ = [
    "LENGTH_SENTENCES",
    "Unit",
    "date_mention",
    "entities",
    "key_values",
    "rank",
    "select",
    "sentence_budget",
    "time_of_day",
    "top_terms",
    "units",
]

LENGTH_SENTENCES: dict[str, tuple[float, int, int]] = {
    "brief": (0.10, 2, 3),
    "detailed": (0.25, 4, 8),
    "comprehensive": (0.45, 8, 20),
}
"""Per length: (share of the sentences, at least, at most)."""

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DATE = lazy_pattern(
    rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}|\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|{_MONTH}\.?\s+\d{{1,2}}"
    rf"(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day|day\s+\d{1,2})\b",
    re.IGNORECASE,
)
_MERIDIEM = r"(a\.m\.|p\.m\.|am|pm)"
_TIME = lazy_pattern(
    rf"\b(?:(\d{{1,2}}):(\d{{2}})(?:\s*{_MERIDIEM}(?![a-z]))?|(\d{{1,2}})\s*{_MERIDIEM}(?![a-z])"
    r"|(noon|midnight))",
    re.IGNORECASE,
)
_AMOUNT = lazy_pattern(
    r"(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|bn|k|m)\b)?"
    r"|\b\d[\d,]*(?:\.\d+)?\s?(?:%|(?:percent|usd|eur|gbp|dollars|euros|pounds)\b))",
    re.IGNORECASE,
)
_KEY_VALUE = lazy_pattern(r"^\s*(?:[-*•]\s*)?([A-Za-z][\w ()/&'.-]{0,40}?)\s*:\s+(\S.*)$")
_BULLET = lazy_pattern(r"^\s*(?:[-*•]|\d+[.)])\s+")


@dataclass
class Unit:
    """A sentence (or a line that stands alone) with where it came from."""

    text: str
    source: int
    position: int
    terms: list[str] = field(default_factory=list)
    score: float = 0.0


def units(texts: list[str]) -> list[Unit]:
    """Sentences of every text, bullets stripped, tagged with source and position."""
    out: list[Unit] = []
    for source, text in enumerate(texts):
        for position, sentence in enumerate(split_sentences(text)):
            clean = _BULLET.sub("", sentence).strip()
            if clean:
                out.append(Unit(clean, source, position, terms(clean)))
    return out


def entities(text: str) -> dict[str, list[str]]:
    """Dates, times and amounts mentioned in `text`, in order, without repeats."""
    found: dict[str, list[str]] = {"dates": [], "times": [], "amounts": []}
    for name, pattern in (("dates", _DATE), ("times", _TIME), ("amounts", _AMOUNT)):
        for match in pattern.finditer(text):
            value = match.group(0).strip()
            if value not in found[name]:
                found[name].append(value)
    return found


def key_values(text: str) -> list[tuple[str, str]]:
    """``key: value`` lines of `text` (bullets allowed), in order."""
    pairs = []
    for line in text.splitlines():
        match = _KEY_VALUE.match(line)
        if match:
            pairs.append((match.group(1).strip(), match.group(2).strip()))
    return pairs


def _has_fact(text: str) -> bool:
    return bool(_DATE.search(text) or _TIME.search(text) or _AMOUNT.search(text))


def rank(items: list[Unit]) -> list[Unit]:
    """Score every unit in place (TF-IDF centrality, position prior, fact bonus); returns them."""
    if not items:
        return items
    df: Counter[str] = Counter()
    for unit in items:
        df.update(set(unit.terms))
    n = len(items)
    idf = {t: math.log((1 + n) / (1 + f)) + 1.0 for t, f in df.items()}
    vectors = [{t: c * idf[t] for t, c in Counter(u.terms).items()} for u in items]
    centroid: Counter[str] = Counter()
    for vector in vectors:
        centroid.update(vector)
    centroid_norm = math.sqrt(sum(v * v for v in centroid.values())) or 1.0
    centrality = []
    for vector in vectors:
        norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
        dot = sum(w * centroid[t] for t, w in vector.items())
        centrality.append(dot / (norm * centroid_norm))
    top = max(centrality) or 1.0
    for unit, central in zip(items, centrality, strict=True):
        prior = 1.0 / math.sqrt(1 + unit.position)
        unit.score = 0.7 * central / top + 0.2 * prior + (0.1 if _has_fact(unit.text) else 0.0)
        if len(unit.terms) < 3:
            unit.score *= 0.6  # fragments and headings rarely summarise well
    return items


def _overlap(a: list[str], b: list[str]) -> float:
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) if sa and sb else 0.0


def select(items: list[Unit], count: int, *, cover_sources: bool = False) -> list[Unit]:
    """The best `count` units without near-repeats, in original order.

    With `cover_sources`, each source's best unit is taken first, so no source goes unmentioned
    while there is room.
    """
    ranked = sorted(items, key=lambda u: (-u.score, u.source, u.position))
    chosen: list[Unit] = []

    def take(unit: Unit) -> None:
        if len(chosen) < count and unit not in chosen:
            if all(_overlap(unit.terms, c.terms) < 0.7 or not unit.terms for c in chosen):
                chosen.append(unit)

    if cover_sources:
        seen: set[int] = set()
        for unit in ranked:
            if unit.source not in seen:
                seen.add(unit.source)
                take(unit)
    for unit in ranked:
        take(unit)
    return sorted(chosen, key=lambda u: (u.source, u.position))


def sentence_budget(length: str, available: int) -> int:
    """How many sentences a summary of `length` gets from `available` sentences."""
    share, low, high = LENGTH_SENTENCES[length]
    return min(available, max(low, min(high, round(share * available))))


def top_terms(items: list[Unit], count: int) -> list[str]:
    """The `count` terms that weigh most over the units (frequency times spread)."""
    tf: Counter[str] = Counter()
    df: Counter[str] = Counter()
    for unit in items:
        tf.update(unit.terms)
        df.update(set(unit.terms))
    ranked = sorted(tf, key=lambda t: (-(tf[t] * math.log(1 + df[t])), t))
    return [t for t in ranked if len(t) > 2 and not any(c.isdigit() for c in t)][:count]


def time_of_day(text: str) -> int | None:
    """Minutes after midnight of the first time mentioned (``7pm`` -> 1140), or None."""
    match = _TIME.search(text)
    if match is None:
        return None
    hour_s, minute_s, ampm_s, hour_only, ampm_only, word = match.groups()
    if word:
        return 720 if word.lower() == "noon" else 0
    hour = int(hour_s or hour_only)
    minute = int(minute_s or 0)
    meridiem = (ampm_s or ampm_only or "").lower().replace(".", "")
    if meridiem == "pm" and hour < 12:
        hour += 12
    elif meridiem == "am" and hour == 12:
        hour = 0
    if hour > 23 or minute > 59:
        return None
    return hour * 60 + minute


def date_mention(text: str) -> str | None:
    """The first date-like mention (``June 3``, ``Day 2``, ``Monday``), or None."""
    match = _DATE.search(text)
    return match.group(0) if match else None
