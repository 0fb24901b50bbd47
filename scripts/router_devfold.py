"""Measure a router training configuration on a development fold carved from the FIT rows.

``PYTHONPATH=$PWD nice -n 10 python scripts/router_devfold.py [--try hidden=64,l2=1e-6 ...]``

One fit row in five of CLINC150, HWU64 and SLURP (a stable hash of the text) is held out of the
fit; the model is trained on everything else (the same sources as the shipped model, with the
roles' examples) and the held-out fit rows are routed by the embedded router. Untouched rows
are never read: `make eval` reports on those. Prints, per set, the share of in-scope requests
routed to their role, sent to planning (no answer offline) and the share of out-of-scope
requests sent to a tool role, with the accuracy of fast (p >= 0.95) decisions.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import tempfile
from pathlib import Path
from typing import Any
from zlib import crc32

from agent_system.routing import train as trainer
from agent_system.routing._embedded import EmbeddedRouter
from agent_system.routing._model import LinearModel
from agent_system.routing.models import RouteRequest, RouteTarget

DEV_EVERY = 5


def _dev(text: str) -> bool:
    return crc32(("devfold:" + text.lower()).encode("utf-8")) % DEV_EVERY == 0


def _labels() -> tuple[dict[str, str], dict[str, str]]:
    data = trainer.DEFAULT_DATA_DIR
    role_map = trainer.load_role_map(data / "clinc150" / "role_map.json")
    actions = json.loads((data / "voice-assistant" / "intent_actions.json").read_text())
    voice = trainer.intent_classes({k: v for k, v in actions.items() if not k.startswith("_")})
    return role_map, voice


def measure(router: EmbeddedRouter, dev: dict[str, list[tuple[str, str]]]) -> dict[str, Any]:
    """Per set: in-scope right / planned shares, out-of-scope to a tool, fast accuracy."""
    role_map, voice = _labels()
    tool_roles = router.tool_roles or frozenset()
    out: dict[str, Any] = {}
    for name, rows in sorted(dev.items()):
        n_in = right = planned = n_out = to_tool = fast = fast_right = 0
        for text, intent in rows:
            label = (
                trainer.label_for(intent, role_map)
                if name == "clinc150"
                else voice.get(intent, trainer.OTHER)
            )
            decision = router.decide(RouteRequest(text=text))
            if label == trainer.OTHER:
                n_out += 1
                ok = decision.role not in tool_roles
                to_tool += not ok
            else:
                n_in += 1
                ok = decision.role == label
                right += ok
                planned += decision.target == RouteTarget.META_PLANNING
            if decision.confidence >= router.fast_threshold:
                fast += 1
                fast_right += ok
        out[name] = {
            "in_scope": n_in,
            "right": round(right / max(n_in, 1), 4),
            "planned": round(planned / max(n_in, 1), 4),
            "out_of_scope": n_out,
            "oos_to_tool": round(to_tool / max(n_out, 1), 4),
            "fast_accuracy": round(fast_right / max(fast, 1), 4),
        }
    return out


def _config(spec: str) -> trainer.TrainConfig:
    """A TrainConfig from ``field=value,...``; ``w.<set>=x`` weighs a data set's fit rows."""
    config = trainer.TrainConfig()
    fields = {f.name: f.type for f in dataclasses.fields(config)}
    changes: dict[str, Any] = {}
    weights: list[tuple[str, float]] = []
    for item in filter(None, spec.split(",")):
        key, value = item.split("=", 1)
        if key.startswith("w."):
            weights.append((key[2:], float(value)))
        elif key not in fields:
            raise SystemExit(f"Unknown setting {key!r}; use one of {sorted(fields)} or w.<set>.")
        else:
            changes[key] = int(value) if fields[key] in (int, "int") else float(value)
    if weights:
        changes["set_weight"] = tuple(weights)
    return dataclasses.replace(config, **changes)


def main() -> None:
    """Train on the fit rows minus the dev fold, route the dev fold, print the shares."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--try",
        dest="tries",
        action="append",
        default=[],
        help="A configuration to measure, 'field=value,...' (repeat to compare several).",
    )
    parser.add_argument("--model", type=Path, help="Keep the (last) trained model here.")
    args = parser.parse_args()
    sets = trainer._fit_rows()
    fit = {name: [r for r in rows if not _dev(r[0])] for name, rows in sets.items()}
    dev = {name: [r for r in rows if _dev(r[0])] for name, rows in sets.items()}
    path = args.model or Path(tempfile.mkdtemp()) / "router_model.npz"
    cache: dict[Any, Any] = {}
    examples = trainer.role_examples()
    for spec in args.tries or [""]:
        meta = trainer.train(path, _config(spec), examples, sets=fit, cache=cache)
        router = EmbeddedRouter(LinearModel.load(path))
        result = {"config": spec, "seconds": meta["seconds"], "dev": measure(router, dev)}
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
