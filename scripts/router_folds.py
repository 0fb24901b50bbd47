"""Score a router training setting on all five folds of the FIT rows in one go.

``PYTHONPATH=$PWD nice -n 10 python scripts/router_folds.py --try "" --try other_offset=0.4``

Fold K is one fit row in five by a stable hash of the text (the folds of
`scripts/router_devfold.py` and ``python -m evals.fit_errors --fold K``). For every ``--try``
(a `TrainConfig` written ``field=value,...``; ``w.<set>=x`` weighs a data set) and every fold,
a model is trained on the other four folds (kept under ``--cache``, named by the setting and a
hash of the training inputs, and reused while they are unchanged; ``--models
'/work/coord/router-fold{}.npz'`` takes ready-made fold models for the first setting). Each
fold's rows are then routed by the whole offline system (first stages included, `AgentSystem`
as `evals.harness` opens it) with that fold's model. ``--shift other=-0.1,search=-0.2`` adds to
the loaded models' class biases (no retraining; the temperature is kept).

Printed per setting, summed over the folds: per set, in-scope requests routed to their role and
sent to planning (HWU64/SLURP: the role of the intent's first tool, as ``make eval``'s "role";
CLINC150: the role or a plan with only its tools), out-of-scope requests acted on by a tool role
(CLINC150: routed to one or planned with its tools, as `evals.clinc.clinc_to_tool`; HWU64/SLURP:
routed to one), and CLINC150's out-of-scope count per fold. ``--dump FILE`` keeps every row's
outcome (JSON) to compare settings row by row. Untouched rows are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from router_devfold import _config

from agent_system.routing import train as trainer
from agent_system.routing._model import LinearModel
from evals import home, splits
from evals.clinc import clinc_in_role, clinc_outcome
from evals.fit_errors import FOLDS, _in_fold
from evals.harness import Harness
from evals.voice import CLINC_TOOL_ROLES, LABEL_CONFLICTS

ROOT = Path(__file__).resolve().parent.parent
INPUTS = [
    "agent_system/routing/data/extra_examples.json",
    "agent_system/routing/data/ha_sentences.json",
    "agent_system/routing/data/word_vectors.npz",
    "agent_system/routing/_features.py",
    "agent_system/routing/_fitting.py",
    "agent_system/routing/_vectors.py",
    "agent_system/routing/train.py",
]


def _inputs_digest() -> str:
    """A hash of what training reads besides the data sets (and the roles' examples)."""
    digest = hashlib.sha256()
    for name in INPUTS:
        digest.update((ROOT / name).read_bytes())
    digest.update(json.dumps(trainer.role_examples(), sort_keys=True).encode())
    return digest.hexdigest()[:12]


def fold_models(spec: str, cache: Path, template: str | None) -> list[Path]:
    """The five fold models of a setting (trained when missing)."""
    if template:
        return [Path(template.format(k)) for k in range(FOLDS)]
    tag = hashlib.sha256(spec.encode()).hexdigest()[:8] + "-" + _inputs_digest()
    folder = cache / tag
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "setting.txt").write_text(spec + "\n")
    paths = [folder / f"fold{k}.npz" for k in range(FOLDS)]
    if all(p.exists() for p in paths):
        return paths
    sets = trainer._fit_rows()
    examples = trainer.role_examples()
    features: dict[Any, Any] = {}
    for k, path in enumerate(paths):
        if path.exists():
            continue
        fit = {n: [r for r in rows if not _in_fold(r[0], k)] for n, rows in sets.items()}
        started = time.perf_counter()
        trainer.train(path, _config(spec), examples, sets=fit, cache=features)
        print(f"# trained {spec!r} fold {k} in {time.perf_counter() - started:.0f} s", flush=True)
    return paths


def _shifted(path: Path, shift: dict[str, float]) -> LinearModel:
    model = LinearModel.load(path)
    for name, delta in shift.items():
        model.bias[model.classes.index(name)] += delta
    return model


