"""Train the embedded router's classifier: ``python -m agent_system.routing.train``.

Data: the CLINC150 ``train`` and ``oos_train`` splits (intents mapped to roles through
``role_map.json``; every other intent and ``oos`` is "other") plus our own requests in
``data/extra_examples.json``. One slice of CLINC150 ``train`` (every tenth request of each
intent) is held out and used only to calibrate the confidence (temperature scaling). The ``val``
split is never read here: `benchmarks.router` measures on it.

Model: hashed word uni/bi-grams and character 3-5-grams (`_features`), multinomial logistic
regression fitted with full-batch Adam in numpy. Everything is deterministic: same data, same
file, byte for byte. The weights ship as ``data/router_model.npz`` (int16 plus one scale per
class, no pickle), with the CLINC150 attribution (CC BY 3.0) in its metadata.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import re
import time
import zipfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from agent_system.routing._features import featurize
from agent_system.routing._model import CLASSES, DEFAULT_MODEL_PATH, OTHER

__all__ = [
    "ATTRIBUTION",
    "DEFAULT_DATA_DIR",
    "EXTRA_CONVERSATION_INTENTS",
    "TrainConfig",
    "build_training_set",
    "label_for",
    "load_role_map",
    "main",
    "train",
]

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "clinc150"
"""CLINC150 as laid out beside the repository (``../shared/datasets/clinc150``)."""
EXTRAS_PATH = Path(__file__).with_name("data") / "extra_examples.json"
EXTRA_CONVERSATION_INTENTS = ("time", "date")
"""CLINC150 intents outside the role map that the conversation role answers (time and date).

They are not tool roles, so routing them to conversation keeps the rule that out-of-role
requests never reach timer, weather, calendar, smart_home or search.
"""
ATTRIBUTION = (
    "Trained in part on CLINC150 (Larson et al., 'An Evaluation Dataset for Intent "
    "Classification and Out-of-Scope Prediction', EMNLP 2019, github.com/clinc/oos-eval), "
    "licensed CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)."
)

Matrix = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]]


@dataclass(frozen=True)
class TrainConfig:
    """Hyperparameters of the classifier (recorded in the model file)."""

    buckets: int = 2**16
    l2: float = 2e-6
    epochs: int = 300
    learning_rate: float = 0.05
    other_weight: float = 0.1
    """Weight of each "other" request relative to an in-role one (there are many more)."""
    extra_weight: float = 3.0
    """Weight of each hand-written request (they cover phrasings CLINC150 lacks)."""
    holdout_every: int = 10
    word_weight: float = 1.0
    """Scale of the word uni/bigram group (each group is unit length before scaling)."""
    char_weight: float = 1.0
    """Scale of the character n-gram group."""


def load_role_map(path: Path) -> dict[str, str]:
    """Intent -> role from ``role_map.json`` (its ``_comment`` key is skipped)."""
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {
        intent: role
        for role, intents in raw.items()
        if not role.startswith("_")
        for intent in intents
    }


def label_for(intent: str, role_map: dict[str, str]) -> str:
    """The router class of a CLINC150 intent (a role the model has no class for plans)."""
    if intent in role_map:
        return role_map[intent] if role_map[intent] in CLASSES else OTHER
    if intent in EXTRA_CONVERSATION_INTENTS:
        return "conversation"
    return OTHER


def role_examples() -> dict[str, tuple[str, ...]]:
    """``Role.examples`` of each built-in role that is installed (they train the router too)."""
    from agent_system.roles import load_roles

    # Elliptical follow-ups ("and in Boston?") belong to a role only through the thread's
    # history (the follow-up rule); as plain training text they would teach the opposite.
    follow_up = re.compile(r"^(?:and|what about|how about)\b", re.IGNORECASE)
    return {
        name: tuple(e for e in role.examples if not follow_up.match(e.strip()))
        for name, role in load_roles().items()
    }


def build_training_set(
    data_dir: Path,
    extras_path: Path,
    config: TrainConfig,
    roles: dict[str, tuple[str, ...]] | None = None,
) -> tuple[list[tuple[str, str, float]], list[tuple[str, str]]]:
    """(text, label, weight) rows to fit on, and (text, label) rows held out for calibration.

    `roles` adds each role's own examples (``Role.examples``) with the hand-written weight.
    """
    dataset_file = data_dir / "clinc150_train_val.json"
    if not dataset_file.exists():
        raise FileNotFoundError(
            f"CLINC150 not found at {dataset_file}; pass --data DIR (the folder holding "
            "clinc150_train_val.json and role_map.json)."
        )
    splits: dict[str, list[list[str]]] = json.loads(dataset_file.read_text(encoding="utf-8"))
    role_map = load_role_map(data_dir / "role_map.json")
    fit_rows: list[tuple[str, str, float]] = []
    held: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for text, intent in [*splits["train"], *splits["oos_train"]]:
        label = label_for(intent, role_map)
        position = seen.get(intent, 0)
        seen[intent] = position + 1
        if position % config.holdout_every == config.holdout_every - 1:
            held.append((text, label))
        else:
            fit_rows.append((text, label, config.other_weight if label == OTHER else 1.0))
    extras: dict[str, list[str]] = json.loads(extras_path.read_text(encoding="utf-8"))
    for label, texts in sorted(extras.items()):
        if label.startswith("_"):
            continue
        if label not in CLASSES:
            raise ValueError(f"Unknown class {label!r} in {extras_path}; use one of {CLASSES}.")
        fit_rows.extend((text, label, config.extra_weight) for text in texts)
    for role, examples in sorted((roles or {}).items()):
        if role in CLASSES:
            fit_rows.extend((text, role, config.extra_weight) for text in examples)
    return fit_rows, held


def _matrix(texts: Sequence[str], cfg: TrainConfig) -> Matrix:
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    for row, text in enumerate(texts):
        groups = featurize(text, cfg.buckets)
        for group, weight in zip(groups, (cfg.word_weight, cfg.char_weight), strict=True):
            if not group:
                continue
            value = weight / math.sqrt(len(group))
            rows.extend([row] * len(group))
            cols.extend(group)
            vals.extend([value] * len(group))
    return np.array(rows), np.array(cols), np.array(vals)


def _scores(
    x: Matrix, n: int, weights: npt.NDArray[np.float64], bias: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    rows, cols, vals = x
    out = np.empty((n, weights.shape[0]))
    for k in range(weights.shape[0]):
        out[:, k] = np.bincount(rows, weights=weights[k, cols] * vals, minlength=n)
    return out + bias


def _softmax(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    shifted = np.exp(scores - scores.max(axis=1, keepdims=True))
    result: npt.NDArray[np.float64] = shifted / shifted.sum(axis=1, keepdims=True)
    return result


def _fit(
    x: Matrix,
    labels: npt.NDArray[np.int64],
    sample_weight: npt.NDArray[np.float64],
    cfg: TrainConfig,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Weighted multinomial logistic regression, L2-regularized, full-batch Adam."""
    n, k, d = len(labels), len(CLASSES), cfg.buckets
    rows, cols, vals = x
    weights, bias = np.zeros((k, d)), np.zeros(k)
    onehot = np.eye(k)[labels]
    norm = sample_weight / sample_weight.sum()
    m_w, v_w, m_b, v_b = np.zeros_like(weights), np.zeros_like(weights), np.zeros(k), np.zeros(k)
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    for step in range(1, cfg.epochs + 1):
        grad_scores = (_softmax(_scores(x, n, weights, bias)) - onehot) * norm[:, None]
        grad_w = np.empty_like(weights)
        for j in range(k):
            grad_w[j] = np.bincount(cols, weights=grad_scores[rows, j] * vals, minlength=d)
        grad_w += 2 * cfg.l2 * weights
        grad_b = grad_scores.sum(axis=0)
        for param, grad, m, v in ((weights, grad_w, m_w, v_w), (bias, grad_b, m_b, v_b)):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            m_hat = m / (1 - beta1**step)
            v_hat = v / (1 - beta2**step)
            param -= cfg.learning_rate * m_hat / (np.sqrt(v_hat) + eps)
    return weights, bias


