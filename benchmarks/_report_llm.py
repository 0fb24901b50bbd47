"""The LLM-path parts of docs/benchmarks.md: where each scenario loses time against its
ceiling, and the tokens each system sends and receives."""

from __future__ import annotations

import math
from typing import Any

from benchmarks.goals import Check
from benchmarks.stats import geomean

__all__ = [
    "checks_table",
    "fmt_ms",
    "fmt_x",
    "http_section",
    "losses_section",
    "token_notes",
    "tokens_section",
]


def _x(value: Any) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:.2f}x"


def _ms(value: Any, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return f"{value:,.{digits}f}"


def _checks(checks: list[Check], section: str) -> list[str]:
    mine = [c for c in checks if c.section == section]
    if not mine:
        return []
    lines = ["| goal | target | measured | verdict |", "| --- | --- | --- | --- |"]
    for c in mine:
        verdict = {True: "PASS", False: "**FAIL**", None: "not measured"}[c.passed]
        lines.append(f"| {c.name} | {c.goal} | {c.measured} | {verdict} |")
    return [*lines, ""]


# docs/benchmarks.md's other sections (report.py) format with the same three helpers.
fmt_ms, fmt_x, checks_table = _ms, _x, _checks


def losses_section(comp: dict[str, Any]) -> list[str]:
    """Per scenario: ours and as shipped against the ceiling, and where ours lost the time."""
    rows = [r for r in comp["rows"] if "lost_before_ms" in r and r["steps"] <= 8]
    if not rows:
        return []
    table = [
        "| scenario | ceiling ms | ours ms | lost ms | before the planning call | between | "
        "after the last step | as shipped ms | as shipped lost ms |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lost = r["ours_ms"] - r["ideal_ours_ms"]
        between = lost - r["lost_before_ms"] - r["lost_after_ms"]
        shipped = r.get("shipped_ms")
        table.append(
            f"| {r['scenario']} | {_ms(r['ideal_ours_ms'])} | {_ms(r['ours_ms'])} | {_ms(lost)} "
            f"| {r['lost_before_ms']:.1f} | {between:.1f} | {r['lost_after_ms']:.1f} | "
            f"{_ms(shipped)} | "
            f"{_ms(shipped - r['ideal_ours_ms'] if shipped is not None else None)} |"
        )
    return [
        "### Where each scenario loses time against its ceiling",
        "",
        "Medians over the rounds, ours with the LLM planner (`benchmarks.compare.lost_time_ms`): "
        "*before the planning call* is routing, tool selection, the graph's first steps and "
        "building the prompt; *after the last step* is the reply and the run's last "
        "checkpoints; *between* is the rest of the loss: steps starting after their JSON object "
        "closed or their dependencies finished, tool calls over their simulated latency, and "
        "the replan's own steps. The *as shipped* column (hybrid router, SQLite, the tools "
        "beside the built-in ones) is lost against the same ceiling; where the embedded router "
        "is unsure (single, parallel and chain_3 requests here) it also waits for the LLM "
        "router's answer to say meta-planning before the plan's steps start.",
        "",
        *table,
        "",
    ]


SHIPPED_NOTES = [
    (
        "Done in session 7 (issue 18, the LLM path as shipped): a new turn's planning call no "
        "longer waits for the graph. Measured before (`benchmarks.shipped_ab`, in process, "
        "timestamps of each phase): as shipped, the planning call went out 6-9 ms after the bare "
        "LLM planner's did at low load (20-47 ms at load 10), and the gap stayed to the end; most"
        " of it came before the graph's first step: the turn's start checkpoint on SQLite and "
        "LangGraph's first super-step, then the `route` node routing the request again with the "
        "embedded router (made once already by the fast lane's check), then the route call, then "
        "tool selection and the hybrid planner's embedded attempt. Now the fast lane's check "
        "(graph/_lane.py) starts the work itself once it has the embedded decision: a request the"
        " router sends to planning without an LLM has its plan started there "
        "(`Route.plan_early`), and one the LLM is asked about has the route call and the "
        "speculative plan started there, from that decision (`Route.route_early`; "
        "`HybridRouter.route_speculating(prior=)`: not routed twice); the `route` node awaits "
        "that decision and the `plan` node takes that plan (`Speculations`), so the turn's start "
        "checkpoint and the graph's first steps run while the calls are out. Every guarantee "
        "stays: streamed steps wait in the plan's buffer until the `plan` node follows them, "
        "after the turn's start is saved; a run that ends before it (a failure, the deadline) "
        "cancels both calls (`drop_early`); a resumed turn routes and plans in the graph as "
        "before. Old and new side by side (`python -m benchmarks.shipped_ab OLD NEW --rounds 9`, "
        "load 8-10 on 2 cores, medians, ms; ours / as shipped): single 659 / 683 -> 655 / 682, "
        "parallel_4 700 / 729 -> 694 / 721, chain_3 837 / 871 -> 824 / 859, chain_4 1,006 / 1,034"
        " -> 1,001 / 1,031; the planning call went out at 3.8-10.4 -> 0.9-1.2 ms (ours) and "
        "19.6-35.0 -> 18.6-24.4 ms (as shipped) after the request. What is left before the "
        "shipped planning call is CPU: the embedded decision (one now), tool selection over the "
        "built-in and the plugin's tools, and the hybrid planner's embedded attempt, which routes"
        " its one clause again (planning/_embedded.py: the router's decision for the same text "
        "could be handed to it)."
    ),
]
"""Why the *as shipped* column is where it is (rendered under the losses table)."""


def http_section(comp: dict[str, Any]) -> list[str]:
    """Per scenario: the speedups over HTTP beside the in-process ones (``--over-http``)."""
    rows = [r for r in comp["rows"] if "http_speedup" in r]
    if not rows:
        return []
    table = [
        "| scenario | baseline ms in process / over HTTP | ours ms in process / over HTTP | "
        "speedup in process / over HTTP | as shipped speedup in process / over HTTP | "
        "LLM calls over HTTP base / ours / as shipped |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        calls = r["http_llm_calls"]
        table.append(
            f"| {r['scenario']} | {_ms(r['baseline_ms'])} / {_ms(r['baseline_http_ms'])} | "
            f"{_ms(r['ours_ms'])} / {_ms(r['ours_http_ms'])} | {_x(r['speedup'])} / "
            f"{_x(r['http_speedup'])} | {_x(r.get('shipped_speedup'))} / "
            f"{_x(r['shipped_http_speedup'])} | "
            f"{calls['baseline']} / {calls['ours']} / {calls['shipped']} |"
        )
    inproc = [r["speedup"] for r in rows]
    shipped = [r.get("shipped_speedup", math.nan) for r in rows]
    return [
        "### Over HTTP, through the official OpenAI client",
        "",
        "The same rounds also ran the baseline, ours and ours as shipped against a loopback "
        "OpenAI-compatible server (`benchmarks._openai_sim`: uvicorn on its own thread, "
        "`POST /v1/chat/completions` streamed and whole, tool calls, `response_format` "
        "`json_schema`) that answers from the same scripts with the same timing as the "
        "in-process simulated LLM. The baseline's model is `langchain_openai.ChatOpenAI("
        "base_url=...)`; ours is configured as a user configures it: `OPENAI_BASE_URL`, "
        "`OPENAI_API_KEY` and `openai:<model>`, resolved by the product's own model factory "
        "(`agent_system.llm._models.resolve_model`; as shipped, `AgentSystem(settings)` builds "
        "its models itself). What this adds over the in-process figures: the client's request "
        "building and JSON/SSE parsing on every call and chunk, and the HTTP round trips "
        "(one connection pool per client, kept alive). `python -m benchmarks --only comparison "
        "--over-http`.",
        "",
        *table,
        "",
        f"Geometric mean over these scenarios: **{_x(comp.get('geomean_http_speedup'))}** over "
        f"HTTP against {_x(geomean(inproc))} in process; as shipped "
        f"**{_x(comp.get('geomean_shipped_http_speedup'))}** over HTTP against "
        f"{_x(geomean(shipped))} in process.",
        "",
        "Over HTTP each LLM call costs the baseline a few tens of ms more (it makes one per "
        "level). Ours pays per *chunk*: its plan streams as one chunk per token or so (up to "
        "one per ms), each encoded as a server-sent event, parsed by the OpenAI SDK and turned "
        "into a message chunk by `ChatOpenAI`, so the scenarios with the longest plans "
        "(parallel_8, diamond, wide_64) lose most. Measured alone (the server in another "
        "process, an idle client, 2026-11-24): consuming a streamed plan through `ChatOpenAI` "
        "costs the client about 0.5 ms of CPU per chunk against 0.08 ms for the in-process "
        "model's chunk (parallel_8's plan: 266 chunks, 135-156 ms of CPU against 18-26 ms; wall "
        "time the same 0.51 s when the client has a core to itself). The simulated server runs "
        "on a thread of the benchmark's process, so its own per-chunk CPU (the scripted model's "
        "stream and the event encoding) counts against both systems here as well; a provider's "
        "would not.",
        "",
    ]


def tokens_section(comp: dict[str, Any], checks: list[Check], figures: dict[str, str]) -> list[str]:
    rows = [r for r in comp["rows"] if "token_ratio" in r]
    if not rows:
        return []

    def first(value: float) -> str:
        return "-" if math.isnan(value) else f"{value:,.0f}"

    table = [
        "| scenario | ReAct tokens sent / received | ours sent / received | ours over ReAct | "
        "first reply token ReAct ms | ours ms |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        table.append(
            f"| {r['scenario']} | {r['baseline_tokens_in']:,.0f} / {r['baseline_tokens_out']:,.0f} "
            f"| {r['ours_tokens_in']:,.0f} / {r['ours_tokens_out']:,.0f} | "
            f"{_x(r['token_ratio']).removesuffix('x')} | {first(r['baseline_first_token_ms'])} | "
            f"{first(r['ours_first_token_ms'])} |"
        )
    chain = next((r for r in rows if r["scenario"] == "chain_4"), None)
    notes = token_notes(chain) if chain else list(comp.get("token_notes", []))
    notes += TOKEN_HISTORY
    return [
        "## 2b. Tokens and time to the first reply token",
        "",
        "Tokens per request, medians over the rounds, counted from what each LLM call carried "
        "(`benchmarks.baseline.call_tokens`, the same function for both systems: 4 characters "
        "a token, rounded up per message): **sent** is every message's text plus the compact "
        "JSON of the offered tools and of the `response_format` (the output schema) on every "
        "call, what an OpenAI-compatible server bills (message roles and framing are counted "
        "on neither side); **received** is the reply's text, tool calls and structured output. "
        "The ReAct agent resends the whole conversation and every tool schema on each of its "
        "turns; ours sends one planning prompt listing the selected tools, and the plan schema "
        "with their argument types. **First reply token**: from the request to the first token "
        "of the answer the caller sees, both systems streamed (`astream`; the ReAct agent with "
        '`stream_mode="messages"`, its model streaming its answer from the first chunk at '
        "100 ms like ours): a template reply arrives whole when the last step ends.",
        "",
        *table,
        "",
        *_checks(checks, "tokens"),
        *[f"- {note}" for note in notes],
        *([""] if notes else []),
    ]


TOKEN_HISTORY = [
    "Session 10 (issue 18), the token columns re-measured with `python -m benchmarks --quick "
    "--only comparison --no-write` on 2026-11-25 (token counts do not move with the machine's "
    "load; the times on this page are from the run above): depth-4 chain 1,047 -> 737 tokens, "
    "0.63 -> 0.44 of ReAct's. (a) The planner is offered only the tools the request calls for, "
    "however few are registered: a registry no larger than `tools_per_plan` (8) used to go "
    "whole to the planner, so the chains carried all five simulated tools' lines and typed "
    "variants (125 and 233 tokens; now 37 and 86: lookup and transform); the ranking a large "
    "registry gets now picks them, and a small registry still goes whole when nothing in it "
    "fits the request's words (`SelectTools.names`, graph/_route.py). Lexical ranking with "
    "its floor keeps every needed tool in 0.985 of BFCL `parallel_multiple` cases at "
    "`tools_per_plan` (docs/understanding.md), whose registries are this small: that is the "
    "recall traded; once a plan has failed, the replanner sees a small registry whole "
    "(replan: 1,967 -> 1,737 tokens). (b) The instructions say each field once, their JSON "
    "examples written compactly (257 -> 197 tokens).",
    "Session 11 (issue 18), the token columns re-measured with `python -m benchmarks --quick "
    "--only comparison --no-write` on 2026-11-25 12:43 UTC (load 10-12 on 2 cores; token "
    "counts do not move with the load; the times on this page are from the run above): "
    "depth-4 chain 737 -> 539 tokens, 0.44 -> 0.32 of ReAct's. A step is now its call and "
    'nothing else (`planning/_schema.py`): `{"id":"c2","tool":"sim.transform","value":'
    '{"$ref":"c1","path":"/value"}}`. The fields a plain step leaves at their defaults '
    "(`depends_on`, `when`, `on_failure`, `description`) are neither in the schema nor "
    "written by the model (on chain_4 the plan written 159 -> 73 tokens; 64 steps 2,096 -> "
    "754, 1,024 steps 34,247 -> 12,508); a step that needs one of them, a `$template`, or a "
    'free-form tool is written whole as one JSON string (`{"json":"..."}`, the variant that '
    "used to carry only such a call), so the schema lost its `call` wrapper and four fields "
    "per step (86 + 240 -> 100 + 150 tokens), and the instructions say the format in one "
    "paragraph (197 -> 161). Earlier forms still read (`PlannedStep`); a step without a "
    "description is named to the user by its tool's first sentence (an approval). Every "
    "scenario's plan runs right (the replan scenario's failing step is the JSON-encoded form "
    "with `on_failure: replan`); the LLM planner, strict-schema, JSON-mode and streaming "
    "tests pass. Not taken: `const` instead of a one-name `enum` (4 tokens a tool; not in "
    "every server's strict subset).",
]
"""Hand-written history of the token measurements (printed under the generated notes)."""


def token_notes(row: dict[str, Any]) -> list[str]:
    """Where the planning call's tokens go on one scenario, and the floor of one typed call."""
    ours, base = row.get("ours_token_parts"), row.get("baseline_token_parts")
    if not ours or not base:
        return []
    react = row["baseline_tokens_in"] + row["baseline_tokens_out"]
    total = sum(ours.values())
    tools = ours["tools_in_prompt"] + ours["tool_schemas"]
    floor = tools + ours["request"] + ours["reply"]
    return [
        f"Where ours goes on {row['scenario']} (one planning call, {total:,.0f} tokens): "
        f"instructions {ours['instructions']:,.0f}, the tools listed in the prompt "
        f"{ours['tools_in_prompt']:,.0f}, the request {ours['request']:,.0f}, the schema's "
        f"typed per-tool step variants {ours['tool_schemas']:,.0f}, the rest of the schema "
        f"(the plan's own fields, the JSON-encoded step, references) "
        f"{ours['plan_schema']:,.0f}, the plan the model "
        f"writes {ours['reply']:,.0f}. ReAct sends its tool list ({base['tools_per_turn']:,.0f} "
        f"tokens) and the conversation so far on each of its {row['baseline_llm_calls']} turns "
        f"({react:,.0f} in all).",
        f"The floor of one call with typed arguments: the tools described once "
        f"({tools:,.0f}: a line each in the prompt, their argument types in the schema), the "
        f"request and the plan the model writes come to {floor:,.0f} tokens, "
        f"{floor / react:.2f} of ReAct's, before any word on the plan's format; a third of "
        f"ReAct's is {react / 3:,.0f}. The format (instructions and the schema's own fields: "
        f"{ours['instructions'] + ours['plan_schema']:,.0f}) is what is left to cut, and it "
        "carries references, templates, conditions and failure policies, which ReAct does not "
        "have"
        + (
            "; with the format costing more than the margin between that floor and a third of "
            "ReAct's, the one-third goal is out of reach for one call with typed arguments at "
            "this plan size (it comes within reach on longer chains and wider plans, where "
            "ReAct resends more)."
            if total > react / 3
            else "."
        ),
    ]
