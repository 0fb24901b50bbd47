"""A role's first stage, skipped for a request none of its words reaches.

The embedded router asks every role's first stage (``route_stage``) before its classifier, and
most of them claim nothing for a given request: the timer's "set a timer for 10 minutes" runs
the search, calendar and lists stages for nothing. A role declares, beside its stage, the words
without which that stage cannot claim a request (`StageGate`: a compiled alternation searched in
the request's text lower-cased, with its apostrophes and spaces made plain, once per request);
a request whose text holds none of them, and whose thread has no earlier turn of that role (a
follow-up or an answer to its question may be a bare "9am" or "milk"), skips the stage. A
stage made of parts (the conversation role's: the clock, spelling, sums and conversions) puts a
gate before each part that has words of its own (`gated_parts`); a gate may read another form
of the text (the normalized request the part reads itself) and test it with any cheap function
of it, not only an alternation of words.

The words are the stage's own necessary words, and they are checked: with `CHECKING` on (the
test suite turns it on for every test, tests/conftest.py), a stage its gate turned away runs
anyway and a claim it makes is recorded in `MISSES` (the test fails), so every request any test
routes, and the fit rows of the evaluation sets (tests/routing/test_stage_gates.py), prove the
gate never changes a decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.understanding._memo import per_request

if TYPE_CHECKING:
    from agent_system.routing.models import RouteDecision, RouteRequest

__all__ = ["CHECKING", "MISSES", "StageGate", "gate_text", "gated_parts", "ungated"]

CHECKING = [False]
"""``CHECKING[0]``: run a stage its gate turned away anyway, and note in `MISSES` a claim it
makes (tests only: it costs what the gate saves)."""
MISSES: list[tuple[str, str]] = []
"""(the gate's `StageGate.label`, request text) of each claim a gate turned away while
`CHECKING`."""

_SPACES = lazy_pattern(r"\s+")


@per_request
def gate_text(text: str) -> str:
    """`text` as gates read it: lower case, curly apostrophes straight, single spaces."""
    return _SPACES.sub(" ", text.lower().replace("\u2019", "'").replace("\u2018", "'"))


Stage = Callable[["RouteRequest"], "RouteDecision | None"]


@dataclass(frozen=True)
class StageGate:
    """The words without which `role`'s first stage (or one `part` of it) cannot claim a
    request."""

    role: str
    passes: Callable[[str], object]
    """True (or a match) when the text `reads` gives holds the stage's words."""
    reads: Callable[[str], str] = gate_text
    """The form of the request's text `passes` reads (`gate_text`, or the form the stage
    itself reads first, such as the normalized request)."""
    follows: bool = True
    """An earlier turn of `role` on the thread admits every request (the stage reads the
    thread: a follow-up or an answer to its question may hold none of its words). False for a
    part that never reads the thread."""
    part: str = ""
    """The part of the role's first stage this gate stands before ("the clock"), if not the
    whole of it."""

    @classmethod
    def of(
        cls,
        role: str,
        *words: str,
        reads: Callable[[str], str] = gate_text,
        follows: bool = True,
        part: str = "",
    ) -> StageGate:
        """A gate over `words` (regular expressions, each searched as a whole word or phrase
        start: ``\\b`` before it)."""
        found = re.compile(r"\b(?:" + "|".join(words) + ")").search
        return cls(role, found, reads, follows, part)

    @property
    def label(self) -> str:
        """The role, and the part of its stage when the gate stands before one part."""
        return f"{self.role}: {self.part}" if self.part else self.role

    def admits(self, request: RouteRequest) -> bool:
        """True when the stage must be asked: its words are in the request, or the thread has
        an earlier turn of this role (when it `follows` the thread)."""
        if self.follows and any(turn.role == self.role for turn in request.history):
            return True
        return bool(self.passes(self.reads(request.text)))

    def wrap(self, stage: Stage) -> Stage:
        """`stage`, skipped for a request this gate turns away."""

        def gated(request: RouteRequest) -> RouteDecision | None:
            if self.admits(request):
                return stage(request)
            if CHECKING[0] and stage(request) is not None:
                MISSES.append((self.label, request.text))
            return None

        gated.gate = self  # type: ignore[attr-defined]
        gated.stage = stage  # type: ignore[attr-defined]
        return gated


def ungated(stage: Any) -> Any:
    """The stage under a gate (the stage itself when it has none)."""
    return getattr(stage, "stage", stage)


def gated_parts(stage: Any) -> tuple[Any, ...]:
    """The gated stages in `stage`: itself when it has a gate, else its gated ``parts`` (a
    first stage made of parts, each behind its own gate), else none."""
    if getattr(stage, "gate", None) is not None:
        return (stage,)
    return tuple(p for p in getattr(stage, "parts", ()) if getattr(p, "gate", None) is not None)
