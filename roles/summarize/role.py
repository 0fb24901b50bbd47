"""The summarize role: summaries of text the user gives (``summarization.summarize``).

Offline the summary is extractive (the sentences that carry the most of the text); with an LLM
configured the same tool writes one. The text follows the command: "summarize: ...",
"tl;dr ...", "sum up this: ...", "give me the key points of ...".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.routing.models import RouteDecision, RouteRequest, RouteTarget

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["COMMAND", "ROLE", "SummarizeRole", "claim"]

COMMAND = lazy_pattern(
    r"^\s*(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?(?:summari[sz]e|sum\s+up"
    r"|tl;?\s*dr|condense|shorten|boil\s+(?:this|it)\s+down|briefly\s+summari[sz]e"
    r"|give\s+me\s+(?:a\s+|the\s+)?(?:short\s+|quick\s+|brief\s+)?(?:summary|gist|key\s+points"
    r"|key\s+takeaways|main\s+points|tl;?dr|bullet\s+points)"
    r"|what(?:'s|\s+is|\s+are)\s+the\s+(?:gist|key\s+points|main\s+points|key\s+takeaways)"
    r"|(?:write|make)\s+(?:me\s+)?(?:a\s+)?(?:short\s+|quick\s+|brief\s+)?summary)\b"
    r"(?:\s+(?:of|for))?(?:\s+(?:this|the\s+following|that|these\s+notes|this\s+text))?"
    r"(?:\s+(?:text|article|email|note|notes|in\s+bullet\s+points|as\s+bullet\s+points|briefly"
    r"|in\s+detail))*\s*[:\-]?\s*",
    re.IGNORECASE,
)
"""The command that opens a summarize request; the text to summarize follows it."""


def claim(request: RouteRequest) -> RouteDecision | None:
    """Claim a summarize command followed by its text, whatever the text says.

    The text may hold "and", commas, times or any role's words: they are the text, not requests.
    """
    found = COMMAND.match(request.text)
    if found is None or len(request.text[found.end() :].split()) < 4:
        return None
    return RouteDecision(
        target=RouteTarget.FAST_REPLY,
        role="summarize",
        confidence=0.95,
        slots={"whole": True},
        reason="A summarize command with the text to summarize.",
        scores={"summarize": 0.95},
    )


class SummarizeRole:
    """Summaries of text given in the request."""

    name = "summarize"
    description = "Summarize text the user gives: a brief summary, bullet points or a report."
    tool_role = True
    tool_modules = ("tools.summarization",)
    examples = (
        "summarize: the meeting moved to friday and the budget was approved",
        "summarize this text: our team shipped the new release and fixed twelve bugs",
        "tl;dr the council voted to extend the bike lanes along the river next spring",
        "sum up this: the package arrives tuesday, needs a signature, and costs 12 euros",
        "give me the key points of this email: the office closes early on friday",
        "summarize the following in bullet points: rent is due monday. the car needs service",
        "can you summarize this article for me: scientists found water on a distant moon",
        "make me a summary of these notes: call the bank, renew the passport, book flights",
    )

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim "summarize: <text>" before the classifier and the compound rules."""
        return claim

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """summarization.summarize on the text after the command."""
        match = COMMAND.match(text)
        body = text[match.end() :].strip() if match else ""
        if len(body.split()) < 4:
            return Clarification(
                "What should I summarize? Paste the text after 'summarize:'.", missing=("text",)
            )
        head = text[: match.end()] if match else ""
        arguments: dict[str, Any] = {"text": body}
        if re.search(r"bullet|key\s+points", head, re.IGNORECASE):
            arguments["format"] = "bullet_points"
        if re.search(r"in\s+detail|detailed", head, re.IGNORECASE):
            arguments["length"] = "detailed"
        return RoleCall("summarization.summarize", arguments)


ROLE = SummarizeRole()
