"""What an offline decision for the middle band would do, on folds of the FIT rows.

``PYTHONPATH=$PWD nice -n 10 python scripts/router_band.py --fold K --dump /tmp/foldK.json``
then ``python scripts/router_band.py --load /tmp/fold0.json /tmp/fold1.json`` to score folds
together.

Fold K is one fit row in five by a stable hash of the text (fold 0 is `scripts/router_devfold`'s
dev fold); the model is trained on the other four folds (kept at ``/tmp/router-fold<K>.npz`` and
reused when it exists; about 20 minutes on a busy machine). Every row of the fold is routed by
the whole offline system (roles' first stages included, `AgentSystem` as `evals.harness` opens
it). For in-scope rows sent to planning (not compounds) it prints whether the best class was
``other`` or a role below the plan threshold, then what each option serves:

- ``a t m``: the best role when p >= t and p - p(other) >= m;
- ``b t``: the best role when p >= t and the role reads the request into a call;
- ``bq t``: the same, a question back (the role understood it, a slot is missing) counted too;
- ``bm t m``: ``b`` with the margin of ``a``.

``no band`` routes as shipped; ``shipped`` is the same unless the router has an
``offline_reader`` (branch ``offline-band``: then the band as built). The dump keeps, per row in
the band, the role's reading (``reads``, ``call``, ``args``) and the text, for testing further
guards on the folds. Per option: in-scope right role (HWU64, SLURP, CLINC), CLINC out-of-scope
sent to a tool role, and HWU64/SLURP out-of-scope requests that would be served by a tool role.
Untouched rows are never read.
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
from zlib import crc32

sys.path.insert(0, str(Path(__file__).parent))

from router_devfold import DEV_EVERY, _labels

from agent_system.roles import Clarification, calls_of, role_slots
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
    *(("bm", t, m) for t, m in itertools.product((0.25, 0.3, 0.4), (0.0, 0.1, 0.2, 0.25))),
]


def _fold(text: str) -> int:
    """The fold of a fit row (0 is `router_devfold`'s dev fold)."""
    return crc32(("devfold:" + text.lower()).encode("utf-8")) % DEV_EVERY


async def _rows(model: Path, fold: int = 0) -> list[dict[str, Any]]:
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
        reader = getattr(router, "offline_reader", None)  # a band under test (branch)
        for name, rows in sorted(sets.items()):
            for text, intent in rows:
                if _fold(text) != fold:
                    continue
                label = (
                    trainer.label_for(intent, role_map)
                    if name == "clinc150"
                    else voice.get(intent, OTHER)
                )
                if intent in LABEL_CONFLICTS:
                    continue
                shipped = router.decide(RouteRequest(text=text))  # type: ignore[attr-defined]
                if reader is not None:
                    router.offline_reader = None  # type: ignore[attr-defined]
                decision = router.decide(RouteRequest(text=text))  # type: ignore[attr-defined]
                if reader is not None:
                    router.offline_reader = reader  # type: ignore[attr-defined]
                row: dict[str, Any] = {
                    "set": name,
                    "label": label,
                    "role": decision.role if decision.target == RouteTarget.FAST_REPLY else None,
                    "shipped": shipped.role if shipped.target == RouteTarget.FAST_REPLY else None,
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
                        reads=(reading := _reads(roles.get(role), text, runtime))[0],
                        call=reading[1],
                        args=reading[2],
                        text=text,
                        is_tool_role=role in tool_roles,
                    )
                out.append(row)
    return out


def _reads(role: Any, text: str, runtime: Any) -> tuple[str, str, dict[str, Any]]:
    """('call', first tool, arguments), ('question', '', {}) or ('none', '', {}).

    'none': no such role, or it raised.
    """
    if role is None:
        return "none", "", {}
    try:
        choice = role.interpret(text, role_slots(role, text), runtime, [])
    except Exception:
        return "none", "", {}
    if isinstance(choice, Clarification):
        return "question", "", {}
    call = calls_of(choice)[0]
    return "call", call.tool, json.loads(json.dumps(call.arguments, default=str))


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
    for row in rows:
        role = row["shipped"] if kind == "shipped" else row["role"]
        if kind not in ("", "shipped") and _serves(row, kind, t, m):
            role = row["best_role"]
        if row["label"] == OTHER:
            n_out[row["set"]] += 1
            oos_tool[row["set"]] += role in CLINC_TOOL_ROLES
        else:
            n_in[row["set"]] += 1
            right[row["set"]] += role == row["label"]
    return {
        s: f"{right[s] / max(n_in[s], 1):.3f} (n={n_in[s]}) oos {oos_tool[s]}/{n_out[s]}"
        for s in sorted(n_in)
    }


def main() -> None:
    """Route a fold once (or load folds routed before), then print every option."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fold", type=int, default=0, help="Which fold of five to route.")
    parser.add_argument("--model", type=Path, help="Default: /tmp/router-fold<K>.npz.")
    parser.add_argument("--dump", type=Path, help="Keep the routed rows here (JSON).")
    parser.add_argument("--load", type=Path, nargs="*", help="Score these dumps (no routing).")
    args = parser.parse_args()
    if args.load:
        rows = [row for path in args.load for row in json.loads(path.read_text())]
    else:
        model = args.model or Path(f"/tmp/router-fold{args.fold}.npz")
        if not model.exists():
            sets = trainer._fit_rows()
            fit = {n: [r for r in rows if _fold(r[0]) != args.fold] for n, rows in sets.items()}
            trainer.train(model, trainer.TrainConfig(), trainer.role_examples(), sets=fit)
        rows = asyncio.run(_rows(model, args.fold))
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
    print("shipped", json.dumps(_score(rows, "shipped", 0, 0)))
    for kind, t, m in OPTIONS:
        print(f"{kind} t={t} m={m}", json.dumps(_score(rows, kind, t, m)))


if __name__ == "__main__":
    main()