def _fit_temperature(scores: npt.NDArray[np.float64], labels: npt.NDArray[np.int64]) -> float:
    """The temperature minimizing held-out negative log-likelihood (golden-section search)."""

    def nll(log_t: float) -> float:
        probs = _softmax(scores / math.exp(log_t))
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


def _quantize(
    weights: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.float64]]:
    scales = np.abs(weights).max(axis=1) / 32767.0
    scales[scales == 0] = 1.0
    quantized = np.round(weights / scales[:, None]).astype("<i2")
    return quantized, scales


def _write_npz(out: Path, arrays: dict[str, npt.NDArray[Any]]) -> None:
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


def train(
    data_dir: Path,
    out: Path,
    config: TrainConfig | None = None,
    roles: dict[str, tuple[str, ...]] | None = None,
) -> dict[str, Any]:
    """Fit, calibrate and write the model to `out`; return its metadata."""
    cfg = config or TrainConfig()
    started = time.perf_counter()
    fit_rows, held = build_training_set(data_dir, EXTRAS_PATH, cfg, roles)
    index = {name: i for i, name in enumerate(CLASSES)}
    x = _matrix([t for t, _, _ in fit_rows], cfg)
    labels = np.array([index[label] for _, label, _ in fit_rows])
    sample_weight = np.array([w for _, _, w in fit_rows])
    weights, bias = _fit(x, labels, sample_weight, cfg)
    quantized, scales = _quantize(weights)
    restored = quantized.astype(np.float64) * scales[:, None]
    held_x = _matrix([t for t, _ in held], cfg)
    held_labels = np.array([index[label] for _, label in held])
    held_scores = _scores(held_x, len(held), restored, bias)
    temperature = _fit_temperature(held_scores, held_labels)
    held_acc = float((held_scores.argmax(axis=1) == held_labels).mean())
    meta: dict[str, Any] = {
        "format": 1,
        "classes": list(CLASSES),
        "temperature": temperature,
        "word_weight": cfg.word_weight,
        "char_weight": cfg.char_weight,
        "config": asdict(cfg),
        "fit_examples": len(fit_rows),
        "calibration_examples": len(held),
        "calibration_accuracy": round(held_acc, 4),
        "role_examples": sorted(roles or {}),
        "attribution": ATTRIBUTION,
    }
    _write_npz(
        out,
        {
            "weights": quantized,
            "scales": scales.astype("<f8"),
            "bias": bias.astype("<f8"),
            "meta": np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8),
        },
    )
    meta["seconds"] = round(time.perf_counter() - started, 1)
    return meta


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: train and write the shipped model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, help="CLINC150 folder.")
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL_PATH, help="Model file.")
    parser.add_argument(
        "--role-examples", action="store_true", help="Also fit the installed roles' examples."
    )
    args = parser.parse_args(argv)
    meta = train(args.data, args.out, roles=role_examples() if args.role_examples else None)
    print(json.dumps({k: v for k, v in meta.items() if k != "attribution"}, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
