"""The smart-home first stage of the embedded router: claim requests that name this home.

A request that names one of the home's devices, areas or floors (or a kind of device: "the
lights", "the blinds") together with a device verb or a state question goes to smart_home before
the classifier runs; so does a custom sentence from the home file. Requests that also speak of
timers, reminders, the weather or the calendar are left to the classifier (they may be compound).
It only looks words up (no template matching), so it costs a few microseconds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget
from roles.smart_home.backend import Device
from roles.smart_home.home import Layout
from roles.smart_home.simulated import CustomSentence

__all__ = ["HomeStage"]

_KINDS = (
    "light lights lamp lamps bulb bulbs blind blinds curtain curtains shade shades shutter "
    "shutters cover covers fan fans thermostat heating heater ac tv television speaker speakers "
    "lock locks door doors window windows garage gate gates valve valves sprinkler sprinklers "
    "irrigation vacuum roomba hoover mower lawnmower volume music media player sensor sensors "
    "humidity temperature switch switches plug plugs outlet socket scene things devices "
    "battery batteries smoke gas leak leaks motion occupancy carbon monoxide song track "
    "playlist album podcast"
).split()
_VERBS = (
    "turn switch open close shut lock unlock dim brighten set raise lower pause resume unpause "
    "play skip mute unmute water mow start stop dock activate run make put change increase "
    "decrease louder quieter softer boost lift darken illuminate light kill power enable disable "
    "return send activate illuminate skip next previous"
).split()
_QUESTION = re.compile(
    r"^(?:is|are|was|were|what|what's|whats|which|how|did|do|does|any|check|tell me)\b", re.I
)
_OTHER_ROLES = re.compile(
    r"\b(?:timers?|alarms?|remind(?:er|ers)?|weather|forecast|calendar|meeting|appointments?|"
    r"schedule|event|search|news|list|lists|note|notes)\b",
    re.I,
)


_MEDIA = re.compile(
    r"^(?:please\s+)?(?:play|pause|resume|unpause|skip|next|previous|mute|unmute|go back)\b"
)


_FOLLOW_UP = re.compile(r"^(?:and|what about|how about|also|then|same|now|it|that)\b")


def _norm(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


def _alternation(phrases: Iterable[str]) -> re.Pattern[str] | None:
    unique = sorted({_norm(p) for p in phrases if _norm(p)}, key=len, reverse=True)
    if not unique:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(p) for p in unique) + r")\b")


class HomeStage:
    """A router first stage: `stage(request)` is a smart_home decision or None."""

    def __init__(
        self,
        devices: list[Device],
        layout: Layout,
        sentences: list[CustomSentence] | None = None,
        *,
        confidence: float = 0.97,
    ) -> None:
        names = [n for d in devices for n in (d.name, *d.aliases)]
        places = [a.name for a in layout.areas] + [x for a in layout.areas for x in a.aliases]
        places += [f.name for f in layout.floors] + [x for f in layout.floors for x in f.aliases]
        places += ["upstairs", "downstairs", "everywhere", "house", "home"]
        self._targets = _alternation([*names, *places, *_KINDS])
        self._verbs = _alternation(_VERBS)
        self._custom: set[str] = set()
        for custom in sentences or []:
            from hassil import is_template, parse_sentence, sample_expression  # only when used

            for template in custom.sentences:
                if is_template(template):
                    expanded = sample_expression(parse_sentence(template).expression)
                    self._custom.update(
                        _norm(s) for _, s in zip(range(2000), expanded, strict=False)
                    )
                else:
                    self._custom.add(_norm(template))
        self.confidence = confidence
        self._media = any(d.kind == "media_player" for d in devices)

    def __call__(self, request: RouteRequest) -> RouteDecision | None:
        """Claim `request` for smart_home, or None to let the classifier decide."""
        text = _norm(request.text)
        if request.history and _FOLLOW_UP.match(text):
            return None  # "what about the bedroom?": the router's follow-up rules decide
        if text in self._custom:
            return self._decision("A custom sentence of this home.")
        if not text or _OTHER_ROLES.search(text) or self._targets is None:
            return None
        if self._media and _MEDIA.match(text):
            return self._decision("Controls what this home's media players play.")
        if not self._targets.search(text):
            return None
        if (self._verbs and self._verbs.search(text)) or _QUESTION.match(text):
            return self._decision("Names a device, room or kind of device of this home.")
        return None

    def _decision(self, reason: str) -> RouteDecision:
        return RouteDecision(
            target=RouteTarget.FAST_REPLY,
            role="smart_home",
            confidence=self.confidence,
            reason=reason,
            scores={"smart_home": self.confidence},
        )
