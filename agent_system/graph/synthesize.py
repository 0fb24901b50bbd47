"""Turn step results into the reply: a template, an extractive summary, or one LLM call."""

from __future__ import annotations

from agent_system.planning.models import ExecutionPlan, StepResult, StepStatus
from agent_system.roles import CANNOT_OFFLINE, NOT_UNDERSTOOD

__all__ = ["CUT_NOTICE", "can_template", "extractive_reply", "template_reply"]

CUT_NOTICE = "\n\n(That answer was cut off. Here is the full result:)\n\n"
"""Streamed after the text of an answer that stopped midway, before the extractive reply."""


def can_template(plan: ExecutionPlan, results: dict[str, StepResult]) -> bool:
    """True when every step finished cleanly and each one that ran gave display text."""
    if not plan.steps or plan.unsupported:
        return False
    for step in plan.steps:
        result = results.get(step.id)
        if result is None or result.error is not None:
            return False
        if result.status == StepStatus.SUCCEEDED and not result.display:
            return False
        if result.status not in (StepStatus.SUCCEEDED, StepStatus.SKIPPED):
            return False
    return True


def template_reply(plan: ExecutionPlan, results: dict[str, StepResult]) -> str:
    """Join each step's display text in plan order; say which conditional steps did not run."""
    lines: list[str] = []
    for step in plan.steps:
        result = results[step.id]
        if result.status == StepStatus.SUCCEEDED and result.display:
            lines.append(result.display.strip())
        elif result.status == StepStatus.SKIPPED:
            what = step.description or step.tool
            lines.append(f"Skipped {what!r}: its condition was not met.")
    return "\n".join(lines)


def _describe(step_desc: str, result: StepResult) -> str:
    message = result.error.message if result.error else "no result"
    return f"{step_desc}: {message}"


def extractive_reply(plan: ExecutionPlan, results: dict[str, StepResult]) -> str:
    """The offline answer when something failed or a step had no display text.

    What worked comes first (its display text, or a compact form of its output), then plainly
    what failed and why, then what could not be planned.
    """
    done: list[str] = []
    failed: list[str] = []
    skipped: list[str] = []
    for step in plan.steps:
        result = results.get(step.id)
        what = step.description or step.tool
        if result is None:
            skipped.append(f"{what}: not run")
        elif result.status == StepStatus.SUCCEEDED:
            if result.display:
                done.append(result.display.strip())
            else:
                output = result.output
                text = output if isinstance(output, str) else _compact(output)
                done.append(f"{what}: {text}")
        elif result.status == StepStatus.FAILED:
            failed.append(_describe(what, result))
        elif result.error is not None:
            skipped.append(_describe(what, result))
        else:
            skipped.append(f"{what}: skipped (its condition was not met)")
    parts: list[str] = []
    if done:
        parts.append("\n".join(done))
    if failed:
        parts.append("Failed:\n" + "\n".join(f"- {line}" for line in failed))
    if skipped:
        parts.append("Not done:\n" + "\n".join(f"- {line}" for line in skipped))
    if plan.unsupported:
        if not plan.steps and all(u.endswith(NOT_UNDERSTOOD) for u in plan.unsupported):
            parts.append(CANNOT_OFFLINE)
        elif not plan.steps and len(plan.unsupported) == 1:
            parts.append(_plain(plan.unsupported[0]))
        else:
            parts.append("Not done:\n" + "\n".join(f"- {u}" for u in plan.unsupported))
    if not parts:
        return "There was nothing to do for this request."
    return "\n\n".join(parts)


def _plain(unsupported: str) -> str:
    """A lone clarification ("'set an alarm': What time ...?") is just the question."""
    quoted, sep, rest = unsupported.partition("': ")
    if sep and quoted.startswith("'") and rest.endswith("?"):
        return rest
    return unsupported


def _compact(value: object, limit: int = 300) -> str:
    import json

    try:
        text = json.dumps(value, default=str, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
