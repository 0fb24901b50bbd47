"""Fit and untouched splits of every development data set (one function per set).

Each function returns a :class:`Split`: ``fit`` rows (anything may be trained, calibrated or
tuned on them) and ``untouched`` rows (only ``make eval`` reads them; nothing is fitted, tuned
or inspected for error analysis on them). Unpack it like a pair::

    from evals.splits import clinc150, hwu64, slurp, ha_intents_en
    fit, untouched = slurp()
    for row in fit:
        row.text, row.intent, row.slots   # slots: ((type, value), ...)

Rules (the seed is the salt of the hash; change it and every split changes):

- CLINC150 (``clinc150/clinc150_train_val.json``): ``untouched`` is a fresh 20 % slice of
  ``train`` and ``oos_train``, stratified by intent; ``val``, ``oos_val`` and the rest of
  ``train`` are fit data (``val`` was already used for error analysis).
- SLURP devel and HWU64 train (``voice-assistant/*.jsonl``): ``untouched`` is a stratified 30 %.
  SLURP rows whose intent label is malformed (not one of the set's ``scenario_action`` intents,
  e.g. ``hue_lightoff``) are left out of both sides.
- Stratified by intent, chosen by a hash: within each intent the distinct normalised texts are
  ordered by SHA-256 of ``seed + text`` and the first ``round(share * n)`` (at least one when an
  intent has two or more) are untouched; every row with the same normalised text goes to the same
  side.
- Near-duplicates: a fit row of *any* set whose normalised text equals an untouched row's of any
  set, or whose word set overlaps one by Jaccard >= 0.8, is dropped from the fit side (HWU64 and
  SLURP come from related collections). :func:`near_duplicate_report` gives the counts.
- ``ha-intents-en`` (``ha-intents-en/tests/en/*.yaml``) is development data: all of it is fit and
  it is reported apart (Home Assistant's templates were written to pass it).

:func:`file_hashes` gives the SHA-256 of every data file read.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

__all__ = [
    "CLINC_SEED",
    "CLINC_SHARE",
    "JACCARD",
    "VOICE_SEED",
    "VOICE_SHARE",
    "DuplicateReport",
    "Row",
    "Split",
    "clinc150",
    "clinc_role_map",
    "datasets_dir",
    "file_hashes",
    "ha_dev_rows",
    "ha_fixtures",
    "ha_intents_en",
    "hwu64",
    "intent_actions",
    "iter_all",
    "near_duplicate_report",
    "normalise",
    "slurp",
    "slurp_malformed",
    "without_near_duplicates",
]

CLINC_SEED = "agent-system/evals/clinc150/v1"
CLINC_SHARE = 0.2
VOICE_SEED = "agent-system/evals/voice-assistant/v1"
VOICE_SHARE = 0.3
JACCARD = 0.8
"""Word-set overlap at or above which two requests count as near-duplicates."""

# SLURP intents outside HWU64's 64 that are well formed ``scenario_action`` labels.
_SLURP_EXTRA_INTENTS = frozenset({"general_greet", "cooking_query", "music_dislikeness"})


@dataclass(frozen=True)
class Row:
    """One request: its text, its intent label and its slot annotations."""

    text: str
    intent: str
    dataset: str
    slots: tuple[tuple[str, str], ...] = ()
    """(type, value) pairs: SLURP/HWU64 entities, or Home Assistant intent slots."""
    context: tuple[tuple[str, str], ...] = ()
    """Home Assistant test context (e.g. the satellite's ``area``); empty elsewhere."""
    response: str = ""
    """Home Assistant's expected response; empty elsewhere."""
    source: str = ""
    """File (and, for CLINC150, split) the row comes from."""


class Split(NamedTuple):
    """``fit`` rows (train/tune on them) and ``untouched`` rows (only evaluated)."""

    fit: tuple[Row, ...]
    untouched: tuple[Row, ...]


@dataclass
class DuplicateReport:
    """Fit rows dropped because they (nearly) repeat an untouched row."""

    exact: Counter[str] = field(default_factory=Counter)
    """Per data set: normalised text identical to an untouched row of any set."""
    overlap: Counter[str] = field(default_factory=Counter)
    """Per data set: word-set Jaccard >= :data:`JACCARD` with an untouched row."""
    examples: list[tuple[str, str]] = field(default_factory=list)
    """A few (dropped fit text, untouched text) pairs."""


def datasets_dir() -> Path:
    """``$AGENT_SYSTEM_DATASETS``, else ``../shared/datasets`` beside the repository."""
    env = os.environ.get("AGENT_SYSTEM_DATASETS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared" / "datasets"


_hashes: dict[str, str] = {}


def _read(path: Path) -> str:
    data = path.read_bytes()
    _hashes[str(path)] = hashlib.sha256(data).hexdigest()
    return data.decode("utf-8")


def file_hashes() -> dict[str, str]:
    """SHA-256 of every data file read so far in this process (path -> hex digest)."""
    return dict(sorted(_hashes.items()))


_WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    """Lower case, apostrophes dropped, every other non-alphanumeric run a single space."""
    return " ".join(_WORD.findall(text.lower().replace("'", "").replace("’", "")))


def _rank(seed: str, text: str) -> str:
    return hashlib.sha256(f"{seed}\n{text}".encode()).hexdigest()


def _stratified(rows: Sequence[Row], seed: str, share: float) -> Split:
    by_intent: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        by_intent[row.intent].add(normalise(row.text))
    chosen: set[tuple[str, str]] = set()
    for intent, texts in by_intent.items():
        n = len(texts)
        k = round(share * n)
        if n >= 2:
            k = max(k, 1)
        for text in sorted(texts, key=lambda t: _rank(seed, t))[:k]:
            chosen.add((intent, text))
    fit = tuple(r for r in rows if (r.intent, normalise(r.text)) not in chosen)
    untouched = tuple(r for r in rows if (r.intent, normalise(r.text)) in chosen)
    return Split(fit, untouched)


# ---------------------------------------------------------------- raw splits, before dedup


@lru_cache(maxsize=4)
def _clinc_raw(root: Path) -> Split:
    splits: dict[str, list[list[str]]] = json.loads(
        _read(root / "clinc150" / "clinc150_train_val.json")
    )
    name = "clinc150"

    def rows(part: str) -> list[Row]:
        return [Row(t, i, name, source=f"clinc150_train_val.json:{part}") for t, i in splits[part]]

    train = _stratified(rows("train") + rows("oos_train"), CLINC_SEED, CLINC_SHARE)
    return Split((*train.fit, *rows("val"), *rows("oos_val")), train.untouched)


def _voice_rows(path: Path, name: str, known: frozenset[str] | None) -> list[Row]:
    out = []
    for line in _read(path).splitlines():
        if not line.strip():
            continue
        raw: dict[str, Any] = json.loads(line)
        if known is not None and raw["intent"] not in known:
            continue
        slots = tuple((str(e["type"]), str(e["value"])) for e in raw.get("entities", ()))
        out.append(Row(raw["text"], raw["intent"], name, slots, source=path.name))
    return out


@lru_cache(maxsize=4)
def _hwu_all(root: Path) -> tuple[Row, ...]:
    return tuple(_voice_rows(root / "voice-assistant" / "hwu64_train.jsonl", "hwu64", None))


@lru_cache(maxsize=4)
def _hwu_raw(root: Path) -> Split:
    return _stratified(_hwu_all(root), VOICE_SEED, VOICE_SHARE)


@lru_cache(maxsize=4)
def _slurp_raw(root: Path) -> Split:
    known = frozenset(r.intent for r in _hwu_all(root)) | _SLURP_EXTRA_INTENTS
    rows = _voice_rows(root / "voice-assistant" / "slurp_devel.jsonl", "slurp", known)
    return _stratified(rows, VOICE_SEED, VOICE_SHARE)


def slurp_malformed(root: Path | None = None) -> int:
    """How many SLURP devel rows are left out for a malformed intent label."""
    root = root or datasets_dir()
    total = sum(1 for line in _read(root / "voice-assistant" / "slurp_devel.jsonl").splitlines())
    raw = _slurp_raw(root)
    return total - len(raw.fit) - len(raw.untouched)


# ---------------------------------------------------------------- near-duplicates


def _tokens(text: str) -> frozenset[str]:
    return frozenset(normalise(text).split())


class _Index:
    """Prefix-filtered Jaccard search over the untouched rows (exact for the threshold)."""

    def __init__(self, rows: Iterable[Row]) -> None:
        self.sets: list[frozenset[str]] = []
        self.texts: list[str] = []
        self.exact: dict[str, str] = {}
        for row in rows:
            norm = normalise(row.text)
            self.exact.setdefault(norm, row.text)
            self.sets.append(frozenset(norm.split()))
            self.texts.append(row.text)
        self.freq: Counter[str] = Counter(t for s in self.sets for t in s)
        self.postings: dict[str, list[int]] = defaultdict(list)
        for i, s in enumerate(self.sets):
            for tok in self._prefix(s):
                self.postings[tok].append(i)

    def _prefix(self, s: frozenset[str]) -> list[str]:
        ordered = sorted(s, key=lambda t: (self.freq.get(t, 0), t))
        keep = len(s) - math.ceil(JACCARD * len(s)) + 1
        return ordered[:keep]

    def match(self, text: str) -> tuple[str, str] | None:
        """("exact" | "overlap", untouched text) when `text` (nearly) repeats one."""
        norm = normalise(text)
        if norm in self.exact:
            return "exact", self.exact[norm]
        s = frozenset(norm.split())
        if not s:
            return None
        seen: set[int] = set()
        for tok in self._prefix(s):
            for i in self.postings.get(tok, ()):
                if i in seen:
                    continue
                seen.add(i)
                other = self.sets[i]
                if len(s & other) / len(s | other) >= JACCARD:
                    return "overlap", self.texts[i]
        return None


@lru_cache(maxsize=4)
def _deduplicated(root: Path) -> tuple[dict[str, Split], DuplicateReport]:
    raw = {"clinc150": _clinc_raw(root), "hwu64": _hwu_raw(root), "slurp": _slurp_raw(root)}
    raw["ha-intents-en"] = Split(_ha_rows(root), ())
    index = _Index(r for split in raw.values() for r in split.untouched)
    report = DuplicateReport()
    out: dict[str, Split] = {}
    for name, split in raw.items():
        keep = []
        for row in split.fit:
            hit = index.match(row.text)
            if hit is None:
                keep.append(row)
                continue
            kind, other = hit
            (report.exact if kind == "exact" else report.overlap)[name] += 1
            if kind == "overlap" and len(report.examples) < 8:
                report.examples.append((row.text, other))
        out[name] = Split(tuple(keep), split.untouched)
    return out, report


def _resolve(root: Path | None) -> Path:
    return (root or datasets_dir()).resolve()


def clinc150(root: Path | None = None) -> Split:
    """CLINC150: untouched = 20 % of ``train``+``oos_train`` per intent; fit = the rest + ``val``.

    Intents map to roles through ``clinc150/role_map.json``; ``oos`` and unmapped intents belong
    to no tool role.
    """
    return _deduplicated(_resolve(root))[0]["clinc150"]


def hwu64(root: Path | None = None) -> Split:
    """HWU64 train: untouched = 30 % per intent (hash of the text); fit = the rest."""
    return _deduplicated(_resolve(root))[0]["hwu64"]


def slurp(root: Path | None = None) -> Split:
    """SLURP devel: untouched = 30 % per intent (hash of the text); fit = the rest."""
    return _deduplicated(_resolve(root))[0]["slurp"]


def ha_intents_en(root: Path | None = None) -> Split:
    """Home Assistant's English intent tests: all development (fit) data, nothing untouched.

    One row per sentence; ``slots`` and ``context`` are the test's (list values give one pair
    each). The home they run against is ``ha-intents-en/tests/en/_fixtures.yaml``.
    """
    return _deduplicated(_resolve(root))[0]["ha-intents-en"]


def near_duplicate_report(root: Path | None = None) -> DuplicateReport:
    """Counts of fit rows dropped as (near-)duplicates of untouched rows, per data set."""
    return _deduplicated(_resolve(root))[1]


def intent_actions(root: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Voice-assistant intent -> the built-in tools that serve it (``role.*``: any of the role)."""
    path = _resolve(root) / "voice-assistant" / "intent_actions.json"
    raw: dict[str, Any] = json.loads(_read(path))
    return {k: tuple(v) for k, v in raw.items() if not k.startswith("_")}


def clinc_role_map(root: Path | None = None) -> dict[str, str]:
    """CLINC150 intent -> role (``role_map.json``)."""
    raw: dict[str, Any] = json.loads(_read(_resolve(root) / "clinc150" / "role_map.json"))
    return {i: role for role, intents in raw.items() if not role.startswith("_") for i in intents}


# ---------------------------------------------------------------- ha-intents-en


def _pairs(mapping: dict[str, Any] | None) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for key, value in (mapping or {}).items():
        values = value if isinstance(value, list) else [value]
        out.extend((str(key), str(v)) for v in values)
    return tuple(out)


SATELLITE_AREA = "Living Room"
"""Where a ``context_area: true`` test's satellite is (the area of most of the set's contexts)."""
_CONTEXT_AREA = re.compile(r"^#\s*context_area:\s*true\s*$", re.MULTILINE)


@lru_cache(maxsize=4)
def _ha_rows(root: Path) -> tuple[Row, ...]:
    import yaml

    folder = root / "ha-intents-en" / "tests" / "en"
    _read(folder / "_fixtures.yaml")
    rows: list[Row] = []
    for path in sorted(folder.rglob("*.yaml")):
        if path.name.startswith("_"):
            continue
        raw = _read(path)
        doc: dict[str, Any] = yaml.safe_load(raw)
        # A file whose header says "context_area: true" holds requests said to a satellite in an
        # area ("turn off the lights in here"): they run from the area most of the set's
        # satellite tests use.
        satellite = (("area", SATELLITE_AREA),) if _CONTEXT_AREA.search(raw) else ()
        # tests/en/<domain>_<Intent>.yaml name the intent per test; tests/en/<Intent>/*.yaml
        # (fuzzy-matching tests with their own entities) name it by the folder.
        nested = path.parent != folder
        source = f"{path.parent.name}/{path.name}" if nested else path.name
        for test in doc.get("tests", ()):
            intent = test.get("intent") or {}
            name = path.parent.name if nested else str(intent.get("name", ""))
            slots = _pairs(test.get("slots") if nested else intent.get("slots"))
            context = _pairs(intent.get("context")) or satellite
            response = test.get("response", "")
            for sentence in test.get("sentences", ()):
                rows.append(
                    Row(
                        str(sentence),
                        name,
                        "ha-intents-en",
                        slots,
                        context,
                        str(response if isinstance(response, str) else response[0]),
                        source,
                    )
                )
    return tuple(rows)


def ha_dev_rows(root: Path | None = None) -> tuple[Row, ...]:
    """Every ``ha-intents-en`` sentence (1,089), for the development report.

    :func:`ha_intents_en` is the same minus near-duplicates of untouched rows (train on that).
    """
    return _ha_rows(_resolve(root))


def ha_fixtures(root: Path | None = None) -> dict[str, Any]:
    """The Home Assistant test home (``_fixtures.yaml``): floors, areas, entities."""
    import yaml

    path = _resolve(root) / "ha-intents-en" / "tests" / "en" / "_fixtures.yaml"
    loaded: dict[str, Any] = yaml.safe_load(_read(path))
    return loaded


def iter_all(root: Path | None = None) -> Iterator[tuple[str, Split]]:
    """Every data set's name and split, in report order."""
    for name, func in (
        ("slurp", slurp),
        ("hwu64", hwu64),
        ("clinc150", clinc150),
        ("ha-intents-en", ha_intents_en),
    ):
        yield name, func(root)


def without_near_duplicates(texts: Iterable[str], root: Path | None = None) -> list[str]:
    """`texts` minus those that (nearly) repeat an untouched row of any set.

    For hand-written training text (``Role.examples``, ``routing/data/*.json``): filter it through
    this before fitting, the same way the fit splits are filtered.
    """
    root = _resolve(root)
    index = _Index(r for name, split in iter_all(root) for r in split.untouched)
    return [t for t in texts if index.match(t) is None]
