"""`ExampleMatcher`: routes roles the shipped classifier has no class for, from their examples.

Built when the roles load (no training step): every declared example of every role becomes a
vector of hashed word and character n-grams (the classifier's features) weighted by how rare
each n-gram is among the examples (IDF), and a request goes to the role of its nearest example
when that role is one the model lacks, the cosine similarity reaches `threshold`, and it leads
the nearest example of any other role by `margin`. Built-in roles' examples take part as
competitors, so "set a timer" stays nearest to the timer role.

How far to trust it is measured the same way, per role: every fourth example is held out, the
matcher is rebuilt from the rest, and each held-out example (and, left one out, every other
role's example) is routed. ``recall`` is the share of the role's held-out examples it gets;
``false_matches`` the other roles' examples it wrongly takes; ``confidence``, the confidence of
every decision for the role, is the held-out precision with one success and one failure added
((hits + 1) / (hits + false matches + 2)), so a role with few examples is never fully trusted.
"""

from __future__ import annotations

import functools
import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from agent_system.routing._features import featurize

__all__ = [
    "DEFAULT_MATCH_MARGIN",
    "DEFAULT_MATCH_THRESHOLD",
    "ExampleMatcher",
    "MatcherReport",
    "cached_matcher",
]

DEFAULT_MATCH_THRESHOLD = 0.3
"""Least cosine similarity to the nearest example for a match."""
DEFAULT_MATCH_MARGIN = 0.1
"""Least lead of that similarity over the nearest example of any other role."""
_BUCKETS = 2**18
_HOLDOUT_EVERY = 4


@dataclass(frozen=True)
class MatcherReport:
    """How well the matcher routes one role, measured on held-out examples."""

    role: str
    examples: int
    held_out: int
    hits: int
    """Held-out examples routed to the role."""
    negatives: int
    false_matches: int
    """Other roles' examples routed to this role."""

    @property
    def recall(self) -> float:
        """Share of the held-out examples routed to the role (0 when none is held out)."""
        return self.hits / self.held_out if self.held_out else 0.0

    @property
    def confidence(self) -> float:
        """Smoothed held-out precision: (hits + 1) / (hits + false matches + 2)."""
        return (self.hits + 1) / (self.hits + self.false_matches + 2)


@functools.lru_cache(maxsize=8192)
def _features(text: str) -> tuple[list[int], list[int]]:
    return featurize(text, _BUCKETS)


@functools.lru_cache(maxsize=16)
def cached_matcher(
    roles: tuple[tuple[str, tuple[str, ...]], ...],
    known: tuple[tuple[str, tuple[str, ...]], ...],
) -> ExampleMatcher:
    """The matcher for these examples, built once per process (building measures it)."""
    return ExampleMatcher(dict(roles), dict(known))


class _Index:
    """Nearest example by cosine similarity of IDF-weighted n-grams, over an inverted index."""

    def __init__(self, rows: Sequence[tuple[str, str]]) -> None:
        self.labels = [label for _, label in rows]
        self.texts = [text for text, _ in rows]
        features = [_features(text) for text in self.texts]
        counts: Counter[int] = Counter()
        for word_idx, char_idx in features:
            counts.update(set(word_idx) | set(char_idx))
        self._rows = len(rows)
        self._idf = {index: self._weight(n) for index, n in counts.items()}
        self.postings: dict[int, list[tuple[int, float]]] = defaultdict(list)
        for row, groups in enumerate(features):
            for index, value in self._vector(groups).items():
                self.postings[index].append((row, value))

    def _weight(self, count: int) -> float:
        return math.log((self._rows + 1) / (count + 1)) + 1.0

    def _vector(self, groups: tuple[list[int], list[int]]) -> dict[int, float]:
        vector: dict[int, float] = defaultdict(float)
        unseen = self._weight(0)
        for group in groups:
            if group:
                scale = 1.0 / math.sqrt(len(group))
                for index in group:
                    vector[index] += self._idf.get(index, unseen) * scale
        norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
        return {k: v / norm for k, v in vector.items()}

    def nearest(self, text: str, skip: int = -1) -> tuple[str, float, float] | None:
        """(label, similarity, margin over the best other label) of `text`'s nearest example
        (row `skip` left out)."""
        scores: dict[int, float] = defaultdict(float)
        for index, value in self._vector(_features(text)).items():
            for row, weight in self.postings.get(index, ()):
                scores[row] += value * weight
        scores.pop(skip, None)
        best: dict[str, float] = {}
        for row, score in scores.items():
            label = self.labels[row]
            if score > best.get(label, 0.0):
                best[label] = score
        if not best:
            return None
        ranked = sorted(best.items(), key=lambda kv: -kv[1])
        runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
        return ranked[0][0], ranked[0][1], ranked[0][1] - runner_up


class ExampleMatcher:
    """Nearest-example routing for `roles` (role -> examples) among `known` roles' examples."""

    def __init__(
        self,
        roles: Mapping[str, Sequence[str]],
        known: Mapping[str, Sequence[str]] | None = None,
        *,
        threshold: float = DEFAULT_MATCH_THRESHOLD,
        margin: float = DEFAULT_MATCH_MARGIN,
    ) -> None:
        self.roles = {name: tuple(examples) for name, examples in roles.items() if examples}
        self.known = {name: tuple(examples) for name, examples in (known or {}).items()}
        self.threshold = threshold
        self.margin = margin
        self._index = _Index(self._rows(self.roles))
        self.reports = {name: self._measure(name) for name in self.roles}

    def _rows(self, roles: Mapping[str, Sequence[str]]) -> list[tuple[str, str]]:
        rows = [(text, name) for name, examples in roles.items() for text in examples]
        rows += [
            (text, name)
            for name, examples in self.known.items()
            if name not in roles
            for text in examples
        ]
        return rows

    def _measure(self, name: str) -> MatcherReport:
        examples = self.roles[name]
        held = [e for i, e in enumerate(examples) if i % _HOLDOUT_EVERY == _HOLDOUT_EVERY - 1]
        fit = {**self.roles, name: tuple(e for e in examples if e not in held)}
        index = _Index(self._rows(fit))
        hits = sum(1 for text in held if self._accepts(index.nearest(text), name))
        negatives = 0
        false_matches = 0
        for row, label in enumerate(index.labels):
            if label == name:
                continue
            negatives += 1
            false_matches += self._accepts(index.nearest(index.texts[row], skip=row), name)
        return MatcherReport(name, len(examples), len(held), hits, negatives, false_matches)

    def _accepts(self, found: tuple[str, float, float] | None, name: str) -> bool:
        return (
            found is not None
            and found[0] == name
            and found[1] >= self.threshold
            and found[2] >= self.margin
        )

    def match(self, text: str) -> tuple[str, float, float] | None:
        """(role, similarity, the role's measured confidence) when `text` belongs to one of
        `roles`, else None."""
        found = self._index.nearest(text)
        if found is None or found[0] not in self.roles or not self._accepts(found, found[0]):
            return None
        return found[0], found[1], self.reports[found[0]].confidence
