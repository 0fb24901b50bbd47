"""docs/benchmarks.md from the results dict: each figure beside the goal it serves."""

from __future__ import annotations

import math
from typing import Any

from benchmarks._report_llm import checks_table as _checks
from benchmarks._report_llm import fmt_ms as _ms
from benchmarks._report_llm import fmt_x as _x
from benchmarks._report_llm import http_section, losses_section, token_notes, tokens_section
from benchmarks._server_notes import SERVER_NOTES
from benchmarks.goals import Check

__all__ = ["render", "token_notes"]


def _img(figures: dict[str, str], key: str, alt: str) -> list[str]:
    return [f"![{alt}](img/{figures[key]})", ""] if key in figures else []


def _row(comp: dict[str, Any], name: str) -> dict[str, Any]:
    return next((r for r in comp["rows"] if r["scenario"] == name), {})


def _speed(results: dict[str, Any], checks: list[Check], figures: dict[str, str]) -> list[str]:
    comp = results["comparison"]
    w = results["workload"]
    llm, tool = w["llm_ms"], w["tool_ms"]
    lines = [
        "## 1. Speed against a ReAct agent",
        "",
        f"Both systems get the same simulated LLM ({llm:g} ms per call"
        + (
            f"; a streamed reply's first chunk comes at {w['first_chunk_ms']:g} ms and the rest "
            f"is spread until {llm:g} ms"
            if w.get("first_chunk_ms")
            else ""
        )
        + ") and the same simulated "
        f"tools ({tool:g} ms per call; 0 ms in the 1,024-step plan). The baseline is "
        "`langchain.agents.create_agent` with a scripted model playing it at its best: every turn "
        "calls, in parallel, every tool whose inputs it already has, then it writes the answer. "
        "So it pays one LLM turn per level of the DAG, one per failure, and one for the answer. "
        "Ours with the **LLM planner** pays one planning call (`LLMPlanner`, one structured-output "
        "call on `ScriptedChatModel` returning the scenario's plan), **streamed**: each step is "
        "checked and started the moment its JSON object closes in the stream (issue 18; "
        "`stream_plans`), one call per replan, and no "
        "call for the answer when every step gives display text (template reply). Routing in "
        "that column sends every request to the planner (what the embedded router does with a "
        "request that names no built-in role). The **offline** column is the embedded router and "
        "embedded planner with no LLM at all, for the scenarios that can be said as a request "
        "over the built-in roles; there **the built-in role tools are replaced by simulated-"
        f"latency tools of the same names** (same schemas, {tool:g} ms each), so only the "
        "engine and the scheduling are measured, not Open-Meteo. Both sides use `InMemorySaver` "
        "(the *as shipped* column below: SQLite). The simulated LLM is in process here (a "
        "scripted LangChain chat model); with `--over-http` the same rounds also run every "
        "LLM-path system through the official OpenAI client against a loopback server giving "
        "the same answers with the same timing (the section *Over HTTP* below).",
        "",
        f"Runs: {results['runs']} interleaved round(s) (each round runs every scenario on each "
        "system, alternating which goes first; every system is built and its storage opened "
        "before the rounds, as the baseline's agent is compiled before them), "
        + ("after one warm-up round" if results.get("warmup") else "no warm-up round (--quick)")
        + ". Speedup = median over rounds of baseline time / our time in the same round.",
        "",
        "The *not streamed* column is ours with `stream_plans` off (the plan waits for the whole "
        "reply), in the same rounds: the difference is what streaming plan dispatch buys.",
        "",
        "The *plain data* column is ours with tools that return plain data and no display "
        "text (a small dict each, as docs/plugins.md allows): the reply is then a deterministic "
        "rendering of those outputs (`graph._synthesize.render_output`), with no second LLM "
        "call, in the same rounds.",
        "",
        "The *as shipped* column is the product as `AgentSystem(settings, chat_model=...)` "
        "builds it with nothing else given, in the same rounds: the hybrid router (the "
        "embedded router on every request, and the LLM, the same simulated one, when the "
        "embedded router is unsure), the hybrid planner (the embedded planner first, the LLM "
        "planner for what it cannot cover), the default SQLite persistence, and the simulated "
        "tools registered beside the built-in ones as a plugin author's tools are (so tool "
        "selection picks them out of every tool). Its LLM calls count the router's.",
        "",
        "| scenario | steps | levels | baseline ms | ours (LLM) ms | speedup | ceiling | "
        "not streamed ms | not streamed speedup | plain data ms | plain data speedup | "
        "as shipped ms | as shipped speedup | "
        "offline ms | offline speedup | LLM calls base / ours / plain data / as shipped / "
        "offline |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | "
        "--- | --- |",
    ]
    for r in comp["rows"]:
        off_calls = r.get("offline_llm_calls", "-")
        lines.append(
            f"| {r['scenario']} | {r['steps']} | {r['depth']} | {_ms(r['baseline_ms'])} | "
            f"{_ms(r['ours_ms'])} | {_x(r['speedup'])} | {_x(r['ceiling'])} | "
            f"{_ms(r.get('whole_ms'))} | {_x(r.get('whole_speedup'))} | "
            f"{_ms(r.get('plain_ms'))} | {_x(r.get('plain_speedup'))} | "
            f"{_ms(r.get('shipped_ms'))} | {_x(r.get('shipped_speedup'))} | "
            f"{_ms(r.get('offline_ms'))} | {_x(r.get('offline_speedup'))} | "
            f"{r['baseline_llm_calls']} / {r['ours_llm_calls']} / "
            f"{r.get('plain_llm_calls', '-')} / {r.get('shipped_llm_calls', '-')} / {off_calls} |"
        )
    lines += [
        "",
        f"Geometric mean over every scenario: **{_x(comp['geomean_speedup'])}** with the LLM "
        "planner (ceiling "
        f"{_x(comp['geomean_ceiling'])}); "
        f"**{_x(comp.get('geomean_shipped_speedup'))}** as shipped; "
        f"**{_x(comp['geomean_offline_speedup'])}** offline over "
        f"{', '.join(comp['offline_scenarios']) or 'no scenarios'}.",
        "",
        *_checks(checks, "speed"),
        "Step start after its JSON object closes: `python -m benchmarks.stream_gaps` runs the "
        "streamed scenarios again and, for each gap over 10 ms, says whether a garbage "
        "collection ran inside it. On 2026-11-23 at load average 13-19 it found p50 0.66 ms "
        "and 2-10 gaps over 10 ms per 120-150 steps, none explained by a collection (at most "
        "a 0.1 ms young-generation one inside): the process was waiting for a core. The same "
        "scenarios at load average 5 gave a max of 1.78 ms over 30 steps. The dispatch path "
        "itself is not the limit; a full (generation-2) collection in a process this size "
        "costs 50-200 ms of CPU and would show as one such gap if it landed there "
        "(`gc.freeze()` after start-up halved it in a probe).",
        "",
        *_img(figures, "wall_time", "wall time per scenario"),
        *_img(figures, "speedup", "speedup per scenario"),
        *_img(figures, "stream_timeline", "streaming timeline of the depth-4 chain"),
        "### The ceiling with a streamed plan",
        "",
        "The *ceiling* column is the best a planner that makes one streamed LLM call can do: "
        "each step starts when its JSON object closes in the stream (its position in the "
        f"simulated reply, between {w.get('first_chunk_ms', 0):g} and {llm:g} ms) or when its "
        f"dependencies finish, whichever is later, against the baseline's (levels + 1) x "
        f"{llm:g} ms + levels x {tool:g} ms. A chain's first step closes early in the stream, "
        "so the depth-4 chain's floor is that moment plus 4 x "
        f"{tool:g} ms against {5 * llm + 4 * tool:,.0f} ms; a single step still waits for most "
        "of the reply, so one level stays near "
        f"{(2 * llm + tool) / (llm + tool):.2f}x. What is left between a measured speedup and "
        "its ceiling is engine overhead (section 3). The baseline's own overhead is large on "
        "the biggest plans (LangGraph carrying 64 or 1,024 tool messages through the agent "
        f"state: {_ms(_row(comp, 'plan_1024').get('baseline_overhead_ms'))} ms on the 1,024-step "
        "plan), and so is ours when that plan streams: checking and starting 1,024 steps one by "
        "one as they arrive costs more than the stream saves (compare the not-streamed column; "
        f"{_ms(comp.get('json_close_gap_ms', {}).get('large_plans_p50_ms'))} ms from a step "
        "closing to its start at p50 in the 64- and 1,024-step plans). Offline there is no "
        f"planning call: the depth-4 chain's ceiling is {5 * llm + 4 * tool:,.0f} / "
        f"{4 * tool:,.0f} = {(5 * llm + 4 * tool) / (4 * tool):.2f}x.",
        "",
        *losses_section(comp),
        *http_section(comp),
    ]
    return lines


