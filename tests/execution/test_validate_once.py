"""A step's arguments are validated once, however many attempts it takes."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from agent_system.errors import ToolExecutionError
from agent_system.execution import StepExecutor
from agent_system.planning.models import ExecutionStep, RetrySpec
from agent_system.registry._registry import ToolRegistry
from agent_system.registry.spec import spec_from_function
from agent_system.testing import make_runtime


@pytest.mark.anyio
async def test_a_retried_step_validates_its_arguments_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def flaky(n: int) -> str:
        """Fail twice, then answer.

        Args:
            n: A number.
        """
        calls.append(n)
        if len(calls) < 3:
            raise ToolExecutionError("not yet", recoverable=True)
        return f"ok {n}"

    spec = spec_from_function(
        flaky, name="test.flaky", retry=RetrySpec(max_attempts=3, backoff_s=0)
    )
    assert spec.args_model is not None
    validations: list[Any] = []
    original = spec.args_model.model_validate.__func__  # type: ignore[attr-defined]

    def counting(cls: type[BaseModel], obj: Any, *args: Any, **kwargs: Any) -> BaseModel:
        validations.append(obj)
        result: BaseModel = original(cls, obj, *args, **kwargs)
        return result

    monkeypatch.setattr(spec.args_model, "model_validate", classmethod(counting))
    executor = StepExecutor(ToolRegistry([spec]), make_runtime())
    result = await executor.execute(ExecutionStep(id="s1", tool="test.flaky"), {"n": 4})
    assert result.status == "succeeded" and result.attempts == 3
    assert calls == [4, 4, 4]
    assert validations == [{"n": 4}]
