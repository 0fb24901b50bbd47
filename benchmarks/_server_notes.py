"""The server section's notes (docs/benchmarks.md section 6): what was done and why."""

from __future__ import annotations

__all__ = ["SERVER_NOTES"]

SERVER_NOTES = [
    "Done on 2026-11-24 (issue 18 item 6, the HTTP side). (1) The load generator: an httpx "
    "client spent about as much CPU per request as the bare endpoint does to answer it, so it "
    "took a share of the cores the servers run on and its own queueing showed in their "
    "latencies; `benchmarks._loadgen` (keep-alive connections, prepared requests, asyncio "
    "streams) costs 0.10-0.16 ms per request. (2) The run and chat endpoints answer plainly "
    "valid requests without FastAPI's routing and dependency machinery (server/_direct.py: "
    "the same checks with the same code, anything else goes to FastAPI unchanged): the HTTP "
    "side of a fast reply in process 0.40 -> 0.20 ms of CPU (bare endpoint 0.14 ms); the "
    "whole app in process, old and new side by side, 4 rounds of 480 at load 21-30: "
    "3.52-3.87 -> 3.14-3.44 ms; over loopback (`python -m benchmarks.server_ab`, 6 "
    "alternating rounds, load 18-32) 4.84 -> 4.52 and 5.27 -> 5.01 ms. (3) The youngest "
    "garbage-collector generation is collected after 20,000 new objects instead of 5,000 "
    "(server/_gc.py): collection CPU per fast reply 0.17 -> 0.05 ms in process with 32 in "
    "flight, the longest pause unchanged.",
    "Where a fast reply's server CPU goes after it (in process, sequential, load ~30): the "
    "step (scheduler, executor, audit row, journal entry) and the turn's end about 28 %, "
    "routing about 11 % (the classifier 0.08 ms, clause splitting 0.03 ms; the router runs "
    "once per request), the role's choice about 11 % (the timer role's reading 0.16-0.19 ms, "
    "the plan's validation), the two checkpoints about 15 %, lease, listing and result the "
    "rest; the HTTP exchange itself (uvicorn, h11, the socket write) is what the bare "
    "endpoint costs. Result building (`_run_result` 0.04 ms, the JSON 0.02 ms) and the "
    "metrics (0.006 ms) are not worth more work.",
    "p99: with N clients each waiting for its answer and C ms of CPU per reply on one core, "
    "every reply waits for the others' work: about N x C (32 x 4 ms = 128 ms) at p50 when "
    "the server has its core to itself. The event loop serves requests first come, first "
    "served in chunks of one to three milliseconds (a turn runs its synchronous SQLite work "
    "between awaits), so the tail over that comes from pauses every in-flight request "
    "shares: garbage collections, and SQLite's WAL checkpoints, whose fdatasync runs on the "
    "event loop (32 of them in a 10 s run under load, median 21 ms, up to 59 ms). Two "
    "worker processes (`--workers 2`, the *workers* row) halve N x C on two cores.",
]
