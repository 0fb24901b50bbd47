"""What an offline decision for the middle band would do, on the dev fold of FIT rows.

``PYTHONPATH=$PWD nice -n 10 python scripts/router_band.py [--model /tmp/router-dev.npz]``

The dev fold is `scripts/router_devfold.py`'s (one fit row in five, by a hash of the text); the
model is trained on the other fit rows (kept at ``--model`` and reused when it exists). Every dev
row is routed by the whole offline system (roles' first stages included, `AgentSystem` as
`evals.harness` opens it). For in-scope rows sent to planning (not compounds) it prints whether
the best class was ``other`` or a role below the plan threshold, then what each option serves:

- ``a t m``: the best role when p >= t and p - p(other) >= m;
- ``b t``: the best role when p >= t and the role reads the request into a call;
- ``bq t``: the same, a question back (the role understood it, a slot is missing) counted too;
- ``bm t m``: ``b`` with the margin of ``a``.

``no band`` is the router as shipped. Then, per option, the served requests of the band: right
role, out of scope, wrong role. docs/routing.md ("An offline band below the plan threshold")
has the results, and why none ships.

Per option: in-scope right role (HWU64, SLURP, CLINC), CLINC out-of-scope sent to a tool role,
and HWU64/SLURP out-of-scope requests that would be served by a tool role. Untouched rows are
never read.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from router_devfold import _dev, _labels

from agent_system.roles import Clarification, role_slots
from agent_system.routing import train as trainer
from agent_system.routing._model import OTHER, LinearModel
from agent_system.routing.models import RouteRequest, RouteTarget
from evals import home
from evals.harness import Harness
from evals.voice import CLINC_TOOL_ROLES, LABEL_CONFLICTS

OPTIONS: list[tuple[str, float, float]] = [
    *(("a", t, m) for t, m in itertools.product((0.3, 0.4, 0.5), (0.0, 0.1, 0.2, 0.3))),
    *(("b", t, 0.0) for t in (0.2, 0.3, 0.4, 0.5)),
    *(("bq", t, 0.0) for t in (0.2, 0.3, 0.4, 0.5)),
    *(("bm", t, m) for t, m in itertools.product((0.3, 0.4, 0.5, 0.55, 0.6), (0.0, 0.1, 0.2))),
]


async def _rows(model: Path) -> list[dict[str, Any]]:
    role_map, voice = _labels()
    sets = trainer._fit_rows()
    out: list[dict[str, Any]] = []
    async with Harness(home.voice_home_toml()) as harness:
        system = harness.system
        assert system is not None
        router = system.engine.router
        router.model = LinearModel.load(model)  # type: ignore[attr-defined]
        roles, runtime = system.engine.roles, system.engine.runtime
        tool_roles = router.tool_roles or frozenset()  # type: ignore[attr-defined]
        for name, rows in sorted(sets.items()):
            for text, intent in rows:
                if not _dev(text):
                    continue
                label = (
                    trainer.label_for(intent, role_map)
                    if name == "clinc150"
                    else voice.get(intent, OTHER)
                )
                if intent in LABEL_CONFLICTS:
                    continue
                decision = router.decide(RouteRequest(text=text))  # type: ignore[attr-defined]
                row: dict[str, Any] = {
                    "set": name,
                    "label": label,
                    "role": decision.role if decision.target == RouteTarget.FAST_REPLY else None,
                    "tool_role": label in tool_roles,
                }
                planned = decision.target == RouteTarget.META_PLANNING
                if planned and not decision.slots.get("parts"):
                    probabilities = router.model.probabilities(text)  # type: ignore[attr-defined]
                    best = max(probabilities, key=probabilities.__getitem__)
                    role = max(
                        (c for c in probabilities if c != OTHER), key=probabilities.__getitem__
                    )
                    row.update(
                        band=True,
                        best=best,
                        best_role=role,
                        p=probabilities[role],
                        p_other=probabilities.get(OTHER, 0.0),
                        reads=_reads(roles.get(role), text, runtime),
                        is_tool_role=role in tool_roles,
                    )
                out.append(row)
    return out


def _reads(role: Any, text: str, runtime: Any) -> str:
    """'call', 'question' or 'none' (no such role, or it raised)."""
    if role is None:
        return "none"
    try:
        choice = role.interpret(text, role_slots(role, text), runtime, [])
    except Exception:
        return "none"
    return "question" if isinstance(choice, Clarification) else "call"


def _serves(row: dict[str, Any], kind: str, t: float, m: float) -> bool:
    if not row.get("band") or row["p"] < t:
        return False
    if kind == "a":
        return bool(row["p"] - row["p_other"] >= m)
    if row["p"] - row["p_other"] < m or not row["is_tool_role"]:
        return False
    return row["reads"] == "call" or (kind == "bq" and row["reads"] == "question")


def _score(rows: list[dict[str, Any]], kind: str, t: float, m: float) -> dict[str, Any]:
    right: Counter[str] = Counter()
    n_in: Counter[str] = Counter()
    oos_tool: Counter[str] = Counter()
    n_out: Counter[str] = Counter()
    served: Counter[str] = Counter()
    for row in rows:
        role = row["role"]
        if kind and _serves(row, kind, t, m):
            role = row["best_role"]
            label = row["label"]
            served["right" if role == label else "oos" if label == OTHER else "wrong"] += 1
        if row["label"] == OTHER:
            n_out[row["set"]] += 1
            oos_tool[row["set"]] += role in CLINC_TOOL_ROLES
        else:
            n_in[row["set"]] += 1
            right[row["set"]] += role == row["label"]
    shares: dict[str, Any] = {
        s: f"{right[s] / max(n_in[s], 1):.3f} (n={n_in[s]}) oos {oos_tool[s]}/{n_out[s]}"
        for s in sorted(n_in)
    }
    return {**shares, "served": dict(served)}


def main() -> None:
    """Route the dev fold once, then print the split of planned rows and every option."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, default=Path("/tmp/router-dev.npz"))
    parser.add_argument("--dump", type=Path, help="Keep the routed rows here (JSON).")
    args = parser.parse_args()
    if not args.model.exists():
        sets = trainer._fit_rows()
        fit = {name: [r for r in rows if not _dev(r[0])] for name, rows in sets.items()}
        trainer.train(args.model, trainer.TrainConfig(), trainer.role_examples(), sets=fit)
    rows = asyncio.run(_rows(args.model))
    if args.dump:
        args.dump.write_text(json.dumps(rows))
    split: Counter[tuple[str, str, str]] = Counter()
    for row in rows:
        if row.get("band") and row["label"] != OTHER:
            kind = "best=other" if row["best"] == OTHER else "best=role<plan"
            split[(row["set"], kind, "right" if row["best_role"] == row["label"] else "wrong")] += 1
    for key, n in sorted(split.items()):
        print("planned in-scope", *key, n)
    print("no band", json.dumps(_score(rows, "", 0, 0)))
    for kind, t, m in OPTIONS:
        print(f"{kind} t={t} m={m}", json.dumps(_score(rows, kind, t, m)))


if __name__ == "__main__":
    main()
