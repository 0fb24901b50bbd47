"""Lexical text helpers shared by the core tools: tokens, light stemming, BM25, sentences.

Everything here is pure and offline: recall in `tools.memory` ranks facts with `BM25`, and the
extractive summarizer in `tools._extractive` ranks sentences with TF-IDF vectors built on `terms`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from agent_system._lazy import lazy_pattern

__all__ = ["BM25", "split_sentences", "stem", "terms", "tokens"]

_WORD = lazy_pattern(r"[a-z0-9]+(?:'[a-z]+)?")
_STOP = frozenset(
    """
    a about after again all also am an and any are as at be because been before being both but
    by can could did do does doing done for from had has have having he her here hers him his how
    i if in into is it its itself just me more most my myself no nor not now of off on once only
    or other our ours out over own please same she should so some such than that the their theirs
    them then there these they this those through to too under until up very was we were what
    when where which while who whom why will with would you your yours yourself remember recall
    tell know
    """.split()
)
_PLURAL_KEEP = ("ss", "us", "is")
_SPELLINGS = {
    "colour": "color",
    "colours": "colors",
    "favourite": "favorite",
    "favourites": "favorites",
    "fave": "favorite",
    "flavour": "flavor",
    "flavours": "flavors",
    "neighbour": "neighbor",
    "neighbours": "neighbors",
    "centre": "center",
    "theatre": "theater",
    "metre": "meter",
    "metres": "meters",
    "grey": "gray",
    "jewellery": "jewelry",
    "mum": "mom",
    "mummy": "mom",
    "organise": "organize",
    "apologise": "apologize",
}
"""British spellings (and a few everyday variants) read as one word: "favourite colour" finds
"favorite color"."""


def stem(word: str) -> str:
    """A light stemmer: drop possessives and common inflections, keep short words whole.

    ``birthdays -> birthday``, ``sister's -> sister``, ``meetings -> meeting -> meet``,
    ``parties -> party``. Deliberately conservative: two forms of a word should meet, unrelated
    words should not.
    """
    word = word.lower()
    if word.endswith("'s") or word.endswith("s'"):
        word = word[:-2]
    word = word.replace("'", "")
    word = _SPELLINGS.get(word, word)
    if len(word) <= 3 or word.isdigit():
        return word
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"  # "parties" -> "party"
    elif word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        word = word[:-2]  # "boxes" -> "box"
    elif word.endswith("s") and not word.endswith(_PLURAL_KEEP):
        word = word[:-1]  # "birthdays" -> "birthday", "dates" -> "date"
    for suffix in ("ing", "ied", "ed"):
        root = word[: -len(suffix)]
        if word.endswith(suffix) and len(root) >= 4:
            if suffix == "ied":
                return root + "y"
            if root[-1] == root[-2] and root[-1] not in "lsz":
                root = root[:-1]  # "planned" -> "plan", "running" -> "run"
            return root
    return word


def tokens(text: str) -> list[str]:
    """Lower-case word tokens with apostrophes kept inside words (``sister's``)."""
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def terms(text: str) -> list[str]:
    """Stemmed content terms: tokens minus stop words, each through `stem`."""
    return [stem(t) for t in tokens(text) if t not in _STOP and stem(t) not in _STOP]


class BM25:
    """Okapi BM25 over a small list of documents, rebuilt per query (memories are few)."""

    def __init__(self, documents: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.docs = [Counter(terms(d)) for d in documents]
        self.lengths = [sum(d.values()) for d in self.docs]
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        df: Counter[str] = Counter()
        for doc in self.docs:
            df.update(doc.keys())
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def scores(self, query: str) -> list[float]:
        """One score per document, in document order; 0 when no query term occurs."""
        out = [0.0] * len(self.docs)
        for term in set(terms(query)):
            idf = self.idf.get(term)
            if idf is None:
                continue
            for i, doc in enumerate(self.docs):
                tf = doc.get(term, 0)
                if tf:
                    denom = tf + self.k1 * (1 - self.b + self.b * self.lengths[i] / self.avg)
                    out[i] += idf * tf * (self.k1 + 1) / denom
        return out


_ABBREVIATIONS = frozenset("mr mrs ms dr st vs etc e.g i.e approx no fig inc ltd jr sr".split())
_BOUNDARY = lazy_pattern(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences; line breaks that end a line also end a sentence.

    Handles common abbreviations (``Dr. Smith``) and decimal numbers (``3.5``) without a parser.
    """
    sentences: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        start = 0
        for match in _BOUNDARY.finditer(line):
            head = line[start : match.start()].rstrip("\"')]")
            last_word = head.rsplit(" ", 1)[-1].rstrip(".").lower()
            if last_word in _ABBREVIATIONS or (len(last_word) == 1 and last_word.isalpha()):
                continue
            sentences.append(line[start : match.start()].strip())
            start = match.end()
        rest = line[start:].strip()
        if rest:
            sentences.append(rest)
    return [s for s in sentences if s]
