"""The router trainer's numerics: a sparse feature matrix, the softmax model and its fit.

The model's class scores are ``bias + X @ W.T + dense @ V.T`` (X: hashed n-gram features, one
row per request; dense: the sentence vectors), plus, when ``hidden > 0``, a small hidden layer
over the sentence vector: ``H2 @ relu(H1 @ dense + c1)``. It is fitted by full-batch Adam on the
weighted cross-entropy with L2. The sparse products are scipy's CSR products (scipy is a
development dependency: only training needs it), each a fixed-order loop, so a fit is
deterministic; an epoch over ~2 million non-zeros costs about a tenth of a second.
"""

from __future__ import annotations

import io
import math
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = [
    "Params",
    "Sparse",
    "fit",
    "fit_temperature",
    "quantize",
    "scores",
    "softmax",
    "write_npz",
]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Sparse:
    """Rows of hashed features (CSR: `indptr`, `cols`, `vals`) and the dense sentence-vector
    group."""

    indptr: Ints
    cols: Ints
    vals: Floats
    dense: Floats
    buckets: int
    _csr: Any = field(init=False, repr=False)
    _csr_t: Any = field(init=False, repr=False)

    def __post_init__(self) -> None:
        from scipy import sparse

        csr = sparse.csr_matrix(
            (self.vals, self.cols, self.indptr), shape=(len(self.indptr) - 1, self.buckets)
        )
        object.__setattr__(self, "_csr", csr)
        object.__setattr__(self, "_csr_t", csr.T.tocsr())

    @property
    def n(self) -> int:
        return len(self.indptr) - 1

    def times(self, weights_t: Floats) -> Floats:
        """``X @ weights_t`` for weights of shape (buckets, classes)."""
        return np.asarray(self._csr @ weights_t, dtype=np.float64)

    def transpose_times(self, grad: Floats) -> Floats:
        """``X.T @ grad`` of shape (buckets, classes)."""
        return np.asarray(self._csr_t @ grad, dtype=np.float64)


@dataclass
class Params:
    """Fitted parameters: n-gram weights (buckets, classes), bias, sentence-vector weights
    (classes, dims) and the hidden layer (``hidden_in`` (hidden, dims), ``hidden_bias``,
    ``hidden_out`` (classes, hidden); empty when there is none)."""

    weights_t: Floats
    bias: Floats
    dense: Floats
    hidden_in: Floats
    hidden_bias: Floats
    hidden_out: Floats

    def arrays(self) -> list[Floats]:
        return [
            self.weights_t,
            self.bias,
            self.dense,
            self.hidden_in,
            self.hidden_bias,
            self.hidden_out,
        ]


def scores(x: Sparse, params: Params) -> Floats:
    """Class scores of every row of `x`."""
    out = x.times(params.weights_t) + params.bias + x.dense @ params.dense.T
    if params.hidden_out.size:
        out += np.maximum(x.dense @ params.hidden_in.T + params.hidden_bias, 0.0) @ (
            params.hidden_out.T
        )
    result: Floats = out
    return result


def softmax(values: Floats) -> Floats:
    shifted = np.exp(values - values.max(axis=1, keepdims=True))
    result: Floats = shifted / shifted.sum(axis=1, keepdims=True)
    return result


def fit(
    x: Sparse,
    labels: Ints,
    sample_weight: Floats,
    *,
    classes: int,
    buckets: int,
    epochs: int,
    learning_rate: float,
    l2: float,
    hidden: int = 0,
    hidden_l2: float = 0.0,
    seed: int = 0,
) -> Params:
    """Weighted multinomial logistic regression (plus an optional ReLU layer of `hidden` units
    over the sentence vector), L2-regularized, full-batch Adam."""
    dims = x.dense.shape[1]
    rng = np.random.default_rng(seed)
    hidden = hidden if dims else 0
    params = Params(
        weights_t=np.zeros((buckets, classes)),
        bias=np.zeros(classes),
        dense=np.zeros((classes, dims)),
        hidden_in=rng.normal(0.0, 1.0 / math.sqrt(max(dims, 1)), (hidden, dims)),
        hidden_bias=np.zeros(hidden),
        hidden_out=np.zeros((classes, hidden)),
    )
    onehot = np.eye(classes)[labels]
    norm = sample_weight / sample_weight.sum()
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params.arrays()]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, epochs + 1):
        pre = x.dense @ params.hidden_in.T + params.hidden_bias
        act = np.maximum(pre, 0.0)
        logits = x.times(params.weights_t) + params.bias + x.dense @ params.dense.T
        logits += act @ params.hidden_out.T
        grad = (softmax(logits) - onehot) * norm[:, None]
        grad_act = (grad @ params.hidden_out) * (pre > 0)
        grads = [
            x.transpose_times(grad) + 2 * l2 * params.weights_t,
            grad.sum(axis=0),
            grad.T @ x.dense + 2 * l2 * params.dense,
            grad_act.T @ x.dense + 2 * hidden_l2 * params.hidden_in,
            grad_act.sum(axis=0),
            grad.T @ act + 2 * hidden_l2 * params.hidden_out,
        ]
        for param, g, (m, v) in zip(params.arrays(), grads, moments, strict=True):
            m *= beta1
            m += (1 - beta1) * g
            v *= beta2
            v += (1 - beta2) * g * g
            param -= (
                learning_rate * (m / (1 - beta1**step)) / (np.sqrt(v / (1 - beta2**step)) + eps)
            )
    return params


def fit_temperature(values: Floats, labels: Ints) -> float:
    """The temperature minimizing held-out negative log-likelihood (golden-section search)."""

    def nll(log_t: float) -> float:
        probs = softmax(values / math.exp(log_t))
        return float(-np.log(probs[np.arange(len(labels)), labels] + 1e-12).mean())

    low, high = math.log(0.05), math.log(20.0)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        a = high - ratio * (high - low)
        b = low + ratio * (high - low)
        if nll(a) < nll(b):
            high = b
        else:
            low = a
    return math.exp((low + high) / 2)


def quantize(
    weights: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.float64]]:
    scales = np.abs(weights).max(axis=1) / 32767.0
    scales[scales == 0] = 1.0
    quantized = np.round(weights / scales[:, None]).astype("<i2")
    return quantized, scales


def write_npz(out: Path, arrays: dict[str, npt.NDArray[Any]]) -> None:
    """Like `numpy.savez_compressed`, with fixed timestamps so the bytes are reproducible."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            buffer = io.BytesIO()
            np.lib.format.write_array(  # type: ignore[no-untyped-call,unused-ignore]
                buffer, np.ascontiguousarray(array), allow_pickle=False
            )
            archive.writestr(info, buffer.getvalue())
