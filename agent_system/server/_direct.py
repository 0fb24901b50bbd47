"""The hot endpoints without FastAPI's routing and dependency machinery.

``POST /v1/threads/{id}/runs`` and ``POST /v1/chat/completions`` are what clients call on every
turn. FastAPI spends more CPU matching the route among ~50, solving the endpoint's
dependencies and validating parameters than a fast reply's HTTP exchange costs by itself, so
`DirectRoutes` (an ASGI middleware inside the body limit, the crash guard and the metrics)
answers these two itself when the request is plainly valid:

1. the path and method match, the body is JSON (``Content-Type: application/json``) that the
   endpoint's own model validates, and the header parameters are within their limits;
2. the API key is valid (the same `ApiKeys.authenticate`) and its rate-limit bucket gives a
   token (the same limiter);
3. the endpoint's own function (`native.answer_run`, `openai_compat.answer_chat`) answers, its
   exceptions going to the app's exception handlers.

Anything else (a bad key, an empty bucket, an invalid body or header, another content type)
goes to the FastAPI app unchanged, body included, which answers exactly as it always did: the
checks above only decide whether the shortcut applies, never what the answer is. No token is
taken before the shortcut is sure to apply.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from fastapi import Request
from pydantic import BaseModel, ValidationError
from starlette._exception_handler import _lookup_exception_handler
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agent_system._lazy import lazy_pattern
from agent_system.server import _native as native
from agent_system.server import _openai_compat as openai_compat
from agent_system.server._auth import Principal
from agent_system.server._common import THREAD_ID_PATTERN, ServerState

if TYPE_CHECKING:
    from starlette.responses import Response

__all__ = ["DirectRoutes"]

Answer = Callable[
    [ServerState, "re.Match[str]", Any, Principal, dict[bytes, bytes]], Awaitable[Any]
]


@dataclass(frozen=True)
class _Direct:
    path: re.Pattern[str]
    model: type[BaseModel]
    answer: Answer
    route: str
    """The route template (the metrics label and the route FastAPI would have matched)."""


async def _run(
    state: ServerState,
    match: re.Match[str],
    body: native.RunRequest,
    caller: Principal,
    headers: dict[bytes, bytes],
) -> Response:
    return await native.answer_run(state, match.group(1), body, caller)


async def _chat(
    state: ServerState,
    match: re.Match[str],
    body: openai_compat.ChatCompletionRequest,
    caller: Principal,
    headers: dict[bytes, bytes],
) -> Response:
    thread = headers.get(b"x-thread-id")
    area = headers.get(b"x-area")
    return await openai_compat.answer_chat(
        state,
        body,
        caller,
        thread.decode("latin-1") if thread is not None else None,
        area.decode("latin-1") if area is not None else None,
    )


_THREAD_ID = THREAD_ID_PATTERN.removeprefix("^").removesuffix("$")
"""A thread id the path parameter accepts (`THREAD_ID_PATTERN`, unanchored)."""

_ROUTES = (
    _Direct(
        lazy_pattern(f"/v1/threads/({_THREAD_ID})/runs"),
        native.RunRequest,
        _run,
        "/v1/threads/{thread_id}/runs",
    ),
    _Direct(
        lazy_pattern(r"/v1/chat/completions"),
        openai_compat.ChatCompletionRequest,
        _chat,
        "/v1/chat/completions",
    ),
)

_HEADER_LIMITS = {b"x-area": 200}
"""Header parameters with a length limit (longer: FastAPI answers the 422)."""


class DirectRoutes:
    """Answers the hot endpoints' plainly valid requests itself (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._routes: dict[str, Any] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        for direct in _ROUTES:
            match = direct.path.fullmatch(path)
            if match is not None:
                break
        else:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunks.append(message.get("body", b""))
            more = bool(message.get("more_body", False))
        raw = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": raw, "more_body": False}
            return await receive()

        if not await self._answer(direct, match, raw, scope, replay, send):
            await self.app(scope, replay, send)

    async def _answer(
        self,
        direct: _Direct,
        match: re.Match[str],
        raw: bytes,
        scope: Scope,
        receive: Receive,
        send: Send,
    ) -> bool:
        """Answer the request if the shortcut applies; False (nothing sent) if it does not."""
        headers: dict[bytes, bytes] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name, value)  # the first of repeated headers, as Starlette reads
        if not _json(headers.get(b"content-type")):
            return False
        for name, limit in _HEADER_LIMITS.items():
            value = headers.get(name)
            if value is not None and len(value.decode("latin-1")) > limit:
                return False
        try:
            body = direct.model.model_validate_json(raw)
        except ValidationError:
            return False
        app = scope["app"]
        state: ServerState = app.state.server
        authorization = headers.get(b"authorization")
        try:
            caller = state.keys.authenticate(
                authorization.decode("latin-1") if authorization is not None else None
            )
            await state.limiter.aacquire(caller.key_digest or "open")
        except Exception:  # FastAPI answers it: 401, 429, a failing limiter's 503
            return False
        scope["route"] = self._route(app, direct.route)
        try:
            response = await direct.answer(state, match, body, caller, headers)
        except Exception as exc:
            handler = cast(
                "Callable[[Request, Exception], Awaitable[Response]] | None",
                _lookup_exception_handler(app.exception_handlers, exc),
            )
            if handler is None:
                raise  # the crash guard answers
            response = await handler(Request(scope, receive), exc)
        await response(scope, receive, send)
        return True

    def _route(self, app: Any, template: str) -> Any:
        """The app's route for `template` (what FastAPI puts in the scope: metrics read it)."""
        route = self._routes.get(template)
        if route is None:
            route = self._routes[template] = next(
                r
                for r in (*native.router.routes, *openai_compat.router.routes)
                if getattr(r, "path", None) == template
            )
        return route


def _json(content_type: bytes | None) -> bool:
    """A JSON media type, as FastAPI reads a body as JSON (``application/json``, ``+json``)."""
    if content_type is None:
        return False
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or (
        media.startswith(b"application/") and media.endswith(b"+json")
    )
