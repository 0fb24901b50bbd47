"""Pieces of a request that are no request of their own, for the embedded planner.

The splitter cuts at "and", commas and "then", so a sentence that is no compound can still come
out in pieces: "text robert and tell him winter is coming", "the check engine light is on and
i need a mechanic", "when my house burned down, so did my card". Acting on such a piece does
something nobody asked for (the weather for "tell him winter is coming", the lights for "the
check engine light is on"). The planner asks `not_a_request` about every clause before routing
it, and glues a lead-in to the clause it introduces (`glue_leads`):

- a message for someone else ("tell him ...", "ask her to ...", "let them know ..."): the
  content of a text or a call, not something asked of the assistant;
- a story clause ("when my house burned down", "because the heating broke", "since i moved"):
  it sets a scene, it asks nothing;
- a statement of state ("the light is on", "my engine light came on", "why the light is off"):
  it says how things are; a command says how they should be ("turn the light on");
- a lead-in ("in regards to my account, why is there a hold", "from here, ..."): a phrase with
  no verb that opens the clause after it, read together with that clause;
- a topic named apart ("the temperature of the ac, what is it at", "what is it at, the ac
  temperature"): a phrase with no verb beside a clause whose one "it"/"they"/"them" stands for
  it, read as one clause ("what is the temperature of the ac at") (`fold_topics`);
- "one for ..." after a request naming an alarm, a timer or a reminder ("set one alarm for 8am
  saturday and one for 9am sunday", "set two alarms, one at 12 pm and the next at 1 pm"): the
  same request again with the new time (`one_each`).

Such clauses are named in the plan as not done, so nothing is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import replace

from agent_system._lazy import lazy_pattern
from agent_system.understanding import Clause, opens_request

__all__ = ["fold_topics", "glue_leads", "not_a_request", "one_each"]

_MESSAGE = lazy_pattern(
    r"^(?:and\s+|then\s+|also\s+)?(?:(?:tell|ask|remind|inform|warn)\s+(?:him|her|them)\b|"
    r"let\s+(?:him|her|them)\s+know\b)",
    re.IGNORECASE,
)
_SUBJECT = (
    r"(?:i|i'm|im|i've|ive|my|we|we're|our|he|she|they|his|her|their|you|your|it|its|it's|"
    r"the|this|that|someone|somebody|everyone|everybody)"
)
_STORY = lazy_pattern(
    rf"^(?:so\s+)?(?:when|whenever|while|since|because|cause|cuz|although|though|as\s+soon\s+as|"
    rf"ever\s+since|now\s+that)\s+{_SUBJECT}\b",
    re.IGNORECASE,
)
_STATE = lazy_pattern(
    r"\b(?:is|are|was|were|has|have|had|been|be|came|comes|come|went|goes|gone|turned|turns|"
    r"stays?|stayed|got|gets|keeps?|kept|still|now|currently|just|already)\s+(?:on|off)"
    r"(?=\s*$|\s+(?:again|now|already|still|today|tonight|all|for|in|so|but|and|please)\b)",
    re.IGNORECASE,
)
_ORDER = lazy_pattern(  # "the plug should be turned off": how it should be is a command
    r"\b(?:should|must|needs?\s+to|has\s+to|have\s+to|to)\s+be\b", re.IGNORECASE
)
_ASKS = lazy_pattern(  # "when i get home can you order a pizza": the story leads to a request
    r"\b(?:can|could|would|will)\s+you\b|\bplease\b|\b(?:what|where|who|whom|which|how)\b|"
    r"\b(?:tell|remind|let|show|give)\s+me\b|\b(?:will|would|is|are|does|do)\b",
    re.IGNORECASE,
)
_COMMAND = lazy_pattern(
    r"\b(?:turn|turning|switch|switching|put|set|leave|keep|make|flip|shut|power|get)\b",
    re.IGNORECASE,
)
_WHY = lazy_pattern(r"\bwhy\b", re.IGNORECASE)
_LEAD = lazy_pattern(
    r"^(?:in\s+regards?\s+to|with\s+regards?\s+to|regarding|concerning|as\s+for|about|from|"
    r"according\s+to|in\s+terms\s+of|on\s+the\s+subject\s+of|re)\b",
    re.IGNORECASE,
)
_VERB = lazy_pattern(  # a lead-in has no verb of its own
    r"\b(?:is|are|was|were|am|be|been|do|does|did|have|has|had|can|could|will|would|should|"
    r"need|want|take|go|get|set|turn|tell|show|add|remind|check|play|make)\b",
    re.IGNORECASE,
)


def not_a_request(text: str) -> str | None:
    """Why the clause `text` asks nothing of the assistant ("a message for someone else", "a
    story", "a statement"), or None when it may be a request."""
    stripped = text.strip()
    if _MESSAGE.match(stripped):
        return "a message for someone else"
    if (story := _STORY.match(stripped)) and not _ASKS.search(stripped[story.end() :]):
        return "a story"
    if (
        _STATE.search(stripped)
        and not _COMMAND.search(stripped)
        and not _ORDER.search(stripped)
        and (_WHY.search(stripped) or not opens_request(stripped))
    ):
        return "a statement"
    return None


def glue_leads(clauses: list[Clause]) -> list[Clause]:
    """`clauses` with each lead-in ("in regards to my account") joined to the clause after
    it: "in regards to my account, why is there a hold" is one question."""
    out: list[Clause] = []
    lead: Clause | None = None
    for index, clause in enumerate(clauses):
        if lead is not None:
            clause = replace(clause, text=f"{lead.text}, {clause.text}", joined_by=lead.joined_by)
            lead = None
        if (
            _LEAD.match(clause.text.strip())
            and not _VERB.search(clause.text)
            and clause.condition is None
            and index + 1 < len(clauses)
        ):
            lead = clause
            continue
        out.append(clause)
    return out


_TOPIC_PRONOUN = lazy_pattern(r"\b(?:it|they|them)\b", re.IGNORECASE)


_TOPIC = lazy_pattern(r"^(?:the|my|your|our|this|that|these|those)\b(?!')", re.IGNORECASE)
_CLAUSE_WORD = lazy_pattern(  # a subject or a verb: a clause of its own, not a topic
    r"\b(?:i|you|we|he|she|they|got|gets|ate|came|went|broke|lost|left|fell|split|needs?|"
    r"has|have|had|been)\b|\w{3,}ed\b",
    re.IGNORECASE,
)


def _topic(text: str) -> bool:
    """A phrase with no verb that names a thing ("the temperature of the ac", "the tasks for
    today")."""
    words = text.split()
    return (
        0 < len(words) <= 7
        and _TOPIC.match(text.strip()) is not None
        and not _VERB.search(text)
        and not _CLAUSE_WORD.search(text)
    )


def fold_topics(clauses: list[Clause]) -> list[Clause]:
    """`clauses` with a topic named apart put in place of the one pronoun of the clause beside
    it (the next one first): "the tasks for today, what are they" -> "what are the tasks for
    today"."""
    out = list(clauses)
    index = 0
    while index < len(out):
        clause = out[index]
        if clause.condition is None and _topic(clause.text):
            for other in (index + 1, index - 1):
                if 0 <= other < len(out) and len(_TOPIC_PRONOUN.findall(out[other].text)) == 1:
                    target = out[other]
                    text = _TOPIC_PRONOUN.sub(clause.text.strip(), target.text, count=1)
                    joined = out[min(index, other)].joined_by
                    out[other] = replace(target, text=text, joined_by=joined)
                    del out[index]
                    break
            else:
                index += 1
            continue
        index += 1
    return out


_KIND = lazy_pattern(
    r"\b(?P<count>an?|one|two|three|four|both|\d+)?\s*(?P<kind>alarm|timer|reminder)s?\b", re.I
)
_ONE_MORE = lazy_pattern(
    r"^(?:and\s+)?(?:one|another|the\s+next|the\s+other|the\s+second|a\s+second|the\s+third)"
    r"(?:\s+one)?\s+(?P<rest>(?:for|at|on|in)\b.+)$",
    re.IGNORECASE,
)


def one_each(clauses: list[Clause]) -> list[Clause]:
    """`clauses` with "one for 9am sunday" after "set one alarm for 8am saturday" read as "set
    one alarm for 9am sunday"; a header that only counts them ("set two alarms") gives way to
    its items."""
    out: list[Clause] = []
    for clause in clauses:
        items = re.split(r"\s*,?\s+and\s+", clause.text.strip())
        matches = [_ONE_MORE.match(item) for item in items]
        before = out[-1] if out else None
        kind = _KIND.search(before.text) if before is not None else None
        if before is None or kind is None or not all(matches):
            out.append(clause)
            continue
        stem = before.text[: kind.start()].rstrip()
        counted = (kind["count"] or "").lower() not in ("", "a", "an", "one")
        noun = kind["kind"].lower()
        article = "an" if noun[0] in "aeiou" else "a"
        head = f"{stem} {article} {noun}" if counted else before.text[: kind.end()]
        if counted and not before.text[kind.end() :].strip():
            out.pop()  # "set two alarms": a header for the items after it
        unit = ""
        for match in matches:
            assert match is not None
            rest = match["rest"]
            said = _BARE_LENGTH.match(rest)
            if said is not None and said["unit"]:
                unit = said["unit"]  # "one for 5 minutes and one for 10": 10 minutes
            elif said is not None and unit and noun == "timer":
                rest = f"{rest} {unit}"
            out.append(replace(clause, text=f"{head} {rest}"))
    return out


_BARE_LENGTH = lazy_pattern(
    r"^for\s+\d+(?:\.\d+)?(?:\s+(?P<unit>seconds?|minutes?|hours?))?\s*$", re.IGNORECASE
)
