"""notification.send, the NotificationHub and intent delivery; HTTP through respx only."""

from __future__ import annotations

import json
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from agent_system.errors import ErrorCode, InvalidArgumentsError, ToolExecutionError
from agent_system.events import Notification
from agent_system.registry.spec import Intent, ToolContext, ToolOutput
from agent_system.runtime import FakeClock, Runtime
from tests.tools.fakes import run_tool
from tools import notification
from tools._sinks import DesktopSink, NotificationMessage
from tools.notification import NotificationHub, handle_intent, hub_for

pytestmark = pytest.mark.anyio
Ctx = Callable[..., ToolContext]
HOOK = "https://hooks.example.test/notify"


async def send(ctx: ToolContext, **arguments: Any) -> ToolOutput:
    return await run_tool(notification.send, ctx, **arguments)


async def test_console_notifications_go_to_the_registered_sink(context: Ctx) -> None:
    ctx = context()
    seen: list[NotificationMessage] = []

    async def sink(message: NotificationMessage) -> None:
        seen.append(message)

    hub_for(ctx).register("console", sink)
    out = await send(ctx, title="Tea is ready", body="Steeped 3 minutes", channel="console")

    assert [(m.title, m.body, m.thread_id, m.user) for m in seen] == [
        ("Tea is ready", "Steeped 3 minutes", "thread-1", "alice")
    ]
    assert out.data["delivered"] is True


async def test_without_a_registered_sink_the_console_prints(
    context: Ctx, capsys: pytest.CaptureFixture[str]
) -> None:
    await send(context(), title="Build finished", body="all green")
    assert "Build finished: all green" in capsys.readouterr().out


async def test_unregistering_a_sink_restores_the_fallback(context: Ctx) -> None:
    hub = hub_for(context())
    fallback = hub.sinks("console")

    async def sink(message: NotificationMessage) -> None:
        return None

    remove = hub.register("console", sink)
    assert hub.sinks("console") == [sink]
    remove()
    assert hub.sinks("console") == fallback


async def test_event_notifications_are_queued_as_stream_events(context: Ctx) -> None:
    ctx = context(thread="t-9")
    await send(ctx, title="Timer done", channel="event")
    buffer = hub_for(ctx).events
    assert buffer is not None
    events = buffer.drain()
    assert len(events) == 1 and isinstance(events[0], Notification)
    assert (events[0].title, events[0].thread_id) == ("Timer done", "t-9")
    assert buffer.drain() == []


@respx.mock
async def test_webhook_posts_json_to_the_configured_url(context: Ctx) -> None:
    route = respx.post(HOOK).mock(return_value=httpx.Response(204))
    await send(context(), title="Deploy", body="v2 is live", channel="webhook")
    assert route.call_count == 1
    body = json.loads(route.calls[0].request.content)
    assert body["title"] == "Deploy" and body["body"] == "v2 is live"
    assert body["thread_id"] == "thread-1" and body["sent_at"].startswith("2026-01-05")


@respx.mock
async def test_webhook_uses_an_explicit_url_over_the_settings(context: Ctx) -> None:
    configured = respx.post(HOOK).mock(return_value=httpx.Response(200))
    explicit = respx.post("https://other.example.test/hook").mock(return_value=httpx.Response(200))
    await send(context(), title="x", channel="webhook", url="https://other.example.test/hook")
    assert (configured.call_count, explicit.call_count) == (0, 1)


@respx.mock
async def test_an_unreachable_webhook_fails_clearly_after_three_attempts_with_backoff(
    context: Ctx, clock: FakeClock
) -> None:
    route = respx.post(HOOK).mock(side_effect=httpx.ConnectError("connection refused"))
    ctx = context()
    start = clock.monotonic()

    with pytest.raises(ToolExecutionError) as info:
        await send(ctx, title="Deploy", channel="webhook")

    assert route.call_count == 3
    assert clock.monotonic() - start == pytest.approx(0.5 + 1.0)
    message = info.value.to_info(step_id="s1").message
    assert "Could not send the notification 'Deploy' on the webhook channel" in message
    assert HOOK in message and "unreachable" in message and "after 3 attempts" in message
    failed, report = hub_for(ctx).failures[-1]
    assert failed.title == "Deploy" and not report.delivered


@respx.mock
async def test_a_webhook_that_recovers_is_delivered_on_retry(context: Ctx) -> None:
    respx.post(HOOK).mock(side_effect=[httpx.Response(503), httpx.Response(200)])
    out = await send(context(), title="x", channel="webhook")
    assert out.data["attempts"] == 2


@respx.mock
async def test_a_webhook_client_error_is_not_retried(context: Ctx) -> None:
    route = respx.post(HOOK).mock(return_value=httpx.Response(404))
    with pytest.raises(ToolExecutionError, match="answered HTTP 404"):
        await send(context(), title="x", channel="webhook")
    assert route.call_count == 1


