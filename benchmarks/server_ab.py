"""Server CPU per fast reply of two checkouts and a bare FastAPI endpoint, side by side.

    python -m benchmarks.server_ab OLD NEW --rounds 2 --seconds 5 --clients 32

OLD and NEW are directories holding ``agent_system`` and ``benchmarks`` (e.g. unpacked with
``git archive <commit> | tar -x -C /tmp/old``); each must have a ``benchmarks/_serve.py`` that
takes ``--port``/``--home`` (copy this checkout's into an older one). The three servers start
together and are loaded in alternating rounds by `benchmarks.server_bench`'s load generator;
printed per server: requests, req/s, p50/p99 and the server process's CPU time per request.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import httpx

from benchmarks.server_bench import HOST, _combine, _load, _measured_load, _Server, _wait_ready

__all__ = ["main"]


async def _run(trees: dict[str, Path | None], rounds: int, seconds: float, clients: int) -> None:
    servers: dict[str, _Server] = {}
    http: dict[str, httpx.AsyncClient] = {}
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    try:
        for name, tree in trees.items():
            server = _Server(bare=tree is None)
            server.log_file = (server.home / "server.log").open("wb")
            root = tree or Path.cwd()
            args = [
                "-m",
                "benchmarks._serve",
                "--port",
                str(server.port),
                "--home",
                str(server.home),
            ]
            server.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                *args,
                *(["--bare"] if tree is None else []),
                cwd=root,
                env={**os.environ, "PYTHONPATH": str(root.resolve())},
                stdout=asyncio.subprocess.DEVNULL,
                stderr=server.log_file,
            )
            servers[name] = server
        for name, server in servers.items():
            http[name] = httpx.AsyncClient(
                base_url=f"http://{HOST}:{server.port}", limits=limits, timeout=120.0
            )
            assert server.proc is not None
            await _wait_ready(http[name], server.proc)
            await _load((HOST, server.port), clients, 1.0, 100)  # warm-up
        loads: dict[str, list[dict[str, Any]]] = {name: [] for name in servers}
        samples: dict[str, list[float]] = {name: [] for name in servers}
        names = list(servers)
        for n in range(rounds):
            for name in names if n % 2 == 0 else names[::-1]:
                pid = servers[name].proc.pid  # type: ignore[union-attr]
                load = await _measured_load((HOST, servers[name].port), pid, clients, seconds)
                samples[name].extend(load.pop("samples_s"))
                loads[name].append(load)
        for name in names:
            c = _combine(loads[name], samples[name])
            print(
                f"{name:<5} {c['requests']} requests, {c['rps']:.1f} req/s, p50 {c['p50_ms']:.0f} "
                f"ms, p99 {c['p99_ms']:.0f} ms, server CPU {c['cpu_ms_per_request']:.2f} ms "
                f"per request (rounds {_spread(c['cpu_ms_per_request_by_round'])}; load "
                f"generator {c['client_cpu_ms_per_request']:.2f} ms)"
            )
    finally:
        for client in http.values():
            await client.aclose()
        for server in servers.values():
            await server.stop()


def _spread(values: list[float]) -> str:
    """The lowest and highest of the per-round figures: how stable the comparison was."""
    return f"{min(values):.2f}-{max(values):.2f}" if values else "none"


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, run the comparison, print one line per server."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server_ab", description=__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0, help="per server and round")
    parser.add_argument("--clients", type=int, default=32)
    args = parser.parse_args(argv)
    trees: dict[str, Path | None] = {"old": args.old, "new": args.new, "bare": None}
    asyncio.run(_run(trees, args.rounds, args.seconds, args.clients))
    return 0


if __name__ == "__main__":
    sys.exit(main())
