"""Request body size limit (413 before the endpoint reads more than `max_bytes`), and the
last-resort 500 that keeps the connection usable."""

from __future__ import annotations

import json
import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from agent_system.server._common import error_body

__all__ = ["BodyLimitMiddleware", "CrashGuardMiddleware"]

_log = logging.getLogger("agent_system.server._app")


class BodyLimitMiddleware:
    """Reads the body (up to `max_bytes`) before the app, answering 413 past the limit.

    After the body the app's ``receive`` goes back to the client's, so a disconnect is still seen.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._reject(send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._reject(send)
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _reject(self, send: Send) -> None:
        body = json.dumps(
            {
                "error": {
                    "message": f"Request body too large: the limit is {self.max_bytes} bytes "
                    "(AGENT_SYSTEM_MAX_BODY_BYTES).",
                    "type": "invalid_request_error",
                    "code": "request_too_large",
                    "param": None,
                }
            }
        ).encode("utf-8")
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


class CrashGuardMiddleware:
    """Answers an unexpected exception with the standard JSON 500 and keeps the connection.

    Starlette's own last-resort handler sends the 500 and then re-raises into the server, which
    drops the keep-alive connection without ``Connection: close``: the client's next request on
    it fails with a reset. Here the error is logged and answered, and nothing is re-raised. A
    streamed response that already started cannot be answered any more: that error is re-raised
    and the connection closes (the response was cut short).
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            _log.error(
                "unhandled error on %s %s", scope.get("method"), scope.get("path"), exc_info=exc
            )
            if started:
                raise
            body = json.dumps(error_body("Internal server error.", "server_error")).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
