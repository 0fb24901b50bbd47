"""Train the embedded router's classifier: ``python -m agent_system.routing.train``.

Data (run from the repository root, beside ``../shared/datasets``):

- the *fit* rows of CLINC150, HWU64 and SLURP devel from `evals.splits` (never the untouched
  rows: `make eval` reports on those). CLINC150 intents are mapped through ``role_map.json``;
  HWU64/SLURP intents through ``intent_actions.json`` (the role of an intent's first tool); every
  other intent is "other" (no role owns it);
- ``data/ha_sentences.json``: sentences sampled from Home Assistant's English intent templates
  (`agent_system.routing.ha_sentences`);
- ``data/extra_examples.json`` (our own requests) and, with ``--role-examples``, each built-in
  role's ``Role.examples``.

One slice of the fit rows (a stable hash of the text, one in ten) is held out and used only to
calibrate the confidence (temperature scaling).

Model: hashed word uni/bi-grams, concept features and character 3-5-grams (`_features`),
multinomial logistic regression fitted with full-batch Adam in numpy. Everything is
deterministic: same data, same file, byte for byte. The weights ship as
``data/router_model.npz`` (int16 plus one scale per class, no pickle), with the data sets'
attributions in its metadata.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from zlib import crc32

import numpy as np
import numpy.typing as npt

from agent_system.routing._features import featurize, normalize, words
from agent_system.routing._fitting import (
    Sparse,
    fit,
    fit_temperature,
    quantize,
    scores,
    write_npz,
)
from agent_system.routing._model import CLASSES, DEFAULT_MODEL_PATH, OTHER
from agent_system.routing._vectors import DEFAULT_VECTORS_PATH, WordVectors

__all__ = [
    "ATTRIBUTION",
    "CHAT_INTENTS",
    "DEFAULT_DATA_DIR",
    "EXTRA_CONVERSATION_INTENTS",
    "PENDING_CLASSES",
    "TrainConfig",
    "build_training_set",
    "intent_classes",
    "label_for",
    "load_role_map",
    "main",
    "train",
    "training_classes",
]

DEFAULT_DATA_DIR = Path(__file__).resolve().parents[3] / "shared" / "datasets"
"""The development data sets beside the repository (``../shared/datasets``)."""
EXTRAS_PATH = Path(__file__).with_name("data") / "extra_examples.json"
HA_PATH = Path(__file__).with_name("data") / "ha_sentences.json"
EXTRA_CONVERSATION_INTENTS = ("time", "date")
"""CLINC150 intents outside the role map that the conversation role answers (time and date).

They are not tool roles, so routing them to conversation keeps the rule that out-of-role
requests never reach timer, weather, calendar, smart_home or search.
"""
ATTRIBUTION = (
    "Trained in part on CLINC150 (Larson et al., 'An Evaluation Dataset for Intent "
    "Classification and Out-of-Scope Prediction', EMNLP 2019, github.com/clinc/oos-eval), "
    "licensed CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/); on HWU64 (Liu et al., "
    "'Benchmarking Natural Language Understanding Services for building Conversational "
    "Agents', IWSDS 2019) and SLURP (Bastianelli et al., 'SLURP: A Spoken Language "
    "Understanding Resource Package', EMNLP 2020), both licensed CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0/); and on sentences sampled from Home "
    "Assistant's intent templates (github.com/OHF-Voice/intents, Apache-2.0)."
)

VECTORS_ATTRIBUTION = (
    " Its word vectors are distilled from the sentence-embedding model all-MiniLM-L6-v2 "
    "(sentence-transformers, Apache-2.0, https://www.apache.org/licenses/LICENSE-2.0) over "
    "wordfreq's English word list (Robyn Speer, wordfreq, CC BY-SA 4.0 data)."
)

PENDING_CLASSES = ("lists",)
"""Classes the shared data sets name (``role_map.json``, ``intent_actions.json``) that the model
learns even before their role is installed; until then a request routed to one finds no role and
is planned (offline: the plain "I can't do that offline" reply)."""


def training_classes() -> tuple[str, ...]:
    """The classes a model trained now has: each built-in role, pending ones, then "other"."""
    found = [name for name in CLASSES if name != OTHER]
    return (*found, *(name for name in PENDING_CLASSES if name not in found), OTHER)


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
    voice_other_weight: float = 0.5
    """Weight of an out-of-scope HWU64/SLURP request (fewer intents, so less imbalance)."""
    ha_weight: float = 0.5
    """Weight of a sentence sampled from Home Assistant's templates (synthetic, repetitive)."""
    holdout_every: int = 10
    word_weight: float = 1.0
    """Scale of the word uni/bigram group (each group is unit length before scaling)."""
    char_weight: float = 1.0
    """Scale of the character n-gram group."""
    vector_weight: float = 2.0
    """Scale of the sentence-vector group (mean of the shipped word vectors); 0 leaves it out."""
    other_offset: float = 0.3
    """Subtracted from the fitted bias of "other" before calibration (a class prior: more
    in-scope requests reach a role, at the price of out-of-scope ones reaching one too)."""
    sif: float = 1e-3
    """The `a` of a word's weight ``a / (a + p(word))`` in the sentence vector."""
    hidden: int = 64
    """ReLU units of a hidden layer over the sentence vector (0: none; 64 chosen on the
    development fold: 128 with a weaker L2 overfitted)."""
    hidden_l2: float = 1e-4
    """L2 of the hidden layer's weights."""
    clinc_oos_weight: float = 1.0
    """Extra weight of CLINC150's ``oos`` rows (about half are factual questions, which HWU64
    and SLURP file under search)."""
    set_weight: tuple[tuple[str, float], ...] = ()
    """Extra weight of every fit row of a data set, e.g. (("slurp", 2.0),)."""


