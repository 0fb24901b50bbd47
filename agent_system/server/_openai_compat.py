"""OpenAI-compatible endpoints: ``POST /v1/chat/completions`` and ``GET /v1/models``.

The last user message is the request. The conversation maps to a thread: the ``X-Thread-Id``
header names one directly; else the ``user`` field, else the conversation's first user message,
hashed with the caller's key, picks it. The thread keeps the history, so only the last message is
sent to the engine. When the thread waits for an approval, a "yes" or "no" answers it. The answer
is the reply; the plan, step results and route travel in an extra top-level ``agent_system``
field that standard clients ignore.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from agent_system import events as ev
from agent_system._lazy import lazy_pattern
from agent_system.api import ThreadNotFoundError
from agent_system.server._auth import Principal
from agent_system.server._common import (
    THREAD_ID_PATTERN,
    ApiError,
    Caller,
    ServerState,
    chat_thread_id,
    failure_body,
    server_state,
)
from agent_system.server._runs import RunFailed, RunHandle, sse

__all__ = ["MODEL_ID", "ChatCompletionRequest", "ChatMessage", "answer_chat", "router"]

router = APIRouter(prefix="/v1")

MODEL_ID = "agent-system"

_YES = lazy_pattern(r"^\s*(yes|y|approve[d]?|ok(ay)?|sure|confirm(ed)?|go ahead|do it)\W*$", re.I)
_NO = lazy_pattern(r"^\s*(no|n|deny|denied|reject(ed)?|cancel|stop|don'?t)\W*$", re.I)


class ChatMessage(BaseModel):
    """One message; content is a string or a list of parts (text parts are used)."""

    model_config = ConfigDict(extra="allow")
    role: Literal["system", "developer", "user", "assistant", "tool", "function"]
    content: str | list[dict[str, Any]] | None = None

    def text(self) -> str:
        """The message's text."""
        if isinstance(self.content, str):
            return self.content
        parts = self.content or []
        return "".join(str(p.get("text", "")) for p in parts if p.get("type") == "text")


class ChatCompletionRequest(BaseModel):
    """The fields used; other OpenAI parameters (temperature...) are accepted and ignored."""

    model_config = ConfigDict(extra="allow")
    model: str = Field(min_length=1)
    messages: list[ChatMessage] = Field(min_length=1)
    stream: bool = False
    user: str | None = Field(default=None, max_length=256)
    stream_options: dict[str, Any] | None = None


@router.get("/models")
async def list_models(caller: Caller) -> dict[str, Any]:
    """The one model this server offers."""
    return {
        "object": "list",
        "data": [{"id": MODEL_ID, "object": "model", "created": 0, "owned_by": "agent-system"}],
    }


@router.post("/chat/completions")
async def chat_completions(
    body: ChatCompletionRequest,
    request: Request,
    caller: Caller,
    x_thread_id: Annotated[str | None, Header()] = None,
    x_area: Annotated[str | None, Header(max_length=200)] = None,
) -> Response:
    """Answer the conversation's last user message on its thread."""
    return await answer_chat(server_state(request), body, caller, x_thread_id, x_area)


async def answer_chat(
    state: ServerState,
    body: ChatCompletionRequest,
    caller: Principal,
    x_thread_id: str | None,
    x_area: str | None,
) -> Response:
    """``POST /v1/chat/completions`` once the request is checked (also `_direct`'s answer)."""
    if x_thread_id is not None and not re.fullmatch(THREAD_ID_PATTERN, x_thread_id):
        raise ApiError(
            422,
            "X-Thread-Id: use 1 to 200 letters, digits or the characters . _ : - "
            "(or leave the header out to continue by the conversation).",
            param="X-Thread-Id",
        )
    users = [m for m in body.messages if m.role == "user"]
    text = users[-1].text().strip() if users else ""
    if not text:
        raise ApiError(
            422,
            "messages: the conversation needs a user message with text content.",
            param="messages",
        )
    thread_id = x_thread_id or chat_thread_id(
        caller, user_field=body.user, first_message=users[0].text()
    )
    events = await _events(state, text, thread_id, caller.user, x_area)
    handle = state.runs.start("chat", events)
    first = await handle.started()
    completion_id = "chatcmpl-" + thread_id.removeprefix("chat-")[:12] + f"{time.time_ns():x}"
    created = int(time.time())
    if body.stream:
        include_usage = bool((body.stream_options or {}).get("include_usage"))
        return StreamingResponse(
            _chunks(handle, first, completion_id, created, include_usage),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
    async for item in handle.events(first):
        if isinstance(item, RunFailed):
            raise item.error
        if isinstance(item, ev.RunFinished):
            result = item.result
            return JSONResponse(
                {
                    "id": completion_id,
                    "object": "chat.completion",
                    "created": created,
                    "model": MODEL_ID,
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": result.reply},
                            "finish_reason": "stop",
                            "logprobs": None,
                        }
                    ],
                    "usage": _usage(result),
                    "agent_system": _extra(result),
                }
            )
    raise ApiError(500, "The run ended without a result.", type_="server_error")


async def _events(
    state: ServerState, text: str, thread_id: str, user: str | None, area: str | None = None
) -> AsyncIterator[ev.Event]:
    """A new turn, or the answer to the thread's pending approval when the text is yes/no."""
    decision = True if _YES.match(text) else False if _NO.match(text) else None
    if decision is not None:
        try:
            thread = await state.system.aget_thread(thread_id, user)
        except ThreadNotFoundError:
            thread = {}
        if thread.get("status") == "interrupted":
            return state.system.astream_resume(thread_id, decision, user)
    return state.system.astream(text, thread_id, user, area=area)


def _usage(result: ev.RunResult) -> dict[str, int]:
    usage = result.usage
    return {
        "prompt_tokens": usage.input_tokens,
        "completion_tokens": usage.output_tokens,
        "total_tokens": usage.total_tokens,
    }


def _extra(result: ev.RunResult) -> dict[str, Any]:
    data = result.model_dump(
        mode="json",
        include={"thread_id", "run_id", "status", "route", "plan", "result", "errors"},
    )
    data["pending_approval"] = result.pending_approval
    data["usage"] = result.usage.model_dump(mode="json")
    return data


async def _chunks(
    handle: RunHandle,
    first: ev.Event | RunFailed | None,
    completion_id: str,
    created: int,
    include_usage: bool,
) -> AsyncIterator[bytes]:
    """``chat.completion.chunk`` events: the role, reply deltas, the finish, ``[DONE]``."""

    def chunk(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> bytes:
        body = {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": MODEL_ID,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}],
            **extra,
        }
        return sse(None, body)

    yield chunk({"role": "assistant", "content": ""})
    sent = ""
    async for item in handle.events(first):
        if isinstance(item, RunFailed):
            yield sse(None, failure_body(item.error))
            return
        if isinstance(item, ev.ReplyDelta) and item.text:
            sent += item.text
            yield chunk({"content": item.text})
        elif isinstance(item, ev.RunFinished):
            result = item.result
            rest = result.reply[len(sent) :] if result.reply.startswith(sent) else ""
            if not sent or rest:
                yield chunk({"content": rest if sent else result.reply})
            usage = _usage(result)
            yield chunk({}, "stop", usage=usage, agent_system=_extra(result))
            if include_usage:
                body = {
                    "id": completion_id,
                    "object": "chat.completion.chunk",
                    "created": created,
                    "model": MODEL_ID,
                    "choices": [],
                    "usage": usage,
                }
                yield sse(None, body)
    yield b"data: [DONE]\n\n"
