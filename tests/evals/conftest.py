"""A tiny data-set folder laid out like ``../shared/datasets`` (for the evals tests)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HWU = [
    ("set a timer for five minutes", "alarm_set", [("time", "five minutes")]),
    ("wake me up at seven am", "alarm_set", [("time", "seven am")]),
    ("set an alarm for six thirty", "alarm_set", [("time", "six thirty")]),
    ("alarm at noon please", "alarm_set", [("time", "noon")]),
    ("what is the weather in paris", "weather_query", [("place_name", "paris")]),
    ("is it raining in rome today", "weather_query", [("place_name", "rome")]),
    ("weather for berlin tomorrow", "weather_query", [("place_name", "berlin")]),
    ("how hot will it be in oslo", "weather_query", [("place_name", "oslo")]),
    ("tell me the stock price of acme", "qa_stock", []),
    ("how is acme stock doing", "qa_stock", []),
    ("turn off the kitchen lights", "iot_hue_lightoff", [("house_place", "kitchen")]),
    ("switch off the bedroom light", "iot_hue_lightoff", [("house_place", "bedroom")]),
]
SLURP = [
    ("set a timer for five minutes please", "alarm_set", [("time", "five minutes")]),
    ("what is the weather in paris", "weather_query", [("place_name", "paris")]),
    ("will it snow in madrid", "weather_query", [("place_name", "madrid")]),
    ("what is acme trading at", "qa_stock", []),
    ("acme share price", "qa_stock", []),
    ("hi there", "general_greet", []),
    ("olly turn the lights off", "hue_lightoff", []),
]


def _jsonl(path: Path, rows: list[tuple[str, str, list[tuple[str, str]]]]) -> None:
    lines = [
        json.dumps({"text": t, "intent": i, "entities": [{"type": a, "value": v} for a, v in e]})
        for t, i, e in rows
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture
def datasets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    voice = tmp_path / "voice-assistant"
    voice.mkdir()
    _jsonl(voice / "hwu64_train.jsonl", HWU)
    _jsonl(voice / "slurp_devel.jsonl", SLURP)
    (voice / "intent_actions.json").write_text(
        json.dumps(
            {
                "alarm_set": ["timer.alarm", "timer.set"],
                "weather_query": ["weather.current", "weather.forecast"],
                "iot_hue_lightoff": ["smart_home.turn_off"],
            }
        ),
        encoding="utf-8",
    )
    clinc = tmp_path / "clinc150"
    clinc.mkdir()
    train = [[f"timer request number {n} for me", "timer"] for n in range(10)]
    train += [[f"what is {n} plus {n}", "calculator"] for n in range(10)]
    (clinc / "clinc150_train_val.json").write_text(
        json.dumps(
            {
                "train": train,
                "val": [["start a timer", "timer"]],
                "oos_train": [["how do i fold a fitted sheet", "oos"], ["buy a boat", "oos"]],
                "oos_val": [["paint my house", "oos"]],
            }
        ),
        encoding="utf-8",
    )
    (clinc / "role_map.json").write_text(json.dumps({"timer": ["timer"]}), encoding="utf-8")
    ha = tmp_path / "ha-intents-en" / "tests" / "en"
    ha.mkdir(parents=True)
    (ha / "_fixtures.yaml").write_text(
        "language: en\nareas:\n  - name: Kitchen\n    id: kitchen_id\n"
        "entities:\n  - name: Kitchen Light\n    id: light.kitchen\n    area: kitchen_id\n"
        "    state: 'off'\n",
        encoding="utf-8",
    )
    (ha / "light_HassTurnOn.yaml").write_text(
        "language: en\ntests:\n  - sentences:\n      - turn on the kitchen light\n"
        "      - kitchen light on\n    intent:\n      name: HassTurnOn\n      slots:\n"
        "        name: Kitchen Light\n    response: Turned on the light\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("AGENT_SYSTEM_DATASETS", str(tmp_path))
    return tmp_path