def load_role_map(path: Path) -> dict[str, str]:
    """Intent -> role from ``role_map.json`` (its ``_comment`` key is skipped)."""
    raw: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {
        intent: role
        for role, intents in raw.items()
        if not role.startswith("_")
        for intent in intents
    }


CLINC_AS_VOICE = {"change_volume": "smart_home"}
"""CLINC150 intents outside its role map that HWU64 and SLURP label as a role's: CLINC's
``change_volume`` ("turn the volume up") are the very requests HWU64/SLURP file under
``audio_volume_*`` (the smart-home role's media player). Fitted as "other" they taught the model
that volume requests belong to no role; `evals.voice.LABEL_CONFLICTS` scores them in neither
CLINC150 share."""


def label_for(intent: str, role_map: dict[str, str]) -> str:
    """The router class of a CLINC150 intent (a role the model has no class for plans)."""
    if intent in CLINC_AS_VOICE and CLINC_AS_VOICE[intent] in training_classes():
        return CLINC_AS_VOICE[intent]
    if intent in role_map:
        return role_map[intent] if role_map[intent] in training_classes() else OTHER
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


def _holdout(text: str, every: int) -> bool:
    """Whether `text` is in the calibration slice (a stable hash, not Python's `hash`)."""
    return crc32(("calibrate:" + normalize(text)).encode("utf-8")) % every == 0


CHAT_INTENTS = ("general_praise", "general_quirky", "general_joke", "general_greet")
"""HWU64/SLURP chit-chat intents outside ``intent_actions.json`` that the conversation role
answers ("thank you so much", "what's your favourite colour"), as CLINC150's ``thank_you`` and
``what_are_your_hobbies`` are; conversation is no tool role, so they still never act."""


def intent_classes(actions: dict[str, Sequence[str]]) -> dict[str, str]:
    """Voice-assistant intent -> router class, from ``intent_actions.json`` (the first tool's
    role), chit-chat intents to conversation; every other intent is out of the built-in roles'
    scope ("other")."""
    classes = dict.fromkeys(CHAT_INTENTS, "conversation")
    classes.update(
        {intent: tools[0].split(".", 1)[0] for intent, tools in actions.items() if tools}
    )
    return classes


def _fit_rows() -> dict[str, list[tuple[str, str]]]:
    """(text, intent) fit rows of each development set, from `evals.splits` (never the
    untouched rows: nothing is fitted on those)."""
    from evals import splits

    out: dict[str, list[tuple[str, str]]] = {}
    for name, load in (
        ("clinc150", splits.clinc150),
        ("hwu64", splits.hwu64),
        ("slurp", splits.slurp),
    ):
        out[name] = [(row.text, row.intent) for row in load().fit]
    return out


class _Repeats:
    """Whether a hand-written or sampled sentence (nearly) repeats an untouched request: the
    same normalised text, or word-set overlap >= `evals.splits.JACCARD`, as `evals.splits`
    filters the fit rows ("thanks", "what time is it" are said in every data set). Only counts
    are kept, never the texts."""

    def __init__(self, skip: bool) -> None:
        self.dropped: dict[str, int] = {"exact": 0, "overlap": 0}
        self._index: Any = None
        if not skip:
            from evals import splits

            self._index = splits._Index(
                row for _, split in splits.iter_all() for row in split.untouched
            )

    def keep(self, text: str) -> bool:
        if self._index is None:
            return True
        hit = self._index.match(text)
        if hit is None:
            return True
        self.dropped[hit[0]] += 1
        return False


