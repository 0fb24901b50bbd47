"""The router's classifier at run time: a linear model over hashed n-grams and word vectors.

The model file is a standard ``.npz`` (written by `agent_system.routing.train`, readable with
``numpy.load``); it is parsed with `zipfile` and `array` and scored with numpy, imported when
the model loads (not when the router module is imported). Scoring gathers the weights of a
request's features (one row of class weights per hashed bucket) and sums them in integers, so
the n-gram scores are exactly those of a plain-Python sum; a decision's scoring costs tens of
microseconds.
"""

from __future__ import annotations

import ast
import functools
import json
import math
import struct
import sys
import zipfile
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from agent_system.routing._features import featurize_words, words
from agent_system.routing._vectors import WordVectors

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CLASSES",  # noqa: F822 - computed, see __getattr__
    "DEFAULT_MODEL_PATH",
    "OTHER",
    "TOOL_ROLES",  # noqa: F822 - computed, see __getattr__
    "Classifier",
    "LinearModel",
    "ModelFileError",
    "shipped_model",
]

OTHER = "other"
"""The class of requests no role owns."""
DEFAULT_MODEL_PATH = Path(__file__).with_name("data") / "router_model.npz"

_MAGIC = b"\x93NUMPY"
_TYPECODES = {"<i2": "h", "<f8": "d", "|u1": "B", "|i1": "b"}


def __getattr__(name: str) -> Any:
    # Computed from the built-in roles (never listed here):
    # CLASSES: the classes a model trained now has (each built-in role, then "other");
    # TOOL_ROLES: built-in roles that act through tools (an out-of-role request never
    # reaches one).
    from agent_system.roles import builtin_role_names

    if name == "CLASSES":
        return (*builtin_role_names(), OTHER)
    if name == "TOOL_ROLES":
        return _builtin_tool_roles()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _builtin_tool_roles() -> frozenset[str]:
    from agent_system.roles import builtin_role_names, declaration, load_roles

    roles = load_roles(builtin_role_names())
    return frozenset(n for n, role in roles.items() if declaration(role).tool_role)


class Classifier(Protocol):
    """What the embedded router needs from a model (tests script one)."""

    @property
    def meta(self) -> dict[str, Any]: ...

    def probabilities(self, text: str) -> dict[str, float]: ...


