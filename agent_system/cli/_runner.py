"""Drive one request through `AgentSystem.astream`, answering approvals on the way.

Shared by ``agent-system ask`` and the chat REPL. A step that needs approval is approved with
``--yes``, asked about when stdin is a terminal, and declined (with a message saying how to approve
it) otherwise.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.prompt import Confirm, InvalidResponse

from agent_system import events as ev

if TYPE_CHECKING:
    from agent_system.api import AgentSystem
    from agent_system.cli._display import RunDisplay

__all__ = [
    "NO",
    "YES",
    "Decider",
    "YesNo",
    "approval_question",
    "ask_each",
    "consume",
    "describe_pending",
    "run_request",
    "settle",
]

log = logging.getLogger(__name__)

MAX_APPROVAL_ROUNDS = 5

Decider = Callable[[list[dict[str, Any]]], "bool | dict[str, list[str]]"]
"""Answers a list of pending steps: True (all), False (none) or ``{"approved": [ids]}``."""


def describe_pending(step: dict[str, Any], *, verbose: bool = False) -> str:
    """A step waiting for approval, in the user's words: the tool's own question ("This
    deletes 2 events from now on. Go ahead?") or what the step does ("unlock the front door
    (device: Front door lock)"). `verbose`: ``s1 smart_home.unlock {"device": ...}: ...``."""
    description = str(step.get("description") or "")
    if verbose:
        arguments = json.dumps(step.get("arguments") or {}, ensure_ascii=False, default=str)
        said = str(step.get("question") or description)
        suffix = f": {said}" if said and said != step.get("tool") else ""
        return f"{step.get('step_id')} {step.get('tool')} {arguments}{suffix}"
    if step.get("question"):
        return str(step["question"])
    arguments = ", ".join(
        f"{str(k).replace('_', ' ')}: {v}" for k, v in (step.get("arguments") or {}).items()
    )
    tool = str(step.get("tool") or "a step")
    what = description if description and description != tool else tool
    what = what.replace("_", " ").replace(".", " ") if what == tool else what
    return what + (f" ({arguments})" if arguments else "")


def approval_question(step: dict[str, Any], *, verbose: bool = False) -> str:
    """The yes/no question for one step: its own question, or "Approve: <what it does>?"."""
    if verbose or not step.get("question"):
        return f"Approve: {describe_pending(step, verbose=verbose)}?"
    return describe_pending(step)


YES = ("y", "yes", "ok", "approve", "approved", "sure")
NO = ("n", "no", "nope", "decline", "deny")


class YesNo(Confirm):
    """A y/n question that also takes the words people type ("yes", "no", "ok")."""

    validate_error_message = "[prompt.invalid]Please answer yes or no"

    def process_response(self, value: str) -> bool:
        answer = value.strip().lower().rstrip(".!")
        if answer in YES:
            return True
        if answer in NO:
            return False
        raise InvalidResponse(self.validate_error_message)


def ask_each(console: Console, *, verbose: bool = False) -> Decider:
    """A decider that asks about each pending step on the terminal."""

    def decide(pending: list[dict[str, Any]]) -> dict[str, list[str]]:
        approved = [
            str(step["step_id"])
            for step in pending
            if YesNo.ask(approval_question(step, verbose=verbose), console=console, default=False)
        ]
        return {"approved": approved}

    return decide


async def consume(
    stream: AsyncIterator[ev.Event],
    display: RunDisplay | None,
    answered: frozenset[str] = frozenset(),
    *,
    system: AgentSystem | None = None,
) -> ev.RunResult:
    """Show each event; return the run's result (from the final `RunFinished`).

    `answered`: step ids whose approval was just given; the approval node runs again on resume
    and repeats its `ApprovalRequired` event, which is not shown twice. With `system`, the run
    goes to the run log (`agent-system log`).
    """
    result: ev.RunResult | None = None
    async for event in stream:
        if isinstance(event, ev.ApprovalRequired) and answered >= {
            str(step.get("step_id")) for step in event.steps
        }:
            continue
        if display is not None:
            display.handle(event)
        if isinstance(event, ev.RunFinished):
            result = event.result
    if result is None:  # pragma: no cover - the engine always ends with RunFinished
        raise RuntimeError("The run ended without a RunFinished event.")
    if system is not None:
        await _log(system, result)
    return result


async def _log(system: AgentSystem, result: ev.RunResult) -> None:
    """Add the run to the run log; a log that cannot be written never fails the run."""
    from agent_system.cli._log_cmd import arecord_run

    try:
        await arecord_run(system.engine.runtime, result, result.user)
    except Exception:
        log.warning("Could not write the run log", exc_info=True)


async def settle(
    system: AgentSystem,
    result: ev.RunResult,
    decide: Decider,
    display: RunDisplay | None,
    user: str | None = None,
) -> tuple[ev.RunResult, int]:
    """Answer approvals until the run is no longer waiting; return it and how many were declined."""
    declined = 0
    rounds = 0
    while result.status == "interrupted" and result.pending_approval:
        rounds += 1
        if rounds > MAX_APPROVAL_ROUNDS:
            break
        pending = list(result.pending_approval)
        if display is not None:
            display.close()  # a prompt must not fight the live display
        decision = decide(pending)
        if decision is False:
            declined += len(pending)
        elif isinstance(decision, dict):
            declined += len(pending) - len(decision.get("approved", []))
        if display is not None:
            display.reset()
        answered = frozenset(str(step.get("step_id")) for step in pending)
        result = await consume(
            system.astream_resume(result.thread_id, decision, user=user),
            display,
            answered,
            system=system,
        )
    return result, declined


async def run_request(
    system: AgentSystem,
    text: str,
    *,
    thread_id: str | None,
    decide: Decider,
    display: RunDisplay | None,
    user: str | None = None,
    area: str | None = None,
) -> tuple[ev.RunResult, int]:
    """Run `text` (on `thread_id`, from `area`), answering approvals with `decide`."""
    result = await consume(
        system.astream(text, thread_id=thread_id, user=user, **({"area": area} if area else {})),
        display,
        system=system,
    )
    return await settle(system, result, decide, display, user)
