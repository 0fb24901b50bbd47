"""The search role: "search the web for X", "find X in my notes", "define BM25"."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import Clarification, RoleCall
from agent_system.understanding import normalize
from agent_system.understanding._gate import StageGate
from roles.search._define import defined_term
from roles.search._facts import claim
from roles.search._follow import followed, previous_search
from roles.search._leads import announced, unhedged
from roles.search._unsure import unsure_search
from roles.search._words import word_asked

if TYPE_CHECKING:
    from agent_system.routing.models import Turn
    from agent_system.runtime import Runtime

__all__ = ["ROLE", "SearchRole"]

_WAKE = lazy_pattern(
    r"^(?:(?:hey|hi|ok|okay)\s+)?(?:olly|alexa|siri)\b[\s,]*"
    r"|^(?:(?:can|could)\s+you\s+)?(?:please\s+)?(?:(?:show|find|get|give|tell)\s+me"
    r"|(?:can|may)\s+i\s+(?:get|have|know)|i\s+(?:need|want)(?:\s+to\s+(?:get|know))?|look\s+up)"
    r"\s+(?=(?:the\s+|a\s+)?(?:definition|meaning)\b)",
    re.I,
)
_DEFINE = lazy_pattern(
    r"^(?:please\s+)?(?:define|(?:the\s+|a\s+)?(?:dictionary\s+)?(?:definition|meaning)\s+"
    r"(?:of|for|to)(?:\s+the\s+word)?|whats? (?:is )?the (?:meaning|definition)"
    r" of|what(?:'s| is) the (?:meaning|definition)"
    r" of)\s+(?P<term>.+)$|^what does\s+(?P<term2>.+?)\s+(?:mean|stand for)$"
    r"|^what do (?:you|they|people|we) mean by\s+(?P<term4>.+)$"
    r"|^(?:(?:can|could) you\s+)?(?:tell me|i want to know|i need to know|do you know|explain)\s+"
    r"what\s+(?:the word\s+)?(?P<term5>.+?)\s+means$"
    r"|^what(?:'s| is| are)\s+(?:an?\s+)?(?!(?:the|inside|in|at|on|under|behind|beyond)\s)"
    r"(?!.*\b(?:known|famous)\s+for$)"
    r"(?!.*\b(?:doing|up\s+to|working\s+on|facts?|trivia)\b)"
    r"(?P<term3>[\w\-. ]{1,40})$",
    re.I,
)
_TERM_NOISE = lazy_pattern(
    r"^(?:meant\s+by\s+)?(?:the\s+(?:word|term|phrase|acronym|abbreviation|expression)\s+)?"
    r"|\s+(?:for\s+me|please|defined\s+as)$",
    re.I,
)
"""Words around the term ("what is meant by the term X", "what does the acronym X stand for",
"what is X defined as")."""
_DESCRIBE = lazy_pattern(
    r"^(?:(?:how\s+(?:would|do)\s+you|(?:can|could)\s+you|please)\s+)?(?:describe(?:\s+to\s+me)?"
    r"|(?:give|get|show|find|tell)(?:\s+me)?\s+(?:a\s+|the\s+)?(?:short\s+|brief\s+)?description\s+"
    r"(?:of|about|for))\s+(?P<thing>.+?)(?:\s+(?:to|for)\s+me)?(?:\s+please)?$",
    re.I,
)
_DOCS = lazy_pattern(r"\b(?:my|our|the local)\s+(?:documents?|docs|notes|files|folder)\b", re.I)
_LEAD = lazy_pattern(
    r"^(?:please\s+)?(?:can you\s+|could you\s+)?(?:search|look\s*up|google|find\s+out|find me|"
    r"get me|show me|find|lookup|look for)\b\s*(?:(?:on|in)\s+)?(?:the\s+)?"
    r"(?:web|internet|online)?\s*"
    r"(?:for|about|on|up)?\s*(?:some\s+)?(?:information|info|results|anything)?\s*"
    r"(?:about|on|for)?\s*",
    re.I,
)
_TRAIL = lazy_pattern(
    r"\s*(?:in|on|from|across|through)\s+(?:my|our|the)\s+(?:documents?|docs|notes|files|"
    r"folder|web|internet)\b.*$|\s+(?:online|on the web|on the internet)$",
    re.I,
)
_AND = lazy_pattern(r"^(?:and|also)\s+(?=\S)", re.I)


def _query(text: str) -> str:
    query = _TRAIL.sub("", _LEAD.sub("", text.strip().rstrip("?!. "))).strip()
    query = re.sub(
        r"^(?:(?:in|from|through)\s+)?(?:my|our)\s+(?:documents?|docs|notes|files)\s+"
        r"(?:for|about)?\s*(?:the\s+)?",
        "",
        query,
        flags=re.I,
    )
    return query.strip(" \"'")


class SearchRole:
    """Web search, local document search and definitions, with citations."""

    name = "search"
    tool_modules = ("roles.search.tools",)
    routing_hint = (
        "definitions, fun facts, explicit 'look up'/'search' requests, the user's documents"
    )
    description = (
        "Search the web (SearxNG) or the user's local notes and documents, and define terms; "
        "answers cite their sources."
    )
    examples = (
        "search the web for langgraph checkpointers",
        "google the population of Iceland",
        "look up the history of the Eiffel Tower online",
        "search for rust async runtimes",
        "find information about solar panels",
        "search my notes for the project deadline",
        "find the meeting notes about the budget in my documents",
        "what do my notes say about onboarding",
        "search my documents for vacation policy",
        "look up BM25 in my notes",
        "define serendipity",
        "what does idempotent mean",
        "definition of photosynthesis",
        "what is the meaning of ubiquitous",
        "what is BM25",
        "what's a monad",
        "search the internet for the best hiking trails in Utah",
        "look up the latest python release",
        "find articles about quantum computing",
        "search my files for the wifi password",
        "search for the best pizza dough recipe",
        "look up flights to Lisbon",
        "who wrote Dune",
        "when was the Eiffel Tower built",
        "how tall is Mount Everest",
        "what is the capital of Australia",
        "where was Marie Curie born",
        "how many moons does Jupiter have",
    )

    def interpret(
        self, text: str, slots: dict[str, Any], runtime: Runtime, history: list[Turn]
    ) -> RoleCall | Clarification:
        """search.define for "define X", search.documents for "my notes", else search.web."""
        stripped = unhedged(announced(_WAKE.sub("", text.strip().rstrip("?!. "), count=1)))
        if (
            history
            and history[-1].role == "search"
            and (asked := self._followed(stripped, runtime, history))
        ):
            return asked
        stripped = _AND.sub("", stripped)  # "and what does ephemeral mean": asked anew
        if word_asked(normalize(stripped)):
            # "what's another word for happy", "how do you pronounce quinoa": no definition
            return RoleCall("search.web", {"query": stripped})
        if not _DOCS.search(stripped) and (term := defined_term(stripped)):
            # "let's hear the definition of iridium", "what is break a leg mean"
            return RoleCall("search.define", {"term": term})
        if not _DOCS.search(stripped) and (match := _DEFINE.match(stripped)):
            term = (
                match.group("term")
                or match.group("term2")
                or match.group("term3")
                or match.group("term4")
                or match.group("term5")
            )
            term = _TERM_NOISE.sub("", term.strip(" \"'"))  # "the word quixotic for me"
            if re.match(r"(?:my|your|our|this|that|these|those)\b", term, re.I):  # "my dream"
                return RoleCall("search.web", {"query": stripped})
            return RoleCall("search.define", {"term": term.strip(" \"'")})
        if described := _DESCRIBE.match(stripped):  # "describe a giraffe to me"
            return RoleCall("search.web", {"query": described["thing"].strip(" \"'")})
        query = _query(stripped)
        if re.search(r"\bwhat do my (?:notes|documents|docs|files) say about\b", stripped, re.I):
            query = re.split(r"\babout\b", stripped, maxsplit=1, flags=re.I)[1].strip()
        if not query:
            return Clarification("What should I search for?", ("query",))
        if _DOCS.search(stripped):
            return RoleCall("search.documents", {"query": query})
        # Everything else is a web question ("who wrote Dune", "search for pizza dough");
        # search.web answers from the local documents when no web search is configured.
        return RoleCall("search.web", {"query": query})

    def _followed(self, said: str, runtime: Runtime, history: list[Turn]) -> RoleCall | None:
        """What a follow-up of the last turn's search asks ("what about paris?")."""
        previous = previous_search(history)
        if previous is None:  # a search that found nothing: what its words asked, in its thread
            read = self.interpret(history[-1].text, {}, runtime, history[:-1])
            previous = (read.tool, read.arguments) if isinstance(read, RoleCall) else None
        return followed(said, *previous) if previous else None

    def route_stage(self, runtime: Runtime) -> Any:
        """Claim factual questions and definitions before the classifier ("who wrote Dune")."""
        return GATE.wrap(claim)

    def route_unsure(self, runtime: Runtime) -> Any:
        """A second look at an unsure decision: search when the classifier ranks search first.

        "obama's birthday", "what is dna" (only with `Settings.search_when_unsure`: off by
        default, see docs/routing.md); a search guess about "my" things is planned.
        """
        return functools.partial(unsure_search, lead=runtime.settings.search_when_unsure)


