"""Text features shared by the router's trainer and its runtime: hashed n-grams.

A request becomes two groups of hashed feature indices:

- words: unigrams and bigrams of normalized tokens (with sentence boundaries);
- chars: character 3- to 5-grams of each token padded with ``<`` and ``>`` (as in fastText),
  so typos and inflections ("remind", "reminders") share features.

Indices come from CRC-32 (stable across processes and platforms, unlike `hash`) modulo the
number of buckets. Each group is binary and scaled to unit length, then scaled by a weight
stored in the model file, so long requests do not drown the word features in character n-grams.
"""

from __future__ import annotations

import re
from itertools import pairwise
from zlib import crc32

__all__ = ["featurize", "normalize", "tokens"]

_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})


def normalize(text: str) -> str:
    """Lowercase and unify apostrophes."""
    return text.lower().translate(_APOSTROPHES)


def tokens(text: str) -> list[str]:
    """Normalized word tokens of `text` ("what's" stays one token)."""
    return _TOKEN.findall(normalize(text))


def _bucket(feature: str, buckets: int) -> int:
    return crc32(feature.encode("utf-8")) % buckets


def featurize(text: str, buckets: int) -> tuple[list[int], list[int]]:
    """Distinct hashed indices of the word features and of the character features of `text`."""
    words = tokens(text)
    word_feats = {"w:" + w for w in words}
    padded = ["<s>", *words, "</s>"]
    word_feats.update(f"b:{a} {b}" for a, b in pairwise(padded))
    char_feats: set[str] = set()
    for word in words:
        marked = f"<{word}>"
        size = len(marked)
        for n in (3, 4, 5):
            char_feats.update(marked[i : i + n] for i in range(size - n + 1))
    word_idx = list({_bucket(f, buckets) for f in word_feats})
    char_idx = list({_bucket("c:" + f, buckets) for f in char_feats})
    return word_idx, char_idx
