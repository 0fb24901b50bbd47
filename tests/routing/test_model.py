"""The shipped model file, the trainer's determinism, and calibration on held-out fit rows."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from agent_system.routing import EmbeddedRouter, RouteRequest
from agent_system.routing._features import featurize_words, words
from agent_system.routing._model import (
    CLASSES,
    DEFAULT_MODEL_PATH,
    TOOL_ROLES,
    LinearModel,
    ModelFileError,
)
from agent_system.routing.train import (
    DEFAULT_DATA_DIR,
    EXTRAS_PATH,
    HA_PATH,
    TrainConfig,
    build_training_set,
    label_for,
    role_examples,
    train,
    training_classes,
)

DATASET = DEFAULT_DATA_DIR / "clinc150" / "clinc150_train_val.json"
needs_clinc = pytest.mark.skipif(not DATASET.exists(), reason=f"CLINC150 not at {DATASET}")


def test_the_shipped_model_loads_with_its_attribution() -> None:
    model = LinearModel.load()
    assert set(model.classes) == set(training_classes())
    assert set(CLASSES) <= set(model.classes)
    assert "CLINC150" in model.meta["attribution"]
    assert "CC BY 3.0" in model.meta["attribution"]
    assert 0.05 < model.temperature < 20


def test_the_reader_matches_numpy_load() -> None:
    model = LinearModel.load()
    with np.load(DEFAULT_MODEL_PATH, allow_pickle=False) as data:
        weights = data["weights"]
        assert weights.shape == (len(model.classes), model.buckets)
        assert list(weights[3, :50]) == list(model.weights[:50, 3])
        assert list(data["bias"]) == list(model.bias)


def _plain_python_logits(model: LinearModel, text: str) -> list[float]:
    """The scores as the first, loop-by-loop implementation computed them."""
    found = words(text)
    word_idx, char_idx = featurize_words(found, model.buckets)
    word_value = model.word_weight / math.sqrt(len(word_idx)) if word_idx else 0.0
    char_value = model.char_weight / math.sqrt(len(char_idx)) if char_idx else 0.0
    out = []
    for k in range(len(model.classes)):
        total = sum(int(model.weights[i, k]) for i in word_idx) * word_value
        total += sum(int(model.weights[i, k]) for i in char_idx) * char_value
        out.append(float(model.bias[k]) + float(model.scales[k]) * total)
    if model.vectors is not None and model.vector_weights is not None:
        sentence = model.vectors.sentence(found)
        for k in range(len(model.classes)):
            out[k] += sum(
                float(w) * s for w, s in zip(model.vector_weights[k], sentence, strict=True)
            )
        if model.hidden:
            into, bias, out_of = model.hidden
            units = []
            for j in range(len(bias)):
                pre = sum(float(w) * s for w, s in zip(into[j], sentence, strict=True))
                units.append(max(0.0, float(bias[j]) + pre))
            for k in range(len(model.classes)):
                out[k] += sum(float(w) * u for w, u in zip(out_of[k], units, strict=True))
    return out


def test_vectorised_scores_are_the_plain_python_ones() -> None:
    model = LinearModel.load()
    data = json.loads(EXTRAS_PATH.read_text(encoding="utf-8"))
    texts = [t for k, v in data.items() if not k.startswith("_") for t in v][::10]
    texts += ["", "qqzxv zzyzzq", "set a timer for 5 minutes and turn off the lights"]
    for text in texts:
        fast, slow = model.logits(text), _plain_python_logits(model, text)
        assert fast == pytest.approx(slow, rel=1e-12, abs=1e-12)
        assert fast.index(max(fast)) == slow.index(max(slow))


def test_probabilities_sum_to_one_and_repeat_exactly() -> None:
    model = LinearModel.load()
    first = model.probabilities("turn off the porch light")
    assert sum(first.values()) == pytest.approx(1.0)
    assert model.probabilities("turn off the porch light") == first


def test_a_missing_model_file_says_how_to_rebuild_it(tmp_path: Path) -> None:
    with pytest.raises(ModelFileError, match=r"python -m agent_system\.routing\.train"):
        LinearModel.load(tmp_path / "nope.npz")


def test_a_file_that_is_not_an_npz_is_rejected(tmp_path: Path) -> None:
    bad = tmp_path / "model.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ModelFileError, match=r"not an \.npz"):
        LinearModel.load(bad)


@needs_clinc
def test_training_is_deterministic_byte_for_byte(tmp_path: Path) -> None:
    config = TrainConfig(buckets=2**10, epochs=3)
    sets = {
        "clinc150": [("set a timer for ten minutes", "timer"), ("book a flight", "book_flight")],
        "hwu64": [("dim the lights", "iot_hue_lightdim"), ("play jazz", "play_music")],
    }
    train(tmp_path / "a.npz", config, sets=sets)
    train(tmp_path / "b.npz", config, sets=sets)
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    small = LinearModel.load(tmp_path / "a.npz")
    assert small.classes == training_classes()
    decision = EmbeddedRouter(small).decide(RouteRequest(text="set a timer"))
    assert decision.scores.keys() == set(training_classes())


@needs_clinc
def test_the_model_is_fitted_on_no_untouched_request_nor_a_near_repeat() -> None:
    from evals import splits

    index = splits._Index(row for _, split in splits.iter_all() for row in split.untouched)
    dropped: dict[str, int] = {}
    fit_rows, held = build_training_set(TrainConfig(), role_examples(), dropped=dropped)
    repeats = sum(index.match(t) is not None for t, _, _ in fit_rows)
    repeats += sum(index.match(t) is not None for t, _ in held)
    assert repeats == 0  # counted, never printed: these are untouched rows
    assert dropped["exact"] + dropped["overlap"] > 0


def test_the_shipped_model_records_what_it_left_out_and_its_tool_roles() -> None:
    meta = LinearModel.load().meta
    assert set(meta["dropped_repeats"]) == {"exact", "overlap"}
    assert sum(meta["dropped_repeats"].values()) > 0
    assert set(meta["tool_roles"]) == set(TOOL_ROLES) & set(meta["classes"])
    # a router built without its roles knows them from the file (no role is imported)
    assert EmbeddedRouter(LinearModel.load()).tool_roles == frozenset(meta["tool_roles"])


def test_the_shipped_model_has_the_hidden_layer_its_config_names() -> None:
    model = LinearModel.load()
    units = model.meta["config"]["hidden"]
    assert units == TrainConfig().hidden  # retrain after changing the default
    assert model.vectors is not None
    assert [a.shape for a in model.hidden] == [
        (units, model.vectors.dims),
        (units,),
        (len(model.classes), units),
    ]


def test_clinc_volume_requests_are_fitted_as_the_voice_sets_label_them() -> None:
    role_map = {"timer": "timer"}
    assert label_for("change_volume", role_map) == "smart_home"
    assert label_for("timer", role_map) == "timer"
    assert label_for("book_flight", role_map) == "other"


def test_hand_written_and_sampled_sentences_are_all_of_known_classes() -> None:
    for path in (EXTRAS_PATH, HA_PATH):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert {k for k in data if not k.startswith("_")} <= set(training_classes())


@needs_clinc
def test_confident_decisions_on_the_calibration_slice_are_right(router: EmbeddedRouter) -> None:
    _, held = build_training_set(TrainConfig())
    sample = held[::3]
    confident = right = 0
    for text, label in sample:
        decision = router.decide(RouteRequest(text=text))
        if decision.confidence < 0.95 or decision.slots.get("parts"):
            continue
        confident += 1
        if label == "other":
            right += decision.role not in TOOL_ROLES
        else:
            right += decision.role == label
    assert confident >= len(sample) * 0.6
    assert right / confident >= 0.95
