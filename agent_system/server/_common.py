"""What every endpoint shares: the server state, the caller, and the error format.

Errors use one JSON shape on every endpoint, the one OpenAI clients parse:
``{"error": {"message", "type", "code", "param"}}``. No traceback ever reaches a client.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import JSONResponse

from agent_system.errors import AgentSystemError
from agent_system.server._auth import ApiKeys, Principal, RateLimiter

if TYPE_CHECKING:
    from agent_system import events as ev
    from agent_system.api import AgentSystem
    from agent_system.config import Settings
    from agent_system.server._metrics import Metrics
    from agent_system.server._runs import NotificationHub, RunManager

__all__ = [
    "THREAD_ID_PATTERN",
    "ApiError",
    "Caller",
    "ServerState",
    "chat_thread_id",
    "error_body",
    "error_response",
    "failure_body",
    "server_state",
]


THREAD_ID_PATTERN = r"^[A-Za-z0-9._:\-]{1,200}$"
"""Thread ids the server accepts (path and ``X-Thread-Id``): letters, digits, ``._:-``."""


@dataclass
class ServerState:
    """Everything the endpoints use, kept on ``app.state.server``."""

    settings: Settings
    system: AgentSystem
    keys: ApiKeys
    limiter: RateLimiter
    metrics: Metrics
    runs: RunManager
    hub: NotificationHub
    shutdown_probe: Callable[[], bool] | None = None
    """True once the server began shutting down (see `create_app`)."""
    relay: Any = None
    """The `agent_system.server._cluster.EventRelay` on PostgreSQL (None: this process only)."""

    async def broadcast(self, user: str | None, notification: ev.Notification) -> None:
        """Send a notification to `user`'s event streams on every worker."""
        if self.relay is not None:
            await self.relay.publish(user, notification)
        else:
            self.hub.publish(user, notification)


class ApiError(Exception):
    """An error answered as JSON with `status`; the message says what to fix."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        type_: str = "invalid_request_error",
        code: str | None = None,
        param: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type_
        self.code = code
        self.param = param
        self.headers = headers


def error_body(
    message: str, type_: str, code: str | None = None, param: str | None = None
) -> dict[str, Any]:
    """The JSON error object (also sent as an SSE ``error`` event)."""
    return {"error": {"message": message, "type": type_, "code": code, "param": param}}


def failure_body(error: BaseException) -> dict[str, Any]:
    """The error object for a run that raised after its stream began (no traceback)."""
    if isinstance(error, AgentSystemError):
        return error_body(error.message, "agent_error", str(error.code))
    if isinstance(error, asyncio.CancelledError):
        return error_body(
            "The server stopped before the run finished; it is checkpointed: continue it with "
            "POST /v1/threads/{id}/approval.",
            "server_error",
            "cancelled",
        )
    return error_body("Internal server error.", "server_error")


def error_response(exc: ApiError) -> JSONResponse:
    """The response for an `ApiError`."""
    return JSONResponse(
        error_body(exc.message, exc.type, exc.code, exc.param),
        status_code=exc.status,
        headers=exc.headers,
    )


def server_state(request: Request) -> ServerState:
    """The app's `ServerState`."""
    state: ServerState = request.app.state.server
    return state


async def _caller(request: Request) -> Principal:
    """Authenticate the request and take one token from its key's rate-limit bucket."""
    state = server_state(request)
    principal = state.keys.authenticate(request.headers.get("authorization"))
    await state.limiter.aacquire(principal.key_digest or "open")
    return principal


Caller = Annotated[Principal, Depends(_caller)]
"""Endpoint parameter type: the authenticated, rate-limited caller."""


def chat_thread_id(principal: Principal, *, user_field: str | None, first_message: str) -> str:
    """The thread of an OpenAI-style conversation: by its `user` field, else its first message.

    Both are hashed with the caller's key digest, so two keys never map to one thread.
    """
    if user_field:
        basis = f"{principal.key_digest}\x00user\x00{user_field}"
    else:
        basis = f"{principal.key_digest}\x00first\x00{first_message}"
    return "chat-" + hashlib.sha256(basis.encode("utf-8")).hexdigest()[:32]
