"""docs/roles.md's Home Assistant coverage table is the one `make eval`'s numbers give."""

from __future__ import annotations

import json

from home_assistant_intents import get_intents

from evals.coverage import DOC, END, RESULTS, START, WHAT, render


def test_every_english_intent_of_home_assistant_has_a_row() -> None:
    intents = set((get_intents("en") or {}).get("intents", {}))
    assert intents <= set(WHAT), sorted(intents - set(WHAT))


def test_the_table_in_the_doc_matches_the_results_file() -> None:
    data = json.loads(RESULTS.read_text(encoding="utf-8"))
    commit = str(data.get("commit", "")).split(" ")[0]
    expected = "\n".join(render(data["sets"]["ha-intents-en"], commit))
    text = DOC.read_text(encoding="utf-8")
    shown = START + text.split(START, 1)[1].split(END, 1)[0] + END
    assert shown == expected, "run `python -m evals.coverage` (or `make eval`) and commit"


def test_render_reports_both_sides_of_the_kept_split() -> None:
    cell = {"hits": 3, "n": 4, "value": 0.75}
    ha = {"all": {"right": cell}, "split:kept": {"right": cell}, "split:rest": {"right": cell}}
    lines = render(ha)
    assert "| all | | 0.750 (n=4) |" in lines
    assert any("kept out of error analysis: 0.75 (n=4)" in line for line in lines)
    assert any(line.startswith("| `HassDecreaseTimer` | `timer.shorten`") for line in lines)
    assert any(line.endswith("| not in the test set |") for line in lines)