GATE = StageGate.of(
    "search",
    r"what|who|whom|whose|how|when|where|why|which|define|defin|defen|deffin|meaning|mean|meen"
    r"|tell|search"
    r"|look|google|find|fin\b|info|wiki|is\b|are\b|was\b|were\b|did\b|does\b|do\b|has\b"
    r"|have\b|had\b|can\b|could\b|would\b|will\b|should\b|descri|trivia|fact|expla|know"
    r"|give|say|show|bio|\w+est\b|origin|use\b|list\b|hear|learn|background|history"
    r"|population|height|age\b|capital|spell|synonym|antonym|word\b|currency|born|example"
    r"|difference|name\b|sentence|teach|rhyme|words?\b|about\b|compare|versus|vs\b"
    r"|president|who's|what's|where's|how's|when's|detail|summar|overview|rundown|brief\b"
    r"|wonder|curious|area\b|size\b|length|width|depth|weight|diameter|elevation|altitude"
    r"|birth|net worth|nationality|gdp\b|founder|inventor|author|biograph|lifespan|times\b"
    r"|most\b|story|backstory|minister|ceo\b|king\b|queen\b|pope\b|mayor|governor|chancellor"
    r"|emperor|leader|coach|captain|owner|creator|director|number\b|percent|something\b",
)
"""The words without which `claim` cannot claim a request; a follow-up or an answer to
the role's question is asked anyway (agent_system/understanding/_gate.py)."""


ROLE = SearchRole()
