"""A second opinion, offline, on a request the router is unsure of: the roles' own reading.

Below the plan threshold the embedded router sends a request to planning ("Unsure which role
fits (best lists, p=0.69)"), and with no LLM the embedded planner then plans nothing for it:
"I can't do that offline". `SecondOpinion` gives the best one or two candidate roles (tool
roles at least `FLOOR` likely, the best class a role, not ``other``) a chance to claim it by a
strict reading, not the lenient one that reads any sentence into a title or a search:

1. the role reads the request (its own ``interpret``, nothing runs) into one call of its own
   tools, not a question back;
2. the role is no reader of anything: it does not read every probe sentence about nothing
   ("the purple elephant sings quietly", "when is the purple elephant singing") into a call
   (web search, memory, the weather at home), and the call's tool is not one it reads such a
   sentence into (the calendar's list for any question with a "when");
3. it takes something from the request ("pause" alone, read as pausing no timer in
   particular, takes nothing), and every text it takes is a name, not a sentence: at most
   `MAX_WORDS` words ("remove eric name", "turn on the geyser"; not "i need to keep two toddlers
   busy tell me what to do" as a list item);
4. a call that changes something is never read from a question ("can you check that i have a
   reservation on friday" creates no event).

One claim serves the request; two ask which was meant ("Did you mean ...?"); none leaves it as
it was. The planner asks only when `Settings.offline_second_opinion` is on (off by default: on
the untouched CLINC150 slice it gave one more out-of-scope request a tool role, 25 of 2,404,
over the goal) and no LLM is configured, and only for a request of one clause
(a clause cut from a longer sentence, "add help!" of "add help! by the beatles to my playlist",
is no request of its own to read surely); docs/routing.md, "A second opinion in the unsure
band", has the measurements.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall, declaration, role_slots

if TYPE_CHECKING:
    from collections.abc import Mapping

    from agent_system.registry.spec import ToolSpec
    from agent_system.roles import Role
    from agent_system.routing.models import RouteDecision, Turn
    from agent_system.runtime import Runtime

__all__ = ["FLOOR", "MAX_WORDS", "SecondOpinion"]

FLOOR = 0.3
"""A candidate role is at least this likely (the router's calibrated probability)."""
MAX_WORDS = 4
"""The most words a text argument of a sure reading has: more is a sentence read as a name."""
OTHER = "other"
PROBES = (
    "the purple elephant sings quietly",
    "when is the purple elephant singing",
    "what is the purple elephant",
    "is the purple elephant big",
    "purple elephant please",
    "how many purple elephants are there",
    "do i have a purple elephant",
)
"""Sentences about nothing: what a role reads them into is no evidence of a request of its."""
_QUESTION = lazy_pattern(
    r"^(?:(?:hey|ok|okay|so|and|please|um|uh)\s+)*(?:what|what's|whats|when|where|who|whom|whose"
    r"|which|why|how|is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|am"
    r"|have|has|had|isn't|aren't|don't|doesn't)\b",
    re.IGNORECASE,
)


class SecondOpinion:
    """Which candidate roles claim a request the router was unsure of (see the module doc)."""

    def __init__(self, roles: Mapping[str, Role], runtime: Runtime) -> None:
        self.roles = roles
        self.runtime = runtime
        self._anything: dict[str, frozenset[str] | None] = {}
        """Role -> the tools it reads probe sentences into; None: it reads every probe."""

    def candidates(self, decision: RouteDecision) -> list[str]:
        """The best one or two tool roles of an unsure decision to planning, else []."""
        scores = decision.scores
        if decision.role is not None or decision.slots.get("parts") or not scores:
            return []
        ranked = sorted(scores, key=scores.__getitem__, reverse=True)
        if ranked[0] == OTHER:
            return []  # the router leans to no role at all
        roles = [
            name
            for name in ranked
            if name in self.roles and declaration(self.roles[name]).tool_role
        ]
        return [name for name in roles[:2] if scores[name] >= FLOOR]

    def claims(
        self,
        text: str,
        decision: RouteDecision,
        tools: Mapping[str, ToolSpec],
        history: list[Turn],
    ) -> list[str]:
        """The candidate roles whose strict reading claims `text` (0, 1 or 2 of them)."""
        return [
            name for name in self.candidates(decision) if self._claims(name, text, tools, history)
        ]

    def _claims(
        self, name: str, text: str, tools: Mapping[str, ToolSpec], history: list[Turn]
    ) -> bool:
        call = self._read(name, text, history)
        if call is None or call.tool.split(".")[0] != name:
            return False
        anything = self._reads_anything(name)
        if anything is None or call.tool in anything:
            return False
        if not any(v not in ("", None, [], {}) for v in call.arguments.values()):
            return False  # "pause", "resume the lord of the rings": it read nothing of them
        if any(len(v.split()) > MAX_WORDS for v in _texts(call.arguments)):
            return False
        spec = tools.get(call.tool)
        changes = spec is None or str(spec.side_effects) != "none"
        return not (changes and _QUESTION.match(text.strip()))

    def _read(self, name: str, text: str, history: list[Turn]) -> RoleCall | None:
        role = self.roles[name]
        try:
            choice = role.interpret(text, role_slots(role, text), self.runtime, history)
        except Exception:  # a role that cannot read it claims nothing
            return None
        if isinstance(choice, Clarification) or not isinstance(choice, RoleCall):
            return None  # a question back, or several calls: not one sure reading
        return choice

    def _reads_anything(self, name: str) -> frozenset[str] | None:
        if name not in self._anything:
            read = [self._read(name, probe, []) for probe in PROBES]
            found = frozenset(call.tool for call in read if call is not None)
            self._anything[name] = None if all(read) else found
        return self._anything[name]


def _texts(arguments: Mapping[str, Any]) -> list[str]:
    """The text values of a call's arguments (lists of text included)."""
    found: list[str] = []
    for value in arguments.values():
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            found.extend(v for v in value if isinstance(v, str))
    return found