async def route_folds(models: list[Path], shift: dict[str, float]) -> list[dict[str, Any]]:
    """Every fit row of fold K routed with model K: one dict per row."""
    role_map = splits.clinc_role_map()
    actions = splits.intent_actions()
    sets = {"clinc150": splits.clinc150().fit, "hwu64": splits.hwu64().fit}
    sets["slurp"] = splits.slurp().fit
    out: list[dict[str, Any]] = []
    async with Harness(home.voice_home_toml()) as harness:
        assert harness.system is not None
        router: Any = harness.system.engine.router
        for k, path in enumerate(models):
            router.model = _shifted(path, shift)
            for name, rows in sets.items():
                for row in rows:
                    if not _in_fold(row.text, k) or row.intent in LABEL_CONFLICTS:
                        continue
                    if name == "clinc150":
                        label = role_map.get(row.intent)
                        got, planned = await clinc_outcome(harness, row.text)
                        ok = label is not None and clinc_in_role(got, planned, label)
                        acted = got.role in CLINC_TOOL_ROLES or bool(planned & CLINC_TOOL_ROLES)
                    else:
                        roles = {p.split(".")[0] for p in actions.get(row.intent, ())}
                        label = min(roles) if roles else None
                        got = await harness.route(row.text)
                        ok = got.role in roles
                        acted = got.role in CLINC_TOOL_ROLES
                    out.append(
                        {
                            "fold": k,
                            "set": name,
                            "intent": row.intent,
                            "label": label,
                            "got": got.role,
                            "ok": ok,
                            "acted": acted,
                            "text": row.text,
                        }
                    )
    return out


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per set: in-scope n / right / planned, out-of-scope n / acted on by a tool role."""
    n: Counter[str] = Counter()
    right: Counter[str] = Counter()
    planned: Counter[str] = Counter()
    n_out: Counter[str] = Counter()
    acted: Counter[str] = Counter()
    per_fold: Counter[int] = Counter()
    for row in rows:
        name = row["set"]
        if row["label"] is None:
            n_out[name] += 1
            acted[name] += row["acted"]
            if name == "clinc150":
                per_fold[row["fold"]] += row["acted"]
        else:
            n[name] += 1
            right[name] += row["ok"]
            planned[name] += row["got"] == "planner"
    result: dict[str, Any] = {
        name: {
            "in": n[name],
            "right": right[name],
            "planned": planned[name],
            "right_share": round(right[name] / max(n[name], 1), 4),
            "oos": n_out[name],
            "oos_to_tool": acted[name],
        }
        for name in sorted(n)
    }
    result["clinc_oos_to_tool_per_fold"] = [per_fold[k] for k in range(FOLDS)]
    return result


def _table(spec: str, result: dict[str, Any]) -> str:
    cells = []
    for name in ("clinc150", "hwu64", "slurp"):
        r = result[name]
        cells.append(
            f"{name} {r['right_share']:.3f} right, {r['planned']}/{r['in']} planned, "
            f"oos->tool {r['oos_to_tool']}/{r['oos']}"
        )
    folds = result["clinc_oos_to_tool_per_fold"]
    return f"[{spec or 'shipped setting'}] " + " | ".join(cells) + f" | CLINC oos per fold {folds}"


def main() -> None:
    """Train (or reuse) five fold models per setting, route the folds, print the sums."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--try", dest="tries", action="append", default=[], help="A setting.")
    parser.add_argument("--models", help="Fold models for the first setting, '...fold{}.npz'.")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/router-folds"))
    parser.add_argument("--shift", default="", help="Class bias shifts, 'class=delta,...'.")
    parser.add_argument("--dump", type=Path, help="Keep the routed rows (JSON), per setting.")
    args = parser.parse_args()
    shift = {k: float(v) for k, v in (i.split("=") for i in filter(None, args.shift.split(",")))}
    for i, spec in enumerate(args.tries or [""]):
        models = fold_models(spec, args.cache, args.models if i == 0 else None)
        rows = asyncio.run(route_folds(models, shift))
        result = summary(rows)
        print(_table(spec + (f" shift {args.shift}" if shift else ""), result), flush=True)
        print(json.dumps({"config": spec, "shift": args.shift, **result}), flush=True)
        if args.dump:
            path = args.dump if len(args.tries) < 2 else args.dump.with_suffix(f".{i}.json")
            path.write_text(json.dumps(rows))


if __name__ == "__main__":
    main()
