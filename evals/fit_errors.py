"""Error analysis on the FIT side only: ``python -m evals.fit_errors slurp [--limit N]``.

Prints the missed sentences of a fit split (SLURP, HWU64) with what was planned, so that
understanding can be improved without ever reading the untouched split's sentences. For
``clinc150`` it routes the fit rows (``aroute``) and prints in-role misses and out-of-scope
requests sent to a tool role (``OOS``; ``OOS routed, not acted:`` when the role only asked a
question back), then those acted on by a plan though not routed to one (``ACTED``), with the
router's reason. For ``compounds`` it composes compound
requests from the fit rows (`evals.compounds.compose`, as ``compound-dev``; ``--seeds N`` sets
of 200, seed 0 being the report's) and prints the ones with a clause not served, with the tools
planned: the untouched compounds are never printed.

The shipped router was fitted on these rows, so its routing looks better on them than on
requests it has never seen. ``--fold K`` keeps only fold K of five of the fit rows (the folds
of ``scripts/router_devfold.py``: a stable hash of the text) and routes them with a model
trained without that fold (``--model FILE``, default ``/work/coord/router-fold<K>.npz``,
written by training on the other four folds when missing: about 20 minutes), so the misses it
prints are the ones a request the router never saw meets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from zlib import crc32

from agent_system.routing import train as trainer
from agent_system.routing._model import LinearModel
from evals import home, splits
from evals.clinc import clinc_acted, clinc_in_role, clinc_outcome, clinc_to_tool
from evals.compounds import (
    COMPOUND_SEED,
    COMPOUNDS,
    compose,
    evaluate_compounds,
    served_alone,
)
from evals.harness import Harness
from evals.voice import LABEL_CONFLICTS, evaluate_voice

FOLDS = 5


def _in_fold(text: str, fold: int | None) -> bool:
    """Whether a fit row is in fold ``fold`` of five (every row when ``fold`` is None)."""
    return fold is None or crc32(("devfold:" + text.lower()).encode("utf-8")) % FOLDS == fold


def fold_model(fold: int, model: Path | None = None) -> Path:
    """The router model trained on every fit row outside ``fold`` (trained when missing)."""
    path = model or Path(f"/work/coord/router-fold{fold}.npz")
    if not path.exists():
        sets = trainer._fit_rows()
        fit = {n: [r for r in rows if not _in_fold(r[0], fold)] for n, rows in sets.items()}
        trainer.train(path, trainer.TrainConfig(), trainer.role_examples(), sets=fit)
    return path


def _use_model(harness: Harness, model: Path | None) -> None:
    if model is not None:
        assert harness.system is not None
        harness.system.engine.router.model = LinearModel.load(model)  # type: ignore[attr-defined]


async def _clinc(limit: int | None, fold: int | None = None, model: Path | None = None) -> int:
    rows = [row for row in splits.clinc150().fit if _in_fold(row.text, fold)]
    if limit:
        rows = rows[:: max(1, len(rows) // limit)][:limit]
    role_map = splits.clinc_role_map()
    in_role = [0, 0]
    oos = [0, 0]
    acted_n = 0
    async with Harness(home.voice_home_toml()) as harness:
        _use_model(harness, model)
        for row in rows:
            if row.intent in LABEL_CONFLICTS:
                continue
            out, planned = await clinc_outcome(harness, row.text)
            got = f"{out.role} {sorted(planned)}" if planned else out.role
            role = role_map.get(row.intent)
            if role is None:
                oos[1] += 1
                acted = await clinc_acted(harness, row.text, out, planned)
                acted_n += acted
                if clinc_to_tool(out, planned):
                    oos[0] += 1
                    mark = "OOS " if acted else "OOS routed, not acted:"
                    print(f"{mark} {row.intent:<22} {row.text!r} -> {got} {out.confidence:.2f}")
                elif acted:
                    print(f"ACTED {row.intent:<22} {row.text!r} -> {got} {out.confidence:.2f}")
                continue
            in_role[1] += 1
            if clinc_in_role(out, planned, role):
                in_role[0] += 1
            else:
                print(f"MISS {row.intent:<22} {row.text!r} -> {got} {out.confidence:.2f}")
    where = f" fold {fold}" if fold is not None else ""
    print(
        f"\nclinc150 fit{where}: in-role {in_role[0] / max(1, in_role[1]):.3f} "
        f"({in_role[1]} rows); "
        f"out of scope to a tool role {oos[0] / max(1, oos[1]):.4f} ({oos[0]}/{oos[1]}); "
        f"acted on by a plan {acted_n / max(1, oos[1]):.4f} ({acted_n}/{oos[1]})"
    )
    return 0


async def _compounds(limit: int | None, fold: int | None, model: Path | None, seeds: int) -> int:
    actions = splits.intent_actions()
    fit = [r for r in (*splits.slurp().fit, *splits.hwu64().fit) if _in_fold(r.text, fold)]
    served = [0, 0]
    async with Harness(home.voice_home_toml()) as harness:
        _use_model(harness, model)
        for seed in range(seeds):
            name = COMPOUND_SEED if seed == 0 else f"{COMPOUND_SEED}/{seed}"
            cases = compose(
                fit, actions, seed=name, count=limit or COMPOUNDS, roles=harness.roles()
            )
            result = await evaluate_compounds(harness, "compound-dev", cases)
            wanted = {case.text: case.clauses for case in cases}
            for miss in result.tally.misses:
                print(f"{miss['served']}  {miss['text']!r} -> {miss['got']}")
                for clause, tools in wanted[miss["text"]]:
                    alone = await served_alone(harness, (clause, tools))
                    mark = "alone ok" if alone else "alone MISS"
                    print(f"      {mark:<10} {clause!r}: {' | '.join(tools)}")
            rate = result.tally.rate("all", "clause_served")
            served[0] += rate.hits
            served[1] += rate.n
    where = f" fold {fold} (router trained without it)" if fold is not None else ""
    print(f"\ncompounds from fit rows{where}: clauses served {served[0] / max(1, served[1]):.3f}")
    return 0


async def _run(
    name: str,
    limit: int | None,
    fold: int | None = None,
    model: Path | None = None,
    seeds: int = 1,
) -> int:
    if fold is not None:
        model = fold_model(fold, model)
    if name == "clinc150":
        return await _clinc(limit, fold, model)
    if name == "compounds":
        return await _compounds(limit, fold, model, seeds)
    fit = {"slurp": splits.slurp, "hwu64": splits.hwu64}[name]().fit
    rows = [row for row in fit if _in_fold(row.text, fold)]
    if limit:
        rows = rows[:: max(1, len(rows) // limit)][:limit]
    async with Harness(home.voice_home_toml()) as harness:
        _use_model(harness, model)
        result = await evaluate_voice(
            harness, f"{name}-fit", rows, splits.intent_actions(), keep_sentences=True
        )
    for miss in sorted(result.tally.misses, key=lambda m: (m["intent"], m["text"])):
        print(
            f"{miss['intent']:<22} {miss['text']!r} -> {miss['got']} "
            f"{json.dumps(miss['arguments'], default=str)}"
        )
    tool = result.tally.rate("all", "tool")
    where = f" fold {fold} (router trained without it)" if fold is not None else ""
    misses = len(result.tally.misses)
    print(f"\n{name} fit{where}: right tool {tool.cell()}; {misses} misses listed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.fit_errors", description=__doc__)
    parser.add_argument("set", choices=("slurp", "hwu64", "clinc150", "compounds"))
    parser.add_argument("--limit", type=int, default=None, help="at most N fit requests")
    parser.add_argument(
        "--fold", type=int, choices=range(FOLDS), help="only fold K, routed by a model without it"
    )
    parser.add_argument("--model", type=Path, help="the fold's model (default: see above)")
    parser.add_argument("--seeds", type=int, default=1, help="compounds: sets of cases")
    args = parser.parse_args(argv)
    return asyncio.run(_run(args.set, args.limit, args.fold, args.model, args.seeds))


if __name__ == "__main__":
    sys.exit(main())
