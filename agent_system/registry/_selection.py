"""Tool selection: rank a registry's tools for a request, and offer none when none fits.

A lexical BM25F index (no model, no network, well under a millisecond per search for 1,000 tools):

- Fields with their own weights: the tool name (split on dots, underscores and camelCase) counts
  most, then tags and examples, the description, parameter names, and last the parameter
  descriptions and enum values.
- Tokens are lower-cased and stemmed by a light suffix stripper (``calculation``, ``calculates``,
  ``calculating`` all become ``calcul``); stop words are dropped; a few common synonyms expand
  the query at a lower weight (``film`` also looks for ``movie``).
- Compound requests (`choose_tools`, used by `ToolRegistry.search`): each clause (cut as the
  embedded router cuts it) brings the best tools of its role, read by the router's classifier,
  and of the runner-up role when the classifier is unsure, so "should I bring a coat and dim the
  lights" keeps a weather tool though no word of it names one.
- Relevance floor: a tool is only offered when the request shares enough *content* with it, so a
  request no tool fits yields nothing. The floor is measured with weights that do not depend on
  the registry's size (generic verbs like ``find`` or ``calculate`` count little), so it holds the
  same for a registry of 3 tools or of 1,000. See `docs/benchmarks_tools.md` for the numbers.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from agent_system._lazy import lazy_pattern
from agent_system.registry._actions import with_actions
from agent_system.registry.spec import ToolSpec

__all__ = [
    "DEFAULT_MIN_RELEVANCE",
    "FIELD_WEIGHTS",
    "ToolIndex",
    "choose_tools",
    "stem",
    "tokenize",
]

_TOKEN = lazy_pattern(r"[a-z0-9]+")
_CAMEL = lazy_pattern(r"([a-z0-9])([A-Z])")
_STOP = frozenset(
    """a an the of to in on for and or is are be been was were what which who whom whose me my
    i you your it its at with by from this that these those please can could would will should
    do does did how get gets into about as if then than there their them they we us our so
    also just some any all each per via use using used want need like tell let know""".split()
)
# Words that say little about *which* tool fits: they count for ranking but barely for the floor.
_GENERIC_WORDS = """calculate calculation compute find determine retrieve fetch provide give given
    return list show check specific specified based number value result information details data
    type option name default new make create set total amount time year day parameter required tool
    function particular certain current first second third two three one get want know"""
_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_SYNONYM_WORDS: dict[str, tuple[str, ...]] = {
    "film": ("movie",),
    "movie": ("film",),
    "buy": ("purchase",),
    "purchase": ("buy",),
    "price": ("cost",),
    "cost": ("price",),
    "song": ("music", "track"),
    "music": ("song",),
    "car": ("vehicle",),
    "vehicle": ("car",),
    "doctor": ("physician", "medical"),
    "weather": ("forecast", "temperature"),
    "forecast": ("weather",),
    "temperature": ("weather",),
    "search": ("find", "lookup"),
    "lookup": ("search",),
    "restaurant": ("food", "dining"),
    "hotel": ("accommodation", "room"),
    "flight": ("airline", "fly"),
    "fly": ("flight",),
    "book": ("reservation",),
    "reserve": ("book",),
    "distance": ("far",),
    "far": ("distance",),
    "speed": ("velocity",),
    "velocity": ("speed",),
    "stock": ("share",),
    "timer": ("countdown",),
    "reminder": ("alarm",),
    "email": ("mail",),
    "convert": ("conversion",),
    "translate": ("language",),
    "law": ("lawyer", "legal"),
    "lawyer": ("law", "attorney"),
    "attorney": ("lawyer",),
    "legal": ("law",),
    "when": ("date", "time"),
    "euro": ("currency",),
    "dollar": ("currency",),
    "usd": ("currency",),
    "eur": ("currency",),
    "yen": ("currency",),
    "pound": ("currency",),
    "money": ("currency",),
    **dict.fromkeys(_MONTHS, ("date",)),
    "today": ("date",),
    "tomorrow": ("date",),
    "yesterday": ("date",),
}

_SYNONYM_WEIGHT = 0.6
DEFAULT_MIN_RELEVANCE = 1.15
"""One content word of the tool's name (2.0) or one elsewhere plus a generic one (1.0 + 0.15)."""

FIELD_WEIGHTS: dict[str, float] = {
    "name": 3.0,
    "tags": 1.5,
    "examples": 1.0,
    "description": 1.0,
    "param_names": 1.0,
    "param_text": 0.4,
}
"""How much a term found in each field of a tool counts."""

_SUFFIXES = (
    ("ational", "ate"),
    ("ersions", "ert"),
    ("ersion", "ert"),
    ("ization", "ize"),
    ("ations", "ate"),
    ("ation", "ate"),
    ("ements", ""),
    ("ement", ""),
    ("ments", ""),
    ("ment", ""),
    ("ness", ""),
    ("ities", ""),
    ("ity", ""),
    ("ings", ""),
    ("ing", ""),
    ("ies", "i"),
    ("ied", "i"),
    ("ers", ""),
    ("er", ""),
    ("ors", ""),
    ("or", ""),
    ("ed", ""),
    ("es", ""),
    ("ly", ""),
    ("s", ""),
)


