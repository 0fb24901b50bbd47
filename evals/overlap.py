"""Hand-written training text that repeats an untouched request (reported, never fixed here)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from evals import splits

__all__ = ["handwritten_overlap", "handwritten_texts", "router_fit_note"]

ROUTING_DATA = Path(__file__).resolve().parent.parent / "agent_system" / "routing" / "data"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if not str(key).startswith("_"):
                yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def handwritten_texts() -> list[str]:
    """Every role's ``examples`` and every string in ``agent_system/routing/data/*.json``."""
    from agent_system.roles import load_roles

    texts = [e for role in load_roles().values() for e in role.examples]
    for path in sorted(ROUTING_DATA.glob("*.json")):
        texts.extend(_strings(json.loads(path.read_text(encoding="utf-8"))))
    return texts


def handwritten_overlap() -> dict[str, int]:
    """Counts of hand-written texts that (nearly) repeat an untouched row of any set."""
    index = splits._Index(r for _, split in splits.iter_all() for r in split.untouched)
    counts = {"texts": 0, "exact": 0, "overlap": 0}
    for text in handwritten_texts():
        counts["texts"] += 1
        hit = index.match(text)
        if hit is not None:
            counts[hit[0]] += 1
    return counts


def router_fit_note() -> str:
    """How many of those the shipped router model left out of its fit (its ``meta``)."""
    from agent_system.routing._model import DEFAULT_MODEL_PATH, LinearModel

    dropped = LinearModel.load(DEFAULT_MODEL_PATH).meta.get("dropped_repeats")
    if dropped is None:
        return "The shipped router model does not record whether it was fitted on them."
    return (
        f"The shipped router model left {sum(dropped.values())} of them out of its fit "
        f"({dropped.get('exact', 0)} identical, {dropped.get('overlap', 0)} overlapping; "
        "`agent_system.routing.train` drops them automatically)."
    )
