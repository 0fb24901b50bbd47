"""Tool selection: rank a registry's tools for a request (BM25 over names, descriptions, params)."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any

from agent_system.registry.spec import ToolSpec

__all__ = ["ToolIndex", "tokenize"]

_TOKEN = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "a an the of to in on for and or is are be what me my i you it at with by from this that "
    "please can could would will should do does how get".split()
)


def tokenize(text: str) -> list[str]:
    """Lower-case word tokens, camelCase and snake_case split, stop words dropped."""
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text).lower()
    tokens = [t for t in _TOKEN.findall(text.replace("_", " ")) if t not in _STOP]
    return [t[:-1] if len(t) > 3 and t.endswith("s") and not t.endswith("ss") else t for t in tokens]


def _tool_text(spec: ToolSpec) -> list[str]:
    parts: list[str] = [spec.name, spec.name, spec.description, *spec.tags, *spec.examples]
    props: dict[str, Any] = spec.parameters.get("properties", {})
    for pname, pschema in props.items():
        parts.append(pname)
        if isinstance(pschema, dict):
            parts.append(str(pschema.get("description", "")))
    return tokenize(" ".join(parts))


class ToolIndex:
    """An Okapi BM25 index over tools."""

    def __init__(self, tools: list[ToolSpec], k1: float = 1.2, b: float = 0.75) -> None:
        self.tools = tools
        self.k1, self.b = k1, b
        self.docs = [Counter(_tool_text(t)) for t in tools]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        df: Counter[str] = Counter()
        for doc in self.docs:
            df.update(doc.keys())
        n = len(tools)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self.postings: dict[str, list[int]] = {}
        for i, doc in enumerate(self.docs):
            for term in doc:
                self.postings.setdefault(term, []).append(i)

    def search(self, text: str, k: int) -> list[tuple[ToolSpec, float]]:
        """Best `k` tools for `text` with their BM25 scores; zero scores are dropped."""
        scores: dict[int, float] = {}
        for term in set(tokenize(text)):
            idf = self.idf.get(term)
            if idf is None:
                continue
            for i in self.postings[term]:
                tf = self.docs[i][term]
                norm = tf * (self.k1 + 1) / (
                    tf + self.k1 * (1 - self.b + self.b * self.lengths[i] / self.avg)
                )
                scores[i] = scores.get(i, 0.0) + idf * norm
        best = sorted(scores.items(), key=lambda kv: (-kv[1], self.tools[kv[0]].name))[:k]
        return [(self.tools[i], score) for i, score in best]
