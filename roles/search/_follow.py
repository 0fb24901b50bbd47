"""A search follow-up read against the search the turn before asked.

- the same question of another thing: "how big is london" ... "what about paris?" asks "how big
  is paris"; "who is the president of france" ... "and germany?" asks "who is the president of
  germany"; "define serendipity" ... "and what about ephemeral?" defines "ephemeral";
- the same search elsewhere: "best pizza in rome" ... "and in boston?";
- a question about the thing asked about before, named by a pronoun: "who wrote dune" ... "who
  directed it?" asks "who directed dune"; "what does serendipity mean" ... "what does this
  mean?" defines "serendipity" again.

The search before is the tool call the last turn ran (its tool and arguments), so a follow-up of
a follow-up goes on from what was searched last, not from its words.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from agent_system._lazy import lazy_pattern
from agent_system.roles import RoleCall
from agent_system.understanding import normalize
from agent_system.understanding._clauses import opens_request
from agent_system.understanding._labels import only_when

if TYPE_CHECKING:
    from agent_system.routing.models import Turn

__all__ = ["followed", "followed_question", "previous_search", "subject_of"]

_MARKED = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|then|also)\s+)*(?:(?:what|how)\s+about|what\s+of|same\s+for)\s+"
    r"(?P<rest>.+)$|^(?:and|also)\s+(?P<bare>.+)$",
    re.I,
)
_ASKS_AGAIN = lazy_pattern(
    r"^(?:who|what|when|where|which|why|how)\b|^(?:is|are|was|were|did|does|do|can|has|have)\s",
    re.I,
)
"""A follow-up that is a question of its own ("and who directed it?"), not a thing alone."""
_WORD_NOISE = lazy_pattern(r"^(?:the\s+)?(?:word|term|phrase|expression|acronym)\s+", re.I)
_PLACE_PREP = lazy_pattern(r"^(?P<prep>in|near|around|at|for|from|during|on)\s+\S", re.I)
_OF = lazy_pattern(r"\s(?:of|about|on|in)\s", re.I)
"""A thing named with its own "of" ("the prime minister of italy") stands for the whole phrase
asked about before ("the president of france"), not for what followed "of"."""
_PRONOUN = lazy_pattern(r"\b(?:it|this|that|he|she|him|they|them)\b", re.I)
_POINTING = lazy_pattern(
    r"^(?:(?:and|so|ok|okay|but)\s+)*(?:what\s+(?:does|do)\s+(?:it|this|that)\s+(?:mean|stand\s+"
    r"for)|what\s+is\s+(?:it|this|that)|(?:can\s+you\s+)?explain\s+(?:it|this|that)"
    r"|(?:define|spell)\s+(?:it|this|that)(?:\s+again)?)(?:\s+(?:again|please|then))*$",
    re.I,
)
"""Asking again of the word defined: "what does this mean", "explain that"."""
_ENDING = (
    r"(?:born|built|founded|invented|discovered|made|written|released|published|painted|signed|"
    r"created|designed|directed|located|filmed|held|launched|named|buried|found|formed|"
    r"opened|closed|die|died|start|started|end|ended|begin|began|happen|happened|have|has|"
    r"live|lived|weigh|mean|stand\s+for|come\s+from|look\s+like|eat|sink|sank|fall|fell|win|won|"
    r"become|became|get\s+married|retire|retired|play|played|do|make|cost|last|erupt|erupted)"
)
_FRAMES = (
    # "when was the eiffel tower built", "how many moons does jupiter have"
    lazy_pattern(
        r"^(?P<head>(?:(?:when|where|why|who|what|which)(?:\s+\w+)?|how(?:\s+\w+){0,2})\s+"
        r"(?:is|are|was|were|did|does|do|has|have)\s+)(?P<subject>.+?)"
        rf"(?P<tail>\s+{_ENDING}(?:\s+.+)?)$",
        re.I,
    ),
    # "who is the president of france", "population of peru", "facts about owls"
    lazy_pattern(r"^(?P<head>.+?\s(?:of|about|on|in)\s+)(?P<subject>.+)(?P<tail>)$", re.I),
    # "how big is london", "who is barack obama", "where is the taj mahal"
    lazy_pattern(
        r"^(?P<head>(?:(?:who|what|where|when)(?:\s+\w+)?|which\s+\w+|how\s+\w+(?:\s+\w+)?)\s+"
        r"(?:is|are|was|were)\s+)(?P<subject>.+)(?P<tail>)$",
        re.I,
    ),
    # "who wrote dune", "who painted the mona lisa"
    lazy_pattern(r"^(?P<head>who\s+\w+\s+)(?P<subject>.+)(?P<tail>)$", re.I),
)
"""Where the thing asked about sits in a question: the first frame that fits names it."""


def previous_search(history: list[Turn]) -> tuple[str, dict[str, Any]] | None:
    """The search the last turn ran: its tool and arguments, if it was a search."""
    if not history or history[-1].role != "search":
        return None
    for call in history[-1].calls:
        tool = str(call.get("tool", ""))
        arguments = call.get("arguments")
        if tool.startswith("search.") and isinstance(arguments, dict):
            return tool, arguments
    return None


def subject_of(question: str, of: bool = True) -> tuple[str, str, str] | None:
    """(the words before, the thing asked about, the words after) in `question`, else None.

    `of`: the thing may be what follows "of", "about", "on" or "in" ("the president of
    france": "france"); when False, it is the whole phrase ("the president of france").
    """
    for frame in _FRAMES:
        if frame is _FRAMES[1] and not of:
            continue
        if found := frame.match(question.strip()):
            subject = found["subject"].strip()
            if subject and not _PRONOUN.fullmatch(subject):
                return found["head"], subject, found["tail"]
    return None


def followed(said: str, tool: str, arguments: dict[str, Any]) -> RoleCall | None:
    """The search `said` asks after the search `tool` ran with `arguments`, else None.

    ``said`` is the request without its trailing punctuation.
    """
    if tool == "search.define":
        return _defined_again(said, str(arguments.get("term", "")))
    if tool not in ("search.web", "search.documents"):
        return None
    query = str(arguments.get("query", ""))
    if marked := _MARKED.match(said):
        rest = (marked["rest"] or marked["bare"]).strip()
        if not _ASKS_AGAIN.match(rest):
            if not _a_thing(rest) and not _PLACE_PREP.match(rest):
                return None  # "and set a timer for 5 minutes": a request of its own
            return RoleCall(tool, {"query": _elsewhere(query, rest) or _other(query, rest)})
        said = rest
    if _PRONOUN.search(said) and (parts := subject_of(query)):
        # "who directed it?" after "who wrote dune": the pronoun is the thing asked about
        return RoleCall(tool, {"query": _PRONOUN.sub(parts[1], said, count=1)})
    return None


def _defined_again(said: str, term: str) -> RoleCall | None:
    if not term:
        return None
    if _POINTING.match(said):
        return RoleCall("search.define", {"term": term})
    if marked := _MARKED.match(said):
        rest = _WORD_NOISE.sub("", (marked["rest"] or marked["bare"]).strip(" \"'"))
        if rest and not _ASKS_AGAIN.match(rest) and _a_thing(rest):
            return RoleCall("search.define", {"term": rest})
    return None


def _a_thing(words: str) -> bool:
    """`words` name a thing: at most five words, no request and no day of their own.

    "paris", "the statue of liberty"; not "turn off the lights" or "tomorrow".
    """
    return (
        0 < len(words.split()) <= 5
        and not opens_request(words)
        and not only_when(normalize(words))
        and not _PRONOUN.fullmatch(words)
    )


def followed_question(text: str, history: list[Turn]) -> str | None:
    """The question `text` asks as a follow-up of the last turn's search, else None.

    "what about paris?" after "how big is london": "how big is paris". A search that found
    nothing left no call: what its words asked, read in its own thread, stands for it.
    """
    if not history or history[-1].role != "search":
        return None
    previous = previous_search(history)
    if previous is None:
        before = followed_question(history[-1].text, history[:-1])
        previous = ("search.web", {"query": before or normalize(history[-1].text)})
    call = followed(normalize(text).rstrip("?!. "), *previous)
    if call is None:
        return None
    if call.tool == "search.define":
        return f"define {call.arguments['term']}"
    return str(call.arguments["query"])


def _elsewhere(query: str, rest: str) -> str | None:
    """The same search elsewhere: "best pizza in rome" ... "in boston"."""
    if not (where := _PLACE_PREP.match(rest)):
        return None
    before = re.sub(rf"\s+{where['prep']}\s+.+$", "", query, flags=re.I)
    return f"{before} {rest}".strip()


def _other(query: str, thing: str) -> str:
    """The question `query` asked, of `thing` instead ("how big is london", "paris")."""
    if parts := subject_of(query, of=not _OF.search(thing)):
        head, _, tail = parts
        return f"{head}{thing}{tail}".strip()
    return thing
