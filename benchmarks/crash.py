"""Crash harness: real worker processes killed at random moments, then resumed; effects counted.

    python -m benchmarks.crash --kills 200 --seed 7       # prints one JSON line of figures

Used by ``tests/reliability/test_crash_resume.py`` (small in the default suite, 200+ kills under
the ``heavy`` marker) and quoted in docs/reliability.md.

A workload is a set of threads on one SQLite home. Each thread asks ``turns`` requests in turn:
a six-step DAG plan (``work ...``) or a one-step fast reply (``fast ...``); every step appends
``start <name>`` and ``done <name>`` to a counter file when its side effect happens, so the
harness knows how often each step really ran. A worker process starts, resumes (``aresume``) or
continues each thread through the public API, ``concurrency`` threads at a time.

Workers are killed in two ways, chosen at random per kill:

- ``time``: SIGKILL after 1-6 more steps finished plus a random 0-80 ms;
- ``write``: the worker calls ``os._exit`` just before or just after its k-th storage call
  (checkpoint, checkpoint writes or store batch; k random), which lands kills exactly on the
  boundaries between saved writes and the next checkpoint that timing alone rarely hits.

After the kills a last worker finishes every thread. Figures: kills, journaled steps before
kills, **duplicated** (a step the journal had recorded that ran again: must be 0), **re-run in
flight** (a step killed between its effect and its journal write, run again: at-least-once),
**lost** (a step that never ran: must be 0), and threads not ending ``success``.

Workers are forked from a "zygote" process that imported everything once, so a worker starts in
milliseconds instead of seconds; each is still a separate process killed for real.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHAPE: dict[str, list[str]] = {
    "a": [],
    "b": [],
    "c": ["a"],
    "d": ["b", "c"],
    "e": [],
    "f": ["d", "e"],
}
"""Plan steps -> the steps they depend on."""
EFFECTS_DDL = "CREATE TABLE IF NOT EXISTS crash_effects (name TEXT NOT NULL);"
"""The idempotent tool's effects (``--idempotent``): one row per time a step really acted."""


# --- the worker (runs in a forked child) --------------------------------------------------------


def _steps(request: str, seed: int) -> list[dict[str, Any]]:
    """The steps of ``work <thread>/<turn>``: `SHAPE`, durations from the seed and the name."""
    name = request.split()[1]
    rng = random.Random(f"{seed}/{name}")
    return [
        {
            "id": sid,
            "tool": "crash.work",
            "arguments": {"name": f"{name}/{sid}", "seconds": round(rng.uniform(0.01, 0.1), 3)},
            "depends_on": deps,
        }
        for sid, deps in SHAPE.items()
    ]


def build(
    home: Path,
    counter: Path,
    seed: int,
    database_url: str | None = None,
    idempotent: bool = False,
) -> Any:
    """An AgentSystem on a real SQLite home whose one tool logs its side effect to `counter`.

    With `idempotent`, the tool's effect is a row in the application database written under
    `agent_system.idempotency.once` (as the built-in tools with local effects do); the counter
    then only shows progress and `effects` counts the rows.
    """
    from agent_system.api import AgentSystem
    from agent_system.idempotency import once
    from agent_system.planning.models import ExecutionPlan, ExecutionStep
    from agent_system.registry._registry import ToolRegistry
    from agent_system.registry.spec import ToolContext, ToolOutput, spec_from_function
    from agent_system.roles import RoleCall
    from agent_system.routing.models import RouteDecision, RouteTarget
    from agent_system.testing import make_settings

    async def work(name: str, seconds: float = 0.0) -> ToolOutput:
        """Do some work with a side effect.

        Args:
            name: Step name.
            seconds: How long it takes.
        """
        with counter.open("a") as f:
            f.write(f"start {name}\n")
        await asyncio.sleep(seconds)
        with counter.open("a") as f:
            f.write(f"done {name}\n")
        return ToolOutput(data={"name": name}, display=f"{name} done")

    def work_once(ctx: ToolContext, name: str, seconds: float = 0.0) -> ToolOutput:
        """Do some work whose effect is a row in the application database.

        Args:
            name: Step name.
            seconds: How long it takes.
        """
        with counter.open("a") as f:
            f.write(f"start {name}\n")
        time.sleep(seconds)
        ctx.runtime.db.ensure_schema("crash_effects", EFFECTS_DDL)
        ctx.runtime.db.execute("INSERT INTO crash_effects (name) VALUES (?)", (name,))
        with counter.open("a") as f:
            f.write(f"done {name}\n")
        return ToolOutput(data={"name": name}, display=f"{name} done")

    class Router:
        def decide(self, request: Any) -> Any:
            """Decided without an LLM: fast replies take the fast lane (graph/_lane.py)."""
            if request.text.startswith("fast"):
                return RouteDecision(target=RouteTarget.FAST_REPLY, role="fast", confidence=1.0)
            return RouteDecision(target=RouteTarget.META_PLANNING, confidence=0.9)

        async def route(self, request: Any) -> Any:
            return self.decide(request)

    class FastRole:
        name, description, examples = "fast", "one step", ("fast x",)

        def interpret(self, text: str, slots: Any, runtime: Any, history: Any) -> Any:
            return RoleCall("crash.work", {"name": f"{text.split()[1]}/s1", "seconds": 0.05})

    class Planner:
        name = "crash"

        async def plan(self, request: str, tools: Any, history: Any = None) -> Any:
            steps = [ExecutionStep.model_validate(s) for s in _steps(request, seed)]
            return ExecutionPlan(request=request, steps=steps)

    func = once(work_once) if idempotent else work
    spec = spec_from_function(func, name="crash.work", side_effects="irreversible")
    settings = make_settings(home, database_url=database_url) if database_url else None
    return AgentSystem(
        settings or make_settings(home),
        registry=ToolRegistry([spec]),
        router=Router(),  # type: ignore[arg-type]
        planner=Planner(),  # type: ignore[arg-type]
        models={},
        roles={"fast": FastRole()},  # type: ignore[dict-item]
    )


