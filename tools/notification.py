"""Notifications: the `notification.send` tool, the `NotificationHub`, and intent delivery.

Channels and who serves them::

    console   printed to the terminal     ConsoleSink (the CLI may register its own)
    event     the server's event stream   EventBuffer (the server registers a sink into SSE)
    webhook   HTTP POST of a JSON body    WebhookSink (settings.webhook_url or an explicit url)
    desktop   a desktop pop-up            DesktopSink (`notify-send`, where it exists)

The hub is one per runtime: ``ctx.runtime.get(HUB)`` (built on first use).
Hosts add sinks with ``hub.register(channel, sink)``; a registered sink replaces the built-in
fallback of its channel. Delivery is retried (3 attempts, exponential backoff on the runtime's
clock) and always ends in a `DeliveryReport`; a failure is also kept in `hub.failures`, never
dropped silently.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from agent_system.errors import ErrorCode, ToolExecutionError
from agent_system.planning.models import RetrySpec
from agent_system.registry.spec import Intent, ToolContext, ToolOutput, tool
from agent_system.runtime import Dependency
from tools._sinks import (
    Channel,
    ConsoleSink,
    DesktopSink,
    EventBuffer,
    NotificationMessage,
    PermanentDeliveryError,
    WebhookSink,
)

if TYPE_CHECKING:
    from agent_system.runtime import Clock, Runtime

__all__ = [
    "CHANNELS",
    "HUB_KEY",
    "Channel",
    "DeliveryReport",
    "NotificationHub",
    "NotificationMessage",
    "PermanentDeliveryError",
    "Sink",
    "handle_intent",
    "hub_for",
    "send",
]

log = logging.getLogger(__name__)

HUB_KEY = "notification.hub"
CHANNELS: tuple[str, ...] = ("console", "event", "webhook", "desktop")
DEFAULT_RETRY = RetrySpec(max_attempts=3, backoff_s=0.5, multiplier=2.0, max_backoff_s=5.0)

Sink = Callable[[NotificationMessage], Awaitable[None]]
"""Delivers one notification; raises to fail (`PermanentDeliveryError`: do not retry)."""


class DeliveryReport(BaseModel):
    """How the delivery of one notification went."""

    model_config = ConfigDict(frozen=True)

    channel: str
    delivered: bool
    attempts: int = Field(description="Attempts made by the sink that took the most.")
    sinks: int = Field(default=0, description="Sinks that served the channel.")
    errors: list[str] = Field(default_factory=list)

    @property
    def error(self) -> str | None:
        """All errors in one line, or None when delivered."""
        return "; ".join(self.errors) if self.errors else None


class NotificationHub:
    """Routes notifications to the sinks registered for their channel, with retries."""

    def __init__(
        self,
        clock: Clock,
        *,
        retry: RetrySpec = DEFAULT_RETRY,
        default_channel: str = "console",
        max_failures: int = 100,
    ) -> None:
        self.clock = clock
        self.retry = retry
        self.default_channel = default_channel
        """Channel used when a notification names none (hosts set it: the server to 'event')."""
        self._sinks: dict[str, list[Sink]] = {}
        self._fallbacks: dict[str, Sink] = {}
        self.failures: deque[tuple[NotificationMessage, DeliveryReport]] = deque(
            maxlen=max_failures
        )
        """Notifications that could not be delivered, newest last (a bounded dead-letter list)."""

    @classmethod
    def from_runtime(cls, runtime: Runtime) -> NotificationHub:
        """A hub with the built-in fallback sinks for every channel."""
        hub = cls(runtime.clock)
        hub.set_fallback("console", ConsoleSink())
        hub.set_fallback("event", EventBuffer())
        settings = runtime.settings
        hub.set_fallback(
            "webhook",
            WebhookSink(runtime.http, settings.webhook_url, min(settings.http_timeout_s, 10.0)),
        )
        hub.set_fallback("desktop", DesktopSink())
        return hub

    def register(self, channel: str, sink: Sink) -> Callable[[], None]:
        """Add a sink to a channel (it replaces the fallback); returns a function removing it."""
        self._sinks.setdefault(channel, []).append(sink)

        def unregister() -> None:
            sinks = self._sinks.get(channel, [])
            if sink in sinks:
                sinks.remove(sink)

        return unregister

    def set_fallback(self, channel: str, sink: Sink) -> None:
        """The sink used when no sink is registered for `channel`."""
        self._fallbacks[channel] = sink

    def sinks(self, channel: str) -> list[Sink]:
        """The sinks that will serve `channel`: the registered ones, else the fallback."""
        registered = self._sinks.get(channel)
        if registered:
            return list(registered)
        fallback = self._fallbacks.get(channel)
        return [fallback] if fallback is not None else []

    @property
    def events(self) -> EventBuffer | None:
        """The fallback event buffer, if the event channel still uses it."""
        sink = self._fallbacks.get("event")
        return sink if isinstance(sink, EventBuffer) else None

    async def deliver(self, message: NotificationMessage) -> DeliveryReport:
        """Deliver to every sink of the message's channel, retrying; never raises for a sink."""
        sinks = self.sinks(message.channel)
        if not sinks:
            report = DeliveryReport(
                channel=message.channel,
                delivered=False,
                attempts=0,
                errors=[f"no sink serves the {message.channel!r} channel"],
            )
        else:
            attempts, errors = 0, []
            for sink in sinks:
                used, error = await self._deliver_one(sink, message)
                attempts = max(attempts, used)
                if error is not None:
                    errors.append(error)
            report = DeliveryReport(
                channel=message.channel,
                delivered=not errors,
                attempts=attempts,
                sinks=len(sinks),
                errors=errors,
            )
        if not report.delivered:
            self.failures.append((message, report))
            log.warning("notification %r not delivered: %s", message.title, report.error)
        return report

    async def _deliver_one(
        self, sink: Sink, message: NotificationMessage
    ) -> tuple[int, str | None]:
        attempt = 0
        while True:
            attempt += 1
            try:
                await sink(message)
                return attempt, None
            except PermanentDeliveryError as exc:
                return attempt, str(exc)
            except Exception as exc:  # a sink's failure is reported, never raised
                if attempt >= self.retry.max_attempts:
                    return attempt, f"{exc} (after {attempt} attempts)"
                await self.clock.sleep(self.retry.delay(attempt))


