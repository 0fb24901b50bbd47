"""The shipped model file, the trainer's determinism, and calibration on a val sample."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import agent_system.routing as routing
from agent_system.routing import EmbeddedRouter, RouteRequest
from agent_system.routing._model import (
    CLASSES,
    DEFAULT_MODEL_PATH,
    TOOL_ROLES,
    LinearModel,
    ModelFileError,
)
from agent_system.routing.train import DEFAULT_DATA_DIR, EXTRAS_PATH, TrainConfig, train

DATASET = DEFAULT_DATA_DIR / "clinc150_train_val.json"
needs_clinc = pytest.mark.skipif(not DATASET.exists(), reason=f"CLINC150 not at {DATASET}")


def test_the_shipped_model_loads_with_its_attribution() -> None:
    model = LinearModel.load()
    assert model.classes == CLASSES
    assert "CLINC150" in model.meta["attribution"]
    assert "CC BY 3.0" in model.meta["attribution"]
    assert 0.05 < model.temperature < 20


def test_the_pure_python_reader_matches_numpy() -> None:
    model = LinearModel.load()
    with np.load(DEFAULT_MODEL_PATH, allow_pickle=False) as data:
        weights = data["weights"]
        assert weights.shape == (len(CLASSES), model.buckets)
        assert list(weights[3, :50]) == list(model.weights[3][:50])
        assert list(data["bias"]) == list(model.bias)


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
    train(DEFAULT_DATA_DIR, tmp_path / "a.npz", config)
    train(DEFAULT_DATA_DIR, tmp_path / "b.npz", config)
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    small = EmbeddedRouter(LinearModel.load(tmp_path / "a.npz"))
    assert small.decide(RouteRequest(text="set a timer")).scores.keys() == set(CLASSES)


@needs_clinc
def test_hand_written_examples_never_copy_a_val_request() -> None:
    splits = json.loads(DATASET.read_text(encoding="utf-8"))
    val = {text for text, _ in [*splits["val"], *splits["oos_val"]]}
    extras = json.loads(EXTRAS_PATH.read_text(encoding="utf-8"))
    copied = [
        t for label, texts in extras.items() if label != "_comment" for t in texts if t in val
    ]
    assert copied == []


@needs_clinc
def test_confident_decisions_on_a_val_sample_are_right(router: EmbeddedRouter) -> None:
    splits = json.loads(DATASET.read_text(encoding="utf-8"))
    role_map = json.loads((DEFAULT_DATA_DIR / "role_map.json").read_text(encoding="utf-8"))
    owner = {i: role for role, intents in role_map.items() if role[0] != "_" for i in intents}
    sample = [*splits["val"][::10], *splits["oos_val"][::5]]
    confident = right = 0
    # Intents of a role the shipped model has no class for yet are not scored here.
    sample = [(t, i) for t, i in sample if owner.get(i, "conversation") in CLASSES]
    for text, intent in sample:
        decision = router.decide(RouteRequest(text=text))
        if decision.confidence < 0.95:
            continue
        confident += 1
        expected = owner.get(intent)
        right += decision.role == expected if expected else decision.role not in TOOL_ROLES
    assert confident >= len(sample) * 0.8
    assert right / confident >= 0.97


def test_the_package_exports_exactly_its_public_names() -> None:
    exported = {name for name in dir(routing) if not name.startswith("_")}
    assert set(routing.__all__) <= exported
    assert sorted(routing.__all__) == sorted(
        [
            "EmbeddedRouter",
            "HybridRouter",
            "LLMRouter",
            "RouteChoice",
            "RouteDecision",
            "RouteRequest",
            "RouteTarget",
            "Router",
            "Turn",
            "load_default_router",
        ]
    )