def _die_at_storage_call(
    system: Any, k: int, after: bool, node: str | None = None, carrying: str | None = None
) -> None:
    """Exit the process (no cleanup, like SIGKILL) just before/after the k-th storage call.

    With `node`, only the saves of that graph node's writes count (with `carrying` too, only
    those writing that state key); ``node="journal"`` counts the step journal's writes (before
    one: a step's effect happened, its journal entry not).
    """
    calls = [0]

    def counts(name: str, args: Any, kwargs: Any) -> bool:
        if node is None:
            return True
        if name == "put" and node == "route":
            # The fast lane saves a fast reply's end as one checkpoint of the route node's
            # writes (as LangGraph's update API makes it, no pending writes): the one with a
            # decision.
            checkpoint, metadata = args[1], args[2]
            values = checkpoint.get("channel_values") or {}
            return metadata.get("source") == "update" and values.get("route") is not None
        path = str(args[3] if len(args) > 3 else kwargs.get("task_path", ""))
        if name != "put_writes" or node not in path:
            return False
        writes = args[1] if len(args) > 1 else kwargs.get("writes", ())
        return carrying is None or any(channel == carrying for channel, _ in writes)

    def wrap(obj: Any, name: str) -> None:
        original = getattr(obj, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            if counts(name, args, kwargs):
                calls[0] += 1
            elif node == "journal" and name == "batch" and _journal_write(args[0]):
                calls[0] += 1
            if calls[0] == k and not after:
                os._exit(137)
            result = original(*args, **kwargs)
            if calls[0] == k:
                os._exit(137)
            return result

        setattr(obj, name, call)

    persistence = system._persistence
    wrap(persistence.checkpointer, "put")
    wrap(persistence.checkpointer, "put_writes")
    wrap(persistence.store, "batch")


def _journal_write(ops: Any) -> bool:
    from agent_system.graph._journal import JOURNAL_LABEL

    return any(
        getattr(op, "value", None) is not None
        and tuple(getattr(op, "namespace", ()))[:1] == (JOURNAL_LABEL,)
        for op in ops
    )


def _request(thread: str, turn: int) -> str:
    kind = "fast" if int(thread[1:]) % 3 == 2 else "work"
    return f"{kind} {thread}/{turn}"


async def _drive(system: Any, thread: str, turns: int) -> tuple[str, str]:
    """Resume the thread if it was cut off, then ask its remaining turns."""
    from agent_system.api import ThreadNotFoundError

    how = "finished"
    status = "success"
    try:
        state = await system.aget_thread(thread)
    except ThreadNotFoundError:
        state = {"status": None, "history": []}
    if state["status"] in ("running", "interrupted"):
        snapshot = await system.graph.aget_state({"configurable": {"thread_id": thread}})
        how = "resumed-" + ("next" if snapshot.next else "writes" if snapshot.tasks else "restart")
        status = (await system.aresume(thread, None)).status
        state = await system.aget_thread(thread)
    for turn in range(len(state["history"]), turns):
        status = (await system.arun(_request(thread, turn), thread_id=thread)).status
        how = "started" if how == "finished" else how
    return status, how


async def contend(spec: dict[str, Any]) -> None:
    """Ask ``turns`` fast replies at once on the one thread ``spec["thread"]``; write
    ``<request> <status> <reply>`` per turn to the report (two such workers contend)."""
    report = Path(spec["report"])
    system = build(
        Path(spec["home"]), Path(spec["counter"]), spec["seed"], spec.get("database_url")
    )
    async with system:

        async def one(i: int) -> None:
            request = f"fast {spec['thread']}/{spec['tag']}{i}"
            result = await system.arun(request, thread_id=spec["thread"])
            _append(report, f"{request.split()[1]} {result.status} {result.reply}")

        await asyncio.gather(*(one(i) for i in range(spec["turns"])))
    _append(report, "END")


async def worker(spec: dict[str, Any]) -> None:
    """Drive every thread of the workload; write ``<thread> <status> <how>`` lines to the report."""
    if spec.get("mode") == "contend":
        return await contend(spec)
    report = Path(spec["report"])
    system = build(
        Path(spec["home"]),
        Path(spec["counter"]),
        spec["seed"],
        idempotent=spec.get("idempotent", False),
    )
    async with system:
        if spec.get("die_at"):
            _die_at_storage_call(
                system,
                spec["die_at"],
                spec.get("after", False),
                spec.get("node"),
                spec.get("carrying"),
            )
        threads = [f"w{i}" for i in range(spec["threads"])]
        gate = asyncio.Semaphore(spec.get("concurrency", 2))

        async def one(thread: str) -> None:
            async with gate:
                status, how = await _drive(system, thread, spec["turns"])
                history = (await system.aget_thread(thread))["history"]
            asked = ",".join(turn["text"].split()[1] for turn in history)
            _append(report, f"{thread} {status} {how} {asked}")
            _append(Path(spec["counter"]), f"drove {thread} {status} {how} {asked}")

        await asyncio.gather(*(one(t) for t in threads))
    _append(report, "END")


def _append(path: Path, line: str) -> None:
    with path.open("a") as f:
        f.write(line + "\n")


def zygote() -> None:
    """Fork a worker per JSON line on stdin, answer its pid; ``wait <pid>`` answers its exit code.

    One warm-up workload runs first, in this process, so that every module the engine imports
    lazily is loaded once, before any fork.
    """
    import tempfile
    import threading

    with tempfile.TemporaryDirectory() as tmp:
        warm = {"home": tmp, "counter": f"{tmp}/c", "report": f"{tmp}/r", "threads": 3}
        asyncio.run(worker({**warm, "turns": 1, "seed": 0}))
    assert threading.active_count() == 1, threading.enumerate()  # forking copies one thread
    print("ready", flush=True)
    for line in sys.stdin:
        if line.startswith("wait "):
            _, status = os.waitpid(int(line.split()[1]), 0)
            print(os.waitstatus_to_exitcode(status), flush=True)
            continue
        spec = json.loads(line)
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                asyncio.run(worker(spec))
            except BaseException:
                with Path(spec["report"]).open("a") as f:
                    f.write("ERROR " + traceback.format_exc().replace("\n", " | ") + "\n")
                code = 1
            os._exit(code)
        print(pid, flush=True)


class Zygote:
    """The parent side: start workers (each a forked process), kill them, wait for them."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.crash", "--zygote"],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        ready = self.proc.stdout.readline()
        if ready.strip() != "ready":
            self.proc.kill()
            raise RuntimeError(f"the crash zygote did not start: {ready!r}")

    def _ask(self, line: str) -> int:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return int(self.proc.stdout.readline())

    def start(self, spec: dict[str, Any]) -> int:
        return self._ask(json.dumps(spec))

    def wait(self, pid: int) -> int:
        return self._ask(f"wait {pid}")

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# --- the campaign (runs in the test or the benchmark) -------------------------------------------


@dataclass
class Figures:
    """What a campaign measured (see the module docstring)."""

    seed: int
    idempotent: bool = False
    homes: int = 0
    threads: int = 0
    steps: int = 0
    kills: int = 0
    kills_by_time: int = 0
    kills_at_storage_call: int = 0
    journaled_before_kills: int = 0
    duplicated: int = 0
    re_run_in_flight: int = 0
    lost: int = 0
    not_success: list[str] = field(default_factory=list)
    lost_turns: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    """Which steps ran again, and the kills of their home (to reproduce)."""
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _counts(counter: Path, what: str) -> Counter[str]:
    lines = counter.read_text().splitlines() if counter.exists() else []
    return Counter(line.split()[1] for line in lines if line.startswith(what + " "))


def effects(home: Path, counter: Path, idempotent: bool) -> Counter[str]:
    """How often each step's effect happened: the counter's ``done`` lines, or with
    `idempotent` the committed rows (a killed transaction left none)."""
    if not idempotent:
        return _counts(counter, "done")
    db = home / "agent-system.db"
    if not db.exists():
        return Counter()
    with sqlite3.connect(db) as conn:
        try:
            rows = conn.execute("SELECT name FROM crash_effects").fetchall()
        except sqlite3.OperationalError:  # no effect yet
            return Counter()
    return Counter(name for (name,) in rows)


def journaled(home: Path) -> set[str]:
    """``<thread>/<turn>/<step>`` names of the steps in the step journal right now."""
    from agent_system.graph._journal import JOURNAL_LABEL, decode_label

    db = home / "agent-system.db"
    if not db.exists():
        return set()
    with sqlite3.connect(db) as conn:
        try:
            rows = conn.execute(
                "SELECT prefix, value FROM store WHERE prefix LIKE ?", (JOURNAL_LABEL + ".%",)
            ).fetchall()
        except sqlite3.OperationalError:  # no store table yet
            return set()
    names = set()
    for prefix, value in rows:
        thread = decode_label(prefix.split(".")[1])
        data = json.loads(value).get("output") or {}
        names.add(str(data.get("name", f"{thread}/?")))
    return names


def _wait_for_done(counter: Path, target: int, report: Path, limit_s: float = 60) -> bool:
    """Wait until `target` steps are done in all; False if the worker ended first."""
    deadline = time.monotonic() + limit_s
    while sum(_counts(counter, "done").values()) < target:
        if _ended(report):
            return False
        if time.monotonic() > deadline:
            raise TimeoutError(f"no progress past {target} steps in {limit_s} s")
        time.sleep(0.005)
    return True


def _ended(report: Path) -> bool:
    return report.exists() and any(
        line == "END" or line.startswith("ERROR") for line in report.read_text().splitlines()
    )


def campaign(
    workdir: Path,
    *,
    kills: int,
    seed: int,
    threads: int = 6,
    turns: int = 2,
    kills_per_home: int = 8,
    concurrency: int = 2,
    zygote: Zygote | None = None,
    idempotent: bool = False,
) -> Figures:
    """Kill workers `kills` times over as many homes as it takes; return the figures.

    With `idempotent` the tool applies once per idempotency key (see `build`): then even the
    steps in flight at a kill must not repeat their effect (``re_run_in_flight`` 0).
    """
    rng = random.Random(seed)
    figures = Figures(seed=seed, idempotent=idempotent)
    started = time.monotonic()
    zyg = zygote or Zygote()
    try:
        while figures.kills < kills:
            home = workdir / f"home{figures.homes}"
            figures.homes += 1
            counter, report = home / "counter.txt", home / "report.txt"
            home.mkdir(parents=True)
            spec: dict[str, Any] = {
                "home": str(home / "data"),
                "counter": str(counter),
                "report": str(report),
                "threads": threads,
                "turns": turns,
                "seed": seed * 1000 + figures.homes,
                "concurrency": concurrency,
                "idempotent": idempotent,
            }
            before: dict[str, int] = {}
            kill_log: list[str] = []
            for _ in range(min(kills_per_home, kills - figures.kills)):
                by_time = rng.random() < 0.5
                die: dict[str, Any] = {} if by_time else {"die_at": rng.randint(1, 120)}
                die["after"] = rng.random() < 0.5
                report.unlink(missing_ok=True)
                pid = zyg.start({**spec, **die})
                if by_time:
                    target = sum(_counts(counter, "done").values()) + rng.randint(1, 6)
                    if _wait_for_done(counter, target, report):
                        time.sleep(rng.uniform(0.0, 0.08))
                        os.kill(pid, signal.SIGKILL)
                code = zyg.wait(pid)
                if code == 0 or _ended(report):  # finished before the kill point
                    break
                kill_log.append("time" if by_time else f"call {die['die_at']} after={die['after']}")
                figures.kills += 1
                figures.kills_by_time += by_time
                figures.kills_at_storage_call += not by_time
                done_now = effects(Path(spec["home"]), counter, idempotent)
                for name in journaled(Path(spec["home"])) - set(before):
                    before[name] = done_now[name]  # runs so far; any later run is a duplicate
            report.unlink(missing_ok=True)
            code = zyg.wait(zyg.start(spec))
            lines = report.read_text().splitlines() if report.exists() else []
            figures.errors += [line[:2000] for line in lines if line.startswith("ERROR")]
            if code != 0 and not figures.errors:
                figures.errors.append(f"final worker exited {code}")
            statuses = {ln.split()[0]: ln.split()[1] for ln in lines if ln.startswith("w")}
            histories = {ln.split()[0]: ln.split()[-1] for ln in lines if ln.startswith("w")}
            for t in range(threads):
                if statuses.get(f"w{t}") != "success":
                    figures.not_success.append(f"{home.name}/w{t}={statuses.get(f'w{t}')}")
                want = ",".join(f"w{t}/{turn}" for turn in range(turns))
                if histories.get(f"w{t}") != want:
                    figures.lost_turns.append(f"{home.name}/w{t}: {histories.get(f'w{t}')}")
            done = effects(Path(spec["home"]), counter, idempotent)
            expected = {
                f"w{t}/{turn}/{s}"
                for t in range(threads)
                for turn in range(turns)
                for s in (["s1"] if _request(f"w{t}", turn).startswith("fast") else SHAPE)
            }
            figures.threads += threads
            figures.steps += len(expected)
            figures.journaled_before_kills += len(before)
            figures.lost += len(expected - set(done))
            again = {k: done[k] - before[k] for k in before if done[k] > before[k]}
            figures.duplicated += sum(again.values())
            figures.re_run_in_flight += sum(n - 1 for n in done.values() if n > 1) - sum(
                again.values()
            )
            if again:
                figures.duplicates.append(f"{home.name} {sorted(again)} kills: {kill_log}")
    finally:
        if zygote is None:
            zyg.close()
    figures.seconds = round(time.monotonic() - started, 1)
    return figures


@dataclass
class Outcome:
    """One kill at a chosen storage call, then one resume (see `kill_once`)."""

    killed: bool
    journaled_at_kill: set[str]
    done: Counter[str]
    report: list[str]


def kill_once(
    zyg: Zygote,
    workdir: Path,
    *,
    threads: int,
    turns: int,
    die_at: int,
    after: bool,
    node: str | None = None,
    carrying: str | None = None,
    idempotent: bool = False,
) -> Outcome:
    """Run a workload until the worker dies at storage call `die_at` (counting only `node`'s
    saved writes when given, and only those writing the state key `carrying` when given),
    then let a second worker resume and finish it."""
    workdir.mkdir(parents=True, exist_ok=True)
    counter, report = workdir / "counter.txt", workdir / "report.txt"
    spec: dict[str, Any] = {
        "home": str(workdir / "data"),
        "counter": str(counter),
        "report": str(report),
        "threads": threads,
        "turns": turns,
        "seed": 1,
        "concurrency": 1,
        "idempotent": idempotent,
    }
    die = {"die_at": die_at, "after": after, "node": node, "carrying": carrying}
    code = zyg.wait(zyg.start({**spec, **die}))
    killed = code != 0 and not _ended(report)
    at_kill = journaled(Path(spec["home"]))
    report.unlink(missing_ok=True)
    zyg.wait(zyg.start(spec))
    lines = report.read_text().splitlines() if report.exists() else []
    return Outcome(killed, at_kill, effects(Path(spec["home"]), counter, idempotent), lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.crash", description=__doc__)
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None, help="default: random")
    parser.add_argument("--threads", type=int, default=6)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument(
        "--idempotent",
        action="store_true",
        help="the tool applies once per idempotency key: in-flight steps must not repeat either",
    )
    parser.add_argument("--zygote", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.zygote:
        import agent_system.api  # noqa: F401  (imported once, before any fork)

        zygote()
        return 0
    import tempfile

    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    with tempfile.TemporaryDirectory() as tmp:
        figures = campaign(
            Path(tmp),
            kills=args.kills,
            seed=seed,
            threads=args.threads,
            concurrency=args.concurrency,
            idempotent=args.idempotent,
        )
    print(json.dumps(asdict(figures)))
    ok = not (
        figures.duplicated
        or (figures.idempotent and figures.re_run_in_flight)
        or figures.lost
        or figures.not_success
        or figures.lost_turns
        or figures.errors
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
