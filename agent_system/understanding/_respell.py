"""Typing slips in the words commands turn on: "set a timmer for 5 minuets", "the wether".

A typed request is read as said: a word of five letters or more that is no common English word
(Zipf frequency below 3, from the shipped word list of the router's word vectors) and lies one
edit (two for words of eight letters or more) from exactly one of the command words below, with
the same first letter and not holding it whole ("reschedule", "wetter" stay), becomes that word;
"turn of the lights" is "turn off". Nothing else changes: names, places and titles that are no
near miss of a command word stay as typed, and so do quoted words and words typed with a
capital letter.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from agent_system._lazy import lazy_pattern

__all__ = ["COMMAND_WORDS", "respelled"]

COMMAND_WORDS = frozenset(
    """
    timer timers alarm alarms reminder reminders remind minute minutes second seconds hour hours
    weather forecast temperature degrees raining rain snow snowing sunny umbrella windy
    calendar schedule appointment appointments meeting meetings event events tomorrow today
    tonight yesterday morning afternoon evening night weekend week month
    monday tuesday wednesday thursday friday saturday sunday
    january february march april june july august september october november december
    shopping grocery groceries list lists todo
    light lights lamp lamps thermostat heating kitchen bedroom bathroom living garage garden
    hallway office vacuum blinds curtains television music volume brightness coffee machine
    door lock unlock locked turn switch dim brighter darker cancel delete remove clear
    add set change move what's what where when which how please remember forget
    search define spell convert calculate notify summarize joke
    """.split()
)
"""The words a command turns on: a near miss of one of these is read as it."""

_WORD = lazy_pattern(r"[A-Za-z][A-Za-z']*")
_TURN_OF = lazy_pattern(
    r"\b(turn|switch|shut)\s+of\b(?=\s+(?:(?:the|my)\s+(?!(?:century|year|decade|month|week|day|tide"
    r"|page|events?)\b)|all|every|it|that|them|everything|\w+\s+lights?\b))",
    re.IGNORECASE,
)
_QUOTED = lazy_pattern(r"(?P<q>\"[^\"]*\"|“[^”]*”)|[^\"“]+|.")
"""A request in parts: a quoted word is asked about as written ('is "rescind" a word')."""
_COMMON = 300
"""100 x the Zipf frequency from which a word is a word as typed ("minuet" is not)."""


@functools.cache
def _deletes() -> dict[str, frozenset[str]]:
    """Each string one or two deletions from a command word -> the command words it comes from."""
    found: dict[str, set[str]] = {}
    for word in COMMAND_WORDS:
        if len(word) < 4:
            continue  # "set", "add": a slip of one is too often another word
        for variant in _variants(word, 2 if len(word) >= 7 else 1):
            found.setdefault(variant, set()).add(word)
    return {k: frozenset(v) for k, v in found.items()}


def _variants(word: str, depth: int) -> set[str]:
    out = {word}
    frontier = {word}
    for _ in range(depth):
        frontier = {w[:i] + w[i + 1 :] for w in frontier for i in range(len(w))}
        out |= frontier
    return out


def _distance(a: str, b: str) -> int:
    """Damerau-Levenshtein distance (adjacent transpositions count one)."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


@functools.cache
def _known() -> tuple[dict[str, int], Sequence[int]]:
    from agent_system.routing._model import _load_vectors
    from agent_system.routing._vectors import DEFAULT_VECTORS_PATH

    vectors = _load_vectors(DEFAULT_VECTORS_PATH, 1e-3)  # the router's own copy
    return vectors.index, vectors.zipf


def _common(word: str) -> bool:
    index, zipf = _known()
    at = index.get(word)
    return at is not None and zipf[at] >= _COMMON


@functools.lru_cache(maxsize=4096)
def _respell(word: str) -> str:
    """The command word `word` (lower case) is a slip of, or `word` itself."""
    if len(word) < 5 or word in COMMAND_WORDS or _common(word):  # "dooa" (Doha) is no "door"
        return word
    stem = word.removesuffix("s")
    if stem != word and (stem in COMMAND_WORDS or _common(stem)):
        return word  # "hows", "whats", "lyons": a word with its "s" (or "'s") typed plainly
    depth = 2 if len(word) >= 8 else 1
    near = {
        c
        for v in _variants(word, depth)
        for c in _deletes().get(v, ())
        if c[0] == word[0] and c not in word  # a slip keeps the first letter; "reschedule"
    }
    scored = sorted((_distance(word, c), c) for c in near)
    scored = [(d, c) for d, c in scored if d <= depth]
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return word  # none, or two as near: leave it
    return scored[0][1]


def respelled(text: str) -> str:
    """`text` with typing slips of command words corrected (see the module docstring)."""
    text = _TURN_OF.sub(r"\1 off", text)

    def one(match: re.Match[str]) -> str:
        typed = match[0]
        if typed[0].isupper() or "'" in typed:  # a name, or "what's": as typed
            return typed
        fixed = _respell(typed.lower())
        return typed if fixed == typed.lower() else fixed

    return _QUOTED.sub(lambda part: part[0] if part["q"] else _WORD.sub(one, part[0]), text)
