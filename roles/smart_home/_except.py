"""Leaving something out: "turn off all the lights except the kitchen".

People say what to leave out after what to change: "everything except the fridge", "all the
lights but the bedroom one", "every light apart from the hallway and the porch", "the lights
other than the kitchen one", "all lights but not the lamp", "turn off the lights but leave the
kitchen on". `leaving_out` takes the exclusion off the request (the rest is understood as usual)
and the tools get it as `exclude`: of the devices the request names, those that match it (by
name, alias, area or kind) are left as they are (`left_out`), and an exclusion that matches none
of them gets one plain sentence, nothing changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent_system._lazy import lazy_pattern
from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.understanding._format import said_together
from roles.smart_home.backend import Device, match_devices
from roles.smart_home.home import Layout

__all__ = ["EXCLUDING", "Exclusion", "leaving_out", "left_as_they_were", "left_out"]

EXCLUDING = ("smart_home.turn_on", "smart_home.turn_off", "smart_home.set_brightness",
             "smart_home.set_color")  # fmt: skip
"""The tools that take `exclude`: switching, brightness and colour."""

_ALL = r"\b(?:all|every|everything|everywhere|each|whole|entire)\b"
_KEYWORD = (
    r"(?:except(?: for)?|excepting|excluding|other than|apart from|aside from|save for|besides|"
    r"but not|not including|minus|but(?= (?:the|my|our|for)\b)|"
    r"but (?:leave|keep)(?=\s.+\s(?:on|off|alone|as (?:it is|they are|is))"
    r"(?:\s+(?:please|now|thanks))*$))"
)
"""Words that open what to leave out; a bare "but" only before "the"/"my"/"our" (and only
after "all"/"every", checked below), "but leave/keep X on" with its state after it."""
_EXCLUSION = lazy_pattern(
    rf"^(?P<head>.+?),?\s+{_KEYWORD}\s+(?P<left>.+?)"
    r"(?P<tail>\s+(?:(?:on|off|alone|as (?:it is|they are|is))(?:\s+(?:please|now|thanks))*"
    r"(?=$|\s+to\b)|to\s+\S.*|(?:please|now|thanks)$))?\s*$",
    re.I,
)
_JOIN = lazy_pattern(r"\s*(?:,\s*(?:and\s+)?|\band\b|&|\bor\b|\bnor\b)\s*", re.I)
_ARTICLE = lazy_pattern(
    r"^(?:(?:the|my|our|this|that|those|these|one|ones|in|of|on|lights?|lamps?)\s+)+", re.I
)
_ONE = lazy_pattern(r"\s+(?:ones?|one in|room|area)$", re.I)
_NOT_A_THING = lazy_pattern(r"^(?:too|so|very|really|quite|as|if|when|then|it|that|make|do)\b")
_VERB = lazy_pattern(
    r"^(?:turn|switch|put|set|make|dim|brighten|change|power|shut|kill|light|get)\b", re.I
)
_STATE_LAST = lazy_pattern(r"\s+(?:on|off)$")


@dataclass(frozen=True)
class Exclusion:
    """A request without what it leaves out, and what it leaves out ("kitchen", "porch")."""

    rest: str
    left: tuple[str, ...]


def leaving_out(text: str) -> Exclusion | None:
    """The exclusion said in `text`, or None.

    "turn off all the lights except the kitchen" -> ("turn off all the lights", ("kitchen",));
    "all the lights but the bedroom one off" -> ("turn all the lights off", ("bedroom",)).
    """
    said = _EXCLUSION.match(text.strip().rstrip("?!. "))
    if said is None:
        return None
    head, keyword_and_left = said["head"], text[said.end("head") : said.start("left")]
    if re.search(r"\bbut\b", keyword_and_left, re.I) and not re.search(
        r"\bbut (?:not|leave|keep)\b", keyword_and_left, re.I
    ):
        if not re.search(_ALL, head, re.I):  # "turn on the lights but the ..." is no exclusion
            return None
    items = [_item(p) for p in _JOIN.split(said["left"]) if p.strip()]
    if not items or any(not item or _NOT_A_THING.match(item) for item in items):
        return None
    tail = (said["tail"] or "").strip()
    if re.match(r"(?:alone|as )", tail, re.I):
        tail = ""
    if re.search(r"\b(?:leave|keep)\b", keyword_and_left, re.I):
        kept = re.match(r"(?:on|off)\b", tail, re.I)
        tail = tail[kept.end() :].strip() if kept else tail  # "leave the kitchen on": its state
    rest = f"{head} {tail}".strip()
    if not _VERB.match(rest) and _STATE_LAST.search(rest):
        rest = f"turn {rest}"  # "all the lights but the bedroom one off": a command
    return Exclusion(rest, tuple(items))


def _item(said: str) -> str:
    """What one excluded part names: "the bedroom one" -> "bedroom"."""
    item = _ARTICLE.sub("", said.strip().lower())
    return _ONE.sub("", item).strip()


def left_out(
    found: Sequence[Device], exclude: str | None, layout: Layout | None = None
) -> tuple[list[Device], list[Device]]:
    """(the devices to change, the ones left as they are) for `exclude` ("kitchen, porch").

    Each part must match one of `found`, by name, alias, area or kind (an area or floor of
    `layout` by its name or alias: "the hall"); when one matches none, or nothing is left to
    change, one plain sentence is raised and nothing is changed.
    """
    if not exclude or not exclude.strip():
        return list(found), []
    kept, left = list(found), []
    for part in (p for p in _JOIN.split(exclude) if p.strip()):
        out = _matching(list(found), part.strip(), layout or Layout())
        if not out:
            names = _listed([d.name for d in found])
            raise ToolExecutionError(
                f"I couldn't find {part.strip()!r} among {names}; nothing was changed.",
                details={"exclude": part, "devices": [d.id for d in found]},
                code=ErrorCode.NEEDS_INPUT,
            )
        left += [d for d in out if d not in left]
        kept = [d for d in kept if d not in out]
    if not kept:
        raise ToolExecutionError(
            f"That leaves nothing to change ({_listed([d.name for d in left])} left as "
            f"{'they are' if len(left) > 1 else 'it is'}); nothing was changed.",
            details={"exclude": exclude},
            code=ErrorCode.NEEDS_INPUT,
        )
    return kept, left


def _matching(found: list[Device], part: str, layout: Layout) -> list[Device]:
    """Those of `found` that `part` names: an area or floor of the home, else by name."""
    if (area := layout.area(part)) is not None:
        return match_devices(found, "", area.name)
    if (floor := layout.floor(part)) is not None:
        return match_devices(found, "", None, floor.name)
    return match_devices(found, part)


def _listed(names: list[str]) -> str:
    return said_together(names)


def left_as_they_were(left: Sequence[Device]) -> str:
    """The sentence a reply ends with: "Kitchen light left as it was."."""
    if not left:
        return ""
    verb = "were" if len(left) > 1 else "was"
    pronoun = "they" if len(left) > 1 else "it"
    return f" {_listed([d.name for d in left])} left as {pronoun} {verb}."
