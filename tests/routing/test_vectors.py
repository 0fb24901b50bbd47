"""The shipped word vectors, the sentence vector, and a model that reads them."""

from __future__ import annotations

import math
import zipfile
from pathlib import Path

import numpy as np
import pytest

from agent_system.routing._model import DEFAULT_MODEL_PATH, LinearModel, ModelFileError
from agent_system.routing._vectors import DEFAULT_VECTORS_PATH, WordVectors
from agent_system.routing.train import DEFAULT_DATA_DIR, TrainConfig, train

needs_data = pytest.mark.skipif(
    not (DEFAULT_DATA_DIR / "voice-assistant" / "intent_actions.json").exists(),
    reason=f"development data not at {DEFAULT_DATA_DIR}",
)


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def test_the_shipped_vectors_load_and_match_numpy() -> None:
    vectors = WordVectors.load()
    assert len(vectors.index) >= 20000
    assert "weather" in vectors.index
    with np.load(DEFAULT_VECTORS_PATH, allow_pickle=False) as data:
        assert data["vectors"].shape == (len(vectors.index), vectors.dims)
        row = vectors.index["timer"]
        assert list(data["vectors"][row]) == list(
            vectors.vectors[row * vectors.dims : (row + 1) * vectors.dims]
        )
    assert "all-MiniLM-L6-v2" in vectors.meta["source"]


def test_words_of_one_meaning_are_near_and_unrelated_ones_are_not() -> None:
    vectors = WordVectors.load()

    def near(a: str, b: str) -> float:
        return _cos(vectors.sentence([a]), vectors.sentence([b]))

    assert near("drizzle", "rain") > near("drizzle", "calendar") + 0.3
    assert near("meeting", "appointment") > near("meeting", "lamp") + 0.3
    assert near("lamp", "light") > near("lamp", "weather") + 0.2


def test_a_sentence_vector_has_unit_length_and_unknown_words_give_zeros() -> None:
    vectors = WordVectors.load()
    sentence = vectors.sentence(["will", "it", "rain", "tomorrow"])
    assert math.fsum(v * v for v in sentence) == pytest.approx(1.0)
    assert vectors.sentence(["qqzxv", "zzyzzq"]) == [0.0] * vectors.dims
    assert vectors.sentence([]) == [0.0] * vectors.dims


def test_the_numpy_sentence_vector_is_the_plain_one_bit_for_bit() -> None:
    vectors = WordVectors.load()
    for found in (["will", "it", "rain", "tomorrow"], ["the", "the", "lamp"], ["timer"]):
        assert list(vectors.sentence_array(found)) == vectors.sentence(found)  # type: ignore[arg-type]
    assert vectors.sentence_array(["qqzxv"]) is None
    assert vectors.sentence_array([]) is None


def test_frequent_words_weigh_less_than_rare_ones() -> None:
    vectors = WordVectors.load()
    assert vectors.weight(vectors.index["the"]) < vectors.weight(vectors.index["umbrella"]) / 5


def test_a_broken_vectors_file_says_how_to_rebuild(tmp_path: Path) -> None:
    bad = tmp_path / "word_vectors.npz"
    with zipfile.ZipFile(bad, "w") as archive:
        archive.writestr("words.npy", b"not an array")
    with pytest.raises(ModelFileError, match=r"not a \.npy array"):
        WordVectors.load(bad)
    with pytest.raises(ModelFileError, match="does not exist"):
        WordVectors.load(tmp_path / "missing.npz")


def test_the_shipped_model_reads_the_shipped_vectors() -> None:
    model = LinearModel.load(DEFAULT_MODEL_PATH)
    assert model.vectors is not None
    spec = model.meta["vectors"]
    assert spec["file"] == DEFAULT_VECTORS_PATH.name
    assert spec["dims"] == model.vectors.dims
    assert "all-MiniLM-L6-v2" in model.meta["attribution"]


@needs_data
def test_pure_python_scores_match_the_trainer_with_vectors(tmp_path: Path) -> None:
    from agent_system.routing import train as trainer
    from agent_system.routing._fitting import Params, scores

    config = TrainConfig(buckets=2**10, epochs=30, vector_weight=2.0, hidden=0)
    sets = {
        "clinc150": [("set a timer for ten minutes", "timer"), ("book a flight", "book_flight")],
        "hwu64": [("dim the lights", "iot_hue_lightdim"), ("will it drizzle", "weather_query")],
    }
    out = tmp_path / "model.npz"
    train(out, config, sets=sets)
    model = LinearModel.load(out)
    assert model.vectors is not None
    texts = ["is it going to pour tomorrow", "switch the lamp off"]
    with np.load(out, allow_pickle=False) as data:
        restored = data["weights"].astype(np.float64) * data["scales"][:, None]
        params = Params(
            weights_t=restored.T,
            bias=data["bias"],
            dense=data["vector_weights"] / config.vector_weight,
            hidden_in=np.zeros((0, model.vectors.dims)),
            hidden_bias=np.zeros(0),
            hidden_out=np.zeros((len(model.classes), 0)),
        )
        expected = scores(trainer._matrix(texts, config, model.vectors), params)
    for text, row in zip(texts, expected, strict=True):
        assert model.logits(text) == pytest.approx(list(row), abs=1e-6)


@needs_data
def test_a_model_without_its_vectors_file_fails_plainly(tmp_path: Path) -> None:
    config = TrainConfig(buckets=2**8, epochs=2)
    sets = {"hwu64": [("dim the lights", "iot_hue_lightdim"), ("play jazz", "play_music")]}
    vectors = tmp_path / "my_vectors.npz"
    vectors.write_bytes(DEFAULT_VECTORS_PATH.read_bytes())
    out = tmp_path / "model.npz"
    train(out, config, sets=sets, vectors_path=vectors)
    assert LinearModel.load(out).vectors is not None
    vectors.unlink()
    with pytest.raises(ModelFileError, match="does not exist"):
        LinearModel.load(out)
