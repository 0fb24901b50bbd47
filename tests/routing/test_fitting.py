"""The router trainer's numerics: sparse products, the hidden layer, data-set weights."""

from __future__ import annotations

import zipfile
from pathlib import Path

import numpy as np
import pytest

from agent_system.routing._fitting import Params, Sparse, fit, scores
from agent_system.routing._model import LinearModel, ModelFileError
from agent_system.routing._vectors import DEFAULT_VECTORS_PATH
from agent_system.routing.train import (
    DEFAULT_DATA_DIR,
    TrainConfig,
    _matrix,
    build_training_set,
    train,
)

needs_data = pytest.mark.skipif(
    not (DEFAULT_DATA_DIR / "clinc150" / "role_map.json").exists(),
    reason=f"development data sets not at {DEFAULT_DATA_DIR}",
)


def _random_sparse(rng: np.random.Generator, n: int, buckets: int, dims: int) -> Sparse:
    counts = rng.integers(0, 6, n)  # some rows have no feature at all
    indptr = np.r_[0, np.cumsum(counts)].astype(np.int64)
    cols = rng.integers(0, buckets, int(indptr[-1])).astype(np.int64)
    return Sparse(indptr, cols, rng.random(len(cols)), rng.random((n, dims)), buckets)


def _dense(x: Sparse) -> np.ndarray:
    out = np.zeros((x.n, x.buckets))
    for row in range(x.n):
        for at in range(x.indptr[row], x.indptr[row + 1]):
            out[row, x.cols[at]] += x.vals[at]
    return out


def test_sparse_products_are_the_dense_ones() -> None:
    rng = np.random.default_rng(1)
    x = _random_sparse(rng, 30, 17, 4)
    weights = rng.normal(size=(17, 3))
    grad = rng.normal(size=(30, 3))
    assert np.allclose(x.times(weights), _dense(x) @ weights)
    assert np.allclose(x.transpose_times(grad), _dense(x).T @ grad)


def test_the_hidden_layer_learns_what_a_linear_model_cannot() -> None:
    # XOR of the two sentence-vector coordinates: no linear model gets more than 3 of 4
    rng = np.random.default_rng(2)
    corners = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    dense = np.repeat(corners, 25, axis=0) * 2 - 1 + rng.normal(0, 0.1, (100, 2))
    labels = np.repeat(np.array([0, 1, 1, 0]), 25)
    x = Sparse(np.zeros(101, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0), dense, 8)
    common = {"classes": 2, "buckets": 8, "epochs": 300, "learning_rate": 0.05, "l2": 0.0}
    accuracy = {}
    for hidden in (0, 16):
        params = fit(x, labels, np.ones(100), hidden=hidden, **common)  # type: ignore[arg-type]
        accuracy[hidden] = float((scores(x, params).argmax(axis=1) == labels).mean())
    assert accuracy[0] <= 0.8
    assert accuracy[16] >= 0.95


SETS = {
    "clinc150": [
        ("set a timer for ten minutes", "timer"),
        ("book a flight to rome", "book_flight"),
        ("who painted the mona lisa", "oos"),
    ],
    "hwu64": [("dim the lights", "iot_hue_lightdim"), ("play jazz", "play_music")],
    "slurp": [
        ("will it be windy in oslo on friday morning", "weather_query"),
        ("wake me at six", "alarm_set"),
    ],
}


@needs_data
def test_a_model_with_a_hidden_layer_scores_at_run_time_as_it_was_fitted(tmp_path: Path) -> None:
    config = TrainConfig(buckets=2**10, epochs=20, hidden=6, holdout_every=1000)
    train(tmp_path / "m.npz", config, sets=SETS, vectors_path=DEFAULT_VECTORS_PATH)
    model = LinearModel.load(tmp_path / "m.npz")
    assert [a.shape for a in model.hidden] == [(6, 96), (6,), (len(model.classes), 6)]
    texts = ["turn off the kitchen lights", "how long until my pasta is ready", "qqzxv zzyzzq"]
    from agent_system.routing._vectors import WordVectors

    x = _matrix(texts, config, WordVectors.load(DEFAULT_VECTORS_PATH, config.sif))
    vw = config.vector_weight
    assert model.vector_weights is not None
    params = Params(
        weights_t=model.weights.astype(np.float64) * model.scales,
        bias=model.bias,
        dense=model.vector_weights / vw,
        hidden_in=model.hidden[0] / vw,
        hidden_bias=model.hidden[1],
        hidden_out=model.hidden[2],
    )
    expected = scores(x, params)
    for row, text in enumerate(texts):
        assert np.allclose(model.logits(text), expected[row])
    # the hidden layer changes the scores (it is not a zero layer)
    no_hidden = LinearModel(**{**model.__dict__, "hidden": ()})
    assert not np.allclose(no_hidden.logits(texts[0]), model.logits(texts[0]))


@needs_data
def test_a_half_written_hidden_layer_says_how_to_rebuild(tmp_path: Path) -> None:
    config = TrainConfig(buckets=2**10, epochs=2, hidden=3, holdout_every=1000)
    train(tmp_path / "m.npz", config, sets=SETS)
    with (
        zipfile.ZipFile(tmp_path / "m.npz") as source,
        zipfile.ZipFile(tmp_path / "bad.npz", "w") as target,
    ):
        for name in source.namelist():
            if name != "hidden_out.npy":
                target.writestr(name, source.read(name))
    with pytest.raises(ModelFileError, match=r"python -m agent_system\.routing\.train"):
        LinearModel.load(tmp_path / "bad.npz")


@needs_data
def test_data_sets_and_clinc_out_of_scope_rows_are_weighed_as_configured() -> None:
    config = TrainConfig(holdout_every=1000, set_weight=(("slurp", 3.0),), clinc_oos_weight=0.0)
    rows, _ = build_training_set(config, sets=SETS)
    weight = {text: w for text, _, w in rows}
    assert weight["will it be windy in oslo on friday morning"] == 3.0
    assert weight["dim the lights"] == 1.0
    assert weight["who painted the mona lisa"] == 0.0
    assert weight["book a flight to rome"] == config.other_weight
