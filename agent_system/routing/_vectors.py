"""Static word vectors: meaning beyond n-grams for the router, read without numpy.

``data/word_vectors.npz`` holds one vector per word for the 30,000 most frequent English words,
distilled from the sentence-embedding model all-MiniLM-L6-v2 (Apache-2.0): each word embedded
alone, reduced by PCA, stored as int8 with one scale (``scripts/distill_word_vectors.py`` builds
it; docs/routing.md says how). A request's vector is the mean of its words' vectors, weighted so
that frequent words count less (``a / (a + p(word))``, "smooth inverse frequency"), scaled to unit
length. Words that mean alike get near vectors ("drizzle", "umbrella", "forecast"), so a
classifier fitted on one data set's phrasing reaches words it never saw in training.
"""

from __future__ import annotations

import functools
import json
import math
import operator
import zipfile
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["DEFAULT_VECTORS_PATH", "WordVectors"]

DEFAULT_VECTORS_PATH = Path(__file__).with_name("data") / "word_vectors.npz"


@dataclass(frozen=True)
class WordVectors:
    """Word -> int8 vector (times `scale`), and each word's weight in a sentence."""

    index: dict[str, int]
    vectors: array[int]
    """Flat int8 rows of `dims` values, in the order of `index`."""
    zipf: array[int]
    """100 x each word's Zipf frequency (log10 of its count per billion words)."""
    scale: float
    sif: float
    dims: int
    meta: dict[str, Any]

    @classmethod
    def load(cls, path: Path = DEFAULT_VECTORS_PATH, sif: float = 1e-3) -> WordVectors:
        """Read ``word_vectors.npz``; `sif` is the `a` of the weight ``a / (a + p(word))``."""
        from agent_system.routing._model import ModelFileError, read_npy

        if not path.exists():
            raise ModelFileError(path, "does not exist")
        try:
            with zipfile.ZipFile(path) as archive:
                arrays = {
                    member.removesuffix(".npy"): read_npy(path, member, archive.read(member))
                    for member in archive.namelist()
                }
        except zipfile.BadZipFile as exc:
            raise ModelFileError(path, "is not an .npz archive") from exc
        missing = {"words", "vectors", "scale", "zipf"} - arrays.keys()
        if missing:
            raise ModelFileError(path, f"lacks the arrays {sorted(missing)}")
        words = arrays["words"][0].tobytes().decode("utf-8").split("\n")
        vectors, shape = arrays["vectors"]
        if shape[0] != len(words):
            raise ModelFileError(path, f"has {shape[0]} vectors for {len(words)} words")
        meta: dict[str, Any] = {}
        if "meta" in arrays:
            meta = json.loads(arrays["meta"][0].tobytes().decode("utf-8"))
        return cls(
            index={w: i for i, w in enumerate(words)},
            vectors=vectors,
            zipf=arrays["zipf"][0],
            scale=float(arrays["scale"][0][0]),
            sif=sif,
            dims=shape[1],
            meta=meta,
        )

    def weight(self, i: int) -> float:
        """The weight of word `i` in a sentence: ``a / (a + p(word))`` times `scale`."""
        zipf = float(self.zipf[i])
        return self.scale * self.sif / (self.sif + math.pow(10.0, zipf / 100.0 - 9.0))

    def sentence(self, words: list[str]) -> list[float]:
        """The unit-length weighted mean of the vectors of `words` (all zeros when none has
        one)."""
        dims = self.dims
        total = [0.0] * dims
        found = False
        for word in words:
            i = self.index.get(word)
            if i is None:
                continue
            found = True
            weight = self.weight(i)
            row = self.vectors[i * dims : (i + 1) * dims]
            total = [t + weight * v for t, v in zip(total, row, strict=True)]
        if not found:
            return total
        norm = math.sqrt(sum(t * t for t in total))
        return [t / norm for t in total] if norm > 0 else total

    @functools.cached_property
    def matrix(self) -> npt.NDArray[np.int8]:
        """The vectors as an int8 array of shape (words, dims) (shares `vectors`' memory)."""
        import numpy as np

        return np.frombuffer(self.vectors, dtype=np.int8).reshape(-1, self.dims)

    def sentence_array(self, words: list[str]) -> npt.NDArray[np.float64] | None:
        """`sentence` as a numpy array (the same values bit for bit), or None when no word has
        a vector."""
        import numpy as np

        found = [i for word in words if (i := self.index.get(word)) is not None]
        if not found:
            return None
        weights = np.array([self.weight(i) for i in found])
        # Row by row in word order, as `sentence` adds them.
        total: npt.NDArray[np.float64] = (weights[:, None] * self.matrix[found]).sum(axis=0)
        values = total.tolist()
        norm = math.sqrt(sum(map(operator.mul, values, values)))
        return total / norm if norm > 0 else total


@functools.cache
def default_vectors(sif: float = 1e-3) -> WordVectors:
    """The shipped word vectors (read once per process)."""
    return WordVectors.load(DEFAULT_VECTORS_PATH, sif)
