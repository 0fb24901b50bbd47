"""A loopback OpenAI-compatible server that answers from scripted models, for the comparison
over HTTP (``python -m benchmarks.compare --over-http``).

``POST /v1/chat/completions`` takes the request the official ``openai`` client sends (messages,
tools, ``response_format`` of type ``json_schema`` or ``json_object``, ``stream`` with
``stream_options.include_usage``), turns its messages into LangChain messages and asks the
`ScriptedChatModel` registered under the request's ``model`` for the reply: the same scripted
answers and the same timing as the in-process simulated LLM (a streamed reply's first chunk at
``first_chunk_s``, text spread over the call, tool calls at its end; a whole reply after
``latency_s``). Streamed replies go out as server-sent events in OpenAI's chunk format, ending
with a usage chunk and ``data: [DONE]``.

The server runs uvicorn on its own thread and event loop (as a separate server would), on a
port of 127.0.0.1 the system picks::

    with OpenAISim() as sim:
        model = sim.add("planner/chain_4", ScriptedChatModel(default=..., latency_s=0.5))
        ChatOpenAI(model="planner/chain_4", base_url=sim.base_url, api_key="sim")

A tool message whose content is not a JSON value is handed to the script as an error
(``status="error"``): what LangChain's tool node marks locally does not travel over the wire,
and the simulated tools answer JSON when they succeed.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from langchain_core.messages import AIMessageChunk, BaseMessage, ToolMessage
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from agent_system.llm._fake import ScriptedChatModel

__all__ = ["OpenAISim", "to_messages"]


def to_messages(raw: list[dict[str, Any]]) -> list[BaseMessage]:
    """OpenAI chat messages as LangChain messages (tool errors marked, see the module doc)."""
    from langchain_openai.chat_models.base import _convert_dict_to_message

    messages = []
    for item in raw:
        message = _convert_dict_to_message(item)
        if isinstance(message, ToolMessage) and not _is_json(str(message.content)):
            message.status = "error"
        messages.append(message)
    return messages


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _error(status: int, message: str) -> JSONResponse:
    body = {"error": {"message": message, "type": "invalid_request_error", "code": None}}
    return JSONResponse(body, status_code=status)


def _usage(message: Any) -> dict[str, int]:
    usage = message.usage_metadata or {}
    return {
        "prompt_tokens": int(usage.get("input_tokens", 0)),
        "completion_tokens": int(usage.get("output_tokens", 0)),
        "total_tokens": int(usage.get("total_tokens", 0)),
    }


def _tool_calls(message: Any) -> list[dict[str, Any]]:
    return [
        {
            "id": call["id"],
            "type": "function",
            "function": {"name": call["name"], "arguments": json.dumps(call["args"])},
        }
        for call in message.tool_calls
    ]


class OpenAISim:
    """The server (see the module docstring); a context manager that starts and stops it."""

    def __init__(self) -> None:
        self.models: dict[str, ScriptedChatModel] = {}
        self.requests = 0
        """Chat completion requests answered (any model)."""
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None
        self.app = Starlette(routes=[Route("/v1/chat/completions", self._chat, methods=["POST"])])

    def add(self, name: str, model: ScriptedChatModel) -> ScriptedChatModel:
        """Answer requests for model `name` from `model`; returns it (its `calls` record them)."""
        self.models[name] = model
        return model

    @property
    def base_url(self) -> str:
        """The ``/v1`` URL to give the client (``OPENAI_BASE_URL``)."""
        if self._socket is None:
            raise RuntimeError("OpenAISim is not started")
        host, port = self._socket.getsockname()[:2]
        return f"http://{host}:{port}/v1"

    # --- lifecycle -----------------------------------------------------------------------
    def start(self) -> OpenAISim:
        """Serve on a free port of 127.0.0.1 from a thread; returns once it accepts."""
        import uvicorn

        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._socket.bind(("127.0.0.1", 0))
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off", access_log=False)
        self._server = uvicorn.Server(config)
        sockets = [self._socket]
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": sockets}, daemon=True
        )
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the simulated OpenAI server did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        """Stop serving and wait for the thread."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._socket is not None:
            self._socket.close()
        self._server = self._thread = None

    def __enter__(self) -> OpenAISim:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- the endpoint --------------------------------------------------------------------
    async def _chat(self, request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            return _error(400, "The request body is not JSON.")
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return _error(400, "The request needs a 'messages' list.")
        model = self.models.get(str(body.get("model")))
        if model is None:
            return _error(404, f"The model {body.get('model')!r} does not exist.")
        self.requests += 1
        messages = to_messages(body["messages"])
        kwargs = {k: body[k] for k in ("tools", "tool_choice", "response_format") if body.get(k)}
        name = str(body["model"])
        if not body.get("stream"):
            try:
                reply = await model.ainvoke(messages, **kwargs)
            except Exception as exc:  # the script's own error: a 500, as a failing server
                return _error(500, f"{type(exc).__name__}: {exc}")
            return JSONResponse(_completion(name, reply))
        usage = bool((body.get("stream_options") or {}).get("include_usage"))
        return StreamingResponse(
            _events(model.astream(messages, **kwargs), name, usage),
            media_type="text/event-stream",
        )


def _completion(name: str, reply: Any) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": str(reply.content) or None}
    if reply.tool_calls:
        message["tool_calls"] = _tool_calls(reply)
    return {
        "id": f"chatcmpl-{reply.id}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": name,
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": reply.response_metadata.get("finish_reason", "stop"),
            }
        ],
        "usage": _usage(reply),
    }


async def _events(
    chunks: AsyncIterator[AIMessageChunk], name: str, usage: bool
) -> AsyncIterator[bytes]:
    """The model's chunks as OpenAI ``chat.completion.chunk`` events."""
    created = int(time.time())
    ident = "chatcmpl-sim"
    first = True

    def event(choices: list[dict[str, Any]], **extra: Any) -> bytes:
        data = {
            "id": ident,
            "object": "chat.completion.chunk",
            "created": created,
            "model": name,
            "choices": choices,
            **extra,
        }
        return b"data: " + json.dumps(data, separators=(",", ":")).encode() + b"\n\n"

    try:
        async for chunk in chunks:
            ident = f"chatcmpl-{chunk.id}"
            delta: dict[str, Any] = {}
            if first:
                delta["role"] = "assistant"
            if chunk.content:
                delta["content"] = str(chunk.content)
            if chunk.tool_call_chunks:
                delta["tool_calls"] = [
                    {
                        "index": part["index"],
                        "id": part["id"],
                        "type": "function",
                        "function": {"name": part["name"], "arguments": part["args"]},
                    }
                    for part in chunk.tool_call_chunks
                ]
            if delta.keys() - {"role"}:
                first = False
                yield event([{"index": 0, "delta": delta, "finish_reason": None}])
            reason = chunk.response_metadata.get("finish_reason")
            if reason:
                yield event([{"index": 0, "delta": {}, "finish_reason": reason}])
                if usage:
                    yield event([], usage=_usage(chunk))
    except Exception as exc:  # mid-stream: an error event, as OpenAI sends
        message = f"{type(exc).__name__}: {exc}"
        yield b"data: " + json.dumps({"error": {"message": message}}).encode() + b"\n\n"
    yield b"data: [DONE]\n\n"
    await asyncio.sleep(0)