def build_training_set(
    config: TrainConfig,
    roles: dict[str, tuple[str, ...]] | None = None,
    *,
    sets: dict[str, list[tuple[str, str]]] | None = None,
    data_dir: Path = DEFAULT_DATA_DIR,
    dropped: dict[str, int] | None = None,
) -> tuple[list[tuple[str, str, float]], list[tuple[str, str]]]:
    """(text, label, weight) rows to fit on, and (text, label) rows held out for calibration.

    Sources: the fit rows of CLINC150, HWU64 and SLURP (`sets`, default `evals.splits`), the
    sentences sampled from Home Assistant's templates, our hand-written extras and each role's
    own examples (``Role.examples``). A hand-written or sampled sentence that (nearly)
    repeats an untouched request is left out; `dropped` (when given) gets how many, by kind
    ("exact", "overlap").
    """
    sets_given = sets is not None
    sets = _fit_rows() if sets is None else sets
    role_map = load_role_map(data_dir / "clinc150" / "role_map.json")
    actions: dict[str, list[str]] = json.loads(
        (data_dir / "voice-assistant" / "intent_actions.json").read_text(encoding="utf-8")
    )
    voice = intent_classes({k: v for k, v in actions.items() if not k.startswith("_")})
    classes = training_classes()
    fit_rows: list[tuple[str, str, float]] = []
    held: list[tuple[str, str]] = []
    set_weight = dict(config.set_weight)
    for name, rows in sorted(sets.items()):
        for text, intent in rows:
            label = label_for(intent, role_map) if name == "clinc150" else voice.get(intent, OTHER)
            if label not in classes:
                label = OTHER
            if _holdout(text, config.holdout_every):
                held.append((text, label))
                continue
            weight = (
                1.0
                if label != OTHER
                else (config.other_weight if name == "clinc150" else config.voice_other_weight)
            )
            if name == "clinc150" and intent == "oos":
                weight *= config.clinc_oos_weight
            fit_rows.append((text, label, weight * set_weight.get(name, 1.0)))
    repeats = _Repeats(sets_given)
    for path, weight in ((EXTRAS_PATH, config.extra_weight), (HA_PATH, config.ha_weight)):
        extras: dict[str, list[str]] = json.loads(path.read_text(encoding="utf-8"))
        for label, texts in sorted(extras.items()):
            if label.startswith("_"):
                continue
            if label not in classes:
                raise ValueError(f"Unknown class {label!r} in {path}; use one of {classes}.")
            fit_rows.extend((t, label, weight) for t in texts if repeats.keep(t))
    for role, examples in sorted((roles or {}).items()):
        if role in classes:
            fit_rows.extend((t, role, config.extra_weight) for t in examples if repeats.keep(t))
    if dropped is not None:
        dropped.update(repeats.dropped)
    return fit_rows, held


def _model_tool_roles(classes: Sequence[str]) -> frozenset[str]:
    """The classes whose built-in role acts through tools (stored in the model file, so a
    router without its roles knows them without importing every role)."""
    from agent_system.routing._model import TOOL_ROLES

    return frozenset(TOOL_ROLES) & set(classes)


def _matrix(texts: Sequence[str], cfg: TrainConfig, vectors: WordVectors | None) -> Sparse:
    dense = np.zeros((len(texts), vectors.dims if vectors is not None else 0))
    if vectors is not None:
        for row, text in enumerate(texts):
            dense[row] = vectors.sentence(words(text))
        dense *= cfg.vector_weight
    indptr = [0]
    cols: list[int] = []
    vals: list[float] = []
    for text in texts:
        groups = featurize(text, cfg.buckets)
        for group, weight in zip(groups, (cfg.word_weight, cfg.char_weight), strict=True):
            if not group:
                continue
            cols.extend(group)
            vals.extend([weight / math.sqrt(len(group))] * len(group))
        indptr.append(len(cols))
    return Sparse(
        np.array(indptr, dtype=np.int64),
        np.array(cols, dtype=np.int64),
        np.array(vals),
        dense,
        cfg.buckets,
    )


def _cached_matrix(
    texts: list[str],
    cfg: TrainConfig,
    vectors: WordVectors | None,
    cache: dict[Any, Sparse] | None,
) -> Sparse:
    if cache is None:
        return _matrix(texts, cfg, vectors)
    key = (tuple(texts), cfg.buckets, cfg.word_weight, cfg.char_weight, cfg.vector_weight, cfg.sif)
    if key not in cache:
        cache[key] = _matrix(texts, cfg, vectors)
    return cache[key]


