"""One place that turns HTTP trouble into a `ToolExecutionError` the user can read.

Shared by the weather, smart_home and search backends: timeouts, refused connections, HTTP error
statuses and bodies that are not JSON all become one sentence for the user ("I couldn't reach the
weather service (are you offline?)."), never a traceback; the technical reason (host, exception
class, status, the service's own words) goes to ``details["detail"]``, which ``--verbose`` shows.
Request headers (which may hold tokens) never appear in either.
"""

from __future__ import annotations

from typing import Any

import httpx

from agent_system.errors import ToolExecutionError
from agent_system.idempotency import IDEMPOTENCY_HEADER, current_key

__all__ = ["malformed", "request_json"]


async def request_json(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    *,
    service: str,
    timeout_s: float,
    params: dict[str, Any] | None = None,
    json: Any = None,
    headers: dict[str, str] | None = None,
    hints: dict[int, str] | None = None,
) -> Any:
    """Send one request and return the decoded JSON body.

    Args:
        client: The shared HTTP client.
        method: "GET" or "POST".
        url: Full URL.
        service: Human name used in messages ("weather service", "Home Assistant").
        timeout_s: Timeout for the whole request.
        params: Query parameters.
        json: JSON body.
        headers: Extra headers (never echoed in errors).
        hints: Extra advice per HTTP status, appended to the message.

    Raises:
        ToolExecutionError: a plain sentence for any transport, status or body problem, with
            the technical reason in ``details["detail"]``.
    """
    host = httpx.URL(url).host or url
    the = _the(service)
    key = current_key()
    if key and method.upper() != "GET":  # a resumed step's repeat can be dropped by the server
        headers = {**(headers or {}), IDEMPOTENCY_HEADER: key}
    try:
        response = await client.request(
            method, url, params=params, json=json, headers=headers, timeout=timeout_s
        )
    except httpx.TimeoutException:
        raise _failure(
            service,
            f"{the} did not answer in time; try again in a moment.",
            f"no answer from {host} within {timeout_s:g} s",
        ) from None
    except httpx.HTTPError as exc:
        raise _failure(
            service,
            f"I couldn't reach {the[0].lower()}{the[1:]} (are you offline?).",
            f"could not connect to {host} ({type(exc).__name__})",
        ) from None
    if response.status_code >= 400:
        reason = f"HTTP {response.status_code} from {host}"
        detail = _error_reason(response)
        if detail:
            reason += f" ({detail})"
        hint = (hints or {}).get(response.status_code)
        message = f"{the} answered with an error (HTTP {response.status_code})."
        if hint:
            message = f"{message[:-1]}: {hint}"
        raise _failure(service, message, reason, status=response.status_code)
    try:
        return response.json()
    except ValueError:
        raise _failure(
            service, f"{the} sent a reply I couldn't read.", f"{host} sent a reply that is not JSON"
        ) from None


def malformed(service: str, what: str) -> ToolExecutionError:
    """The error for a JSON body that lacks what we need."""
    return _failure(
        service, f"{_the(service)} sent a reply I couldn't read.", f"malformed reply ({what})"
    )


def _the(service: str) -> str:
    """The service as the start of a sentence: "The weather service", "Home Assistant"."""
    return f"The {service}" if service[:1].islower() else service


def _failure(
    service: str, message: str, detail: str, status: int | None = None
) -> ToolExecutionError:
    details: dict[str, Any] = {"service": service, "detail": detail}
    if status is not None:
        details["status"] = status
    return ToolExecutionError(message, details=details)


def _error_reason(response: httpx.Response) -> str:
    """A short reason from an error body (Open-Meteo sends ``{"reason": ...}``), if any."""
    try:
        body = response.json()
    except ValueError:
        return ""
    if isinstance(body, dict):
        for key in ("reason", "message", "error"):
            value = body.get(key)
            if isinstance(value, str) and value:
                return value[:200]
    return ""
