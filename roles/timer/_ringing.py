"""Stopping what is ringing: "stop it" / "turn it off" / "stop the alarm" right after it rang.

A one-off alarm, reminder or timer that rang is already done: stopping it changes nothing and
says so ("Stopped the 10-minute timer."); a repeating one keeps its next ring ("Stopped your
alarm; it rings again tomorrow at 07:00 (every day)."), where cancelling it would end the
series. Used by `timer.cancel` (`roles.timer.tools`) before it looks for one to cancel.
"""

from __future__ import annotations

from datetime import datetime

from agent_system._lazy import lazy_pattern
from agent_system.registry.spec import ToolContext, ToolOutput
from agent_system.understanding.locale import format_clock
from roles.timer._find import KIND_WORDS, said_name, timer_store, user_of
from roles.timer._rang import RINGING, RINGING_NOW
from roles.timer._words import _as_data, _describe, _ringing
from roles.timer.store import Timer

__all__ = ["RINGING", "stop_ringing"]

_BARE = lazy_pattern(r"^(?:(?:the|my|our|this|that|it|one)\s*)*$")


async def stop_ringing(ctx: ToolContext, target: str, when: str) -> ToolOutput | None:
    """The reply to stopping what `target` names when it is ringing (or has rung), else None.

    `target` is the number of the one the thread just named ("3"), or only a kind ("alarm",
    "") with no `when`: then the one of that kind that rang in the last `RINGING`.
    """
    now = ctx.runtime.clock.now()
    store = timer_store(ctx)
    if target.strip().isdigit():
        timer = await store.get(int(target), user_of(ctx))
        if timer is None or timer.fired_at is None:
            return None
        if timer.state == "fired" and now - timer.fired_at > RINGING:
            name = _name(timer, now)
            return ToolOutput(
                data=[_as_data(timer, now)],
                display=f"{name[0].upper()}{name[1:]} already rang at "
                f"{format_clock(timer.fired_at)}; there is nothing to stop.",
            )
        return _stopped(timer, now) if _rings_now(timer, now) else None
    words = [] if target.strip() == RINGING_NOW else target.lower().split()
    kinds = {KIND_WORDS[w.rstrip("s")] for w in words if w.rstrip("s") in KIND_WORDS}
    rest = " ".join(w for w in words if w.rstrip("s") not in KIND_WORDS)
    if when or not _BARE.match(rest):
        return None
    timers = await store.list_timers(user_of(ctx), ("running", "fired"))
    rung = [t for t in timers if (not kinds or t.kind in kinds) and _rings_now(t, now)]
    if not rung:
        return None
    return _stopped(max(rung, key=lambda t: t.fired_at or now), now)


def _rings_now(timer: Timer, now: datetime) -> bool:
    return (
        timer.fired_at is not None
        and now - timer.fired_at <= RINGING
        and (timer.state == "fired" or bool(timer.repeat))
    )


def _name(timer: Timer, now: datetime) -> str:
    if timer.kind == "timer":
        return said_name(timer)
    return f"your {_describe(timer, now, brief=True)}"


def _stopped(timer: Timer, now: datetime) -> ToolOutput:
    """Stopped ringing: a one-off is done already, a repeating one keeps its next ring."""
    if timer.repeat and timer.state != "fired":
        label = f" {timer.label!r}" if timer.label else ""
        display = f"Stopped your {timer.kind}{label}; it rings again {_ringing(timer, now)}."
    elif timer.kind == "timer":
        display = f"Stopped {said_name(timer)}."
    elif timer.kind == "alarm":
        label = f" {timer.label!r}" if timer.label else ""
        display = f"Stopped your alarm{label}."
    else:
        display = f"Stopped your reminder: {timer.message}."
    return ToolOutput(data=[_as_data(timer, now)], display=display)