def _overhead(results: dict[str, Any], checks: list[Check], figures: dict[str, str]) -> list[str]:
    over = results["overhead"]
    lines = [
        "## 3. Engine overhead",
        "",
        "Overhead = wall time minus the simulated critical path. Fast reply: "
        f"`{over['fast_reply'][0]['request']}` routed by the "
        f"{over['fast_reply'][0]['router']} router to the timer role, an instant simulated "
        "`timer.set`, a new thread per request, after 5 warm-up requests. CPU = the process's "
        "CPU time over the request (`time.process_time`): on a shared machine the wall time "
        "also holds the time other processes had the cores; CPU time is the steady figure.",
        "",
        "| variant | requests | p50 ms | p95 ms | p99 ms | max ms | CPU p50 ms | CPU p95 ms |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for v in over["fast_reply"]:
        lines.append(
            f"| {v['variant']} | {v['n']:.0f} | {_ms(v['p50_ms'], 1)} | {_ms(v['p95_ms'], 1)} | "
            f"{_ms(v['p99_ms'], 1)} | {_ms(v['max_ms'], 1)} | {_ms(v.get('cpu_p50_ms'), 1)} | "
            f"{_ms(v.get('cpu_p95_ms'), 1)} |"
        )
    plan = over["plan_1024"]
    eager = over["eager_start"]
    lines += [
        "",
        "`sqlite` is the product default (`open_persistence`: LangGraph's SQLite saver and "
        "store in WAL mode, plus the application database for the audit row); `memory` is "
        "`InMemorySaver` + `InMemoryStore` (the framework floor). The two take turns request "
        "by request.",
        "",
        *_img(figures, "fast_reply", "fast-reply latency CDF"),
        f"1,024-step plan, instant tools, instant planner call: "
        f"{_ms(plan['sqlite']['wall_ms'])} ms on SQLite "
        f"(**{plan['sqlite']['per_step_ms']:.3f} ms per step**), "
        f"{_ms(plan['memory']['wall_ms'])} ms in memory "
        f"({plan['memory']['per_step_ms']:.3f} ms per step).",
        "",
        "Dependent steps: start minus the finish of the last dependency, from the step timings "
        f"of every LLM-planner run (chains, diamond) and the probe: p50 "
        f"{_ms(eager['all_dependent_steps']['p50_ms'], 2)} ms, p99 "
        f"{_ms(eager['all_dependent_steps']['p99_ms'], 2)} ms, max "
        f"{_ms(eager['all_dependent_steps']['max_ms'], 2)} ms over "
        f"{eager['all_dependent_steps']['n']} steps. In the probe (0.1 s step, its dependant, "
        "and a 1.2 s sibling) the dependant started "
        f"{_ms(eager['dependant_started_before_slow_sibling_finished_ms'])} ms before the slow "
        "sibling finished.",
        "",
        *_img(figures, "eager_start", "eager start timeline"),
        *_checks(checks, "overhead"),
    ]
    notes = results.get("notes", {}).get("overhead", [])
    if notes:
        lines += ["Why:", "", *[f"- {n}" for n in notes], ""]
    return lines


def _external(name: str, title: str, data: dict[str, Any] | None, checks: list[Check]) -> list[str]:
    lines = [f"## {title}", ""]
    if data is None:
        return [*lines, "Not run in this invocation.", ""]
    lines.append(f"Command: `{data.get('command')}`; status: {data.get('status')}.")
    lines.append("")
    if data.get("status") != "measured":
        return [*lines, f"Not measured yet: {data.get('why', '')}", ""]
    return [*lines, *_checks(checks, name), "```", *data.get("stdout_tail", []), "```", ""]


def _per_thread(kb: float) -> str:
    return "under 0.1 KB" if abs(kb) < 0.1 else f"{kb:.1f} KB"


def _server_row(name: str, load: dict[str, Any]) -> str:
    errors = ", ".join(f"{k}: {v}" for k, v in load["errors"].items()) or "none"
    cpu = load.get("cpu_ms_per_request", math.nan)
    rounds = load.get("cpu_ms_per_request_by_round") or []
    spread = f" ({min(rounds):.2f}-{max(rounds):.2f})" if len(rounds) > 1 else ""
    return (
        f"| {name} | {load['requests']} | {load['rps']:.1f} | {_ms(load['p50_ms'])} | "
        f"{_ms(load['p99_ms'])} | {cpu:.2f}{spread} | {1000 / cpu if cpu else math.nan:.0f} | "
        f"{errors} |"
    )


def _server(data: dict[str, Any] | None, checks: list[Check]) -> list[str]:
    lines = ["## 6. Server", ""]
    if data is None or "load" not in data:
        why = (data or {}).get("why", "not run in this invocation")
        return [
            *lines,
            f"Not measured yet ({why}). Command: `python -m benchmarks --only server`.",
            "",
        ]
    load, mem = data["load"], data["memory"]
    table = [
        "| server | requests | req/s | p50 ms | p99 ms | server CPU ms per request (rounds) | "
        "requests per CPU-second | errors |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        _server_row("agent-system", load),
    ]
    if "workers" in data:
        workers = data["workers"]
        table.append(_server_row(f"agent-system, {workers['processes']} workers", workers))
    if "bare" in data:
        table.append(_server_row("bare FastAPI", data["bare"]))
    return [
        *lines,
        f"`agent_system.server.create_app` on uvicorn at 127.0.0.1 with the options "
        "`agent-system serve` uses (`uvicorn_options`, access log on; the garbage collector "
        "tuned once started, `tune_gc=True`, as `serve` does; event loop and HTTP parser: "
        f"{_stack(data)}), in a child process "
        "(`python -m benchmarks._serve`), SQLite checkpointer and store, instant scripted LLM, "
        "instant simulated tools; beside it, in the same run, a **bare FastAPI** endpoint on the "
        "same stack (`_serve --bare`: the same body model, a fixed 1.5 KB JSON answer, no "
        f"engine). {load['clients']} concurrent clients (`benchmarks._loadgen`: one keep-alive "
        "connection each writing a prepared request and reading the answer with asyncio "
        f"streams, {_client_cpu(load)} of its own CPU per request) POST "
        f"`/v1/threads/{{id}}/runs` with a fast-reply request, {load.get('rounds', 1)} "
        f"alternating round(s), {load['duration_s']:.1f} s per server in all. The server "
        "process's own CPU time (`/proc/<pid>/stat`) per answered request is the steady figure: "
        "the load generator and other work share the 2 cores, so requests per second and "
        "latency move with the machine's load (1-minute load average at the end of the run: "
        f"{data.get('load_average', math.nan):.1f} on 2 cores).",
        "",
        *table,
        "",
        *_checks(checks, "server"),
        f"The product's server costs **{data.get('cpu_ratio_to_bare', math.nan):.1f}x** the "
        "bare endpoint's CPU per request: the rest of its CPU is the engine's fast reply "
        "(section 3), not the HTTP stack (in process, without uvicorn, the run endpoint costs "
        "about 0.3 ms of CPU more than `/healthz`). With a fixed number of clients each "
        "waiting for its answer, the mean latency is at least clients x CPU per request / "
        "cores the server uses: p99 <= 150 ms at 32 clients needs under about 4.7 ms of CPU "
        "per request in one server process, and less as the tail grows over the mean (garbage "
        "collections, other work on the core). The *workers* row is `agent-system serve "
        "--workers N` on the same SQLite file (its CPU is every worker's): the same CPU per "
        "request spread over both cores, so the same clients wait about half as long when the "
        "machine has the second core to give.",
        "",
        f"Memory per open thread: {mem['threads']} new threads (one request each, "
        f"{mem.get('failed', 0)} failed) moved the server's RSS from {mem['rss_before_kb']:,} KB "
        f"to {mem['rss_after_kb']:,} KB: **{_per_thread(mem['kb_per_thread'])} per thread**. "
        "A thread's state lives in the SQLite checkpointer, not in the process.",
        "",
        f"Server log: {data['server_errors']['tracebacks']} tracebacks, "
        f"{data['server_errors']['database is locked']} of them `database is locked`.",
        "",
        "Why:",
        "",
        *[f"- {note}" for note in SERVER_NOTES],
        "",
    ]


def _client_cpu(load: dict[str, Any]) -> str:
    cpu = load.get("client_cpu_ms_per_request")
    return "unmeasured" if cpu is None else f"{cpu:.2f} ms"


def _stack(data: dict[str, Any]) -> str:
    stack = data.get("stack")
    if not stack:
        return "not recorded"
    extra = "" if stack["loop"] == "uvloop" else ", without `agent-system[fast]`"
    return f"{stack['loop']} and {stack['http']}{extra}"


def _load_warning(results: dict[str, Any]) -> list[str]:
    load = results.get("load_average")
    if load is None:
        return []
    return [
        f"**Load during this run: 1-minute load average {load:.1f} on "
        f"{results.get('cores', 2)} cores** (the suite runs at `nice -n 10` beside other work). "
        "Every wall-clock figure (speedups, latencies, p95/p99, requests per second) includes "
        "the time spent waiting for a core, so at a load this far above the core count they "
        "say more about the machine than about the engine. The CPU-time figures (sections 3 "
        "and 6, `time.process_time` and the server's `/proc/<pid>/stat`) and the token counts "
        "(section 2b) hold regardless.",
        "",
        *([results["previous_run"], ""] if results.get("previous_run") else []),
    ]


def _side_by_side(results: dict[str, Any]) -> list[str]:
    runs = results.get("side_by_side")
    if not runs:
        return []
    lines = ["### Before and after, side by side", ""]
    for run in runs:
        lines += [run["what"], "", "```", f"$ {run['command']}", *run["output"], "```", ""]
    return lines


def render(results: dict[str, Any], checks: list[Check], figures: dict[str, str]) -> str:
    """The whole page."""
    lines = [
        "# Benchmarks",
        "",
        f"Produced by `{results['command']}` on {results['date']} on {results['machine']}. "
        "Numbers from a shared machine move by 10-30 % between runs; the ratios taken side "
        "by side move less. Raw numbers: `benchmarks/results/benchmarks.json`.",
        "",
        *_load_warning(results),
        "## Goals at a glance",
        "",
        "| goal | target | measured | verdict |",
        "| --- | --- | --- | --- |",
    ]
    for c in checks:
        verdict = {True: "PASS", False: "**FAIL**", None: "not measured"}[c.passed]
        lines.append(f"| {c.name} | {c.goal} | {c.measured} | {verdict} |")
    lines.append("")
    if "comparison" in results:
        lines += _speed(results, checks, figures)
        lines += ["## 2. LLM calls per request", "", *_checks(checks, "calls")]
        lines += tokens_section(results["comparison"], checks, figures)
    if "overhead" in results:
        lines += _overhead(results, checks, figures)
        lines += _side_by_side(results)
    lines += _external("router", "4. Router", results.get("router"), checks)
    lines += _external(
        "tool_selection", "5. Tool selection (1,000 tools)", results.get("tool_selection"), checks
    )
    lines += _server(results.get("server"), checks)
    if "startup" in results:
        from benchmarks.startup import section

        lines += section(results["startup"])
    return "\n".join(lines).rstrip() + "\n"
