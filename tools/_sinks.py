"""The built-in notification sinks: console, event buffer, webhook, desktop (`notify-send`).

A sink is ``async (NotificationMessage) -> None``. It raises to report a failure the hub may retry,
or `PermanentDeliveryError` when retrying cannot help (a 404, a missing program).
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections import deque
from datetime import datetime
from typing import Any, Literal, TextIO

import httpx
from pydantic import BaseModel, ConfigDict, Field

from agent_system.events import Notification
from agent_system.idempotency import IDEMPOTENCY_HEADER

__all__ = [
    "Channel",
    "ConsoleSink",
    "DesktopSink",
    "EventBuffer",
    "NotificationMessage",
    "PermanentDeliveryError",
    "WebhookSink",
]

Channel = Literal["console", "event", "webhook", "desktop"]
_RETRYABLE_STATUS = frozenset({408, 425, 429})


class NotificationMessage(BaseModel):
    """One notification on its way to a channel."""

    model_config = ConfigDict(frozen=True)

    title: str
    body: str = ""
    channel: str = "console"
    url: str | None = Field(default=None, description="Webhook URL overriding the settings.")
    thread_id: str | None = None
    user: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime | None = None
    idempotency_key: str | None = None
    """The sending step's key: webhooks get it as the ``Idempotency-Key`` header."""


class PermanentDeliveryError(Exception):
    """Delivery failed in a way retrying cannot fix; the hub stops at once."""


class ConsoleSink:
    """Print notifications to a text stream (stdout by default); the CLI may register its own."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream

    async def __call__(self, message: NotificationMessage) -> None:
        """Write one line: a bell, the title and the body."""
        text = f"\N{BELL} {message.title}" + (f": {message.body}" if message.body else "")
        print(text, file=self.stream or sys.stdout, flush=True)


class EventBuffer:
    """Keeps notifications as `agent_system.events.Notification` events until someone drains them.

    The server registers its own sink on the ``event`` channel to push into its event stream; this
    buffer is the fallback, bounded so an undrained buffer cannot grow without limit (the oldest
    events go first, and `dropped` counts them).
    """

    def __init__(self, maxlen: int = 1000) -> None:
        self._events: deque[Notification] = deque(maxlen=maxlen)
        self.dropped = 0

    async def __call__(self, message: NotificationMessage) -> None:
        """Queue the notification as an event."""
        if len(self._events) == self._events.maxlen:
            self.dropped += 1
        event = Notification(
            title=message.title, body=message.body, data=message.data, thread_id=message.thread_id
        )
        if message.created_at is not None:
            event = event.model_copy(update={"at": message.created_at})
        self._events.append(event)

    def drain(self) -> list[Notification]:
        """Every queued event, oldest first; the buffer is empty afterwards."""
        events = list(self._events)
        self._events.clear()
        return events

    def __len__(self) -> int:
        return len(self._events)


class WebhookSink:
    """POST the notification as JSON to the message's URL or a default URL, with a timeout."""

    def __init__(self, http: httpx.AsyncClient, url: str | None, timeout_s: float = 10.0) -> None:
        self.http = http
        self.url = url
        self.timeout_s = timeout_s

    async def __call__(self, message: NotificationMessage) -> None:
        """Send one POST; 5xx, 408, 429 and transport errors may be retried, other 4xx not."""
        url = message.url or self.url
        if not url:
            raise PermanentDeliveryError(
                "no webhook URL: set AGENT_SYSTEM_WEBHOOK_URL (settings.webhook_url) or pass url"
            )
        payload = {
            "title": message.title,
            "body": message.body,
            "thread_id": message.thread_id,
            "user": message.user,
            "data": message.data,
            "sent_at": message.created_at.isoformat() if message.created_at else None,
        }
        try:
            key = message.idempotency_key
            headers = {IDEMPOTENCY_HEADER: key} if key else None
            response = await self.http.post(
                url, json=payload, timeout=self.timeout_s, headers=headers
            )
        except httpx.TimeoutException as exc:
            raise ConnectionError(f"{url} did not answer within {self.timeout_s:g} s") from exc
        except httpx.TransportError as exc:
            raise ConnectionError(f"{url} is unreachable ({type(exc).__name__}: {exc})") from exc
        if response.is_success:
            return
        problem = f"{url} answered HTTP {response.status_code}"
        if response.status_code >= 500 or response.status_code in _RETRYABLE_STATUS:
            raise ConnectionError(problem)
        raise PermanentDeliveryError(problem)


class DesktopSink:
    """Show a desktop notification with `notify-send` (run with an argument list, no shell)."""

    def __init__(self, program: str | None = None, timeout_s: float = 5.0) -> None:
        self.program = program or shutil.which("notify-send")
        self.timeout_s = timeout_s

    @property
    def available(self) -> bool:
        """True when the `notify-send` program was found."""
        return self.program is not None

    async def __call__(self, message: NotificationMessage) -> None:
        """Run ``notify-send --app-name=agent-system -- <title> <body>``."""
        if self.program is None:
            raise PermanentDeliveryError(
                "desktop notifications need the notify-send program (Debian/Ubuntu: "
                "apt install libnotify-bin); use the console or event channel instead"
            )
        argv = [self.program, "--app-name=agent-system", "--", message.title]
        if message.body:
            argv.append(message.body)
        process = await asyncio.create_subprocess_exec(
            *argv, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
        )
        try:
            _, stderr = await asyncio.wait_for(process.communicate(), self.timeout_s)
        except TimeoutError as exc:
            process.kill()
            await process.wait()
            raise ConnectionError(
                f"notify-send did not finish within {self.timeout_s:g} s"
            ) from exc
        if process.returncode != 0:
            detail = stderr.decode(errors="replace").strip() or f"exit code {process.returncode}"
            raise ConnectionError(f"notify-send failed: {detail}")
