"""One guarded LLM call: budget reserved before, usage recorded after, errors translated.

Every LLM call of the engine goes through `guarded_call` (or `complete`, its plain-text form),
so budgets and usage cannot be forgotten by a caller.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from langchain_core.language_models import LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage, message_chunk_to_message
from langchain_core.runnables import Runnable

from agent_system.errors import BudgetExceededError, LLMError
from agent_system.llm._budget import DEFAULT_OUTPUT_TOKENS, Budget, estimate_tokens
from agent_system.llm._errors import translate_error
from agent_system.llm._usage import UsageTracker, model_name_of
from agent_system.values import Usage

__all__ = [
    "RunScope",
    "StreamCallback",
    "complete",
    "current_scope",
    "guarded_call",
    "message_text",
    "run_scope",
]

T = TypeVar("T")
log = logging.getLogger(__name__)
StreamCallback = Callable[[str], None]
"""Receives each piece of text as the model streams it."""


@dataclass
class RunScope:
    """The usage tracker and budget of one request; calls without their own use these."""

    usage: UsageTracker
    budget: Budget | None = None


_SCOPE: ContextVar[RunScope | None] = ContextVar("agent_system_run_scope", default=None)


def current_scope() -> RunScope | None:
    """The scope of the request being served, if any."""
    return _SCOPE.get()


@contextmanager
def run_scope(scope: RunScope) -> Iterator[RunScope]:
    """Make `scope` current for the calls made inside the block (and tasks started there)."""
    token = _SCOPE.set(scope)
    try:
        yield scope
    finally:
        try:
            _SCOPE.reset(token)
        except ValueError:  # reset from another context (an abandoned async generator)
            _SCOPE.set(None)


def message_text(message: BaseMessage) -> str:
    """The plain text of a message (content blocks joined)."""
    content = message.content
    if isinstance(content, str):
        return content
    parts = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
    return "".join(parts)


async def guarded_call(
    call: Callable[[], Awaitable[T]],
    *,
    messages: Sequence[BaseMessage],
    model: Any,
    reply_of: Callable[[T], BaseMessage | None],
    usage: UsageTracker | None = None,
    budget: Budget | None = None,
    output_tokens: int = DEFAULT_OUTPUT_TOKENS,
) -> T:
    """Run `call` under the budget and record its usage.

    Args:
        call: Makes the LLM call (any runnable's ``ainvoke``, or a stream consumer).
        messages: The prompt, for the token estimate.
        model: The chat model, for its name in usage records and error messages.
        reply_of: Extracts the model's reply from the call's result, for usage.
        usage: Records tokens and cost.
        budget: Refuses the call when it does not fit; reconciled with the real usage after.
        output_tokens: Output tokens to reserve on top of the prompt estimate.

    Raises:
        BudgetExceededError: Before the call, when it does not fit the budget.
        LLMError: The call failed (after the client's own retries), translated.
    """
    scope = _SCOPE.get()
    if scope is not None:
        usage = usage or scope.usage
        budget = budget or scope.budget
    reservation = budget.reserve_llm(estimate_tokens(messages, output_tokens)) if budget else None
    name = model_name_of(model)
    try:
        result = await call()
    except BaseException as exc:
        if budget is not None and reservation is not None:
            budget.release(reservation)
        if isinstance(exc, Exception) and not isinstance(exc, BudgetExceededError):
            raise translate_error(exc, model=name) from exc
        raise
    reply = reply_of(result)
    if reply is None:
        call_usage = Usage(llm_calls=1)
    else:  # without a tracker there are no prices: tokens count, cost does not
        call_usage = (usage or UsageTracker()).record(reply, model=name).as_usage()
    if budget is not None:
        budget.reconcile_llm(call_usage, reservation)
    return result


async def complete(
    model: Runnable[LanguageModelInput, BaseMessage],
    messages: Sequence[BaseMessage],
    *,
    usage: UsageTracker | None = None,
    budget: Budget | None = None,
    stream: StreamCallback | None = None,
    output_tokens: int = DEFAULT_OUTPUT_TOKENS,
) -> AIMessage:
    """One chat call; with `stream`, each text chunk goes to the callback as it arrives.

    Raises:
        BudgetExceededError: The call does not fit the budget (nothing was sent).
        LLMError: The call failed after the client's retries.
    """
    prompt = list(messages)

    async def invoke() -> AIMessage:
        if stream is None:
            reply = await model.ainvoke(prompt)
            if not isinstance(reply, AIMessage):
                raise LLMError(f"Expected an AI message from the model, got {type(reply).__name__}")
            return reply
        sent = [False]

        def forward(text: str) -> None:
            sent[0] = True
            stream(text)

        for attempt in range(1 + STREAM_RETRIES):
            try:
                return await _streamed(model, prompt, forward)
            except _StreamCut as cut:
                if sent[0] or attempt == STREAM_RETRIES:
                    raise LLMError(str(cut), details={"streamed": sent[0]}) from None
                log.warning("%s; asking again (nothing had been shown yet)", cut)
        raise AssertionError("unreachable")  # pragma: no cover

    return await guarded_call(
        invoke,
        messages=prompt,
        model=model,
        reply_of=lambda reply: reply,
        usage=usage,
        budget=budget,
        output_tokens=output_tokens,
    )


STREAM_RETRIES = 1
"""Extra attempts for a streamed answer cut off before any of its text was passed on."""

_END_KEYS = ("finish_reason", "stop_reason", "done_reason")
_TRUNCATED = frozenset({"length", "max_tokens"})


class _StreamCut(Exception):
    """The stream ended without the model saying the answer was complete."""


async def _streamed(
    model: Runnable[LanguageModelInput, BaseMessage],
    prompt: list[BaseMessage],
    forward: StreamCallback,
) -> AIMessage:
    """Consume one stream; raise `_StreamCut` when it stopped before the answer was finished.

    A connection dropped mid-stream can end the body cleanly at the HTTP level (a proxy closing
    it, a close-delimited body): the chunks received so far then look like a whole answer. The
    model's last chunk carries why it stopped (``finish_reason``); without it, or with a token
    limit as the reason, the text is cut and must not be taken as the answer.
    """
    merged: AIMessageChunk | None = None
    started = False
    try:
        async for chunk in model.astream(prompt):
            started = True
            if not isinstance(chunk, AIMessageChunk):
                continue
            text = message_text(chunk)
            if text:
                forward(text)
            merged = chunk if merged is None else merged + chunk
    except Exception as exc:
        if started and not _is_connection_error(exc):
            raise
        if started:
            raise _StreamCut(f"The model's answer stopped mid-stream ({_name(exc)})") from exc
        raise
    if merged is None:
        if _reports_finish(model):
            raise _StreamCut("The model's answer stream ended before any answer arrived")
        return AIMessage(content="")
    reason = next(
        (merged.response_metadata.get(k) for k in _END_KEYS if k in merged.response_metadata), None
    )
    if reason is None and _reports_finish(model):
        raise _StreamCut(
            "The model's answer stopped mid-stream: the connection closed before the model "
            "finished (no finish reason)"
        )
    if reason in _TRUNCATED:
        raise _StreamCut(
            "The model's answer was cut at its output token limit; raise the model's max_tokens"
        )
    final = message_chunk_to_message(merged)
    return final if isinstance(final, AIMessage) else AIMessage(content=message_text(final))


def _reports_finish(model: object) -> bool:
    """True for chat models whose streams always end with a finish reason (OpenAI-compatible
    ones, and models that say so with ``reports_finish_reason = True``)."""
    while hasattr(model, "bound"):  # RunnableBinding (bind, with_config, ...)
        model = model.bound
    if getattr(model, "reports_finish_reason", False):
        return True
    try:
        from langchain_openai.chat_models.base import BaseChatOpenAI
    except ImportError:  # pragma: no cover - langchain-openai is a dependency
        return False
    return isinstance(model, BaseChatOpenAI)


def _is_connection_error(exc: BaseException) -> bool:
    import httpx
    import openai

    return isinstance(exc, httpx.TransportError | openai.APIConnectionError)


def _name(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