@functools.lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A light, deterministic English stemmer (one suffix, then a final ``e`` or double letter)."""
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, repl in _SUFFIXES:
        if suffix.startswith("ers") and len(word) < 9:
            continue
        if suffix in ("er", "ers") and word[: -len(suffix)].endswith(("y", "w")):
            break
        if word.endswith(suffix) and len(word) - len(suffix) + len(repl) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                break
            word = word[: len(word) - len(suffix)] + repl
            break
    if word.endswith("ate") and len(word) >= 8:
        word = word[:-3]
    elif word.endswith("at") and len(word) >= 7:
        word = word[:-2]
    elif len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    elif len(word) > 3 and word.endswith("y"):
        word = word[:-1] + "i"
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz":
        word = word[:-1]
    return word


_GENERIC = frozenset(stem(w) for w in _GENERIC_WORDS.split())
_SYNONYMS = {stem(k): tuple(stem(v) for v in vs) for k, vs in _SYNONYM_WORDS.items()}


def tokenize(text: str) -> list[str]:
    """Stemmed lower-case word tokens; camelCase, snake_case and dotted names are split."""
    text = _CAMEL.sub(r"\1 \2", text).lower()
    return [stem(t) for t in _TOKEN.findall(text) if t not in _STOP]


def _fields(spec: ToolSpec) -> dict[str, str]:
    names: list[str] = []
    texts: list[str] = []

    def walk(props: Any, depth: int) -> None:
        if not isinstance(props, dict) or depth > 2:
            return
        for pname, pschema in props.items():
            names.append(str(pname))
            if isinstance(pschema, dict):
                texts.append(str(pschema.get("description", "")))
                texts.extend(str(v) for v in pschema.get("enum", ()) if isinstance(v, str))
                walk(pschema.get("properties"), depth + 1)
                items = pschema.get("items")
                if isinstance(items, dict):
                    walk(items.get("properties"), depth + 1)

    walk(spec.parameters.get("properties"), 0)
    return {
        "name": spec.name,
        "tags": " ".join(spec.tags),
        "examples": " ".join(spec.examples),
        "description": spec.description,
        "param_names": " ".join(names),
        "param_text": " ".join(texts),
    }


@dataclass(frozen=True)
class _Query:
    terms: dict[str, float]  # term -> query weight (1.0, or less for synonyms)
    content: float  # total floor weight of the query's terms


def _floor_weight(term: str) -> float:
    if term.isdigit():
        return 0.0
    return 0.15 if term in _GENERIC else 1.0


class ToolIndex:
    """A BM25F index over tools with a relevance floor.

    Args:
        tools: The tools to index.
        k1: BM25 term-frequency saturation.
        b: BM25 length normalisation.
        min_relevance: Least content weight (distinct non-generic query terms found in the tool,
            name matches counting double) for a tool to be offered at all; 0 disables the floor.
    """

    def __init__(
        self,
        tools: Iterable[ToolSpec],
        k1: float = 1.2,
        b: float = 0.5,
        min_relevance: float = DEFAULT_MIN_RELEVANCE,
    ) -> None:
        self.tools = list(tools)
        self.k1, self.b, self.min_relevance = k1, b, min_relevance
        docs: list[dict[str, float]] = []
        names: list[frozenset[str]] = []
        for spec in self.tools:
            weighted: dict[str, float] = defaultdict(float)
            for field, text in _fields(spec).items():
                for term in tokenize(text):
                    weighted[term] += FIELD_WEIGHTS[field]
            docs.append(weighted)
            names.append(frozenset(tokenize(spec.name)))
        lengths = [sum(d.values()) for d in docs]
        avg = (sum(lengths) / len(lengths)) if lengths else 1.0
        df: dict[str, int] = defaultdict(int)
        for doc in docs:
            for term in doc:
                df[term] += 1
        n = len(docs)
        # Postings hold each term's BM25F impact per tool, so a search only adds numbers up.
        # (tool, impact, 2.0 when the term is in the tool's name else 1.0 for the floor)
        self.postings: dict[str, list[tuple[int, float, float]]] = defaultdict(list)
        for i, doc in enumerate(docs):
            norm = self.k1 * (1 - self.b + self.b * lengths[i] / avg)
            for term, tf in doc.items():
                idf = math.log(1 + (n - df[term] + 0.5) / (df[term] + 0.5))
                impact = idf * tf * (self.k1 + 1) / (tf + norm)
                self.postings[term].append((i, impact, 2.0 if term in names[i] else 1.0))

    def _query(self, text: str) -> _Query:
        terms: dict[str, float] = {}
        for term in tokenize(text):
            terms[term] = 1.0
        for term in list(terms):
            for synonym in _SYNONYMS.get(term, ()):
                terms.setdefault(synonym, _SYNONYM_WEIGHT)
        content = sum(_floor_weight(t) for t, w in terms.items() if w == 1.0)
        return _Query(terms, content)

    def relevance(self, text: str, spec: ToolSpec) -> float:
        """The floor measure of one tool for `text` (see `min_relevance`)."""
        index = self.tools.index(spec)
        query = self._query(text)
        return self._relevance(query, index)

    def _relevance(self, query: _Query, index: int) -> float:
        total = 0.0
        for term, qweight in query.terms.items():
            for i, _, bonus in self.postings.get(term, ()):
                if i == index:
                    total += qweight * _floor_weight(term) * bonus
        return total

    def search(self, text: str, k: int) -> list[tuple[ToolSpec, float]]:
        """The best `k` tools for `text`, best first, with scores; none below the floor."""
        query = self._query(text)
        scores: dict[int, float] = defaultdict(float)
        matched: dict[int, float] = defaultdict(float)
        for term, qweight in query.terms.items():
            postings = self.postings.get(term)
            if not postings:
                continue
            floor_weight = qweight * _floor_weight(term)
            for i, impact, bonus in postings:
                scores[i] += qweight * impact
                matched[i] += floor_weight * bonus
        floor = self.min_relevance
        tools = self.tools
        kept = [(-score, tools[i].name, i) for i, score in scores.items() if matched[i] >= floor]
        return [(tools[i], -neg) for neg, _, i in heapq.nsmallest(k, kept) if neg < 0]


def choose_tools(
    tools: Sequence[ToolSpec],
    search: Callable[[str, int], list[tuple[ToolSpec, float]]],
    text: str,
    k: int,
    classify: Callable[[str], Sequence[tuple[str, float]]] | None = None,
    *,
    clauses: Callable[[str], list[str]] | None = None,
    per_clause: int = 3,
    min_confidence: float = 0.05,
    runner_up_below: float = 0.9,
    indexes: dict[tuple[str, ...], ToolIndex] | None = None,
) -> list[str]:
    """The `k` tools to hand a planner for `text`: each clause's role tools, then lexical.

    `classify` (the embedded router's classifier: text -> its classes, most probable first, with
    their probabilities) reads each clause of the request (`clauses`, default `split_clauses`):
    "do i need pants" -> weather, a clause that shares no word with the weather tools. Each
    clause brings the best tools of its role (by their lexical score for that clause), and of
    the runner-up role too when the best is below `runner_up_below`; queues take turns, the
    first `per_clause` of each (with the best lexical match of the whole request after the
    first turn) before the lexical ranking of the whole request (`search`) fills the rest, so a
    compound request keeps a tool for each of its parts.
    `indexes` keeps each role's tool index between calls (keyed by its tools' names).
    """
    from agent_system.understanding import split_clauses

    lexical = [spec.name for spec, _ in search(text, k)]
    if classify is None or k < 2:
        return lexical[:k]
    by_domain: dict[str, list[ToolSpec]] = defaultdict(list)
    for spec in tools:
        by_domain[spec.domain].append(spec)
    pieces = (clauses(text) if clauses else [c.text for c in split_clauses(text)]) or [text]
    queues: list[list[str]] = []
    for clause in pieces:
        ranked_roles = [(r, p) for r, p in classify(clause) if r in by_domain]
        best = ranked_roles[0][1] if ranked_roles else 0.0
        wanted = ranked_roles[: 2 if best < runner_up_below else 1]
        for role, confidence in wanted:
            if confidence >= min_confidence:
                queues.append(_role_queue(by_domain[role], clause, indexes))
    chosen: dict[str, None] = {}
    for level in range(per_clause):
        for queue in queues:
            if level < len(queue):
                chosen.setdefault(queue[level], None)
        if level == 0 and lexical:  # the best lexical match, whatever its role, comes early
            chosen.setdefault(lexical[0], None)
    for name in lexical:
        chosen.setdefault(name, None)
    for level in range(per_clause, max((len(q) for q in queues), default=0)):
        for queue in queues:
            if level < len(queue):
                chosen.setdefault(queue[level], None)
    return list(chosen)[:k]


def _role_queue(
    candidates: list[ToolSpec], clause: str, indexes: dict[tuple[str, ...], ToolIndex] | None
) -> list[str]:
    """A role's tools, best for `clause` first (lexically; the rest in registry order)."""
    names = tuple(spec.name for spec in candidates)
    index = indexes.get(names) if indexes is not None else None
    if index is None:
        index = ToolIndex(candidates, min_relevance=0.0)
        if indexes is not None:
            indexes[names] = index
    ranked = [spec.name for spec, _ in index.search(with_actions(clause), len(candidates))]
    return ranked + [name for name in names if name not in ranked]
