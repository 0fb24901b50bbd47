"""`ScriptedChatModel`: a chat model that replays a script, for tests and benchmarks.

Each call (``ainvoke``, ``astream``, through ``bind_tools`` or ``with_structured_output``) takes
the next turn of the script:

```
"text"                              -> an AI message with that text
AIMessage(content="", tool_calls=[...]) -> returned as is (tool calls)
SomePydanticModel(...) or {"a": 1}  -> its JSON as the reply (for structured output)
ValueError("boom") / an error class -> raised by the call
lambda messages: <any of the above> -> computed from the prompt
ScriptedTurn(reply, latency_s=0.2, input_tokens=..., output_tokens=...)
```

Replies carry ``usage_metadata`` (about 4 characters per token unless a `ScriptedTurn` says
otherwise) and ``response_metadata["model_name"]``. Streaming yields the reply word by word
(``latency_s`` before the first chunk, ``token_latency_s`` between chunks) and ends with a
chunk holding the usage. Every call is recorded in `calls` (prompt, offered tools, structured
output request, reply). `assert_complete()` fails when a scripted turn went unused or a call
found the script empty::

    model = ScriptedChatModel(["Hello!", PlanOut(steps=[])], latency_s=0.05)
    ...
    model.assert_complete()

With ``default=`` the model answers every call after the script with that turn (benchmarks).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda, RunnableMap
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, PrivateAttr, ValidationError

from agent_system._lazy import lazy_pattern

__all__ = [
    "ScriptExhaustedError",
    "ScriptTurn",
    "ScriptedCall",
    "ScriptedChatModel",
    "ScriptedTurn",
]

ScriptTurn = Any
"""str | AIMessage | BaseModel | dict | BaseException | type[BaseException] | ScriptedTurn |
Callable[[list[BaseMessage]], ScriptTurn]"""

_TOKEN = lazy_pattern(r"\s*\S+|\s+")


class ScriptExhaustedError(AssertionError):
    """A call found no scripted turn left."""


@dataclass(frozen=True)
class ScriptedTurn:
    """A turn with its own latency or token counts."""

    reply: ScriptTurn
    latency_s: float | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None


@dataclass
class ScriptedCall:
    """One call the model received."""

    messages: list[BaseMessage]
    tools: list[dict[str, Any]] | None = None
    structured: dict[str, Any] | None = None
    streamed: bool = False
    reply: AIMessage | None = None
    error: BaseException | None = None
    kwargs: dict[str, Any] = field(default_factory=dict)

    @property
    def prompt_text(self) -> str:
        """Every message's text joined, for assertions on what the model was shown."""
        return "\n".join(str(m.content) for m in self.messages)