HUB: Dependency[NotificationHub] = Dependency(
    HUB_KEY, NotificationHub.from_runtime, description="Notifications: queued and delivered."
)


def hub_for(ctx: ToolContext) -> NotificationHub:
    """The runtime's hub, built with the fallback sinks on first use."""
    return ctx.runtime.get(HUB)


def _message(
    ctx: ToolContext, hub: NotificationHub, payload: dict[str, Any]
) -> NotificationMessage:
    fields = {"title", "body", "channel", "url", "data"}
    extra = {k: v for k, v in payload.items() if k not in fields}
    data = payload.get("data") or {}
    if not isinstance(data, dict):
        data, extra = {}, {**extra, "data": data}
    return NotificationMessage(
        title=str(payload.get("title") or ""),
        body=str(payload.get("body") or ""),
        channel=str(payload.get("channel") or hub.default_channel),
        url=payload.get("url"),
        thread_id=ctx.thread_id,
        user=ctx.user,
        data={**data, **extra},
        created_at=ctx.runtime.clock.now(),
        idempotency_key=ctx.idempotency_key,
    )


@tool(side_effects="irreversible", tags=("notify", "alert", "message", "webhook"))
async def send(
    ctx: ToolContext,
    title: Annotated[str, Field(min_length=1, max_length=200)],
    body: Annotated[str, Field(max_length=4000)] = "",
    channel: Channel | None = None,
    url: Annotated[str, Field(pattern=r"^https?://\S+$")] | None = None,
) -> ToolOutput:
    """Send a notification to the user.

    Use this to alert the user or forward a result, e.g. "notify me when the report is done".

    Args:
        title: A short headline, e.g. "Report ready".
        body: The details, one or a few sentences.
        channel: Where to send it: "console" (the terminal), "event" (the app's event stream),
            "webhook" (an HTTP POST), "desktop" (a desktop pop-up). Omit it for the app's
            default channel.
        url: Webhook address for the "webhook" channel; omit it to use the configured one.
    """
    hub = hub_for(ctx)
    payload: dict[str, Any] = {"title": title, "body": body, "channel": channel, "url": url}
    message = _message(ctx, hub, payload)
    if message.channel == "webhook" and not (message.url or ctx.runtime.settings.webhook_url):
        raise ToolExecutionError(
            "No webhook URL to send to: pass url, or set AGENT_SYSTEM_WEBHOOK_URL.",
            code=ErrorCode.INVALID_ARGUMENTS,
            recoverable=False,
        )
    report = await hub.deliver(message)
    if not report.delivered:
        raise ToolExecutionError(
            f"Could not send the notification {title!r} on the {message.channel} channel: "
            f"{report.error}.",
            details=report.model_dump(),
        )
    return ToolOutput(
        data={"title": title, **report.model_dump(exclude={"errors"})},
        display=f"Sent the notification {title!r} ({message.channel}).",
    )


async def handle_intent(intent: Intent, ctx: ToolContext) -> DeliveryReport | None:
    """Deliver a notification intent a step returned; the engine calls this after each step.

    The payload holds ``title`` and optionally ``body``, ``channel``, ``url``, ``data``; other
    keys go into ``data``. Returns None for intents of other kinds. Never raises for a failed
    delivery: the report says what went wrong and the hub keeps the notification in `failures`.
    """
    if intent.kind != "notification":
        return None
    hub = hub_for(ctx)
    try:
        message = _message(ctx, hub, dict(intent.payload))
    except ValidationError as exc:
        return DeliveryReport(channel="?", delivered=False, attempts=0, errors=[str(exc)])
    if not message.title:
        message = message.model_copy(update={"title": "Notification"})
    return await hub.deliver(message)
