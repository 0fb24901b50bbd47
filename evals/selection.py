"""Tool selection for compound requests (issue 15, item 9).

Does the selector that hands the LLM planner its tools (``ToolRegistry.search``, the
``tools_per_plan`` best) keep *every* tool a compound request needs? Measured on

- BFCL ``parallel_multiple`` (``benchmarks/data/bfcl``; each request with its own candidate
  functions): kept when the top k holds every gold function, for k = the number of gold functions
  and k = ``tools_per_plan``;
- compounds composed from the voice-assistant data (`evals.compounds`), against the built-in
  tools: kept when the tools offered hold a tool of every clause; the mean number offered is
  reported beside it (offering all 65 would keep everything).

The anchor is plain lexical ranking (`agent_system.registry._selection.ToolIndex`); the registry's
own selection is reported beside it (they are the same while the registry is lexical).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent_system.registry._selection import ToolIndex
from evals.compounds import Compound
from evals.harness import Harness
from evals.scoring import Rate, tool_matches

__all__ = ["bfcl_parallel_multiple", "compound_selection"]


def bfcl_parallel_multiple(k_plan: int) -> dict[str, Rate]:
    """Rates on BFCL ``parallel_multiple`` for the registry and the lexical anchor."""
    from benchmarks.tool_selection import load_category, question, registry_for

    rates = {
        key: Rate() for key in ("registry@gold", "lexical@gold", "registry@plan", "lexical@plan")
    }
    for entry in load_category("parallel_multiple"):
        gold = set(entry["gold"])
        registry = registry_for(entry["function"])
        index = ToolIndex(list(registry))
        text = question(entry)
        for k, label in ((len(gold), "gold"), (k_plan, "plan")):
            mine = {s.name for s, _ in registry.search(text, k)}
            anchor = {s.name for s, _ in index.search(text, k)}
            rates[f"registry@{label}"].add(gold <= mine)
            rates[f"lexical@{label}"].add(gold <= anchor)
    return rates


async def compound_selection(
    harness: Harness, cases: Sequence[Compound], k_plan: int
) -> dict[str, Any]:
    """Rates on composed compounds against the built-in tools, and the mean number offered.

    ``handed``: what the graph hands the LLM planner (`SelectTools`: the registry's choice plus
    the tools of roles the router saw); ``registry``: ``ToolRegistry.search`` alone (top
    `k_plan`); ``lexical``: the anchor."""
    system = harness.system
    assert system is not None, "use `async with Harness(...)`"
    registry = harness.registry
    index = ToolIndex(list(registry))
    select = system.engine.nodes.select_tools
    rates = {"handed": Rate(), "registry": Rate(), "lexical": Rate()}
    offered: dict[str, list[int]] = {label: [] for label in rates}
    for case in cases:
        decision = await system.aroute(case.text)
        for label, found in (
            ("handed", select.names(case.text, decision.scores, decision.slots.get("parts"))),
            ("registry", [s.name for s, _ in registry.search(case.text, k_plan)]),
            ("lexical", [s.name for s, _ in index.search(case.text, k_plan)]),
        ):
            kept = all(any(tool_matches(t, pats) for t in found) for _, pats in case.clauses)
            rates[label].add(kept)
            offered[label].append(len(found))
    mean = {label: sum(sizes) / max(len(sizes), 1) for label, sizes in offered.items()}
    return {"rates": rates, "offered": mean, "tools": len(registry)}