class ScriptedChatModel(BaseChatModel):
    """A chat model that replays scripted turns (see the module docstring)."""

    model_name: str = "scripted"
    reports_finish_reason: ClassVar[bool] = True
    """Its streams end with a chunk carrying ``finish_reason`` (a cut stream is detected)."""
    latency_s: float = 0.0
    """Seconds before each reply (or its first streamed chunk)."""
    token_latency_s: float = 0.0
    """Seconds between streamed chunks."""
    first_chunk_s: float | None = None
    """When set, a streamed reply's first chunk comes after this many seconds and the others
    are spread evenly until `latency_s` (a server streaming a reply it takes `latency_s` to
    write; at most one chunk per millisecond, a long reply's tokens grouped);
    `token_latency_s` is then ignored."""
    chars_per_token: int = 4

    _turns: deque[ScriptTurn] = PrivateAttr(default_factory=deque)
    _default: ScriptTurn = PrivateAttr(default=None)
    _calls: list[ScriptedCall] = PrivateAttr(default_factory=list)
    _overflow: list[int] = PrivateAttr(default_factory=list)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def __init__(
        self, turns: Iterable[ScriptTurn] = (), *, default: ScriptTurn = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self._turns.extend(turns)
        self._default = default

    @property
    def _llm_type(self) -> str:
        return "scripted"

    # --- script management ---------------------------------------------------------------
    def add(self, *turns: ScriptTurn) -> ScriptedChatModel:
        """Append turns to the script; returns self."""
        with self._lock:
            self._turns.extend(turns)
        return self

    @property
    def calls(self) -> list[ScriptedCall]:
        """Every call so far, in order."""
        return list(self._calls)

    @property
    def remaining(self) -> int:
        """Scripted turns not used yet."""
        return len(self._turns)

    def assert_complete(self) -> None:
        """Fail if a scripted turn went unused, or a call found the script empty."""
        problems = []
        if self._turns:
            problems.append(
                f"{len(self._turns)} scripted turn(s) never used: "
                + ", ".join(_describe(t) for t in self._turns)
            )
        if self._overflow:
            problems.append(f"call(s) {self._overflow} found no scripted turn left")
        if problems:
            raise AssertionError(f"ScriptedChatModel {self.model_name!r}: " + "; ".join(problems))

    # --- tools and structured output -----------------------------------------------------
    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Offer tools; the calls record them, the script decides what comes back."""
        formatted = [convert_to_openai_tool(t) for t in tools]
        return self.bind(tools=formatted, tool_choice=tool_choice, **kwargs)

    def with_structured_output(
        self,
        schema: dict[str, Any] | type,
        *,
        include_raw: bool = False,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, dict[str, Any] | BaseModel]:
        """Parse the next turn's JSON into `schema` (a pydantic class, or a dict schema -> dict).

        With ``include_raw=True`` returns ``{"raw", "parsed", "parsing_error"}`` like the real
        providers do; without it an unparsable reply raises `OutputParserException`.
        """
        request = {"schema": schema, "include_raw": include_raw, **kwargs}
        bound = self.bind(structured_output=request)

        def parse(raw: BaseMessage) -> dict[str, Any] | BaseModel:
            return _parse_structured(raw, schema)

        if not include_raw:
            return bound | RunnableLambda(parse)

        def parse_with_raw(result: dict[str, Any]) -> dict[str, Any]:
            try:
                return {**result, "parsed": parse(result["raw"]), "parsing_error": None}
            except OutputParserException as exc:
                return {**result, "parsed": None, "parsing_error": exc}

        return RunnableMap(raw=bound) | RunnableLambda(parse_with_raw)

    # --- generation ----------------------------------------------------------------------
    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        call, turn, latency = self._next(messages, kwargs, streamed=False)
        if latency:
            time.sleep(latency)
        return ChatResult(generations=[ChatGeneration(message=self._reply(call, turn))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        call, turn, latency = self._next(messages, kwargs, streamed=False)
        if latency:
            await asyncio.sleep(latency)
        return ChatResult(generations=[ChatGeneration(message=self._reply(call, turn))])

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        call, turn, latency = self._next(messages, kwargs, streamed=True)
        if self.first_chunk_s is not None:
            async for chunk in self._spread(call, turn, latency, run_manager):
                yield chunk
            return
        if latency:
            await asyncio.sleep(latency)
        reply = self._reply(call, turn)
        for index, chunk in enumerate(_chunks(reply, self.chars_per_token)):
            if index and self.token_latency_s:
                await asyncio.sleep(self.token_latency_s)
            if run_manager is not None:
                await run_manager.on_llm_new_token(str(chunk.message.content), chunk=chunk)
            yield chunk

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        call, turn, latency = self._next(messages, kwargs, streamed=True)
        if latency:
            time.sleep(latency)
        for chunk in _chunks(self._reply(call, turn), self.chars_per_token):
            if run_manager is not None:
                run_manager.on_llm_new_token(str(chunk.message.content), chunk=chunk)
            yield chunk

    async def _spread(
        self,
        call: ScriptedCall,
        turn: ScriptTurn,
        latency: float,
        run_manager: AsyncCallbackManagerForLLMRun | None,
    ) -> AsyncIterator[ChatGenerationChunk]:
        """The first chunk at `first_chunk_s`, the last at `latency`, the rest evenly between
        (on the event loop's clock, so the spacing does not drift)."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        first = min(self.first_chunk_s or 0.0, latency)
        chunks = list(_chunks(self._reply(call, turn), self.chars_per_token))
        # At most one chunk per millisecond of the stream, as a server writing at that pace
        # sends: a long reply's tokens are grouped.
        most = max(1, int((latency - first) * 1000))
        text = [c for c in chunks if c.message.content]
        if len(text) > most:
            size = -(-len(text) // most)
            grouped = [
                ChatGenerationChunk(
                    message=AIMessageChunk(
                        content="".join(str(c.message.content) for c in text[i : i + size]),
                        id=text[0].message.id,
                    )
                )
                for i in range(0, len(text), size)
            ]
            chunks = [*grouped, *(c for c in chunks if not c.message.content)]
        texts = max(1, sum(1 for c in chunks if c.message.content) - 1)
        index = 0
        for chunk in chunks:
            # Text is spread over the call; a tool call (a chunk without text) is complete
            # only when the call is: it arrives at `latency`, as a server's last tokens do.
            if chunk.message.content:
                due = began + first + (latency - first) * min(index, texts) / texts
            else:
                due = began + latency
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if chunk.message.content:
                index += 1
            if run_manager is not None:
                await run_manager.on_llm_new_token(str(chunk.message.content), chunk=chunk)
            yield chunk

    # --- internals -----------------------------------------------------------------------
    def _next(
        self, messages: list[BaseMessage], kwargs: dict[str, Any], *, streamed: bool
    ) -> tuple[ScriptedCall, ScriptTurn, float]:
        structured = kwargs.get("structured_output")
        asked = kwargs.get("response_format")
        if structured is None and isinstance(asked, dict):  # a bound response format
            kind = asked.get("type")
            structured = {
                "schema": asked.get("json_schema", {}),
                "method": "json_schema" if kind == "json_schema" else "json_mode",
                "include_raw": True,
            }
        call = ScriptedCall(
            messages=list(messages),
            tools=kwargs.get("tools"),
            structured=structured,
            streamed=streamed,
            kwargs={k: v for k, v in kwargs.items() if k not in ("tools", "structured_output")},
        )
        with self._lock:
            self._calls.append(call)
            number = len(self._calls)
            if self._turns:
                turn = self._turns.popleft()
            elif self._default is not None:
                turn = self._default
            else:
                self._overflow.append(number)
                call.error = ScriptExhaustedError(
                    f"ScriptedChatModel {self.model_name!r}: call #{number} found no scripted turn "
                    f"left; the prompt ended with: {_tail(messages)!r}"
                )
                raise call.error
        latency = self.latency_s
        if isinstance(turn, ScriptedTurn) and turn.latency_s is not None:
            latency = turn.latency_s
        return call, turn, latency

    def _reply(self, call: ScriptedCall, turn: ScriptTurn) -> AIMessage:
        input_tokens = output_tokens = None
        if isinstance(turn, ScriptedTurn):
            input_tokens, output_tokens = turn.input_tokens, turn.output_tokens
            turn = turn.reply
        try:
            message = _to_message(turn, call.messages)
        except BaseException as exc:
            call.error = exc
            raise
        if message.usage_metadata is None:
            prompt = sum(self._count(_text(m)) for m in call.messages)
            produced = self._count(_text(message))
            message.usage_metadata = {
                "input_tokens": prompt if input_tokens is None else input_tokens,
                "output_tokens": produced if output_tokens is None else output_tokens,
                "total_tokens": (prompt if input_tokens is None else input_tokens)
                + (produced if output_tokens is None else output_tokens),
            }
        message.response_metadata = {
            "model_name": self.model_name,
            "finish_reason": "tool_calls" if message.tool_calls else "stop",
            **message.response_metadata,
        }
        if message.id is None:
            message.id = f"scripted-{len(self._calls)}"
        call.reply = message
        return message

    def _count(self, text: str) -> int:
        return -(-len(text) // self.chars_per_token) if text else 0


def _to_message(turn: ScriptTurn, messages: list[BaseMessage]) -> AIMessage:
    if isinstance(turn, BaseException):
        raise turn
    if isinstance(turn, type) and issubclass(turn, BaseException):
        raise turn()
    if isinstance(turn, AIMessage):
        return turn.model_copy(deep=True)
    if isinstance(turn, str):
        return AIMessage(content=turn)
    if isinstance(turn, BaseModel):
        return AIMessage(content=turn.model_dump_json(by_alias=True))
    if isinstance(turn, dict | list):
        return AIMessage(content=json.dumps(turn))
    if callable(turn):
        return _to_message(turn(list(messages)), messages)
    raise TypeError(f"ScriptedChatModel cannot replay a turn of type {type(turn).__name__}")


def _chunks(reply: AIMessage, chars_per_token: int = 4) -> Iterator[ChatGenerationChunk]:
    """Word by word; a run of more than three tokens' worth without a space (JSON, say) is
    cut every `chars_per_token` characters, as a real model's tokens would be."""
    text = reply.content if isinstance(reply.content, str) else _text(reply)
    size = max(1, chars_per_token)
    for word in _TOKEN.findall(text):
        if len(word.strip()) <= 3 * size:
            yield ChatGenerationChunk(message=AIMessageChunk(content=word, id=reply.id))
            continue
        head = len(word) - len(word.lstrip()) + size
        for token in [word[:head], *(word[i : i + size] for i in range(head, len(word), size))]:
            yield ChatGenerationChunk(message=AIMessageChunk(content=token, id=reply.id))
    if reply.tool_calls:
        yield ChatGenerationChunk(
            message=AIMessageChunk(
                content="",
                id=reply.id,
                tool_call_chunks=[
                    {"name": tc["name"], "args": json.dumps(tc["args"]), "id": tc["id"], "index": i}
                    for i, tc in enumerate(reply.tool_calls)
                ],
            )
        )
    yield ChatGenerationChunk(
        message=AIMessageChunk(
            content="",
            id=reply.id,
            usage_metadata=reply.usage_metadata,
            response_metadata=dict(reply.response_metadata),
            chunk_position="last",
        )
    )


def _parse_structured(
    raw: BaseMessage, schema: dict[str, Any] | type
) -> dict[str, Any] | BaseModel:
    text = _text(raw).strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise OutputParserException(f"Invalid JSON: {exc}", llm_output=text) from exc
    if isinstance(schema, type) and issubclass(schema, BaseModel):
        try:
            return schema.model_validate(data)
        except ValidationError as exc:
            raise OutputParserException(str(exc), llm_output=text) from exc
    if not isinstance(data, dict):
        raise OutputParserException("Expected a JSON object", llm_output=text)
    return data


def _text(message: BaseMessage) -> str:
    if isinstance(message.content, str):
        text = message.content
    else:
        text = "".join(b if isinstance(b, str) else str(b.get("text", "")) for b in message.content)
    for tc in getattr(message, "tool_calls", None) or []:
        text += tc["name"] + json.dumps(tc["args"])
    return text


def _tail(messages: Sequence[BaseMessage]) -> str:
    return _text(messages[-1])[-120:] if messages else ""


def _describe(turn: ScriptTurn) -> str:
    if isinstance(turn, ScriptedTurn):
        turn = turn.reply
    if isinstance(turn, str):
        return repr(turn[:40])
    if isinstance(turn, BaseException):
        return f"raise {type(turn).__name__}"
    return type(turn).__name__
