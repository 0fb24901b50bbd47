"""Scoring of CLINC150 requests (``role_map.json``).

*In-role* when a mapped request is routed to its role (intents of a
role that is not installed are counted apart), and *out-of-scope to a tool role* when any other
request (unmapped intents and ``oos``) is routed to timer, weather, calendar, smart_home, search
or lists, or sent to planning and planned with such a role's tools; *out-of-scope acted on*
(``oos_acted``) when the offline plan of any such request (`aplan`, whoever it was routed to)
has a step of one of those roles. ``change_volume`` is counted in neither (`LABEL_CONFLICTS`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from evals.harness import Harness, Outcome
from evals.splits import Row
from evals.voice import CLINC_TOOL_ROLES, LABEL_CONFLICTS, OUT_OF_SCOPE, SetResult

__all__ = ["clinc_acted", "clinc_in_role", "clinc_outcome", "clinc_to_tool", "evaluate_clinc"]


async def clinc_outcome(harness: Harness, text: str) -> tuple[Outcome, set[str]]:
    """The route of a CLINC150 request and, when it was sent to planning, the roles whose tools
    the offline planner plans for it (`aplan`): a compound of one role's clauses ("alarms for
    2pm and 3pm") is served by that role, and an out-of-scope request planned with a tool
    role's tools is acted on by that role, as surely as one routed there."""
    out = await harness.route(text)
    if out.role != "planner":
        return out, set()
    return out, {tool.split(".")[0] for tool in await harness.planned_tools(text)}


def clinc_to_tool(out: Outcome, planned: set[str]) -> bool:
    """Whether an out-of-scope request reached a tool role (routed, or planned with its tools)."""
    return out.role in CLINC_TOOL_ROLES or bool(planned & CLINC_TOOL_ROLES)


async def clinc_acted(harness: Harness, text: str, out: Outcome, planned: set[str]) -> bool:
    """Whether an out-of-scope request is acted on: its offline plan (`aplan`) has a step of a
    tool role, whoever it was routed to. A request routed to a tool role whose role only asks a
    question back is routed there but not acted on; one sent to planning and planned with a tool
    role's tools (the embedded planner's own reading) is acted on."""
    if out.role != "planner":
        planned = {tool.split(".")[0] for tool in await harness.planned_tools(text)}
    return bool(planned & CLINC_TOOL_ROLES)


def clinc_in_role(out: Outcome, planned: set[str], role: str) -> bool:
    """Whether a mapped request reached its role (routed, or planned with its tools only)."""
    return out.role == role or planned == {role}


async def evaluate_clinc(
    harness: Harness, rows: Sequence[Row], role_map: dict[str, str]
) -> SetResult:
    """Route every row (``aroute``): in-role accuracy and out-of-scope sent to a tool role."""
    result = SetResult("clinc150")
    installed = harness.roles()
    tally = result.tally
    unbuilt: Counter[str] = Counter()
    conflicts: Counter[tuple[str, str]] = Counter()
    for row in rows:
        out, planned = await clinc_outcome(harness, row.text)
        result.latencies.append(out.route_ms)
        result.cpu_latencies.append(out.route_cpu_ms)
        if row.intent in LABEL_CONFLICTS:
            conflicts[(row.intent, out.role or "none")] += 1
            continue
        role = role_map.get(row.intent)
        if role is None:
            to_tool = clinc_to_tool(out, planned)
            acted = await clinc_acted(harness, row.text, out, planned)
            tally.add("all", "oos_to_tool", to_tool)
            tally.add("all", "oos_acted", acted)
            tally.add(f"role:{OUT_OF_SCOPE}", "oos_acted", acted)
            if row.intent == "oos":
                tally.add("all", "oos_only_to_tool", to_tool)
            tally.add(f"role:{OUT_OF_SCOPE}", "oos_to_tool", to_tool)
            tally.confusion[(OUT_OF_SCOPE, out.role or "none")] += 1
            if to_tool:
                result.miss_kinds[
                    (
                        "out of role" if row.intent != "oos" else "oos",
                        OUT_OF_SCOPE,
                        out.role or "none",
                    )
                ] += 1
            continue
        tally.confusion[(role, out.role or "none")] += 1
        if role not in installed:
            unbuilt[role] += 1
            tally.add(f"role:{role}", "in_role_unbuilt", out.role == role)
            continue
        ok = clinc_in_role(out, planned, role)
        tally.add("all", "in_role", ok)
        tally.add(f"role:{role}", "in_role", ok)
        tally.add(f"intent:{row.intent}", "in_role", ok)
        if not ok:
            result.miss_kinds[(row.intent, role, out.role or "none")] += 1
    for intent, (role, other) in LABEL_CONFLICTS.items():
        routed = {r: n for (i, r), n in conflicts.items() if i == intent}
        if routed:
            total = sum(routed.values())
            where = ", ".join(f"{r} {n}" for r, n in sorted(routed.items()))
            result.notes.append(
                f"{total} `{intent}` requests are counted in neither share: HWU64/SLURP label the "
                f"same requests `{other}`, in scope for `{role}` (CLINC leaves them unmapped). "
                f"Routed: {where}."
            )
    for role, n in sorted(unbuilt.items()):
        result.notes.append(
            f"{n} `{role}` requests are not counted in the in-role share: no `{role}` role is "
            "installed on this commit."
        )
    return result
