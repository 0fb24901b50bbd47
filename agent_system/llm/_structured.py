"""Structured output: a pydantic object from one LLM call, with one corrective retry.

Two ways to ask, chosen by ``mode`` (`Settings.llm_structured_output`):

- ``json_schema``: OpenAI strict structured output (``response_format`` of type ``json_schema``,
  ``strict: true``). The server constrains decoding to the schema; OpenAI, vLLM, recent Ollama and
  llama.cpp servers support it.
- ``json_mode``: ``response_format`` ``json_object`` plus the schema in the system prompt; the
  reply is validated here. For servers without JSON-schema support.
- ``auto`` (default): ``json_schema``; when the server rejects it (400/422 naming
  ``response_format``) it falls back to ``json_mode`` and remembers that for this model.

Either way the reply is validated with pydantic (`model_validate_json`, with an optional
validation context). An invalid reply is retried ONCE with the validation errors fed back to the
model; a second invalid reply raises `LLMOutputError` (code ``llm_error``).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, ValidationError

from agent_system._lazy import lazy_pattern
from agent_system.errors import LLMError, LLMOutputError
from agent_system.llm._budget import Budget
from agent_system.llm._chat import complete, guarded_call, message_text
from agent_system.llm._usage import UsageTracker, model_name_of

__all__ = [
    "StructuredMode",
    "corrective_messages",
    "invoke_structured",
    "response_format",
    "stream_structured",
    "strict_json_schema",
]

M = TypeVar("M", bound=BaseModel)
StructuredMode = Literal["auto", "json_schema", "json_mode"]

_JSON_MODE_ONLY: set[tuple[str, str, str]] = set()
"""Models (type, name, base URL) whose server rejected ``json_schema``: use JSON mode."""
_FENCE = lazy_pattern(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)
_MAX_LISTED_PROBLEMS = 20


def strict_json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The schema in OpenAI's strict form: every property required, no extra properties.

    Defaults are dropped (strict mode has no optional fields; pydantic fills them when a lenient
    server omits one).
    """
    return copy.deepcopy(_strict_schema(schema))


@functools.lru_cache(maxsize=64)
def _strict_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """Computed once per class (a few ms each: every planning call asks for it)."""
    from openai.lib._pydantic import to_strict_json_schema  # the SDK's own strict-schema rules

    strict: dict[str, Any] = _without_defaults(to_strict_json_schema(schema))
    return strict


def response_format(schema: type[BaseModel]) -> dict[str, Any]:
    """The ``json_schema`` response format for `schema` (name, strict schema, ``strict: true``)."""
    name = re.sub(r"[^A-Za-z0-9_-]", "_", schema.__name__)[:64] or "output"
    return {"name": name, "schema": strict_json_schema(schema), "strict": True}