class ModelFileError(ValueError):
    """The router's model file is missing or malformed."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(
            f"Router model {str(path)!r} {problem}. Rebuild it with "
            "`python -m agent_system.routing.train`."
        )
        self.path = path


def read_npy(path: Path, name: str, raw: bytes) -> tuple[array[Any], tuple[int, ...]]:
    if not raw.startswith(_MAGIC):
        raise ModelFileError(path, f"has a member {name!r} that is not a .npy array")
    major = raw[6]
    if major == 1:
        (header_len,) = struct.unpack("<H", raw[8:10])
        start = 10
    else:
        (header_len,) = struct.unpack("<I", raw[8:12])
        start = 12
    header = ast.literal_eval(raw[start : start + header_len].decode("latin1"))
    descr = header["descr"]
    if descr not in _TYPECODES or header["fortran_order"]:
        raise ModelFileError(path, f"stores {name!r} as {descr!r}, which this reader cannot load")
    values = array(_TYPECODES[descr])
    values.frombytes(raw[start + header_len :])
    if sys.byteorder == "big" and values.itemsize > 1:
        values.byteswap()
    return values, tuple(header["shape"])


@dataclass(frozen=True)
class LinearModel:
    """Multinomial logistic regression with temperature-scaled (calibrated) probabilities."""

    classes: tuple[str, ...]
    weights: npt.NDArray[np.int16]
    """int16 weights of shape (buckets, classes): one row of class weights per hashed bucket."""
    scales: npt.NDArray[np.float64]
    """One scale per class (weight = int16 value x scale)."""
    bias: npt.NDArray[np.float64]
    temperature: float
    buckets: int
    word_weight: float
    char_weight: float
    meta: dict[str, Any]
    vectors: WordVectors | None = None
    """Word vectors whose sentence mean is a third feature group (None: n-grams only)."""
    vector_weights: npt.NDArray[np.float64] | None = None
    """float64 weights of shape (classes, `vectors.dims`) (the group's scale folded in)."""
    hidden: tuple[npt.NDArray[np.float64], ...] = ()
    """A ReLU layer over the sentence vector, when the model has one: weights in (units,
    dims), bias (units), weights out (classes, units)."""

    @classmethod
    def load(cls, path: Path = DEFAULT_MODEL_PATH) -> LinearModel:
        """Read a model file written by `agent_system.routing.train`."""
        import numpy as np

        if not path.exists():
            raise ModelFileError(path, "does not exist")
        arrays: dict[str, tuple[array[Any], tuple[int, ...]]] = {}
        try:
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    name = member.removesuffix(".npy")
                    arrays[name] = read_npy(path, name, archive.read(member))
        except zipfile.BadZipFile as exc:
            raise ModelFileError(path, "is not an .npz archive") from exc
        missing = {"weights", "scales", "bias", "meta"} - arrays.keys()
        if missing:
            raise ModelFileError(path, f"lacks the arrays {sorted(missing)}")
        meta: dict[str, Any] = json.loads(arrays["meta"][0].tobytes().decode("utf-8"))
        flat, shape = arrays["weights"]
        n_classes, buckets = shape
        classes = tuple(str(c) for c in meta.get("classes", ()))
        if OTHER not in classes or n_classes != len(classes):
            raise ModelFileError(
                path, f"has classes {list(classes)} for {n_classes} rows; it needs {OTHER!r}"
            )
        by_class = np.frombuffer(flat, dtype=np.int16).reshape(n_classes, buckets)
        vectors, vector_rows = _vector_group(path, meta, arrays, n_classes)
        hidden = _hidden_layer(path, arrays, n_classes, vectors)
        return cls(
            classes=classes,
            weights=np.ascontiguousarray(by_class.T),
            scales=np.array(arrays["scales"][0], dtype=np.float64),
            bias=np.array(arrays["bias"][0], dtype=np.float64),
            temperature=float(meta["temperature"]),
            buckets=buckets,
            word_weight=float(meta["word_weight"]),
            char_weight=float(meta["char_weight"]),
            meta=meta,
            vectors=vectors,
            vector_weights=vector_rows,
            hidden=hidden,
        )

    def logits(self, text: str) -> list[float]:
        """Uncalibrated class scores of `text`."""
        return [float(v) for v in self._logits(text)]

    def _logits(self, text: str) -> npt.NDArray[np.float64]:
        import numpy as np

        found = words(text)
        word_idx, char_idx = featurize_words(found, self.buckets)
        word_value = self.word_weight / math.sqrt(len(word_idx)) if word_idx else 0.0
        char_value = self.char_weight / math.sqrt(len(char_idx)) if char_idx else 0.0
        # Integer sums are exact, so these are the plain-Python scores bit for bit.
        word_sum = self.weights[word_idx].sum(axis=0, dtype=np.int64)
        char_sum = self.weights[char_idx].sum(axis=0, dtype=np.int64)
        out: npt.NDArray[np.float64] = self.bias + self.scales * (
            word_sum * word_value + char_sum * char_value
        )
        if self.vectors is not None and self.vector_weights is not None:
            sentence = self.vectors.sentence_array(found)
            if sentence is not None:
                out = out + self.vector_weights @ sentence
            if self.hidden:
                # A request with no known word has the zero vector, as in training.
                into, bias, out_of = self.hidden
                units = bias if sentence is None else into @ sentence + bias
                out = out + out_of @ np.maximum(units, 0.0)
        return out

    def probabilities(self, text: str) -> dict[str, float]:
        """Calibrated probability of each class for `text` (they sum to 1)."""
        scaled = [value / self.temperature for value in self.logits(text)]
        top = max(scaled)
        exps = [math.exp(value - top) for value in scaled]
        total = sum(exps)
        return {name: e / total for name, e in zip(self.classes, exps, strict=True)}


def _vector_group(
    path: Path,
    meta: dict[str, Any],
    arrays: dict[str, tuple[array[Any], tuple[int, ...]]],
    n_classes: int,
) -> tuple[WordVectors | None, npt.NDArray[np.float64] | None]:
    """The word vectors a model file names in ``meta["vectors"]`` (beside it) and its weights on
    their sentence mean."""
    import numpy as np

    spec = meta.get("vectors")
    if not spec:
        return None, None
    if "vector_weights" not in arrays:
        raise ModelFileError(path, "names word vectors but lacks the array 'vector_weights'")
    beside = path.with_name(str(spec["file"]))
    shipped = Path(__file__).with_name("data") / str(spec["file"])
    vectors = _load_vectors(beside if beside.exists() else shipped, float(spec["sif"]))
    flat, shape = arrays["vector_weights"]
    if shape != (n_classes, vectors.dims):
        raise ModelFileError(
            path, f"has vector weights of shape {shape} for {vectors.dims}-d word vectors"
        )
    rows = np.frombuffer(flat, dtype=np.float64).reshape(n_classes, vectors.dims)
    return vectors, rows


def _hidden_layer(
    path: Path,
    arrays: dict[str, tuple[array[Any], tuple[int, ...]]],
    n_classes: int,
    vectors: WordVectors | None,
) -> tuple[npt.NDArray[np.float64], ...]:
    """The hidden layer's arrays (``hidden_in``, ``hidden_bias``, ``hidden_out``), if any."""
    import numpy as np

    names = ("hidden_in", "hidden_bias", "hidden_out")
    if not any(name in arrays for name in names):
        return ()
    if vectors is None or not all(name in arrays for name in names):
        raise ModelFileError(path, f"needs word vectors and all of {list(names)}")
    shapes = [arrays[name][1] for name in names]
    units = shapes[1][0] if shapes[1] else 0
    if shapes != [(units, vectors.dims), (units,), (n_classes, units)]:
        raise ModelFileError(path, f"has hidden-layer arrays of shapes {shapes}")
    return tuple(
        np.frombuffer(arrays[name][0], dtype=np.float64).reshape(shape)
        for name, shape in zip(names, shapes, strict=True)
    )


def shipped_model(path: Path = DEFAULT_MODEL_PATH) -> LinearModel:
    """The model at `path`, read once per process while the file is unchanged (role discovery,
    for the classes' order, and each router share it)."""
    if not path.exists():
        return LinearModel.load(path)  # says what is wrong
    stat = path.stat()
    return _read_once(path, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _read_once(path: Path, mtime_ns: int, size: int) -> LinearModel:
    return LinearModel.load(path)


@functools.cache
def _load_vectors(path: Path, sif: float) -> WordVectors:
    return WordVectors.load(path, sif)
