"""Where a fast reply's CPU goes, phase by phase: ``python -m benchmarks.fast_phases``.

The overhead benchmark's SQLite fast reply (`benchmarks.overhead`), one request after another
on ``--threads`` threads in turn (each with a full history, as the server benchmark's clients
have), with the server's garbage-collector tuning. Each phase's unit (the router's decision,
the role's choice, the turn's start checkpoint...) is wrapped to add the thread CPU time spent
inside it; printed: microseconds per request for the whole turn and for each phase (an
indented phase is part of the one above it). Under routing, each role's first stage
(``route_stage``, see agent_system/routing/_embedded.py), dearest first: the stages the router
asks before its classifier, most of which claim nothing for a given request.

Measured inside real turns, these costs are 1.5-3x what the same unit costs called in a tight
loop: a turn runs through far more code and data than a loop over one unit, so caches are
cold. Compare figures from one run only; the machine's load moves them all.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import importlib
import inspect
import time
import uuid
from collections.abc import Iterator
from typing import Any

__all__ = ["PHASES", "main", "measure"]

PHASES: tuple[tuple[str, str, str], ...] = (
    ("turn", "agent_system.api:AgentSystem", "arun"),
    ("routing and the role's choice", "agent_system.graph._lane:FastLane", "prepare"),
    ("  routing", "agent_system.graph._route:Route", "decide_first"),
    ("  the role's choice", "agent_system.graph._fast_reply:FastReply", "choose"),
    ("    plan validation", "agent_system.graph._gate:PlanGate", "accept"),
    ("turn start checkpoint", "agent_system.graph._lane:FastLane", "begin"),
    ("  lease", "agent_system._threadlock:SqliteLeases", "grab"),
    ("steps", "agent_system.graph._steps:RunSteps", "__call__"),
    ("  tool call", "agent_system.execution._executor:StepExecutor", "execute"),
    ("finish", "agent_system.graph._finish:Finish", "__call__"),
    ("turn end transaction", "agent_system.graph._lane:FastLane", "_end"),
    ("result", "agent_system._api_turns:run_result", ""),
    ("checkpoints built (both)", "agent_system.graph._save:CheckpointWriter", "_make"),
    ("checkpoints put (both)", "agent_system._sqlite:LoopSqliteSaver", "put"),
)
"""(label, "module:object", attribute): the attribute of the object is wrapped; an empty
attribute wraps the module's function named after the colon."""


@contextlib.contextmanager
def _timed(spent: dict[str, float], on: list[bool]) -> Iterator[None]:
    """Wrap every phase's unit to add its thread CPU time to `spent` while ``on[0]``."""
    undo: list[tuple[Any, str, Any]] = []
    for label, where, attribute in PHASES:
        module_name, _, name = where.partition(":")
        module = importlib.import_module(module_name)
        owner, attribute = (getattr(module, name), attribute) if attribute else (module, name)
        own = vars(owner).get(attribute, _INHERITED)  # a method of a base class: put back by
        undo.append((owner, attribute, own))  # deleting the wrapper
        setattr(owner, attribute, _wrapped(getattr(owner, attribute), label, spent, on))
    try:
        yield
    finally:
        for owner, attribute, own in reversed(undo):
            if own is _INHERITED:
                delattr(owner, attribute)
            else:
                setattr(owner, attribute, own)


_INHERITED = object()


def _wrapped(function: Any, label: str, spent: dict[str, float], on: list[bool]) -> Any:
    def add(started: float) -> None:
        if on[0]:
            spent[label] = spent.get(label, 0.0) + time.thread_time() - started

    if inspect.iscoroutinefunction(function):

        @functools.wraps(function)
        async def timed_async(*args: Any, **kwargs: Any) -> Any:
            started = time.thread_time()
            try:
                return await function(*args, **kwargs)
            finally:
                add(started)

        return timed_async

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            add(started)

    return timed


STAGE = "      first stage: "
"""The label of a role's first stage: this, then the role's name."""


def _stage_role(stage: Any) -> str:
    """The role a first stage belongs to: the package of ``roles.<name>`` it was written in
    (a gated stage: its gate's role, marked ``gated``; a stage of gated parts, ``gated
    parts``)."""
    gate = getattr(stage, "gate", None)
    if gate is not None:
        return f"{gate.role} (gated)"
    owner = getattr(stage, "func", stage)  # a functools.partial: its function
    module = getattr(owner, "__module__", None) or type(owner).__module__
    parts = module.split(".")
    role = parts[1] if len(parts) > 1 and parts[0] == "roles" else module
    return f"{role} (gated parts)" if getattr(stage, "parts", None) else role


@contextlib.contextmanager
def _stages_timed(system: Any, spent: dict[str, float], on: list[bool]) -> Iterator[None]:
    """Wrap each first stage of `system`'s embedded router (its role's label, `STAGE`)."""
    from agent_system.routing._embedded import EmbeddedRouter

    router = system.engine.router
    router = getattr(router, "embedded", router)
    if not isinstance(router, EmbeddedRouter):
        yield
        return
    stages = router.first_stages
    router.first_stages = tuple(_wrapped(s, STAGE + _stage_role(s), spent, on) for s in stages)
    try:
        yield
    finally:
        router.first_stages = stages


async def measure(requests: int, threads: int, warm: int = 200) -> dict[str, float]:
    """Microseconds of CPU per request: the process (``process``), each phase's and each
    role's first stage's (`STAGE`)."""
    from agent_system.server._gc import tune_garbage_collection
    from benchmarks.ours import close_and_clean
    from benchmarks.overhead import FAST_REPLY_TEXT, _fast_reply_system

    spent: dict[str, float] = {}
    on = [False]
    names = [str(uuid.uuid4()) for _ in range(max(1, threads))]
    with _timed(spent, on):
        system = await _fast_reply_system("sqlite")
        try:
            with _stages_timed(system, spent, on):
                for n in range(warm):
                    await system.arun(FAST_REPLY_TEXT, thread_id=names[n % len(names)])
                tune_garbage_collection()  # as the server does once started
                on[0] = True
                cpu = time.process_time()
                for n in range(requests):
                    text, thread = FAST_REPLY_TEXT, names[n % len(names)]
                    result = await system.arun(text, thread_id=thread)
                    assert result.status == "success", result.reply
                process = time.process_time() - cpu
                on[0] = False
        finally:
            await close_and_clean(system)
    per_request = {label: value * 1e6 / requests for label, value in spent.items()}
    return {"process": process * 1e6 / requests, **per_request}


def main(argv: list[str] | None = None) -> int:
    """Measure and print the phases."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fast_phases", description=__doc__)
    parser.add_argument("--requests", type=int, default=600)
    parser.add_argument("--threads", type=int, default=32)
    args = parser.parse_args(argv)
    found = asyncio.run(measure(args.requests, args.threads))
    print(f"{found.pop('process'):8.0f} us  process CPU per fast reply")
    stages = sorted((k for k in found if k.startswith(STAGE)), key=found.__getitem__, reverse=True)
    for label, _, _ in PHASES:
        if label in found:
            print(f"{found[label]:8.0f} us  {label}")
        if label == "  routing":
            for stage in stages:  # dearest first
                print(f"{found[stage]:8.0f} us  {stage}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