async def invoke_structured(
    model: BaseChatModel,
    schema: type[M],
    messages: Sequence[BaseMessage],
    *,
    usage: UsageTracker | None = None,
    budget: Budget | None = None,
    mode: StructuredMode = "auto",
    context: dict[str, Any] | None = None,
    check: Callable[[M], list[str]] | None = None,
    output_tokens: int = 1024,
    json_schema: dict[str, Any] | None = None,
    attempts: int = 2,
) -> M:
    """Ask `model` for an instance of `schema`.

    Args:
        model: The chat model.
        schema: The pydantic model the reply must validate against.
        messages: The prompt.
        usage: Records tokens and cost of each call (a retry is a second call).
        budget: Each call is reserved against it first.
        mode: ``auto``, ``json_schema`` or ``json_mode`` (see the module docstring).
        context: Pydantic validation context, for validators that check the reply against
            the request (for example, that tool names exist).
        check: Further checks of a parsed reply; the problems it returns are fed back like
            validation errors (for example, a plan's unknown tools or dangling references).
        output_tokens: Output tokens to reserve per call.
        json_schema: The strict schema to ask for instead of `schema`'s own (a narrower one
            the reply still validates against, such as the plan's union over its tools).
        attempts: Calls at most (2: one corrective retry; 1: when the caller already sent
            the problems of a first reply in `messages`).

    Raises:
        LLMOutputError: The reply was invalid twice (the errors are in ``details``).
        LLMError: The call failed (auth, transport) after the client's retries.
        BudgetExceededError: A call did not fit the budget.
    """
    fmt = response_format(schema)
    if json_schema is not None:
        fmt = {**fmt, "schema": json_schema}
    effective: Literal["json_schema", "json_mode"] = (
        "json_mode"
        if mode == "json_mode" or (mode == "auto" and _model_key(model) in _JSON_MODE_ONLY)
        else "json_schema"
    )
    prompt = list(messages)
    problems: list[str] = []
    text = ""
    for attempt in range(1, max(1, attempts) + 1):
        try:
            raw = await _call(model, fmt, prompt, effective, usage, budget, output_tokens)
        except LLMError as exc:
            if not (effective == "json_schema" and mode == "auto" and _schema_rejected(exc)):
                raise
            _JSON_MODE_ONLY.add(_model_key(model))
            effective = "json_mode"
            raw = await _call(model, fmt, prompt, effective, usage, budget, output_tokens)
        text = message_text(raw).strip()
        try:
            parsed = _parse(raw, text, schema, context)
            problems = check(parsed) if check is not None else []
            if not problems:
                return parsed
        except _InvalidReply as invalid:
            problems = invalid.problems
        if attempt < attempts:
            prompt = [*prompt, AIMessage(content=text or "(empty reply)"), _feedback(problems)]
    raise LLMOutputError(
        f"The model's reply did not match {schema.__name__} even after one corrective retry: "
        + "; ".join(problems[:5]),
        details={"schema": schema.__name__, "problems": problems, "reply": text[:2000]},
    )


async def stream_structured(
    model: BaseChatModel,
    schema: type[BaseModel],
    messages: Sequence[BaseMessage],
    on_text: Callable[[str], None],
    *,
    usage: UsageTracker | None = None,
    budget: Budget | None = None,
    mode: StructuredMode = "auto",
    output_tokens: int = 1024,
    json_schema: dict[str, Any] | None = None,
) -> str:
    """Ask `model` for an instance of `schema` as a stream: each text chunk goes to `on_text`
    as it arrives; the whole reply's text is returned (the caller parses it).

    The same response formats as `invoke_structured` (strict ``json_schema``, or ``json_mode``
    with the schema in the prompt, and the ``auto`` fallback when the server rejects the
    schema, which happens before any text arrives). No corrective retry: the caller repairs
    what it cannot use.

    Raises:
        LLMError: The call failed (auth, transport) after the client's retries.
        BudgetExceededError: The call did not fit the budget.
    """
    fmt = response_format(schema)
    if json_schema is not None:
        fmt = {**fmt, "schema": json_schema}
    effective: Literal["json_schema", "json_mode"] = (
        "json_mode"
        if mode == "json_mode" or (mode == "auto" and _model_key(model) in _JSON_MODE_ONLY)
        else "json_schema"
    )

    async def call(how: Literal["json_schema", "json_mode"]) -> str:
        if how == "json_schema":
            bound = model.bind(response_format={"type": "json_schema", "json_schema": fmt})
            prompt = list(messages)
        else:
            bound = model.bind(response_format={"type": "json_object"})
            prompt = _with_schema_instruction(list(messages), fmt["schema"])
        reply = await complete(
            bound, prompt, usage=usage, budget=budget, stream=on_text, output_tokens=output_tokens
        )
        return message_text(reply)

    try:
        return await call(effective)
    except LLMError as exc:
        if not (effective == "json_schema" and mode == "auto" and _schema_rejected(exc)):
            raise
        _JSON_MODE_ONLY.add(_model_key(model))
        return await call("json_mode")


def corrective_messages(
    messages: Sequence[BaseMessage], reply: str, problems: list[str]
) -> list[BaseMessage]:
    """`messages` followed by the invalid `reply` and the request to correct it."""
    return [*messages, AIMessage(content=reply or "(empty reply)"), _feedback(problems)]


