"""The whole `make eval` pipeline on the tiny data sets of conftest.py, through the public API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evals.__main__ import main


@pytest.mark.slow
def test_eval_runs_end_to_end_on_a_tiny_fixture(datasets: Path, tmp_path: Path) -> None:
    doc, results = tmp_path / "understanding.md", tmp_path / "understanding.json"
    only = "slurp,hwu64,clinc150,ha-intents-en,compounds,selection"
    # --limit keeps every tiny set whole and composes 20 compounds per group instead of hundreds
    limit = ["--limit", "20"]
    assert main(["--only", only, "--out", str(doc), "--json", str(results), *limit]) == 0
    text = doc.read_text(encoding="utf-8")
    data = json.loads(results.read_text(encoding="utf-8"))
    # every untouched request was scored once; out-of-scope ones apart from in-scope ones
    from evals import splits

    hwu = data["sets"]["hwu64"]["all"]
    in_scope = [r for r in splits.hwu64().untouched if r.intent != "qa_stock"]
    assert hwu["tool"]["n"] == len(in_scope)
    assert hwu["oos_no_action"]["n"] == len(splits.hwu64().untouched) - len(in_scope)
    assert data["sets"]["ha-intents-en"]["all"]["right"]["n"] == 2
    clinc = data["sets"]["clinc150"]["all"]
    assert clinc["in_role"]["n"] + clinc["oos_to_tool"]["n"] == len(splits.clinc150().untouched)
    # a plain weather request is routed and planned right (the place is in the arguments)
    weather = data["sets"]["hwu64"].get("intent:weather_query") or data["sets"]["slurp"].get(
        "intent:weather_query"
    )
    assert weather["tool"]["hits"] >= 1
    # the report names splits, seeds, goals and the hash of every data file it read
    assert splits.VOICE_SEED in text and splits.CLINC_SEED in text
    assert "| CLINC150 (untouched slice of train) | in-role |" in text
    for path in ("voice-assistant/hwu64_train.jsonl", "clinc150/clinc150_train_val.json"):
        digest = splits.file_hashes()[str(datasets.resolve() / path)]
        assert f"| `{path}` | `{digest}` |" in text
    assert "router decision p99" in text