def train(
    out: Path,
    config: TrainConfig | None = None,
    roles: dict[str, tuple[str, ...]] | None = None,
    *,
    sets: dict[str, list[tuple[str, str]]] | None = None,
    data_dir: Path = DEFAULT_DATA_DIR,
    vectors_path: Path = DEFAULT_VECTORS_PATH,
    cache: dict[Any, Sparse] | None = None,
) -> dict[str, Any]:
    """Fit, calibrate and write the model to `out`; return its metadata.

    With ``config.vector_weight > 0`` the model also reads the word vectors at `vectors_path`;
    the file names them (by file name, looked up beside the model, then in the package's data
    folder) with their SHA-256. `cache` (a dict kept between calls) keeps the feature matrices
    of texts already seen with the same feature settings (for sweeps over the other settings).
    """
    cfg = config or TrainConfig()
    started = time.perf_counter()
    dropped: dict[str, int] = {}
    fit_rows, held = build_training_set(cfg, roles, sets=sets, data_dir=data_dir, dropped=dropped)
    classes = training_classes()
    index = {name: i for i, name in enumerate(classes)}
    vectors = WordVectors.load(vectors_path, cfg.sif) if cfg.vector_weight > 0 else None
    x = _cached_matrix([t for t, _, _ in fit_rows], cfg, vectors, cache)
    labels = np.array([index[label] for _, label, _ in fit_rows])
    sample_weight = np.array([w for _, _, w in fit_rows])
    params = fit(
        x,
        labels,
        sample_weight,
        classes=len(classes),
        buckets=cfg.buckets,
        epochs=cfg.epochs,
        learning_rate=cfg.learning_rate,
        l2=cfg.l2,
        hidden=cfg.hidden,
        hidden_l2=cfg.hidden_l2,
    )
    params.bias[index[OTHER]] -= cfg.other_offset
    quantized, scales = quantize(params.weights_t.T)
    params.weights_t = (quantized.astype(np.float64) * scales[:, None]).T
    held_x = _cached_matrix([t for t, _ in held], cfg, vectors, cache)
    held_labels = np.array([index[label] for _, label in held], dtype=np.int64)
    held_scores = scores(held_x, params)
    temperature = fit_temperature(held_scores, held_labels) if held else 1.0
    held_acc = float((held_scores.argmax(axis=1) == held_labels).mean()) if held else 0.0
    meta: dict[str, Any] = {
        "format": 1,
        "classes": list(classes),
        "temperature": temperature,
        "word_weight": cfg.word_weight,
        "char_weight": cfg.char_weight,
        "config": asdict(cfg),
        "fit_examples": len(fit_rows),
        "calibration_examples": len(held),
        "calibration_accuracy": round(held_acc, 4),
        "role_examples": sorted(roles or {}),
        "dropped_repeats": dropped,
        "tool_roles": sorted(_model_tool_roles(classes)),
        "attribution": ATTRIBUTION + (VECTORS_ATTRIBUTION if vectors is not None else ""),
    }
    arrays: dict[str, npt.NDArray[Any]] = {
        "weights": quantized,
        "scales": scales.astype("<f8"),
        "bias": params.bias.astype("<f8"),
    }
    if vectors is not None:
        meta["vectors"] = {
            "file": vectors_path.name,
            "sha256": hashlib.sha256(vectors_path.read_bytes()).hexdigest(),
            "dims": vectors.dims,
            "sif": cfg.sif,
        }
        arrays["vector_weights"] = (params.dense * cfg.vector_weight).astype("<f8")
        if cfg.hidden:
            arrays["hidden_in"] = (params.hidden_in * cfg.vector_weight).astype("<f8")
            arrays["hidden_bias"] = params.hidden_bias.astype("<f8")
            arrays["hidden_out"] = params.hidden_out.astype("<f8")
    arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    write_npz(out, arrays)
    meta["seconds"] = round(time.perf_counter() - started, 1)
    return meta


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: train and write the shipped model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR, help="Data sets folder.")
    parser.add_argument("--out", type=Path, default=DEFAULT_MODEL_PATH, help="Model file.")
    parser.add_argument(
        "--role-examples", action="store_true", help="Also fit the installed roles' examples."
    )
    args = parser.parse_args(argv)
    meta = train(
        args.out, roles=role_examples() if args.role_examples else None, data_dir=args.data
    )
    print(json.dumps({k: v for k, v in meta.items() if k != "attribution"}, indent=2))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
