from __future__ import annotations

import hashlib
from pathlib import Path

from evals import splits


def test_split_is_stratified_disjoint_and_stable(datasets: Path) -> None:
    fit, untouched = splits.hwu64()
    assert {r.intent for r in untouched} == {r.intent for r in fit} | {r.intent for r in untouched}
    assert len(untouched) >= 4  # at least one per intent (each has >= 2 rows)
    fit_texts = {splits.normalise(r.text) for r in fit}
    assert not fit_texts & {splits.normalise(r.text) for r in untouched}
    again = splits._stratified(splits._hwu_all(datasets.resolve()), splits.VOICE_SEED, 0.3)
    assert again.untouched == splits._hwu_raw(datasets.resolve()).untouched
    other = splits._stratified(splits._hwu_all(datasets.resolve()), "another seed", 0.3)
    assert {r.intent for r in other.untouched} == {r.intent for r in untouched}


def test_near_duplicates_leave_the_fit_side(datasets: Path) -> None:
    slurp_fit, slurp_untouched = splits.slurp()
    hwu_fit, hwu_untouched = splits.hwu64()
    untouched = {splits.normalise(r.text) for r in (*slurp_untouched, *hwu_untouched)}
    # "what is the weather in paris" is in both sets: it may be untouched in one, never fit
    # in the other while untouched anywhere.
    for row in (*slurp_fit, *hwu_fit):
        assert splits.normalise(row.text) not in untouched
    report = splits.near_duplicate_report()
    raw_fit = len(splits._hwu_raw(datasets.resolve()).fit)
    raw_fit += len(splits._slurp_raw(datasets.resolve()).fit)
    dropped = sum(report.exact.values()) + sum(report.overlap.values())
    assert len(hwu_fit) + len(slurp_fit) == raw_fit - dropped


def test_malformed_slurp_labels_are_left_out(datasets: Path) -> None:
    fit, untouched = splits.slurp()
    assert "hue_lightoff" not in {r.intent for r in (*fit, *untouched)}
    assert splits.slurp_malformed() == 1


def test_clinc_keeps_val_for_fit_and_slices_train(datasets: Path) -> None:
    fit, untouched = splits.clinc150()
    assert all(r.source.endswith((":train", ":oos_train")) for r in untouched)
    assert {r.intent for r in untouched} == {"timer", "calculator", "oos"}
    assert any(r.source.endswith(":val") for r in fit)


def test_ha_rows_and_file_hashes(datasets: Path) -> None:
    rows = splits.ha_dev_rows()
    assert [r.text for r in rows] == ["turn on the kitchen light", "kitchen light on"]
    assert rows[0].slots == (("name", "Kitchen Light"),)
    splits.hwu64()
    hashes = splits.file_hashes()
    path = datasets.resolve() / "voice-assistant" / "hwu64_train.jsonl"
    assert hashes[str(path)] == hashlib.sha256(path.read_bytes()).hexdigest()
