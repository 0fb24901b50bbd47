"""Compound requests composed from single-intent SLURP/HWU64 sentences, and their scoring.

`compose` joins two or three in-scope sentences of different roles with ", ", " and " or
" then " (choices by SHA-256 of a seed, so the cases are the same on every run). Built from the
*fit* rows they are development cases (``compound-dev``: look at them, tune on them); built from
the *untouched* rows (``compound-untouched``) they are only reported.

A compound is *served* when its plan has, for every clause, its own step with one of that
clause's tools (`intent_actions.json`); `evaluate_compounds` also counts the share of clauses
served, the compounds whose every clause is served or named in the plan as not done (the
words of the clause appear in the plan's ``unsupported`` list), and the compounds none of whose
clauses was dropped (`kept_clauses`: each has a step of its own, right tool or not, or is named).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from evals.harness import Harness
from evals.scoring import slot_found, tool_matches
from evals.slot_words import words as _words
from evals.splits import Row
from evals.voice import SetResult

__all__ = [
    "COMPOUNDS",
    "COMPOUND_SEED",
    "JOINERS",
    "Compound",
    "compose",
    "evaluate_compounds",
    "kept_clauses",
    "served",
    "served_alone",
]

COMPOUND_SEED = "agent-system/evals/compounds/v1"
COMPOUNDS = 200  # cases per set
JOINERS = (", ", " and ", " then ")
_JOINER_NAMES = {", ": "comma", " and ": "and", " then ": "then"}


@dataclass(frozen=True)
class Compound:
    """A composed request and, per clause, the tools that serve it."""

    text: str
    clauses: tuple[tuple[str, tuple[str, ...]], ...]
    joiner: str


def _pick(seed: str, i: int, n: int) -> int:
    digest = hashlib.sha256(f"{seed}/{i}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % n


def compose(
    rows: Sequence[Row],
    actions: dict[str, tuple[str, ...]],
    *,
    seed: str,
    count: int,
    roles: frozenset[str] | None = None,
) -> list[Compound]:
    """`count` compounds of 2-3 clauses of different roles (only `roles`, when given)."""

    def role_of(row: Row) -> str:
        return actions[row.intent][0].split(".")[0]

    pool = [
        r
        for r in rows
        if r.intent in actions
        and (roles is None or role_of(r) in roles)
        and 2 <= len(r.text.split()) <= 12
    ]
    pool.sort(key=lambda r: hashlib.sha256(f"{seed}:{r.text}".encode()).hexdigest())
    if len({role_of(r) for r in pool}) < 2:
        return []
    out: list[Compound] = []
    attempt = 0
    while len(out) < count and attempt < count * 20:
        attempt += 1
        size = 2 + _pick(seed, attempt * 7 + 1, 2)
        chosen: list[Row] = []
        tries = 0
        while len(chosen) < size and tries < 50:
            tries += 1
            row = pool[_pick(seed, attempt * 1000 + tries, len(pool))]
            if role_of(row) not in {role_of(c) for c in chosen}:
                chosen.append(row)
        if len(chosen) < 2:
            continue
        joiner = JOINERS[_pick(seed, attempt * 7 + 3, len(JOINERS))]
        texts = [c.text.strip().rstrip("?.!") for c in chosen]
        text = joiner.join(texts[:-1]) + (" and " if joiner == ", " else joiner) + texts[-1]
        if len(texts) == 2:
            text = joiner.join(texts)
        out.append(Compound(text, tuple((c.text, actions[c.intent]) for c in chosen), joiner))
    return out


def served(tools: Sequence[str], clauses: Sequence[tuple[str, tuple[str, ...]]]) -> int:
    """How many clauses get their own step (the best assignment of steps to clauses: a
    maximum matching, so with fewer steps than clauses any clause may take a step)."""
    match: dict[int, int] = {}  # step -> clause

    def assign(clause: int, seen: set[int]) -> bool:
        for step, tool in enumerate(tools):
            if step in seen or not tool_matches(tool, clauses[clause][1]):
                continue
            seen.add(step)
            if step not in match or assign(match[step], seen):
                match[step] = clause
                return True
        return False

    return sum(assign(i, set()) for i in range(len(clauses)))


def kept_clauses(descriptions: Sequence[str], named: Sequence[str], clauses: Sequence[str]) -> int:
    """How many `clauses` were not dropped: each has a step of its own (a step belongs to the
    clause its description shares the most words with), is named as not done in `named`, or
    every word of it is in some step's description or named part (a clause cut in two). A step
    with no description (a single role's plan of the whole request) belongs to none."""
    words = [set(_words(c)) for c in clauses]
    said = " ".join([*descriptions, *named])  # a clause the planner cut in two is covered
    kept = [any(slot_found(c, n) for n in named) or slot_found(c, said) for c in clauses]
    for description in descriptions:
        have = set(_words(description))
        if not have:
            continue
        overlap = [len(have & w) / max(len(w), 1) for w in words]
        best = max(range(len(clauses)), key=overlap.__getitem__)
        if overlap[best] >= 0.5:
            kept[best] = True
    return sum(kept)


async def served_alone(harness: Harness, clause: tuple[str, tuple[str, ...]]) -> bool:
    """Whether the clause, asked on its own, is planned with one of its tools."""
    out = await harness.observe(clause[0].strip().rstrip("?.!"))
    return any(tool_matches(tool, clause[1]) for tool in out.tools)


async def evaluate_compounds(harness: Harness, name: str, cases: Sequence[Compound]) -> SetResult:
    """Plan (``aplan``) every compound: all clauses served, and the share of clauses served."""
    result = SetResult(name)
    for case in cases:
        out = await harness.observe(case.text)
        result.latencies.append(out.route_ms)
        result.cpu_latencies.append(out.route_cpu_ms)
        hits = served(out.tools, case.clauses)
        ok = hits == len(case.clauses)
        named = " ".join(out.unsupported)
        accounted = hits + sum(1 for text, _ in case.clauses if named and slot_found(text, named))
        kept = kept_clauses(out.descriptions, out.unsupported, [t for t, _ in case.clauses])
        for group in (
            "all",
            f"joiner:{_JOINER_NAMES[case.joiner]}",
            f"clauses:{len(case.clauses)}",
        ):
            result.tally.add(group, "all_served", ok)
            result.tally.add(group, "served_or_named", accounted >= len(case.clauses))
            result.tally.add(group, "none_dropped", kept == len(case.clauses))
        for i in range(len(case.clauses)):
            result.tally.add("all", "clause_served", i < hits)
        # The compound gap: a clause the single-intent path serves alone, not served here.
        alone = [c for c in case.clauses if await served_alone(harness, c)]
        together = served(out.tools, alone)
        for i in range(len(alone)):
            result.tally.add("all", "alone_kept", i < together)
        if not ok and name.endswith("dev"):
            result.tally.misses.append(
                {
                    "text": case.text,
                    "got": "+".join(out.tools) or "no plan",
                    "served": f"{hits}/{len(case.clauses)}",
                }
            )
    return result
