"""The plan contract: references, conditions, status inference."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from agent_system.errors import ErrorCode, ErrorInfo, Severity
from agent_system.planning.models import (
    ExecutionPlan,
    ExecutionStep,
    PlanResult,
    Ref,
    RetrySpec,
    RunStatus,
    StepResult,
    StepStatus,
)


def result(status: StepStatus, error: ErrorInfo | None = None) -> StepResult:
    return StepResult(step_id="s", tool="t", status=status, error=error)


def err(severity: Severity = Severity.ERROR) -> ErrorInfo:
    return ErrorInfo(code=ErrorCode.TOOL_ERROR, message="x", severity=severity)


def test_a_reference_uses_the_dollar_ref_alias_and_a_json_pointer() -> None:
    ref = Ref.model_validate({"$ref": "s1", "path": "/temp_c"})
    assert ref.step == "s1"
    assert ref.model_dump(by_alias=True) == {"$ref": "s1", "path": "/temp_c"}
    with pytest.raises(ValidationError, match="JSON pointer"):
        Ref.model_validate({"$ref": "s1", "path": "temp_c"})


def test_a_condition_tree_parses_by_its_op() -> None:
    step = ExecutionStep.model_validate(
        {
            "id": "s2",
            "tool": "calendar.create",
            "when": {
                "op": "and",
                "args": [
                    {"op": "eq", "left": {"$ref": "s1", "path": "/condition"}, "right": "sunny"},
                    {"op": "not", "arg": {"op": "exists", "ref": {"$ref": "s1", "path": "/x"}}},
                ],
            },
        }
    )
    assert step.when is not None and step.when.op == "and"


def test_unknown_condition_ops_and_extra_fields_are_rejected() -> None:
    with pytest.raises(ValidationError):
        ExecutionStep.model_validate({"id": "a", "tool": "t", "when": {"op": "eval", "arg": "1"}})
    with pytest.raises(ValidationError):
        ExecutionStep.model_validate({"id": "a", "tool": "t", "surprise": 1})


def test_step_ids_are_restricted_to_safe_characters() -> None:
    with pytest.raises(ValidationError):
        ExecutionStep(id="../etc", tool="t")


def test_plans_get_a_uuid4_and_a_creation_time() -> None:
    plan = ExecutionPlan()
    assert plan.id.version == 4
    assert plan.created_at.tzinfo is not None


def test_retry_backoff_grows_exponentially_and_is_capped() -> None:
    spec = RetrySpec(max_attempts=5, backoff_s=0.5, multiplier=2, max_backoff_s=3)
    assert [spec.delay(n) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 3.0]


@pytest.mark.parametrize(
    ("steps", "errors", "expected"),
    [
        ([result(StepStatus.SUCCEEDED)] * 2, [], RunStatus.SUCCESS),
        ([result(StepStatus.SUCCEEDED), result(StepStatus.SKIPPED)], [], RunStatus.SUCCESS),
        ([result(StepStatus.SUCCEEDED), result(StepStatus.FAILED, err())], [], RunStatus.PARTIAL),
        ([result(StepStatus.FAILED, err())], [], RunStatus.FAILURE),
        (
            [result(StepStatus.SUCCEEDED), result(StepStatus.FAILED, err(Severity.FATAL))],
            [],
            RunStatus.FAILURE,
        ),
        ([result(StepStatus.SUCCEEDED)], [err(Severity.WARNING)], RunStatus.PARTIAL),
        ([], [err(Severity.FATAL)], RunStatus.FAILURE),
    ],
)
def test_status_is_inferred_as_the_contract_says(
    steps: list[StepResult], errors: list[ErrorInfo], expected: RunStatus
) -> None:
    assert PlanResult.infer_status(steps, errors) == expected