class _InvalidReply(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


async def _call(
    model: BaseChatModel,
    fmt: dict[str, Any],
    prompt: list[BaseMessage],
    mode: Literal["json_schema", "json_mode"],
    usage: UsageTracker | None,
    budget: Budget | None,
    output_tokens: int,
) -> BaseMessage:
    if mode == "json_schema":
        runnable = model.with_structured_output(
            fmt, method="json_schema", strict=True, include_raw=True
        )
    else:
        runnable = model.with_structured_output(fmt, method="json_mode", include_raw=True)
        prompt = _with_schema_instruction(prompt, fmt["schema"])

    async def invoke() -> Any:
        return await runnable.ainvoke(prompt)

    def reply_of(result: Any) -> BaseMessage | None:
        raw = result.get("raw") if isinstance(result, dict) else None
        return raw if isinstance(raw, BaseMessage) else None

    result = await guarded_call(
        invoke,
        messages=prompt,
        model=model,
        reply_of=reply_of,
        usage=usage,
        budget=budget,
        output_tokens=output_tokens,
    )
    raw = reply_of(result)
    if raw is None:
        raise LLMError(
            f"{type(model).__name__}.with_structured_output(include_raw=True) returned "
            f"{type(result).__name__}, not a dict with a 'raw' message."
        )
    return raw


def _parse(raw: BaseMessage, text: str, schema: type[M], context: dict[str, Any] | None) -> M:
    refusal = raw.additional_kwargs.get("refusal")
    if refusal:
        raise _InvalidReply([f"the model refused: {refusal}"])
    match = _FENCE.match(text)
    if match:
        text = match.group(1)
    if not text:
        raise _InvalidReply(["the reply was empty; a JSON object was expected"])
    try:
        return schema.model_validate_json(text, context=context)
    except ValidationError as exc:
        raise _InvalidReply(_problems(exc)) from None


def _problems(exc: ValidationError) -> list[str]:
    problems = []
    for err in exc.errors(include_url=False)[:_MAX_LISTED_PROBLEMS]:
        where = ".".join(str(p) for p in err["loc"]) or "(reply)"
        problems.append(f"{where}: {err['msg']}")
    return problems


def _feedback(problems: list[str]) -> HumanMessage:
    listed = "\n".join(f"- {p}" for p in problems)
    return HumanMessage(
        content=(
            "Your previous reply was invalid:\n"
            f"{listed}\n"
            "Reply again with only the corrected JSON object, following the schema exactly."
        )
    )


def _with_schema_instruction(
    prompt: list[BaseMessage], schema: dict[str, Any]
) -> list[BaseMessage]:
    instruction = (
        "Reply with one JSON object, and nothing else, that validates against this JSON schema:\n"
        + json.dumps(schema, separators=(",", ":"))
    )
    if prompt and isinstance(prompt[0], SystemMessage):
        first = SystemMessage(content=f"{message_text(prompt[0])}\n\n{instruction}")
        return [first, *prompt[1:]]
    return [SystemMessage(content=instruction), *prompt]


def _schema_rejected(exc: LLMError) -> bool:
    """True when the server refused the ``json_schema`` response format itself."""
    if exc.details.get("status") not in (400, 422):
        return False
    text = f"{exc.details.get('provider_message', '')} {exc.message}".lower()
    return "response_format" in text or "json_schema" in text


def _model_key(model: BaseChatModel) -> tuple[str, str, str]:
    base = getattr(model, "openai_api_base", None) or ""
    return (type(model).__name__, model_name_of(model), str(base))


def _without_defaults(node: Any) -> Any:
    if isinstance(node, list):
        return [_without_defaults(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "default":
            continue
        if key in ("properties", "$defs", "definitions") and isinstance(value, dict):
            out[key] = {name: _without_defaults(sub) for name, sub in value.items()}
        else:
            out[key] = _without_defaults(value)
    return out