async def test_a_webhook_without_any_url_is_refused_before_sending(
    context: Ctx, runtime: Runtime
) -> None:
    runtime.settings = runtime.settings.model_copy(update={"webhook_url": None})
    with pytest.raises(ToolExecutionError, match="No webhook URL") as info:
        await send(context(), title="x", channel="webhook")
    assert info.value.code == ErrorCode.INVALID_ARGUMENTS


async def test_bad_arguments_are_rejected_by_the_schema(context: Ctx) -> None:
    with pytest.raises(InvalidArgumentsError, match="channel"):
        await send(context(), title="x", channel="carrier-pigeon")
    with pytest.raises(InvalidArgumentsError, match="title"):
        await send(context(), title="")
    with pytest.raises(InvalidArgumentsError, match="url"):
        await send(context(), title="x", channel="webhook", url="file:///etc/passwd")


def _fake_notify_send(tmp_path: Path, exit_code: int = 0) -> tuple[Path, Path]:
    log = tmp_path / "argv.json"
    program = tmp_path / "notify-send"
    program.write_text(
        "#!/usr/bin/env python3\nimport json, sys\n"
        f"open({str(log)!r}, 'w').write(json.dumps(sys.argv[1:]))\n"
        f"print('no display', file=sys.stderr)\nsys.exit({exit_code})\n"
    )
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    return program, log


async def test_desktop_runs_notify_send_with_an_argument_list(context: Ctx, tmp_path: Path) -> None:
    program, log = _fake_notify_send(tmp_path)
    ctx = context()
    hub_for(ctx).set_fallback("desktop", DesktopSink(str(program)))

    await send(ctx, title="-rf $(whoami)", body="; echo hi", channel="desktop")

    argv = json.loads(log.read_text())
    assert argv == ["--app-name=agent-system", "--", "-rf $(whoami)", "; echo hi"]


async def test_a_failing_notify_send_reports_its_error(context: Ctx, tmp_path: Path) -> None:
    program, _ = _fake_notify_send(tmp_path, exit_code=1)
    ctx = context()
    hub_for(ctx).set_fallback("desktop", DesktopSink(str(program)))
    with pytest.raises(ToolExecutionError, match="notify-send failed: no display"):
        await send(ctx, title="x", channel="desktop")


async def test_desktop_without_notify_send_says_what_to_install(context: Ctx) -> None:
    ctx = context()
    sink = DesktopSink()
    sink.program = None
    hub_for(ctx).set_fallback("desktop", sink)
    with pytest.raises(ToolExecutionError, match="apt install libnotify-bin") as info:
        await send(ctx, title="x", channel="desktop")
    assert info.value.details["attempts"] == 1


async def test_a_flaky_sink_is_retried_until_it_delivers(clock: FakeClock) -> None:
    hub = NotificationHub(clock)
    calls: list[int] = []

    async def flaky(message: NotificationMessage) -> None:
        calls.append(1)
        if len(calls) < 3:
            raise OSError("busy")

    hub.register("event", flaky)
    report = await hub.deliver(NotificationMessage(title="x", channel="event"))
    assert (report.delivered, report.attempts, len(calls)) == (True, 3, 3)
    assert not hub.failures


async def test_a_channel_nobody_serves_is_reported_not_lost(clock: FakeClock) -> None:
    hub = NotificationHub(clock)
    message = NotificationMessage(title="x", channel="pager")
    report = await hub.deliver(message)
    assert not report.delivered and "no sink serves the 'pager' channel" in (report.error or "")
    assert hub.failures[-1] == (message, report)


async def test_intents_from_a_step_are_delivered_through_the_hub(context: Ctx) -> None:
    ctx = context(thread="t-7")
    seen: list[NotificationMessage] = []

    async def sink(message: NotificationMessage) -> None:
        seen.append(message)

    hub_for(ctx).register("event", sink)
    ctx.notify("Timer 'tea' finished", "3 minutes are up", channel="event", timer_id="t1")

    report = await handle_intent(ctx.intents[0], ctx)

    assert report is not None and report.delivered
    assert seen[0].title == "Timer 'tea' finished" and seen[0].data == {"timer_id": "t1"}
    assert seen[0].thread_id == "t-7"


async def test_intents_use_the_hubs_default_channel(context: Ctx) -> None:
    ctx = context()
    hub = hub_for(ctx)
    hub.default_channel = "event"
    await handle_intent(Intent(kind="notification", payload={"title": "Done"}), ctx)
    assert hub.events is not None and [e.title for e in hub.events.drain()] == ["Done"]


async def test_a_failed_intent_delivery_is_reported_without_raising(context: Ctx) -> None:
    ctx = context()

    async def broken(message: NotificationMessage) -> None:
        raise RuntimeError("socket closed")

    hub_for(ctx).register("console", broken)
    report = await handle_intent(Intent(kind="notification", payload={"title": "x"}), ctx)
    assert report is not None and not report.delivered
    assert report.error == "socket closed (after 3 attempts)"


async def test_other_intent_kinds_are_left_to_others(context: Ctx) -> None:
    assert await handle_intent(Intent(kind="audit", payload={}), context()) is None
