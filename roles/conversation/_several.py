"""Two or more small questions in one request: "what's 2+2 and what time is it".

The router hands a request whose clauses are all the conversation's to this role whole; its
offline reply answered only the first question it recognised and dropped the rest. Each clause
that has an answer of its own offline (the time, the date, a sum, a conversion, a spelling, a
joke, a coin) becomes a call of its own, answered in order. A request with any clause that has
no such answer, or that is only polite ("hello and how are you"), stays one message (the LLM,
when there is one, reads it whole).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall, RolePlan

if TYPE_CHECKING:
    from agent_system.runtime import Runtime

__all__ = ["several_asked"]

_ASKS = (
    r"what|what's|whats|how|tell|spell|who|when|which|is|flip|toss|roll|pick|convert|give|"
    r"can\s+you|could\s+you|do\s+you"
)
_JOIN = lazy_pattern(
    rf"\s*(?:[,;]\s*(?:and\s+|then\s+|also\s+)?|\band\s+(?:also\s+|then\s+)?|\bthen\s+|\balso\s+)"
    rf"(?=(?:{_ASKS})\b)",
    re.IGNORECASE,
)


_SOCIAL = frozenset(
    {"greeting", "thanks", "goodbye", "how_are_you", "praise", "here", "met", "seen", "back"}
)
"""Said to be polite, not asked: "hello and how are you" is answered as one."""


def _clauses(text: str) -> list[str]:
    return [p.strip(" ,.;?!") for p in _JOIN.split(text) if p.strip(" ,.;?!")]


def _call(clause: str, runtime: Runtime) -> RoleCall | None:
    """The call that answers `clause` alone offline, or None when nothing local answers it."""
    from roles.conversation.tools import offline_reply
    from tools._sums import work_out
    from tools._units import convert

    if convert(clause) is not None or work_out(clause) is not None:
        return RoleCall("calculator.calculate", {"expression": clause})
    intent, _ = offline_reply(clause, runtime)
    if intent is None or intent in _SOCIAL:
        return None
    return RoleCall("conversation.reply", {"message": clause, "history": []})


def several_asked(text: str, runtime: Runtime) -> RolePlan | None:
    """One call per clause of `text` when it asks two or more things each answered offline."""
    clauses = _clauses(text)
    if len(clauses) < 2:
        return None
    calls = [_call(clause, runtime) for clause in clauses]
    if any(call is None for call in calls):
        return None
    return RolePlan(tuple(call for call in calls if call is not None))
