"""Turn step results into the reply: a template, an extractive summary, or one LLM call.

A template needs no LLM call: each step's display text, or, for a tool that returns plain data
and no display text (docs/plugins.md allows it), a deterministic rendering of a small output
(`render_output`: a short string, a number, a short list, a small flat record). Anything bigger
or nested goes to the synthesizer, which streams its answer.
"""

from __future__ import annotations

from agent_system.planning.models import ExecutionPlan, ExecutionStep, StepResult, StepStatus
from agent_system.roles import CANNOT_OFFLINE, NOT_UNDERSTOOD

__all__ = ["CUT_NOTICE", "can_template", "extractive_reply", "render_output", "template_reply"]

CUT_NOTICE = "\n\n(That answer was cut off. Here is the full result:)\n\n"
"""Streamed after the text of an answer that stopped midway, before the extractive reply."""
DID_NOT_CATCH = "Sorry, I didn't catch that. What can I do for you?"
"""The reply to a request with nothing in it to do ("????", "..."): no step, nothing unread."""

_MAX_TEXT = 300
_MAX_VALUE = 80
_MAX_FIELDS = 6
_MAX_ITEMS = 8


def _scalar(value: object) -> str | None:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return f"{value:g}" if isinstance(value, float) else str(value)
    if isinstance(value, str) and value.strip() and len(value) <= _MAX_VALUE and "\n" not in value:
        return value.strip()
    return None


def render_output(step: ExecutionStep, output: object) -> str | None:
    """A small plain-data output as one line for the user, or None when it is too big or nested
    to be read without an LLM writing the answer.

    The step's description (when the planner wrote one) labels values that do not speak for
    themselves: ``Convert 100 C to F: value 212, unit F``.
    """
    label = (step.description or "").strip().rstrip(".")
    if isinstance(output, str):
        text = output.strip()
        if text and len(text) <= _MAX_TEXT and text.count("\n") < 3:
            return text
        return None
    if output is None:
        return f"{label}: done." if label else "Done."
    rendered: str | None
    if isinstance(output, dict):
        if not output or len(output) > _MAX_FIELDS:
            return None
        parts = []
        for key, value in output.items():
            shown = _scalar(value)
            if shown is None or not isinstance(key, str):
                return None
            parts.append(f"{key.replace('_', ' ')} {shown}")
        rendered = ", ".join(parts)
    elif isinstance(output, list | tuple):
        items = [_scalar(v) for v in output]
        if not items or len(items) > _MAX_ITEMS or any(i is None for i in items):
            return None
        rendered = ", ".join(i for i in items if i is not None)
    else:
        rendered = _scalar(output)
    if rendered is None:
        return None
    return f"{label}: {rendered}." if label else f"{rendered[:1].upper()}{rendered[1:]}."


def _step_text(step: ExecutionStep, result: StepResult) -> str | None:
    if result.display:
        return result.display.strip()
    return render_output(step, result.output)


def can_template(plan: ExecutionPlan, results: dict[str, StepResult]) -> bool:
    """True when every step finished cleanly and each one that ran gave display text or a
    small plain-data output (`render_output`)."""
    if not plan.steps or plan.unsupported:
        return False
    for step in plan.steps:
        result = results.get(step.id)
        if result is None or result.error is not None:
            return False
        if result.status == StepStatus.SUCCEEDED and _step_text(step, result) is None:
            return False
        if result.status not in (StepStatus.SUCCEEDED, StepStatus.SKIPPED):
            return False
    return True


def template_reply(plan: ExecutionPlan, results: dict[str, StepResult]) -> str:
    """Join each step's display text (or rendered output) in plan order; say which conditional
    steps did not run."""
    lines: list[str] = []
    for step in plan.steps:
        result = results[step.id]
        text = _step_text(step, result) if result.status == StepStatus.SUCCEEDED else None
        if text:
            lines.append(text)
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
    if len(failed) + len(skipped) == 1 and len(plan.steps) == 1 and not plan.unsupported:
        error = results[plan.steps[0].id].error if plan.steps[0].id in results else None
        if error is not None:  # a lone failure (or "no") is its own plain sentence
            return str(error.message)
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
            parts.extend(_not_done(plan.unsupported))
    if not parts:  # nothing in the request to read: "????", "..."
        return DID_NOT_CATCH
    return "\n\n".join(parts)


def _not_done(unsupported: list[str]) -> list[str]:
    """One plain sentence per clause no role understood ("I couldn't do 'X' offline."), then
    the others (questions, conditions) as a list."""
    plain: list[str] = []
    rest: list[str] = []
    for entry in unsupported:
        quoted, sep, reason = entry.rpartition(": ")
        if sep and reason == NOT_UNDERSTOOD and quoted:
            plain.append(f"I couldn't do {quoted} offline.")
        else:
            rest.append(entry)
    parts = [" ".join(plain)] if plain else []
    if rest:
        parts.append("Not done:\n" + "\n".join(f"- {u}" for u in rest))
    return parts


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
