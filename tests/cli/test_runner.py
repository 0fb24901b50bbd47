"""Driving a request answers approvals: approve, decline, or ask each step."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any

import pytest
from rich.console import Console

from agent_system import events as ev
from agent_system.cli._runner import approval_question, ask_each, describe_pending, run_request

PENDING = [
    {
        "step_id": "s1",
        "tool": "smart_home.unlock",
        "arguments": {"device": "front door"},
        "description": "Unlock the front door",
    },
    {"step_id": "s2", "tool": "smart_home.set", "arguments": {}, "description": "smart_home.set"},
]


class ScriptedSystem:
    """Answers `astream` with an approval request and records each resume decision."""

    def __init__(self) -> None:
        self.decisions: list[Any] = []

    async def astream(
        self, text: str, thread_id: str | None = None, user: str | None = None
    ) -> AsyncIterator[ev.Event]:
        yield ev.ApprovalRequired(steps=PENDING, thread_id="t1")
        yield ev.RunFinished(
            result=ev.RunResult(
                thread_id="t1", request=text, status="interrupted", pending_approval=PENDING
            )
        )

    async def astream_resume(
        self, thread_id: str, decision: Any = None, user: str | None = None
    ) -> AsyncIterator[ev.Event]:
        self.decisions.append(decision)
        status = "success" if decision is True else "partial"
        yield ev.RunFinished(result=ev.RunResult(thread_id=thread_id, request="", status=status))


@pytest.mark.anyio
async def test_an_approving_decider_resumes_the_thread_with_true() -> None:
    system = ScriptedSystem()
    result, declined = await run_request(
        system,  # type: ignore[arg-type]
        "unlock the front door",
        thread_id=None,
        decide=lambda pending: True,
        display=None,
    )
    assert system.decisions == [True]
    assert result.status == "success"
    assert declined == 0


@pytest.mark.anyio
async def test_declining_counts_every_pending_step() -> None:
    system = ScriptedSystem()
    result, declined = await run_request(
        system,  # type: ignore[arg-type]
        "unlock the front door",
        thread_id=None,
        decide=lambda pending: False,
        display=None,
    )
    assert system.decisions == [False]
    assert result.status == "partial"
    assert declined == 2


def test_asking_each_step_approves_only_the_confirmed_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = iter(["y", "n"])
    monkeypatch.setattr("builtins.input", lambda *_: next(answers))
    console = Console(file=io.StringIO(), force_terminal=False)
    decision = ask_each(console)(PENDING)
    assert decision == {"approved": ["s1"]}
    shown = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Approve: Unlock the front door (device: front door)?" in shown
    assert "smart_home" not in shown and "s1" not in shown


def test_a_pending_step_is_described_in_plain_words_and_with_v_in_full() -> None:
    assert describe_pending(PENDING[0]) == "Unlock the front door (device: front door)"
    assert describe_pending(PENDING[1]) == "smart home set"
    assert (
        describe_pending(PENDING[0], verbose=True)
        == 's1 smart_home.unlock {"device": "front door"}: Unlock the front door'
    )
    assert describe_pending(PENDING[1], verbose=True) == "s2 smart_home.set {}"


def test_a_step_with_its_own_question_is_asked_that_question() -> None:
    step = {**PENDING[0], "question": "This deletes 2 events from now on. Go ahead?"}
    assert approval_question(step) == "This deletes 2 events from now on. Go ahead?"
    assert approval_question(PENDING[0]) == "Approve: Unlock the front door (device: front door)?"
    assert approval_question(step, verbose=True).startswith("Approve: s1 smart_home.unlock")
