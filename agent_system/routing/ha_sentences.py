"""Sample training requests from Home Assistant's English intent templates (a build-time tool).

``python -m agent_system.routing.ha_sentences`` reads the templates of the
``home-assistant-intents`` package with ``hassil`` (install both with
``pip install hassil home-assistant-intents``; neither is needed at run time), expands each
template at random with names, areas, items and numbers of our own, and writes
``data/ha_sentences.json``: router class -> sentences. The trainer reads that file, so the
shipped router learns the everyday phrasing the Home Assistant community collected
("kill the lights in the den", "how much time is left on the pizza timer").

The templates are Apache-2.0 (github.com/OHF-Voice/intents); the attribution travels in the
model's metadata and in ``data/README.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["CLASS_OF_INTENT", "OUT_PATH", "generate", "main"]

OUT_PATH = Path(__file__).with_name("data") / "ha_sentences.json"
CLASS_OF_INTENT = {
    "HassTurnOn": "smart_home",
    "HassTurnOff": "smart_home",
    "HassLightSet": "smart_home",
    "HassGetState": "smart_home",
    "HassClimateGetTemperature": "smart_home",
    "HassClimateSetTemperature": "smart_home",
    "HassClimateSetFanMode": "smart_home",
    "HassFanSetSpeed": "smart_home",
    "HassSetPosition": "smart_home",
    "HassVacuumStart": "smart_home",
    "HassVacuumReturnToBase": "smart_home",
    "HassVacuumCleanArea": "smart_home",
    "HassLawnMowerStartMowing": "smart_home",
    "HassLawnMowerDock": "smart_home",
    "HassStartTimer": "timer",
    "HassCancelTimer": "timer",
    "HassCancelAllTimers": "timer",
    "HassIncreaseTimer": "timer",
    "HassDecreaseTimer": "timer",
    "HassPauseTimer": "timer",
    "HassUnpauseTimer": "timer",
    "HassTimerStatus": "timer",
    "HassGetWeather": "weather",
    "HassShoppingListAddItem": "lists",
    "HassShoppingListCompleteItem": "lists",
    "HassListAddItem": "lists",
    "HassListCompleteItem": "lists",
    "HassListRemoveItem": "lists",
    "HassGetCurrentDate": "conversation",
    "HassGetCurrentTime": "conversation",
}
"""Home Assistant intent -> router class. Media and volume control, media search and broadcast
stay out: no built-in role has a tool for them, and "pause" or "louder" alone must not reach one."""

_VALUES = {
    "name": [
        "kitchen light",
        "ceiling fan",
        "coffee machine",
        "porch light",
        "tv",
        "heater",
        "desk lamp",
        "garage door",
        "front door lock",
        "dishwasher",
        "air purifier",
        "living room lamp",
        "bedroom light",
        "christmas tree",
        "smart plug",
        "kettle",
        "thermostat",
        "robot vacuum",
        "speaker",
        "blinds",
        "hallway light",
        "fan",
    ],
    "area": [
        "kitchen",
        "living room",
        "bedroom",
        "bathroom",
        "office",
        "garage",
        "hallway",
        "dining room",
        "basement",
        "guest room",
        "nursery",
        "patio",
    ],
    "floor": ["upstairs", "downstairs", "first floor", "second floor", "ground floor"],
    "timer_name": ["pasta", "pizza", "tea", "laundry", "eggs", "oven", "nap", "workout"],
    "timer_command": ["turn off the lights", "start the vacuum", "open the blinds"],
    "shopping_list_item": [
        "milk",
        "eggs",
        "bread",
        "apples",
        "coffee beans",
        "paper towels",
        "bananas",
        "olive oil",
        "dish soap",
        "chicken",
    ],
    "todo_list_item": [
        "call the plumber",
        "pay the rent",
        "book a haircut",
        "water the plants",
        "renew passport",
        "clean the garage",
    ],
    "list": ["shopping list", "grocery list", "todo list", "to-do list", "chores list"],
    "zone": ["home", "work", "school"],
    "message": ["dinner is ready", "time to go", "the movie is starting"],
    "search_query": ["jazz", "the beatles"],
}
_VALUES_BY_CLASS = {
    "lists": {"name": ["shopping", "grocery", "todo", "to-do", "packing", "chores", "groceries"]},
    "weather": {"name": ["paris", "london", "boston", "tokyo", "berlin", "home", "outside"]},
}
_NEEDS_TARGET = frozenset({"HassClimateGetTemperature"})
"""Intents kept only when the sentence names a device or area ("how cold is it" is weather)."""


def _range_values(spec: dict[str, Any]) -> list[str]:
    low, high = int(spec.get("from", 0)), int(spec.get("to", 100))
    step = int(spec.get("step", 1))
    picks = sorted({low, high, *range(low, high + 1, max(step, (high - low) // 12 or 1))})
    return [str(v) for v in picks]


class _Sampler:
    def __init__(self, intents: Any, rng: random.Random) -> None:
        self.intents = intents
        self.rng = rng
        self.values: dict[str, list[str]] = _VALUES
        self.targeted = False

    def expression(self, exp: Any, rules: dict[str, Any], depth: int = 0) -> str:
        from hassil.expression import (
            Alternative,
            ListReference,
            Permutation,
            RuleReference,
            Sequence,
            TextChunk,
        )
        from hassil.intents import RangeSlotList, TextSlotList

        if depth > 30:
            return ""
        if isinstance(exp, TextChunk):
            return str(exp.text)
        if isinstance(exp, Alternative):
            return self.expression(self.rng.choice(exp.items), rules, depth + 1)
        if isinstance(exp, Permutation):
            items = list(exp.items)
            self.rng.shuffle(items)
            return " ".join(self.expression(i, rules, depth + 1) for i in items)
        if isinstance(exp, Sequence):
            return "".join(self.expression(i, rules, depth + 1) for i in exp.items)
        if isinstance(exp, RuleReference):
            rule = rules.get(exp.rule_name) or self.intents.expansion_rules.get(exp.rule_name)
            return "" if rule is None else self.expression(rule.expression, rules, depth + 1)
        if isinstance(exp, ListReference):
            name = exp.list_name
            if name in ("name", "area", "floor"):
                self.targeted = True
            if name in self.values:
                return self.rng.choice(self.values[name])
            slot_list = self.intents.slot_lists.get(name)
            if isinstance(slot_list, TextSlotList) and slot_list.values:
                value = self.rng.choice(slot_list.values)
                return self.expression(value.text_in, rules, depth + 1)
            if isinstance(slot_list, RangeSlotList):
                return self.rng.choice(
                    _range_values({"from": slot_list.start, "to": slot_list.stop})
                )
            return self.rng.choice(self.values["name"])
        return ""


def generate(per_intent: int = 80, seed: int = 13) -> dict[str, list[str]]:
    """Class -> distinct sampled sentences (at most `per_intent` per Home Assistant intent)."""
    from hassil.intents import Intents
    from home_assistant_intents import get_intents

    raw = get_intents("en")
    if raw is None:
        raise RuntimeError("home-assistant-intents has no English templates")
    intents = Intents.from_dict(raw)
    rng = random.Random(seed)
    sampler = _Sampler(intents, rng)
    out: dict[str, set[str]] = {}
    for name in sorted(CLASS_OF_INTENT):
        intent = intents.intents.get(name)
        if intent is None:
            continue
        templates = [
            (sentence, {**intents.expansion_rules, **(data.expansion_rules or {})})
            for data in intent.data
            for sentence in data.sentences
        ]
        label = CLASS_OF_INTENT[name]
        sampler.values = {**_VALUES, **_VALUES_BY_CLASS.get(label, {})}
        found: set[str] = set()
        for _ in range(per_intent * 6):
            if len(found) >= per_intent:
                break
            sentence, rules = rng.choice(templates)
            sampler.targeted = False
            text = re.sub(r"\s+", " ", sampler.expression(sentence.expression, rules)).strip()
            if name in _NEEDS_TARGET and not sampler.targeted:
                continue
            text = re.sub(r"\s+([,.?!])", r"\1", text)
            if text and "{" not in text:
                found.add(text)
        out.setdefault(label, set()).update(found)
    return {label: sorted(texts) for label, texts in sorted(out.items())}


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: write ``data/ha_sentences.json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_PATH)
    parser.add_argument("--per-intent", type=int, default=80)
    args = parser.parse_args(argv)
    sentences = generate(args.per_intent)
    payload = {
        "_comment": "Sampled from Home Assistant's English intent templates (Apache-2.0, "
        "github.com/OHF-Voice/intents) by `python -m agent_system.routing.ha_sentences`.",
        **sentences,
    }
    args.out.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print({label: len(texts) for label, texts in sentences.items()})


if __name__ == "__main__":
    main()
